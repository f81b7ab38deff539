//! Per-lord rules: aim for first where affordable, avoid last on strong lords, ignore the rest.
//!
//! Each lord is judged alone, comparing the own true intimacy with the others' public ones (the
//! best and the worst of the three); a night pick counts 2. The picks of a move go, in order:
//! 1. **Escape last.** For each lord of strength at least `STRONG` on which it is last or shares
//!    last, the picks that lift it above the worst other; paid when they are at most
//!    `ESCAPE_PICKS` and still available. Stronger lords first, then cheaper, then lower index.
//! 2. **Become first.** For each lord it does not lead alone, the picks that put it one above the
//!    best other; paid when still available, best strength / picks first (then stronger, then
//!    lower index); a lord too dear for what is left is skipped, not half-paid.
//! 3. **Reinforce.** Each pick left goes to the lord it leads by the smallest margin (if it leads
//!    none: the lord it is closest to leading), ties to the stronger, then the lower index.
//!
//! Contest entries written as a handful of such rules were common and beat random play easily;
//! they see each lord alone and never weigh one lord against the whole score.

use crate::knowledge::Position;
use crate::rules::{LORDS, Move, Phase, Row};
use std::cmp::Reverse;

/// Lords this strong are worth picks merely to avoid their penalty.
pub const STRONG: u8 = 5;
/// The most picks one escape from last place may cost.
pub const ESCAPE_PICKS: i32 = 2;

/// The move the rule plays at `pos`.
pub fn choose(pos: &Position) -> Move {
    let v = pos;
    let st = pos.strengths.map(i32::from);
    let others = |l: usize| [1, 2, 3].map(|c| v.public[c].get(l) as i32);
    let hi: [i32; LORDS] = std::array::from_fn(|l| others(l).into_iter().max().unwrap());
    let lo: [i32; LORDS] = std::array::from_fn(|l| others(l).into_iter().min().unwrap());
    let mut p = Purse::new(v.own, v.phase);

    let mut lords: [usize; LORDS] = std::array::from_fn(|l| l);
    let escape: [i32; LORDS] = std::array::from_fn(|l| p.picks_to(l, lo[l] + 1));
    lords.sort_by_key(|&l| (Reverse(st[l]), escape[l], l));
    for &l in &lords {
        let k = escape[l];
        if st[l] >= STRONG as i32 && p.mine[l] <= lo[l] && k <= ESCAPE_PICKS && k <= p.left {
            p.spend(l, k);
        }
    }

    let first: [i32; LORDS] = std::array::from_fn(|l| p.picks_to(l, hi[l] + 1));
    lords.sort_by(|&a, &b| {
        (st[b] * first[a]).cmp(&(st[a] * first[b])).then(st[b].cmp(&st[a])).then(a.cmp(&b))
    });
    for &l in &lords {
        if p.mine[l] <= hi[l] && first[l] <= p.left {
            p.spend(l, first[l]);
        }
    }

    while p.left > 0 {
        let leads = (0..LORDS).any(|l| p.mine[l] > hi[l]);
        let l = (0..LORDS)
            .filter(|&l| !leads || p.mine[l] > hi[l])
            .min_by_key(|&l| (p.mine[l] - hi[l], Reverse(st[l]), l))
            .expect("six lords");
        p.spend(l, 1);
    }
    Move::from_counts(p.counts).expect("the phase's number of picks")
}

/// The move being built: picks spent so far, the own intimacy they lead to, picks left.
pub(super) struct Purse {
    pub(super) counts: Row,
    mine: [i32; LORDS],
    pub(super) left: i32,
    /// Intimacy per pick: 1 by day, 2 by night.
    w: i32,
}

impl Purse {
    /// An empty move of `phase` for a daimyo whose true intimacy is `own`.
    pub(super) fn new(own: Row, phase: Phase) -> Purse {
        Purse {
            counts: Row::ZERO,
            mine: own.to_array().map(i32::from),
            left: phase.picks() as i32,
            w: phase.weight() as i32,
        }
    }

    /// Picks that take the own intimacy with `lord` to at least `target`.
    pub(super) fn picks_to(&self, lord: usize, target: i32) -> i32 {
        ((target - self.mine[lord]).max(0) + self.w - 1) / self.w
    }

    pub(super) fn spend(&mut self, lord: usize, picks: i32) {
        self.counts = self.counts.bump(lord, picks as u8);
        self.mine[lord] += picks * self.w;
        self.left -= picks;
    }

    /// Spends what is left, up to the picks that take `lord` to `target`.
    pub(super) fn fill(&mut self, lord: usize, target: i32) {
        let k = self.picks_to(lord, target).min(self.left);
        self.spend(lord, k);
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::standings::position;

    #[test]
    fn pays_to_leave_last_place_on_a_strong_lord() {
        let st = [5, 4, 4, 4, 4, 4];
        // Lord 0 (strength 5): own 2, the others 9, 4, 3. Last; two picks lift it above 3, and
        // first (10) is out of reach. Lords 1..5: nobody has anything, one pick makes first.
        let lords = [[2, 9, 4, 3], [0; 4], [0; 4], [0; 4], [0; 4], [0; 4]];
        // Knapsack would rather take five weak lords at 4 each (20 > 5 + 12); greedy would spread
        // over the strongest. The rules escape first, then buy firsts in index order.
        let m = choose(&position(st, 3, lords, [0; LORDS]));
        assert_eq!(m.counts().to_array(), [2, 1, 1, 1, 0, 0]);
        // By night a pick is worth 2: one pick escapes, the other buys a first.
        let night = position(st, 4, lords, [0; LORDS]);
        assert_eq!(choose(&night).counts().to_array(), [1, 1, 0, 0, 0, 0]);
    }
}
