//! `daimyo fit`: the board-reading policy (`policy`) that best explains how a player moves.
//!
//! It plays arena games (every seed in all four rotations, the manager's rules, built-ins or
//! external programs alike), reads every move of every seat off the true board the referee
//! keeps, and fits one policy per entrant by maximum likelihood. It prints how well each fits
//! (mean log-likelihood per pick, against uniformly random picks) and the policy as a Rust
//! constant, ready for `params`: the opponent model's styles are obtained this way.

mod likelihood;

pub use likelihood::{Decision, fit, log_likelihood};

use crate::engine::policy::{self, Policy};
use crate::engine::rules::{DAIMYO, State};
use crate::player::args::{say, value};
use crate::workshop::arena::{Entrant, play_game};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

const USAGE: &str = "\
daimyo fit [--seeds N] [--first-seed S] [--jobs J] [--ridge R] E0 E1 E2 E3
  plays N seeds in all 4 rotations (default 50) and fits, for every entrant, the board-reading
  policy that best explains its moves; prints the fit and the policy as a Rust constant.
  --ridge R   L2 penalty per weight (default 0.001)
";

/// Every move of the game as a decision of its seat, on the true board.
fn decisions(
    strengths: [u8; 6],
    commands: &[[crate::engine::rules::Move; DAIMYO]],
) -> [Vec<Decision>; DAIMYO] {
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
            eprintln!("daimyo fit: {e}");
            2
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let (mut seeds, mut first, mut jobs, mut ridge) = (50u32, 1u32, 2usize, 0.001f64);
    let mut entrants = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--seeds" => seeds = value(args, &mut i)?,
            "--first-seed" => first = value(args, &mut i)?,
            "--jobs" => jobs = value(args, &mut i)?,
            "--ridge" => ridge = value(args, &mut i)?,
            "-h" | "--help" => {
                say(USAGE);
                return Ok(());
            }
            a if a.starts_with('-') => return Err(format!("unknown option '{a}'\n{USAGE}")),
            spec => entrants.push(Entrant::parse(spec)?),
        }
        i += 1;
    }
    let entrants: [Entrant; DAIMYO] =
        entrants.try_into().map_err(|_| format!("four entrants are needed\n{USAGE}"))?;
    let labels: Vec<String> = entrants.iter().map(|e| e.label().to_string()).collect();
    let found: Mutex<Vec<(String, Vec<Decision>)>> = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    let total = 4 * seeds as usize;
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let t = next.fetch_add(1, Ordering::Relaxed);
                    if t >= total {
                        break;
                    }
                    let (seed, rotation) = (first + (t / 4) as u32, t % 4);
                    // Rotation r puts entrant (s + r) % 4 in seat s.
                    let seated: [usize; DAIMYO] = std::array::from_fn(|s| (s + rotation) % DAIMYO);
                    let g = play_game(seated.map(|e| &entrants[e]), seed, rotation, false);
                    let per_seat = decisions(g.strengths, &g.commands);
                    let mut f = found.lock().expect("no thread panics holding it");
                    for (seat, d) in per_seat.into_iter().enumerate() {
                        f.push((labels[seated[seat]].clone(), d));
                    }
                }
            });
        }
    });
    let found = found.into_inner().expect("no thread panics holding it");
    let mut done: Vec<&String> = Vec::new();
    for label in &labels {
        if done.contains(&label) {
            continue;
        }
        done.push(label);
        let ds: Vec<Decision> =
            found.iter().filter(|(l, _)| l == label).flat_map(|(_, d)| d.iter().copied()).collect();
        let p = fit(&ds, ridge, 400);
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
