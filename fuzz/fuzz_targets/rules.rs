//! The rules: a seed and any sequence of moves, legal or not, through `Move::new` and
//! `State::play`, against a plain model of the game written here from the repository's account
//! of it (`docs/protocol.md`, "The game").
//!
//! Illegal moves get typed answers: `Move::new` refuses a lord out of range or a count other
//! than 5 or 2; `State::play` refuses the other phase's count (`WrongPhase`, naming the first
//! such daimyo) and any turn after the ninth (`GameOver`), and leaves the state as it was. On
//! legal turns the invariants hold: the intimacy sums, the true and public intimacies and the
//! N line as the model has them, each daimyo's hidden part (its true less its public
//! intimacy) being its own unrevealed nights, each seat's view taken in by a `Tracker` without
//! a warning, and the two scorings, each adding up to zero, adding up to the totals.
//!
//! Input (read with `arbitrary::Unstructured`, so that seeds can be written by hand): the seed
//! as 4 bytes little-endian, then turns: for each daimyo a count byte and that many lord bytes.
#![no_main]

use arbitrary::{Arbitrary, Result, Unstructured};
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::rules::{
    DAIMYO, LORDS, Move, Phase, PlayError, Row, State, TURNS, View, columns, score,
    strengths_from_seed, winner,
};
use libfuzzer_sys::fuzz_target;

/// A game as the fuzzer writes it: a seed and, each turn, each daimyo's lords as given.
#[derive(Debug)]
struct Game {
    seed: u32,
    turns: Vec<[Vec<u8>; DAIMYO]>,
}

impl<'a> Arbitrary<'a> for Game {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let seed = u32::from_le_bytes(u.bytes(4)?.try_into().unwrap());
        let mut turns = Vec::new();
        while !u.is_empty() && turns.len() < 12 {
            let mut t: [Vec<u8>; DAIMYO] = Default::default();
            for lords in &mut t {
                let n = u.bytes(1)?[0] as usize % 8;
                *lords = u.bytes(n.min(u.len()))?.to_vec();
            }
            turns.push(t);
        }
        Ok(Game { seed, turns })
    }
}

/// The game as `docs/protocol.md` tells it, in plain integers.
struct Model {
    strengths: [u8; LORDS],
    turn: u8,
    real: [[i32; LORDS]; DAIMYO],
    public: [[i32; LORDS]; DAIMYO],
    /// Twice each daimyo's night picks not yet revealed: its true less its public intimacy.
    hidden: [[i32; LORDS]; DAIMYO],
    last_night: [i32; LORDS],
    score5: Option<[i32; DAIMYO]>,
}

/// One scoring in twelfths, lord by lord, with division: the highest gain M/k, the lowest
/// lose M/k.
fn plain_score(strengths: &[u8; LORDS], real: &[[i32; LORDS]; DAIMYO]) -> [i32; DAIMYO] {
    let mut s = [0; DAIMYO];
    for l in 0..LORDS {
        let m = 12 * strengths[l] as i32;
        let hi = (0..DAIMYO).map(|d| real[d][l]).max().unwrap();
        let lo = (0..DAIMYO).map(|d| real[d][l]).min().unwrap();
        let k_hi = (0..DAIMYO).filter(|&d| real[d][l] == hi).count() as i32;
        let k_lo = (0..DAIMYO).filter(|&d| real[d][l] == lo).count() as i32;
        for d in 0..DAIMYO {
            if real[d][l] == hi {
                s[d] += m / k_hi;
            }
            if real[d][l] == lo {
                s[d] -= m / k_lo;
            }
        }
    }
    s
}

fn row(a: &[i32; LORDS]) -> Row {
    Row::from_array(a.map(|v| u8::try_from(v).expect("an intimacy fits a byte")))
}

impl Model {
    fn play(&mut self, moves: &[Move; DAIMYO]) {
        let night = Phase::of_turn(self.turn) == Phase::Night;
        if night {
            self.last_night = [0; LORDS];
        }
        for d in 0..DAIMYO {
            for &l in moves[d].lords() {
                let l = l as usize;
                if night {
                    self.real[d][l] += 2;
                    self.hidden[d][l] += 2;
                    self.last_night[l] += 1;
                } else {
                    self.real[d][l] += 1;
                    self.public[d][l] += 1;
                }
            }
        }
        if self.turn == 5 {
            self.score5 = Some(plain_score(&self.strengths, &self.real));
            self.public = self.real;
            self.hidden = [[0; LORDS]; DAIMYO];
        }
        self.turn += 1;
    }
}

fn check(state: &State, m: &Model, trackers: &mut [Tracker; DAIMYO]) {
    assert_eq!(state.turn, m.turn);
    let played = m.turn - 1;
    let days = (1..=played).filter(|t| t % 2 == 1).count() as u32;
    let nights = played as u32 - days;
    let revealed = if played >= 5 { 2 } else { 0 };
    for d in 0..DAIMYO {
        assert_eq!(state.real[d], row(&m.real[d]), "true intimacy of daimyo {d}");
        assert_eq!(state.public[d], row(&m.public[d]), "public intimacy of daimyo {d}");
        assert_eq!(state.real[d].sum(), 5 * days + 4 * nights, "true sum of daimyo {d}");
        assert_eq!(state.public[d].sum(), 5 * days + 4 * revealed, "public sum of daimyo {d}");
        let hidden = state.real[d].checked_sub(state.public[d]).expect("true covers public");
        assert_eq!(hidden, row(&m.hidden[d]), "hidden part of daimyo {d}");
    }
    let want_night = if played >= 2 { 8 } else { 0 };
    assert_eq!(state.last_night, row(&m.last_night));
    assert_eq!(state.last_night.sum(), want_night);
    match m.score5 {
        Some(s5) => {
            assert_eq!(state.score5, s5, "turn-5 scoring");
            assert_eq!(s5.iter().sum::<i32>(), 0);
        }
        None => assert_eq!(state.score5, [0; DAIMYO]),
    }
    if state.is_over() {
        let s9 = plain_score(&m.strengths, &m.real);
        assert_eq!(score(&state.strengths, &state.real), s9, "turn-9 scoring");
        assert_eq!(s9.iter().sum::<i32>(), 0);
        let totals = state.totals();
        let s5 = m.score5.unwrap();
        assert_eq!(totals, std::array::from_fn(|d| s5[d] + s9[d]), "totals");
        let best = *totals.iter().max().unwrap();
        let leaders: Vec<usize> = (0..DAIMYO).filter(|&d| totals[d] == best).collect();
        assert_eq!(winner(&totals), (leaders.len() == 1).then(|| leaders[0]));
        return;
    }
    // Each seat's view, as the manager shows it, taken in by a tracker without a warning.
    for (seat, tracker) in trackers.iter_mut().enumerate() {
        let v = View::of_seat(state, seat);
        let cols = columns(seat);
        assert_eq!(v.turn, m.turn);
        assert_eq!(v.phase, Phase::of_turn(m.turn));
        assert_eq!(v.own, row(&m.real[seat]));
        for c in 0..DAIMYO {
            assert_eq!(v.public[c], row(&m.public[cols[c]]), "seat {seat}, column {c}");
        }
        let want_n = (v.phase == Phase::Day).then(|| row(&m.last_night));
        assert_eq!(v.last_night, want_n);
        let warnings = tracker.observe(&v);
        assert!(warnings.is_empty(), "seat {seat}, turn {}: {warnings:?}", v.turn);
        let p = tracker.position();
        assert_eq!((p.turn, p.phase, p.public, p.own), (v.turn, v.phase, v.public, v.own));
        assert_eq!(p.score5.is_some(), m.turn > 5);
        if let Some(s5) = p.score5 {
            let s = m.score5.unwrap();
            assert_eq!(s5, cols.map(|c| s[c]), "turn-5 scores in seat {seat}'s columns");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(game) = Game::arbitrary_take_rest(Unstructured::new(data)) else { return };
    let strengths = strengths_from_seed(game.seed);
    assert!(strengths.iter().all(|m| (3..=6).contains(m)));
    let mut state = State::new(strengths);
    let mut m = Model {
        strengths,
        turn: 1,
        real: [[0; LORDS]; DAIMYO],
        public: [[0; LORDS]; DAIMYO],
        hidden: [[0; LORDS]; DAIMYO],
        last_night: [0; LORDS],
        score5: None,
    };
    let mut trackers = [(); DAIMYO].map(|_| Tracker::new(strengths));
    check(&state, &m, &mut trackers);
    for turn in &game.turns {
        let moves: Vec<Option<Move>> = turn.iter().map(|l| Move::new(l)).collect();
        for (lords, mv) in turn.iter().zip(&moves) {
            let ok = matches!(lords.len(), 2 | 5) && lords.iter().all(|&l| (l as usize) < LORDS);
            assert_eq!(mv.is_some(), ok, "Move::new({lords:?})");
            if let Some(mv) = mv {
                assert_eq!(mv.lords(), &lords[..]);
                assert_eq!(mv.counts().sum() as usize, lords.len());
            }
        }
        let Some(moves): Option<Vec<Move>> = moves.into_iter().collect() else { continue };
        let moves: [Move; DAIMYO] = moves.try_into().unwrap();
        let before = state;
        let wrong = (0..DAIMYO).find(|&d| moves[d].lords().len() != Phase::of_turn(m.turn).picks());
        match state.play(&moves) {
            Ok(()) => {
                assert!(m.turn <= TURNS && wrong.is_none(), "turn {} played", m.turn);
                m.play(&moves);
                check(&state, &m, &mut trackers);
            }
            Err(PlayError::GameOver) => {
                assert!(m.turn > TURNS);
                assert_eq!(state, before);
            }
            Err(PlayError::WrongPhase { daimyo, turn }) => {
                assert!(m.turn <= TURNS);
                assert_eq!((Some(daimyo), turn), (wrong, m.turn));
                assert_eq!(state, before);
            }
        }
    }
});
