//! `daimyo-lab fit-margins [--hold-out N] FILE...`: the per-turn constants of the workshop's
//! `margins` rule (`strategies::margins`, `Setting`) fitted to the recorded moves of the player it
//! is modelled on. Each game is played again from its replay, and every position of a seat
//! labelled `orig-margins` (or `--label`) is kept with the move recorded there; the games of one
//! seed in N are held out of the fit, by the rule `daimyo learn` holds games out by. Turn by turn (each turn has constants of its own, and the positions are the recorded
//! ones, so the turns are fitted apart), coordinate descent starts from the built-in's constants
//! and sets one constant at a time to the value, of a range around it, under which the rule plays
//! the recorded move most often, until a whole sweep changes none. A value replaces the current one
//! only if it plays strictly more of the moves, and among equals the first of the range wins: the
//! fit depends on the games alone (`workshop::learn::plan`, the fit `daimyo learn` makes of every
//! player's plan, there from the described rule's constants). It prints the fitted constants as
//! Rust source and, turn by turn, the share of moves played exactly before and after the fit, on
//! the fitted seeds and on the others held out, counted as `daimyo-lab agreement` counts them.

use crate::hold_out::{Side, Split};
use daimyo::player::args::Arg::{Free, Opt};
use daimyo::player::args::{Reader, parsed, say};
use daimyo::workshop::arena::journal;
use daimyo::workshop::learn::games::replay;
use daimyo::workshop::learn::holdout;
use daimyo::workshop::learn::plan::{self, hits};
use daimyo::workshop::learn::plan::{Asked, ByTurn};
use daimyo::workshop::records::OutLine;
use daimyo::workshop::strategies::margins::SETTINGS;
use daimyo_engine::rules::{Phase, TURNS};
use daimyo_engine::styles::fitted::margins::Plan;

const USAGE: &str = "\
daimyo-lab fit-margins: the margins rule's constants fitted to a recorded player's moves

USAGE
  daimyo-lab fit-margins [--hold-out N] [--label LABEL] FILE...

FILE holds whole games: the contest's recorded games or arena --out files. Each game is played
again from its replay, and every position of a seat labelled LABEL (default orig-margins) is
kept with the move recorded there. The constants of each turn from 2 to 9 (the built-in
margins' SETTINGS: top_night, top_margin, last_night, last_margin, night_budget, top_weight,
rank, ties, shortfall_first, spare) are fitted by coordinate descent from the built-in's,
on the games not held out: one constant at a time is set to the value of its range
under which the rule plays the recorded move most often, until a sweep changes none (the
tenths 0 to 30, the night budget 0 to 8, the top weight 0 to 12, every rank, tie rule and
spare, both ways of the flag; a value replaces the current one only if it plays strictly more).

OPTIONS
  --hold-out N    hold the games of one seed in N out of the fit, by the rule daimyo learn
                  holds games out by (a hash of the seed; default 4)
  --label LABEL   the seats whose moves are fitted (default orig-margins)

Prints the fitted constants as Rust source, laid out as margins' SETTINGS, the sweeps each turn
took, then by turn the moves and the share of them the rule plays exactly, with the built-in's
constants (start) and the fitted ones, on the games fitted and on those held out; then turns
2 to 9 together, and turns 1 to 9 (turn 1, the same opening with any constants, counted as
daimyo-lab agreement counts it).
";

/// What a fit of a rule to a recorded player's moves is asked: one seed in how many to hold
/// out, whose seats, from which files.
pub struct Args {
    pub one_in: u32,
    pub label: String,
    pub files: Vec<String>,
}

fn parse(args: &[String]) -> Result<Option<Args>, String> {
    parse_for(args, "orig-margins", "fit-margins")
}

/// `args` of a rule's fit, the seats labelled `label` unless `--label` says otherwise.
pub fn parse_for(args: &[String], label: &str, command: &str) -> Result<Option<Args>, String> {
    let (mut one_in, mut label, mut files) = (holdout::DEFAULT, label.to_string(), Vec::new());
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("-h" | "--help") => return Ok(None),
            Opt("--hold-out") => one_in = read.value()?,
            Opt("--label") => label = read.value()?,
            Opt(o) => {
                return Err(format!("unknown option '{o}' (daimyo-lab {command} --help)"));
            }
            Free(file) => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err("which files? recorded games or arena --out files (--help)".into());
    }
    Ok(Some(Args { one_in, label, files }))
}

/// Every position of the seats labelled `label` in the games on `side` of the split of one seed
/// in `one_in` held out, by turn; and the number of those games.
pub fn positions(games: &[OutLine], label: &str, one_in: u32, side: Side) -> (ByTurn, usize) {
    let mut out: ByTurn = Default::default();
    let mut n = 0;
    let split = Split { one_in, side: Some(side) };
    for g in games.iter().filter(|g| split.reads(g.seed)) {
        n += usize::from(g.seats.iter().any(|s| s == label));
        for m in replay(g.strengths, &g.replay.commands.0).filter(|m| g.seats[m.seat] == label) {
            out[m.pos.turn as usize - 1].push(Asked { pos: m.pos, recorded: m.played });
        }
    }
    (out, n)
}

/// `settings` as Rust source, laid out as margins' `SETTINGS`.
fn source(settings: &Plan) -> String {
    let uses = ["Rank", "Spare", "Ties"].map(|e| format!("    use {e}::*;\n")).concat();
    let mut out = format!("pub const SETTINGS: [Setting; 8] = {{\n{uses}    [\n");
    for s in settings {
        out += &format!(
            "        ({}, {}, {}, {}, {}, {}, {:?}, {:?}, {}, {:?}),\n",
            s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7, s.8, s.9
        );
    }
    out + "    ]\n};\n"
}

pub fn share(hits: usize, of: usize) -> String {
    if of == 0 { "-".into() } else { format!("{:.2}", hits as f64 / of as f64) }
}

/// The fit and its account, or why there is none.
fn fit_margins(a: &Args) -> Result<String, String> {
    let games = journal::games_of("daimyo-lab fit-margins", &a.files)?;
    let (fitted, n_fitted) = positions(&games, &a.label, a.one_in, Side::Kept);
    let (held, n_held) = positions(&games, &a.label, a.one_in, Side::HeldOut);
    if n_fitted == 0 {
        return Err(format!("no seat labelled '{}' in the games kept", a.label));
    }
    let (settings, sweeps) = plan::fit(&fitted, &SETTINGS);
    let (fit_name, held_name) = ("kept", "held out");
    let mut out = format!(
        "fit-margins: {}, fitted on {n_fitted} games, {n_held} held out (one seed in {})\n\n",
        a.label, a.one_in
    );
    out += &source(&settings);
    out += &format!(
        "\nsweeps by turn 2 to 9: {}\n\n",
        sweeps.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
    );
    out += &format!(
        "{:<5}  {:>5}  {:>6}  {:>5}  {:>6}  {:>8}  {:>5}  {:>6}\n",
        "turn", "phase", fit_name, "start", "fitted", held_name, "start", "fitted"
    );
    // Per half: moves, hits with the built-in's constants, hits with the fitted ones.
    let mut sums = [[0usize; 3]; 2];
    let mut past_one = [[0usize; 3]; 2];
    for t in 1..=TURNS as usize {
        let phase = if Phase::of_turn(t as u8) == Phase::Day { "day" } else { "night" };
        out += &format!("{:<5}  {phase:>5}", format!("t{t}"));
        for (h, asked) in [&fitted[t - 1], &held[t - 1]].into_iter().enumerate() {
            let c = [asked.len(), hits(asked, &SETTINGS), hits(asked, &settings)];
            for k in 0..3 {
                sums[h][k] += c[k];
                past_one[h][k] += if t > 1 { c[k] } else { 0 };
            }
            let width = if h == 0 { 6 } else { 8 };
            out +=
                &format!("  {:>width$}  {:>5}  {:>6}", c[0], share(c[1], c[0]), share(c[2], c[0]));
        }
        out.push('\n');
    }
    for (name, c) in [("t2-9", past_one), ("t1-9", sums)] {
        out += &format!("{name:<5}  {:>5}", "");
        for h in 0..2 {
            let width = if h == 0 { 6 } else { 8 };
            out += &format!(
                "  {:>width$}  {:>5}  {:>6}",
                c[h][0],
                share(c[h][1], c[h][0]),
                share(c[h][2], c[h][0])
            );
        }
        out.push('\n');
    }
    Ok(out)
}

pub fn main(args: &[String]) -> i32 {
    let a = match parsed("daimyo-lab fit-margins", USAGE, parse(args)) {
        Ok(a) => a,
        Err(code) => return code,
    };
    match fit_margins(&a) {
        Ok(text) => {
            say(&text);
            0
        }
        Err(e) => {
            eprintln!("daimyo-lab fit-margins: {e}");
            1
        }
    }
}
