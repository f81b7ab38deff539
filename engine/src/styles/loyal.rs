//! Loyal to its lords: every move split in proportion to the own true intimacy so far, so that
//! a player keeps to the lords it started on, the way contest entries that "stick with their
//! lords" played. The first move, with nothing to go on, goes to the two strongest lords in
//! proportion to their strength (ties to the lower index).

use super::standings::by_strength;
use crate::knowledge::Position;
use crate::rules::{LORDS, Move, Row};
use std::cmp::Reverse;

/// `picks` split in proportion to `weights` by largest remainders (uniformly if all are zero):
/// each lord gets the whole part of its quota, the picks left go to the largest fractions, ties
/// to the larger weight, then the lower index.
pub fn apportion(weights: [u32; LORDS], picks: usize) -> Row {
    let weights = if weights.iter().all(|&x| x == 0) { [1; LORDS] } else { weights };
    let total: u64 = weights.iter().map(|&x| x as u64).sum();
    let quota = weights.map(|x| picks as u64 * x as u64);
    let mut counts = quota.map(|q| (q / total) as u8);
    let given: usize = counts.iter().map(|&c| c as usize).sum();
    let mut lords: [usize; LORDS] = std::array::from_fn(|l| l);
    lords.sort_by_key(|&l| (Reverse(quota[l] % total), Reverse(weights[l]), l));
    for &l in lords.iter().take(picks - given) {
        counts[l] += 1;
    }
    Row::from_array(counts)
}

/// The move the rule plays at `pos`.
pub fn choose(pos: &Position) -> Move {
    let own = pos.own.to_array().map(u32::from);
    let weights = if own.iter().any(|&x| x > 0) {
        own
    } else {
        let mut w = [0; LORDS];
        for &l in &by_strength(&pos.strengths)[..2] {
            w[l] = pos.strengths[l] as u32;
        }
        w
    };
    Move::from_counts(apportion(weights, pos.phase.picks())).expect("the phase's picks")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::standings::position;

    #[test]
    fn largest_remainders() {
        // 5 * 6/11 = 2.73 and 5 * 5/11 = 2.27: two each, the fifth to the larger fraction.
        assert_eq!(apportion([6, 0, 5, 0, 0, 0], 5).to_array(), [3, 0, 2, 0, 0, 0]);
        // Equal fractions: the larger weight, then the lower index.
        assert_eq!(apportion([3, 3, 6, 0, 0, 0], 2).to_array(), [1, 0, 1, 0, 0, 0]);
        assert_eq!(apportion([0; LORDS], 5).sum(), 5);
    }

    #[test]
    fn starts_on_the_two_strongest_then_keeps_to_its_lords() {
        let st = [3, 6, 4, 3, 5, 3];
        // 5 * 6/11 = 2.73 on lord 1, 5 * 5/11 = 2.27 on lord 4.
        let first = choose(&Position::initial(st));
        assert_eq!(first.counts().to_array(), [0, 3, 0, 0, 2, 0]);
        // Own intimacy 4, 0, 2 on lords 0 and 2: a night's two picks go 4/6 and 2/6.
        let mut night = position(st, 2, [[0; 4]; LORDS], [0; LORDS]);
        night.own = Row::from_array([4, 0, 2, 0, 0, 0]);
        assert_eq!(choose(&night).counts().to_array(), [1, 0, 1, 0, 0, 0]);
        night.own = Row::from_array([6, 0, 1, 0, 0, 0]);
        assert_eq!(choose(&night).counts().to_array(), [2, 0, 0, 0, 0, 0]);
    }
}
