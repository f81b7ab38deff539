//! `daimyo bench`: fixed positions (of random players and of rule players), fixed seed, fixed
//! rollout budget. It prints one signature line, unchanged unless the search's play changes, and
//! the speed of the search's rollouts (on one thread and on every core, which must sign the
//! same), beside the foundation search's light rollouts, and of uniformly random full games
//! from turn 1.

use crate::player::args::Arg::{Free, Opt};
use crate::player::args::{self, Reader, say};
use crate::player::field;
use crate::workshop::builtins::{self, BUILTINS};
use daimyo_engine::agent::LocalGame;
use daimyo_engine::knowledge::Position;
use daimyo_engine::model::{Board, Forecast, night_posteriors};
use daimyo_engine::moves::{
    DAY_SEQUENCES, DAY_SEQUENCES_COUNT, NIGHT_SEQUENCES, NIGHT_SEQUENCES_COUNT,
};
use daimyo_engine::params::{self, SearchParams};
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Row, TURNS, score, strengths_from_seed};
use daimyo_engine::search::Searcher;
use daimyo_engine::styles::field::Field;
use daimyo_engine::timeman::{Budget, Limits, cores};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// Search rollouts per position by default: the budget the kept signatures are taken at.
pub const ROLLOUTS: u64 = 100_000;

const USAGE: &str = "\
daimyo bench [--player NAME] [--model FIELD.json] [--rollouts N] [--threads N] [--games N]
  --player NAME  whose search: bot (default) or mc1, the foundation search
  --model FILE   the bot's model reads the field in FILE (default: the one compiled in)
  --rollouts N   search rollouts per position (default 100000)
  --threads N    the search is timed on 1 thread, then on N (default: the cores available)
  --games N      uniformly random full games for the rollout speed (default 4000000)
Prints the signature (a hash of the moves and statistics of every position, the same on any
number of threads: it fails if not) and the speeds.
";

/// The turns whose positions the bench searches, in every game it plays.
const TURNS_SEARCHED: [u8; 8] = [1, 2, 3, 5, 6, 7, 8, 9];

/// The rule players of the bench's third game: the model recognises their styles, so its
/// rollouts read the board for every daimyo, as in games against real programs.
const RULED: [&str; DAIMYO] =
    ["tables-described", "margins-described", "roles", "tables-described"];

/// Positions of seat 0 at `TURNS_SEARCHED` of three games whose lords come from manager seeds:
/// two of moves drawn from a fixed stream (the model takes the others for random players), one
/// of the rule players `RULED`.
pub fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2014);
    let keep = |t: &LocalGame, out: &mut Vec<Position>| {
        if TURNS_SEARCHED.contains(&t.state.turn) {
            out.push(*t.known[0].position());
        }
    };
    for seed in [1u32, 77] {
        let mut t = LocalGame::new(strengths_from_seed(seed));
        while !t.state.is_over() {
            keep(&t, &mut out);
            let picks = t.state.phase().picks();
            let moves: [Move; DAIMYO] = std::array::from_fn(|_| {
                let lords: Vec<u8> = (0..picks).map(|_| (rng.next_u64() % 6) as u8).collect();
                Move::new(&lords).expect("lords 0..5")
            });
            t.play(&moves).expect("moves of the turn's phase");
        }
    }
    let strengths = strengths_from_seed(5);
    let mut agents = RULED.map(|n| builtins::agent(n, Budget::default()).expect("a rule player"));
    for (i, a) in agents.iter_mut().enumerate() {
        a.new_game(strengths, 5 + i as u64);
    }
    let mut t = LocalGame::new(strengths);
    while !t.state.is_over() {
        keep(&t, &mut out);
        t.play_agents(&mut agents);
    }
    out
}

fn fnv(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(0x100_0000_01b3)
}

pub struct BenchResult {
    pub signature: u64,
    pub positions: usize,
    pub search_rollouts: u64,
    pub search_secs: f64,
    /// The opponent model's time over every position: learnt, then read at the turn's board and
    /// at the hidden nights' boards, as the search reads it. Its searching rules remember what
    /// they read, so a second run on the same thread reads little anew.
    pub model_secs: f64,
}

/// Searches every bench position with a fixed budget and seed on `threads` threads (the
/// signature does not depend on them).
pub fn run_search(params: &SearchParams, rollouts: u64, threads: usize) -> BenchResult {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut total = 0;
    let searcher = Searcher::new(threads);
    // The positions are played out before the clock starts; the model is timed apart from the
    // searches.
    let positions = positions();
    let t0 = Instant::now();
    let forecasts = forecasts(params, &positions, 1);
    let model_secs = t0.elapsed().as_secs_f64();
    let t0 = Instant::now();
    for (i, (pos, forecast)) in positions.iter().zip(&forecasts).enumerate() {
        let limits = Limits::rollouts(rollouts);
        let res = searcher.search(pos, forecast, params, &limits, i as u64 + 1);
        total += res.rollouts;
        h = fnv(h, res.best.counts().0);
        for (_, t) in res.ranked.iter().take(3) {
            h = fnv(fnv(h, t.credit), t.margin as u64);
        }
    }
    let search_secs = t0.elapsed().as_secs_f64();
    let positions = positions.len();
    BenchResult { signature: h, positions, search_rollouts: total, search_secs, model_secs }
}

/// The opponent model at every position, learnt and read at the turn's board and at the hidden
/// nights' boards as the search reads it, its searching rules read ahead on `threads` threads.
fn forecasts(params: &SearchParams, positions: &[Position], threads: usize) -> Vec<Forecast> {
    let forecast = |pos: &Position| {
        let forecast = Forecast::on_threads(pos, &params.rivals, None, threads);
        if let Forecast::Modelled(l) = &forecast {
            let readings = l.params.rule_readings;
            forecast.moves_at(&Board::at(pos, pos.public, pos.turn, pos.phase, readings));
            night_posteriors(pos, &forecast);
        }
        forecast
    };
    positions.iter().map(forecast).collect()
}

/// The model's time over every bench position on `threads` threads, on a new thread, which has
/// remembered no reading.
fn model_secs(params: &SearchParams, threads: usize) -> f64 {
    let positions = positions();
    std::thread::scope(|s| {
        s.spawn(|| {
            let t0 = Instant::now();
            forecasts(params, &positions, threads);
            t0.elapsed().as_secs_f64()
        })
        .join()
        .unwrap_or(f64::NAN)
    })
}

/// Uniformly random full games from turn 1, the speed yardstick of the rules core; returns a
/// checksum of the totals so the work cannot be optimised away.
pub fn uniform_rollouts(strengths: &[u8; LORDS], games: u64, seed: u64) -> i64 {
    use daimyo_engine::moves::scale;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut check = 0i64;
    for _ in 0..games {
        let mut real = [0u64; DAIMYO];
        let mut score5 = [0i32; DAIMYO];
        for turn in 1..=TURNS {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            let r = [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32];
            for d in 0..DAIMYO {
                real[d] += if turn % 2 == 1 {
                    DAY_SEQUENCES[scale(r[d], DAY_SEQUENCES_COUNT)]
                } else {
                    NIGHT_SEQUENCES[scale(r[d], NIGHT_SEQUENCES_COUNT)]
                };
            }
            if turn == 5 {
                score5 = score(strengths, &real.map(Row));
            }
        }
        let s9 = score(strengths, &real.map(Row));
        check += (score5[0] + s9[0]) as i64;
    }
    check
}

/// What `daimyo bench` was asked for: rollouts a position, uniform games, threads, the player
/// and the field of `--model`.
struct Asked {
    rollouts: u64,
    games: u64,
    threads: usize,
    player: String,
    model: Option<Field>,
}

fn parse(args: &[String]) -> Result<Option<Asked>, String> {
    let mut a = Asked {
        rollouts: ROLLOUTS,
        games: 4_000_000,
        threads: cores(),
        player: String::from("bot"),
        model: None,
    };
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("--rollouts") => a.rollouts = read.value()?,
            Opt("--games") => a.games = read.value()?,
            Opt("--threads") => a.threads = args::threads("--threads", read.value()?)?,
            Opt("--player") => a.player = read.value()?,
            Opt("--model") => {
                let path = read.text()?;
                a.model = Some(field::load(&path).map_err(|e| format!("--model {e}"))?);
            }
            Opt("-h" | "--help") => return Ok(None),
            Opt(other) | Free(other) => return Err(format!("unknown argument '{other}'\n{USAGE}")),
        }
    }
    Ok(Some(a))
}

pub fn main(args: &[String]) -> i32 {
    let Asked { rollouts, games, threads, player, model } =
        match args::parsed("daimyo bench", USAGE, parse(args)) {
            Ok(a) => a,
            Err(exit) => return exit,
        };
    let Some(search) = builtins::find(&player).and_then(|b| b.search()) else {
        let names: Vec<&str> =
            BUILTINS.iter().filter(|b| b.search().is_some()).map(|b| b.name).collect();
        eprintln!("daimyo bench: --player is one of {}, not '{player}'", names.join(", "));
        return 2;
    };
    let search = match builtins::tuned(&player, &[], model) {
        Ok(tuned) => tuned.unwrap_or(search),
        Err(e) => {
            eprintln!("daimyo bench: --model: {e}");
            return 2;
        }
    };
    let search = &search;
    let one = run_search(search, rollouts, 1);
    let ms = |secs: f64| secs * 1e3 / one.positions as f64;
    let on_all = if threads > 1 {
        let all = model_secs(search, threads);
        format!(", {:.1} ms on {threads} threads ({:.2} x)", ms(all), one.model_secs / all)
    } else {
        String::new()
    };
    say(&format!(
        "model:   {} positions, the opponent model learnt and read as the search reads it: {:.1} ms \
         a position on 1 thread{on_all} (its searching rules' readings remembered for the runs \
         below)\n",
        one.positions,
        ms(one.model_secs)
    ));
    say(&speed_line(&one, rollouts, 1, None));
    if threads > 1 {
        let all = run_search(search, rollouts, threads);
        say(&speed_line(&all, rollouts, threads, Some(&one)));
        if all.signature != one.signature {
            eprintln!(
                "daimyo bench: the signature on {threads} threads ({}) differs from one thread's ({})",
                all.signature, one.signature
            );
            return 1;
        }
    }
    if player != "mc1" {
        // The foundation search's light pooled rollouts on the same positions: what the
        // board-reading rollouts cost.
        let base = run_search(&params::FOUNDATION, rollouts, 1);
        let rate = |b: &BenchResult| b.search_rollouts as f64 / b.search_secs;
        say(&format!(
            "light:   mc1's pooled rollouts, 1 thread: {:.2} M rollouts/s ({:.2} x {player}'s)\n",
            rate(&base) / 1e6,
            rate(&base) / rate(&one)
        ));
    }
    let t0 = Instant::now();
    let check = uniform_rollouts(&strengths_from_seed(1), games, 1);
    let secs = t0.elapsed().as_secs_f64();
    say(&format!(
        "uniform: {games} random games from turn 1 in {secs:.2} s = {:.2} M rollouts/s (checksum {check})\n",
        games as f64 / secs / 1e6
    ));
    say(&format!("Signature: {}\n", one.signature));
    0
}

/// The search's speed on `threads` threads, and its ratio to `base`'s.
fn speed_line(
    b: &BenchResult,
    rollouts: u64,
    threads: usize,
    base: Option<&BenchResult>,
) -> String {
    let rate = |b: &BenchResult| b.search_rollouts as f64 / b.search_secs;
    let ratio = base.map_or(String::new(), |o| format!(" ({:.2} x)", rate(b) / rate(o)));
    format!(
        "search:  {} positions x {rollouts} rollouts, {threads} thread{}: {} rollouts in {:.2} s = {:.2} M rollouts/s{ratio}\n",
        b.positions,
        if threads == 1 { "" } else { "s" },
        b.search_rollouts,
        b.search_secs,
        rate(b) / 1e6
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn uniform_rollouts_are_fair() {
        // All seats random: seat 0's mean total is zero up to noise (totals sum to zero).
        let n = 20_000;
        let mean = super::uniform_rollouts(&[3, 4, 5, 6, 3, 4], n, 9) as f64 / 12.0 / n as f64;
        assert!(mean.abs() < 0.3, "{mean}");
    }
}
