//! What one daimyo knows at a turn, pieced together from the views it has been shown.
//!
//! The manager never tells a program its own past moves, its seat or the other daimyo's
//! nights, but they can be inferred: the own move of every turn is the change in the R line, a
//! night's per-lord totals arrive with the next day's N line, and the turn-6 public intimacies are
//! exactly the intimacies the turn-5 scoring used. `Tracker` does that inference once per turn,
//! when it takes in the view, and hands the latest view and the `Position` to whoever plays.
//! It checks each new view against the previous ones: input that cannot have happened yields
//! typed `Warning`s (the player words them) and the newest view is taken as the truth, so a
//! position pasted mid-game still plays.

use crate::rules::{DAIMYO, LORDS, MAX_INTIMACY, Phase, Row, State, TURNS, View, score};

/// A night the daimyo cannot see: the other three daimyo's split of its negotiations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenNight {
    /// The night's turn (2, 4, 6 or 8).
    pub turn: u8,
    /// Negotiations per lord by the other three daimyo together (sums to 6), when known.
    pub others: Option<Row>,
}

/// A night already played: the own move and the other three daimyo's per-lord totals (sum 6),
/// from the R lines and the next day's N line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastNight {
    pub own: Row,
    pub others: Row,
}

/// Everything the search needs, in column order (column 0 is the daimyo itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub strengths: [u8; LORDS],
    pub turn: u8,
    pub phase: Phase,
    pub public: [Row; DAIMYO],
    /// The daimyo's own true intimacy.
    pub own: Row,
    /// Nights whose moves are hidden now and still count in the coming scorings.
    pub hidden: [Option<HiddenNight>; 2],
    /// The turn-5 scores when the turn is past 5.
    pub score5: Option<[i32; DAIMYO]>,
    /// The others' public day moves (negotiation counts) of earlier day turns, by turn index.
    pub day_moves: [[Option<Row>; DAIMYO]; TURNS as usize + 1],
    /// Public intimacies at the start of each turn seen so far, by turn index.
    pub history: [Option<[Row; DAIMYO]>; TURNS as usize + 1],
    /// The nights played so far, by turn index, where they are known.
    pub nights: [Option<PastNight>; TURNS as usize + 1],
}

impl Position {
    /// The start of a game.
    pub fn initial(strengths: [u8; LORDS]) -> Position {
        Position {
            strengths,
            turn: 1,
            phase: Phase::Day,
            public: [Row::ZERO; DAIMYO],
            own: Row::ZERO,
            hidden: [None; 2],
            score5: None,
            day_moves: [[None; DAIMYO]; TURNS as usize + 1],
            history: [None; TURNS as usize + 1],
            nights: [None; TURNS as usize + 1],
        }
    }
}

/// Something in a view that no game can produce. Play goes on from the view as taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The phase letter contradicts the turn's parity; the move answers the letter.
    PhaseAgainstTurn { phase: Phase },
    /// The first view seen is not turn 1.
    StartsMidGame,
    /// The turn does not follow the one seen before.
    OutOfOrder { after: u8 },
    /// A turn number outside 1..9, taken as the nearest of them.
    TurnOutOfRange { given: u8 },
    /// A value above `MAX_INTIMACY`; capped.
    AboveMaximum { line: Line },
    /// A line that does not add up to what the turn says.
    Sum { line: Line, sum: u32, want: u32 },
    /// A line lower on some lord than on the turn before.
    Fell { line: Line },
    /// The R line below the own public column for some lord.
    OwnBelowPublic,
    /// The R line above the own public column by an odd amount (hidden nights add 2 a pick).
    OwnOddExcess,
    /// Public intimacies changed over the night just played, which is not public.
    PublicChangedOverNight,
    /// The N line counts fewer negotiations than the own move of the night just played.
    NightBelowOwnMove,
    /// The R line and the own public column rose differently over the day just played.
    DayMismatch,
}

/// A line of a view a warning is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Public {
        column: usize,
    },
    /// The R line, own true intimacy.
    Own,
    /// The N line, the last night's totals.
    Night,
}

/// Sum of public intimacy per column at the start of `turn`: 5 per day, plus the 8 of nights 2
/// and 4 once revealed.
fn public_sum(turn: u8) -> u32 {
    let days = (1..turn).filter(|&t| t % 2 == 1).count() as u32;
    5 * days + if turn >= 6 { 8 } else { 0 }
}

fn own_sum(turn: u8) -> u32 {
    let days = (1..turn).filter(|&t| t % 2 == 1).count() as u32;
    let nights = (1..turn).filter(|&t| t % 2 == 0).count() as u32;
    5 * days + 4 * nights
}

/// A row with every lane capped at `MAX_INTIMACY`, and whether it needed it.
fn cap(r: Row) -> (Row, bool) {
    let over = r.max_lane() > MAX_INTIMACY;
    (Row::from_array(r.to_array().map(|v| v.min(MAX_INTIMACY))), over)
}

/// The views of the current game, indexed by turn, and what follows from them.
#[derive(Clone, Debug)]
pub struct Tracker {
    strengths: [u8; LORDS],
    views: [Option<View>; TURNS as usize + 1],
    last_turn: u8,
    view: View,
    position: Position,
}

impl Tracker {
    pub fn new(strengths: [u8; LORDS]) -> Tracker {
        let (view, position) =
            (View::of_seat(&State::new(strengths), 0), Position::initial(strengths));
        Tracker { strengths, views: [None; TURNS as usize + 1], last_turn: 0, view, position }
    }

    /// The latest view as taken in: the turn within 1..9, values capped at `MAX_INTIMACY`.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The position at the latest view.
    pub fn position(&self) -> &Position {
        &self.position
    }

    fn seen(&self, turn: u8) -> Option<&View> {
        self.views.get(turn as usize).and_then(Option::as_ref)
    }

    /// Takes in the newest view and returns what in it cannot have happened.
    pub fn observe(&mut self, view: &View) -> Vec<Warning> {
        let mut warn = Vec::new();
        let view = self.taken_in(view, &mut warn);
        check_sums(&view, &mut warn);
        if let Some(prev) = self.seen(view.turn.wrapping_sub(1)).filter(|_| view.turn >= 2) {
            check_against(prev, &view, &mut warn);
        }
        self.views[view.turn as usize] = Some(view);
        self.last_turn = view.turn;
        self.view = view;
        self.position = self.infer();
        warn
    }

    /// The view brought into range, checked against the order of turns (going back forgets
    /// everything from that turn on).
    fn taken_in(&mut self, view: &View, warn: &mut Vec<Warning>) -> View {
        let mut view = *view;
        if !(1..=TURNS).contains(&view.turn) {
            warn.push(Warning::TurnOutOfRange { given: view.turn });
            view.turn = view.turn.clamp(1, TURNS);
        }
        let t = view.turn;
        if view.phase != Phase::of_turn(t) {
            warn.push(Warning::PhaseAgainstTurn { phase: view.phase });
        }
        if self.last_turn == 0 && t != 1 {
            warn.push(Warning::StartsMidGame);
        } else if self.last_turn != 0 && t != self.last_turn + 1 {
            warn.push(Warning::OutOfOrder { after: self.last_turn });
        }
        if t <= self.last_turn {
            for v in self.views.iter_mut().skip(t as usize) {
                *v = None;
            }
        }
        let own = std::iter::once((&mut view.own, Line::Own));
        let columns =
            view.public.iter_mut().enumerate().map(|(c, r)| (r, Line::Public { column: c }));
        for (row, line) in columns.chain(own) {
            let (capped, over) = cap(*row);
            *row = capped;
            if over {
                warn.push(Warning::AboveMaximum { line });
            }
        }
        view
    }

    /// The own move of `turn` in negotiation counts, from the R lines before and after it.
    fn own_move(&self, turn: u8) -> Option<Row> {
        let before = self.seen(turn)?.own;
        let after = self.seen(turn + 1)?.own;
        let inc = after.checked_sub(before)?;
        let counts = if turn.is_multiple_of(2) { inc.halve()? } else { inc };
        (counts.sum() as usize == Phase::of_turn(turn).picks()).then_some(counts)
    }

    /// The position at the newest view.
    fn infer(&self) -> Position {
        let t = self.last_turn;
        let v = self.view;
        let mut pos = Position::initial(self.strengths);
        pos.turn = t;
        pos.phase = v.phase;
        pos.public = v.public;
        pos.own = v.own;
        pos.nights = self.nights();
        let half: &[u8] = if t <= 5 { &[2, 4] } else { &[6, 8] };
        for (i, &n) in half.iter().filter(|&&n| n < t).enumerate() {
            pos.hidden[i] =
                Some(HiddenNight { turn: n, others: pos.nights[n as usize].map(|x| x.others) });
        }
        if t >= 6 {
            // The turn-6 public intimacies are the true ones the turn-5 scoring used; without the
            // turn-6 view the current public intimacies stand in for them.
            let at6 = self.seen(6).map_or(v.public, |w| w.public);
            pos.score5 = Some(score(&self.strengths, &at6));
        }
        for d in 1..=t {
            pos.history[d as usize] = self.seen(d).map(|w| w.public);
        }
        for d in (1..t).filter(|&d| d % 2 == 1 && d != 5) {
            if let (Some(a), Some(b)) = (self.seen(d), self.seen(d + 1)) {
                for c in 0..DAIMYO {
                    pos.day_moves[d as usize][c] =
                        b.public[c].checked_sub(a.public[c]).filter(|r| r.sum() == 5);
                }
            }
        }
        pos
    }

    /// The nights played so far, where the own move and the next N line are known. Own night
    /// moves come from consecutive R lines, or, for a single unknown night still hidden, from
    /// what the R line holds beyond the public intimacy.
    fn nights(&self) -> [Option<PastNight>; TURNS as usize + 1] {
        let (t, v) = (self.last_turn, self.view);
        let mut own: [Option<Row>; TURNS as usize + 1] = [None; TURNS as usize + 1];
        for n in (2..t).step_by(2) {
            own[n as usize] = self.own_move(n);
        }
        let t = t as usize;
        let hidden: Vec<usize> =
            [2, 4, 6, 8].into_iter().filter(|&n| n < t && (t <= 5) == (n < 5)).collect();
        if let Some(extra) = v.own.checked_sub(v.public[0]).and_then(Row::halve) {
            let unknown: Vec<usize> =
                hidden.iter().copied().filter(|&n| own[n].is_none()).collect();
            if let [n] = unknown[..] {
                let known = hidden.iter().filter_map(|&m| own[m]).fold(Row::ZERO, Row::add);
                own[n] = extra.checked_sub(known).filter(|r| r.sum() == 2);
            }
        }
        std::array::from_fn(|n| {
            let own = own[n]?;
            let totals = self.seen(n as u8 + 1)?.last_night?;
            let others = totals.checked_sub(own).filter(|r| r.sum() == 6)?;
            Some(PastNight { own, others })
        })
    }
}

/// The sums a turn's view must have.
fn check_sums(view: &View, warn: &mut Vec<Warning>) {
    let t = view.turn;
    if let Some(column) = (0..DAIMYO).find(|&c| view.public[c].sum() != public_sum(t)) {
        let (line, sum) = (Line::Public { column }, view.public[column].sum());
        warn.push(Warning::Sum { line, sum, want: public_sum(t) });
    }
    if view.own.sum() != own_sum(t) {
        warn.push(Warning::Sum { line: Line::Own, sum: view.own.sum(), want: own_sum(t) });
    }
    match view.own.checked_sub(view.public[0]).map(Row::halve) {
        None => warn.push(Warning::OwnBelowPublic),
        Some(None) => warn.push(Warning::OwnOddExcess),
        Some(Some(_)) => {}
    }
    if let Some(n) = view.last_night {
        let want = if t == 1 { 0 } else { 8 };
        if n.sum() != want {
            warn.push(Warning::Sum { line: Line::Night, sum: n.sum(), want });
        }
    }
}

/// What a view must agree with in the view of the turn before.
fn check_against(prev: &View, view: &View, warn: &mut Vec<Warning>) {
    if let Some(column) = (0..DAIMYO).find(|&c| !view.public[c].covers(prev.public[c])) {
        warn.push(Warning::Fell { line: Line::Public { column } });
    }
    let own_move = view.own.checked_sub(prev.own);
    if own_move.is_none() {
        warn.push(Warning::Fell { line: Line::Own });
    }
    if Phase::of_turn(prev.turn) == Phase::Night {
        if view.public != prev.public {
            warn.push(Warning::PublicChangedOverNight);
        }
        let mine = own_move.and_then(Row::halve);
        if let (Some(n), Some(mine)) = (view.last_night, mine)
            && !n.covers(mine)
        {
            warn.push(Warning::NightBelowOwnMove);
        }
    } else if view.turn != 6
        && let (Some(mine), Some(shown)) = (own_move, view.public[0].checked_sub(prev.public[0]))
        && mine != shown
    {
        warn.push(Warning::DayMismatch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, State};

    fn mv(l: &[u8]) -> Move {
        Move::new(l).unwrap()
    }

    /// Plays a fixed game and feeds seat 1's views to a tracker up to `upto`.
    fn tracked(upto: u8) -> (State, Tracker, Vec<[Move; 4]>) {
        let st = [3, 4, 5, 6, 3, 4];
        let mut s = State::new(st);
        let mut tr = Tracker::new(st);
        let day = [
            mv(&[0, 0, 1, 2, 3]),
            mv(&[3, 3, 3, 4, 5]),
            mv(&[5, 5, 5, 5, 5]),
            mv(&[1, 2, 3, 4, 0]),
        ];
        let night = [mv(&[0, 1]), mv(&[3, 4]), mv(&[5, 5]), mv(&[2, 2])];
        let mut played = Vec::new();
        while s.turn <= upto {
            assert!(tr.observe(&View::of_seat(&s, 1)).is_empty(), "a real game gives no warnings");
            if s.turn == upto {
                break;
            }
            let m = if s.phase() == Phase::Day { day } else { night };
            s.play(&m).unwrap();
            played.push(m);
        }
        (s, tr, played)
    }

    #[test]
    fn infers_the_others_hidden_nights() {
        let (_, tr, _) = tracked(5);
        let p = tr.position();
        // Seat 1 played 3,4 by night; the others (seats 0, 2, 3) played 0,1 + 5,5 + 2,2.
        let want = Row::from_array([1, 1, 2, 0, 0, 2]);
        assert_eq!(p.hidden[0], Some(HiddenNight { turn: 2, others: Some(want) }));
        assert_eq!(p.hidden[1], Some(HiddenNight { turn: 4, others: Some(want) }));
        assert_eq!(p.score5, None);
        // Column 1 of seat 1 is seat 0: its day move of turn 3 is public.
        assert_eq!(p.day_moves[3][1], Some(mv(&[0, 0, 1, 2, 3]).counts()));
    }

    #[test]
    fn knows_the_turn5_scores_later() {
        let (s, tr, _) = tracked(9);
        let p = tr.position();
        let cols = crate::rules::columns(1);
        assert_eq!(p.score5, Some(cols.map(|c| s.score5[c])));
        assert_eq!(p.hidden.map(|h| h.map(|h| h.turn)), [Some(6), Some(8)]);
        assert!(p.hidden.iter().all(|h| h.unwrap().others.is_some()));
    }

    #[test]
    fn a_pasted_position_alone_still_plays() {
        let (s, _, _) = tracked(7);
        let mut tr = Tracker::new(s.strengths);
        let w = tr.observe(&View::of_seat(&s, 1));
        assert_eq!(w.len(), 1, "{w:?}");
        let p = tr.position();
        // One hidden night (6): the own move follows from R minus public, totals from the N line.
        assert_eq!(p.hidden[0].unwrap().others, Some(Row::from_array([1, 1, 2, 0, 0, 2])));
    }

    #[test]
    fn impossible_input_is_named() {
        let (s, mut tr, _) = tracked(3);
        let mut v = View::of_seat(&s, 1);
        v.turn = 3;
        v.public[2] = Row::ZERO;
        let w = tr.observe(&v);
        assert!(w.contains(&Warning::OutOfOrder { after: 3 }), "{w:?}");
        let line = Line::Public { column: 2 };
        assert!(w.contains(&Warning::Fell { line }), "{w:?}");
        assert!(w.contains(&Warning::Sum { line, sum: 0, want: 5 }), "{w:?}");
        // A turn no reader produces is brought into range.
        let w = tr.observe(&View { turn: 12, ..v });
        assert!(w.contains(&Warning::TurnOutOfRange { given: 12 }), "{w:?}");
        assert_eq!(tr.view().turn, 9);
    }
}
