//! Flat Monte Carlo with concessions, after the best preliminary program of the 2014 contest.
//!
//! Three ideas make it differ from plain flat Monte Carlo (`flatmc`):
//! - **Short playouts, counted as wins.** A playout stops at the next scoring turn (turn 5, or
//!   turn 9 with the turn-5 points banked) and counts 1 when the own total is the highest, a tie
//!   included. Far-off turns are noise to a random playout; the next scoring is what the move
//!   can shape.
//! - **Concessions.** Early in each half it refuses to touch the "hottest" lords (`BANNED`), heat
//!   being the highest public intimacy of anyone plus the others' hidden night picks on the lord
//!   shared out among the three of them (2 intimacy a pick, so 2/3 of the night total), then
//!   strength, then chance: crowded lords are dear, and the picks buy more where nobody fights.
//!   On turn 1, where nothing is known but strength, all five picks go to the two weakest lords
//!   (among lords of one strength, drawn at random).
//! - **Rivals who answer at the scoring turns.** On turns 5 and 9 a uniformly random rival would
//!   make a thin lead look safe. Each rival is first searched from its own seat (its moves
//!   against random play by the rest), and in the own search it plays one of its
//!   `RIVAL_MOVES` best moves, uniformly. The rival's search plays out from the same `Start` as
//!   the own one (own true intimacy, the others' nights drawn): the rival does not know the own
//!   hidden nights, but it knows its own, which no one here can, and one start keeps it simple.
//!
//! Every playout draws the others' hidden nights by shuffling the known per-lord totals of each
//! night (`Position::hidden`, own picks already removed) and dealing two picks to each; a night
//! whose totals are unknown is drawn uniformly. Candidates of one stage share their random
//! numbers (common random numbers, as in `flatmc`), and ties in wins go to the higher summed own
//! total, then to the earlier move of `moves::legal`: points only break exact ties, which a
//! hopeless or a won position produces by the hundred. Playouts run on copies of
//! `rules::State` and allocate nothing.

use super::playout::{Root, random_counts};
use crate::knowledge::Position;
use crate::moves::{MAX_MOVES, legal, scale};
use crate::rules::{DAIMYO, LORDS, Move, NIGHT_PICKS, Phase, Row, State};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Hottest lords banned from the own candidates, by turn (index 0 unused).
pub const BANNED: [usize; 10] = [0, 4, 3, 2, 0, 0, 4, 3, 0, 0];
/// Playouts per candidate on a day turn that is not a scoring turn.
pub const DAY_PLAYOUTS: u32 = 2_000;
/// Playouts per candidate on a night turn: fewer candidates, so each gets more.
pub const NIGHT_PLAYOUTS: u32 = 10_000;
/// On turns 5 and 9: the moves each rival is restricted to...
pub const RIVAL_MOVES: usize = 70;
/// ...found with this many playouts per rival move, from the rival's seat.
pub const RIVAL_PLAYOUTS: u32 = 100;
/// On turns 5 and 9: playouts of every own move in the first round...
pub const SCREEN_PLAYOUTS: u32 = 100;
/// ...and the best this many...
pub const FINALISTS: usize = 100;
/// ...get this many more.
pub const FINAL_PLAYOUTS: u32 = 2_000;

/// Picks of one hidden night the others made together, as known from the N line.
#[derive(Clone, Copy, Debug)]
enum Night {
    /// The six lords the other three named, in no particular order.
    Known([u8; 3 * NIGHT_PICKS]),
    /// Totals not known (a position pasted mid-game): each daimyo's two picks drawn uniformly.
    Unknown,
}

/// What every playout of a search starts from: own true intimacy in row 0, the others' public
/// ones, and the nights they hide, drawn afresh by `sample`.
#[derive(Clone, Copy, Debug)]
struct Start {
    state: State,
    /// The phase of the move asked for.
    phase: Phase,
    nights: [Option<Night>; 2],
    /// The turn whose scoring ends a playout.
    last: u8,
}

impl Start {
    fn of_position(pos: &Position) -> Start {
        let nights = pos.hidden.map(|h| {
            h.map(|h| match h.others.filter(|r| r.sum() as usize == 3 * NIGHT_PICKS) {
                Some(r) => {
                    let mut picks = [0u8; 3 * NIGHT_PICKS];
                    let mut n = 0;
                    for l in 0..LORDS {
                        for _ in 0..r.get(l) {
                            picks[n] = l as u8;
                            n += 1;
                        }
                    }
                    Night::Known(picks)
                }
                None => Night::Unknown,
            })
        });
        let last = if pos.turn <= 5 { 5 } else { 9 };
        Start { state: Root::of_position(pos).state, phase: pos.phase, nights, last }
    }

    /// The state with the others' hidden nights drawn.
    #[inline]
    fn sample(&self, rng: &mut impl Rng) -> State {
        let mut s = self.state;
        for night in self.nights.iter().flatten() {
            match *night {
                Night::Known(mut picks) => {
                    // Fisher-Yates from one random number: each step lifts the next index into
                    // the high bits of a product (6! is far below 2^64).
                    let mut r = rng.next_u64();
                    for i in (1..picks.len()).rev() {
                        let m = r as u128 * (i as u128 + 1);
                        picks.swap(i, (m >> 64) as usize);
                        r = m as u64;
                    }
                    for c in 1..DAIMYO {
                        let p = &picks[2 * (c - 1)..2 * c];
                        s.real[c] = s.real[c].bump(p[0] as usize, 2).bump(p[1] as usize, 2);
                    }
                }
                Night::Unknown => {
                    for c in 1..DAIMYO {
                        s.real[c] = s.real[c].add(random_counts(rng, NIGHT_PICKS).double());
                    }
                }
            }
        }
        s
    }
}

/// A rival's moves on a scoring turn, as negotiation counts.
#[derive(Clone, Copy, Debug)]
struct Replies {
    moves: [Row; RIVAL_MOVES],
    len: usize,
}

/// One sample: hidden nights drawn, `mine` played by column `me` while the others play from
/// `replies` (columns 1..3, when given) or uniformly, then uniformly random play up to the
/// start's scoring turn. Whether `me` ends on top (ties included) and its total.
#[inline]
fn playout(
    start: &Start,
    me: usize,
    mine: Row,
    replies: Option<&[Replies; DAIMYO - 1]>,
    rng: &mut impl Rng,
) -> (bool, i32) {
    let mut s = start.sample(rng);
    let n = start.phase.picks();
    let counts: [Row; DAIMYO] = std::array::from_fn(|c| match replies {
        _ if c == me => mine,
        Some(r) if c > 0 && r[c - 1].len > 0 => {
            let r = &r[c - 1];
            r.moves[scale(rng.next_u32(), r.len)]
        }
        _ => random_counts(rng, n),
    });
    s.apply_counts(&counts);
    while s.turn <= start.last {
        let n = s.phase().picks();
        let counts: [Row; DAIMYO] = std::array::from_fn(|_| random_counts(rng, n));
        s.apply_counts(&counts);
    }
    let totals = s.totals();
    let best = totals.iter().copied().max().unwrap_or(0);
    (totals[me] == best, totals[me])
}

/// A move on trial and what its playouts gave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Trial {
    counts: Row,
    wins: u32,
    /// Sum of the mover's totals, in twelfths.
    total: i64,
}

impl Trial {
    fn key(&self) -> (u32, i64) {
        (self.wins, self.total)
    }
}

/// Adds `playouts` playouts to every trial, every candidate on the same random numbers.
fn run(
    start: &Start,
    me: usize,
    trials: &mut [Trial],
    replies: Option<&[Replies; DAIMYO - 1]>,
    playouts: u32,
    seed: u64,
) {
    for t in trials {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..playouts {
            let (won, total) = playout(start, me, t.counts, replies, &mut rng);
            t.wins += won as u32;
            t.total += total as i64;
        }
    }
}

/// Best first; the stable sort keeps table order among exact ties.
fn rank(trials: &mut [Trial]) {
    trials.sort_by_key(|t| std::cmp::Reverse(t.key()));
}

/// How the lords' heat is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Heat {
    /// As the recorded games of the original show: the highest public intimacy of any column
    /// plus 2/3 of the others' hidden-night total (each pick is 2 intimacy, shared among three
    /// rivals), in thirds; then strength; exact ties in random order.
    Recorded,
    /// As first described: the highest public intimacy, then the others' hidden-night total,
    /// then strength; ties to the lower index. The bot's reading of `pruned-mc` keeps it.
    Described,
}

/// The lords ranked hottest first, under `heat`.
fn hottest(pos: &Position, heat: Heat, rng: &mut impl Rng) -> [usize; LORDS] {
    let nights = pos.hidden.iter().flatten().filter_map(|h| h.others).fold(Row::ZERO, Row::add);
    let top = |l: usize| pos.public.iter().map(|r| r.get(l)).max().unwrap_or(0) as u32;
    let mut lords: [usize; LORDS] = std::array::from_fn(|l| l);
    match heat {
        Heat::Recorded => {
            for i in (1..LORDS).rev() {
                lords.swap(i, scale(rng.next_u32(), i + 1));
            }
            lords.sort_by_key(|&l| {
                std::cmp::Reverse((3 * top(l) + 2 * nights.get(l) as u32, pos.strengths[l]))
            });
        }
        Heat::Described => {
            lords.sort_by_key(|&l| std::cmp::Reverse((top(l), nights.get(l), pos.strengths[l])));
        }
    }
    lords
}

/// The candidate moves of the turn: every legal move that leaves the lords `banned` names for
/// the turn alone, heat read as `heat` (`rng` breaks its ties).
fn candidates(
    pos: &Position,
    banned: &[usize; 10],
    heat: Heat,
    rng: &mut impl Rng,
) -> ([Trial; MAX_MOVES], usize) {
    let banned = banned.get(pos.turn as usize).copied().unwrap_or(0);
    let hot = hottest(pos, heat, rng);
    let mut out = [Trial::default(); MAX_MOVES];
    let mut n = 0;
    for &counts in legal(pos.phase) {
        if hot[..banned].iter().all(|&l| counts.get(l) == 0) {
            out[n] = Trial { counts, ..Trial::default() };
            n += 1;
        }
    }
    (out, n)
}

/// Rival `c`'s best moves, searched from its seat against uniformly random play by the rest, on
/// `playouts` playouts a move.
fn replies_of(start: &Start, c: usize, seed: u64, playouts: u32) -> Replies {
    let moves = legal(start.phase);
    let mut trials = [Trial::default(); MAX_MOVES];
    for (t, &counts) in trials.iter_mut().zip(moves) {
        t.counts = counts;
    }
    let trials = &mut trials[..moves.len()];
    run(start, c, trials, None, playouts, seed);
    rank(trials);
    let mut r = Replies { moves: [Row::ZERO; RIVAL_MOVES], len: 0 };
    for (slot, t) in r.moves.iter_mut().zip(trials.iter()) {
        *slot = t.counts;
        r.len += 1;
    }
    r
}

pub struct PrunedMc {
    rng: Xoshiro256PlusPlus,
    /// Hottest lords conceded, by turn.
    banned: [usize; 10],
    /// Every playout count is divided by it (1: the full budgets).
    divisor: u32,
    heat: Heat,
}

impl Default for PrunedMc {
    fn default() -> Self {
        let rng = Xoshiro256PlusPlus::seed_from_u64(0);
        PrunedMc { rng, banned: BANNED, divisor: 1, heat: Heat::Recorded }
    }
}

impl PrunedMc {
    /// The same search conceding the `banned` hottest lords by turn (index 0 unused).
    pub fn conceding(banned: [usize; 10]) -> PrunedMc {
        PrunedMc { banned, ..PrunedMc::default() }
    }

    /// Its random numbers from `seed` on (a new game's).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    /// `pruned-mc` with every playout count divided by `divisor`, on random numbers from `seed`,
    /// heat read as first described (the bot's reading of the style).
    pub fn scaled(divisor: u32, seed: u64) -> PrunedMc {
        let rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        PrunedMc { rng, divisor: divisor.max(1), heat: Heat::Described, ..PrunedMc::default() }
    }

    /// The move for the position.
    pub fn choose(&mut self, pos: &Position) -> Move {
        let k = |playouts: u32| (playouts / self.divisor).max(1);
        let start = Start::of_position(pos);
        let (mut trials, n) = candidates(pos, &self.banned, self.heat, &mut self.rng);
        let trials = &mut trials[..n];
        let seed = self.rng.next_u64();
        if pos.turn == start.last {
            let replies: [Replies; DAIMYO - 1] = std::array::from_fn(|i| {
                replies_of(&start, i + 1, seed.wrapping_add(i as u64 + 1), k(RIVAL_PLAYOUTS))
            });
            run(&start, 0, trials, Some(&replies), k(SCREEN_PLAYOUTS), seed);
            rank(trials);
            let finalists = &mut trials[..n.min(FINALISTS)];
            run(
                &start,
                0,
                finalists,
                Some(&replies),
                k(FINAL_PLAYOUTS),
                seed.wrapping_add(DAIMYO as u64),
            );
            rank(finalists);
        } else {
            let playouts = match pos.phase {
                Phase::Day => DAY_PLAYOUTS,
                Phase::Night => NIGHT_PLAYOUTS,
            };
            run(&start, 0, trials, None, k(playouts), seed);
            rank(trials);
        }
        Move::from_counts(trials[0].counts).expect("a table move")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::HiddenNight;

    /// Turn 1 shows nothing but strength, so the four strongest lords are conceded and all five
    /// picks go to the two weakest.
    #[test]
    fn opens_on_the_two_weakest_lords() {
        let st = [6, 5, 3, 4, 5, 6];
        for seed in 0..4 {
            let mut p = PrunedMc::default();
            p.reseed(seed);
            let m = p.choose(&Position::initial(st));
            assert_eq!(m.lords().len(), 5);
            assert!(m.lords().iter().all(|&l| l == 2 || l == 3), "seed {seed}: {m:?}");
        }
    }

    /// The original's heat counts a rival night pick as 2/3 of a public vote: a lord someone
    /// leads by 2 that drew 3 hidden night picks (2 + 2) is hotter than one led by 3 that drew
    /// none (3), which the described heat ranks first on the public lead alone.
    #[test]
    fn hidden_night_picks_add_two_thirds_of_a_vote_to_the_heat() {
        let mut pos = Position::initial([4; LORDS]);
        pos.turn = 3;
        let row = |a: [u8; LORDS]| Row::from_array(a);
        pos.public = [
            row([0, 1, 1, 1, 1, 1]),
            row([3, 2, 0, 0, 0, 0]),
            row([0, 0, 2, 1, 1, 1]),
            row([1, 1, 1, 1, 1, 0]),
        ];
        pos.hidden[0] = Some(HiddenNight { turn: 2, others: Some(row([0, 3, 0, 1, 1, 1])) });
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert_eq!(hottest(&pos, Heat::Recorded, &mut rng)[..2], [1, 0]);
        assert_eq!(hottest(&pos, Heat::Described, &mut rng)[..2], [0, 1]);
    }

    /// Conceding one lord fewer on turn 1, the three weakest are its candidates' lords: the
    /// moves of three lords (21) where the standard concessions leave those of two (6).
    #[test]
    fn conceding_fewer_lords_leaves_more_candidates() {
        let pos = Position::initial([6, 5, 3, 4, 5, 6]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        for heat in [Heat::Recorded, Heat::Described] {
            assert_eq!(candidates(&pos, &BANNED, heat, &mut rng).1, 6);
            assert_eq!(candidates(&pos, &[0, 3, 2, 1, 0, 0, 3, 2, 0, 0], heat, &mut rng).1, 21);
        }
    }

    /// Turn 9, nothing hidden. Lords 1..4 are settled whatever anyone does. Lord 5 (strength
    /// 6) decides the game between the daimyo (10) and rival 1 (9): a tie there is still a win.
    /// Lord 0 (strength 3) only adds points: two picks make the daimyo its sole top, one a tie
    /// with rival 2. Against uniformly random rivals three picks hold lord 5 in all but 1 game of
    /// 7776, so the points of lord 0 call for 3 + 2 (that search plays 0 0 5 5 5). But rival 1,
    /// searched from its own seat, keeps every reply with two or more picks on lord 5, the pile
    /// of five included, and none without: only four picks hold.
    #[test]
    fn the_last_turn_is_played_against_the_rivals_best_replies() {
        let mut pos = Position::initial([3, 3, 3, 3, 3, 6]);
        pos.turn = 9;
        let row = |first: u8, x: u8, last: u8| Row::from_array([first, x, x, x, x, last]);
        pos.public = [row(10, 10, 10), row(5, 30, 9), row(11, 10, 0), row(0, 0, 0)];
        pos.own = pos.public[0];
        // Rival 1 gains 12 on lords 1..4: the top of lord 5 decides between the two.
        pos.score5 = Some([100, -44, -28, -28]);

        let start = Start::of_position(&pos);
        let r1 = replies_of(&start, 1, 7, RIVAL_PLAYOUTS);
        let listed = &r1.moves[..r1.len];
        for &m in legal(Phase::Day) {
            if m.get(5) >= 2 {
                assert!(listed.contains(&m), "{m:?} missing from rival 1's replies");
            }
            if m.get(5) == 0 {
                assert!(!listed.contains(&m), "{m:?} among rival 1's replies");
            }
        }

        let mut p = PrunedMc::default();
        let m = p.choose(&pos);
        assert!(m.counts().get(5) >= 4, "{m:?}");
    }
}
