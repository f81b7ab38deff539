//! What the arena writes per game and per run, in the formats `records` owns, both ways: the
//! `--out` line filled from the referee's record and read back into one, the run line from the
//! plan and back, the `--replays` file (the manager's result), and the names of the replay file
//! and of the `--html` page. The filling sits here because `records` comes before the arena.

use super::Entrant;
use super::plan::{Fixture, Lineup, Plan};
use super::referee::{GameRecord, MANAGER_ANSWER_MS, SeatRecord};
use crate::workshop::builtins;
use crate::workshop::records::{
    Commands, ManagerResult, Opponents, OutLine, Replay, Run, RunEntrant, Winner,
};
use daimyo_engine::rules::DAIMYO;
use daimyo_engine::timeman::Budget;

/// The manager's replay of a game.
fn replay(seed: u32, g: &GameRecord) -> Replay {
    Replay { seed, commands: Commands(g.commands.clone()) }
}

/// A time in ms, to the microsecond.
fn to_micros(ms: f64) -> f64 {
    (ms * 1e3).round() / 1e3
}

/// The `--out` record of one game; `side` names A or B under `--sprt`.
pub fn out_line(
    seed: u32,
    rotation: usize,
    side: Option<&str>,
    labels: &[&str; DAIMYO],
    g: &GameRecord,
) -> OutLine {
    let seats = &g.seats;
    OutLine {
        seed,
        rotation,
        side: side.map(String::from),
        seats: labels.map(String::from),
        strengths: g.strengths,
        totals_x12: g.totals_x12,
        winner: Winner(g.winner),
        timeouts: seats.each_ref().map(|s| s.timeouts),
        malformed: seats.each_ref().map(|s| s.malformed),
        max_ms: seats.each_ref().map(|s| s.max_ms().map(to_micros)),
        times_ms: seats.each_ref().map(|s| s.times_ms.iter().copied().map(to_micros).collect()),
        ready: seats.each_ref().map(|s| s.ready),
        gone_at: seats.each_ref().map(|s| s.gone_at),
        replay: replay(seed, g),
        estimates: seats.each_ref().map(|s| s.estimates.clone()),
    }
}

/// The referee's record of a game as its `--out` line keeps it: what the table and the test
/// count, so that a game counts the same whether it was just played or read from a file.
pub fn record_of(o: &OutLine) -> GameRecord {
    GameRecord {
        strengths: o.strengths,
        commands: o.replay.commands.0.clone(),
        totals_x12: o.totals_x12,
        winner: o.winner.0,
        seats: std::array::from_fn(|s| SeatRecord {
            ready: o.ready[s],
            times_ms: o.times_ms[s].clone(),
            timeouts: o.timeouts[s],
            malformed: o.malformed[s],
            gone_at: o.gone_at[s],
            estimates: o.estimates[s].clone(),
        }),
    }
}

/// Whether a program's label is a name of its own (`orig-tables=exec:PROGRAM`), not its command.
fn named(label: &str, argv: &[String]) -> bool {
    label.strip_prefix("exec:") != Some(argv.join(" ").as_str())
}

/// The run line's account of a plan.
pub fn run_of(plan: &Plan) -> Run {
    // Only a search reads its budget: a rule's threads are no part of the run.
    let search = |name: &str| builtins::find(name).is_some_and(|b| b.search().is_some());
    let entrant = |e: &Entrant| match e {
        Entrant::Builtin { label, name, budget, .. } if search(name) => RunEntrant {
            label: label.clone(),
            time_ms: budget.time_ms,
            rollouts: budget.rollouts,
            threads: budget.threads,
            program: None,
        },
        Entrant::Exec { label, argv } => RunEntrant {
            label: label.clone(),
            program: named(label, argv).then(|| argv.join(" ")),
            ..RunEntrant::default()
        },
        _ => RunEntrant { label: e.label().to_string(), ..RunEntrant::default() },
    };
    Run {
        daimyo: crate::version::VERSION.into(),
        entrants: plan.entrants.iter().map(entrant).collect(),
        sides: plan.sides.clone(),
        opponents: match &plan.opponents {
            Lineup::Fixed(o) => Opponents::Fixed(*o),
            Lineup::DrawnFrom(f) => Opponents::DrawnFrom(f.clone()),
        },
        sprt_margin: plan.sprt,
        first_seed: plan.first_seed,
        seeds: plan.seeds,
        answer_limit_ms: (plan.answer_ms != MANAGER_ANSWER_MS).then_some(plan.answer_ms),
    }
}

/// The plan a run line describes, to count its games by (its entrants are not checked for
/// play: a merge plays nothing); a run line that could not come from a run is refused.
pub fn plan_of(run: &Run) -> Result<Plan, String> {
    let n = run.entrants.len();
    let members: &[usize] = match &run.opponents {
        Opponents::Fixed(o) => o,
        Opponents::DrawnFrom(f) => f,
    };
    let sides_ok = match run.sides.len() {
        0 => false,
        1 => run.sprt_margin.is_none(),
        2 if run.sprt_margin.is_some() => run.sprt_margin.is_some_and(|d| d > 0.0 && d < 1.0),
        _ => run.sprt_margin.is_none(),
    };
    if !sides_ok || run.sides.iter().chain(members).any(|&e| e >= n) {
        return Err("run: its sides, opponents and margin do not make a run".into());
    }
    if matches!(run.opponents, Opponents::DrawnFrom(_)) && members.len() < 3 {
        return Err("run: opponents are drawn from three entrants or more".into());
    }
    if run.seeds == 0 || run.first_seed.checked_add(run.seeds - 1).is_none() {
        return Err("run: its seeds are not a range of 32-bit seeds".into());
    }
    let entrant = |e: &RunEntrant| match e.program.as_deref().or(e.label.strip_prefix("exec:")) {
        Some(cmd) => Entrant::Exec {
            label: e.label.clone(),
            argv: cmd.split_whitespace().map(String::from).collect(),
        },
        None => Entrant::Builtin {
            label: e.label.clone(),
            name: e.label.split(':').next().unwrap_or_default().into(),
            budget: Budget {
                time_ms: e.time_ms,
                rollouts: e.rollouts,
                threads: e.threads,
                ..Budget::default()
            },
            // The settings are in the label; a label this version cannot read plays nothing
            // here (a merge plays no game), so it needs none.
            search: match Entrant::parse(&e.label) {
                Ok(Entrant::Builtin { search, .. }) => search,
                _ => None,
            },
        },
    };
    Ok(Plan {
        entrants: run.entrants.iter().map(entrant).collect(),
        sides: run.sides.clone(),
        opponents: match &run.opponents {
            Opponents::Fixed(o) => Lineup::Fixed(*o),
            Opponents::DrawnFrom(f) => Lineup::DrawnFrom(f.clone()),
        },
        sprt: run.sprt_margin,
        first_seed: run.first_seed,
        seeds: run.seeds,
        answer_ms: run.answer_limit_ms.unwrap_or(MANAGER_ANSWER_MS),
    })
}

/// The manager's result file of one game.
pub fn replay_file(seed: u32, g: &GameRecord) -> String {
    ManagerResult { winner: Winner(g.winner), replay: replay(seed, g) }.text()
}

/// `seed-41-rot-2.json`, or `seed-41-rot-2-A.json` under `--sprt`.
pub fn replay_name(game: &Fixture, side: Option<&str>) -> String {
    format!("{}.json", stem(game.seed, game.rotation, side))
}

/// The page of `--html` of the game of `seed` and `rotation`: `seed-41-rot-2.html`, beside the
/// replay of the same name.
pub fn page_name(seed: u32, rotation: usize, side: Option<&str>) -> String {
    format!("{}.html", stem(seed, rotation, side))
}

fn stem(seed: u32, rotation: usize, side: Option<&str>) -> String {
    let side = side.map_or(String::new(), |s| format!("-{s}"));
    format!("seed-{seed}-rot-{rotation}{side}")
}
