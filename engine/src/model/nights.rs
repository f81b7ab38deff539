//! The hidden nights: the others' moves on nights whose per-lord totals are public but whose
//! split among the three is not, drawn in proportion to how likely each split is under the
//! forecast as they stood on that night's board.

use super::Board;
use super::forecast::{Forecast, draw_index, unit};
use crate::knowledge::Position;
use crate::moves::NIGHT_MOVES;
use crate::rules::{DAIMYO, Row};
use rand::Rng;

/// Draws the others' moves of one hidden night consistently with their known per-lord total,
/// weighted by each one's night model; or independently when the total is unknown.
pub struct NightSampler {
    /// (cumulative weight, increments for columns 1..3)
    splits: Vec<(f64, [Row; 3])>,
    /// Each column's probability of every night move, for nights whose total is unknown.
    night: [Vec<f64>; DAIMYO],
}

impl NightSampler {
    pub fn new(others: Option<Row>, night: [Vec<f64>; DAIMYO]) -> NightSampler {
        let mut splits = Vec::new();
        if let Some(total) = others {
            let index = |m: Row| NIGHT_MOVES.iter().position(|&x| x == m).expect("a night move");
            let mut acc = 0.0;
            for (ia, &a) in NIGHT_MOVES.iter().enumerate().filter(|(_, a)| total.covers(**a)) {
                let rest = total.checked_sub(a).unwrap();
                for (ib, &b) in NIGHT_MOVES.iter().enumerate().filter(|(_, b)| rest.covers(**b)) {
                    let c = rest.checked_sub(b).unwrap();
                    acc += night[1][ia] * night[2][ib] * night[3][index(c)];
                    splits.push((acc, [a, b, c]));
                }
            }
        }
        NightSampler { splits, night }
    }

    /// One sampler per hidden night of the position, each weighted by the forecast as they stood
    /// on that night's board.
    pub fn for_position(pos: &Position, forecast: &Forecast) -> Vec<NightSampler> {
        let hidden = pos.hidden.iter().flatten();
        hidden.map(|h| NightSampler::new(h.others, night_models(pos, forecast, h.turn))).collect()
    }

    /// Every split of the known total with its probability (nothing when the total is unknown).
    fn splits(&self) -> impl Iterator<Item = ([Row; 3], f64)> + '_ {
        let total = self.splits.last().map_or(1.0, |x| x.0);
        let before = std::iter::once(0.0).chain(self.splits.iter().map(|s| s.0));
        self.splits
            .iter()
            .zip(before)
            .map(move |(&(acc, split), prev)| (split, (acc - prev) / total))
    }

    /// The likeliest split of the known total and its probability.
    pub fn likeliest(&self) -> Option<([Row; 3], f64)> {
        self.splits().max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Increments (worth 2 per negotiation) for columns 1..3.
    pub fn draw(&self, rng: &mut impl Rng) -> [u64; 3] {
        self.draw_split(rng).map(|r| r.double().0)
    }

    /// The night moves (negotiation counts) of columns 1..3.
    pub fn draw_split(&self, rng: &mut impl Rng) -> [Row; 3] {
        match self.splits.last() {
            Some(&(total, _)) => {
                let x = unit(rng) * total;
                let i = self.splits.partition_point(|s| s.0 <= x).min(self.splits.len() - 1);
                self.splits[i].1
            }
            None => std::array::from_fn(|i| NIGHT_MOVES[draw_index(&self.night[i + 1], rng)]),
        }
    }
}

/// Each column's probability of every night move on the hidden night of `turn`, at that night's
/// board.
fn night_models(pos: &Position, forecast: &Forecast, turn: u8) -> [Vec<f64>; DAIMYO] {
    forecast.moves_at(&Board::of_night(pos, turn, forecast.rule_readings()))
}

/// Hidden nights' posteriors: per night (its turn), each split of the others' moves (negotiation
/// counts of columns 1..3) with its probability.
pub type NightPosteriors = Vec<(u8, Vec<([Row; 3], f64)>)>;

/// The posterior of every hidden night with a known total, under `forecast`.
pub fn night_posteriors(pos: &Position, forecast: &Forecast) -> NightPosteriors {
    let known = pos.hidden.iter().flatten().filter(|h| h.others.is_some());
    known
        .map(|h| {
            let s = NightSampler::new(h.others, night_models(pos, forecast, h.turn));
            (h.turn, s.splits().collect())
        })
        .collect()
}

/// How much of the turn-5 posterior over nights 2 and 4 agrees with what turn 6 revealed:
/// for each other column, the turn-6 public intimacy minus the turn-5 one is its day-5 move plus
/// both nights (worth 2). Returns the posterior mass of the splits consistent with that, and the
/// mass the same splits get with uniformly random picks, whose ratio says how much the model knew.
pub fn reveal_agreement(
    posteriors: &NightPosteriors,
    uniform: &NightPosteriors,
    revealed: [Row; 3],
) -> Option<(f64, f64)> {
    let mass = |post: &NightPosteriors| -> Option<f64> {
        let [(2, a), (4, b)] = &post[..] else { return None };
        let mut m = 0.0;
        for (sa, pa) in a {
            for (sb, pb) in b {
                let ok = (0..3).all(|c| {
                    revealed[c]
                        .checked_sub(sa[c].double().add(sb[c].double()))
                        .is_some_and(|day| day.sum() == 5)
                });
                if ok {
                    m += pa * pb;
                }
            }
        }
        Some(m)
    };
    Some((mass(posteriors)?, mass(uniform)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::forecast::PickModel;
    use crate::rules::Phase;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn hidden_nights_follow_the_public_totals() {
        let total = Row::from_array([2, 0, 0, 0, 3, 1]);
        let prior = Forecast::Prior(PickModel::prior(&[3, 4, 5, 6, 3, 4], 0.5, 2.0));
        let board = Board::open([3; 6], [Row::ZERO; DAIMYO], 2, Phase::Night);
        let night = prior.moves_at(&board);
        let s = NightSampler::new(Some(total), night);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..1000 {
            let d = s.draw(&mut rng);
            let sum = d.iter().fold(Row::ZERO, |a, &x| a.add(Row(x)));
            assert_eq!(sum, total.double());
            assert!(d.iter().all(|&x| Row(x).sum() == 4));
        }
    }
}
