//! How each opponent chooses, learnt during the game.
//!
//! Every day move of every daimyo is public. Each opponent is modelled as a mixture of the
//! field's components (`styles::field`), whose weights are updated after each public day move
//! by how likely that move was under each (Bayes' rule). A component is a board-reading policy
//! (uniform picks or a likeness), a deterministic rule smoothed so that a move it would not
//! play is unlikely rather than impossible, a player learnt from its games, or a move model.
//! The mixture gives each opponent a probability for every legal move at any board: it
//! predicts the current move and weights the hidden-night posterior. In the turns after the
//! current one a rollout plays each component's later policy.

pub mod ahead;
pub mod forecast;
pub mod nights;
mod weights;

pub use forecast::{Forecast, PickModel};
pub use nights::{NightPosteriors, night_posteriors, reveal_agreement};

use crate::knowledge::{HiddenNight, PastNight, Position};
use crate::moves::{self, NIGHT_MOVES};
use crate::params::ModelParams;
use crate::policy::Policy;
use crate::rules::{DAIMYO, LORDS, Phase, Row};
use crate::styles::Style;
use crate::styles::field::Component;
use std::time::Instant;
use weights::Reading;

/// The board of each public day move before `pos`'s turn, with its turn: the boards Bayes' rule
/// reads each other column's day moves at (`Opponents::learn`, `ahead::learning`).
fn day_boards(pos: &Position, readings: usize) -> Vec<(u8, Board)> {
    let days = (1..pos.turn).filter(|&d| d % 2 == 1);
    let known = days.filter_map(|d| Some((d, pos.history[d as usize]?)));
    known.map(|(d, public)| (d, Board::at(pos, public, d, Phase::Day, readings))).collect()
}

/// Index of the uniformly random picks among the components, if they are one.
fn uniform_style(params: &ModelParams) -> Option<usize> {
    params.components().position(Component::is_uniform)
}

/// A board as the model reads it: public intimacies in column order, the move asked for, and
/// the nights hidden at that moment, as the possible own night moves of any other daimyo with
/// their probabilities (a strategy reads its own true intimacy, hidden nights included).
#[derive(Clone, Debug)]
pub struct Board {
    pub strengths: [u8; LORDS],
    pub public: [Row; DAIMYO],
    pub turn: u8,
    pub phase: Phase,
    /// The hidden nights: (turn, the other three's totals, the own move), where known.
    hidden: Vec<(u8, PastNight)>,
    /// Another daimyo's moves in those nights, jointly, with their probabilities.
    combos: Vec<([Row; 2], f64)>,
    /// The turn-5 scores in column order, on a board after turn 5 (the searching rules aim by
    /// the banked points).
    score5: Option<[i32; DAIMYO]>,
}

impl Board {
    /// The board of `turn` as `pos` knew it, with the public intimacies `public`.
    pub fn at(
        pos: &Position,
        public: [Row; DAIMYO],
        turn: u8,
        phase: Phase,
        readings: usize,
    ) -> Board {
        let half: [u8; 2] = if turn <= 5 { [2, 4] } else { [6, 8] };
        let hidden: Vec<(u8, PastNight)> = half
            .into_iter()
            .filter(|&n| n < turn)
            .filter_map(|n| pos.nights[n as usize].map(|x| (n, x)))
            .collect();
        let mut combos = vec![([Row::ZERO; 2], 1.0)];
        for (i, (_, night)) in hidden.iter().enumerate() {
            let m = one_of_three(night.others);
            combos = combos
                .iter()
                .flat_map(|&(ms, p)| {
                    m.iter().map(move |&(x, q)| {
                        let mut ms = ms;
                        ms[i] = x;
                        (ms, p * q)
                    })
                })
                .collect();
        }
        combos.sort_by(|a, b| b.1.total_cmp(&a.1));
        combos.truncate(readings);
        let total: f64 = combos.iter().map(|x| x.1).sum();
        combos.iter_mut().for_each(|x| x.1 /= total);
        let score5 = pos.score5.filter(|_| turn > 5);
        Board { strengths: pos.strengths, public, turn, phase, hidden, combos, score5 }
    }

    /// The splits of the hidden nights a rule is read at: (the night turns, each split of a
    /// column's own moves in them with its probability under uniform picks).
    pub fn splits(&self) -> (Vec<u8>, &[([Row; 2], f64)]) {
        (self.hidden.iter().map(|h| h.0).collect(), &self.combos)
    }

    /// The same board read at other splits of its hidden nights, with their probabilities.
    pub fn with_splits(&self, combos: Vec<([Row; 2], f64)>) -> Board {
        Board { combos, hidden: self.hidden.clone(), ..*self }
    }

    /// The board of the hidden night of `turn`, as `pos` knows it.
    pub fn of_night(pos: &Position, turn: u8, readings: usize) -> Board {
        let public = pos.history[turn as usize].unwrap_or(pos.public);
        Board::at(pos, public, turn, Phase::Night, readings)
    }

    /// A board with nothing hidden.
    pub fn open(strengths: [u8; LORDS], public: [Row; DAIMYO], turn: u8, phase: Phase) -> Board {
        Board {
            strengths,
            public,
            turn,
            phase,
            hidden: Vec::new(),
            combos: vec![([Row::ZERO; 2], 1.0)],
            score5: None,
        }
    }

    /// What column `c` knows, its own moves in the hidden nights being `ms`: the others' public
    /// intimacies, its own true one, and the others' totals of those nights.
    fn position_of(&self, c: usize, ms: &[Row; 2]) -> Position {
        let mut pos = Position::initial(self.strengths);
        (pos.turn, pos.phase) = (self.turn, self.phase);
        pos.public = crate::rules::columns(c).map(|d| self.public[d]);
        pos.own = self.public[c];
        pos.score5 = self.score5.map(|s| crate::rules::columns(c).map(|d| s[d]));
        for (i, &(turn, night)) in self.hidden.iter().enumerate() {
            pos.own = pos.own.add(ms[i].double());
            let others = night.others.checked_sub(ms[i]).map(|r| r.add(night.own));
            pos.hidden[i] = Some(HiddenNight { turn, others });
        }
        pos
    }
}

/// The probability that one of three daimyo, picking uniformly, made each night move, given the
/// three's per-lord totals.
fn one_of_three(totals: Row) -> Vec<(Row, f64)> {
    let uniform = [1.0 / LORDS as f64; LORDS];
    let p = |m: Row| moves::multinomial(m, &uniform);
    let fits = |t: Row| NIGHT_MOVES.iter().copied().filter(move |m| t.covers(*m));
    let mut out: Vec<(Row, f64)> = fits(totals)
        .map(|a| {
            let rest = totals.checked_sub(a).expect("covered");
            let w: f64 = fits(rest).map(|b| p(b) * p(rest.checked_sub(b).expect("covered"))).sum();
            (a, p(a) * w)
        })
        .filter(|x| x.1 > 0.0)
        .collect();
    let total: f64 = out.iter().map(|x| x.1).sum();
    out.iter_mut().for_each(|x| x.1 /= total);
    out
}

/// Probability of every legal move (in `moves::legal` order) of column `c` picking by `policy`.
fn picks_distribution(policy: &Policy, board: &Board, c: usize) -> Vec<f64> {
    let p = policy.picks(&board.strengths, &board.public, c, board.turn);
    moves::legal(board.phase).iter().map(|&m| moves::multinomial(m, &p)).collect()
}

/// Adds `p` times a component's forecast at one split of the hidden nights (`pos`, the mover's
/// view there) to `out`, a rule's smoothing left out; false for a searching rule not read by
/// `deadline`.
fn add_at_split(
    component: &Component,
    pos: &Position,
    p: f64,
    out: &mut [f64],
    params: &ModelParams,
    deadline: Option<Instant>,
) -> bool {
    match component.style {
        // Picks read no split (`unsplit`).
        Style::Picks => {}
        Style::Rule(rule) => {
            let Some(chosen) = rule.read(pos, deadline, params.reading_divisor) else {
                return false;
            };
            let legal = moves::legal(pos.phase);
            if let Some(i) = legal.iter().position(|&m| m == chosen.counts()) {
                out[i] += (1.0 - component.smoothing) * p;
            }
        }
        Style::Learnt(player) => player.add_distribution(pos, p, out),
        Style::Moves(model) => model.add_distribution(pos, p, out),
    }
    true
}

/// What a component gives every move before its splits are read: a rule its smoothing, laid
/// like its later policy (a near miss of its kind of player); the others nothing.
fn base(component: &Component, board: &Board, c: usize) -> Vec<f64> {
    match component.style {
        Style::Rule(_) => {
            let mut out = picks_distribution(&component.later, board, c);
            out.iter_mut().for_each(|x| *x *= component.smoothing);
            out
        }
        _ => vec![0.0; moves::legal(board.phase).len()],
    }
}

/// The forecast of a component that reads no split: picks, and a rule at a turn where its
/// move tells nothing (read as uniform picks).
fn unsplit(component: &Component, board: &Board, c: usize) -> Option<Vec<f64>> {
    match component.style {
        Style::Picks => Some(picks_distribution(&component.later, board, c)),
        Style::Rule(rule) if !rule.tells(board.turn) => {
            Some(picks_distribution(&Policy::UNIFORM, board, c))
        }
        _ => None,
    }
}

/// Probability of every legal move (in `moves::legal` order) of column `c` under one
/// component. A searching rule is read only until `deadline` (`Rule::read`): a board not read
/// by then is read by its likeness.
pub fn style_distribution(
    component: &Component,
    board: &Board,
    c: usize,
    params: &ModelParams,
    deadline: Option<Instant>,
) -> Vec<f64> {
    if let Some(d) = unsplit(component, board, c) {
        return d;
    }
    let mut out = base(component, board, c);
    for (ms, p) in &board.combos {
        let pos = board.position_of(c, ms);
        if !add_at_split(component, &pos, *p, &mut out, params, deadline) {
            return picks_distribution(&component.later, board, c);
        }
    }
    out
}

/// Probability of every legal move of column `c` under one component at each split of the
/// hidden nights (`Board::splits`): the mover's own moves in them being those of the split.
/// Their mean, weighed by the splits' probabilities, is `style_distribution`.
pub fn style_distribution_by_split(
    component: &Component,
    board: &Board,
    c: usize,
    params: &ModelParams,
    deadline: Option<Instant>,
) -> Vec<Vec<f64>> {
    if let Some(d) = unsplit(component, board, c) {
        return vec![d; board.combos.len()];
    }
    let base = base(component, board, c);
    let mut out = Vec::with_capacity(board.combos.len());
    for (ms, _) in &board.combos {
        let mut d = base.clone();
        if !add_at_split(component, &board.position_of(c, ms), 1.0, &mut d, params, deadline) {
            return vec![picks_distribution(&component.later, board, c); board.combos.len()];
        }
        out.push(d);
    }
    out
}

/// Each column's posterior weights over the styles (column 0, the bot, plays `own`).
#[derive(Clone, Debug)]
pub struct Opponents {
    pub weights: [Vec<f64>; DAIMYO],
    /// The searching rules are read until then (`style_distribution`); none: always.
    pub deadline: Option<Instant>,
}

impl Opponents {
    /// Bayes' rule over the public day moves seen so far (day 5 is never seen alone: the
    /// turn-6 board adds nights 2 and 4 to it), the searching rules read until `deadline`.
    pub fn learn(pos: &Position, params: &ModelParams, deadline: Option<Instant>) -> Opponents {
        let prior: Vec<f64> = params.components().map(|s| s.weight.ln()).collect();
        let boards = day_boards(pos, params.rule_readings);
        let weights = std::array::from_fn(|c| {
            let mut read = Reading::new(&prior, params);
            if c > 0 {
                for (d, board) in boards.iter().map(|(d, b)| (*d, b)) {
                    let Some(seen) = pos.day_moves[d as usize][c] else { continue };
                    let i = moves::legal(Phase::Day)
                        .iter()
                        .position(|&m| m == seen)
                        .expect("a day move");
                    let likelihoods: Vec<f64> = params
                        .components()
                        .map(|s| style_distribution(s, board, c, params, deadline)[i])
                        .map(|p| p.max(params.likelihood_floor))
                        .collect();
                    read.seen(&likelihoods);
                }
            }
            read.weights()
        });
        Opponents { weights, deadline }
    }

    /// The policies each column plays in later turns of a rollout, with their weights: the
    /// own one for column 0, each style's for the others (a strategy's likeness for a strategy).
    pub fn later(&self, params: &ModelParams) -> [Vec<(Policy, f64)>; DAIMYO] {
        std::array::from_fn(|c| {
            if c == 0 {
                return vec![(*params.own, 1.0)];
            }
            let mut out: Vec<(Policy, f64)> = Vec::new();
            for (component, &w) in params.components().zip(&self.weights[c]) {
                let p = component.later;
                match out.iter_mut().find(|x| x.0 == p) {
                    Some(x) => x.1 += w,
                    None => out.push((p, w)),
                }
            }
            out
        })
    }

    /// The others' mean weight on uniformly random picks (column 0, the bot, is not counted).
    pub fn uniform_share(&self, params: &ModelParams) -> f64 {
        (1..DAIMYO).map(|c| self.uniform_weight(params, c)).sum::<f64>() / (DAIMYO - 1) as f64
    }

    /// Column `c`'s weight on uniformly random picks (0 if they are not a style).
    pub fn uniform_weight(&self, params: &ModelParams, c: usize) -> f64 {
        uniform_style(params).map_or(0.0, |u| self.weights[c][u])
    }

    /// Probability of every legal move of column `c` at a board (column 0 plays `own`): the
    /// styles' mixture.
    pub fn distribution(&self, params: &ModelParams, board: &Board, c: usize) -> Vec<f64> {
        if c == 0 {
            return picks_distribution(params.own, board, 0);
        }
        let mut out = vec![0.0; moves::legal(board.phase).len()];
        for (k, component) in params.components().enumerate() {
            let w = self.weights[c][k];
            if w < params.negligible_weight {
                continue;
            }
            let d = style_distribution(component, board, c, params, self.deadline);
            for (o, x) in out.iter_mut().zip(d) {
                *o += w * x;
            }
        }
        let total: f64 = out.iter().sum();
        out.iter_mut().for_each(|x| *x /= total);
        out
    }
}

impl Opponents {
    /// Column `c`'s probability of every legal move at each split of the hidden nights
    /// (`Board::splits`), the styles mixed as in `distribution`.
    pub fn distribution_by_split(
        &self,
        params: &ModelParams,
        board: &Board,
        c: usize,
    ) -> Vec<Vec<f64>> {
        let mut out = vec![vec![0.0; moves::legal(board.phase).len()]; board.combos.len()];
        for (k, component) in params.components().enumerate() {
            let w = self.weights[c][k];
            if w < params.negligible_weight {
                continue;
            }
            let ds = style_distribution_by_split(component, board, c, params, self.deadline);
            for (o, d) in out.iter_mut().zip(ds) {
                o.iter_mut().zip(d).for_each(|(o, x)| *o += w * x);
            }
        }
        for o in &mut out {
            let total: f64 = o.iter().sum();
            o.iter_mut().for_each(|x| *x /= total);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::field::Field;
    use crate::styles::move_model::{self, MoveModel};

    /// A board after turn 5 carries the banked points, and each column reads them in its own
    /// column order; a board of the first half has none yet.
    #[test]
    fn the_turn5_scores_are_read_from_each_column() {
        let mut pos = Position::initial([3, 4, 5, 6, 4, 2]);
        pos.turn = 8;
        pos.score5 = Some([10, 20, 30, 40]);
        let later = Board::at(&pos, pos.public, 7, Phase::Day, 1);
        assert_eq!(later.position_of(0, &[Row::ZERO; 2]).score5, Some([10, 20, 30, 40]));
        assert_eq!(later.position_of(2, &[Row::ZERO; 2]).score5, Some([30, 10, 20, 40]));
        let earlier = Board::at(&pos, pos.public, 3, Phase::Day, 1);
        assert_eq!(earlier.position_of(2, &[Row::ZERO; 2]).score5, None);
    }

    /// Day 3 after night 2 (whose total is known), read at its 12 likeliest splits.
    fn day3_after_a_night() -> Board {
        let mut pos = Position::initial([6, 3, 5, 4, 3, 5]);
        (pos.turn, pos.phase) = (3, Phase::Day);
        pos.public[1] = Row::from_array([1, 0, 2, 1, 1, 0]);
        pos.public[2] = Row::from_array([2, 1, 0, 0, 1, 1]);
        let others = Row::from_array([3, 0, 2, 0, 0, 1]);
        pos.nights[2] = Some(PastNight { own: Row::from_array([2, 0, 0, 0, 0, 0]), others });
        Board::at(&pos, pos.public, 3, Phase::Day, 12)
    }

    /// A move model is read at every split of the hidden nights, each weighted by the split's
    /// probability: the mover's own true intimacy differs from split to split.
    #[test]
    fn a_move_model_is_read_at_every_split_of_the_hidden_nights() {
        let board = day3_after_a_night();
        assert!(board.combos.len() > 3, "{} splits", board.combos.len());
        let v: Vec<f64> =
            (0..move_model::PARAMS).map(|i| ((i * 37 % 101) as f64 - 50.0) / 25.0).collect();
        let model: &'static MoveModel = Box::leak(Box::new(MoveModel::from_params(&v)));
        let component = Component {
            name: "moves",
            style: Style::Moves(model),
            weight: 1.0,
            smoothing: 0.0,
            later: Policy::UNIFORM,
        };
        let params = ModelParams::of(Field::DESCRIBED);
        let got = style_distribution(&component, &board, 1, &params, None);
        let at = |ms: &[Row; 2]| {
            let mut d = vec![0.0; got.len()];
            model.add_distribution(&board.position_of(1, ms), 1.0, &mut d);
            d
        };
        let mut want = vec![0.0; got.len()];
        for (ms, p) in &board.combos {
            at(ms).iter().zip(want.iter_mut()).for_each(|(x, w)| *w += p * x);
        }
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-12, "{g} vs {w}");
        }
        assert!((got.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        // The splits read differently, so reading one of them would not do.
        let first = at(&board.combos[0].0);
        let apart: f64 = first.iter().zip(&got).map(|(a, b)| (a - b).abs()).sum();
        assert!(apart > 0.05, "the splits read alike ({apart})");
    }

    /// Read at each split of the hidden nights alone, a rule reads its own true intimacy there:
    /// the splits' moves differ, and weighed by the splits' probabilities they are the forecast.
    #[test]
    fn each_split_of_the_hidden_nights_is_read_alone() {
        let board = day3_after_a_night();
        let params = ModelParams::of(Field::DESCRIBED);
        let styles: Vec<Style> = params.components().map(|s| s.style).collect();
        let tables = styles.iter().position(|s| matches!(s, Style::Rule(_))).expect("a rule");
        let mut w = vec![0.0; styles.len()];
        w[0] = 0.3;
        w[tables] = 0.7;
        let opponents = Opponents { weights: std::array::from_fn(|_| w.clone()), deadline: None };
        let by = opponents.distribution_by_split(&params, &board, 1);
        let (turns, splits) = board.splits();
        assert_eq!(turns, vec![2]);
        assert_eq!(by.len(), splits.len());
        let mut mean = vec![0.0; by[0].len()];
        for (d, (_, p)) in by.iter().zip(splits) {
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            d.iter().zip(mean.iter_mut()).for_each(|(x, m)| *m += p * x);
        }
        let want = opponents.distribution(&params, &board, 1);
        for (g, w) in mean.iter().zip(&want) {
            assert!((g - w).abs() < 1e-12, "{g} vs {w}");
        }
        let apart = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>();
        let most = by.iter().map(|d| apart(d, &by[0])).fold(0.0, f64::max);
        assert!(most > 0.5, "the splits read alike ({most})");
    }
}
