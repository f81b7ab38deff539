//! One game under the official manager's rules, against abstract seats.
//!
//! The game loop only knows a `Seat`: something that can be started, asked for READY, sent a
//! turn and asked for the answer chunk that follows. Built-in agents, external programs and the
//! tests' scripted seats all sit behind it, so the manager's rules (time limits, lord 0 for a
//! silent or dead seat, the first chunk as the whole answer) are written once, here. A seat
//! that can tell what it thought of its answer (a built-in search's report) has it recorded
//! with the answer, its night guesses by seat.

use crate::player::protocol::{answer_line, is_well_formed, read_answer, says_ready};
use crate::workshop::records::{Estimate, NightEstimate};
use daimyo_engine::agent::{Agent, Report};
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, State, TURNS, View, columns, winner};
use std::time::{Duration, Instant};

/// The manager's clocks, which a seat must beat (a search's own bounds, inside them, are
/// `engine::timeman::Limits`).
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    /// From the start of the game to READY.
    pub ready: Duration,
    /// From just before a turn's text is written to the arrival of the answer.
    pub answer: Duration,
}

/// The manager's time for an answer, in ms.
pub const MANAGER_ANSWER_MS: u64 = 1000;

impl Clocks {
    /// READY within 5 s, each answer within 1000 ms, as the official manager has them.
    pub const MANAGER: Clocks =
        Clocks { ready: Duration::from_secs(5), answer: Duration::from_millis(MANAGER_ANSWER_MS) };
}

/// What came back from a seat.
#[derive(Debug)]
pub enum Reply {
    /// One chunk of output and the moment it arrived (it may have been waiting since before
    /// the question: a late or split answer).
    Chunk(Vec<u8>, Instant),
    /// Nothing arrived before the deadline.
    Silent,
    /// The seat has gone (its process exited or never started).
    Gone,
}

pub trait Seat {
    /// The game begins: a built-in learns the lords, a program is launched.
    fn start(&mut self, strengths: [u8; LORDS], seed: u64);
    /// The first chunk the seat sends, waited for until `deadline`.
    fn ready(&mut self, deadline: Instant) -> Reply;
    /// Sends the turn (`text` is the manager's bytes for `view`) and waits for the next chunk
    /// until `deadline`. `started` is the instant the answer clock started.
    fn ask(&mut self, view: &View, text: &str, started: Instant, deadline: Instant) -> Reply;
    /// The seat is out (time-out, no READY, an abandoned game): nothing more will be sent.
    /// Called possibly more than once.
    fn stop(&mut self);
    /// The game is over: nothing more will be sent. By default as `stop`; a program is given
    /// the time the manager gives it to finish what it writes after its last answer.
    fn finish(&mut self) {
        self.stop();
    }
    /// What the seat can tell of its last answer, asked once the answer has counted: a built-in
    /// search's report. By default nothing (a program, a scripted seat).
    fn report(&mut self) -> Option<Report> {
        None
    }
}

/// A built-in agent as a seat: it is always ready, takes in each view as the player would and
/// answers with its move's text.
pub struct InProcess {
    agent: Box<dyn Agent>,
    known: Tracker,
}

impl InProcess {
    pub fn new(agent: Box<dyn Agent>) -> InProcess {
        InProcess { agent, known: Tracker::new([0; LORDS]) }
    }
}

impl Seat for InProcess {
    fn start(&mut self, strengths: [u8; LORDS], seed: u64) {
        self.agent.new_game(strengths, seed);
        self.known = Tracker::new(strengths);
    }
    fn ready(&mut self, _deadline: Instant) -> Reply {
        Reply::Chunk(b"READY\n".to_vec(), Instant::now())
    }
    fn ask(&mut self, view: &View, _text: &str, started: Instant, _deadline: Instant) -> Reply {
        self.known.observe(view);
        let mv = self.agent.act(&self.known, started);
        Reply::Chunk(answer_line(&mv).into_bytes(), Instant::now())
    }
    fn stop(&mut self) {}
    fn report(&mut self) -> Option<Report> {
        self.agent.report()
    }
}

/// How one seat behaved in a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatRecord {
    pub ready: bool,
    /// Answer times in ms of the answers that counted, in turn order.
    pub times_ms: Vec<f64>,
    /// 0 or 1: a time-out ends the seat's game.
    pub timeouts: u32,
    /// Answers that were not exactly the phase's lords, single-space separated.
    pub malformed: u32,
    /// The turn on which the seat was found gone (its process had exited), if any.
    pub gone_at: Option<u8>,
    /// What the seat estimated of its answers that counted, in turn order: only a seat that
    /// reports (a built-in search) has any.
    pub estimates: Vec<Estimate>,
}

impl SeatRecord {
    pub fn max_ms(&self) -> Option<f64> {
        self.times_ms.iter().copied().reduce(f64::max)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub strengths: [u8; LORDS],
    /// The moves applied, `commands[turn - 1][seat]`, after the lord-0 substitutions.
    pub commands: Vec<[Move; DAIMYO]>,
    pub totals_x12: [i32; DAIMYO],
    pub winner: Option<usize>,
    pub seats: [SeatRecord; DAIMYO],
}

/// Plays one game. `seeds[seat]` goes to each seat's `start`.
pub fn play(
    seats: &mut [Box<dyn Seat + '_>; DAIMYO],
    strengths: [u8; LORDS],
    seeds: [u64; DAIMYO],
    clocks: Clocks,
) -> GameRecord {
    play_unless(seats, strengths, seeds, clocks, &|| false).expect("a game never stopped ends")
}

/// Plays one game unless `stop` says so (it is asked before each seat's READY and turn, and at
/// the end): then every seat is stopped, its program ended, and there is no game.
pub fn play_unless(
    seats: &mut [Box<dyn Seat + '_>; DAIMYO],
    strengths: [u8; LORDS],
    seeds: [u64; DAIMYO],
    clocks: Clocks,
    stop: &dyn Fn() -> bool,
) -> Option<GameRecord> {
    let abandon = |seats: &mut [Box<dyn Seat + '_>; DAIMYO]| {
        seats.iter_mut().for_each(|s| s.stop());
        None
    };
    let mut recs: [SeatRecord; DAIMYO] = Default::default();
    let begun = Instant::now();
    for (seat, &seed) in seats.iter_mut().zip(&seeds) {
        seat.start(strengths, seed);
    }
    // All seats were started before anyone's READY is awaited, so they boot side by side
    // against one deadline, as the manager's do.
    let mut live = [false; DAIMYO];
    for s in 0..DAIMYO {
        if stop() {
            return abandon(seats);
        }
        let reply = seats[s].ready(begun + clocks.ready);
        live[s] = matches!(reply, Reply::Chunk(c, _) if says_ready(&c));
        recs[s].ready = live[s];
        if !live[s] {
            // The manager waits out the 5 s before it kills such a program; the game is the
            // same either way.
            seats[s].stop();
        }
    }
    let mut state = State::new(strengths);
    let mut commands = Vec::with_capacity(TURNS as usize);
    let mut text = String::new();
    while !state.is_over() {
        let phase = state.phase();
        let mut moves = [Move::lord_zero(phase); DAIMYO];
        for s in 0..DAIMYO {
            if stop() {
                return abandon(seats);
            }
            if !live[s] {
                continue;
            }
            let view = View::of_seat(&state, s);
            text.clear();
            crate::player::protocol::render(&view, &strengths, &mut text);
            let started = Instant::now();
            let reply = seats[s].ask(&view, &text, started, started + clocks.answer);
            let rec = &mut recs[s];
            match reply {
                Reply::Chunk(chunk, at)
                    if at.saturating_duration_since(started) <= clocks.answer =>
                {
                    moves[s] = read_answer(&chunk, phase);
                    rec.malformed += !is_well_formed(&chunk, phase) as u32;
                    rec.times_ms.push(at.saturating_duration_since(started).as_secs_f64() * 1e3);
                    // Asked after the answer's time is taken, as the player words its report
                    // after the answer has left.
                    let report = seats[s].report();
                    rec.estimates
                        .extend(report.and_then(|r| estimate(&r, state.turn, s, &moves[s])));
                }
                out => {
                    // Out for the rest of the game. On a time-out the manager sends SIGINT; a
                    // killed program is just as gone. An exited one is reaped at once.
                    match out {
                        Reply::Gone => rec.gone_at = Some(state.turn),
                        _ => rec.timeouts += 1,
                    }
                    live[s] = false;
                    seats[s].stop();
                }
            }
        }
        state.play(&moves).expect("the referee only builds moves of the turn's phase");
        commands.push(moves);
    }
    for seat in seats.iter_mut() {
        seat.finish();
    }
    if stop() {
        return None;
    }
    let totals_x12 = state.totals();
    Some(GameRecord { strengths, commands, totals_x12, winner: winner(&totals_x12), seats: recs })
}

/// Seat `seat`'s report on its answer `answered` to turn `turn`, as the `--out` line keeps it:
/// the estimate of that move (none if the report has no candidate of those lords), and the night
/// guesses with their columns turned into seats.
fn estimate(report: &Report, turn: u8, seat: usize, answered: &Move) -> Option<Estimate> {
    let played = report.candidates.iter().find(|c| c.mv.counts() == answered.counts())?;
    let seats = columns(seat);
    let nights = report.nights.iter().map(|n| {
        let mut split = [None; DAIMYO];
        for (column, row) in n.split.iter().enumerate() {
            split[seats[column + 1]] = Some(row.to_array());
        }
        NightEstimate { turn: n.turn, split, probability: n.probability }
    });
    Some(Estimate { turn, win: played.win, nights: nights.collect() })
}
