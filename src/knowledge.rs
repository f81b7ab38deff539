//! What one daimyo knows at a turn, pieced together from the views it has been shown.
//!
//! The manager never tells a program its own past moves, its seat or the other daimyo's
//! nights, but they can be inferred: the own move of every turn is the change in the R line, a
//! night's per-lord totals arrive with the next day's N line, and the turn-6 public intimacies are
//! exactly the intimacies the turn-5 scoring used. `Tracker` does that inference and checks each
//! new view against the previous ones; input that cannot have happened yields warnings and the
//! newest view is taken as the truth, so a position pasted mid-game still plays.

use crate::rules::View;
use crate::rules::{DAIMYO, LORDS, MAX_INTIMACY, Phase, Row, TURNS, score};

/// A night the daimyo cannot see: the other three daimyo's split of its negotiations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenNight {
    /// The night's turn (2, 4, 6 or 8).
    pub turn: u8,
    /// Negotiations per lord by the other three daimyo together (sums to 6), when known.
    pub others: Option<Row>,
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
        }
    }
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

/// Views of the current game, indexed by turn.
pub struct Tracker {
    strengths: [u8; LORDS],
    views: [Option<View>; TURNS as usize + 1],
    last_turn: u8,
}

impl Tracker {
    pub fn new(strengths: [u8; LORDS]) -> Tracker {
        Tracker { strengths, views: [None; TURNS as usize + 1], last_turn: 0 }
    }

    pub fn view(&self, turn: u8) -> Option<&View> {
        self.views.get(turn as usize).and_then(Option::as_ref)
    }

    /// Takes in the newest view and returns warnings about anything that cannot have happened.
    pub fn observe(&mut self, view: &View) -> Vec<String> {
        let mut warn = Vec::new();
        let t = view.turn;
        let mut view = *view;
        if view.phase != Phase::of_turn(t) {
            warn.push(format!(
                "turn {t} is a {} turn but the phase says {}; answering as {}",
                if t % 2 == 1 { "day" } else { "night" },
                view.phase.letter(),
                if view.phase == Phase::Day { "a day (5 lords)" } else { "a night (2 lords)" },
            ));
        }
        if self.last_turn == 0 && t != 1 {
            warn.push(format!(
                "the game starts at turn {t}: earlier turns are unknown and estimated"
            ));
        } else if self.last_turn != 0 && t != self.last_turn + 1 {
            let what = if t <= self.last_turn { "repeats or goes back" } else { "skips ahead" };
            warn.push(format!(
                "turn {t} follows turn {} ({what}); playing from this view",
                self.last_turn
            ));
        }
        if t <= self.last_turn {
            // Going back: forget everything from this turn on.
            for v in self.views.iter_mut().skip(t as usize) {
                *v = None;
            }
        }
        let cap = |r: Row, what: &str, warn: &mut Vec<String>| {
            if r.max_lane() > MAX_INTIMACY {
                warn.push(format!("{what} above {MAX_INTIMACY}, the most a game allows; capped"));
                Row::from_array(r.to_array().map(|v| v.min(MAX_INTIMACY)))
            } else {
                r
            }
        };
        for c in 0..DAIMYO {
            view.public[c] =
                cap(view.public[c], &format!("public intimacy in column {c}"), &mut warn);
        }
        view.own = cap(view.own, "own intimacy (R line)", &mut warn);
        for c in 0..DAIMYO {
            let s = view.public[c].sum();
            if s != public_sum(t) {
                warn.push(format!(
                    "public intimacies of column {c} add up to {s}, on turn {t} they add up to {}",
                    public_sum(t)
                ));
                break;
            }
        }
        if view.own.sum() != own_sum(t) {
            warn.push(format!(
                "the R line adds up to {}, on turn {t} it adds up to {}",
                view.own.sum(),
                own_sum(t)
            ));
        }
        match view.own.checked_sub(view.public[0]).map(Row::halve) {
            None => warn.push(
                "the R line is below the own public intimacy (column 0) for some lord".into(),
            ),
            Some(None) => warn.push(
                "the R line exceeds the own public intimacy (column 0) by an odd amount for some \
                 lord; only night negotiations (+2) are hidden"
                    .into(),
            ),
            Some(Some(_)) => {}
        }
        if let Some(n) = view.last_night {
            let want = if t == 1 { 0 } else { 8 };
            if n.sum() != want {
                warn.push(format!(
                    "the N line adds up to {}, on turn {t} it adds up to {want}",
                    n.sum()
                ));
            }
        }
        if let Some(prev) = self.view(t.wrapping_sub(1)).filter(|_| t >= 2) {
            for c in 0..DAIMYO {
                if !view.public[c].covers(prev.public[c]) {
                    warn.push(format!("public intimacy of column {c} fell since turn {}", t - 1));
                    break;
                }
            }
            let own_move = view.own.checked_sub(prev.own);
            if own_move.is_none() {
                warn.push(format!("own intimacy (R line) fell since turn {}", t - 1));
            }
            if Phase::of_turn(t - 1) == Phase::Night {
                if view.public != prev.public {
                    warn.push(format!(
                        "public intimacies changed over night {}, which is not public",
                        t - 1
                    ));
                }
                let mine = own_move.and_then(Row::halve);
                if let (Some(n), Some(mine)) = (view.last_night, mine)
                    && !n.covers(mine)
                {
                    warn.push(format!(
                        "the N line counts fewer negotiations than the own move of night {} \
                         (the rise of the R line)",
                        t - 1
                    ));
                }
            } else if t != 6
                && let (Some(mine), Some(shown)) =
                    (own_move, view.public[0].checked_sub(prev.public[0]))
                && mine != shown
            {
                warn.push(format!(
                    "the R line and the own public intimacy (column 0) rose differently over \
                     day {}, whose moves are public",
                    t - 1
                ));
            }
        }
        self.views[t as usize] = Some(view);
        self.last_turn = t;
        warn
    }

    /// The own move of `turn` in negotiation counts, from the R lines before and after it.
    fn own_move(&self, turn: u8) -> Option<Row> {
        let before = self.view(turn)?.own;
        let after = self.view(turn + 1)?.own;
        let inc = after.checked_sub(before)?;
        let counts = if turn.is_multiple_of(2) { inc.halve()? } else { inc };
        (counts.sum() as usize == Phase::of_turn(turn).picks()).then_some(counts)
    }

    /// The position at the newest view.
    pub fn position(&self) -> Position {
        let t = self.last_turn;
        let v = self.view(t).expect("a view was observed");
        let mut pos = Position::initial(self.strengths);
        pos.turn = t;
        pos.phase = v.phase;
        pos.public = v.public;
        pos.own = v.own;

        let nights: &[u8] = if t <= 5 { &[2, 4] } else { &[6, 8] };
        let hidden: Vec<u8> = nights.iter().copied().filter(|&n| n < t).collect();
        // Own night moves: from consecutive R lines, or, for a single unknown night, from what
        // the R line holds beyond the public intimacy.
        let mut own: Vec<Option<Row>> = hidden.iter().map(|&n| self.own_move(n)).collect();
        if let Some(extra) = v.own.checked_sub(v.public[0]).and_then(Row::halve) {
            let unknown: Vec<usize> = (0..own.len()).filter(|&i| own[i].is_none()).collect();
            if unknown.len() == 1 {
                let known = own.iter().flatten().fold(Row::ZERO, |a, &r| a.add(r));
                own[unknown[0]] = extra.checked_sub(known).filter(|r| r.sum() == 2);
            }
        }
        for (i, &n) in hidden.iter().enumerate() {
            let totals = self.view(n + 1).and_then(|w| w.last_night);
            let others = match (totals, own[i]) {
                (Some(tot), Some(mine)) => tot.checked_sub(mine).filter(|r| r.sum() == 6),
                _ => None,
            };
            pos.hidden[i] = Some(HiddenNight { turn: n, others });
        }

        if t >= 6 {
            // The turn-6 public intimacies are the true ones the turn-5 scoring used; without the
            // turn-6 view the current public intimacies stand in for them.
            let at6 = self.view(6).map_or(v.public, |w| w.public);
            pos.score5 = Some(score(&self.strengths, &at6));
        }

        for d in 1..=t {
            pos.history[d as usize] = self.view(d).map(|w| w.public);
        }
        for d in (1..t).filter(|&d| d % 2 == 1 && d != 5) {
            if let (Some(a), Some(b)) = (self.view(d), self.view(d + 1)) {
                for c in 0..DAIMYO {
                    pos.day_moves[d as usize][c] =
                        b.public[c].checked_sub(a.public[c]).filter(|r| r.sum() == 5);
                }
            }
        }
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::View;
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
        assert!(w.iter().any(|m| m.contains("repeats")), "{w:?}");
        assert!(w.iter().any(|m| m.contains("fell") || m.contains("add up")), "{w:?}");
    }
}
