//! `daimyo-lab agreement FILE...`: how closely a built-in plays like a recorded player. Each game
//! is played again from its replay; at every turn, each seat whose label names a built-in (its
//! own name, or `orig-NAME` for a recorded program after which the built-in is modelled, or one
//! named with `--as LABEL=NAME`) is asked for its move at the seat's position, the recorded
//! player's own earlier moves in its history, and its move is set against the one recorded.
//! A built-in that plays like the recorded player agrees on every move; a search agrees as often
//! as its own randomness lets it (each position is asked once, the built-in seeded by the game).

use crate::hold_out::Split;
use daimyo::player::args::Arg::{Free, Opt};
use daimyo::player::args::{Reader, parsed, say, threads};
use daimyo::workshop::arena::journal;
use daimyo::workshop::arena::stats::wilson;
use daimyo::workshop::builtins;
use daimyo::workshop::jobs::in_order;
use daimyo::workshop::learn::holdout;
use daimyo::workshop::records::{OutLine, group};
use daimyo_engine::agent::LocalGame;
use daimyo_engine::rules::{DAIMYO, TURNS};
use daimyo_engine::timeman::{Budget, cores};
use std::time::Instant;

const USAGE: &str = "\
daimyo-lab agreement: how closely each built-in plays like a recorded player

USAGE
  daimyo-lab agreement [--as LABEL=NAME]... [--held-out|--kept [--hold-out N]] [--jobs N]
                       FILE...

FILE holds whole games: an arena --out file or the contest's recorded games. Each game is played
again from its replay, and at every turn each seat whose label names a built-in (the built-in's
own name, `orig-NAME` for the program the built-in NAME is modelled on, or LABEL with --as
LABEL=NAME) is asked for its move at that seat's position, with the recorded moves before it.

OPTIONS
  --as LABEL=NAME  the built-in NAME plays the seats labelled LABEL; repeatable
  --held-out       only the games held out by the rule daimyo learn holds games out by: one
                   seed in N (--hold-out N, default 4), by a hash of the seed
  --kept           only the others: the games a fit of daimyo learn --hold-out N saw
  --jobs N         games played again at once (default: the cores available)

For each label and built-in: the moves compared, the share the built-in played exactly
(with its 95% interval), then by turn; and the share of picks in common.
";

struct Args {
    aliases: Vec<(String, String)>,
    split: Split,
    jobs: usize,
    files: Vec<String>,
}

fn parse(args: &[String]) -> Result<Option<Args>, String> {
    let split = Split::new(holdout::DEFAULT);
    let mut a = Args { aliases: Vec::new(), split, jobs: cores(), files: Vec::new() };
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt(o) if a.split.option(o, &mut read)? => {}
            Opt("-h" | "--help") => return Ok(None),
            Opt("--as") => a.aliases.push(alias(&mut read)?),
            Opt("--jobs") => a.jobs = threads("--jobs", read.value()?)?,
            Opt(o) => {
                return Err(format!("unknown option '{o}' (daimyo-lab agreement --help)"));
            }
            Free(file) => a.files.push(file.to_string()),
        }
    }
    if a.files.is_empty() {
        return Err("which files? arena --out files or recorded games (--help)".into());
    }
    Ok(Some(a))
}

/// The value of `--as LABEL=NAME`, just read: the label and the built-in that plays its seats.
pub(crate) fn alias(read: &mut Reader) -> Result<(String, String), String> {
    let spec = read.text()?;
    let (label, name) =
        spec.split_once('=').ok_or_else(|| format!("--as: '{spec}' is not LABEL=NAME"))?;
    if builtins::find(name).is_none() {
        return Err(format!("--as: no built-in player named '{name}'"));
    }
    Ok((label.to_string(), name.to_string()))
}

/// The built-in that plays the seats labelled `label`, if any.
pub(crate) fn builtin_for<'a>(label: &'a str, aliases: &'a [(String, String)]) -> Option<&'a str> {
    if let Some((_, name)) = aliases.iter().find(|(l, _)| l == label) {
        return Some(name);
    }
    let name = label.strip_prefix("orig-").unwrap_or(label);
    builtins::find(name).map(|b| b.name)
}

/// One move set against the recorded one: its turn, whether it is the same, picks in common.
#[derive(Clone, Copy)]
struct Compared {
    turn: u8,
    same: bool,
    common: f64,
}

/// Every asked seat's moves in one game, by seat.
fn game(g: &OutLine, aliases: &[(String, String)]) -> [Vec<Compared>; DAIMYO] {
    let mut out: [Vec<Compared>; DAIMYO] = Default::default();
    let mut agents: [Option<Box<dyn daimyo_engine::agent::Agent>>; DAIMYO] =
        std::array::from_fn(|s| {
            let name = builtin_for(&g.seats[s], aliases)?;
            let mut agent = builtins::agent(name, Budget::default())?;
            agent.new_game(g.strengths, g.seed as u64 ^ (s as u64) << 32);
            Some(agent)
        });
    let mut table = LocalGame::new(g.strengths);
    for (t, moves) in g.replay.commands.0.iter().enumerate() {
        for (s, agent) in agents.iter_mut().enumerate() {
            let Some(agent) = agent else { continue };
            let mine = agent.act(&table.known[s], Instant::now());
            let (a, b) = (mine.counts(), moves[s].counts());
            let common: u8 = (0..6).map(|l| a.get(l).min(b.get(l))).sum();
            let picks = moves[s].lords().len() as f64;
            out[s].push(Compared {
                turn: t as u8 + 1,
                same: a == b,
                common: common as f64 / picks,
            });
        }
        table.play(moves).expect("the records hold moves of each turn's phase");
    }
    out
}

fn share(c: &[Compared]) -> String {
    if c.is_empty() {
        return "-".into();
    }
    format!("{:.2}", c.iter().filter(|x| x.same).count() as f64 / c.len() as f64)
}

/// The account of the files' games, or why there is none.
fn agreement(a: &Args) -> Result<String, String> {
    let mut games = journal::games_of("daimyo-lab agreement", &a.files)?;
    games.retain(|g| a.split.reads(g.seed));
    let found = in_order(&games, a.jobs, |g| game(g, &a.aliases), |_| {});
    let mut by: Vec<(String, Vec<Compared>)> = Vec::new();
    for (g, seats) in games.iter().zip(found) {
        for (s, compared) in seats.into_iter().enumerate() {
            if let Some(name) = builtin_for(&g.seats[s], &a.aliases) {
                group(&mut by, format!("{} as {name}", g.seats[s]), compared);
            }
        }
    }
    if by.is_empty() {
        return Err("no seat's label names a built-in (see --as)".into());
    }
    let mut out = format!("agreement: {} games{}\n\n", games.len(), a.split.heading());
    out += &format!(
        "{:<28} {:>6}  {:>5}  {:>11}  {:>6}",
        "seat as built-in", "moves", "same", "95%", "picks"
    );
    for t in 1..=TURNS {
        out += &format!("  {:>4}", format!("t{t}"));
    }
    out.push('\n');
    for (name, c) in &by {
        let same = c.iter().filter(|x| x.same).count();
        let (lo, hi) = wilson(same as f64 / c.len() as f64, c.len() as f64);
        let common = c.iter().map(|x| x.common).sum::<f64>() / c.len().max(1) as f64;
        out += &format!(
            "{name:<28} {:>6}  {:>5}  {:>11}  {common:>6.2}",
            c.len(),
            share(c),
            format!("{:.2}-{:.2}", lo, hi)
        );
        for t in 1..=TURNS {
            let at: Vec<Compared> = c.iter().filter(|x| x.turn == t).copied().collect();
            out += &format!("  {:>4}", share(&at));
        }
        out.push('\n');
    }
    Ok(out)
}

pub fn main(args: &[String]) -> i32 {
    let a = match parsed("daimyo-lab agreement", USAGE, parse(args)) {
        Ok(a) => a,
        Err(code) => return code,
    };
    match agreement(&a) {
        Ok(text) => {
            say(&text);
            0
        }
        Err(e) => {
            eprintln!("daimyo-lab agreement: {e}");
            1
        }
    }
}
