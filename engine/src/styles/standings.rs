//! What the rules after contest programs (`tables`, `roles`, `margins`) read off a position.
//!
//! The three judge every lord alone: the own true intimacy against the others' public ones, with
//! the others' hidden nights seen only as a per-lord count (how many of the other three daimyo's
//! negotiations in the hidden nights went to the lord). That count is the tracker's inference
//! (`Position::hidden`), so these rules read the `Position` their agent is handed.

use super::lord_rules::Purse;
use crate::knowledge::Position;
use crate::moves::legal;
use crate::rules::{DAY_PICKS, LORDS, Move, Phase, Row};
use std::cmp::Reverse;

/// Per lord, the other three daimyo's negotiations in the hidden nights that the next scoring
/// counts, as far as they are known.
pub fn rival_nights(pos: &Position) -> [i32; LORDS] {
    let known = pos.hidden.iter().flatten().filter_map(|h| h.others);
    let total = known.fold(Row::ZERO, Row::add);
    total.to_array().map(i32::from)
}

/// The others' public intimacies with `lord` (columns 1..3).
pub fn rivals(pos: &Position, lord: usize) -> [i32; 3] {
    [1, 2, 3].map(|c| pos.public[c].get(lord) as i32)
}

/// Lords strongest first, ties to the lower index.
pub fn by_strength(strengths: &[u8; LORDS]) -> [usize; LORDS] {
    let mut lords: [usize; LORDS] = std::array::from_fn(|l| l);
    lords.sort_by_key(|&l| (Reverse(strengths[l]), l));
    lords
}

/// One pick on each of the five strongest lords, the weakest left out (ties to the lower index).
pub fn five_strongest(strengths: &[u8; LORDS]) -> Move {
    let lords = by_strength(strengths);
    let counts = lords[..DAY_PICKS].iter().fold(Row::ZERO, |r, &l| r.bump(l, 1));
    Move::from_counts(counts).expect("five lords")
}

/// The legal move of `phase` whose values per lord (`value[lord][picks on it]`) sum highest, ties
/// to the first of `moves::legal`.
pub fn best_sum(phase: Phase, value: &[[i32; DAY_PICKS + 1]; LORDS]) -> Move {
    let mut best = (i32::MIN, Row::ZERO);
    for &counts in legal(phase) {
        let v = (0..LORDS).map(|l| value[l][counts.get(l) as usize]).sum();
        if v > best.0 {
            best = (v, counts);
        }
    }
    Move::from_counts(best.1).expect("a legal move")
}

/// Tenths of a point rounded up to whole points (for non-negative values): the fractional rival
/// estimates of `roles` and `margins` are kept in tenths so that they add up exactly.
pub fn ceil_tenths(tenths: i32) -> i32 {
    (tenths.max(0) + 9) / 10
}

/// Intimacy points a daimyo still adds before the next scoring, the coming move included: 5 a
/// day, 4 a night.
pub fn points_to_scoring(turn: u8) -> i32 {
    let last = if turn <= 5 { 5 } else { 9 };
    (turn..=last).map(|t| if t % 2 == 1 { 5 } else { 4 }).sum()
}

/// The move that takes each lord with a target to it, strongest lord first, as far as the picks
/// go (a night pick counts 2); picks left over go one each round the lords with a target,
/// strongest first, or round every lord if none has one.
pub fn pay(pos: &Position, targets: &[Option<i32>; LORDS]) -> Move {
    let mut p = Purse::new(pos.own, pos.phase);
    let order = by_strength(&pos.strengths);
    for &l in &order {
        if let Some(t) = targets[l] {
            p.fill(l, t);
        }
    }
    let any = targets.iter().any(Option::is_some);
    for &l in order.iter().filter(|&&l| !any || targets[l].is_some()).cycle() {
        if p.left <= 0 {
            break;
        }
        p.spend(l, 1);
    }
    Move::from_counts(p.counts).expect("the phase's number of picks")
}

/// A position for tests: per lord the own true intimacy and the three others' public ones, and
/// the lord's rival night count, all of it in one hidden night.
#[cfg(test)]
pub(crate) fn position(
    strengths: [u8; LORDS],
    turn: u8,
    lords: [[u8; 4]; LORDS],
    nights: [u8; LORDS],
) -> Position {
    use crate::knowledge::HiddenNight;
    use crate::rules::Phase;
    let mut pos = Position::initial(strengths);
    pos.turn = turn;
    pos.phase = Phase::of_turn(turn);
    pos.public = std::array::from_fn(|c| Row::from_array(std::array::from_fn(|l| lords[l][c])));
    pos.own = pos.public[0];
    let others = Some(Row::from_array(nights));
    pos.hidden[0] = Some(HiddenNight { turn: turn - turn % 2, others });
    pos
}

#[cfg(test)]
mod tests {
    use crate::knowledge::Position;
    use crate::styles::Rule;

    #[test]
    fn roles_and_margins_open_with_one_pick_on_each_lord_but_a_weakest() {
        // Lords 1 and 4 tie for weakest: roles keeps the lower index, margins drops it, as
        // every turn-1 record of the originals does.
        let st = [5, 3, 4, 6, 3, 4];
        for (rule, want) in [(Rule::Roles, [1, 1, 1, 1, 0, 1]), (Rule::Margins, [1, 0, 1, 1, 1, 1])]
        {
            let m = rule.choose(&Position::initial(st));
            assert_eq!(m.counts().to_array(), want, "{rule:?}");
        }
    }
}
