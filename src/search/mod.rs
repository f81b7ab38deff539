//! Monte Carlo search over every legal move.
//!
//! Each rollout starts from one sampled world (the others' hidden nights drawn consistently
//! with the public per-lord night totals, `nights`), applies the candidate move, and plays the
//! game out with every daimyo drawing moves from its model (`models`, `rollout`); it scores 1 for
//! a sole first place, 1/k for a k-way tie, so the search maximises the probability of finishing
//! first, ties broken by the mean margin over the best other daimyo.
//!
//! Candidates are evaluated in rounds that share one random stream (common random numbers):
//! every candidate of a round meets the same world and the same opponent moves, so their
//! differences are not noise of the draw. The search never reads or writes anything; it returns
//! the move and its statistics.

mod models;
mod nights;
mod rollout;

pub use models::PickModel;
pub use nights::{NightPosteriors, night_posteriors, reveal_agreement};

use crate::agent::NightGuess;
use crate::knowledge::Position;
use crate::model::Opponents;
use crate::moves::{self, MAX_MOVES};
use crate::params::{Allocation, Search as Params};
use crate::rules::{Move, Phase};
use crate::timeman::Limits;
use models::Models;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rollout::Rollouts;

/// One candidate's tally.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Twelfths of first place won (12 per sole win).
    pub credit: u64,
    pub margin: i64,
    pub rollouts: u64,
}

impl Tally {
    pub fn win_rate(&self) -> f64 {
        self.credit as f64 / 12.0 / self.rollouts.max(1) as f64
    }
    pub fn mean_margin(&self) -> f64 {
        self.margin as f64 / 12.0 / self.rollouts.max(1) as f64
    }
    /// Order by win rate, then by margin (cross-multiplied: no division, no float).
    fn better_than(&self, other: &Tally) -> bool {
        let a = self.credit as u128 * other.rollouts as u128;
        let b = other.credit as u128 * self.rollouts as u128;
        if a != b {
            return a > b;
        }
        (self.margin as i128 * other.rollouts as i128)
            > (other.margin as i128 * self.rollouts as i128)
    }
}

/// Best first.
fn order(a: &Tally, b: &Tally) -> std::cmp::Ordering {
    if a.better_than(b) {
        std::cmp::Ordering::Less
    } else if b.better_than(a) {
        std::cmp::Ordering::Greater
    } else {
        std::cmp::Ordering::Equal
    }
}

/// The search's answer with what it saw.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Move,
    /// Candidates, best first (all of them).
    pub ranked: Vec<(Move, Tally)>,
    pub rollouts: u64,
    /// The others' posterior weights over the model's styles, when the model is learnt.
    pub opponents: Option<Opponents>,
    /// The likeliest split of each hidden night with a known total.
    pub nights: Vec<NightGuess>,
}

/// Rounds of rollouts: in a round every candidate still in play meets the same world and the
/// same opponent moves (one random stream, cloned per candidate).
struct Rounds<'a> {
    ro: &'a Rollouts,
    /// Each candidate's own increment.
    mine: [u64; MAX_MOVES],
    tallies: [Tally; MAX_MOVES],
    seed: u64,
    round: u64,
    done: u64,
}

impl Rounds<'_> {
    /// Plays rounds over `alive` until `limits` say stop; always at least one round.
    fn play(&mut self, alive: &[usize], limits: &mut Limits) {
        loop {
            let mut round_rng = Xoshiro256PlusPlus::seed_from_u64(
                self.seed ^ self.round.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            );
            let worlds = &self.ro.worlds;
            let world = &worlds[(round_rng.next_u64() % worlds.len() as u64) as usize];
            for &i in alive {
                let mut r = round_rng.clone();
                let (credit, margin) = self.ro.run(world, self.mine[i], &mut r);
                let t = &mut self.tallies[i];
                t.credit += credit as u64;
                t.margin += margin as i64;
                t.rollouts += 1;
            }
            self.done += alive.len() as u64;
            self.round += 1;
            if limits.stop(self.done) {
                break;
            }
        }
    }
}

/// How many times sequential halving halves `n` candidates.
fn halvings(n: usize, allocation: Allocation) -> usize {
    match allocation {
        Allocation::Uniform => 0,
        Allocation::Halving { keep } => {
            let mut h = 0;
            while (n >> h) > keep.max(1) {
                h += 1;
            }
            h
        }
    }
}

/// Runs the search. Same position, params, limits in rollouts, and seed: same result.
pub fn search(pos: &Position, params: &Params, limits: &Limits, seed: u64) -> SearchResult {
    let mut limits = *limits;
    let models = Models::new(pos, &params.rivals);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let ro = Rollouts::prepare(pos, params, &models, &mut rng);
    let legal = moves::legal(pos.phase);
    let n = legal.len();
    let mut mine = [0u64; MAX_MOVES];
    for (i, m) in legal.iter().enumerate() {
        mine[i] = if pos.phase == Phase::Night { m.double().0 } else { m.0 };
    }
    let mut rounds =
        Rounds { ro: &ro, mine, tallies: [Tally::default(); MAX_MOVES], seed, round: 0, done: 0 };
    let mut alive: Vec<usize> = (0..n).collect();
    // Sequential halving: the budget is cut in equal slices, one per phase; after each phase
    // the worse half of the candidates is dropped, so close decisions get most rollouts.
    let h = halvings(n, params.allocation);
    for phase in 0..h {
        rounds.play(&alive, &mut limits.slice(rounds.done, h + 1 - phase));
        if limits.stop(rounds.done) {
            break;
        }
        alive.sort_by(|&a, &b| order(&rounds.tallies[a], &rounds.tallies[b]));
        alive.truncate((alive.len() / 2).max(1));
    }
    rounds.play(&alive, &mut limits);
    // Survivors of the last halving first: they were compared on the most rollouts.
    let tallies = &rounds.tallies;
    let survived = |i: usize| alive.contains(&i);
    let mut by_rank: Vec<usize> = (0..n).collect();
    by_rank.sort_by(|&a, &b| survived(b).cmp(&survived(a)).then(order(&tallies[a], &tallies[b])));
    let ranked: Vec<(Move, Tally)> = by_rank
        .iter()
        .map(|&i| (Move::from_counts(legal[i]).expect("legal move"), tallies[i]))
        .collect();
    let opponents = match models {
        Models::Learned(l) => Some(l.now),
        Models::Prior(_) => None,
    };
    let nights = ro.nights.clone();
    SearchResult { best: ranked[0].0, ranked, rollouts: rounds.done, opponents, nights }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::Table;

    use crate::params::{BOT, FOUNDATION, Later, Rivals};
    use crate::rules::first_place_shares;

    fn budget(n: u64) -> Limits {
        Limits::rollouts(n)
    }

    /// A game with the same moves every day and every night, up to `turn`, seen by seat 0.
    fn scripted(upto: u8) -> Table {
        let mut t = Table::new([5, 3, 6, 4, 3, 4]);
        let day = [[0, 0, 2, 2, 3], [2, 2, 2, 5, 1], [3, 3, 0, 4, 4], [5, 5, 2, 0, 1]];
        let night = [[2, 2], [0, 3], [1, 5], [2, 4]];
        while t.state.turn < upto {
            let m = match t.state.phase() {
                Phase::Day => day.map(|l| Move::new(&l).unwrap()),
                Phase::Night => night.map(|l| Move::new(&l).unwrap()),
            };
            t.play(&m).unwrap();
        }
        t
    }

    #[test]
    fn same_seed_same_move_and_statistics() {
        let pos = Position::initial([3, 4, 5, 6, 3, 4]);
        let a = search(&pos, &FOUNDATION, &budget(20_000), 5);
        let b = search(&pos, &FOUNDATION, &budget(20_000), 5);
        assert_eq!(a.best, b.best);
        assert_eq!(a.ranked[0].1.credit, b.ranked[0].1.credit);
        assert_eq!(a.ranked.len(), 252);
        assert!(a.rollouts >= 20_000);
    }

    #[test]
    fn rollouts_agree_with_the_rules_core() {
        // A real game up to turn 6 (no hidden night then, the turn-5 scores known). The search's
        // estimate for one move must match a plain simulation on `rules::State` with every
        // daimyo picking from the same model, within sampling error.
        let t = scripted(6);
        let (s, st, pos) = (t.state, t.state.strengths, t.known[0].position());
        assert_eq!(pos.turn, 6);
        let n = 40_000;
        let res = search(pos, &FOUNDATION, &budget(21 * n), 11);
        let mine = Move::new(&[2, 3]).unwrap();
        let est = res.ranked.iter().find(|(m, _)| m.counts() == mine.counts()).unwrap().1;

        let model = PickModel::prior(&st, 0.5, 2.0);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
        let mut credit = 0u64;
        for _ in 0..n {
            let mut g = s;
            let mut first = true;
            while !g.is_over() {
                let ph = g.phase();
                let draw = |rng: &mut Xoshiro256PlusPlus| {
                    let l: Vec<u8> =
                        (0..ph.picks()).map(|_| models::draw_index(&model.p, rng) as u8).collect();
                    Move::new(&l).unwrap()
                };
                let m: [Move; 4] =
                    std::array::from_fn(|d| if d == 0 && first { mine } else { draw(&mut rng) });
                g.play(&m).unwrap();
                first = false;
            }
            credit += first_place_shares(&g.totals())[0] as u64;
        }
        let plain = credit as f64 / 12.0 / n as f64;
        let se = (plain * (1.0 - plain) / n as f64).sqrt() * 2f64.sqrt();
        assert!(
            (est.win_rate() - plain).abs() < 4.0 * se + 0.01,
            "search {} vs plain {plain}",
            est.win_rate()
        );
    }

    #[test]
    fn halving_spends_the_budget_on_the_leaders() {
        let pos = Position::initial([3, 4, 5, 6, 3, 4]);
        let params = Params { allocation: Allocation::Halving { keep: 4 }, ..FOUNDATION };
        let res = search(&pos, &params, &budget(200_000), 5);
        let again = search(&pos, &params, &budget(200_000), 5);
        assert_eq!(res.best, again.best, "reproducible");
        let top = res.ranked[0].1.rollouts;
        let last = res.ranked[251].1.rollouts;
        // 252 -> 126 -> 63 -> 31 -> 15 -> 7 -> 3: six halvings and a final phase, each a
        // seventh of the budget; the dropped first half got only the first slice.
        assert!(top > 20 * last, "top {top}, last {last}");
        assert!(res.rollouts >= 200_000 && res.rollouts < 200_000 + 252);
    }

    #[test]
    fn the_gate_switches_every_later_turn_to_uniform_play() {
        // A turn-3 position after a scripted opening. A gate just under the others' uniform
        // share fires, and the search is then exactly the one with every later turn uniformly
        // random; a gate just over it does not, and the search is exactly the ungated one.
        let t = scripted(3);
        let pos = t.known[0].position();
        let run = |later: Later| {
            let p = Params { rivals: Rivals::Learnt { model: crate::params::MODEL, later }, ..BOT };
            let r = search(pos, &p, &budget(30_000), 7);
            (r.best, r.ranked.iter().map(|(m, t)| (*m, t.credit, t.margin)).collect::<Vec<_>>())
        };
        let Models::Learned(l) = Models::new(pos, &BOT.rivals) else { panic!("a learnt model") };
        let share = l.now.uniform_share(&l.params);
        assert!((0.05..0.95).contains(&share), "{share}");
        let gated = |g: f64| run(Later::Policy { gate: Some(g) });
        assert_eq!(gated(share - 0.01), run(Later::Uniform));
        assert_eq!(gated(share + 0.01), run(Later::Policy { gate: None }));
        assert_ne!(
            run(Later::Uniform).1,
            run(Later::Policy { gate: None }).1,
            "the regimes differ"
        );
    }
}
