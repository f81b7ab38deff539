//! A person typing at the player through a real terminal (a pseudo-terminal on its stdin): the
//! turn's clock starts when its input ends, so a slow typist still gets a full search, and the
//! layout of the lines does not matter.

use crate::common;

use std::fs::File;
use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A new pseudo-terminal: (master, slave).
fn openpty() -> (OwnedFd, OwnedFd) {
    let (mut master, mut slave) = (-1, -1);
    // SAFETY: openpty writes the two descriptors it opened into the given ints; a null name,
    // terminal setting and window size are allowed and leave the defaults (canonical mode).
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors are open and owned by nothing else.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

/// The first two turns of a recorded game as a person would type them: the settings, then the
/// strengths with the turn line after them on one line.
fn typed_lines() -> Vec<String> {
    let game = common::full_game();
    let lines: Vec<&str> = game.lines().collect();
    let mut out = vec![lines[0].to_string(), format!("{} {}", lines[1], lines[2])];
    // The rest of turn 1 (lines 4 to 11) and turn 2 (lines 12 to 19).
    out.extend(lines[3..19].iter().map(|l| l.to_string()));
    out
}

#[test]
fn typed_slowly_at_a_terminal_the_bot_still_gets_its_time() {
    let (master, slave) = openpty();
    let child = Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .args(["--time-ms", "300", "--seed", "1", "--verbose"])
        .stdin(Stdio::from(slave))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // About 100 ms a line: each turn takes three times its time budget to type. Timed from its
    // first byte, a turn would be over before its last line came and get a few hundred rollouts.
    let mut keys = File::from(master);
    for line in typed_lines() {
        keys.write_all(format!("{line}\n").as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(100));
    }
    // Ctrl-D at the start of a line: the end of input.
    keys.write_all(b"\x04").unwrap();
    let o = child.wait_with_output().unwrap();
    drop(keys);
    let (out, err) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.starts_with("READY\n") && out.lines().count() == 3, "{out}\n{err}");
    let counts: Vec<u64> =
        err.lines().filter_map(|l| l.trim().strip_suffix(" rollouts")?.parse().ok()).collect();
    assert_eq!(counts.len(), 2, "{err}");
    // A full search of 300 ms is hundreds of thousands of rollouts on an idle machine, and 10,000
    // on one loaded beside the other tests (a load average of 8 on 2 cores); one whose deadline
    // has passed plays one round of each halving phase, about 500.
    assert!(counts.iter().all(|&n| n > 5_000), "a full search each turn: {counts:?}\n{err}");
}
