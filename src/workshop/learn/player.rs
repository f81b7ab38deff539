//! One player learnt from its moves: a move model (`moves`), a rule of per-lord tables
//! (`tables`) and the policy it plays in a rollout's later turns (`policy`), and how far to
//! trust the rule: turn by turn, the share `sure` of the forecast put on the rule's move, the
//! rest on the move model's. `sure` is fitted on moves neither was fitted to: the player's
//! games are split in two by seed, each half foreseen by a move model and tables fitted on the
//! other, and at each turn the share that makes those moves likeliest is kept. A rule that
//! makes no turn's moves likelier is left out.

use super::moves::{self, Seen};
use super::policy::{self, Observed};
use super::tables::{self, Sample};
use daimyo_engine::knowledge::Position;
use daimyo_engine::moves::{MAX_MOVES, legal};
use daimyo_engine::policy::Policy;
use daimyo_engine::rules::{Row, TURNS};
use daimyo_engine::styles::fitted::tables::Tables;
use daimyo_engine::styles::move_model::{MoveModel, log_probabilities};

/// The move models' ridge (per weight) and gradient steps.
pub const MOVES_RIDGE: f64 = 0.0005;
pub const MOVES_STEPS: usize = 600;
/// The later policies' ridge and steps.
pub const POLICY_RIDGE: f64 = 0.001;
pub const POLICY_STEPS: usize = 400;
/// The tables cover every turn, the opening too.
pub const FIRST_TURN: u8 = 1;
/// `sure` is one of 0, 0.01, ..., 0.99.
const SURE_STEPS: usize = 100;

/// One move of a player: the game it was played in (its key: the halves go by it), the
/// position it was made from, the move, and, for a whole game, the move on the true board (what
/// the later policy reads).
#[derive(Clone, Debug)]
pub struct Made {
    pub key: u64,
    pub pos: Position,
    pub played: Row,
    pub observed: Option<Observed>,
}

/// What was learnt of a player.
#[derive(Clone, Debug, PartialEq)]
pub struct Learnt {
    pub moves: MoveModel,
    pub rule: Option<Tables>,
    pub sure: [f64; TURNS as usize],
    pub later: Policy,
    /// How the halves foresaw each other, turn by turn (index 0 is turn 1): the moves, the move
    /// model's nats, the rule's moves played, and the nats of the two mixed at `sure`.
    pub halves: [Half; TURNS as usize],
}

/// The halves' account of one turn.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Half {
    pub moves: usize,
    pub model_nats: f64,
    pub rule_hits: usize,
    pub mixed_nats: f64,
}

/// The half of the player's games a key falls in.
fn half(key: u64) -> usize {
    (super::mix(key ^ 0x5bd1_e995) % 2) as usize
}

/// The probability `m` gives the move played at `pos`.
fn probability(m: &MoveModel, s: &Seen) -> f64 {
    let (h, lords) = (s.horizon, s.lords);
    let l = legal(s.phase);
    let mut out = [0.0; MAX_MOVES];
    log_probabilities(&m.scores(h, &lords), l, &mut out[..l.len()]);
    out[s.chosen].exp()
}

/// A move model of `made`.
pub fn move_model(made: &[Made]) -> MoveModel {
    let seen: Vec<Seen> = made.iter().map(|m| Seen::new(&m.pos, m.played)).collect();
    moves::fit(&seen, MOVES_RIDGE, MOVES_STEPS)
}

/// The later policy of `made`: of the moves on a true board; uniform picks if none.
pub fn later(made: &[Made]) -> Policy {
    let observed: Vec<Observed> = made.iter().filter_map(|m| m.observed).collect();
    match observed.is_empty() {
        true => Policy::UNIFORM,
        false => policy::fit(&Policy::UNIFORM, &observed, POLICY_RIDGE, POLICY_STEPS),
    }
}

/// The tables of `made`.
fn rule(made: &[Made]) -> Tables {
    let samples: Vec<Sample> =
        made.iter().filter_map(|m| Sample::new(&m.pos, m.played, FIRST_TURN)).collect();
    tables::fit(&samples, FIRST_TURN)
}

/// Everything learnt of the player of `made`.
pub fn learn(made: &[Made]) -> Learnt {
    // Each half foreseen by what the other taught.
    let mut halves = [Half::default(); TURNS as usize];
    let mut scored: Vec<(usize, f64, bool)> = Vec::new();
    for h in 0..2 {
        let (train, test): (Vec<Made>, Vec<Made>) =
            made.iter().cloned().partition(|m| half(m.key) != h);
        if train.is_empty() || test.is_empty() {
            continue;
        }
        let (m, r) = (move_model(&train), rule(&train));
        for t in &test {
            let turn = t.pos.turn.clamp(1, TURNS) as usize - 1;
            let q = probability(&m, &Seen::new(&t.pos, t.played));
            let hit = r.choose(&t.pos).counts() == t.played;
            scored.push((turn, q, hit));
            let a = &mut halves[turn];
            a.moves += 1;
            a.model_nats -= q.max(f64::MIN_POSITIVE).ln();
            a.rule_hits += usize::from(hit);
        }
    }
    let mut sure = [0.0; TURNS as usize];
    for (turn, s) in sure.iter_mut().enumerate() {
        let at: Vec<(f64, bool)> =
            scored.iter().filter(|x| x.0 == turn).map(|x| (x.1, x.2)).collect();
        let ll = |s: f64| -> f64 {
            at.iter().map(|&(q, hit)| ((1.0 - s) * q + s * f64::from(u8::from(hit))).ln()).sum()
        };
        let mut best = (ll(0.0), 0.0);
        for i in 1..SURE_STEPS {
            let x = i as f64 / SURE_STEPS as f64;
            let v = ll(x);
            if v > best.0 {
                best = (v, x);
            }
        }
        *s = best.1;
        halves[turn].mixed_nats = -best.0;
    }
    let keeps = sure.iter().any(|&s| s > 0.0);
    Learnt {
        moves: move_model(made),
        rule: keeps.then(|| rule(made)),
        sure: if keeps { sure } else { [0.0; TURNS as usize] },
        later: later(made),
        halves,
    }
}
