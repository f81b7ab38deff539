//! The player: `READY`, then one answer per turn, read from and written to the manager's pipes.
//!
//! Only this module and `main` touch stdin and stdout. Each answer leaves in one write followed
//! by a flush (the manager takes the first chunk it reads as the whole answer). Malformed input
//! ends the game with a one-line message on stderr and exit code 2; impossible input earns a
//! warning and play goes on; end of input between turns ends quietly with 0, and so does a
//! closed stdout. Warnings and reports arrive as data and are worded here. `--log` appends what
//! was read, answered and reported to a file after each answer has left (`gamelog`).

use crate::player::log::{self, Log};
use crate::player::protocol::{self, InputReader};
use crate::player::text::{self, Paint};
use daimyo_engine::agent::{Agent, Report};
use daimyo_engine::knowledge::{Line, Tracker, Warning};
use daimyo_engine::rules::{MAX_INTIMACY, Phase, View};
use daimyo_engine::timeman::Budget;
use std::io::{Read, Write};
use std::time::Instant;

pub const EXIT_MALFORMED: i32 = 2;

/// How the player runs, beside its streams.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Seed of the agent's randomness.
    pub seed: u64,
    /// Each turn on stderr: the board, the scores and the search's report.
    pub verbose: bool,
    /// Stdin is a terminal: a person types, so each turn's clock starts when its input ends and
    /// the line layout does not matter.
    pub typed: bool,
    /// The file to append the game's log to (`--log`).
    pub log: Option<String>,
    /// The budget the agent was given, for the log's header.
    pub budget: Budget,
}

/// Plays one game on the given streams; returns the process exit code.
pub fn run(
    input: impl Read,
    out: &mut impl Write,
    err: &mut impl Write,
    agent: &mut dyn Agent,
    settings: &Settings,
) -> i32 {
    if out.write_all(b"READY\n").and_then(|_| out.flush()).is_err() {
        return 0;
    }
    let mut reader = InputReader::new(input);
    if settings.typed {
        reader = reader.typed();
    }
    let mut log = Log::new(settings.log.clone());
    if settings.log.is_some() {
        reader = reader.record();
        let (name, budget) = (agent.name(), &settings.budget);
        log.write(&log::header(&name, settings.seed, budget, settings.typed), err);
    }
    let mut known: Option<Tracker> = None;
    loop {
        let turn = match reader.next_turn() {
            Ok(Some(t)) => t,
            Ok(None) => return 0,
            Err(e) => {
                let message = format!("malformed input at {e}");
                let _ = writeln!(err, "daimyo: {message}");
                log.write(&log::error_line(&message, &read_text(&mut reader)), err);
                return EXIT_MALFORMED;
            }
        };
        let view = turn.view;
        let known = known.get_or_insert_with(|| {
            let strengths = reader.strengths().expect("settings precede the first turn");
            agent.new_game(strengths, settings.seed);
            Tracker::new(strengths)
        });
        let warnings: Vec<String> =
            known.observe(&view).into_iter().map(|w| warning(&view, w)).collect();
        for w in &warnings {
            let _ = writeln!(err, "daimyo: warning, turn {}: {w}", view.turn);
        }
        let mv = agent.act(known, turn.started);
        let answer = protocol::answer(&mv);
        if out.write_all(protocol::answer_line(&mv).as_bytes()).and_then(|_| out.flush()).is_err() {
            return 0;
        }
        let done = Instant::now();
        reader.answered(done);
        let ms = done.duration_since(turn.started).as_secs_f64() * 1e3;
        // Only a reader of the report pays for it: the next turn may already be waiting.
        let report = if settings.verbose || settings.log.is_some() { agent.report() } else { None };
        if settings.verbose {
            let _ = err.write_all(verbose(known, &answer, ms, report.as_ref()).as_bytes());
        }
        if settings.log.is_some() {
            let t = log::Turn { sent: read_text(&mut reader), answer, ms, warnings, report };
            log.write(&log::turn_line(&t), err);
        }
    }
}

/// The text read since the last turn, for the log.
fn read_text(reader: &mut InputReader<impl Read>) -> String {
    String::from_utf8_lossy(&reader.take_read()).into_owned()
}

/// A turn for `--verbose`: the move and its time, the board, the scores and the report.
fn verbose(known: &Tracker, answer: &str, ms: f64, report: Option<&Report>) -> String {
    let view = known.view();
    let (t, p) = (view.turn, protocol::phase_letter(view.phase));
    let mut text = format!("turn {t} {p}: played {answer} after {ms:.1} ms\n");
    text += &text::seat_board(known.position(), Paint(false), "  ");
    if let Some(r) = report {
        text += &text::report(r, &text::OTHER_COLUMNS, "  ");
    }
    text
}

/// A warning about `view` in words.
pub fn warning(view: &View, w: Warning) -> String {
    let t = view.turn;
    match w {
        Warning::PhaseAgainstTurn { phase } => format!(
            "turn {t} is a {} turn but the phase says {}; answering as {}",
            if t % 2 == 1 { "day" } else { "night" },
            protocol::phase_letter(phase),
            if phase == Phase::Day { "a day (5 lords)" } else { "a night (2 lords)" },
        ),
        Warning::StartsMidGame => {
            format!("the game starts at turn {t}: earlier turns are unknown and estimated")
        }
        Warning::OutOfOrder { after } => {
            let what = if t <= after { "repeats or goes back" } else { "skips ahead" };
            format!("turn {t} follows turn {after} ({what}); playing from this view")
        }
        Warning::TurnOutOfRange { given } => format!("turn {given} is not a turn; taken as {t}"),
        Warning::AboveMaximum { line } => {
            format!("{} above {MAX_INTIMACY}, the most a game allows; capped", name(line, "in"))
        }
        Warning::Sum { line: Line::Public { column: c }, sum, want } => format!(
            "public intimacies of column {c} add up to {sum}, on turn {t} they add up to {want}"
        ),
        Warning::Sum { line, sum, want } => {
            let r = if line == Line::Own { 'R' } else { 'N' };
            format!("the {r} line adds up to {sum}, on turn {t} it adds up to {want}")
        }
        Warning::Fell { line } => format!("{} fell since turn {}", name(line, "of"), t - 1),
        Warning::OwnBelowPublic => {
            "the R line is below the own public intimacy (column 0) for some lord".into()
        }
        Warning::OwnOddExcess => "the R line exceeds the own public intimacy (column 0) by an odd \
                                  amount for some lord; only night negotiations (+2) are hidden"
            .into(),
        Warning::PublicChangedOverNight => {
            format!("public intimacies changed over night {}, which is not public", t - 1)
        }
        Warning::NightBelowOwnMove => format!(
            "the N line counts fewer negotiations than the own move of night {} (the rise of \
             the R line)",
            t - 1
        ),
        Warning::DayMismatch => format!(
            "the R line and the own public intimacy (column 0) rose differently over day {}, \
             whose moves are public",
            t - 1
        ),
    }
}

/// A row of the view by name: "public intimacy in column 2", "own intimacy (R line)".
fn name(line: Line, prep: &str) -> String {
    match line {
        Line::Public { column } => format!("public intimacy {prep} column {column}"),
        Line::Own | Line::Night => "own intimacy (R line)".into(),
    }
}
