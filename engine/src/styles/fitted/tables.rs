//! A rule of per-lord tables, as orig-tables' recorded moves first showed it and as `daimyo
//! learn` fits it to any player's moves: every legal move scored as a sum over the lords of table
//! values, the best played (ties to the first move of `moves::legal`); no randomness, no
//! look-ahead. Turns before the first the tables cover play `Rule::Tables`'s fixed opening.
//!
//! A lord's value is read off by the turn, the picks k the move puts on the lord, and the lord's
//! state before the move (`cells`): its strength, and whether it is strong (5 or 6); its order
//! by strength; the own true intimacy against the others' public ones: the lead over the best
//! (-4..4), over the second best (-3..3) and over the worst (-4..4); its standing (top, a tie
//! counting as top; last, a tie counting as last; or middle) with the lead (top) or the gap to
//! the next one up (middle, last), 0..6; and the others' picks in the hidden nights (0..3). The
//! tables are crossed as `cells` lists them.
//!
//! The values are fitted by a conditional logit over the legal moves (the workshop's `learn`):
//! for the opponent model, to each learnt player's moves (in its field file); for the
//! workshop's sparring partner `tables`, to orig-tables' moves on the records' even seeds.

use crate::knowledge::Position;
use crate::rules::{DAY_PICKS, LORDS, Move, TURNS};
use crate::styles::{Rule, best_sum, by_strength, rival_nights, rivals};

/// Picks a move can put on one lord: 0..=5.
pub const KS: usize = DAY_PICKS + 1;
/// The families of tables, each by its number of cells (see `cells`): strength, lead, margin,
/// nights, order, lead x margin, lead x nights, strength x margin, standing, standing x nights,
/// leads.
const FAMILIES: [usize; 11] = [4, 9, 9, 4, 6, 81, 36, 36, 42, 12, 98];
/// Cells per turn.
pub const CELLS: usize = {
    let (mut n, mut f) = (0, 0);
    while f < FAMILIES.len() {
        n += FAMILIES[f];
        f += 1;
    }
    n
};

/// Tables by turn, cell and picks 0..5, in hundredths, from the turn `first` to turn 9.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    first: u8,
    values: Vec<i16>,
}

impl Tables {
    /// Values that cover the turns from the first to turn 9: `(TURNS - first + 1) x CELLS x KS`
    /// of them, laid out by turn, cell (`cells`) and picks.
    pub fn new(first: u8, values: Vec<i16>) -> Result<Tables, String> {
        if !(1..=TURNS).contains(&first) {
            return Err(format!("tables from turn {first}: the first turn is 1 to {TURNS}"));
        }
        let want = Tables::len_from(first);
        match values.len() == want {
            true => Ok(Tables { first, values }),
            false => Err(format!(
                "tables from turn {first} hold {want} values ({CELLS} cells x {KS} picks a \
                 turn), not {}",
                values.len()
            )),
        }
    }

    /// How many values tables from turn `first` hold.
    pub const fn len_from(first: u8) -> usize {
        (TURNS - first + 1) as usize * CELLS * KS
    }

    /// The tables `text` holds, whitespace-separated integers from turn `first` on; panics
    /// unless it is exactly that (for tables that are part of the source, read once).
    pub fn parse(first: u8, text: &str) -> Tables {
        let w = text.split_ascii_whitespace().map(|x| x.parse().expect("a table value"));
        Tables::new(first, w.collect()).expect("whole tables")
    }

    /// The first turn the tables cover.
    pub fn first(&self) -> u8 {
        self.first
    }

    /// The values, laid out as `new` takes them.
    pub fn values(&self) -> &[i16] {
        &self.values
    }

    /// The move the rule plays at `pos`.
    pub fn choose(&self, pos: &Position) -> Move {
        if pos.turn < self.first {
            return Rule::Tables.choose(pos);
        }
        let at = (pos.turn.min(TURNS) - self.first) as usize * CELLS;
        let cells = lord_cells(pos);
        let value: [[i32; KS]; LORDS] = std::array::from_fn(|l| {
            std::array::from_fn(|k| {
                cells[l].iter().map(|&c| self.values[(at + c) * KS + k] as i32).sum()
            })
        });
        best_sum(pos.phase, &value)
    }
}

/// Each lord's cells at `pos` (one in each family, offset into a turn's `CELLS`), whose values
/// at k picks add up to the lord's value.
pub fn lord_cells(pos: &Position) -> [[usize; FAMILIES.len()]; LORDS] {
    let nights = rival_nights(pos);
    let mut order = [0; LORDS];
    for (i, l) in by_strength(&pos.strengths).into_iter().enumerate() {
        order[l] = i;
    }
    std::array::from_fn(|l| {
        let mut others = rivals(pos, l);
        others.sort_unstable();
        cells(pos.strengths[l], pos.own.get(l) as i32, others, nights[l], order[l])
    })
}

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
