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

mod account;
mod nights;

use crate::hold_out::{Side, Split};
use daimyo::player::args::Arg::{Free, Opt};
use daimyo::player::args::{Reader, say};
use daimyo::player::log;
use daimyo::workshop::arena::referee::Clocks;
use daimyo::workshop::arena::{Entrant, play_game};
use daimyo::workshop::jobs::in_order;
use daimyo::workshop::learn::games::{SeatMove, replay};
use daimyo::workshop::learn::moves::{self, Seen};
use daimyo::workshop::learn::policy::{Observed as Decision, fit, log_likelihood};
use daimyo::workshop::records;
use daimyo_engine::policy::{self, Policy};
use daimyo_engine::rules::{DAIMYO, Move};
use daimyo_engine::styles::move_model::MoveModel;
use nights::{AfterNights, after_nights, fit_nights, log_likelihood_with};

const USAGE: &str = "\
daimyo-lab fit [--seeds N] [--first-seed S] [--jobs J] [--ridge R] E0 E1 E2 E3
daimyo-lab fit [--ridge R] [--hold-out N] [--pool PREFIX] --from FILE...
daimyo-lab fit --moves [--ridge R] [--hold-out N] [--pool PREFIX] [--iterations N] --from FILE...
daimyo-lab fit --nights STYLE [--hold-out N] [--pool PREFIX] --from FILE...
  plays N seeds in all 4 rotations (default 50), or with --from reads the games recorded in
  the FILEs (arena --out files, the contest's recorded games and the official manager's result
  files, any number), and fits, for every entrant, the board-reading policy that best explains
  its moves; prints the fit and the policy as a Rust constant. With --from the entrants are
  the seats' labels of the --out lines and records; a manager's result names its seats seat 0
  to seat 3.
  --moves          fits a move model instead (styles::move_model: every legal move scored as
                   a whole, day and night moves, each read as its mover saw it), and reports
                   it on the games held out
  --ridge R        L2 penalty per weight (default 0.001; with --moves, 0.0005)
  --hold-out N     with --from, holds one seed in N out of the fit, by the rule daimyo learn
                   holds games out by (a hash of the seed; default 0: none)
  --pool PREFIX    with --from, also fits one model to the moves of every entrant whose label
                   starts with PREFIX, pooled (orig-: a generic contestant)
  --iterations N   with --moves, steps of gradient ascent (default 600)
  --nights STYLE   how each entrant's picks follow the others' hidden-night picks on a lord
                   beyond what the policy the model's style STYLE plays in later turns of a
                   rollout says (margins-described, tables-described, roles, planner,
                   pruned-mc, contestant, ...): a logit per night pick, by horizon,
                   fitted with the policy kept; reported on the games held out against the
                   policy alone
";

/// The games fitted to (`Side::Kept`) or held out of the fits, one seed in `one_in`.
fn side(one_in: u32, side: Side) -> Split {
    Split { one_in, side: Some(side) }
}

/// Each seat's moves in a game, under the label of who sat there.
type Seated<T = Decision> = Vec<(String, Vec<T>)>;

/// Every move of the game as its seat's, read by `read`.
fn by_seat<T>(
    strengths: [u8; 6],
    commands: &[[Move; DAIMYO]],
    read: fn(&SeatMove) -> T,
) -> [Vec<T>; DAIMYO] {
    let mut out: [Vec<T>; DAIMYO] = Default::default();
    for m in replay(strengths, commands) {
        out[m.seat].push(read(&m));
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
    let (mut seeds, mut first, mut jobs, mut ridge) = (50u32, 1u32, 2usize, None);
    let (mut from, mut playing_options) = (false, None);
    let (mut moves, mut one_in, mut pool, mut iterations) = (false, None, None, 600usize);
    let mut nights: Option<String> = None;
    let mut positional = Vec::new();
    let mut line = Reader::new(args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            Opt("--seeds") => seeds = line.value()?,
            Opt("--first-seed") => first = line.value()?,
            Opt("--jobs") => jobs = line.value()?,
            Opt("--ridge") => ridge = Some(line.value()?),
            Opt("--from") => from = true,
            Opt("--moves") => moves = true,
            Opt("--hold-out") => one_in = Some(line.value()?),
            Opt("--pool") => pool = Some(line.text()?),
            Opt("--iterations") => iterations = line.value()?,
            Opt("--nights") => nights = Some(line.value()?),
            Opt("-h" | "--help") => {
                say(USAGE);
                return Ok(());
            }
            Opt(a) => return Err(format!("unknown option '{a}'\n{USAGE}")),
            Free(a) => positional.push(a.to_string()),
        }
        if let Opt(o @ ("--seeds" | "--first-seed" | "--jobs")) = arg {
            playing_options.get_or_insert(o);
        }
    }
    let held = one_in.is_some();
    let one_in = one_in.unwrap_or(0);
    let found = match (from, playing_options) {
        (true, Some(o)) => return Err(format!("{o} is for games played, not read with --from")),
        (true, None) if positional.is_empty() => {
            return Err(format!("--from needs at least one file\n{USAGE}"));
        }
        (true, None) if nights.is_some() => {
            let style = nights.as_deref().unwrap_or_default();
            return fit_night_logits(&read(&positional)?, style, one_in, pool);
        }
        (true, None) if moves => {
            let ridge = ridge.unwrap_or(0.0005);
            return fit_moves(&read(&positional)?, ridge, one_in, pool, iterations);
        }
        (true, None) => recorded(&read(&positional)?, side(one_in, Side::Kept), Decision::new),
        (false, _) if moves || nights.is_some() || held || pool.is_some() => {
            return Err(format!(
                "--moves, --nights, --hold-out and --pool read games with --from\n{USAGE}"
            ));
        }
        (false, _) => played(&positional, seeds, first, jobs)?,
    };
    let ridge = ridge.unwrap_or(0.001);
    for (label, ds) in merged(&found, pool.as_deref()) {
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

/// Every entrant's items, the entrants in the order they first sat; then, under `pool`, the
/// items of every entrant whose label starts with it, as `PREFIX*`.
fn merged<T: Clone>(found: &[(String, Vec<T>)], pool: Option<&str>) -> Vec<(String, Vec<T>)> {
    let mut out: Vec<(String, Vec<T>)> = Vec::new();
    for (label, ds) in found {
        match out.iter_mut().find(|(l, _)| l == label) {
            Some((_, all)) => all.extend_from_slice(ds),
            None => out.push((label.clone(), ds.clone())),
        }
    }
    if let Some(prefix) = pool {
        let all = found.iter().filter(|(l, _)| l.starts_with(prefix));
        out.push((format!("{prefix}*"), all.flat_map(|(_, ds)| ds.iter().cloned()).collect()));
    }
    out
}

/// Fits a move model to each entrant's moves in the games kept of one seed in `one_in` held out
/// (and to the pool's), and prints it with its account on the games held out.
fn fit_moves(
    games: &[records::Game],
    ridge: f64,
    one_in: u32,
    pool: Option<String>,
    iterations: usize,
) -> Result<(), String> {
    let of = |split: Split| -> Vec<(String, Vec<Seen>)> {
        let kept = games.iter().filter(|g| split.reads(g.seed));
        let seen = |m: &SeatMove| Seen::new(&m.pos, m.played);
        let seated = kept.flat_map(|g| {
            g.labels.clone().into_iter().zip(by_seat(g.strengths, &g.commands, seen))
        });
        merged(&seated.collect::<Vec<_>>(), pool.as_deref())
    };
    let (fitted_on, held_out) = (of(side(one_in, Side::Kept)), of(side(one_in, Side::HeldOut)));
    for (label, seen) in &fitted_on {
        let m = moves::fit(seen, ridge, iterations);
        let line = |name: &str, model: &MoveModel, on: &[Seen]| {
            let [d, n] = account::account(model, on);
            format!(
                "  {name:<8} {:>5} day moves {:.3} nats, likeliest {:.1}%; {:>5} night moves {:.3} nats, likeliest {:.1}%\n",
                d.moves,
                d.mean(),
                100.0 * d.agreement(),
                n.moves,
                n.mean(),
                100.0 * n.agreement()
            )
        };
        let mut text = format!("{label}: a move model, ridge {ridge}\n");
        text += &line("fitted", &m, seen);
        if let Some((_, test)) = held_out.iter().find(|(l, _)| l == label) {
            text += &line("held out", &m, test);
            text += &line("uniform", &MoveModel::UNIFORM, test);
        }
        say(&format!("{text}  {}\n", account::source(&m)));
    }
    Ok(())
}

/// Fits the night logits of the later policy of the model's style `style` to each entrant's
/// moves in the games kept of one seed in `one_in` held out (and to the pool's), and prints them
/// with what they gain on the games held out, horizon by horizon, over the same policy reading
/// no nights.
fn fit_night_logits(
    games: &[records::Game],
    style: &str,
    one_in: u32,
    pool: Option<String>,
) -> Result<(), String> {
    let styles = || daimyo::player::field::default().iter();
    let Some(found) = styles().find(|s| s.name == style) else {
        let names: Vec<&str> = styles().map(|s| s.name).collect();
        return Err(format!("no style '{style}' (styles: {})", names.join(", ")));
    };
    let p = found.later;
    let of = |s: Side| merged(&recorded(games, side(one_in, s), AfterNights::new), pool.as_deref());
    let (fitted_on, held_out) = (of(Side::Kept), of(Side::HeldOut));
    let mut text = format!(
        "a logit per night pick of the others on a lord, over {style}'s later policy, by horizon \
         (0: the move into a scoring); held out: nats a pick gained over the policy alone, at \
         the moves after a night pick\n"
    );
    for (label, ds) in &fitted_on {
        let nights = fit_nights(&p, ds);
        let row: Vec<String> = nights.iter().map(|x| format!("{x:+.3}")).collect();
        text += &format!("{label}: {} moves; night logits [{}]\n", ds.len(), row.join(", "));
        let Some((_, test)) = held_out.iter().find(|(l, _)| l == label) else {
            continue;
        };
        for (h, logit) in nights.iter().enumerate() {
            let at = after_nights(test, h);
            let blind = log_likelihood_with(&p, &[0.0; policy::HORIZONS], &at);
            let gain = log_likelihood_with(&p, &nights, &at) - blind;
            let picks: u32 = at.iter().flat_map(|d| d.observed.counts).map(u32::from).sum();
            text += &format!(
                "  horizon {h}: {logit:+.3}, held out {gain:+.4} nats a pick over {picks} picks\n"
            );
        }
    }
    say(&text);
    Ok(())
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
        labels.into_iter().zip(by_seat(g.strengths, &g.commands, Decision::new)).collect()
    };
    Ok(in_order(&games, jobs, play, |_| {}).into_iter().flatten().collect())
}

/// Every game of every file, in order.
fn read(files: &[String]) -> Result<Vec<records::Game>, String> {
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        if log::is_log(&text) {
            return Err(format!("{file}: a player's log holds one seat's view, not a whole game"));
        }
        let games =
            records::games(&text).and_then(|g| g.all()).map_err(|e| format!("{file}: {e}"))?;
        found.extend(games);
    }
    Ok(found)
}

/// Every seat's moves in the games `split` reads, in order, read by `read`.
fn recorded<T>(games: &[records::Game], split: Split, read: fn(&SeatMove) -> T) -> Seated<T> {
    let kept = games.iter().filter(|g| split.reads(g.seed));
    kept.flat_map(|g| g.labels.clone().into_iter().zip(by_seat(g.strengths, &g.commands, read)))
        .collect()
}
