//! Ctrl-C (SIGINT) and SIGTERM during a run, which is how a terminal, GNU parallel, Slurm and
//! Kubernetes all say "stop". The first signal is only noted: the run starts no new game, ends
//! the games under way at their next turn (their programs killed and reaped), and prints the
//! table of the games it took. The handler is reset as it runs, so a second signal ends the
//! arena at once.
//!
//! The handler does the one thing a signal handler may safely do here: store the signal in an
//! atomic. Everything else happens on the run's own threads, which look at the flag between
//! turns and while they wait for games.

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal caught, or 0.
static CAUGHT: AtomicI32 = AtomicI32::new(0);

#[cfg(unix)]
extern "C" fn note(signal: libc::c_int) {
    CAUGHT.store(signal, Ordering::Relaxed);
}

/// From now on the first SIGINT or SIGTERM is noted rather than fatal.
#[cfg(unix)]
pub fn catch() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: a zeroed sigaction is a valid start (no flags, empty mask once emptied), and
        // `note` is async-signal-safe: it only stores to an atomic.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = note as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESETHAND | libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

#[cfg(not(unix))]
pub fn catch() {}

/// The signal that asked the run to stop, if one did.
pub fn caught() -> Option<i32> {
    match CAUGHT.load(Ordering::Relaxed) {
        0 => None,
        signal => Some(signal),
    }
}

/// The signal's name, for the message that says why the run stopped.
pub fn name(signal: i32) -> String {
    match signal {
        2 => "SIGINT".into(),
        15 => "SIGTERM".into(),
        other => format!("signal {other}"),
    }
}
