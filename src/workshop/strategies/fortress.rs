//! `fortress`: a rule-based planner for the whole half, in the spirit of the world-final
//! programs that plan by rules, keep safety margins and concede early.
//!
//! Each turn it projects what every rival will hold on every lord at the next scoring: its
//! public intimacy, its part of the lord's hidden night picks, and the points it still adds
//! before the scoring, spread the way it has spread its intimacy so far (the lords' strengths
//! stand in for that before it has shown much). Topping a lord needs one more than the best
//! rival's projection plus a safety margin that grows with what that rival is still expected to
//! add there; keeping off last needs a half more than the worst rival's projection, with the same
//! kind of margin. Of the 729 plans (each lord topped, kept off last or given up) it takes the one
//! that holds the most strength (a top counting twice: it gains the lord and escapes its loss)
//! within all its own points to the scoring, the cheaper of two alike. So it decides early which
//! lords to fight for and never spends on the others.
//!
//! The move pays the plan a pick at a time (a night pick is worth 2), each pick to the plan lord
//! with the most still to pay, the stronger of two alike; once every need is paid, picks go to
//! the topped lord with the thinnest projected lead. No randomness: the same position, the same
//! move.

use daimyo_engine::knowledge::Position;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Row};
use daimyo_engine::styles::{Role, by_strength, every_plan, points_to_scoring, rival_nights};

/// Topping a lord asks for one more than the best rival's projection, plus this share of what
/// that rival is still expected to add there.
pub const TOP_MARGIN: f64 = 0.3;
/// Keeping off last asks for half a point more than the worst rival's projection, plus this
/// share of what that rival is still expected to add there.
pub const LAST_MARGIN: f64 = 0.3;
/// The weight of a lord's share of the total strength in a rival's spread, against the
/// intimacy the rival has shown: before it has shown this much, strength decides.
pub const PRIOR_POINTS: f64 = 6.0;

/// Each rival's (columns 1..3) spread: the share of its intimacy to come that goes to each lord.
fn spreads(pos: &Position) -> [[f64; LORDS]; DAIMYO] {
    let total: f64 = pos.strengths.iter().map(|&m| m as f64).sum();
    std::array::from_fn(|c| {
        let shown: f64 = (0..LORDS).map(|l| pos.public[c].get(l) as f64).sum();
        std::array::from_fn(|l| {
            let prior = PRIOR_POINTS * pos.strengths[l] as f64 / total;
            (pos.public[c].get(l) as f64 + prior) / (shown + PRIOR_POINTS)
        })
    })
}

/// Per rival (columns 1..3) and lord: what it is projected to hold at the next scoring, and the
/// part of it still to come.
pub fn projections(pos: &Position) -> [[(f64, f64); LORDS]; DAIMYO] {
    let spread = spreads(pos);
    let nights = rival_nights(pos);
    let to_come = points_to_scoring(pos.turn) as f64;
    std::array::from_fn(|c| {
        std::array::from_fn(|l| {
            if c == 0 {
                return (0.0, 0.0);
            }
            // The lord's hidden night picks, shared among the rivals by how each spreads.
            let all: f64 = (1..DAIMYO).map(|r| spread[r][l]).sum();
            let hidden = 2.0 * nights[l] as f64 * spread[c][l] / all;
            let more = to_come * spread[c][l];
            (pos.public[c].get(l) as f64 + hidden + more, more)
        })
    })
}

/// Per lord, the own intimacy that tops it and the one that keeps it off last, at the scoring.
pub fn needs(pos: &Position) -> [(i32, i32); LORDS] {
    let p = projections(pos);
    std::array::from_fn(|l| {
        let rivals = (1..DAIMYO).map(|c| p[c][l]);
        let best = rivals.clone().fold((f64::MIN, 0.0), |a, b| if b.0 > a.0 { b } else { a });
        let worst = rivals.fold((f64::MAX, 0.0), |a, b| if b.0 < a.0 { b } else { a });
        let top = (best.0 + 1.0 + TOP_MARGIN * best.1).ceil() as i32;
        let off = (worst.0 + 0.5 + LAST_MARGIN * worst.1).ceil() as i32;
        (top, off.min(top))
    })
}

/// The plan for `needs` (of `needs(pos)`): the fitting one that holds the most, then the
/// cheapest; with each lord's role, the own intimacy it aims for.
pub fn plan(pos: &Position, needs: &[(i32, i32); LORDS]) -> ([Role; LORDS], [i32; LORDS]) {
    let budget = points_to_scoring(pos.turn);
    let mut best = ([Role::GiveUp; LORDS], [0; LORDS], (i32::MIN, i32::MIN));
    for roles in every_plan() {
        let target: [i32; LORDS] = std::array::from_fn(|l| match roles[l] {
            Role::Top => needs[l].0,
            Role::OffLast => needs[l].1,
            Role::GiveUp => 0,
        });
        let cost: i32 = (0..LORDS).map(|l| (target[l] - pos.own.get(l) as i32).max(0)).sum();
        let held: i32 = (0..LORDS)
            .map(|l| match roles[l] {
                Role::Top => 2 * pos.strengths[l] as i32,
                Role::OffLast => pos.strengths[l] as i32,
                Role::GiveUp => 0,
            })
            .sum();
        let key = (held, -cost);
        if cost <= budget && key > best.2 {
            best = (roles, target, key);
        }
    }
    (best.0, best.1)
}

/// The move the rule plays at `pos`.
pub fn choose(pos: &Position) -> Move {
    let needs = needs(pos);
    let (roles, target) = plan(pos, &needs);
    let lead = needs.map(|n| n.0);
    let w = pos.phase.weight() as i32;
    let mut mine = pos.own.to_array().map(i32::from);
    let mut counts = Row::ZERO;
    let strongest = by_strength(&pos.strengths);
    for _ in 0..pos.phase.picks() {
        let owed = |l: usize| target[l] - mine[l];
        let planned = (0..LORDS).filter(|&l| roles[l] != Role::GiveUp);
        let pay = planned
            .clone()
            .filter(|&l| owed(l) > 0)
            .max_by_key(|&l| (owed(l), pos.strengths[l], std::cmp::Reverse(l)));
        // Every need paid: the topped lord whose lead is thinnest, else the strongest planned
        // lord, else the strongest lord.
        let spare = || {
            let tops = planned.clone().filter(|&l| roles[l] == Role::Top);
            tops.min_by_key(|&l| (mine[l] - lead[l], std::cmp::Reverse(pos.strengths[l]), l))
                .or_else(|| strongest.into_iter().find(|&l| roles[l] != Role::GiveUp))
                .unwrap_or(strongest[0])
        };
        let l = pay.unwrap_or_else(spare);
        counts = counts.bump(l, 1);
        mine[l] += w;
    }
    Move::from_counts(counts).unwrap_or_else(|| Move::lord_zero(pos.phase))
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::knowledge::HiddenNight;
    use daimyo_engine::rules::Phase;

    fn position(strengths: [u8; LORDS], turn: u8, lords: [[u8; DAIMYO]; LORDS]) -> Position {
        let mut pos = Position::initial(strengths);
        pos.turn = turn;
        pos.phase = Phase::of_turn(turn);
        pos.public = std::array::from_fn(|c| Row::from_array(std::array::from_fn(|l| lords[l][c])));
        pos.own = pos.public[0];
        pos
    }

    /// Turn 5, its last move before the scoring: 5 points to spend. Lord 0 (strength 6) is held
    /// by 6 against a best rival of 3; lord 1 (6) is the others' (9); lord 2 (5) is level at 2
    /// with everyone; lords 3-5 (3) nobody has touched. It keeps lord 0 (its projection 3.x
    /// leaves 6 enough), gives up lord 1, where topping or leaving last would cost more than
    /// the move has, and spends the move on lord 2 and the cheap weak lords.
    #[test]
    fn keeps_what_it_holds_gives_up_the_dear_lord_and_buys_the_cheap_ones() {
        let st = [6, 6, 5, 3, 3, 3];
        let pos =
            position(st, 5, [[6, 3, 2, 2], [0, 9, 9, 9], [2, 2, 2, 2], [0; 4], [0; 4], [0; 4]]);
        let (roles, _) = plan(&pos, &needs(&pos));
        assert_eq!(roles[0], Role::Top);
        assert_eq!(roles[1], Role::GiveUp);
        let m = choose(&pos).counts().to_array();
        assert_eq!(m[1], 0, "nothing on the lord given up: {m:?}");
        assert_eq!(m[0], 0, "lord 0 is safe: {m:?}");
        assert_eq!(m.iter().sum::<u8>(), 5);
    }

    /// Hidden night picks on a lord raise the rivals' projection there: the need to top it grows
    /// with them.
    #[test]
    fn hidden_nights_raise_the_need() {
        let st = [5, 5, 5, 4, 4, 4];
        let mut pos = position(st, 3, [[1, 1, 1, 1]; LORDS]);
        let before = needs(&pos)[0].0;
        pos.hidden[0] =
            Some(HiddenNight { turn: 2, others: Some(Row::from_array([6, 0, 0, 0, 0, 0])) });
        let after = needs(&pos)[0].0;
        assert!(after >= before + 3, "{before} -> {after}");
    }

    /// The rivals' habits count: a lord they have piled onto costs more to top than an equally
    /// strong lord they have left alone, by more than what they hold there now, since they are
    /// expected to go on piling onto it; and the plan prefers the neglected lord.
    #[test]
    fn prefers_the_lord_the_rivals_neglect() {
        let st = [5, 5, 3, 3, 3, 3];
        // Each rival has put all its 3 points on lord 0; the daimyo has nothing yet.
        let crowded = position(st, 3, [[0, 3, 3, 3], [0; 4], [0; 4], [0; 4], [0; 4], [0; 4]]);
        let n = needs(&crowded);
        // 3 for what they hold, and at least 3 more for what they will add (by strength alone
        // they would add the same to both).
        assert!(n[0].0 >= n[1].0 + 6, "{n:?}");
        let m = choose(&crowded).counts().to_array();
        assert!(m[1] > m[0], "{m:?}");
    }
}
