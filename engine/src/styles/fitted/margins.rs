//! orig-margins' plan rule as its recorded moves show it, with per-turn constants.
//!
//! Per lord it needs, to top it, one point more than the best other's public intimacy plus a
//! multiple of the lord's rival night count plus a margin (`top_night`, `top_margin`), and to
//! stay off last one point more than the worst other's plus its own two constants; topping keeps
//! it off last too. Of the 729 plans (each lord topped, kept off last or given up), the ones whose
//! needs fit the budget (5 by day, `night_budget` by night) are ranked by what they hold (a lord
//! topped counts `top_weight` halves of its strength, one kept off last two halves), then as
//! `rank` says by the others' intimacy on the lords given up and by cost; plans are tried with
//! lord 0 the slowest role and give-up, off-last, top in that order, and `ties` says which plan
//! of equal rank the move serves: the first, the last, or all of them at once (each lord in the
//! highest role any of them gives it, as orig-margins splits its night-2 picks between two
//! equally strong lords it could top where it puts both on the stronger of two). The move fills
//! each plan lord to its need (strongest first, or the largest shortfall first), and spare picks
//! go round the plan lords as `spare` says.
//! Turn 1 is one pick on every lord but a weakest, as in all its records.
//!
//! The constants are fitted to a player's moves by coordinate descent (the workshop's `learn`):
//! for the opponent model, to each learnt player's moves where the rule foresees it (in its field
//! file); for the workshop's sparring partner `margins`, to orig-margins' moves on the records'
//! even seeds (`daimyo-lab fit-margins`).

use crate::knowledge::Position;
use crate::rules::{LORDS, Move, Phase, Row};
use crate::styles::{by_strength, opening, rival_nights, rivals};

/// How plans of equal holding are told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rank {
    /// More of the others' intimacy given up, then cheaper.
    Waste,
    /// Cheaper, then more given up.
    CheapThenWaste,
    /// Cheaper only.
    Cheap,
    /// Dearer, then more given up.
    DearThenWaste,
    /// Less given up, then cheaper.
    LessWaste,
}

/// Which of the plans of equal rank the move serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ties {
    /// The first tried.
    First,
    /// The last tried.
    Last,
    /// All of them: each lord takes the highest role any of them gives it.
    All,
}

/// Where picks left after every plan lord reached its need go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spare {
    /// Round the plan lords, strongest first.
    Plan,
    /// Round the topped lords, strongest first.
    Topped,
}

/// The name of each way, as a field file writes it.
macro_rules! named {
    ($t:ident: $($v:ident => $n:literal),+) => {
        impl $t {
            /// Every way, in the order declared.
            pub const ALL: [$t; [$($n),+].len()] = [$($t::$v),+];

            pub const fn name(self) -> &'static str {
                match self {
                    $($t::$v => $n),+
                }
            }

            /// The way called `name`.
            pub fn named(name: &str) -> Option<$t> {
                $t::ALL.into_iter().find(|x| x.name() == name)
            }
        }
    };
}

named!(Rank: Waste => "waste", CheapThenWaste => "cheap-then-waste", Cheap => "cheap",
    DearThenWaste => "dear-then-waste", LessWaste => "less-waste");
named!(Ties: First => "first", Last => "last", All => "all");
named!(Spare: Plan => "plan", Topped => "topped");

/// One turn's constants, named as in the module doc: `top_night`, `top_margin`, `last_night`,
/// `last_margin` (tenths of a point), `night_budget` (points), `top_weight` (halves of a
/// strength), `rank`, `ties`, whether to fill the largest shortfall first, `spare`.
pub type Setting = (i32, i32, i32, i32, i32, i32, Rank, Ties, bool, Spare);

/// The constants of turns 2 to 9: a plan rule whole.
pub type Plan = [Setting; 8];

/// The smallest whole intimacy above `tenths` tenths of a point.
fn above(tenths: i32) -> i32 {
    tenths.div_euclid(10) + 1
}

/// Per lord, the intimacy that tops it and the one that keeps it off last.
fn needs(
    pos: &Position,
    (top_night, top_margin, last_night, last_margin): (i32, i32, i32, i32),
) -> [(i32, i32); LORDS] {
    let nights = rival_nights(pos);
    std::array::from_fn(|l| {
        let others = rivals(pos, l);
        let (best, worst) = (others.iter().max().unwrap_or(&0), others.iter().min().unwrap_or(&0));
        let top = above(10 * best + top_night * nights[l] + top_margin);
        let off = above(10 * worst + last_night * nights[l] + last_margin);
        (top, off.min(top))
    })
}

/// Per lord and role (given up, off last, top): cost, holding, waste.
type Parts = [[(i32, i32, i32); 3]; LORDS];

/// Every plan (each lord's role: 0 given up, 1 kept off last, 2 topped) whose cost is within
/// `budget`, with its summed cost, holding and waste, in the order of the plans' numbers in base
/// 3 with lord 0 the first digit (the slowest role, give-up, off-last, top in that order). Costs
/// are never negative, so a plan whose first lords already cost too much is not gone through.
fn each_plan(parts: &Parts, budget: i32, f: &mut impl FnMut([usize; LORDS], (i32, i32, i32))) {
    fn from(
        l: usize,
        roles: &mut [usize; LORDS],
        (cost, held, wasted): (i32, i32, i32),
        parts: &Parts,
        budget: i32,
        f: &mut impl FnMut([usize; LORDS], (i32, i32, i32)),
    ) {
        if l == LORDS {
            return f(*roles, (cost, held, wasted));
        }
        for (role, &(c, h, w)) in parts[l].iter().enumerate() {
            if cost + c <= budget {
                roles[l] = role;
                from(l + 1, roles, (cost + c, held + h, wasted + w), parts, budget, f);
            }
        }
    }
    from(0, &mut [0; LORDS], (0, 0, 0), parts, budget, f);
}

/// The move the rule with `settings` (turns 2 to 9) plays at `pos`.
pub fn choose_with(pos: &Position, settings: &Plan) -> Move {
    if pos.turn <= 1 && pos.phase == Phase::Day {
        return opening(&pos.strengths);
    }
    let (tn, tm, ln, lm, night_budget, top_weight, rank, ties, shortfall_first, spare) =
        settings[pos.turn.clamp(2, 9) as usize - 2];
    let day = pos.phase == Phase::Day;
    let (mut left, worth): (usize, i32) = if day { (5, 1) } else { (2, 2) };
    let budget = if day { 5 } else { night_budget };
    let needs = needs(pos, (tn, tm, ln, lm));
    let own: [i32; LORDS] = std::array::from_fn(|l| pos.own.get(l) as i32);
    let m: [i32; LORDS] = pos.strengths.map(i32::from);
    let waste: [i32; LORDS] = std::array::from_fn(|l| rivals(pos, l).iter().sum());
    let parts: Parts = std::array::from_fn(|l| {
        [
            (0, 0, waste[l]),
            ((needs[l].1 - own[l]).max(0), 2 * m[l], 0),
            ((needs[l].0 - own[l]).max(0), top_weight * m[l], 0),
        ]
    });
    let mut best: Option<([usize; LORDS], (i32, i32, i32))> = None;
    each_plan(&parts, budget, &mut |roles, (cost, held, wasted)| {
        let key = match rank {
            Rank::Waste => (held, wasted, -cost),
            Rank::CheapThenWaste => (held, -cost, wasted),
            Rank::Cheap => (held, -cost, 0),
            Rank::DearThenWaste => (held, cost, wasted),
            Rank::LessWaste => (held, -wasted, -cost),
        };
        match best {
            Some((_, k)) if key < k => {}
            Some((ref mut all, k)) if key == k => match ties {
                Ties::First => {}
                Ties::Last => *all = roles,
                Ties::All => *all = std::array::from_fn(|l| all[l].max(roles[l])),
            },
            _ => best = Some((roles, key)),
        }
    });
    let roles = best.map_or([0; LORDS], |(r, _)| r);
    let target = |l: usize| match roles[l] {
        2 => Some(needs[l].0),
        1 => Some(needs[l].1),
        _ => None,
    };
    let strongest = by_strength(&pos.strengths);
    let mut fill = strongest;
    if shortfall_first {
        let short = |l: usize| target(l).map_or(0, |t| (t - own[l]).max(0));
        fill.sort_by_key(|&l| (-short(l), -m[l], l));
    }
    let (mut counts, mut cur) = (Row::ZERO, own);
    for l in fill {
        let Some(t) = target(l) else { continue };
        while left > 0 && cur[l] < t {
            counts = counts.bump(l, 1);
            cur[l] += worth;
            left -= 1;
        }
    }
    let keep = |l: &usize| match spare {
        Spare::Plan => roles[*l] != 0,
        Spare::Topped => roles[*l] == 2,
    };
    // Round the kept lords, or every lord if the plan keeps none.
    let none = !strongest.iter().any(keep);
    for &l in strongest.iter().filter(|l| none || keep(l)).cycle().take(left) {
        counts = counts.bump(l, 1);
    }
    Move::from_counts(counts).expect("the phase's number of picks")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The plans within the budget found by going through all 729 in order of their numbers.
    fn all_729(parts: &Parts, budget: i32) -> Vec<([usize; LORDS], (i32, i32, i32))> {
        let mut out = Vec::new();
        for code in 0..3usize.pow(LORDS as u32) {
            let roles: [usize; LORDS] =
                std::array::from_fn(|l| code / 3usize.pow(5 - l as u32) % 3);
            let sum = (0..LORDS).map(|l| parts[l][roles[l]]);
            let total = sum.fold((0, 0, 0), |a, x| (a.0 + x.0, a.1 + x.1, a.2 + x.2));
            if total.0 <= budget {
                out.push((roles, total));
            }
        }
        out
    }

    #[test]
    fn the_plans_within_the_budget_are_all_729_s_in_their_order() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(729);
        let mut seen = 0;
        for _ in 0..2000 {
            let small = |rng: &mut Xoshiro256PlusPlus| (rng.next_u64() % 7) as i32;
            let parts: Parts = std::array::from_fn(|_| {
                let w = small(&mut rng);
                [(0, 0, w), (small(&mut rng), small(&mut rng), 0), (small(&mut rng), 9, 0)]
            });
            let budget = (rng.next_u64() % 10) as i32 - 1;
            let mut got = Vec::new();
            each_plan(&parts, budget, &mut |roles, sums| got.push((roles, sums)));
            assert_eq!(got, all_729(&parts, budget), "{parts:?} within {budget}");
            seen += got.len();
        }
        assert!(seen > 2000 * 20, "{seen} plans: the budgets leave plans to go through");
    }
}
