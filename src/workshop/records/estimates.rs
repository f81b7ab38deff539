//! The estimates an `--out` line keeps for a seat played by a built-in that reports its thinking
//! (a search): at each turn it answered, its estimate of the move and its guesses of the hidden
//! nights, the guesses by seat.

use daimyo_engine::rules::{DAIMYO, LORDS, Phase, TURNS};
use serde::{Deserialize, Serialize};

/// What such a built-in estimated when it answered a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub turn: u8,
    /// Its estimate of the first-place share the move it answered leads to (a k-way tie
    /// counting 1/k): the probability of finishing first.
    pub win: f64,
    /// Its likeliest split of each hidden night whose per-lord totals it knew.
    #[serde(default)]
    pub nights: Vec<NightEstimate>,
}

/// The likeliest split of a hidden night among the three daimyo other than the one guessing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NightEstimate {
    /// The night's turn.
    pub turn: u8,
    /// By seat, the picks of each lord that seat is thought to have made that night; none for
    /// the seat that guessed.
    pub split: [Option<[u8; LORDS]>; DAIMYO],
    /// The probability the guess gave this split.
    pub probability: f64,
}

/// Whether no seat has estimates: the line then has no field for them.
pub fn none(estimates: &[Vec<Estimate>; DAIMYO]) -> bool {
    estimates.iter().all(Vec::is_empty)
}

/// What the types cannot say of each seat's estimates: turns in order, each estimate checked.
pub fn check(estimates: &[Vec<Estimate>; DAIMYO]) -> Result<(), String> {
    for (seat, estimates) in estimates.iter().enumerate() {
        let mut last = 0;
        for e in estimates {
            let at = |m: String| format!("estimates: seat {seat}, turn {}: {m}", e.turn);
            if e.turn <= last {
                return Err(at(format!("after turn {last}: the turns go up")));
            }
            e.check(seat).map_err(at)?;
            last = e.turn;
        }
    }
    Ok(())
}

impl Estimate {
    /// Seat `seat`'s estimate: a turn of the game, a probability, and guesses of hidden nights
    /// before it, each a split of two picks for each other seat.
    fn check(&self, seat: usize) -> Result<(), String> {
        let probability = |p: f64| (0.0..=1.0).contains(&p);
        if !(1..=TURNS).contains(&self.turn) {
            return Err(format!("a turn is 1..{TURNS}"));
        }
        if !probability(self.win) {
            return Err(format!("win {}: a probability is 0..1", self.win));
        }
        for n in &self.nights {
            if Phase::of_turn(n.turn) != Phase::Night || n.turn >= self.turn {
                return Err(format!("night {}: not a night before turn {}", n.turn, self.turn));
            }
            let picks = Phase::Night.picks();
            let split_ok = n.split.iter().enumerate().all(|(s, row)| match row {
                None => s == seat,
                Some(r) => s != seat && r.iter().map(|&c| c as usize).sum::<usize>() == picks,
            });
            if !split_ok {
                return Err(format!(
                    "night {}: a split gives {picks} picks to each seat but the one guessing",
                    n.turn
                ));
            }
            if !probability(n.probability) {
                return Err(format!("night {}: probability {}", n.turn, n.probability));
            }
        }
        Ok(())
    }
}
