//! `tables`: plays like orig-tables, the 2014 program of the recorded field games, as its moves
//! show it. Like the program, it scores every legal move as a sum over the lords of table values
//! and plays the best (ties to the first move of `moves::legal`); no randomness, no look-ahead.
//! Turn 1 is the program's fixed opening (`Rule::Tables`, which every turn-1 record agrees
//! with).
//!
//! A lord's value is read off by the turn, the picks k the move puts on the lord, and the lord's
//! state before the move (`cells`): its strength, and whether it is strong (5 or 6); its order
//! by strength; the own true intimacy against the others' public ones: the lead over the best
//! (-4..4), over the second best (-3..3) and over the worst (-4..4); its standing (top, a tie
//! counting as top; last, a tie counting as last; or middle) with the lead (top) or the gap to
//! the next one up (middle, last), 0..6; and the others' picks in the hidden nights (0..3). The
//! tables are crossed as `cells` lists them. What the records taught that the description did not
//! say: the lead over the second best counts on a strong lord (at night 2 the program reinforces
//! 2 against 1, 1, 0 but not 2 against 1, 0, 0, and never takes a strong lord at 0 against
//! 1, 1, 0 while it takes one at 0 against 1, 0, 0), and values go by the picks added, not by
//! the standing after the move.
//!
//! The tables (`weights`) are fitted to orig-tables' moves on the even seeds of the field games
//! by `lab/scripts/fit_tables.py`, the odd seeds held out. `daimyo-lab agreement --as
//! orig-tables=NAME`, the share of orig-tables' moves played exactly, even seeds / odd seeds:
//! this rule 0.82 / 0.52 (odd by turn: 1.00, 0.66, 0.64, 0.66, 0.21, 0.44, 0.30, 0.50, 0.23);
//! the likeness it replaced (the likeliest move of a move model) 0.42 / 0.32; the rule written
//! from the description (`tables-described`) 0.17 / 0.17.

use daimyo_engine::knowledge::Position;
use daimyo_engine::rules::{DAY_PICKS, LORDS, Move};
use daimyo_engine::styles::{Rule, best_sum, by_strength, rival_nights, rivals};
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

/// The tables, in hundredths, by turn 2..9, cell and picks 0..5, as `lab/scripts/fit_tables.py`
/// writes them.
static WEIGHTS: LazyLock<Vec<i16>> = LazyLock::new(|| {
    let text = include_str!("tables/weights.txt");
    let w: Vec<i16> =
        text.split_ascii_whitespace().map(|x| x.parse().expect("a table value")).collect();
    assert_eq!(w.len(), 8 * CELLS * KS, "the tables of turns 2 to 9");
    w
});

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

/// The move `tables` plays at `pos`.
pub fn choose(pos: &Position) -> Move {
    if pos.turn <= 1 {
        return Rule::Tables.choose(pos);
    }
    let turn = pos.turn.min(9) as usize - 2;
    let weights = &*WEIGHTS;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workshop::arena::journal::games_of;
    use daimyo_engine::agent::LocalGame;
    use daimyo_engine::moves;
    use daimyo_engine::rules::Phase;

    /// orig-tables' turns in the held-out games of `field-a-7101` (its odd seeds): the moves
    /// `tables` plays there, all legal, and how many are the recorded one.
    #[test]
    fn plays_the_recorded_move_of_orig_tables_in_most_held_out_positions() {
        let file =
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/field-games/field-a-7101.jsonl");
        let games = games_of("test", &[file.to_string()]).expect("the recorded games");
        let (mut asked, mut same, mut late) = (0, 0, [0, 0]);
        for g in games.iter().filter(|g| g.seed % 2 == 1) {
            let seat = g.seats.iter().position(|s| s == "orig-tables").expect("orig-tables");
            let mut table = LocalGame::new(g.strengths);
            for (t, recorded) in g.replay.commands.0.iter().enumerate() {
                let pos = table.known[seat].position();
                let mine = choose(pos);
                let picks = if pos.phase == Phase::Day { 5 } else { 2 };
                assert_eq!(mine.lords().len(), picks, "turn {}", t + 1);
                assert!(moves::legal(pos.phase).contains(&mine.counts()));
                let hit = mine.counts() == recorded[seat].counts();
                asked += 1;
                same += usize::from(hit);
                if t >= 4 {
                    late[0] += usize::from(hit);
                    late[1] += 1;
                }
                table.play(recorded).expect("recorded moves");
            }
        }
        assert_eq!(asked, 12 * 4 * 9 + 3 * 9, "the odd seeds' games of the file");
        // 0.48 here; the likeness it replaced played 0.32 of orig-tables' odd-seed moves.
        assert!(same * 100 >= asked * 45, "{same} of {asked}");
        // Turns 5-9, where it is weakest: 0.31 here.
        assert!(late[0] * 100 >= late[1] * 28, "{} of {} from turn 5", late[0], late[1]);
    }
}
