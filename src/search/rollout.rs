//! One rollout, and everything it reads, prepared once per search.
//!
//! Rollouts are allocation-free: the models are turned into pools of pre-drawn moves (packed
//! increments) and the hidden nights into pools of pre-drawn worlds before the first rollout, so
//! a rollout is table lookups, byte-wise additions and two scorings.

use super::models::{Models, draw_move};
use super::nights::NightSampler;
use crate::agent::NightGuess;
use crate::knowledge::{HiddenNight, Position};
use crate::model::Board;
use crate::moves::{DAY_SEQUENCES, DAY_SEQUENCES_COUNT, NIGHT_SEQUENCES, NIGHT_SEQUENCES_COUNT};
use crate::params::Search as Params;
use crate::rules::{DAIMYO, Phase, Row, TURNS, first_place_shares, score};
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

const POOL_MAX: usize = 256;

/// Pre-drawn moves of one daimyo in one phase; entries beyond the pool's size repeat it, so any
/// mask of the size stays in bounds.
type Pool = [u64; POOL_MAX];

#[inline(always)]
fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Day => 0,
        Phase::Night => 1,
    }
}

/// Everything a rollout reads.
pub struct Rollouts {
    strengths: [u8; crate::rules::LORDS],
    turn: u8,
    /// Known turn-5 scores (zero before turn 5: computed inside the rollout).
    score5: [i32; DAIMYO],
    /// Pre-drawn moves of the others on the current turn: [column][i].
    first: Box<[Pool; DAIMYO]>,
    /// Pre-drawn moves of later turns: [column][phase][i].
    pools: Box<[[Pool; 2]; DAIMYO]>,
    pool_mask: u64,
    /// Pre-drawn true intimacies at the start of the turn.
    pub worlds: Vec<[u64; DAIMYO]>,
    /// The likeliest split of each hidden night with a known total, as the worlds are drawn.
    pub nights: Vec<NightGuess>,
}

/// Fills the first `size` entries of a pool with draws and repeats them after.
fn fill(pool: &mut Pool, size: usize, mut draw: impl FnMut() -> u64) {
    for x in pool.iter_mut().take(size) {
        *x = draw();
    }
    for i in size..POOL_MAX {
        pool[i] = pool[i % size];
    }
}

impl Rollouts {
    /// Draws the pools and worlds for a search of `pos`.
    pub fn prepare(
        pos: &Position,
        params: &Params,
        models: &Models,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Rollouts {
        let size = params.pool.clamp(1, POOL_MAX).next_power_of_two();
        let (first, pools) = move_pools(pos, models, size, rng);
        // Each hidden night is weighted by the models as they stood on that night's board.
        let samplers = NightSampler::for_position(pos, models);
        let worlds = (0..params.worlds.max(1))
            .map(|_| {
                let mut w = pos.public.map(|r| r.0);
                w[0] = pos.own.0;
                for s in &samplers {
                    let add = s.draw(rng);
                    for c in 1..DAIMYO {
                        w[c] += add[c - 1];
                    }
                }
                w
            })
            .collect();
        let hidden = pos.hidden.iter().flatten().zip(&samplers);
        let guess = |(h, s): (&HiddenNight, &NightSampler)| {
            let (split, probability) = s.likeliest()?;
            Some(NightGuess { turn: h.turn, split, probability })
        };
        Rollouts {
            strengths: pos.strengths,
            turn: pos.turn,
            score5: pos.score5.unwrap_or([0; DAIMYO]),
            first,
            pools,
            pool_mask: size as u64 - 1,
            worlds,
            nights: hidden.filter_map(guess).collect(),
        }
    }

    /// One game from the root to the end; returns (first-place credit in twelfths, margin).
    #[inline]
    pub fn run(
        &self,
        world: &[u64; DAIMYO],
        mine: u64,
        rng: &mut Xoshiro256PlusPlus,
    ) -> (u32, i32) {
        let mut real = *world;
        real[0] += mine;
        let pools = &*self.pools;
        let mask = self.pool_mask;
        let mut score5 = self.score5;
        let mut turn = self.turn;
        let r = rng.next_u64();
        for c in 1..DAIMYO {
            real[c] += self.first[c][((r >> (8 * c)) & mask) as usize];
        }
        loop {
            if turn == 5 {
                score5 = score(&self.strengths, &real.map(Row));
            }
            turn += 1;
            if turn > TURNS {
                break;
            }
            let r = rng.next_u64();
            let ph = phase_index(Phase::of_turn(turn));
            for c in 0..DAIMYO {
                real[c] += pools[c][ph][((r >> (8 * c)) & mask) as usize];
            }
        }
        let s9 = score(&self.strengths, &real.map(Row));
        let totals: [i32; DAIMYO] = std::array::from_fn(|d| score5[d] + s9[d]);
        let best_other = totals[1].max(totals[2]).max(totals[3]);
        (first_place_shares(&totals)[0], totals[0] - best_other)
    }
}

/// The pools of the others' current moves and of every daimyo's later moves. The current move
/// comes from the model as it stands; later turns from the model as read for later turns, or
/// uniformly random play if so set.
#[allow(clippy::type_complexity)]
fn move_pools(
    pos: &Position,
    models: &Models,
    size: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> (Box<[Pool; DAIMYO]>, Box<[[Pool; 2]; DAIMYO]>) {
    let mut pools = Box::new([[[0u64; POOL_MAX]; 2]; DAIMYO]);
    let now = phase_index(pos.phase);
    // The learnt model is read at the current board, for this turn and the next.
    let learned = |phase: Phase, later: bool| {
        let turn = if phase == pos.phase { pos.turn } else { (pos.turn + 1).min(TURNS) };
        models.moves_at(&Board { strengths: pos.strengths, public: pos.public, turn, phase }, later)
    };
    match models {
        Models::Prior(pm) => {
            for c in 0..DAIMYO {
                for phase in [Phase::Day, Phase::Night] {
                    let pool = &mut pools[c][phase_index(phase)];
                    fill(pool, size, || pm.draw_increment(phase, rng));
                }
            }
        }
        Models::Learned(_) => {
            let d = [Phase::Day, Phase::Night].map(|ph| learned(ph, ph != pos.phase));
            for c in 0..DAIMYO {
                for phase in [Phase::Day, Phase::Night] {
                    let (ph, dist) = (phase_index(phase), &d[phase_index(phase)][c]);
                    fill(&mut pools[c][ph], size, || draw_move(phase, dist, rng));
                }
            }
        }
    }
    let first = Box::new(std::array::from_fn(|c| pools[c][now]));
    if let Models::Learned(l) = models {
        let d = learned(pos.phase, true);
        for c in 0..DAIMYO {
            fill(&mut pools[c][now], size, || draw_move(pos.phase, &d[c], rng));
        }
        if l.later_uniform() {
            use crate::moves::scale;
            for pool in pools.iter_mut() {
                for i in 0..POOL_MAX {
                    let r = rng.next_u64();
                    pool[0][i] = DAY_SEQUENCES[scale(r as u32, DAY_SEQUENCES_COUNT)];
                    pool[1][i] = NIGHT_SEQUENCES[scale((r >> 32) as u32, NIGHT_SEQUENCES_COUNT)];
                }
            }
        }
    }
    (first, pools)
}
