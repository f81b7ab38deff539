//! What the searching rules play out from: a position as a `rules::State` in column order, and
//! uniformly random picks drawn from one random number. The workshop's `flatmc` uses them too.

use crate::knowledge::Position;
use crate::rules::{DAIMYO, LORDS, Phase, Row, State};
use rand::Rng;

/// `picks` lords drawn uniformly with repetition, as negotiation counts, from one random
/// number: multiplying by 6 lifts the next lord index into the high 64 bits of the product.
/// Five draws use 13 of the 64 bits, so the bias is far below anything a playout can notice.
#[inline]
pub fn random_counts(rng: &mut impl Rng, picks: usize) -> Row {
    let mut r = rng.next_u64();
    let mut row = Row::ZERO;
    for _ in 0..picks {
        let m = r as u128 * LORDS as u128;
        row = row.bump((m >> 64) as usize, 1);
        r = m as u64;
    }
    row
}

/// What a search starts from, in column order (column 0 is the searcher).
#[derive(Clone, Copy, Debug)]
pub struct Root {
    /// Row 0 holds the own true intimacy, rows 1..3 the others' public ones; the turn, and the
    /// turn-5 scores once they are past.
    pub state: State,
    /// The phase of the move asked for.
    pub phase: Phase,
    /// Nights each other daimyo has played that its row does not show.
    pub hidden_nights: u8,
}

impl Root {
    pub fn of_position(pos: &Position) -> Root {
        let mut state = State::new(pos.strengths);
        state.turn = pos.turn;
        state.real = pos.public;
        state.real[0] = pos.own;
        state.public = pos.public;
        state.score5 = pos.score5.unwrap_or([0; DAIMYO]);
        let hidden_nights = pos.hidden.iter().flatten().count() as u8;
        Root { state, phase: pos.phase, hidden_nights }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn random_counts_are_uniform() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut per_lord = [0u32; LORDS];
        for _ in 0..6000 {
            let r = random_counts(&mut rng, 5);
            assert_eq!(r.sum(), 5);
            for (l, n) in per_lord.iter_mut().enumerate() {
                *n += r.get(l) as u32;
            }
        }
        assert!(per_lord.iter().all(|&n| (4700..5300).contains(&n)), "{per_lord:?}");
    }
}
