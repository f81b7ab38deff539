//! orig-tables' rule as its recorded moves show it: every legal move scored as a sum over the
//! lords of table values, the best played (ties to the first move of `moves::legal`); no
//! randomness, no look-ahead. Turn 1 is the program's fixed opening (`Rule::Tables`, which every
//! turn-1 record agrees with).
//!
//! A lord's value is read off by the turn, the picks k the move puts on the lord, and the lord's
//! state before the move (`cells`): its strength, and whether it is strong (5 or 6); its order
//! by strength; the own true intimacy against the others' public ones: the lead over the best
//! (-4..4), over the second best (-3..3) and over the worst (-4..4); its standing (top, a tie
//! counting as top; last, a tie counting as last; or middle) with the lead (top) or the gap to
//! the next one up (middle, last), 0..6; and the others' picks in the hidden nights (0..3). The
//! tables are crossed as `cells` lists them.
//!
//! The values are fitted to orig-tables' recorded moves by `lab/scripts/fit_tables.py`, on one
//! half of the records' seeds: the odd seeds for the opponent model (`tables-odd.txt`, this
//! module's `choose`), the even seeds for the workshop's sparring partner `tables`, so that a
//! table of the sparring partner tests the model on moves no fit of its saw. Exact agreement
//! with orig-tables' moves of turns 2-9 (`fit_tables.py`'s report), on the seeds fitted / held
//! out: odd fit 0.81 / 0.50, even fit 0.82 / 0.52.

use crate::knowledge::Position;
use crate::rules::{DAY_PICKS, LORDS, Move};
use crate::styles::{Rule, best_sum, by_strength, rival_nights, rivals};
use std::sync::LazyLock;

/// Picks a move can put on one lord: 0..=5.
const KS: usize = DAY_PICKS + 1;
/// The families of tables, each by its number of cells (see `cells`): strength, lead, margin,
/// nights, order, lead x margin, lead x nights, strength x margin, standing, standing x nights,
/// leads.
const FAMILIES: [usize; 11] = [4, 9, 9, 4, 6, 81, 36, 36, 42, 12, 98];
/// Cells per turn.
const CELLS: usize = {
    let (mut n, mut f) = (0, 0);
    while f < FAMILIES.len() {
        n += FAMILIES[f];
        f += 1;
    }
    n
};

/// Tables by turn 2..9, cell and picks 0..5, in hundredths, as `lab/scripts/fit_tables.py`
/// writes them: whitespace-separated integers.
pub struct Tables(Vec<i16>);

impl Tables {
    /// The tables `text` holds; panics unless it is exactly the tables of turns 2 to 9 (the
    /// files are part of the source, read once).
    pub fn parse(text: &str) -> Tables {
        let w: Vec<i16> =
            text.split_ascii_whitespace().map(|x| x.parse().expect("a table value")).collect();
        assert_eq!(w.len(), 8 * CELLS * KS, "the tables of turns 2 to 9");
        Tables(w)
    }
}

/// The tables fitted on the records' odd seeds, which the opponent model reads.
static ODD: LazyLock<Tables> = LazyLock::new(|| Tables::parse(include_str!("tables-odd.txt")));

/// The cells, one in each family, whose values at k picks add up to a lord's value: `own` is the
/// own true intimacy, `rivals` the others' public ones (ascending), `nights` the others' hidden
/// night picks, `order` the lord's place by strength (0: the strongest).
fn cells(strength: u8, own: i32, rivals: [i32; 3], nights: i32, order: usize) -> [usize; 11] {
    let [low, second, high] = rivals;
    let s = strength.clamp(3, 6) as usize - 3;
    let strong = usize::from(strength >= 5);
    let n = nights.clamp(0, 3) as usize;
    let lead = ((own - high).clamp(-4, 4) + 4) as usize;
    let margin = ((own - low).clamp(-4, 4) + 4) as usize;
    let (standing, gap) = if own >= high {
        (0, own - high)
    } else {
        let up = rivals.into_iter().filter(|&r| r > own).min().unwrap_or(high);
        (if own <= low { 2 } else { 1 }, up - own)
    };
    let gap = gap.min(6) as usize;
    let near = |d: i32| (d.clamp(-3, 3) + 3) as usize;
    let index = [
        s,
        lead,
        margin,
        n,
        order,
        lead * 9 + margin,
        lead * 4 + n,
        s * 9 + margin,
        (standing * 7 + gap) * 2 + strong,
        standing * 4 + n,
        (strong * 7 + near(own - high)) * 7 + near(own - second),
    ];
    let mut at = 0;
    std::array::from_fn(|f| {
        debug_assert!(index[f] < FAMILIES[f]);
        let cell = at + index[f];
        at += FAMILIES[f];
        cell
    })
}

/// How often, turn by turn (1 to 9), the rule fitted on one half of the records' seeds plays
/// orig-tables' move on the other half: the sparring partner `tables` (fitted on the even seeds)
/// on the odd seeds of `daimyo-finalists-7001`, `field-a-7101` and `field-b-7201`
/// (`daimyo-lab agreement --seeds odd`, 149 games). It stands for `tables-odd`'s agreement on
/// moves its fit did not see, without reading the even seeds the model is checked on.
pub const HELD_OUT: [f64; 9] = [1.00, 0.66, 0.64, 0.66, 0.21, 0.44, 0.30, 0.50, 0.23];

/// The move the rule fitted on the odd seeds plays at `pos`: the opponent model's `tables-odd`.
pub fn choose(pos: &Position) -> Move {
    choose_with(pos, &ODD)
}

/// The move the rule with `tables` plays at `pos`.
pub fn choose_with(pos: &Position, tables: &Tables) -> Move {
    if pos.turn <= 1 {
        return Rule::Tables.choose(pos);
    }
    let turn = pos.turn.min(9) as usize - 2;
    let weights = &tables.0;
    let nights = rival_nights(pos);
    let mut order = [0; LORDS];
    for (i, l) in by_strength(&pos.strengths).into_iter().enumerate() {
        order[l] = i;
    }
    let value: [[i32; KS]; LORDS] = std::array::from_fn(|l| {
        let mut others = rivals(pos, l);
        others.sort_unstable();
        let own = pos.own.get(l) as i32;
        let at = cells(pos.strengths[l], own, others, nights[l], order[l]);
        std::array::from_fn(|k| {
            at.iter().map(|&c| weights[((turn * CELLS) + c) * KS + k] as i32).sum()
        })
    });
    best_sum(pos.phase, &value)
}
