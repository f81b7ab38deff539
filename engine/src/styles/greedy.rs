//! Greedy on strength: piles onto the strongest lords. Each pick goes to the lord with the
//! largest strength² / (1 + picks it already got this turn), so the strongest lords take several
//! picks and weak ones none. It ignores what anyone else does.

use crate::knowledge::Position;
use crate::rules::{LORDS, Move};

/// The move the rule plays at `pos`.
pub fn choose(pos: &Position) -> Move {
    let strengths = &pos.strengths;
    let mut picks = [0u32; LORDS];
    let mut lords = [0u8; 5];
    let n = pos.phase.picks();
    for l in lords.iter_mut().take(n) {
        // Compare strength_a² / (1 + picks_a) by cross-multiplication; ties go to the
        // stronger lord, then the lower index.
        let sq = |l: usize| strengths[l] as u32 * strengths[l] as u32;
        let best = (0..LORDS)
            .max_by(|&a, &b| {
                (sq(a) * (1 + picks[b]))
                    .cmp(&(sq(b) * (1 + picks[a])))
                    .then(strengths[a].cmp(&strengths[b]))
                    .then(b.cmp(&a))
            })
            .unwrap();
        picks[best] += 1;
        *l = best as u8;
    }
    Move::new(&lords[..n]).expect("lords in range")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::standings::position;

    #[test]
    fn piles_onto_the_strongest() {
        let st = [3, 6, 4, 3, 5, 3];
        // 36, 25, 36/2 = 18, 16, 25/2 = 12.5: the two strongest take two picks each.
        let m = choose(&Position::initial(st));
        assert_eq!(m.counts().to_array(), [0, 2, 1, 0, 2, 0]);
        let night = position(st, 2, [[0; 4]; LORDS], [0; LORDS]);
        assert_eq!(choose(&night).counts().to_array(), [0, 1, 0, 0, 1, 0]);
    }
}
