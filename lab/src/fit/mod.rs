//! `daimyo-lab fit`: the board-reading policy (`policy`) that best explains how a player moves.
//!
//! It plays arena games (every seed in all four rotations, the manager's rules, built-ins or
//! external programs alike), or reads games already played (`--from`: arena `--out` files and
//! the official manager's results, through `records`), reads every move of every seat off the
//! true board the referee keeps, and fits one policy per entrant by maximum likelihood. It
//! prints how well each fits (mean log-likelihood per pick, against uniformly random picks) and
//! the policy as a Rust constant, ready for `params`: the opponent model's styles are obtained
//! this way. The moves are taken in game order, so that the output depends on the games alone,
//! not on `--jobs` nor on whether they were played or read.

mod likelihood;

use crate::jobs::in_order;
use daimyo::player::args::{say, value};
use daimyo::player::log;
use daimyo::workshop::arena::referee::Clocks;
use daimyo::workshop::arena::{Entrant, play_game};
use daimyo::workshop::records;
use daimyo_engine::policy::{self, Policy};
use daimyo_engine::rules::{DAIMYO, Move, State};
use likelihood::{Observed as Decision, fit, log_likelihood};

const USAGE: &str = "\
daimyo-lab fit [--seeds N] [--first-seed S] [--jobs J] [--ridge R] E0 E1 E2 E3
daimyo-lab fit [--ridge R] --from FILE...
  plays N seeds in all 4 rotations (default 50), or with --from reads the games recorded in
  the FILEs (arena --out files, the field's recorded games and the official manager's result
  files, any number), and fits, for every entrant, the board-reading policy that best explains
  its moves; prints the fit and the policy as a Rust constant. With --from the entrants are the seats' labels of the --out
  lines and records; a manager's result names its seats seat 0 to seat 3.
  --ridge R   L2 penalty per weight (default 0.001)
";

/// Each seat's decisions in a game, under the label of who sat there.
type Seated = Vec<(String, Vec<Decision>)>;

/// Every move of the game as a decision of its seat, on the true board.
fn decisions(strengths: [u8; 6], commands: &[[Move; DAIMYO]]) -> [Vec<Decision>; DAIMYO] {
    let mut out: [Vec<Decision>; DAIMYO] = Default::default();
    let mut s = State::new(strengths);
    for moves in commands {
        for (seat, m) in moves.iter().enumerate() {
            out[seat].push(Decision::new(&strengths, &s.real, seat, s.turn, m.counts()));
        }
        if s.play(moves).is_err() {
            break;
        }
    }
    out
}

/// The policy as Rust source.
fn source(p: &Policy) -> String {
    let rows = |a: &[[f32; policy::GAPS]; policy::HORIZONS]| {
        let r: Vec<String> = a
            .iter()
            .map(|row| format!("[{}]", row.map(|x| format!("{x:.2}")).join(", ")))
            .collect();
        format!("[{}]", r.join(", "))
    };
    format!(
        "Policy {{ strength: {:.3}, lead: {}, floor: {} }}",
        p.strength,
        rows(&p.lead),
        rows(&p.floor)
    )
}

pub fn main(args: &[String]) -> i32 {
    match run(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("daimyo-lab fit: {e}");
            2
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let (mut seeds, mut first, mut jobs, mut ridge) = (50u32, 1u32, 2usize, 0.001f64);
    let (mut from, mut playing_options) = (false, None);
    let mut positional = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        match arg {
            "--seeds" => seeds = value(args, &mut i)?,
            "--first-seed" => first = value(args, &mut i)?,
            "--jobs" => jobs = value(args, &mut i)?,
            "--ridge" => ridge = value(args, &mut i)?,
            "--from" => from = true,
            "-h" | "--help" => {
                say(USAGE);
                return Ok(());
            }
            a if a.starts_with('-') => return Err(format!("unknown option '{a}'\n{USAGE}")),
            a => positional.push(a.to_string()),
        }
        if ["--seeds", "--first-seed", "--jobs"].contains(&arg) {
            playing_options.get_or_insert(arg);
        }
        i += 1;
    }
    let found = match (from, playing_options) {
        (true, Some(o)) => return Err(format!("{o} is for games played, not read with --from")),
        (true, None) if positional.is_empty() => {
            return Err(format!("--from needs at least one file\n{USAGE}"));
        }
        (true, None) => recorded(&positional)?,
        (false, _) => played(&positional, seeds, first, jobs)?,
    };
    for (label, ds) in merged(&found) {
        let p = fit(&Policy::UNIFORM, &ds, ridge, 400);
        let (ll, uniform) = (log_likelihood(&p, &ds), log_likelihood(&Policy::UNIFORM, &ds));
        say(&format!(
            "{label}: {} moves; log-likelihood per pick {ll:.4} (uniform {uniform:.4}, gain {:.4})\n  {}\n",
            ds.len(),
            ll - uniform,
            source(&p)
        ));
    }
    Ok(())
}

/// Every entrant's decisions, the entrants in the order they first sat.
fn merged(found: &Seated) -> Vec<(&str, Vec<Decision>)> {
    let mut out: Vec<(&str, Vec<Decision>)> = Vec::new();
    for (label, ds) in found {
        match out.iter_mut().find(|(l, _)| l == label) {
            Some((_, all)) => all.extend_from_slice(ds),
            None => out.push((label, ds.clone())),
        }
    }
    out
}

/// Plays every seed in all four rotations, on `jobs` threads.
fn played(specs: &[String], seeds: u32, first: u32, jobs: usize) -> Result<Seated, String> {
    let entrants: Vec<Entrant> =
        specs.iter().map(|s| Entrant::parse(s)).collect::<Result<_, _>>()?;
    let entrants: [Entrant; DAIMYO] =
        entrants.try_into().map_err(|_| format!("four entrants are needed\n{USAGE}"))?;
    let games: Vec<usize> = (0..4 * seeds as usize).collect();
    let play = |&t: &usize| -> Seated {
        let (seed, rotation) = (first + (t / 4) as u32, t % 4);
        // Rotation r puts entrant (s + r) % 4 in seat s.
        let seated = std::array::from_fn(|s| &entrants[(s + rotation) % DAIMYO]);
        let g = play_game(seated, seed, rotation, false, Clocks::MANAGER);
        let labels = seated.map(|e| e.label().to_string());
        labels.into_iter().zip(decisions(g.strengths, &g.commands)).collect()
    };
    Ok(in_order(&games, jobs, play, |_| {}).into_iter().flatten().collect())
}

/// Reads every game of every file, in order.
fn recorded(files: &[String]) -> Result<Seated, String> {
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        if log::is_log(&text) {
            return Err(format!("{file}: a player's log holds one seat's view, not a whole game"));
        }
        let games =
            records::games(&text).and_then(|g| g.all()).map_err(|e| format!("{file}: {e}"))?;
        for g in games {
            found.extend(g.labels.into_iter().zip(decisions(g.strengths, &g.commands)));
        }
    }
    Ok(found)
}
