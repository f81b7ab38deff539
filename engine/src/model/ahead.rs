//! The searching rules' readings a turn's model asks for, searched ahead on several threads
//! (`searching::read_ahead`). The model then finds each one remembered: it reads what it would
//! have read on one thread, sooner, so that the same deadline affords more readings or sharper
//! ones (a smaller `reading_divisor`).

use super::{Board, Opponents, day_boards};
use crate::knowledge::Position;
use crate::params::ModelParams;
use crate::rules::DAIMYO;
use crate::styles::searching::{Searcher, read_ahead};
use std::time::Instant;

/// The searching rules among the model's styles: their index and their search.
fn searching(params: &ModelParams) -> Vec<(usize, Searcher)> {
    let styles = params.components().enumerate();
    styles.filter_map(|(k, c)| Some((k, c.style.rule()?.search()?))).collect()
}

/// Every position column `c` is read at on `board` (one per split of its hidden nights), by each
/// of `searches`.
fn positions(board: &Board, c: usize, searches: &[Searcher], out: &mut Vec<(Searcher, Position)>) {
    for (ms, _) in &board.combos {
        let pos = board.position_of(c, ms);
        out.extend(searches.iter().map(|&s| (s, pos)));
    }
}

/// The readings `Opponents::learn` asks for at `pos`: every other column's public day moves,
/// by every searching rule.
pub fn learning(pos: &Position, params: &ModelParams, deadline: Option<Instant>, threads: usize) {
    let searches: Vec<Searcher> = searching(params).into_iter().map(|x| x.1).collect();
    if searches.is_empty() {
        return;
    }
    let mut wanted = Vec::new();
    for (d, board) in day_boards(pos, params.rule_readings) {
        for c in (1..DAIMYO).filter(|&c| pos.day_moves[d as usize][c].is_some()) {
            positions(&board, c, &searches, &mut wanted);
        }
    }
    read_ahead(&wanted, params.reading_divisor, deadline, threads);
}

/// The readings the forecast of `now` asks for at `pos`: the turn's board and each hidden night's
/// board with a known total, for every other column by each searching rule of a weight it
/// reads.
pub fn forecasting(pos: &Position, params: &ModelParams, now: &Opponents, threads: usize) {
    let searching = searching(params);
    if searching.is_empty() {
        return;
    }
    let readings = params.rule_readings;
    let mut boards = vec![Board::at(pos, pos.public, pos.turn, pos.phase, readings)];
    let known = pos.hidden.iter().flatten().filter(|h| h.others.is_some());
    boards.extend(known.map(|h| Board::of_night(pos, h.turn, readings)));
    let mut wanted = Vec::new();
    for c in 1..DAIMYO {
        let searches: Vec<Searcher> = searching
            .iter()
            .filter(|&&(k, _)| now.weights[c][k] >= params.negligible_weight)
            .map(|x| x.1)
            .collect();
        for board in &boards {
            positions(board, c, &searches, &mut wanted);
        }
    }
    read_ahead(&wanted, params.reading_divisor, now.deadline, threads);
}
