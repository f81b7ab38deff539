//! A run: games played on worker threads, taken in game order by the main thread, which alone
//! keeps the tables, the SPRT, the files and the progress line (`collector`), so that every
//! output is the same whatever `--jobs` and the scheduling. Under `--sprt` the run ends with the
//! first seed at which the test decides; games begun beyond it are abandoned, written nowhere.
//!
//! A shard plays its seeds only; a resumed run takes the games its `--out` file holds in their
//! place in the order and plays the others. On SIGINT or SIGTERM no game is begun, the games
//! under way are abandoned at their next turn (their programs ended), and the run prints the
//! table of the games taken.
//!
//! With `--html DIR` the run ends by writing `DIR/index.html`, the page of the games taken,
//! stopped or not, which the `RunPage` the command line hands in makes.

use super::collector::Collector;
use super::header::header;
use super::interrupt;
use super::options::Options;
use super::plan::Plan;
use super::play_game_unless;
use super::progress::Progress;
use super::referee::GameRecord;
use super::summary::Summary;
use super::{EVERY_TTY, INDEX};
use crate::workshop::viewer;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};

/// Plays the games of `order` that `known` does not hold on `jobs` threads, and hands all of
/// them to `report` in order until it says the run is over or a game is missing (stopped by a
/// signal); returns the number of games taken.
fn play_in_order(
    plan: &Plan,
    order: &[usize],
    mut known: BTreeMap<usize, GameRecord>,
    (jobs, show_stderr): (usize, bool),
    report: &mut Collector,
) -> usize {
    let todo: Vec<usize> = order.iter().copied().filter(|i| !known.contains_key(i)).collect();
    let (next, over) = (AtomicUsize::new(0), AtomicBool::new(false));
    let stop = || over.load(Ordering::Relaxed) || interrupt::caught().is_some();
    let (tx, rx) = channel::<(usize, GameRecord)>();
    let (mut done, mut played) = (0, 0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(todo.len()) {
            let tx = tx.clone();
            let (next, todo, stop) = (&next, &todo, &stop);
            scope.spawn(move || {
                while let Some(&i) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let game = plan.game(i);
                    let seated = game.seated().map(|e| &plan.entrants[e]);
                    let (seed, rotation) = (game.seed, game.rotation);
                    if stop() {
                        break;
                    }
                    let clocks = plan.clocks();
                    let Some(g) =
                        play_game_unless(seated, seed, rotation, show_stderr, clocks, stop)
                    else {
                        break;
                    };
                    if tx.send((i, g)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order; they are taken in game order, those on file in their place.
        let mut pending = BTreeMap::new();
        'taking: loop {
            while let Some(&i) = order.get(done) {
                let (g, fresh) = match known.remove(&i) {
                    Some(g) => (g, false),
                    None => match pending.remove(&i) {
                        Some(g) => (g, true),
                        None => break,
                    },
                };
                (done, played) = (done + 1, played + fresh as usize);
                if report.take(i, g, fresh) {
                    over.store(true, Ordering::Relaxed);
                    break 'taking;
                }
            }
            if done == order.len() {
                break;
            }
            report.progress.show(done, played, &report.standing(), false);
            match rx.recv_timeout(EVERY_TTY) {
                Ok((i, g)) => drop(pending.insert(i, g)),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        report.progress.show(done, played, &report.standing(), true);
    });
    done
}

/// The run's own page, made of its account and written at the path given: the tournament
/// page, which comes after the arena (it reads each game's half-time), handed in by the
/// command line.
pub type RunPage = fn(&Summary, &Path) -> String;

/// Plays the run; its exit code: 0, or 128 + the signal that stopped it.
pub fn run(mut o: Options, page: Option<RunPage>) -> Result<i32, String> {
    interrupt::catch();
    let plan = &o.plan;
    let order = plan.games_of(o.shard);
    let known = std::mem::take(&mut o.known);
    let prefix = o.shard.map_or(String::new(), |s| format!("shard {}: ", s.text()));
    let progress = Progress::new(order.len(), prefix, o.quiet);
    let index = o.pages.as_ref().zip(page).map(|(dir, page)| (dir.join(INDEX), page));
    let mut report =
        Collector::new(plan, o.shard, o.out.take(), o.replays.take(), o.pages.take(), progress);
    report.say(&header(plan, &format!("jobs {}", o.jobs), o.shard));
    if !known.is_empty() && !o.quiet {
        let left = order.len() - known.len();
        eprintln!("daimyo arena: resumed: {} games on file, {left} to play", known.len());
    }
    let games = play_in_order(plan, &order, known, (o.jobs, o.show_stderr), &mut report);
    let signal = interrupt::caught().filter(|_| games < order.len() && !report.decided());
    let cut = signal.map(|s| format!("stopped by {}", interrupt::name(s)));
    // The table first: a file that could not be written is no reason to lose the run.
    let tables = report.tables(games, cut.as_deref());
    report.say(&tables);
    if let Some((path, page)) = index {
        let made = page(&report.summary(order.len(), cut.as_deref()), &path);
        if let Err(e) = viewer::write_page(&path, &made) {
            report.write_err.get_or_insert(format!("--html {}: {e}", path.display()));
        }
    }
    if let Some(s) = signal {
        let resume =
            if o.resumable { "; the same command with --resume plays the rest" } else { "" };
        eprintln!(
            "daimyo arena: stopped by {} after {games} of {} games{resume}",
            interrupt::name(s),
            order.len()
        );
    }
    match report.write_err {
        Some(e) => Err(e),
        None => Ok(signal.map_or(0, |s| 128 + s)),
    }
}
