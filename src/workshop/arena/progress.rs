//! Progress on stderr: games done of the run's (or the shard's) games, their share, the games
//! left, time, and how the measured entrants stand so far, so that a long run can be stopped
//! early. One line rewritten in place on a terminal, a plain line every `EVERY_PLAIN` otherwise
//! (a log file should not fill with carriage returns). Games read back by `--resume` count as
//! done but not in the rate, which is of the games played here.

use super::{EVERY_PLAIN, EVERY_TTY};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

pub struct Progress {
    begun: Instant,
    last: Option<Instant>,
    total: usize,
    /// `shard K/N: ` in a shard.
    prefix: String,
    tty: bool,
    quiet: bool,
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

impl Progress {
    pub fn new(total: usize, prefix: String, quiet: bool) -> Progress {
        let tty = std::io::stderr().is_terminal();
        // A log gets its first line after a while, a terminal at once.
        let now = Instant::now();
        Progress { begun: now, last: (!tty).then_some(now), total, prefix, tty, quiet }
    }

    /// Shows `done` games, of which `played` were played here, and `standing`, if a line is
    /// due (or `finished`).
    pub fn show(&mut self, done: usize, played: usize, standing: &str, finished: bool) {
        let now = Instant::now();
        let every = if self.tty { EVERY_TTY } else { EVERY_PLAIN };
        let due = self.last.is_none_or(|l| now - l >= every);
        if self.quiet || !(due || finished) {
            return;
        }
        self.last = Some(now);
        let elapsed = now - self.begun;
        let rate = played as f64 / elapsed.as_secs_f64().max(1e-9);
        let left = self.total.saturating_sub(done);
        let eta = match played {
            0 => "-".into(),
            _ => clock(Duration::from_secs_f64(left as f64 / rate)),
        };
        let percent = 100.0 * done as f64 / self.total.max(1) as f64;
        let line = format!(
            "{}{done}/{} games ({percent:.0}%)  {left} left  {} elapsed  ETA {eta}  {rate:.1} \
             games/s  {standing}",
            self.prefix,
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
