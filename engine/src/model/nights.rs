//! The hidden nights: the others' moves on nights whose per-lord totals are public but whose
//! split among the three is not, drawn in proportion to how likely each split is under the
//! forecast as they stood on that night's board. Read jointly (`joint_nights`, the default), each
//! component of a daimyo's mixture reads the first hidden night with the public day move after
//! it, and the second is drawn at each daimyo's own move in the first.

use super::forecast::{Forecast, Modelled, draw_index, unit};
use super::{Board, style_distribution, style_distribution_by_split};
use crate::knowledge::{HiddenNight, Position};
use crate::moves::{self, NIGHT_MOVES};
use crate::rules::{DAIMYO, Phase, Row};
use rand::Rng;
use std::collections::BTreeMap;

/// The index of night move `m` in `NIGHT_MOVES`.
fn index(m: Row) -> usize {
    NIGHT_MOVES.iter().position(|&x| x == m).expect("a night move")
}

/// Draws the others' moves of one hidden night consistently with their known per-lord total,
/// weighted by each one's night model; or independently when the total is unknown.
pub struct NightSampler {
    /// (cumulative weight, increments for columns 1..3)
    splits: Vec<(f64, [Row; 3])>,
    /// Each column's probability of every night move, for nights whose total is unknown.
    night: [Vec<f64>; DAIMYO],
}

impl NightSampler {
    pub fn new(others: Option<Row>, night: [Vec<f64>; DAIMYO]) -> NightSampler {
        let mut splits = Vec::new();
        if let Some(total) = others {
            let mut acc = 0.0;
            for (ia, &a) in NIGHT_MOVES.iter().enumerate().filter(|(_, a)| total.covers(**a)) {
                let rest = total.checked_sub(a).unwrap();
                for (ib, &b) in NIGHT_MOVES.iter().enumerate().filter(|(_, b)| rest.covers(**b)) {
                    let c = rest.checked_sub(b).unwrap();
                    acc += night[1][ia] * night[2][ib] * night[3][index(c)];
                    splits.push((acc, [a, b, c]));
                }
            }
        }
        NightSampler { splits, night }
    }

    /// Every split of the known total with its probability (nothing when the total is unknown).
    fn splits(&self) -> impl Iterator<Item = ([Row; 3], f64)> + '_ {
        let total = self.splits.last().map_or(1.0, |x| x.0);
        let before = std::iter::once(0.0).chain(self.splits.iter().map(|s| s.0));
        self.splits
            .iter()
            .zip(before)
            .map(move |(&(acc, split), prev)| (split, (acc - prev) / total))
    }

    /// The likeliest split of the known total and its probability.
    pub fn likeliest(&self) -> Option<([Row; 3], f64)> {
        self.splits().max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Increments (worth 2 per negotiation) for columns 1..3.
    pub fn draw(&self, rng: &mut impl Rng) -> [u64; 3] {
        self.draw_split(rng).map(|r| r.double().0)
    }

    /// The night moves (negotiation counts) of columns 1..3.
    pub fn draw_split(&self, rng: &mut impl Rng) -> [Row; 3] {
        match self.draw_at(rng) {
            Some(i) => self.splits[i].1,
            None => self.draw_alone(rng),
        }
    }

    /// Each split's weight multiplied by `w` of its index (unchanged if that leaves none).
    fn weigh(&mut self, w: impl Fn(usize) -> f64) {
        let (mut prev, mut acc) = (0.0, 0.0);
        let mut weighed = self.splits.clone();
        for (i, s) in weighed.iter_mut().enumerate() {
            acc += (s.0 - prev) * w(i);
            prev = s.0;
            s.0 = acc;
        }
        if acc > 0.0 && acc.is_finite() {
            self.splits = weighed;
        }
    }

    /// Each column's move drawn alone, for a night whose total is unknown.
    fn draw_alone(&self, rng: &mut impl Rng) -> [Row; 3] {
        std::array::from_fn(|i| NIGHT_MOVES[draw_index(&self.night[i + 1], rng)])
    }

    /// The index of a split drawn by its weight (none when the total is unknown).
    fn draw_at(&self, rng: &mut impl Rng) -> Option<usize> {
        let &(total, _) = self.splits.last()?;
        let x = unit(rng) * total;
        Some(self.splits.partition_point(|s| s.0 <= x).min(self.splits.len() - 1))
    }
}

/// Each column's probability of every night move on the hidden night of `turn`, at that night's
/// board.
fn night_models(pos: &Position, forecast: &Forecast, turn: u8) -> [Vec<f64>; DAIMYO] {
    forecast.moves_at(&Board::of_night(pos, turn, forecast.rule_readings()))
}

/// The hidden nights of a position, each drawn with its split among the other three.
pub struct HiddenNights {
    /// One sampler per hidden night (its turn); when read jointly, only the first.
    nights: Vec<(u8, NightSampler)>,
    /// Read jointly: the second night's turn and its sampler at each split of the first (in the
    /// first's order).
    given: Option<(u8, Vec<NightSampler>)>,
}

impl HiddenNights {
    /// The hidden nights of `pos` under `forecast`: jointly when its model says so and the first
    /// night's total is known, otherwise each alone at that night's board.
    pub fn new(pos: &Position, forecast: &Forecast) -> HiddenNights {
        let hidden: Vec<HiddenNight> = pos.hidden.iter().flatten().copied().collect();
        let alone = |h: &HiddenNight| {
            (h.turn, NightSampler::new(h.others, night_models(pos, forecast, h.turn)))
        };
        match forecast {
            Forecast::Modelled(l) if l.params.joint_nights => {
                if let Some(joint) = HiddenNights::joint(pos, l, &hidden) {
                    return joint;
                }
            }
            _ => {}
        }
        HiddenNights { nights: hidden.iter().map(alone).collect(), given: None }
    }

    /// Read jointly, per component of each daimyo's mixture: its weight without the day move
    /// after the first night (the weight now over that move's likelihood as the weights read
    /// it), times its own move in the first night, times the day move at that own move. The
    /// second night is drawn at each daimyo's own move in the first, the components weighed as
    /// that move leaves them. A random player's moves thus stay with the uniform component
    /// instead of sharpening a rule's reading of its night.
    fn joint(pos: &Position, l: &Modelled, hidden: &[HiddenNight]) -> Option<HiddenNights> {
        let first = hidden.first()?;
        let total = first.others?;
        let (p, deadline) = (&l.params, l.now.deadline);
        let readings = p.rule_readings;
        let floor = p.likelihood_floor;
        // Every own move of a daimyo in the first night, read alone.
        let own: Vec<Row> = NIGHT_MOVES.iter().copied().filter(|m| total.covers(*m)).collect();
        let at_own: Vec<([Row; 2], f64)> = own.iter().map(|&m| ([m, Row::ZERO], 1.0)).collect();
        let by_own = |board: &Board| {
            (board.splits().0 == [first.turn]).then(|| board.with_splits(at_own.clone()))
        };
        let night_board = Board::of_night(pos, first.turn, readings);
        let day = first.turn + 1;
        let seen_day = match pos.history[day as usize].filter(|_| day < pos.turn) {
            Some(public) => {
                let board = Board::at(pos, public, day, Phase::Day, readings);
                let by = by_own(&board)?;
                Some((board, by))
            }
            None => None,
        };
        let second = match hidden.get(1) {
            Some(h) => Some((h, by_own(&Board::of_night(pos, h.turn, readings))?)),
            None => None,
        };
        let mut night: [Vec<f64>; DAIMYO] = std::array::from_fn(|_| Vec::new());
        // Each daimyo's second night at each of its own moves in the first.
        let mut then: [Vec<Vec<f64>>; DAIMYO] = std::array::from_fn(|_| Vec::new());
        for c in 1..DAIMYO {
            // The day move seen after the first night, with the boards it is read at.
            let seen = match (&seen_day, pos.day_moves[day as usize][c]) {
                (Some((board, by_board)), Some(m)) => {
                    let i = moves::legal(Phase::Day).iter().position(|&x| x == m)?;
                    Some((i, board, by_board))
                }
                _ => None,
            };
            night[c] = vec![0.0; NIGHT_MOVES.len()];
            then[c] = vec![vec![0.0; NIGHT_MOVES.len()]; own.len()];
            for (k, component) in p.components().enumerate() {
                let w = l.now.weights[c][k];
                if w < p.negligible_weight {
                    continue;
                }
                let nights = style_distribution(component, &night_board, c, p, deadline);
                let mut at: Vec<f64> = own.iter().map(|&m| w * nights[index(m)]).collect();
                if let Some((i, board, by_board)) = seen {
                    let seen_at = style_distribution(component, board, c, p, deadline)[i];
                    let by = style_distribution_by_split(component, by_board, c, p, deadline);
                    for (x, d) in at.iter_mut().zip(&by) {
                        *x *= d[i].max(floor) / seen_at.max(floor);
                    }
                }
                if let Some((_, board)) = &second {
                    let by = style_distribution_by_split(component, board, c, p, deadline);
                    for ((t, d), &x) in then[c].iter_mut().zip(&by).zip(&at) {
                        t.iter_mut().zip(d).for_each(|(t, y)| *t += x * y);
                    }
                }
                for (&m, &x) in own.iter().zip(&at) {
                    night[c][index(m)] += x;
                }
            }
            if !night[c].iter().any(|&x| x > 0.0 && x.is_finite()) {
                return None;
            }
            for t in &mut then[c] {
                let sum: f64 = t.iter().sum();
                if sum > 0.0 {
                    t.iter_mut().for_each(|x| *x /= sum);
                }
            }
        }
        let mut sampler = NightSampler::new(Some(total), night);
        let given = match second {
            Some((h, _)) => {
                let at = |m: Row| own.iter().position(|&x| x == m).expect("an own move");
                let conditional = |(_, split): &(f64, [Row; 3])| {
                    let night = std::array::from_fn(|c| match c {
                        0 => Vec::new(),
                        _ => then[c][at(split[c - 1])].clone(),
                    });
                    NightSampler::new(h.others, night)
                };
                let given: Vec<NightSampler> = sampler.splits.iter().map(conditional).collect();
                // The second night's total is evidence of the first's split too: each split
                // weighed by how likely the total is at it.
                if given.iter().all(|g| !g.splits.is_empty()) {
                    sampler.weigh(|i| given[i].splits.last().map_or(0.0, |x| x.0));
                }
                Some((h.turn, given))
            }
            None => None,
        };
        Some(HiddenNights { nights: vec![(first.turn, sampler)], given })
    }

    /// The night moves (negotiation counts) of columns 1..3 in each hidden night, in turn order.
    pub fn draw(&self, rng: &mut impl Rng) -> Vec<[Row; 3]> {
        let mut out: Vec<[Row; 3]> = Vec::with_capacity(2);
        for (_, s) in &self.nights {
            let Some(i) = s.draw_at(rng) else {
                out.push(s.draw_alone(rng));
                continue;
            };
            out.push(s.splits[i].1);
            if let Some((_, given)) = &self.given {
                out.push(given[i].draw_split(rng));
            }
        }
        out
    }

    /// The posterior of every hidden night with a known total: each split with its probability.
    pub fn posteriors(&self) -> NightPosteriors {
        let mut out: NightPosteriors = Vec::new();
        for (turn, s) in self.nights.iter().filter(|n| !n.1.splits.is_empty()) {
            out.push((*turn, s.splits().collect()));
        }
        if let Some((turn, given)) = &self.given
            && given.iter().all(|g| !g.splits.is_empty())
            && let Some((_, first)) = self.nights.first()
        {
            let mut mean: BTreeMap<[Row; 3], f64> = BTreeMap::new();
            for ((_, p), g) in first.splits().zip(given) {
                for (split, q) in g.splits() {
                    *mean.entry(split).or_default() += p * q;
                }
            }
            out.push((*turn, mean.into_iter().collect()));
        }
        out
    }
}

/// Hidden nights' posteriors: per night (its turn), each split of the others' moves (negotiation
/// counts of columns 1..3) with its probability.
pub type NightPosteriors = Vec<(u8, Vec<([Row; 3], f64)>)>;

/// The posterior of every hidden night with a known total, under `forecast`.
pub fn night_posteriors(pos: &Position, forecast: &Forecast) -> NightPosteriors {
    HiddenNights::new(pos, forecast).posteriors()
}

/// How much of the turn-5 posterior over nights 2 and 4 agrees with what turn 6 revealed:
/// for each other column, the turn-6 public intimacy minus the turn-5 one is its day-5 move plus
/// both nights (worth 2). Returns the posterior mass of the splits consistent with that, and the
/// mass the same splits get with uniformly random picks, whose ratio says how much the model knew.
pub fn reveal_agreement(
    posteriors: &NightPosteriors,
    uniform: &NightPosteriors,
    revealed: [Row; 3],
) -> Option<(f64, f64)> {
    let mass = |post: &NightPosteriors| -> Option<f64> {
        let [(2, a), (4, b)] = &post[..] else { return None };
        let mut m = 0.0;
        for (sa, pa) in a {
            for (sb, pb) in b {
                let ok = (0..3).all(|c| {
                    revealed[c]
                        .checked_sub(sa[c].double().add(sb[c].double()))
                        .is_some_and(|day| day.sum() == 5)
                });
                if ok {
                    m += pa * pb;
                }
            }
        }
        Some(m)
    };
    Some((mass(posteriors)?, mass(uniform)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::LocalGame;
    use crate::model::forecast::PickModel;
    use crate::params::{Rivals, SearchParams};
    use crate::styles::field::Field;

    const BOT: SearchParams = crate::params::bot(Field::DESCRIBED);
    use crate::rules::{Move, Phase};
    use crate::styles::Rule;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Log-probability of each other column's true move in each hidden night of seat 0's
    /// position at turn 5, summed, under the hidden nights read alone (`joint_nights` 0) and
    /// jointly (1); and the posteriors read jointly. The others play the rule the model holds
    /// as `tables-described` by day and random picks by night.
    fn read_at_turn5(seed: u64) -> ([f64; 2], NightPosteriors) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let strengths = std::array::from_fn(|_| 3 + (rng.next_u64() % 4) as u8);
        let mut t = LocalGame::new(strengths);
        let mut nights = Vec::new();
        while t.state.turn < 5 {
            let phase = t.state.phase();
            let moves: [Move; DAIMYO] = std::array::from_fn(|seat| match phase {
                Phase::Day if seat > 0 => {
                    Rule::Tables.read(t.known[seat].position(), None, 1).expect("a rule")
                }
                _ => {
                    let picks: Vec<u8> =
                        (0..phase.picks()).map(|_| (rng.next_u64() % 6) as u8).collect();
                    Move::new(&picks).expect("a move")
                }
            });
            if phase == Phase::Night {
                nights.push((t.state.turn, moves.map(|m| m.counts())));
            }
            t.play(&moves).expect("legal");
        }
        let pos = t.known[0].position();
        let mut logp = [0.0; 2];
        let mut joint = Vec::new();
        for (k, on) in [false, true].into_iter().enumerate() {
            let mut params = BOT;
            let Rivals::Modelled { model, .. } = &mut params.rivals else { panic!("learnt") };
            model.joint_nights = on;
            let post = night_posteriors(pos, &Forecast::new(pos, &params.rivals, None));
            assert_eq!(post.iter().map(|n| n.0).collect::<Vec<_>>(), vec![2, 4]);
            for (turn, splits) in &post {
                let sum: f64 = splits.iter().map(|s| s.1).sum();
                assert!((sum - 1.0).abs() < 1e-9, "night {turn} sums to {sum}");
                let truth = nights.iter().find(|n| n.0 == *turn).expect("played").1;
                for c in 1..DAIMYO {
                    let p: f64 =
                        splits.iter().filter(|s| s.0[c - 1] == truth[c]).map(|s| s.1).sum();
                    logp[k] += p.ln();
                }
            }
            joint = post;
        }
        (logp, joint)
    }

    #[test]
    fn the_day_move_after_a_hidden_night_tells_its_split() {
        // Read jointly, the others' true night moves are likelier: their day-3 moves were the
        // rule's at their own night-2 moves, and their night-4 moves are read at each split of
        // night 2. Over several games, not in every one.
        let (mut alone, mut joint) = (0.0, 0.0);
        for seed in 1..=8 {
            let ([a, j], _) = read_at_turn5(seed);
            println!("game {seed}: log-probability of the true night moves {a:.2} -> {j:.2}");
            (alone, joint) = (alone + a, joint + j);
        }
        assert!(joint > alone + 15.0, "{alone:.2} -> {joint:.2}");
    }

    #[test]
    fn hidden_nights_follow_the_public_totals() {
        let total = Row::from_array([2, 0, 0, 0, 3, 1]);
        let prior = Forecast::Prior(PickModel::prior(&[3, 4, 5, 6, 3, 4], 0.5, 2.0));
        let board = Board::open([3; 6], [Row::ZERO; DAIMYO], 2, Phase::Night);
        let night = prior.moves_at(&board);
        let s = NightSampler::new(Some(total), night);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..1000 {
            let d = s.draw(&mut rng);
            let sum = d.iter().fold(Row::ZERO, |a, &x| a.add(Row(x)));
            assert_eq!(sum, total.double());
            assert!(d.iter().all(|&x| Row(x).sum() == 4));
        }
    }
}
