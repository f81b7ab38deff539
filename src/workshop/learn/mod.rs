//! `daimyo learn FILE... -o FIELD.json`: a field learnt from its games, for the bot to play with
//! (`daimyo --model FIELD.json`, or compiled in as the default).
//!
//! It reads the games (`inputs`), groups them by who played, and for each player seen in enough
//! games fits what the opponent model reads of a player (`player`: a move model, a rule of per-lord
//! tables and a plan rule where they help, the policy of a rollout's later turns), and from every
//! player's moves pooled a generic contestant. A deterministic share of the games, one seed in
//! `--hold-out`, is kept out of every fit, and the field, the described components with the learnt
//! ones, foresees each player's held-out games from the seat before it (`foresight`): nats a day
//! move and a hidden night, against uniform picks. The file (`player::field` owns its format) says
//! how it was made; the same inputs give the same bytes, on any number of threads, written whole or
//! not at all.
//!
//! The modules, in the order a game goes through them:
//! - `inputs`: the files read, each game whole or one seat's logged moves; a game that is
//!   malformed stops the run, one that cannot have happened is skipped and counted.
//! - `games`: a whole game played again, seat by seat: each seat's position, move and the true
//!   board it moved on.
//! - `holdout`: which games the fits see and which judge them, one rule for every fit.
//! - The fits, each of one thing a player's moves show: `moves` (a move model), `policy` (the
//!   policy of a rollout's later turns), `tables` (a rule of per-lord tables) and `plan` (a plan
//!   rule of per-turn constants).
//! - `player`: a player's fits together, and the share of its forecast each rule earns.
//! - This module: the run, the generic contestant, the held-out foresight, and the field file.
//! - `report`: what the file says, for a reader.

pub mod inputs;
pub mod games;
pub mod holdout;
pub mod moves;
pub mod policy;
pub mod tables;
pub mod plan;
pub mod player;
pub mod report;

use crate::player::args::Arg::{Free, Opt};
use crate::player::args::{Reader, parsed, threads};
use crate::player::field::{
    self, ComponentLine, FieldFile, Foresight, PlanLine, PlayerRecord, Settings, TablesLine,
};
use crate::workshop::foresight::{self, Replayed};
use crate::workshop::jobs::in_order;
use crate::workshop::records;
use crate::workshop::viewer;
use daimyo_engine::params::ModelParams;
use daimyo_engine::policy::Policy;
use daimyo_engine::rules::{DAIMYO, Phase};
use daimyo_engine::styles::field::DESCRIBED;
use daimyo_engine::styles::move_model::MoveModel;
use daimyo_engine::timeman::cores;
use games::replay;
use inputs::{Labels, Source};
use player::{Learnt, Made};
use policy::Observed;
use std::collections::BTreeMap;
use std::time::Instant;

pub const USAGE: &str = include_str!("usage.txt");

/// Players seen in fewer games are left out by default: 20 games are 180 moves.
pub const MIN_GAMES: usize = 20;
/// Each learnt player's prior weight, and the generic contestant's (docs/findings.md, "The
/// field learnt from its games").
pub const PLAYER_WEIGHT: f64 = 0.15;
pub const CONTESTANT_WEIGHT: f64 = 0.3;
/// The generic contestant's name in the field.
pub const CONTESTANT: &str = "contestant";

/// What `learn` was asked.
pub struct Args {
    pub files: Vec<String>,
    pub out: String,
    pub labels: Labels,
    pub hold_out: u32,
    pub min_games: usize,
    /// Players fitted from only some of their games kept (`--take LABEL=K`).
    pub take: BTreeMap<String, usize>,
    /// Described components left out of the field (`--without NAME`).
    pub without: Vec<String>,
    pub jobs: usize,
    pub report: bool,
    pub html: Option<String>,
    /// The command line as given, for the file.
    pub command: String,
}

pub fn main(args: &[String]) -> i32 {
    const COMMAND: &str = "daimyo learn";
    match parsed(COMMAND, USAGE, parse(args)) {
        Ok(a) => match run(&a) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("{COMMAND}: {e}");
                2
            }
        },
        Err(exit) => exit,
    }
}

fn parse(args: &[String]) -> Result<Option<Args>, String> {
    let mut a = Args {
        files: Vec::new(),
        out: String::new(),
        labels: Labels::default(),
        hold_out: holdout::DEFAULT,
        min_games: MIN_GAMES,
        take: BTreeMap::new(),
        without: Vec::new(),
        jobs: cores(),
        report: false,
        html: None,
        command: std::iter::once("daimyo learn".to_string())
            .chain(args.iter().map(|a| quoted(a)))
            .collect::<Vec<_>>()
            .join(" "),
    };
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("-o" | "--out") => a.out = read.value()?,
            Opt("--as") => {
                let text: String = read.value()?;
                let Some((old, new)) =
                    text.split_once('=').filter(|(o, n)| !o.is_empty() && !n.is_empty())
                else {
                    return Err(format!("--as {text}: not OLD=NEW"));
                };
                a.labels.renamed.insert(old.to_string(), new.to_string());
            }
            Opt("--drop") => a.labels.dropped.push(read.value()?),
            Opt("--hold-out") => a.hold_out = read.value()?,
            Opt("--min-games") => a.min_games = read.value()?,
            Opt("--take") => {
                let text: String = read.value()?;
                let taken = text.split_once('=').filter(|(l, _)| !l.is_empty());
                let Some((label, k)) = taken.and_then(|(l, k)| Some((l, k.parse().ok()?))) else {
                    return Err(format!("--take {text}: not LABEL=K (K a number of games)"));
                };
                a.take.insert(label.to_string(), k);
            }
            Opt("--without") => {
                let name: String = read.value()?;
                if !DESCRIBED.iter().any(|c| c.name == name) {
                    let names: Vec<&str> = DESCRIBED.iter().map(|c| c.name).collect();
                    return Err(format!(
                        "--without {name}: not a described component (one of {})",
                        names.join(", ")
                    ));
                }
                a.without.push(name);
            }
            Opt("--jobs") => a.jobs = threads("--jobs", read.value()?)?,
            Opt("--report") => a.report = true,
            Opt("--html") => a.html = Some(read.value()?),
            Opt("-h" | "--help") => return Ok(None),
            Opt(o) => {
                return Err(format!("unknown option '{o}' (daimyo learn --help)"));
            }
            Free(f) => a.files.push(f.to_string()),
        }
    }
    if a.files.is_empty() {
        return Err("which games? one or more files of games (daimyo learn --help)".into());
    }
    if a.out.is_empty() {
        return Err("where to? -o FIELD.json names the field file to write".into());
    }
    if a.hold_out == 1 {
        return Err("--hold-out 1 would hold every game out: 0 (none) or 2 and up".into());
    }
    a.labels.dropped.sort();
    a.labels.dropped.dedup();
    a.without.sort();
    a.without.dedup();
    Ok(Some(a))
}

/// An argument as a shell would need it.
fn quoted(a: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !a.is_empty() && a.chars().all(plain) {
        a.to_string()
    } else {
        format!("'{}'", a.replace('\'', "'\\''"))
    }
}

/// A line on stderr, with the time since the start.
fn progress(start: Instant, what: &str) {
    eprintln!("daimyo learn: {:5.1} s  {what}", start.elapsed().as_secs_f64());
}

/// Every move of the learnt players in the games kept for fitting, by label, but in game `i`
/// the players `unfitted[i]` names (those taken from fewer games).
fn moves_of(
    games: &[&Source],
    learnt: &[String],
    unfitted: &[Vec<&str>],
) -> BTreeMap<String, Vec<Made>> {
    let mut out: BTreeMap<String, Vec<Made>> = BTreeMap::new();
    for (g, unfitted) in games.iter().zip(unfitted) {
        let fitted = |label: &str| learnt.iter().any(|l| l == label) && !unfitted.contains(&label);
        match g {
            Source::Whole(game) => {
                let seats: [bool; DAIMYO] = std::array::from_fn(|s| fitted(&game.labels[s]));
                for m in replay(game.strengths, &game.commands).filter(|m| seats[m.seat]) {
                    out.entry(game.labels[m.seat].clone()).or_default().push(Made {
                        key: game.seed as u64,
                        pos: m.pos,
                        played: m.played,
                        observed: Some(Observed::new(&m)),
                    });
                }
            }
            Source::Seat { label, key, moves } => {
                if fitted(label) {
                    let made = moves.iter().map(|(pos, played)| Made {
                        key: *key,
                        pos: *pos,
                        played: *played,
                        observed: None,
                    });
                    out.entry(label.clone()).or_default().extend(made);
                }
            }
        }
    }
    out
}

fn run(a: &Args) -> Result<(), String> {
    let start = Instant::now();
    let read = inputs::read(&a.files, &a.labels)?;
    for s in &read.skipped {
        eprintln!("daimyo learn: {s}");
    }
    let games: usize = read.inputs.iter().map(|i| i.games).sum();
    progress(
        start,
        &format!(
            "read {} file{}: {games} games, {} skipped",
            a.files.len(),
            if a.files.len() == 1 { "" } else { "s" },
            read.skipped.len()
        ),
    );
    let per_label = inputs::per_label(&read.games);
    let (held, kept): (Vec<&Source>, Vec<&Source>) =
        read.games.iter().partition(|g| holdout::held_out(g.key(), a.hold_out));
    if let Some(label) = a.take.keys().find(|l| !per_label.contains_key(*l)) {
        return Err(format!("--take {label}=...: no player {label} in the games"));
    }
    // The players taken from K games kept: those they are not fitted on, and how many they are.
    let mut unfitted: Vec<Vec<&str>> = vec![Vec::new(); kept.len()];
    let mut fitted_games: BTreeMap<&str, usize> = BTreeMap::new();
    for (label, &k) in &a.take {
        let theirs: Vec<usize> =
            (0..kept.len()).filter(|&i| kept[i].labels().contains(&label.as_str())).collect();
        let keys: Vec<u64> = theirs.iter().map(|&i| kept[i].key()).collect();
        let taken = holdout::taken(&keys, k);
        for (j, &i) in theirs.iter().enumerate() {
            if taken.binary_search(&j).is_err() {
                unfitted[i].push(label);
            }
        }
        fitted_games.insert(label, taken.len());
        progress(
            start,
            &format!("{label}: taken from {} of its {} games kept", taken.len(), keys.len()),
        );
    }
    let fitted_in = |label: &str, n: usize| fitted_games.get(label).copied().unwrap_or(n);
    let learnt: Vec<String> = per_label
        .iter()
        .filter(|(l, (n, _))| fitted_in(l, *n) >= a.min_games)
        .map(|(l, _)| l.clone())
        .collect();
    for (label, (n, _)) in per_label.iter().filter(|(l, (n, _))| fitted_in(l, *n) < a.min_games) {
        let n = fitted_in(label, *n);
        eprintln!(
            "daimyo learn: {label}: {n} game{}, under --min-games {}: left out",
            if n == 1 { "" } else { "s" },
            a.min_games
        );
    }
    if learnt.is_empty() {
        return Err(format!("no player is seen in --min-games {} games or more", a.min_games));
    }
    let made = moves_of(&kept, &learnt, &unfitted);
    // The players one by one, then the contestant: every learnt player's moves pooled.
    let pooled: Vec<Made> = made.values().flatten().cloned().collect();
    // The contestant, the longest fit, first: the players share the other threads meanwhile.
    let mut work: Vec<Task> = vec![Task::Contestant(&pooled)];
    work.extend(made.iter().map(|(l, m)| Task::Player(l, m)));
    progress(
        start,
        &format!(
            "fitting {} player{} and the contestant on {} of {} games ({} held out), {} threads",
            made.len(),
            if made.len() == 1 { "" } else { "s" },
            kept.len(),
            read.games.len(),
            held.len(),
            a.jobs
        ),
    );
    let mut fitted: Vec<ComponentLine> = in_order(&work, a.jobs, Task::fit, |_| {});
    progress(start, "fitted");
    // The players in order, then the contestant.
    fitted.rotate_left(1);
    let described = DESCRIBED.iter().filter(|c| !a.without.iter().any(|w| w == c.name));
    let mut lines: Vec<ComponentLine> = described.filter_map(ComponentLine::of).collect();
    lines.extend(fitted);
    let mut file = FieldFile {
        daimyo_field: field::VERSION,
        command: a.command.clone(),
        version: env!("CARGO_PKG_VERSION").into(),
        inputs: read.inputs.clone(),
        settings: Settings {
            hold_out: a.hold_out,
            min_games: a.min_games,
            player_weight: PLAYER_WEIGHT,
            contestant_weight: CONTESTANT_WEIGHT,
            renamed: a.labels.renamed.clone(),
            dropped: a.labels.dropped.clone(),
            taken: a.take.clone(),
            without: a.without.clone(),
        },
        players: Vec::new(),
        components: lines,
    };
    let model = ModelParams::of(file.field()?);
    let whole: Vec<&records::Game> = held
        .iter()
        .filter_map(|g| match g {
            Source::Whole(g) => Some(g),
            _ => None,
        })
        .collect();
    progress(start, &format!("foreseeing {} held-out games", whole.len()));
    // Every player foreseen, learnt or not: one never met is read as the bot would read it.
    let players: Vec<String> = per_label.keys().cloned().collect();
    let scores = held_out_foresight(&whole, &players, &model, a.jobs);
    progress(start, "foreseen");
    for (label, (n, seeds)) in &per_label {
        let is_learnt = learnt.contains(label);
        let fitted = made.get(label).map_or(0, Vec::len);
        let games_held = held.iter().filter(|g| g.labels().contains(&label.as_str())).count();
        file.players.push(PlayerRecord {
            label: label.clone(),
            games: *n,
            seeds: inputs::ranges(seeds),
            learnt: is_learnt,
            moves_fitted: if is_learnt { fitted } else { 0 },
            games_held_out: games_held,
            held_out: scores.get(label).copied(),
        });
    }
    write(&a.out, &file.text())?;
    progress(start, &format!("wrote {} ({} components)", a.out, file.components.len()));
    if a.report || a.html.is_some() {
        let r = report::Report::new(&file, &read.games);
        if a.report {
            crate::player::args::say(&r.text());
        }
        if let Some(path) = &a.html {
            write(path, &r.html())?;
        }
    }
    Ok(())
}

/// One fit of the run: a player, or the contestant of every player's moves pooled.
enum Task<'a> {
    Player(&'a String, &'a Vec<Made>),
    Contestant(&'a Vec<Made>),
}

impl Task<'_> {
    /// Its component.
    fn fit(&self) -> ComponentLine {
        match *self {
            Task::Player(label, made) => learnt_line(label, &player::learn(made)),
            Task::Contestant(made) => ComponentLine::Contestant {
                name: CONTESTANT.into(),
                weight: CONTESTANT_WEIGHT,
                later: rounded_policy(player::later(made)),
                moves: rounded_moves(player::move_model(made)),
            },
        }
    }
}

/// A learnt player's component, its weights kept to four decimals.
fn learnt_line(label: &str, l: &Learnt) -> ComponentLine {
    let p = &l.player;
    ComponentLine::Learnt {
        name: label.to_string(),
        weight: PLAYER_WEIGHT,
        later: rounded_policy(l.later),
        moves: rounded_moves(p.moves),
        tables: p
            .tables
            .as_ref()
            .map(|t| TablesLine { first: t.first(), values: t.values().to_vec() }),
        tables_sure: p.tables_sure,
        plan: p.plan.as_ref().map(|plan| PlanLine::of(plan, p.plan_sure)),
    }
}

fn round4(x: f32) -> f32 {
    ((x as f64 * 1e4).round() / 1e4) as f32
}

fn rounded_policy(mut p: Policy) -> Policy {
    p.strength = round4(p.strength);
    p.lead.iter_mut().chain(p.floor.iter_mut()).flatten().for_each(|x| *x = round4(*x));
    p
}

fn rounded_moves(m: MoveModel) -> MoveModel {
    MoveModel::from_params(&m.params().iter().map(|&x| round4(x as f32) as f64).collect::<Vec<_>>())
}

/// Each player's foresight on the held-out whole games, by label.
fn held_out_foresight(
    games: &[&records::Game],
    players: &[String],
    model: &ModelParams,
    jobs: usize,
) -> BTreeMap<String, Foresight> {
    let seen = in_order(
        games,
        jobs,
        |g| {
            let r = Replayed { seed: g.seed, strengths: g.strengths, commands: &g.commands };
            foresight::game(&r, model, inputs::seats_of(g, players))
        },
        |_| {},
    );
    // -ln of a uniformly random day move's probability: one of the legal day moves.
    let uniform_day = (daimyo_engine::moves::legal(Phase::Day).len() as f64).ln();
    let mut sums: BTreeMap<String, Sums> = BTreeMap::new();
    for (g, s) in games.iter().zip(seen) {
        for seat in 0..DAIMYO {
            let Some(label) = players.iter().find(|l| **l == g.labels[seat]) else { continue };
            let e = sums.entry(label.clone()).or_default();
            for d in &s.days[seat] {
                e.days += 1;
                e.day_nats += d.nats;
                e.day_uniform += uniform_day;
            }
            for n in &s.nights[seat] {
                e.nights += 1;
                e.night_nats += n.nats;
                e.night_uniform += n.uniform.unwrap_or(0.0);
            }
        }
    }
    sums.into_iter().map(|(l, e)| (l, e.foresight())).collect()
}

/// A player's held-out moves foreseen, summed: day moves and hidden nights read, and the nats of
/// each under the field and under uniform picks.
#[derive(Default)]
struct Sums {
    days: usize,
    day_nats: f64,
    day_uniform: f64,
    nights: usize,
    night_nats: f64,
    night_uniform: f64,
}

impl Sums {
    /// The means a move, as the file keeps them.
    fn foresight(&self) -> Foresight {
        let per = |sum: f64, n: usize| if n > 0 { round(sum / n as f64) } else { 0.0 };
        Foresight {
            day_moves: self.days,
            day_nats: per(self.day_nats, self.days),
            day_uniform: per(self.day_uniform, self.days),
            night_readings: self.nights,
            night_nats: per(self.night_nats, self.nights),
            night_uniform: per(self.night_uniform, self.nights),
        }
    }
}

/// Four decimals: what the file keeps of a score.
fn round(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// `text` written to `path` whole or not at all, as the viewer writes a page.
fn write(path: &str, text: &str) -> Result<(), String> {
    viewer::write_page(path.as_ref(), text).map_err(|e| format!("{path}: cannot write it: {e}"))
}
