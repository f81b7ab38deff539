//! Work shared among threads: each item of a list done by whichever of `jobs` threads is free,
//! the results in the list's order, so that nothing but the time depends on `jobs`.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `work` of every item, on at most `jobs` threads (at least one), in the items' order. After
/// each item, `done` is told how many are done so far.
pub fn in_order<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    done: impl Fn(usize) + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let found = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = work(item);
                    let n = {
                        let mut found = found.lock().expect("no thread panics holding it");
                        found.push((i, r));
                        found.len()
                    };
                    done(n);
                }
            });
        }
    });
    let mut found = found.into_inner().expect("no thread panics holding it");
    found.sort_by_key(|(i, _)| *i);
    found.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_in_order_whatever_the_jobs() {
        let items: Vec<u64> = (0..500).collect();
        let count = AtomicUsize::new(0);
        for jobs in [0, 1, 3, 64] {
            count.store(0, Ordering::Relaxed);
            let out = in_order(
                &items,
                jobs,
                |&x| x * x,
                |_| {
                    count.fetch_add(1, Ordering::Relaxed);
                },
            );
            assert_eq!(out, items.iter().map(|x| x * x).collect::<Vec<_>>(), "jobs {jobs}");
            assert_eq!(count.load(Ordering::Relaxed), items.len());
        }
        assert!(in_order(&[] as &[u64], 4, |&x| x, |_| {}).is_empty());
    }
}
