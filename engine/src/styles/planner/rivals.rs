//! The rival model. Every rival negotiation the planner has not seen (the hidden nights, and
//! every turn from now to the next scoring turn) is drawn one pick at a time, lord `l` with
//! weight: that rival's public intimacy with `l`, plus the others' unrevealed night total on `l`,
//! plus the strength of `l` on turn 1 (half of it on turn 2), plus a small floor. A hidden night
//! with known per-lord totals (`Position::hidden[..].others`) is drawn only where those totals
//! leave room, so the samples always agree with the night lines. Rivals are where they have been
//! and where the nights went.

use super::{STRENGTH_WEIGHT, WEIGHT_FLOOR};
use crate::knowledge::Position;
use crate::rules::{LORDS, Row};
use rand::Rng;

/// How the others pick, from what they have shown: per rival, cumulative weights out of 2^32.
#[derive(Clone, Copy, Debug)]
pub(super) struct RivalDraws {
    weight: [[f64; LORDS]; 3],
    cumulative: [[u64; LORDS]; 3],
}

impl RivalDraws {
    pub(super) fn new(pos: &Position) -> RivalDraws {
        let mut nights = [0f64; LORDS];
        for h in pos.hidden.iter().flatten() {
            if let Some(o) = h.others {
                for (l, n) in nights.iter_mut().enumerate() {
                    *n += o.get(l) as f64;
                }
            }
        }
        let early = match pos.turn {
            1 => STRENGTH_WEIGHT[0],
            2 => STRENGTH_WEIGHT[1],
            _ => 0.0,
        };
        let weight: [[f64; LORDS]; 3] = std::array::from_fn(|c| {
            std::array::from_fn(|l| {
                pos.public[c + 1].get(l) as f64
                    + nights[l]
                    + early * pos.strengths[l] as f64
                    + WEIGHT_FLOOR
            })
        });
        let cumulative = weight.map(|w| {
            let total: f64 = w.iter().sum();
            let mut acc = 0.0;
            std::array::from_fn(|l| {
                acc += w[l];
                if l + 1 == LORDS { 1 << 32 } else { (acc / total * (1u64 << 32) as f64) as u64 }
            })
        });
        RivalDraws { weight, cumulative }
    }

    /// Rival `c`'s next `picks` picks, as counts.
    #[inline]
    pub(super) fn draw(&self, c: usize, picks: usize, rng: &mut impl Rng) -> Row {
        let cum = &self.cumulative[c];
        (0..picks).fold(Row::ZERO, |row, _| {
            let r = rng.next_u32() as u64;
            row.bump(cum.iter().position(|&x| r < x).unwrap_or(LORDS - 1), 1)
        })
    }

    /// The three rivals' picks of a hidden night whose per-lord total is `others` (six picks),
    /// drawn in turn, each only where the total leaves room.
    fn hidden_night(&self, others: Row, rng: &mut impl Rng) -> [Row; 3] {
        let mut room = others.to_array();
        let mut picks = [Row::ZERO; 3];
        for round in 0..others.sum() as usize {
            let c = round % 3;
            let open = |l: usize| if room[l] > 0 { self.weight[c][l] } else { 0.0 };
            let total: f64 = (0..LORDS).map(open).sum();
            if total <= 0.0 {
                break;
            }
            let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            let mut lord = (0..LORDS).rfind(|&l| room[l] > 0).unwrap_or(0);
            for l in 0..LORDS {
                if x < open(l) {
                    lord = l;
                    break;
                }
                x -= open(l);
            }
            room[lord] -= 1;
            picks[c] = picks[c].bump(lord, 1);
        }
        picks
    }

    /// The rivals' true rows now: public rows plus hidden nights (worth 2 a pick).
    pub(super) fn world(&self, pos: &Position, rng: &mut impl Rng) -> [Row; 3] {
        let mut rows = [pos.public[1], pos.public[2], pos.public[3]];
        for h in pos.hidden.iter().flatten() {
            let picks = match h.others {
                Some(o) if o.sum() == 6 => self.hidden_night(o, rng),
                _ => std::array::from_fn(|c| self.draw(c, 2, rng)),
            };
            for c in 0..3 {
                rows[c] = rows[c].add(picks[c].double());
            }
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::planner::rows;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A hidden night is split among the rivals exactly as its per-lord total allows, each with
    /// its two picks, and mostly where each has been: column 1 on lord 0, columns 2 and 3 on 3.
    #[test]
    fn hidden_nights_fill_the_night_totals() {
        let mut pos = Position::initial([4; LORDS]);
        pos.turn = 3;
        pos.public = rows([
            [1, 5, 0, 0],
            [1, 0, 0, 0],
            [1, 0, 0, 0],
            [1, 0, 5, 5],
            [1, 0, 0, 0],
            [0, 0, 0, 0],
        ]);
        let total = Row::from_array([2, 0, 0, 4, 0, 0]);
        let rivals = RivalDraws::new(&pos);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let mut on_lord0 = [0u32; 3];
        for _ in 0..1000 {
            let picks = rivals.hidden_night(total, &mut rng);
            assert!(picks.iter().all(|p| p.sum() == 2), "{picks:?}");
            assert_eq!(picks[0].add(picks[1]).add(picks[2]), total);
            for c in 0..3 {
                on_lord0[c] += picks[c].get(0) as u32;
            }
        }
        assert!(on_lord0[0] > 1500 && on_lord0[1] + on_lord0[2] < 500, "{on_lord0:?}");
    }
}
