//! Faults injected into a search: a worker or the leader panicking at any stage, and a pool
//! dropped under a search that never finished. The answer comes, in time; nothing hangs.

use super::tests::{budget, scripted};
use super::*;
use crate::agent::Agent;
use crate::params::SearchParams;
use crate::styles::field::{DESCRIBED, Field, Kind};
use crate::timeman::Budget;
use std::time::Instant;

/// The bot with the described components alone.
const BOT: SearchParams = crate::params::bot(Field::DESCRIBED);

/// The bot without its searching rules, whose readings would take a part of the time measured
/// here that has nothing to do with the search's threads.
fn quick_bot() -> Params {
    let quick: Vec<_> = DESCRIBED.into_iter().filter(|c| c.kind() != Kind::Searching).collect();
    crate::params::bot(Field { components: quick.leak() })
}

/// Searches on another thread, so that a search that hung fails the test instead of
/// hanging it; returns the result and how long it took.
fn watched(
    threads: usize,
    pos: Position,
    limits: Limits,
    fault: Fault,
) -> (SearchResult, std::time::Duration) {
    let (tx, rx) = std::sync::mpsc::channel();
    let params = quick_bot();
    std::thread::spawn(move || {
        let forecast = Forecast::new(&pos, &params.rivals, None);
        let searcher = Searcher::new(threads);
        let t0 = Instant::now();
        searcher.arm(fault);
        let res = searcher.search(&pos, &forecast, &params, &limits, 9);
        let _ = tx.send((res, t0.elapsed()));
    });
    rx.recv_timeout(std::time::Duration::from_secs(60)).expect("the search answered")
}

#[test]
fn a_worker_that_panics_at_any_stage_never_hangs_the_search() {
    // Day (six halvings and the last phase) and night (three and the last), each halving's
    // phase in the bot's stages and the last phase in one, a worker panicking
    // as it starts the first stage, one in the middle or the last; on one thread (no worker
    // left) and on two. A rollout budget ends each stage, so every stage is started and the
    // fault fires wherever it is set; the budget may then never be reached. With a
    // clock as well, the answer comes at once, long before the deadline; with no clock at
    // all, it still comes. Either way it is a legal move of the turn, from the tallies as
    // they stood.
    let day = *scripted(3).known[0].position();
    let night = *scripted(4).known[0].position();
    let deadline = std::time::Duration::from_millis(1500);
    let k = BOT.own.map_or(1, |o| o.stages) as u64;
    for (pos, stages) in [(day, 6 * k + 1), (night, 3 * k + 1)] {
        for stage in [0, stages / 2, stages - 1] {
            for threads in [1, 2] {
                let fault = Fault { stage, leader: false };
                let what = format!("turn {}, stage {stage}, {threads} threads", pos.turn);
                let clocked = Budget {
                    time_ms: Some(deadline.as_millis() as u64),
                    rollouts: Some(50_000),
                    ..Budget::default()
                };
                let limits = Limits::for_turn(Instant::now(), &clocked);
                let (res, took) = watched(threads, pos, limits, fault);
                assert!(res.failed, "{what}: the fault fired");
                assert_eq!(res.best.phase(), pos.phase, "{what}");
                assert!(res.ranked[0].1.rollouts > 0, "{what}: the answer was played out");
                assert!(took < deadline, "{what}: {took:?}");
                let (res, _) = watched(threads, pos, budget(50_000), fault);
                assert!(res.failed, "{what}: the fault fired");
                assert_eq!(res.best.phase(), pos.phase, "{what}");
            }
        }
    }
}

#[test]
fn a_leader_that_panics_at_any_stage_answers_and_frees_its_workers() {
    // The leader panics once it has set the first stage, one in the middle or the last, with
    // the workers in it; day and night, on one thread and two. The bot answers at once with
    // its fallback (a legal move, no search to report), the next turn's search plays exactly
    // the search of a bot that never failed (the same rollouts and tallies: every worker is
    // back), and the bot's pool is dropped without waiting. All of it on a watched thread, so
    // that a hang fails the test.
    let k = BOT.own.map_or(1, |o| o.stages) as u64;
    for (upto, stages) in [(3, 6 * k + 1), (4, 3 * k + 1)] {
        for stage in [0, stages / 2, stages - 1] {
            for threads in [1, 2] {
                let what = format!("turn {upto}, stage {stage}, {threads} threads");
                let (tx, rx) = std::sync::mpsc::channel();
                let watched = what.clone();
                std::thread::spawn(move || {
                    let table = scripted(upto);
                    let known = &table.known[0];
                    let pos = *known.position();
                    let budget = Budget {
                        time_ms: Some(1500),
                        rollouts: Some(20_000),
                        threads: Some(threads),
                        ..Budget::default()
                    };
                    let fresh = || {
                        let mut bot = crate::bot::Bot::new("bot", quick_bot(), budget);
                        bot.new_game(pos.strengths, 9);
                        bot
                    };
                    let mut bot = fresh();
                    bot.arm(Fault { stage, leader: true });
                    let t0 = Instant::now();
                    let answer = bot.act(known, t0);
                    let took = t0.elapsed();
                    assert_eq!(answer.phase(), pos.phase, "{watched}");
                    assert!(bot.report().is_none(), "{watched}: the fault fired");
                    assert!(took < std::time::Duration::from_millis(1500), "{watched}: {took:?}");
                    let tallies = |bot: &mut crate::bot::Bot| {
                        let mv = bot.act(known, Instant::now());
                        let r = bot.report().expect("a search");
                        let c: Vec<_> = r.candidates.iter().map(|c| (c.mv, c.rollouts)).collect();
                        (mv, r.rollouts, c)
                    };
                    let (again, never) = (tallies(&mut bot), tallies(&mut fresh()));
                    assert_eq!(again, never, "{watched}: the next search");
                    assert!(again.1 >= 20_000, "{watched}: {} rollouts", again.1);
                    drop(bot);
                    let _ = tx.send(());
                });
                let done = rx.recv_timeout(std::time::Duration::from_secs(60));
                assert!(done.is_ok(), "{what}: answered, searched again and dropped");
            }
        }
    }
}

#[test]
fn a_pool_dropped_under_a_search_that_never_finished_does_not_wait() {
    // A search started on a pool and never finished (its guard forgotten, as if its leader had
    // vanished): the workers wait in it for a stage. Dropping the pool stops the work they hold
    // and joins them, on a watched thread.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let pos = *scripted(3).known[0].position();
        let params = quick_bot();
        let forecast = Forecast::new(&pos, &params.rivals, None);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let ro = Rollouts::prepare(&pos, &params, &forecast, &mut rng);
        let mine = moves::legal(pos.phase).iter().map(|m| m.0).collect();
        let rounds = Arc::new(Rounds::new(ro, mine, 1, None));
        let pool = Pool::new(2);
        std::mem::forget(rounds.start(&pool));
        std::thread::sleep(std::time::Duration::from_millis(50));
        drop(pool);
        let _ = tx.send(());
    });
    assert!(rx.recv_timeout(std::time::Duration::from_secs(30)).is_ok(), "the pool was dropped");
}
