//! Worker threads that a searcher keeps between searches: each takes every piece of work
//! posted to the pool once, and a panic in the work ends that piece only. Dropping the pool
//! stops the work its workers hold, so that joining them cannot wait forever.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// A lock that a panic elsewhere does not poison for good: the data behind it are tallies and
/// flags, whole after any panic (none is raised while one is held).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Work a pool's threads share: each calls `help` with its own number, and returns from it once
/// `stop` is called.
pub trait Work: Send + Sync {
    fn help(&self, worker: usize);
    fn stop(&self);
}

/// Worker threads that wait for work between searches.
pub struct Pool {
    shared: Arc<PoolShared>,
    handles: Vec<JoinHandle<()>>,
}

struct PoolShared {
    job: Mutex<Job>,
    posted: Condvar,
}

struct Job {
    /// Bumped with every piece of work posted.
    epoch: u64,
    work: Option<Arc<dyn Work>>,
    shutdown: bool,
}

impl Pool {
    /// A pool of `threads` workers (at least one).
    pub fn new(threads: usize) -> Pool {
        let shared = Arc::new(PoolShared {
            job: Mutex::new(Job { epoch: 0, work: None, shutdown: false }),
            posted: Condvar::new(),
        });
        let handles = (0..threads.max(1))
            .map(|worker| {
                let shared = Arc::clone(&shared);
                std::thread::spawn(move || shared.serve(worker))
            })
            .collect();
        Pool { shared, handles }
    }

    pub fn threads(&self) -> usize {
        self.handles.len()
    }

    /// Hands `work` to every worker; it replaces whatever work they had not yet taken.
    pub fn post(&self, work: Arc<dyn Work>) {
        let mut job = lock(&self.shared.job);
        job.epoch += 1;
        job.work = Some(work);
        self.shared.posted.notify_all();
    }
}

impl PoolShared {
    /// A worker's life: take each piece of work once, until the pool is dropped. A panic in the
    /// work ends that piece of work only (the work itself notices, see `Rounds::help`).
    fn serve(&self, worker: usize) {
        let mut seen = 0;
        loop {
            let work = {
                let mut job = lock(&self.job);
                while job.epoch == seen && !job.shutdown {
                    job = self.posted.wait(job).unwrap_or_else(PoisonError::into_inner);
                }
                if job.shutdown {
                    return;
                }
                seen = job.epoch;
                job.work.clone()
            };
            if let Some(work) = work {
                let _ = catch_unwind(AssertUnwindSafe(|| work.help(worker)));
            }
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        {
            let mut job = lock(&self.shared.job);
            job.shutdown = true;
            // Workers still inside it leave it, whatever became of its leader.
            if let Some(work) = job.work.take() {
                work.stop();
            }
            self.shared.posted.notify_all();
        }
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}
