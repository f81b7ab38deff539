//! One player learnt from its moves: a move model (`moves`), two rules (per-lord tables,
//! `tables`, and a plan rule of per-turn constants, `plan`) and the policy it plays in a
//! rollout's later turns (`policy`), and how far to trust each rule: turn by turn, the shares
//! `tables_sure` and `plan_sure` of the forecast put on the rules' moves, the rest on the move model's.
//! The shares are fitted on moves none was fitted to: the player's games are split in two by
//! seed, each half foreseen by a move model and rules fitted on the other, and at each turn the
//! pair of shares that makes those moves likeliest is kept. A rule that makes no turn's moves
//! likelier is left out.

use super::holdout::half;
use super::moves::{self, Seen};
use super::plan::{self, Asked, ByTurn};
use super::policy::{self, Observed};
use super::tables::{self, Sample};
use daimyo_engine::knowledge::Position;
use daimyo_engine::moves::{MAX_MOVES, legal};
use daimyo_engine::policy::Policy;
use daimyo_engine::rules::{Row, TURNS};
use daimyo_engine::styles::field::Player;
use daimyo_engine::styles::fitted::margins::{self, Plan};
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
/// A share is one of 0, 0.01, ..., 0.99, and the two add up to at most 0.99.
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

/// A learnt player: what the model reads of it, and the policy it plays in a rollout's later
/// turns.
#[derive(Clone, Debug, PartialEq)]
pub struct Learnt {
    pub player: Player,
    pub later: Policy,
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

/// The plan of `made`, fitted from the described rule's constants.
fn plan_rule(made: &[Made]) -> Plan {
    let mut asked: ByTurn = Default::default();
    for m in made {
        let turn = m.pos.turn.clamp(1, TURNS) as usize - 1;
        asked[turn].push(Asked { pos: m.pos, recorded: m.played });
    }
    plan::fit(&asked, &[plan::START; 8]).0
}

/// One held-out move: the move model's probability of it, and whether the tables and the plan
/// played it.
type Scored = (f64, bool, bool);

/// The shares (tables, plan) that make `at` likeliest, and their nats.
fn shares(at: &[Scored]) -> (f64, f64, f64) {
    let ll = |st: f64, sp: f64| -> f64 {
        let mass = |hit: bool, s: f64| if hit { s } else { 0.0 };
        at.iter().map(|&(q, ht, hp)| ((1.0 - st - sp) * q + mass(ht, st) + mass(hp, sp)).ln()).sum()
    };
    let mut best = (ll(0.0, 0.0), 0.0, 0.0);
    for i in 0..SURE_STEPS {
        for j in 0..SURE_STEPS - i {
            let (st, sp) = (i as f64 / SURE_STEPS as f64, j as f64 / SURE_STEPS as f64);
            let v = ll(st, sp);
            if v > best.0 {
                best = (v, st, sp);
            }
        }
    }
    (best.1, best.2, -best.0)
}

/// Everything learnt of the player of `made`.
pub fn learn(made: &[Made]) -> Learnt {
    // Each half foreseen by what the other taught.
    let mut scored: [Vec<Scored>; TURNS as usize] = Default::default();
    for h in 0..2 {
        let (train, test): (Vec<Made>, Vec<Made>) =
            made.iter().cloned().partition(|m| half(m.key) != h);
        if train.is_empty() || test.is_empty() {
            continue;
        }
        let (m, r, p) = (move_model(&train), rule(&train), plan_rule(&train));
        for t in &test {
            let turn = t.pos.turn.clamp(1, TURNS) as usize - 1;
            let q = probability(&m, &Seen::new(&t.pos, t.played));
            let hit = r.choose(&t.pos).counts() == t.played;
            let plan_hit = margins::choose_with(&t.pos, &p).counts() == t.played;
            scored[turn].push((q, hit, plan_hit));
        }
    }
    let (mut tables_sure, mut plan_sure) = ([0.0; TURNS as usize], [0.0; TURNS as usize]);
    for turn in 0..TURNS as usize {
        (tables_sure[turn], plan_sure[turn], _) = shares(&scored[turn]);
    }
    // A rule whose share is 0 at every turn is left out (its shares are all 0 already).
    let (keeps_tables, keeps_plan) =
        (tables_sure.iter().any(|&s| s > 0.0), plan_sure.iter().any(|&s| s > 0.0));
    let player = Player {
        moves: move_model(made),
        tables: keeps_tables.then(|| rule(made)),
        tables_sure,
        plan: keeps_plan.then(|| plan_rule(made)),
        plan_sure,
    };
    Learnt { player, later: later(made) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shares_are_how_often_each_rule_played_the_move() {
        // 100 moves the move model gives 0.001 each: the tables play 30 of them, the plan 50
        // others, neither the last 20. The likeliest shares are the rules' rates.
        let at: Vec<Scored> = (0..100).map(|i| (0.001, i < 30, (30..80).contains(&i))).collect();
        let (st, sp, nats) = shares(&at);
        assert!((st - 0.3).abs() <= 0.02 && (sp - 0.5).abs() <= 0.02, "{st} {sp}");
        assert!(nats < -at.iter().map(|x| x.0.ln()).sum::<f64>(), "likelier than the model");
        // Rules that never play the move: the model alone.
        let none: Vec<Scored> = at.iter().map(|x| (x.0, false, false)).collect();
        assert_eq!(shares(&none).0 + shares(&none).1, 0.0);
    }
}
