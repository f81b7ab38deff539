//! What `learn` reads: every file as given, in any format the workshop reads (the official
//! manager's result, arena `--out` files, the contest's recorded games, the player's `--log`),
//! each checked. A game is refused as the records reader types it (`records::Refused`): a file
//! that cannot be read or is not a file of games stops the run with its name, line and what is
//! wrong; a game that parses but cannot have happened (an illegal move, lords that do not follow
//! from the seed, a stated winner or total the moves do not give) is reported and skipped, and
//! counted.
//!
//! A log holds what its own seat saw: its own moves, each with the view it was made from, but
//! not the others' hidden nights, so only the logging player's moves are read from it.

use crate::player::field::Input;
use crate::player::log::{self, LoggedGame};
use crate::workshop::digest::sha256_hex;
use crate::workshop::records::{self, Game, Refused};
use daimyo_engine::knowledge::{Position, Tracker};
use daimyo_engine::rules::{DAIMYO, Row, State, strengths_from_seed, winner};
use std::collections::{BTreeMap, BTreeSet};

/// A game as `learn` reads it.
#[derive(Clone, Debug)]
pub enum Source {
    /// A whole game: every seat's moves, who sat where.
    Whole(Game),
    /// One seat's moves from a log, with the positions it saw.
    Seat { label: String, key: u64, moves: Vec<(Position, Row)> },
}

impl Source {
    /// What decides whether the game is held out: the seed of a whole game (its rotations go
    /// together), a log game's search seed and start.
    pub fn key(&self) -> u64 {
        match self {
            Source::Whole(g) => g.seed as u64,
            Source::Seat { key, .. } => *key,
        }
    }

    /// The labels of the seats it holds moves of.
    pub fn labels(&self) -> Vec<&str> {
        match self {
            Source::Whole(g) => g.labels.iter().map(String::as_str).collect(),
            Source::Seat { label, .. } => vec![label.as_str()],
        }
    }
}

/// Everything read: each file's record, the games, and what was skipped and why.
#[derive(Default)]
pub struct Read {
    pub inputs: Vec<Input>,
    pub games: Vec<Source>,
    pub skipped: Vec<String>,
    /// Every label in the games as written, the dropped ones too.
    pub labels: BTreeSet<String>,
}

/// How labels are renamed (`--as OLD=NEW`) and left out (`--drop LABEL`).
#[derive(Clone, Debug, Default)]
pub struct Labels {
    pub renamed: BTreeMap<String, String>,
    pub dropped: Vec<String>,
}

impl Labels {
    /// A seat's label as learnt: renamed, or `None` if left out.
    pub fn of(&self, label: &str) -> Option<String> {
        let name = self.renamed.get(label).map_or(label, String::as_str);
        (!self.dropped.iter().any(|d| d == label || d == name)).then(|| name.to_string())
    }
}

/// Every file, in order; the first file that cannot be read ends it with the error.
pub fn read(files: &[String], labels: &Labels) -> Result<Read, String> {
    let mut out = Read::default();
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{file}: cannot read it: {e}"))?;
        read_bytes(file, bytes, labels, &mut out)?;
    }
    let named = labels
        .renamed
        .keys()
        .map(|l| ("--as", l))
        .chain(labels.dropped.iter().map(|l| ("--drop", l)));
    for (option, label) in named {
        let renamed_to = |l: &String| labels.renamed.get(l) == Some(label);
        if !out.labels.contains(label) && !out.labels.iter().any(renamed_to) {
            let seen: Vec<&str> = out.labels.iter().map(String::as_str).collect();
            return Err(format!(
                "{option} {label}: no player {label} in the games (they name {})",
                seen.join(", ")
            ));
        }
    }
    Ok(out)
}

/// The bytes of one file, named `file`, read into `out`: its record, its games and what was
/// skipped; or why the file is not a file of games.
pub fn read_bytes(
    file: &str,
    bytes: Vec<u8>,
    labels: &Labels,
    out: &mut Read,
) -> Result<(), String> {
    let sha256 = sha256_hex(&bytes);
    let mut seen = BTreeSet::new();
    let text = String::from_utf8(bytes).map_err(|e| format!("{file}: not text (UTF-8): {e}"))?;
    let (mut games, mut skipped) = (0, 0);
    let mut skip = |at: String, why: String| {
        out.skipped.push(format!("{file}: {at}: {why}: skipped"));
        skipped += 1;
    };
    // Each game read, or refused: a malformed one stops the run, an impossible one is
    // skipped.
    let mut take = |at: String, read: Result<Option<Source>, Refused>| match read {
        Ok(source) => {
            out.games.extend(source);
            games += 1;
            Ok(())
        }
        Err(Refused::Impossible(why)) => {
            skip(at, why);
            Ok(())
        }
        Err(Refused::Malformed(e)) => Err(format!("{file}: {e}")),
    };
    if log::is_log(&text) {
        let logged = log::read(&text).map_err(|e| format!("{file}: {e}"))?;
        for (i, g) in logged.iter().enumerate() {
            seen.insert(g.player.clone());
            take(format!("log game {}", i + 1), seat(g, labels))?;
        }
    } else {
        let found = records::games(&text).map_err(|e| format!("{file}: {e}"))?;
        if found.is_empty() {
            return Err(format!("{file}: no games in it"));
        }
        for n in 1..=found.len() {
            let game = found.get(n).inspect(|g| seen.extend(g.labels.iter().cloned()));
            let read = game.and_then(check).map(|g| Some(relabelled(g, labels)));
            take(game_at(&found, n), read)?;
        }
    }
    out.labels.extend(seen);
    out.inputs.push(Input { file: file.to_string(), sha256, games, skipped });
    Ok(())
}

/// Where game `n` of a file is, for a message.
fn game_at(found: &records::Games, n: usize) -> String {
    match found.len() {
        1 => "its game".into(),
        _ => format!("game {n}"),
    }
}

/// The game, or why it cannot have happened.
fn check(g: Game) -> Result<Game, Refused> {
    let impossible = |why: String| Err(Refused::Impossible(why));
    if g.strengths != strengths_from_seed(g.seed) {
        return impossible(format!(
            "the lords {:?} do not follow from seed {}",
            g.strengths, g.seed
        ));
    }
    let mut state = State::new(g.strengths);
    for (t, moves) in g.commands.iter().enumerate() {
        if let Err(e) = state.play(moves) {
            return impossible(format!("turn {}: {e:?}", t + 1));
        }
    }
    if !state.is_over() {
        return impossible(format!("it ends after turn {} of 9", g.commands.len()));
    }
    let totals = state.totals();
    if let Some(stated) = g.totals_x12.filter(|&t| t != totals) {
        return impossible(format!(
            "the stated totals {stated:?} (twelfths) are not the moves' {totals:?}"
        ));
    }
    if g.winner.is_some_and(|w| winner(&totals) != Some(w)) {
        let w = g.winner.unwrap_or_default();
        return impossible(format!(
            "the stated winner, seat {w}, is not the moves' ({:?})",
            winner(&totals)
        ));
    }
    Ok(g)
}

/// A whole game, its seats' labels as learnt (`""` for a seat left out).
fn relabelled(mut game: Game, labels: &Labels) -> Source {
    let seats = game.labels.clone().map(|l| labels.of(&l));
    for (s, l) in seats.into_iter().enumerate() {
        game.labels[s] = l.unwrap_or_default();
    }
    Source::Whole(game)
}

/// The logging player's moves of one logged game, each with the position it was made from;
/// `None` if its label is left out. A logged game that does not replay cannot have been played
/// as logged.
fn seat(g: &LoggedGame, labels: &Labels) -> Result<Option<Source>, Refused> {
    let Some(label) = labels.of(&g.player) else { return Ok(None) };
    let (strengths, views) = g.views().map_err(Refused::Impossible)?;
    let mut tracker = Tracker::new(strengths);
    let mut moves = Vec::new();
    for (view, turn) in views.iter().zip(&g.turns) {
        tracker.observe(view);
        let played = log::parse_move(&turn.answer)
            .ok()
            .filter(|m| m.phase() == view.phase)
            .ok_or_else(|| {
                let why = format!("turn {}: the answer '{}' is no move", view.turn, turn.answer);
                Refused::Impossible(why)
            })?;
        moves.push((*tracker.position(), played.counts()));
    }
    if moves.is_empty() {
        return Err(Refused::Impossible("no turn answered".into()));
    }
    let key = g.seed ^ g.unix_ms.rotate_left(32);
    Ok(Some(Source::Seat { label, key, moves }))
}

/// The seats of `labels` each game holds, counted, with their seeds.
pub fn per_label(games: &[Source]) -> BTreeMap<String, (usize, Vec<u32>)> {
    let mut out: BTreeMap<String, (usize, Vec<u32>)> = BTreeMap::new();
    for g in games {
        let mut seen: Vec<&str> = g.labels().into_iter().filter(|l| !l.is_empty()).collect();
        seen.sort_unstable();
        seen.dedup();
        for l in seen {
            let e = out.entry(l.to_string()).or_default();
            e.0 += 1;
            if let Source::Whole(g) = g {
                e.1.push(g.seed);
            }
        }
    }
    out.values_mut().for_each(|(_, seeds)| {
        seeds.sort_unstable();
        seeds.dedup();
    });
    out
}

/// Seeds as ranges: `5026-5050, 7001`.
pub fn ranges(seeds: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < seeds.len() {
        let mut j = i;
        while j + 1 < seeds.len() && seeds[j + 1] == seeds[j] + 1 {
            j += 1;
        }
        out.push(match j > i {
            true => format!("{}-{}", seeds[i], seeds[j]),
            false => seeds[i].to_string(),
        });
        i = j + 1;
    }
    out.join(", ")
}

/// The seats of a whole game whose labels are learnt.
pub fn seats_of(g: &Game, learnt: &[String]) -> [bool; DAIMYO] {
    std::array::from_fn(|s| learnt.iter().any(|l| *l == g.labels[s]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_read_as_ranges() {
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8]), "1-3, 5, 7-8");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn labels_are_renamed_then_dropped() {
        let mut l = Labels::default();
        l.renamed.insert("seat 0".into(), "them".into());
        l.dropped.push("daimyo".into());
        assert_eq!(l.of("seat 0").as_deref(), Some("them"));
        assert_eq!(l.of("daimyo"), None);
        assert_eq!(l.of("orig-roles").as_deref(), Some("orig-roles"));
    }
}
