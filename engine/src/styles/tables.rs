//! One move deep with hand-tuned per-lord tables, after a world-final 3rd place.
//!
//! Every legal move (`moves::legal`) is scored as a sum over the lords of a table value, and the
//! best is played (ties to the earliest move of the table); no randomness, no look-ahead. A lord's
//! value depends on its rank after the move: the own true intimacy against the others' public
//! ones, a tie for top counting as top and a tie for bottom as last. Then:
//! - top: `TOP` by the lead over the second, less the lord's rival night count (one point per rival
//!   negotiation in the hidden nights: the nights went somewhere, and a lead the board shows may be
//!   gone already);
//! - middle: `MIDDLE` by the gap to the top;
//! - last: `LAST` by the picks that would lift it off last.
//!
//! Each table has a row per horizon, the moves left after this one before the next scoring: a
//! lead that is safe just before a scoring is not safe four moves before it. Values are percent of
//! the lord's strength; penalties (negative values) on strong lords (`STRONG` and up) are raised
//! by `STRONG_PENALTY` percent, so weak lords are the ones it concedes. In the first half every
//! point added carries `CARRY` percent of the lord's strength: intimacy stays for the second
//! scoring.
//!
//! The move just before a scoring (turns 5 and 9) has two rules of its own: being last on a strong
//! lord costs `NEGLECT` unless the move invests there, and a lead of `FAT_LEAD` or more gets
//! nothing more unless the others' hidden night picks there could have closed it.
//!
//! Turn 1 is fixed: two picks on the strongest lord, a third when it holds at least
//! `THIRD_PICK_SHARE` of the total strength and a fourth from `FOURTH_PICK_SHARE`, the rest on the
//! second strongest (ties to the lower index). Crowding the strongest lords early is what most of
//! the contest's programs did, and the rest of the game is spent defending them.

use super::standings::{best_sum, by_strength, rival_nights, rivals};
use crate::knowledge::Position;
use crate::rules::{DAY_PICKS, LORDS, Move, Phase, Row};

/// Strength from which a lord counts as strong.
pub const STRONG: u8 = 5;
/// Extra weight, in percent, of the penalties for middle and last on a strong lord.
pub const STRONG_PENALTY: i32 = 50;
/// Value per intimacy point added in the first half, in percent of the lord's strength.
pub const CARRY: i32 = 3;
/// Turns 5 and 9: last on a strong lord without investing there, in percent of its strength.
pub const NEGLECT: i32 = -300;
/// Turns 5 and 9: a lead this large is not added to unless hidden nights could have closed it.
pub const FAT_LEAD: i32 = 6;
/// What a move that breaks one of those rules is worth, per lord: less than any other move.
const FORBIDDEN: i32 = -100_000;
/// Turn 1: the strongest lord's share of the total strength that earns it a fourth pick.
pub const FOURTH_PICK_SHARE: f64 = 0.26;
/// Turn 1, two equally strong lords: from this share the lower index gets three picks.
pub const EQUAL_THIRD_SHARE: f64 = 0.21;

/// Horizons: moves left after this one before the next scoring, 0..=4.
const HORIZONS: usize = 5;

/// Top, by the lead less the rival night count, from -3 and under (index 0) to 5 and over.
const TOP: [[i32; 9]; HORIZONS] = [
    [0, 5, 15, 35, 60, 85, 93, 97, 100],
    [0, 3, 8, 18, 35, 58, 78, 92, 100],
    [0, 2, 5, 12, 25, 42, 60, 75, 88],
    [0, 0, 3, 8, 18, 32, 48, 64, 78],
    [0, 0, 3, 8, 18, 32, 48, 64, 78],
];
/// Middle, by the gap to the top, from 1 (index 0) to 6 and over.
const MIDDLE: [[i32; 6]; HORIZONS] = [
    [5, 0, -5, -5, -5, -5],
    [5, 3, 0, 0, -3, -5],
    [5, 3, 0, 0, -3, -5],
    [5, 3, 0, 0, -3, -5],
    [5, 3, 0, 0, -3, -5],
];
/// Last, by the picks that would lift it off last, from 1 (a tie for last, index 0) to 6 and over.
const LAST: [[i32; 6]; HORIZONS] = [
    [-55, -90, -100, -100, -100, -100],
    [-35, -50, -65, -75, -85, -95],
    [-25, -32, -40, -48, -55, -62],
    [-15, -20, -25, -30, -35, -40],
    [-15, -20, -25, -30, -35, -40],
];

/// The fixed turn-1 move, as negotiation counts. Fitted to orig-tables (every turn-1 record
/// agrees): the two strongest lords (ties to the lower index); four on the strongest and one on
/// the other when it holds `FOURTH_PICK_SHARE` of the total; otherwise three on the one of lower
/// index and two on the other, except that two equally strong lords get two and three (lower
/// index first) while the strongest holds less than `EQUAL_THIRD_SHARE`.
pub fn opening(strengths: &[u8; LORDS]) -> Row {
    let order = by_strength(strengths);
    let total: u32 = strengths.iter().map(|&m| m as u32).sum();
    let share = strengths[order[0]] as f64 / total.max(1) as f64;
    if share >= FOURTH_PICK_SHARE {
        return Row::ZERO.bump(order[0], 4).bump(order[1], 1);
    }
    let (lo, hi) = (order[0].min(order[1]), order[0].max(order[1]));
    let equal = strengths[order[0]] == strengths[order[1]];
    let first = if equal && share < EQUAL_THIRD_SHARE { 2 } else { 3 };
    Row::ZERO.bump(lo, first).bump(hi, DAY_PICKS as u8 - first)
}

/// The table value of `lord` when the move puts `picks` on it, in hundredths of a point; `n` is
/// the lord's rival night count.
pub fn lord_value(pos: &Position, lord: usize, picks: u8, n: i32) -> i32 {
    let m = pos.strengths[lord] as i32;
    let strong = pos.strengths[lord] >= STRONG;
    let turn = pos.turn.clamp(1, 9);
    let h = if turn <= 5 { 5 - turn } else { 9 - turn } as usize;
    let added = (picks * pos.phase.weight()) as i32;
    let before = pos.own.get(lord) as i32;
    let own = before + added;
    let mut r = rivals(pos, lord);
    r.sort_unstable();
    let [low, _, high] = r;

    let mut v = if own >= high {
        TOP[h][((own - high - n).clamp(-3, 5) + 3) as usize]
    } else if own > low {
        MIDDLE[h][(high - own).clamp(1, 6) as usize - 1]
    } else {
        LAST[h][(low - own + 1).clamp(1, 6) as usize - 1]
    };
    if v < 0 && strong {
        v += v * STRONG_PENALTY / 100;
    }
    if turn <= 5 {
        v += CARRY * added;
    }
    if h == 0 {
        if strong && own <= low && own < high && added == 0 {
            v += NEGLECT;
        }
        let lead = before - high;
        if lead >= FAT_LEAD && 2 * n < lead && added > 0 {
            v = FORBIDDEN;
        }
    }
    m * v
}

/// The move the rule plays at `pos`.
pub fn choose(pos: &Position) -> Move {
    if pos.turn == 1 && pos.phase == Phase::Day {
        return Move::from_counts(opening(&pos.strengths)).expect("five picks");
    }
    let picks = pos.phase.picks();
    let nights = rival_nights(pos);
    let value: [[i32; DAY_PICKS + 1]; LORDS] = std::array::from_fn(|l| {
        std::array::from_fn(|k| if k <= picks { lord_value(pos, l, k as u8, nights[l]) } else { 0 })
    });
    best_sum(pos.phase, &value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::standings::position;

    #[test]
    fn opens_on_the_two_strongest_lords() {
        for (st, want) in [
            // 6 of 30: two picks; lord 0 comes before lord 1, its equal.
            ([6, 6, 5, 5, 4, 4], [2, 3, 0, 0, 0, 0]),
            // 6 of 27: three; lord 3 is second strongest by its lower index.
            ([4, 6, 5, 6, 3, 3], [0, 3, 0, 2, 0, 0]),
            // 6 of 22: four.
            ([3, 3, 6, 3, 3, 4], [0, 0, 4, 0, 0, 1]),
            // 6 of 26, unequal: three on the lower index of the two, here the weaker.
            ([4, 5, 4, 3, 4, 6], [0, 3, 0, 0, 0, 2]),
        ] {
            let m = choose(&Position::initial(st));
            assert_eq!(m.counts().to_array(), want, "{st:?}");
        }
    }

    /// Turn 5, the last move before a scoring. Lords 0 and 1 are led by 6; the others' hidden
    /// night picks went 4 times to lord 0 and twice to lord 1. Lords 2..5 are out of reach (the
    /// others at 9, it at 0).
    #[test]
    fn before_a_scoring_it_guards_busy_leads_and_never_leaves_a_strong_lord_alone() {
        let lords =
            [[12, 6, 3, 2], [12, 6, 3, 2], [0, 9, 9, 9], [0, 9, 9, 9], [0, 9, 9, 9], [0, 9, 9, 9]];
        let pos = position([6, 6, 5, 3, 3, 3], 5, lords, [4, 2, 1, 2, 2, 1]);
        // Lord 0: the nights there could have closed the lead (2 x 4 >= 6), so it is reinforced.
        // Lord 1: they could not (2 x 2 < 6), and a lead of 6 is not added to, although the
        // table alone would rather have a pick there than the fourth on lord 0. Lord 2 is strong:
        // one hopeless pick saves the penalty for neglect; the weak lords get nothing.
        assert_eq!(choose(&pos).counts().to_array(), [4, 0, 1, 0, 0, 0]);
        // With a third night pick on lord 1 (2 x 3 >= 6) the others were busy there too.
        let busy = position([6, 6, 5, 3, 3, 3], 5, lords, [4, 3, 1, 2, 1, 1]);
        assert!(choose(&busy).counts().get(1) > 0);
    }
}
