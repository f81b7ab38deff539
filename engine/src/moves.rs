//! Every legal move, and tables for drawing a uniformly random one in a single lookup.
//!
//! A move is a multiset: 252 of 5 lords by day, 21 of 2 by night. The official sample program
//! draws each index uniformly, so its move is one of 6^5 = 7776 (or 36) equally likely
//! sequences; `DAY_SEQUENCES` maps a sequence number to its negotiation counts so a rollout
//! draws a whole random move with one multiply and one load. All tables are built at compile
//! time: nothing delays `READY`.

use crate::rules::{DAY_PICKS, LORDS, NIGHT_PICKS, Phase, Row};

pub const DAY_MOVES_COUNT: usize = 252;
pub const NIGHT_MOVES_COUNT: usize = 21;
/// Upper bound on the moves of any turn, for fixed-size candidate tables.
pub const MAX_MOVES: usize = DAY_MOVES_COUNT;
pub const DAY_SEQUENCES_COUNT: usize = 7776;
pub const NIGHT_SEQUENCES_COUNT: usize = 36;

/// Counts of sequence `seq` of `picks` base-6 digits, each digit weighted `w`.
const fn sequence_counts(mut seq: usize, picks: usize, w: u64) -> u64 {
    let mut v = 0u64;
    let mut i = 0;
    while i < picks {
        v += w << (8 * (seq % LORDS));
        seq /= LORDS;
        i += 1;
    }
    v
}

const fn sequences<const N: usize>(picks: usize, w: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut s = 0;
    while s < N {
        t[s] = sequence_counts(s, picks, w);
        s += 1;
    }
    t
}

/// Multisets in lexicographic order of their sorted lords: the nondecreasing sequences.
const fn multisets<const N: usize>(picks: usize) -> [Row; N] {
    let mut out = [Row(0); N];
    let mut n = 0;
    let total = LORDS.pow(picks as u32);
    let mut s = 0;
    while s < total {
        // Digits most significant first must not decrease.
        let mut ok = true;
        let mut prev = 0;
        let mut i = picks;
        while i > 0 {
            i -= 1;
            let d = s / LORDS.pow(i as u32) % LORDS;
            if d < prev {
                ok = false;
            }
            prev = d;
        }
        if ok {
            out[n] = Row(sequence_counts(s, picks, 1));
            n += 1;
        }
        s += 1;
    }
    assert!(n == N);
    out
}

/// Negotiation counts of every day move.
pub static DAY_MOVES: [Row; DAY_MOVES_COUNT] = multisets::<DAY_MOVES_COUNT>(DAY_PICKS);
/// Negotiation counts of every night move.
pub static NIGHT_MOVES: [Row; NIGHT_MOVES_COUNT] = multisets::<NIGHT_MOVES_COUNT>(NIGHT_PICKS);
/// Intimacy increments of the 7776 equally likely random day sequences.
pub static DAY_SEQUENCES: [u64; DAY_SEQUENCES_COUNT] =
    sequences::<DAY_SEQUENCES_COUNT>(DAY_PICKS, 1);
/// Intimacy increments (worth 2 each) of the 36 equally likely random night sequences.
pub static NIGHT_SEQUENCES: [u64; NIGHT_SEQUENCES_COUNT] =
    sequences::<NIGHT_SEQUENCES_COUNT>(NIGHT_PICKS, 2);

/// The legal moves of a phase, as negotiation counts.
pub fn legal(phase: Phase) -> &'static [Row] {
    match phase {
        Phase::Day => &DAY_MOVES,
        Phase::Night => &NIGHT_MOVES,
    }
}

/// Probability that independent picks with per-lord probabilities `p` produce `counts`
/// (the multinomial law).
pub fn multinomial(counts: Row, p: &[f64; LORDS]) -> f64 {
    let mut prob = 1.0;
    let mut n = 0u32;
    for l in 0..LORDS {
        for k in 0..counts.get(l) as u32 {
            n += 1;
            prob *= p[l] * n as f64 / (k + 1) as f64;
        }
    }
    prob
}

/// A uniformly random 32-bit number scaled onto `0..n` (Lemire's multiply-shift; the bias is
/// below n / 2^32).
#[inline(always)]
pub fn scale(r: u32, n: usize) -> usize {
    ((r as u64 * n as u64) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_once() {
        let mut all: Vec<Row> = DAY_MOVES.to_vec();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 252);
        assert!(DAY_MOVES.iter().all(|m| m.sum() == 5));
        assert!(NIGHT_MOVES.iter().all(|m| m.sum() == 2));
        assert_eq!(NIGHT_MOVES[0].to_array(), [2, 0, 0, 0, 0, 0]);
        for phase in [Phase::Day, Phase::Night] {
            let lists: Vec<Vec<u8>> = legal(phase)
                .iter()
                .map(|&r| crate::rules::Move::from_counts(r).unwrap().lords().to_vec())
                .collect();
            assert!(
                lists.windows(2).all(|w| w[0] < w[1]),
                "ascending lord lists in order, no repeats"
            );
        }
        assert_eq!(NIGHT_MOVES[20].to_array(), [0, 0, 0, 0, 0, 2]);
    }

    #[test]
    fn sequences_cover_moves_with_multinomial_weights() {
        let uniform = [1.0 / 6.0; LORDS];
        for m in DAY_MOVES {
            let seqs = DAY_SEQUENCES.iter().filter(|&&s| s == m.0).count();
            assert!((seqs as f64 / 7776.0 - multinomial(m, &uniform)).abs() < 1e-12);
        }
        assert!(NIGHT_SEQUENCES.iter().all(|&s| Row(s).sum() == 4));
        let total: f64 = NIGHT_MOVES.iter().map(|&m| multinomial(m, &uniform)).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}
