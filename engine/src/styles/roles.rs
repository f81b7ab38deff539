//! Fixed per-lord roles, after a preliminary contest program: every lord gets a role from where the
//! daimyo stands on it, and the move pays for the roles.
//!
//! The others are estimated per lord as their public intimacy plus 1.2 (`RIVAL_NIGHT_TENTHS`) times
//! the lord's rival night count (`standings::rival_nights`): the hidden nights went somewhere, and
//! the lords that drew them are where someone is stronger than the board shows. A lord's standing
//! is the own true intimacy minus the mean of all four (equal standings ranked by the lower index,
//! as its original ranks them in every record). The `LEAD_ROLES` best standings are to be
//! led by 2 over the best other; the next `CLIMB_ROLES` to be lifted 1 above the worst other; the
//! last lord is ignored. Roles are paid strongest lord first as far as the picks go (a night pick
//! counts 2); picks left over go one each to the role lords, strongest first, round and round.
//! Turn 1, where nothing is known, puts one pick on each of the five strongest lords.
//!
//! The roles follow the standings, not the strengths: it keeps leading where it leads and drops the
//! lord where it is furthest behind, however strong. No randomness, no look-ahead.

use super::standings::{ceil_tenths, five_strongest, pay, rival_nights, rivals};
use crate::knowledge::Position;
use crate::rules::{LORDS, Move, Phase};
use std::cmp::Reverse;

/// Each rival's estimate per lord adds this many tenths of a point per rival night negotiation
/// on the lord (1.2 points).
pub const RIVAL_NIGHT_TENTHS: i32 = 12;
/// Lords (by standing) to lead, and by how many tenths over the best other.
pub const LEAD_ROLES: usize = 3;
pub const LEAD_MARGIN_TENTHS: i32 = 20;
/// Lords (by standing, after the led ones) to lift off last, and by how many tenths over the
/// worst other.
pub const CLIMB_ROLES: usize = 2;
pub const CLIMB_MARGIN_TENTHS: i32 = 10;

/// The intimacy a lord's role asks for, by standing (own minus the mean of all four); `None` for
/// the ignored lords. Ties in standing go to the stronger lord, then the lower index.
pub fn targets(pos: &Position) -> [Option<i32>; LORDS] {
    // In tenths of a point, so that 1.2 per night adds up exactly.
    let nights = rival_nights(pos);
    let est = |l: usize| rivals(pos, l).map(|r| 10 * r + RIVAL_NIGHT_TENTHS * nights[l]);
    let own = |l: usize| 10 * pos.own.get(l) as i32;
    // Four times own minus the mean: the order is the same.
    let standing: [i32; LORDS] = std::array::from_fn(|l| 3 * own(l) - est(l).iter().sum::<i32>());
    let mut lords: [usize; LORDS] = std::array::from_fn(|l| l);
    lords.sort_by_key(|&l| (Reverse(standing[l]), l));
    let mut out = [None; LORDS];
    for (rank, &l) in lords.iter().enumerate() {
        let e = est(l);
        let want = if rank < LEAD_ROLES {
            e.into_iter().max().expect("three rivals") + LEAD_MARGIN_TENTHS
        } else if rank < LEAD_ROLES + CLIMB_ROLES {
            e.into_iter().min().expect("three rivals") + CLIMB_MARGIN_TENTHS
        } else {
            continue;
        };
        out[l] = Some(ceil_tenths(want));
    }
    out
}

/// The move the rule plays at `pos`.
pub fn choose(pos: &Position) -> Move {
    if pos.turn == 1 && pos.phase == Phase::Day {
        return five_strongest(&pos.strengths);
    }
    pay(pos, &targets(pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::standings::position;

    /// Turn 3. Standings (own minus the mean of all four, the others estimated with 1.2 per night
    /// negotiation): lords 0, 2, 3 lead the list, then 5 and 1; lord 4 is furthest behind.
    #[test]
    fn pays_the_roles_strongest_lord_first() {
        let pos = position(
            [6, 5, 4, 3, 6, 5],
            3,
            [[4, 1, 1, 0], [2, 2, 1, 1], [3, 3, 0, 0], [2, 0, 0, 0], [0, 3, 2, 2], [1, 1, 1, 0]],
            [0, 2, 0, 1, 2, 1],
        );
        // Lead by 2: lord 0 is there already (1 + 2 = 3 <= 4), lord 2 wants 3 + 2, lord 3
        // 1.2 + 2 = 3.2, so 4. Climb one above the worst other: lord 5 wants 1.2 + 1, so 3; lord
        // 1 wants 3.4 + 1, so 5. Lord 4 (strength 6) is ignored.
        assert_eq!(targets(&pos), [Some(3), Some(5), Some(5), Some(4), None, Some(3)]);
        // Strength decides who is paid: lord 1 (3 picks) and lord 5 (2) before the weaker lords
        // 2 and 3, whose leads stay unbought; nothing on lord 4, the strongest.
        let m = choose(&pos);
        assert_eq!(m.counts().to_array(), [0, 3, 0, 0, 0, 2]);
    }
}
