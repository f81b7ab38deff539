//! `daimyo-lab calibrate FILE...`: how well the estimates a built-in search reports forecast the
//! games' results. The arena keeps, in a game's `--out` line, each reporting seat's estimate of
//! the move it answered at every turn and its likeliest split of each hidden night it could
//! guess (`records::Estimate`); this reads any number of `--out` files and compares them, entrant
//! by entrant, with what the game's end and its replay show: the estimates with the first-place
//! shares, turn by turn, and the night guesses with the moves applied.
//!
//! A seed's four rotations share the lords, so its games go together: every interval takes the
//! seed as the block, as the arena's table does (`stats::blocked_mean`).

use daimyo::player::args::{files_only, finish, parsed};
use daimyo::workshop::arena::CONFIDENCE_Z;
use daimyo::workshop::arena::journal;
use daimyo::workshop::arena::stats::{align, blocked_mean, by_seed, effective_games, wilson};
use daimyo::workshop::records::{NightEstimate, OutLine};
use daimyo_engine::rules::{DAIMYO, TURNS, first_place_shares};
use std::collections::BTreeSet;

pub const USAGE: &str = "\
daimyo-lab calibrate: how well a built-in search's estimates forecast its games' results

USAGE
  daimyo-lab calibrate FILE...

FILE is an arena --out file: of one run or of several, whole or a shard (run lines are
skipped). For every seat played by a built-in that reports its thinking (bot, mc1, planner),
the arena keeps in the game's line, at each turn, the estimated probability of finishing first
with the move it answered (a k-way tie counting 1/k) and its likeliest split of each hidden
night whose per-lord totals it knew. External programs report none.

For every entrant with estimates (under --sprt, \"LABEL (A)\" and \"LABEL (B)\" apart), its
seat-games against their results: the first-place share each seat got (1 alone, 1/k in a
k-way tie, 0 otherwise).

TURNS
  turn          the turn of the estimate (those present of 1..9)
  games         seat-games with an estimate that turn
  estimate      the mean estimate
  result        the mean result of those seat-games
  estimate − result (95%)
                the mean of estimate less result, with its 95% interval: the 4 rotations of
                a seed share the lords, so the seed is the block (the variance measured
                between seeds, normal); no interval from one seed
  Brier         the mean of (estimate − result)^2: 0 for a perfect forecast
  Brier of the mean
                the same for a forecaster that says the mean result every time: estimates
                that do no better know nothing the mean does not

SURE
  the seat-games whose estimate at turn 9, the last, was 0.9 or more: how many, their mean
  estimate and mean result, how many were not first (result 0), and how many their estimates
  expected not first (the sum of 1 − estimate)

NIGHTS
  night         the hidden night (2, 4, 6, 8)
  games         seat-games with a guess of it
  from turn     the turn of the guess taken: the last report that guessed it before it was
                revealed (nights 2 and 4 at turns 3 to 5, nights 6 and 8 at turns 7 to 9)
  probability   the guess's mean probability
  right         how often its split (each other seat's picks of each lord) was the one the
                replay shows
  95% interval  Wilson's, on the number of independent guesses the spread between seeds is
                worth, as for the arena's win share

Exit codes: 0; 1 when a file cannot be read (its name and line are said) or no game of the
files has estimates; 2 for bad arguments.
";

/// An estimate at least this high at the last turn is sure.
pub const SURE: f64 = 0.9;
/// The turn that shows the others' moves of nights 2 and 4 (nights 6 and 8 stay hidden).
const REVEALED: u8 = 6;
/// The hidden nights.
const NIGHTS: [u8; 4] = [2, 4, 6, 8];

/// One seat-game's estimate at a turn, and its result.
#[derive(Clone, Copy, Debug)]
struct Forecast {
    seed: u32,
    estimate: f64,
    result: f64,
}

/// The night guess taken from one seat-game.
#[derive(Clone, Copy, Debug)]
struct Guess {
    seed: u32,
    /// The turn whose report it is.
    turn: u8,
    probability: f64,
    right: bool,
}

/// One entrant's estimates against what happened.
#[derive(Debug, Default)]
struct Tally {
    name: String,
    /// Seat-games with any estimate.
    games: usize,
    /// Per turn 1..9.
    turns: [Vec<Forecast>; TURNS as usize],
    /// Per hidden night, in `NIGHTS` order.
    nights: [Vec<Guess>; NIGHTS.len()],
}

pub fn main(args: &[String]) -> i32 {
    const COMMAND: &str = "daimyo-lab calibrate";
    match parsed(COMMAND, USAGE, files_only(COMMAND, args)) {
        Ok(files) => finish(COMMAND, calibrate(&files)),
        Err(exit) => exit,
    }
}

/// The account of the files' estimates, or why there is none.
fn calibrate(files: &[String]) -> Result<String, String> {
    let mut read = Vec::with_capacity(files.len());
    for f in files {
        read.push(journal::read_for("daimyo-lab calibrate", f)?);
    }
    let games: Vec<&OutLine> = read.iter().flat_map(|f| f.games.iter().map(|(_, g)| g)).collect();
    let tallies = tally(&games);
    if tallies.is_empty() {
        let of = match files.len() {
            1 => files[0].clone(),
            n => format!("{n} files"),
        };
        return Err(format!(
            "none of the {} games of {of} has estimates: the arena records them only for the \
             seats of a built-in that reports them (bot, mc1 or planner: daimyo arena --out \
             FILE bot ...); external programs report none",
            games.len()
        ));
    }
    let with: usize = tallies.iter().map(|t| t.games).sum();
    let mut out = format!(
        "calibrate: {}, {}, {} with estimates\n",
        count(files.len(), "file"),
        count(games.len(), "game"),
        count(with, "seat-game")
    );
    for t in &tallies {
        out += "\n";
        t.render(&mut out);
    }
    Ok(out)
}

/// Every entrant's tally, in the order the entrants first show up; none without estimates.
fn tally(games: &[&OutLine]) -> Vec<Tally> {
    let mut tallies: Vec<Tally> = Vec::new();
    for g in games {
        let shares = first_place_shares(&g.totals_x12);
        for seat in 0..DAIMYO {
            let estimates = &g.estimates[seat];
            if estimates.is_empty() {
                continue;
            }
            let name = g.entrant(seat);
            let t = match tallies.iter().position(|t| t.name == name) {
                Some(i) => &mut tallies[i],
                None => {
                    tallies.push(Tally { name, ..Tally::default() });
                    tallies.last_mut().expect("just pushed")
                }
            };
            t.games += 1;
            let result = shares[seat] as f64 / 12.0;
            // The last guess of each night before it was revealed: the turns come in order.
            let mut latest: [Option<(u8, &NightEstimate)>; NIGHTS.len()] = [None; NIGHTS.len()];
            for e in estimates {
                let forecast = Forecast { seed: g.seed, estimate: e.win, result };
                t.turns[e.turn as usize - 1].push(forecast);
                for n in &e.nights {
                    let hidden = n.turn >= REVEALED || e.turn < REVEALED;
                    if let Some(k) = NIGHTS.iter().position(|&x| x == n.turn).filter(|_| hidden) {
                        latest[k] = Some((e.turn, n));
                    }
                }
            }
            for (k, guess) in latest.iter().enumerate() {
                let Some((turn, n)) = guess else { continue };
                let applied = &g.replay.commands.0[n.turn as usize - 1];
                let right = (0..DAIMYO)
                    .filter(|&s| s != seat)
                    .all(|s| n.split[s] == Some(applied[s].counts().to_array()));
                let guess = Guess { seed: g.seed, turn: *turn, probability: n.probability, right };
                t.nights[k].push(guess);
            }
        }
    }
    tallies
}

/// `1 seed`, `3 seeds`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// `+0.047`, `-0.011`; a difference that rounds to nothing is `+0.000`.
fn signed(x: f64) -> String {
    let text = format!("{x:+.3}");
    if text == "-0.000" { "+0.000".into() } else { text }
}

/// The mean of `f` over `items`.
fn mean<T>(items: &[T], f: impl Fn(&T) -> f64) -> f64 {
    items.iter().map(f).sum::<f64>() / items.len() as f64
}

impl Tally {
    fn render(&self, out: &mut String) {
        let all: Vec<Forecast> = self.turns.iter().flatten().copied().collect();
        let seeds: BTreeSet<u32> = all.iter().map(|f| f.seed).collect();
        *out += &format!(
            "{}: {} with estimates, of {}\n",
            self.name,
            count(self.games, "seat-game"),
            count(seeds.len(), "seed")
        );
        self.render_turns(out);
        self.render_sure(out);
        self.render_nights(out);
    }

    fn render_turns(&self, out: &mut String) {
        let head = [
            "turn",
            "games",
            "estimate",
            "result",
            "estimate − result (95%)",
            "Brier",
            "Brier of the mean",
        ];
        let mut rows = vec![head.map(String::from).to_vec()];
        for (t, forecasts) in self.turns.iter().enumerate().filter(|(_, f)| !f.is_empty()) {
            let estimate = mean(forecasts, |f| f.estimate);
            let result = mean(forecasts, |f| f.result);
            let blocks = by_seed(forecasts, |f| f.seed, |f| f.estimate - f.result);
            let difference = match blocked_mean(&blocks) {
                Some((d, variance)) => {
                    format!("{} ± {:.3}", signed(d), CONFIDENCE_Z * variance.max(0.0).sqrt())
                }
                None => signed(estimate - result),
            };
            rows.push(vec![
                (t + 1).to_string(),
                forecasts.len().to_string(),
                format!("{estimate:.3}"),
                format!("{result:.3}"),
                difference,
                format!("{:.3}", mean(forecasts, |f| (f.estimate - f.result).powi(2))),
                format!("{:.3}", mean(forecasts, |f| (f.result - result).powi(2))),
            ]);
        }
        align(&rows, out);
    }

    fn render_sure(&self, out: &mut String) {
        let last = &self.turns[TURNS as usize - 1];
        let sure: Vec<&Forecast> = last.iter().filter(|f| f.estimate >= SURE).collect();
        *out += &format!("sure at turn {TURNS} (estimate {SURE} or more): ");
        if last.is_empty() {
            *out += "no estimates at that turn\n";
            return;
        }
        if sure.is_empty() {
            *out += &format!("none of {}\n", last.len());
            return;
        }
        *out += &format!(
            "{} of {}, mean estimate {:.3}, mean result {:.3}; not first in {}, where the \
             estimates expected {:.2}\n",
            sure.len(),
            last.len(),
            mean(&sure, |f| f.estimate),
            mean(&sure, |f| f.result),
            sure.iter().filter(|f| f.result == 0.0).count(),
            sure.iter().map(|f| 1.0 - f.estimate).sum::<f64>()
        );
    }

    fn render_nights(&self, out: &mut String) {
        let head = ["night", "games", "from turn", "probability", "right", "95% interval"];
        let mut rows = vec![head.map(String::from).to_vec()];
        for (night, guesses) in NIGHTS.iter().zip(&self.nights).filter(|(_, g)| !g.is_empty()) {
            let turns: BTreeSet<u8> = guesses.iter().map(|g| g.turn).collect();
            let (first, last) = (turns.first().expect("a guess"), turns.last().expect("a guess"));
            let right = mean(guesses, |g| g.right as u8 as f64);
            let blocks = by_seed(guesses, |g| g.seed, |g| g.right as u8 as f64);
            let (low, high) = wilson(right, effective_games(&blocks));
            rows.push(vec![
                night.to_string(),
                guesses.len().to_string(),
                if first == last { first.to_string() } else { format!("{first}–{last}") },
                format!("{:.3}", mean(guesses, |g| g.probability)),
                format!("{right:.3}"),
                format!("{low:.3}–{high:.3}"),
            ]);
        }
        if rows.len() == 1 {
            *out += "nights: no guesses\n";
            return;
        }
        align(&rows, out);
    }
}
