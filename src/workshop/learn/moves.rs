//! A move model (`daimyo_engine::styles::move_model`) fitted to observed moves: the softmax
//! likelihood of each move among the legal ones, its gradient, and the model of highest
//! likelihood under an L2 ridge, by gradient ascent.

use daimyo_engine::knowledge::Position;
use daimyo_engine::moves::{self, MAX_MOVES};
use daimyo_engine::rules::{LORDS, Phase, Row};
use daimyo_engine::styles::move_model::{
    KS, LordState, MoveModel, PARAMS, features, log_probabilities, states,
};

/// One observed move: the mover's reading of every lord, the phase, and the move played.
#[derive(Clone, Copy, Debug)]
pub struct Seen {
    pub phase: Phase,
    pub horizon: usize,
    pub lords: [LordState; LORDS],
    /// The move's index in `moves::legal(phase)`.
    pub chosen: usize,
}

impl Seen {
    /// The move `played` at `pos`, as the daimyo of `pos` saw it.
    pub fn new(pos: &Position, played: Row) -> Seen {
        let (horizon, lords) = states(pos);
        let legal = moves::legal(pos.phase);
        let chosen = legal.iter().position(|&m| m == played).expect("a legal move");
        Seen { phase: pos.phase, horizon, lords, chosen }
    }

    /// The log-probability of every legal move under `m`, into `out` (`moves::legal` order).
    pub fn log_probabilities<'a>(&self, m: &MoveModel, out: &'a mut [f64; MAX_MOVES]) -> &'a [f64] {
        let legal = moves::legal(self.phase);
        let out = &mut out[..legal.len()];
        log_probabilities(&m.scores(self.horizon, &self.lords), legal, out);
        out
    }
}

/// Mean log-likelihood per move of `seen` under the model of weights `v`, and its gradient.
fn value_and_gradient(v: &[f64], seen: &[Seen]) -> (f64, Vec<f64>) {
    let m = MoveModel::from_params(v);
    let mut grad = vec![0.0; PARAMS];
    let (mut ll, mut buf) = (0.0, [0.0; MAX_MOVES]);
    for s in seen {
        let legal = moves::legal(s.phase);
        let lp = s.log_probabilities(&m, &mut buf);
        ll += lp[s.chosen];
        // Per lord, the expected count of each k less the one played.
        let mut want = [[0.0f64; KS]; LORDS];
        for (mv, &z) in legal.iter().zip(lp) {
            let p = z.exp();
            for (l, w) in want.iter_mut().enumerate() {
                w[mv.get(l) as usize] -= p;
            }
        }
        for (l, w) in want.iter_mut().enumerate() {
            w[legal[s.chosen].get(l) as usize] += 1.0;
        }
        for (l, w) in want.iter().enumerate() {
            for (k, &x) in w.iter().enumerate() {
                if x != 0.0 {
                    features(s.horizon, s.lords[l], k).iter().for_each(|&i| grad[i] += x);
                }
            }
        }
    }
    let n = seen.len().max(1) as f64;
    grad.iter_mut().for_each(|g| *g /= n);
    (ll / n, grad)
}

/// The model of highest likelihood for `seen`, less `ridge` times the sum of its squared
/// weights: gradient ascent from uniform, the step growing while the objective does and halved
/// (the step undone) when it does not.
pub fn fit(seen: &[Seen], ridge: f64, iterations: usize) -> MoveModel {
    let objective = |v: &[f64]| {
        let (ll, mut g) = value_and_gradient(v, seen);
        let penalty: f64 = v.iter().map(|w| w * w).sum::<f64>() * ridge;
        g.iter_mut().zip(v).for_each(|(g, w)| *g -= 2.0 * ridge * w);
        (ll - penalty, g)
    };
    let mut v = vec![0.0; PARAMS];
    let (mut value, mut grad) = objective(&v);
    let mut step = 1.0;
    for _ in 0..iterations {
        let next: Vec<f64> = v.iter().zip(&grad).map(|(w, g)| w + step * g).collect();
        let (nv, ng) = objective(&next);
        if nv >= value {
            (v, value, grad) = (next, nv, ng);
            step *= 1.2;
        } else {
            step *= 0.5;
        }
    }
    MoveModel::from_params(&v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::knowledge::HiddenNight;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A random position of a random turn: the own true and the others' public intimacies, and
    /// one hidden night.
    fn position(rng: &mut Xoshiro256PlusPlus) -> Position {
        let mut pos = Position::initial(std::array::from_fn(|_| 3 + (rng.next_u64() % 4) as u8));
        pos.turn = 1 + (rng.next_u64() % 9) as u8;
        pos.phase = Phase::of_turn(pos.turn);
        let row = |r: &mut Xoshiro256PlusPlus| {
            Row::from_array(std::array::from_fn(|_| (r.next_u64() % 8) as u8))
        };
        pos.public = std::array::from_fn(|_| row(rng));
        pos.own = row(rng);
        let others = Row::from_array(std::array::from_fn(|_| (rng.next_u64() % 3) as u8));
        pos.hidden[0] = Some(HiddenNight { turn: 2, others: Some(others) });
        pos
    }

    #[test]
    fn fitting_recovers_a_known_models_likeliest_moves() {
        // A model that piles onto strong lords where it leads and shuns a lord it is last on,
        // crossed with the horizon; moves drawn from it on random positions.
        let mut truth = MoveModel::UNIFORM;
        for h in 0..5 {
            for k in 0..KS {
                for s in 0..4 {
                    truth.strength[h][s][k] = 0.6 * (s as f32 - 1.5) * k as f32;
                }
                for g in 0..9 {
                    let lead = g as f32 - 4.0;
                    truth.lead[h][g][k] = if k == 2 { 2.0 - 0.6 * lead.abs() } else { 0.0 };
                    truth.margin[h][g][k] = if g < 4 { -0.8 * k as f32 } else { 0.2 * k as f32 };
                }
                truth.nights[h][3][k] = -0.6 * k as f32;
            }
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut draw = |n: usize| -> Vec<Seen> {
            (0..n)
                .map(|_| {
                    let pos = position(&mut rng);
                    let legal = moves::legal(pos.phase);
                    let mut p = vec![0.0; legal.len()];
                    truth.add_distribution(&pos, 1.0, &mut p);
                    let mut u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                    let i = p.iter().position(|&x| {
                        u -= x;
                        u < 0.0
                    });
                    Seen::new(&pos, legal[i.unwrap_or(legal.len() - 1)])
                })
                .collect()
        };
        let (train, test) = (draw(4000), draw(600));
        let fitted = fit(&train, 1e-4, 300);
        // Nats a move of `phase` under `m`.
        let nats = |m: &MoveModel, phase: Phase| -> f64 {
            let at: Vec<&Seen> = test.iter().filter(|s| s.phase == phase).collect();
            let mut buf = [0.0; MAX_MOVES];
            let sum: f64 = at.iter().map(|s| -s.log_probabilities(m, &mut buf)[s.chosen]).sum();
            sum / at.len() as f64
        };
        let (fd, fnight) = (nats(&fitted, Phase::Day), nats(&fitted, Phase::Night));
        let (td, tnight) = (nats(&truth, Phase::Day), nats(&truth, Phase::Night));
        let ud = nats(&MoveModel::UNIFORM, Phase::Day);
        assert!(fd < td + 0.15, "fitted {fd} vs true {td}");
        assert!(fnight < tnight + 0.15, "{fnight} {tnight}");
        assert!(fd < ud - 1.0, "fitted {fd} vs uniform {ud}");
        // The fitted model's likeliest move is the true one's on most held-out positions.
        let mut same = 0;
        let (mut a, mut b) = ([0.0; MAX_MOVES], [0.0; MAX_MOVES]);
        for s in &test {
            let argmax = |x: &[f64]| (0..x.len()).max_by(|&i, &j| x[i].total_cmp(&x[j]));
            same += (argmax(s.log_probabilities(&fitted, &mut a))
                == argmax(s.log_probabilities(&truth, &mut b))) as usize;
        }
        assert!(same * 10 >= test.len() * 7, "{same} of {} likeliest moves agree", test.len());
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_likelihood() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
        let seen: Vec<Seen> = (0..40)
            .map(|_| {
                let pos = position(&mut rng);
                let legal = moves::legal(pos.phase);
                Seen::new(&pos, legal[(rng.next_u64() % legal.len() as u64) as usize])
            })
            .collect();
        let v: Vec<f64> = (0..PARAMS).map(|i| ((i * 13 % 17) as f64 - 8.0) / 20.0).collect();
        let (_, g) = value_and_gradient(&v, &seen);
        assert!(g.iter().filter(|x| x.abs() > 1e-3).count() > 50, "the moves read many weights");
        let steep: Vec<usize> = (0..PARAMS).filter(|&i| g[i].abs() > 1e-3).step_by(17).collect();
        for i in steep.into_iter().chain([0, PARAMS - 1]) {
            let mut w = v.clone();
            w[i] += 1e-4;
            let (hi, _) = value_and_gradient(&w, &seen);
            w[i] -= 2e-4;
            let (lo, _) = value_and_gradient(&w, &seen);
            let numeric = (hi - lo) / 2e-4;
            assert!((numeric - g[i]).abs() < 2e-3, "weight {i}: {numeric} vs {}", g[i]);
        }
    }
}
