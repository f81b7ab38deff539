//! The rules of Negotiate and Conquer, pure: no I/O, no allocation.
//!
//! A daimyo's intimacies with the six lords live in one `Row`, a `u64` holding one byte per
//! lord, so a whole move is applied with a single addition and a `State` is a few words that
//! rollouts copy freely. Scores are exact integers in twelfths of a strength point: every share
//! of M among k = 1..4 daimyo is 12M/k twelfths.
//!
//! `State::play` is the checked way in (it validates every move); `Row` arithmetic and `score`
//! are the fast way the search uses inside rollouts. `View` is what one daimyo is shown of a
//! `State` at the start of a turn, its own column first.

pub const LORDS: usize = 6;
pub const DAIMYO: usize = 4;
pub const TURNS: u8 = 9;
/// Lords named per move by day and by night.
pub const DAY_PICKS: usize = 5;
pub const NIGHT_PICKS: usize = 2;
/// Largest intimacy one daimyo can reach with one lord in a whole game:
/// five days of 5 picks, four nights of 2 picks worth 2 each.
pub const MAX_INTIMACY: u8 = 5 * 5 + 4 * 2 * 2;

/// Day or night; odd turns are days.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Day,
    Night,
}

impl Phase {
    pub fn of_turn(turn: u8) -> Phase {
        if turn % 2 == 1 { Phase::Day } else { Phase::Night }
    }
    /// Lords named per move.
    pub fn picks(self) -> usize {
        match self {
            Phase::Day => DAY_PICKS,
            Phase::Night => NIGHT_PICKS,
        }
    }
    /// Intimacy gained per negotiation.
    pub fn weight(self) -> u8 {
        match self {
            Phase::Day => 1,
            Phase::Night => 2,
        }
    }
}

/// Six small counters packed one byte per lord. Values stay far below 128 in any real game
/// (at most `MAX_INTIMACY`), so byte-wise addition never carries into the next lord.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row(pub u64);

impl Row {
    pub const ZERO: Row = Row(0);

    pub const fn from_array(a: [u8; LORDS]) -> Row {
        let mut v = 0u64;
        let mut i = 0;
        while i < LORDS {
            v |= (a[i] as u64) << (8 * i);
            i += 1;
        }
        Row(v)
    }

    pub fn to_array(self) -> [u8; LORDS] {
        std::array::from_fn(|i| self.get(i))
    }

    #[inline(always)]
    pub const fn get(self, lord: usize) -> u8 {
        (self.0 >> (8 * lord)) as u8
    }

    /// The row with one more negotiation worth `w` on `lord`.
    #[inline(always)]
    pub const fn bump(self, lord: usize, w: u8) -> Row {
        Row(self.0 + ((w as u64) << (8 * lord)))
    }

    #[inline(always)]
    pub const fn add(self, other: Row) -> Row {
        Row(self.0 + other.0)
    }

    /// Lord-wise difference, or `None` where some lord of `other` is larger.
    pub fn checked_sub(self, other: Row) -> Option<Row> {
        let mut out = [0u8; LORDS];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.get(i).checked_sub(other.get(i))?;
        }
        Some(Row::from_array(out))
    }

    /// Lord-wise `self >= other`.
    pub fn covers(self, other: Row) -> bool {
        self.checked_sub(other).is_some()
    }

    pub fn sum(self) -> u32 {
        (0..LORDS).map(|i| self.get(i) as u32).sum()
    }

    pub fn max_lane(self) -> u8 {
        (0..LORDS).map(|i| self.get(i)).max().unwrap_or(0)
    }

    /// Every lane divided by two, or `None` if some lane is odd.
    pub fn halve(self) -> Option<Row> {
        if self.0 & 0x0101_0101_0101 != 0 {
            return None;
        }
        Some(Row(self.0 >> 1 & 0x7f7f_7f7f_7f7f))
    }

    pub fn double(self) -> Row {
        Row(self.0 << 1)
    }
}

/// One daimyo's move: the lords named, in the order given (`len` is 5 by day, 2 by night).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    lords: [u8; DAY_PICKS],
    len: u8,
}

impl Move {
    /// A move from lord indices; `None` if a lord is out of range or the count is not 5 or 2.
    pub fn new(lords: &[u8]) -> Option<Move> {
        if lords.len() != DAY_PICKS && lords.len() != NIGHT_PICKS {
            return None;
        }
        if lords.iter().any(|&l| l as usize >= LORDS) {
            return None;
        }
        let mut m = Move { lords: [0; DAY_PICKS], len: lords.len() as u8 };
        m.lords[..lords.len()].copy_from_slice(lords);
        Some(m)
    }

    /// The move of a program that plays nothing valid: lord 0 every time.
    pub fn lord_zero(phase: Phase) -> Move {
        Move { lords: [0; DAY_PICKS], len: phase.picks() as u8 }
    }

    /// The move whose negotiation counts are `counts` (the sum must be 5 or 2), lords ascending.
    pub fn from_counts(counts: Row) -> Option<Move> {
        let mut lords = [0u8; DAY_PICKS];
        let mut n = 0;
        for l in 0..LORDS {
            for _ in 0..counts.get(l) {
                if n == DAY_PICKS {
                    return None;
                }
                lords[n] = l as u8;
                n += 1;
            }
        }
        Move::new(&lords[..n])
    }

    pub fn lords(&self) -> &[u8] {
        &self.lords[..self.len as usize]
    }

    pub fn phase(&self) -> Phase {
        if self.len as usize == DAY_PICKS { Phase::Day } else { Phase::Night }
    }

    /// How many times each lord is named.
    pub fn counts(&self) -> Row {
        self.lords().iter().fold(Row::ZERO, |r, &l| r.bump(l as usize, 1))
    }

    /// What the move adds to the mover's true intimacy.
    pub fn increment(&self) -> Row {
        let c = self.counts();
        match self.phase() {
            Phase::Day => c,
            Phase::Night => c.double(),
        }
    }
}

/// The top bit of every byte lane.
pub const HIGH: u64 = 0x8080_8080_8080_8080;
/// The low bit of every byte lane.
const LOW: u64 = 0x0101_0101_0101_0101;

/// Lane-wise maximum of two rows whose lanes are all below 128: one subtraction tells, in each
/// lane's top bit, whether `a >= b` there.
#[inline(always)]
pub fn lane_max(a: u64, b: u64) -> u64 {
    let ge = (((a | HIGH) - b) & HIGH) >> 7;
    let mask = ge * 0xff;
    (a & mask) | (b & !mask)
}

/// Lane-wise minimum, as `lane_max`.
#[inline(always)]
pub fn lane_min(a: u64, b: u64) -> u64 {
    let ge = (((a | HIGH) - b) & HIGH) >> 7;
    let mask = ge * 0xff;
    (b & mask) | (a & !mask)
}

/// 1 in every lane where `a` and `b` (lanes below 128) are equal, 0 elsewhere.
#[inline(always)]
fn lane_eq(a: u64, b: u64) -> u64 {
    let nonzero = ((a ^ b) | HIGH).wrapping_sub(LOW) & HIGH;
    (nonzero ^ HIGH) >> 7
}

/// Twelfths of a share of first (or last) place among k = 1..4 daimyo, by k.
const SHARE_X12: [i32; DAIMYO + 1] = [0, 12, 6, 4, 3];

/// Scores of one scoring (turn 5 or turn 9) in twelfths, from true intimacies. Every lane of
/// the four rows is compared at once (the rows are byte-packed): the best and worst of each
/// lord, which daimyo hold them and how many, then each lord's share by table: no branch and no
/// division, for the rollouts' sake.
#[inline]
pub fn score(strengths: &[u8; LORDS], real: &[Row; DAIMYO]) -> [i32; DAIMYO] {
    let [a, b, c, d] = real.map(|r| r.0);
    let hi = lane_max(lane_max(a, b), lane_max(c, d));
    let lo = lane_min(lane_min(a, b), lane_min(c, d));
    let top = [a, b, c, d].map(|r| lane_eq(r, hi));
    let bottom = [a, b, c, d].map(|r| lane_eq(r, lo));
    let (k_hi, k_lo) =
        (top[0] + top[1] + top[2] + top[3], bottom[0] + bottom[1] + bottom[2] + bottom[3]);
    let mut s = [0i32; DAIMYO];
    for (lord, &m) in strengths.iter().enumerate() {
        let shift = 8 * lord;
        let gain = m as i32 * SHARE_X12[(k_hi >> shift) as usize & 7];
        let loss = m as i32 * SHARE_X12[(k_lo >> shift) as usize & 7];
        for d in 0..DAIMYO {
            s[d] +=
                ((top[d] >> shift) & 1) as i32 * gain - ((bottom[d] >> shift) & 1) as i32 * loss;
        }
    }
    debug_assert_eq!(s.iter().sum::<i32>(), 0);
    s
}

/// The winning seat, or `None` for a draw (two or more share the highest total).
pub fn winner(totals: &[i32; DAIMYO]) -> Option<usize> {
    let best = *totals.iter().max().unwrap();
    let mut leaders = (0..DAIMYO).filter(|&d| totals[d] == best);
    let first = leaders.next();
    if leaders.next().is_some() { None } else { first }
}

/// Each seat's share of first place: 1 for a sole winner, 1/k each when k share the top,
/// in twelfths so that it stays an integer (12, 6, 4 or 3).
#[inline]
pub fn first_place_shares(totals: &[i32; DAIMYO]) -> [u32; DAIMYO] {
    let best = totals[0].max(totals[1]).max(totals[2].max(totals[3]));
    let k = totals.iter().filter(|&&t| t == best).count() as u32;
    std::array::from_fn(|d| if totals[d] == best { 12 / k } else { 0 })
}

/// Each seat's margin: its total less the best other seat's (in the totals' units).
pub fn margins(totals: &[i32; DAIMYO]) -> [i32; DAIMYO] {
    std::array::from_fn(|d| {
        let best_other = (0..DAIMYO).filter(|&o| o != d).map(|o| totals[o]).max();
        totals[d] - best_other.expect("three others")
    })
}

/// Why a turn cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    GameOver,
    /// A daimyo named the other phase's number of lords.
    WrongPhase { daimyo: usize, turn: u8 },
}

/// The game as the referee knows it: true intimacies, what everyone sees, and the scores so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub strengths: [u8; LORDS],
    /// The turn about to be played, 1..=9; 10 once the game is over.
    pub turn: u8,
    pub real: [Row; DAIMYO],
    /// Public intimacy as shown at the start of `turn`: days, plus nights 2 and 4 after turn 5.
    pub public: [Row; DAIMYO],
    /// Per-lord negotiation totals of the last night (the N line); zero before the first night.
    pub last_night: Row,
    /// Scores of the turn-5 scoring, zero until it has happened.
    pub score5: [i32; DAIMYO],
}

impl State {
    pub fn new(strengths: [u8; LORDS]) -> State {
        State {
            strengths,
            turn: 1,
            real: [Row::ZERO; DAIMYO],
            public: [Row::ZERO; DAIMYO],
            last_night: Row::ZERO,
            score5: [0; DAIMYO],
        }
    }

    pub fn phase(&self) -> Phase {
        Phase::of_turn(self.turn)
    }

    pub fn is_over(&self) -> bool {
        self.turn > TURNS
    }

    /// Plays one turn; every move must have the phase's length. Checked: the way in for moves
    /// that came from outside.
    pub fn play(&mut self, moves: &[Move; DAIMYO]) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let phase = self.phase();
        if let Some(daimyo) = moves.iter().position(|m| m.phase() != phase) {
            return Err(PlayError::WrongPhase { daimyo, turn: self.turn });
        }
        let counts: [Row; DAIMYO] = std::array::from_fn(|d| moves[d].counts());
        self.apply_counts(&counts);
        Ok(())
    }

    /// Plays one turn given each daimyo's negotiation counts (not yet doubled for nights).
    pub fn apply_counts(&mut self, counts: &[Row; DAIMYO]) {
        let phase = self.phase();
        let mut night = Row::ZERO;
        for d in 0..DAIMYO {
            match phase {
                Phase::Day => {
                    self.real[d] = self.real[d].add(counts[d]);
                    self.public[d] = self.public[d].add(counts[d]);
                }
                Phase::Night => {
                    self.real[d] = self.real[d].add(counts[d].double());
                    night = night.add(counts[d]);
                }
            }
        }
        if phase == Phase::Night {
            self.last_night = night;
        }
        if self.turn == 5 {
            self.score5 = score(&self.strengths, &self.real);
            // Nights 2 and 4 are revealed: from now on public intimacy shows everything so far.
            self.public = self.real;
        }
        self.turn += 1;
    }

    /// Totals so far in twelfths: the turn-5 scoring, plus the turn-9 one once the game is over.
    pub fn totals(&self) -> [i32; DAIMYO] {
        if self.is_over() {
            let s9 = score(&self.strengths, &self.real);
            std::array::from_fn(|d| self.score5[d] + s9[d])
        } else {
            self.score5
        }
    }
}

/// Lord strengths drawn exactly as the official manager draws them from its seed.
pub fn strengths_from_seed(seed: u32) -> [u8; LORDS] {
    let mut mt = crate::mt::Mt19937::new(seed);
    std::array::from_fn(|_| 3 + (mt.next_u32() >> 30) as u8)
}

/// What one daimyo is shown at the start of a turn. Column 0 is the daimyo itself, columns 1..3
/// the others in ascending seat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub turn: u8,
    pub phase: Phase,
    /// Public intimacy per column.
    pub public: [Row; DAIMYO],
    /// The daimyo's own true intimacy.
    pub own: Row,
    /// Negotiations per lord in the previous night, all four daimyo (day turns only).
    pub last_night: Option<Row>,
}

/// The seats behind a seat's columns: seat 2 sees seats 2, 0, 1, 3.
pub fn columns(seat: usize) -> [usize; DAIMYO] {
    let mut cols = [seat; DAIMYO];
    let mut c = 1;
    for s in 0..DAIMYO {
        if s != seat {
            cols[c] = s;
            c += 1;
        }
    }
    cols
}

impl View {
    pub fn of_seat(state: &State, seat: usize) -> View {
        let cols = columns(seat);
        let phase = state.phase();
        View {
            turn: state.turn,
            phase,
            public: cols.map(|s| state.public[s]),
            own: state.real[seat],
            last_night: (phase == Phase::Day).then_some(state.last_night),
        }
    }
}

#[cfg(test)]
mod tests;
