//! The player: `READY`, then one answer per turn, read from and written to the manager's pipes.
//!
//! Only this module and `main` touch stdin and stdout. Each answer leaves in one write followed
//! by a flush (the manager takes the first chunk it reads as the whole answer). Malformed input
//! ends the game with a one-line message on stderr and exit code 2; impossible input earns a
//! warning and play goes on; end of input between turns ends quietly with 0, and so does a
//! closed stdout.

use crate::agent::Agent;
use crate::knowledge::Tracker;
use crate::protocol::InputReader;
use std::io::{Read, Write};
use std::time::Instant;

pub const EXIT_MALFORMED: i32 = 2;

/// Plays one game on the given streams; returns the process exit code.
pub fn run(
    input: impl Read,
    out: &mut impl Write,
    err: &mut impl Write,
    agent: &mut dyn Agent,
    seed: u64,
    verbose: bool,
) -> i32 {
    if out.write_all(b"READY\n").and_then(|_| out.flush()).is_err() {
        return 0;
    }
    let mut reader = InputReader::new(input);
    let mut tracker: Option<Tracker> = None;
    loop {
        let turn = match reader.next_turn() {
            Ok(Some(t)) => t,
            Ok(None) => return 0,
            Err(e) => {
                let _ = writeln!(err, "daimyo: malformed input at {e}");
                return EXIT_MALFORMED;
            }
        };
        let view = turn.view;
        let tr = tracker.get_or_insert_with(|| {
            let strengths = reader.strengths().expect("settings precede the first turn");
            agent.new_game(strengths, seed);
            Tracker::new(strengths)
        });
        for w in tr.observe(&view) {
            let _ = writeln!(err, "daimyo: warning, turn {}: {w}", view.turn);
        }
        let mv = agent.act(&view, turn.started);
        let line = format!("{mv}\n");
        if out.write_all(line.as_bytes()).and_then(|_| out.flush()).is_err() {
            return 0;
        }
        let done = Instant::now();
        reader.answered(done);
        if verbose {
            let ms = done.duration_since(turn.started).as_secs_f64() * 1e3;
            let _ = writeln!(
                err,
                "turn {} {}: played {mv} after {ms:.1} ms",
                view.turn,
                view.phase.letter()
            );
            for l in agent.report() {
                let _ = writeln!(err, "  {l}");
            }
        }
    }
}
