//! Progress on stderr: games done, time, and how the measured entrants stand so far, so that a
//! long run can be stopped early. One line rewritten in place on a terminal, a plain line every
//! `EVERY_PLAIN` otherwise (a log file should not fill with carriage returns).

use super::{EVERY_PLAIN, EVERY_TTY};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

pub struct Progress {
    begun: Instant,
    last: Option<Instant>,
    total: usize,
    tty: bool,
    quiet: bool,
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

impl Progress {
    pub fn new(total: usize, quiet: bool) -> Progress {
        let tty = std::io::stderr().is_terminal();
        // A log gets its first line after a while, a terminal at once.
        let now = Instant::now();
        Progress { begun: now, last: (!tty).then_some(now), total, tty, quiet }
    }

    /// Shows `done` games and `standing` if a line is due (or `finished`).
    pub fn show(&mut self, done: usize, standing: &str, finished: bool) {
        let now = Instant::now();
        let every = if self.tty { EVERY_TTY } else { EVERY_PLAIN };
        let due = self.last.is_none_or(|l| now - l >= every);
        if self.quiet || !(due || finished) {
            return;
        }
        self.last = Some(now);
        let elapsed = now - self.begun;
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        let eta = if done == 0 {
            "-".into()
        } else {
            clock(Duration::from_secs_f64(self.total.saturating_sub(done) as f64 / rate))
        };
        let line = format!(
            "{done}/{} games  {} elapsed  ETA {eta}  {rate:.1} games/s  {standing}",
            self.total,
            clock(elapsed)
        );
        if self.tty {
            eprint!("\r{line}\x1b[K{}", if finished { "\n" } else { "" });
        } else {
            eprintln!("{line}");
        }
    }

    /// Clears a line left in place on a terminal, before something else is printed there.
    pub fn clear(&self) {
        if self.tty && !self.quiet {
            eprint!("\r\x1b[K");
        }
    }
}
