//! An external program as a seat, run the way the official manager runs it.
//!
//! The program gets piped stdin and stdout. A reader thread turns stdout into a queue of chunks,
//! one per raw `read`, each stamped with its arrival: the manager takes the first chunk after it
//! wrote a turn as the whole answer, so the chunk boundaries are what the game sees, and a
//! second piece of a split write waits in the queue to become the next turn's answer.

use super::referee::{Reply, Seat};
use daimyo_engine::rules::LORDS;
use daimyo_engine::rules::View;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long a program may take to exit after the game before it is killed: about what the
/// official manager allows.
pub const GRACE: Duration = Duration::from_secs(1);

enum Event {
    Chunk(Vec<u8>, Instant),
    Eof,
}

struct Running {
    child: Child,
    /// `None` once closed at the end of the game.
    stdin: Option<ChildStdin>,
    chunks: Receiver<Event>,
}

/// A program to launch each game: `argv[0]` with the rest as arguments, no shell.
pub struct Program {
    argv: Vec<String>,
    show_stderr: bool,
    run: Option<Running>,
}

impl Program {
    pub fn new(argv: Vec<String>, show_stderr: bool) -> Program {
        assert!(!argv.is_empty(), "a program needs a command");
        Program { argv, show_stderr, run: None }
    }

    fn launch(&self) -> std::io::Result<Running> {
        let mut child = Command::new(&self.argv[0])
            .args(&self.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if self.show_stderr { Stdio::inherit() } else { Stdio::null() })
            .spawn()?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let (tx, chunks) = channel();
        // Detached on purpose: a program's own children may keep its stdout open after it is
        // killed, and the thread ends by itself once the last of them lets go.
        std::thread::spawn(move || {
            let mut buf = vec![0u8; 1 << 16];
            loop {
                match stdout.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        if tx.send(Event::Chunk(buf[..n].to_vec(), Instant::now())).is_err() {
                            return;
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            let _ = tx.send(Event::Eof);
        });
        Ok(Running { child, stdin: Some(stdin), chunks })
    }

    fn next(&mut self, deadline: Instant) -> Reply {
        let Some(run) = &self.run else { return Reply::Gone };
        match run.chunks.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Event::Chunk(bytes, at)) => Reply::Chunk(bytes, at),
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => Reply::Gone,
            Err(RecvTimeoutError::Timeout) => Reply::Silent,
        }
    }
}

impl Seat for Program {
    fn start(&mut self, _strengths: [u8; LORDS], _seed: u64) {
        // A program that cannot be started never says READY and plays lord 0 all game.
        self.run = self.launch().ok();
    }

    fn ready(&mut self, deadline: Instant) -> Reply {
        self.next(deadline)
    }

    fn ask(&mut self, _view: &View, text: &str, _started: Instant, deadline: Instant) -> Reply {
        if let Some(stdin) = self.run.as_mut().and_then(|r| r.stdin.as_mut()) {
            // A program that has exited cannot be written to; the error (EPIPE) is not the
            // arena's concern, the missing answer is. A game's whole input is far below a pipe's
            // buffer, so the write cannot block on a program that does not read.
            let _ = stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush());
        }
        self.next(deadline)
    }

    fn stop(&mut self) {
        if let Some(mut run) = self.run.take() {
            drop(run.stdin);
            let _ = run.child.kill();
            let _ = run.child.wait();
        }
    }

    /// As the manager, which closes a program about a second after the game: its stdin is
    /// closed at once, and it is killed only if it has not exited within `GRACE` (a program
    /// that logs its last turn after answering it gets to write it).
    fn finish(&mut self) {
        if let Some(run) = &mut self.run {
            let until = Instant::now() + GRACE;
            // The end of its input is what tells the program the game is over.
            run.stdin = None;
            while Instant::now() < until {
                match run.child.try_wait() {
                    Ok(None) => std::thread::sleep(Duration::from_millis(2)),
                    _ => break,
                }
            }
        }
        self.stop();
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.stop();
    }
}
