//! Best response (turns 5 and 9, the scoring turns). Each rival's own best moves against three
//! uniformly random players are found on sampled worlds, the rivals are fixed to those moves
//! (one of its `RIVAL_MOVES` best in each sample), and every own move is scored against them.

use super::judge::{
    ABANDONED, Commitment, Objective, PicksLeft, Sample, Wins, judge_all, margin, objective,
};
use super::rivals::RivalDraws;
use super::{Basis, Constants, RIVAL_MOVES, increment};
use crate::knowledge::Position;
use crate::moves::{legal, scale};
use crate::rules::{LORDS, Row, columns};
use crate::styles::playout::random_counts;
use rand::Rng;

/// Turns 5 and 9 on `n` sampled worlds: each rival's best moves against random play, then the
/// best answer to them.
pub(super) fn best_response(
    pos: &Position,
    n: usize,
    k: &Constants,
    rng: &mut impl Rng,
) -> (Row, Basis) {
    let rivals = RivalDraws::new(pos);
    let worlds: Vec<[Row; 3]> = (0..n).map(|_| rivals.world(pos, rng)).collect();
    let (counts, verdict) = respond(pos, &worlds, margin(pos, k), rng);
    let d = Basis { wins: verdict.wins, samples: n };
    (counts, d)
}

/// The best own move against the rivals fixed to their best moves, on the sampled `worlds`.
/// The own objective asks for `margin` twelfths over the best rival.
fn respond(pos: &Position, worlds: &[[Row; 3]], margin: i32, rng: &mut impl Rng) -> (Row, Wins) {
    let fixed = rival_moves(pos, worlds, rng);
    let samples: Vec<Sample> = worlds
        .iter()
        .map(|w| Sample {
            own: pos.own,
            others: std::array::from_fn(|c| {
                let m = fixed[c][scale(rng.next_u32(), fixed[c].len())];
                w[c].add(increment(m, pos.phase))
            }),
        })
        .collect();
    let (counts, verdict) = ranked(pos, &samples, &objective(pos, 0, margin))[0];
    (counts, verdict)
}

/// Every move of the position's phase judged on `samples`, best first (ties in table order).
fn ranked(pos: &Position, samples: &[Sample], obj: &Objective) -> Vec<(Row, Wins)> {
    let cands: Vec<Commitment> = legal(pos.phase)
        .iter()
        .map(|&m| Commitment::new(increment(m, pos.phase), [ABANDONED as u8; LORDS], m))
        .collect();
    let verdicts = judge_all(&pos.strengths, samples, &cands, PicksLeft::default(), obj);
    let mut out: Vec<(Row, Wins)> = cands.iter().map(|c| c.play).zip(verdicts).collect();
    out.sort_by_key(|(_, t)| std::cmp::Reverse(t.key()));
    out
}

/// Each rival's `RIVAL_MOVES` best moves (counts), best first, of this scoring turn against
/// three uniformly random players, on the sampled worlds. A rival is taken to know the own true
/// row: its answers are then the sharpest they could be.
fn rival_moves(pos: &Position, worlds: &[[Row; 3]], rng: &mut impl Rng) -> [Vec<Row>; 3] {
    let picks = pos.phase.picks();
    std::array::from_fn(|c| {
        let samples: Vec<Sample> = worlds
            .iter()
            .map(|w| {
                let now = [pos.own, w[0], w[1], w[2]];
                let seen = columns(c + 1);
                let others = std::array::from_fn(|k| {
                    now[seen[k + 1]].add(increment(random_counts(rng, picks), pos.phase))
                });
                Sample { own: w[c], others }
            })
            .collect();
        // A rival is modelled as playing to win, without the own trailing rule.
        let obj = Objective { beat: None, ..objective(pos, c + 1, 0) };
        ranked(pos, &samples, &obj).into_iter().take(RIVAL_MOVES).map(|(m, _)| m).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::planner::{Planner, rows};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Turn 9, nothing hidden. Lords 0-4 are settled whatever anyone plays. Lord 5 (strength 6)
    /// decides between the own column (14, two points ahead on turn-5 scores) and column 1 (10):
    /// column 1 wins only by putting all five picks there while the own move puts none, and that
    /// is its best move against random play. Fixed to its best moves, the answer is at least two
    /// picks on lord 5: one is a tie there and leaves a one-point lead, under the margin. Against
    /// random rivals lord 5 would look safe (five picks of five on one lord are 1 in 7776), and
    /// the first move of the table, all five on lord 0, would tie for best.
    #[test]
    fn answers_the_rivals_best_moves_on_the_last_turn() {
        let mut pos = Position::initial([3, 3, 3, 3, 3, 6]);
        pos.turn = 9;
        pos.public = rows([
            [15, 15, 30, 0],
            [15, 15, 30, 0],
            [15, 15, 30, 0],
            [15, 15, 30, 0],
            [15, 15, 30, 0],
            [14, 10, 0, 0],
        ]);
        pos.own = pos.public[0];
        pos.score5 = Some([24, 12, -600, -600]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let worlds = vec![[pos.public[1], pos.public[2], pos.public[3]]; 400];
        let fixed = rival_moves(&pos, &worlds, &mut rng);
        assert_eq!(fixed[0][0].to_array(), [0, 0, 0, 0, 0, 5]);
        assert_eq!(fixed[0].len(), RIVAL_MOVES);

        let (counts, verdict) =
            respond(&pos, &worlds, margin(&pos, &Constants::STANDARD), &mut rng);
        assert!(counts.get(5) >= 2, "{counts:?}");
        assert_eq!(verdict.wins, 400);
        // Nothing on lord 5 wins only where column 1 drew one of its moves with three there.
        let samples: Vec<Sample> = (0..400)
            .map(|i| Sample {
                own: pos.own,
                others: std::array::from_fn(|c| worlds[i][c].add(fixed[c][i % RIVAL_MOVES])),
            })
            .collect();
        let elsewhere = Commitment::new(Row::from_array([5, 0, 0, 0, 0, 0]), [2; LORDS], Row::ZERO);
        let obj = objective(&pos, 0, margin(&pos, &Constants::STANDARD));
        let t = judge_all(&pos.strengths, &samples, &[elsewhere], PicksLeft::default(), &obj);
        assert!(t[0].wins < 300, "{t:?}");

        let mut p = Planner::new(400, 400);
        p.reseed(1);
        assert!(p.choose(&pos).counts().get(5) >= 2);
    }
}
