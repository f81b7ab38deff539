//! How well a model of the others foresees each seat of a whole game: the game is played again
//! from its replay and, before each move, the daimyo in the seat before the mover learns the
//! model from what it has seen (`model::Opponents::learn`, the turns before only); the model's
//! probability of the move the mover then played is the forecast's score. A model that knows a
//! player's rule gives its moves a probability near 1 (0 nats); one that knows nothing of it, 1
//! in 252 (5.53 nats). The hidden nights are read the same way: at every turn a night's totals
//! are known and its split is not, the same seat's posterior over the splits
//! (`model::night_posteriors`, as the bot weighs them) gives the mover's night move a
//! probability, scored beside the one uniformly random picks give (the totals alone). `daimyo
//! learn` scores a field on its held-out games so; `daimyo-lab foresight` prints every table.

use daimyo_engine::agent::LocalGame;
use daimyo_engine::knowledge::Position;
use daimyo_engine::model::forecast::Modelled;
use daimyo_engine::model::{
    Board, Forecast as Model, NightPosteriors, Opponents, night_posteriors,
};
use daimyo_engine::moves::{legal, multinomial};
use daimyo_engine::params::{ModelParams, UNIFORM_PICKS};
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Phase, Row, columns};
use daimyo_engine::styles::by_strength;

/// The day turns.
pub const DAYS: [u8; 5] = [1, 3, 5, 7, 9];

/// The night turns.
pub const NIGHTS: [u8; 4] = [2, 4, 6, 8];

/// One move foreseen, or one hidden night move read (at a turn it was hidden).
#[derive(Clone, Copy, Debug)]
pub struct Score {
    pub seed: u32,
    pub turn: u8,
    /// -ln of the model's probability of the move played.
    pub nats: f64,
    /// For a night move, the same under uniformly random picks: what knowing nothing gives.
    pub uniform: Option<f64>,
    pub likeliest: bool,
    /// For a move foreseen, each lord by strength (the strongest first): the picks the
    /// forecast expected there and the picks the move made.
    pub lords: Option<[(f64, u8); LORDS]>,
}

/// Each seat's day and night moves foreseen and its hidden night moves read, in one game.
#[derive(Default)]
pub struct Seen {
    pub days: [Vec<Score>; DAIMYO],
    pub night_moves: [Vec<Score>; DAIMYO],
    pub nights: [Vec<Score>; DAIMYO],
    /// Day moves after a hidden night, foreseen at the mover's own moves in those nights.
    pub given: [Vec<Score>; DAIMYO],
    /// Before each day move: the model's weight on uniform picks for the mover (by mover), and
    /// the others' mean weight on them from the watcher's seat, what the gate reads (by watcher).
    pub uniform: [Vec<Weight>; DAIMYO],
    pub gate: [Vec<Weight>; DAIMYO],
}

/// A posterior weight on uniform picks, before a day move.
#[derive(Clone, Copy, Debug)]
pub struct Weight {
    pub turn: u8,
    pub w: f64,
}

/// A whole game as foresight replays it: its seed, lords and moves.
pub struct Replayed<'a> {
    pub seed: u32,
    pub strengths: [u8; LORDS],
    pub commands: &'a [[Move; DAIMYO]],
}

/// Column `c`'s night moves on the hidden night of turn `night`, each with its probability under
/// the posteriors of the position's hidden nights.
fn night_marginal(posteriors: &NightPosteriors, night: u8, c: usize) -> Vec<(Row, f64)> {
    let mut out: Vec<(Row, f64)> = Vec::new();
    for (split, p) in posteriors.iter().filter(|x| x.0 == night).flat_map(|x| &x.1) {
        match out.iter_mut().find(|x| x.0 == split[c - 1]) {
            Some(x) => x.1 += p,
            None => out.push((split[c - 1], *p)),
        }
    }
    out
}

/// The score of the move `played` by column `c` at `pos` (its turn and phase), foreseen by
/// `learnt`.
fn foreseen(
    g: &Replayed,
    pos: &Position,
    learnt: &Opponents,
    model: &ModelParams,
    c: usize,
    played: Row,
    board: &Board,
) -> Score {
    let p = learnt.distribution(model, board, c);
    let moves = legal(pos.phase);
    let i = moves.iter().position(|&m| m == played).expect("legal");
    let top = p.iter().cloned().fold(0.0, f64::max);
    let lords = by_strength(&g.strengths).map(|l| {
        let expected = moves.iter().zip(&p);
        (expected.map(|(m, q)| q * m.get(l) as f64).sum(), played.get(l))
    });
    let uniform = (pos.phase == Phase::Night)
        .then(|| -multinomial(played, &[1.0 / LORDS as f64; LORDS]).ln());
    Score {
        seed: g.seed,
        turn: pos.turn,
        nats: -p[i].max(f64::MIN_POSITIVE).ln(),
        uniform,
        likeliest: p[i] >= top,
        lords: Some(lords),
    }
}

/// Each seat's day and night moves foreseen and hidden night moves read, in one game.
pub fn game(g: &Replayed, model: &ModelParams, movers: [bool; DAIMYO]) -> Seen {
    let mut out = Seen::default();
    let mut table = LocalGame::new(g.strengths);
    let commands = g.commands;
    for moves in commands {
        for (watcher, known) in table.known.iter().enumerate() {
            let pos = known.position();
            // The watcher sees the seat after it; its column in the watcher's view.
            let mover = (watcher + 1) % DAIMYO;
            if !movers[mover] {
                continue;
            }
            let c = columns(watcher).iter().position(|&s| s == mover).expect("a column");
            let hidden = pos.hidden.iter().flatten().filter(|h| h.others.is_some());
            let nights: Vec<u8> = hidden.map(|h| h.turn).collect();
            let learnt = Opponents::learn(pos, model, None);
            if pos.phase == Phase::Day {
                let turn = pos.turn;
                out.uniform[mover].push(Weight { turn, w: learnt.uniform_weight(model, c) });
                out.gate[watcher].push(Weight { turn, w: learnt.uniform_share(model) });
            }
            let board = Board::at(pos, pos.public, pos.turn, pos.phase, model.rule_readings);
            let played = moves[mover].counts();
            let score = foreseen(g, pos, &learnt, model, c, played, &board);
            // The same day move foreseen at the mover's own moves in the hidden nights, as a
            // rollout's world fixes them.
            if pos.phase == Phase::Day && !nights.is_empty() && board.splits().0 == nights {
                let mut truth = [Row::ZERO; 2];
                for (i, &n) in nights.iter().enumerate() {
                    truth[i] = commands[n as usize - 1][mover].counts();
                }
                let at_truth = board.with_splits(vec![(truth, 1.0)]);
                out.given[mover].push(foreseen(g, pos, &learnt, model, c, played, &at_truth));
            }
            match pos.phase {
                Phase::Day => out.days[mover].push(score),
                Phase::Night => out.night_moves[mover].push(score),
            }
            if nights.is_empty() {
                continue;
            }
            // The gate only says how rollouts play later turns; the posteriors do not read it.
            let forecast =
                Model::Modelled(Box::new(Modelled { params: *model, gate: 1.0, now: learnt }));
            let posteriors = night_posteriors(pos, &forecast);
            let uniform = night_posteriors(pos, &Model::new(pos, &UNIFORM_PICKS, None));
            for n in nights {
                let played = commands[n as usize - 1][mover].counts();
                let p = night_marginal(&posteriors, n, c);
                let q = night_marginal(&uniform, n, c);
                let of = |m: &[(Row, f64)]| m.iter().find(|x| x.0 == played).map_or(0.0, |x| x.1);
                let top = p.iter().map(|x| x.1).fold(0.0, f64::max);
                out.nights[mover].push(Score {
                    seed: g.seed,
                    turn: pos.turn,
                    nats: -of(&p).max(f64::MIN_POSITIVE).ln(),
                    uniform: Some(-of(&q).max(f64::MIN_POSITIVE).ln()),
                    likeliest: of(&p) >= top,
                    lords: None,
                });
            }
        }
        table.play(moves).expect("the records hold moves of each turn's phase");
    }
    out
}
