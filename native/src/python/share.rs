//! The rows of one slice of a column shared among threads: the calling thread and up to
//! three more ([`threads`]), each claiming rows as it gets to them, so a thread that starts
//! late or runs slower takes fewer; the results put back in row order. Scoped threads,
//! started per call: a pool kept between calls measured no faster here (the wait for the
//! machine's other core is the cost, not the start of a thread; `docs/scale-log.md`);
//! never on the caller's core ([`placement`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

use super::placement;

/// A slice of fewer rows is worked on by one thread (measured: below, starting a thread
/// costs about what it saves on `is_valid`, and inside DuckDB, which hands a function
/// 2,048 rows at a time from threads of its own, it cost more).
const PARALLEL_MIN_ROWS: usize = 4_096;

/// The threads that work on a slice, decided once: `IRI_THREADS` when it is a number from
/// 1 to 64 (`1`: none beside the caller's; an engine that runs one task per core sets it),
/// else the cores the process may use, at most 4 (`1` when the platform cannot tell).
fn threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        std::env::var("IRI_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|n| (1..=64).contains(n))
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(4)))
    })
}

/// The rows `lo..hi`, claimed from both ends by [`threads`] threads (one below
/// [`PARALLEL_MIN_ROWS`]): the calling thread takes [`RUN`] rows at a time from the front
/// and works them with `first` (which writes them where they go, in row order); each
/// other thread takes rows from the back, a quarter of what is left per thread (at least
/// [`RUN`]: few pieces, smaller as the two ends meet), and works them with `other` into a
/// piece of its own. The pieces in row order (they all follow the rows of `first`). A
/// thread that starts late (a sleeping core wakes in 0.1-0.2 ms here) or runs slower
/// takes fewer rows: measured on `split`, a helper writing into fresh memory ran 1.7x
/// slower than the caller, and fixed halves left the caller idle for a third of the
/// call. A panic in another thread is raised again here, where `detached` turns it into
/// the library's error.
pub(super) fn from_both_ends<T: Send>(
    (lo, hi): (usize, usize),
    mut first: impl FnMut(usize, usize),
    other: impl Fn(usize, usize) -> T + Sync,
) -> Vec<T> {
    let threads = threads();
    if threads < 2 || hi - lo < PARALLEL_MIN_ROWS {
        first(lo, hi);
        return Vec::new();
    }
    let ends = Ends::new(lo, hi);
    let other = &other;
    let ends = &ends;
    std::thread::scope(|s| {
        let spawned = helpers(s, threads - 1, move || {
            let mut done = Vec::new();
            while let Some((a, b)) = ends.back(threads) {
                done.push((a, other(a, b)));
            }
            done
        });
        while let Some((a, b)) = ends.front() {
            first(a, b);
        }
        in_order(Vec::new(), spawned)
    })
}

/// `mine` and the results of the `spawned` threads, each keyed by where its rows start,
/// in that order. A panic in another thread is raised again here.
fn in_order<T>(
    mut mine: Vec<(usize, T)>,
    spawned: Vec<std::thread::ScopedJoinHandle<'_, Vec<(usize, T)>>>,
) -> Vec<T> {
    for thread in spawned {
        mine.extend(
            thread
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p)),
        );
    }
    mine.sort_unstable_by_key(|&(k, _)| k);
    mine.into_iter().map(|(_, t)| t).collect()
}

/// The rows not yet claimed of [`from_both_ends`]: `front..back`, both in one word (so a
/// claim from either end is one compare-and-swap and the two never overlap).
struct Ends {
    lo: usize,
    /// `(front - lo) << 32 | (back - lo)`; the rows fit in 32 bits (a slice of the
    /// columns holds far fewer)
    word: AtomicU64,
}

impl Ends {
    fn new(lo: usize, hi: usize) -> Ends {
        debug_assert!(hi - lo <= u32::MAX as usize);
        Ends {
            lo,
            word: AtomicU64::new((hi - lo) as u64),
        }
    }

    /// The next rows from the front: [`RUN`] of them (fewer at the meeting point).
    fn front(&self) -> Option<(usize, usize)> {
        self.claim(|f, b| (f, b.min(f + RUN as u64)))
    }

    /// The next rows from the back for one of `threads` threads: a quarter of what is
    /// left for each thread, at least [`RUN`].
    fn back(&self, threads: usize) -> Option<(usize, usize)> {
        self.claim(|f, b| {
            let take = ((b - f) / (4 * threads as u64)).max(RUN as u64);
            (b.saturating_sub(take).max(f), b)
        })
    }

    /// Claims the rows `cut(front, back)` gives (a range at one end of `front..back`).
    fn claim(&self, cut: impl Fn(u64, u64) -> (u64, u64)) -> Option<(usize, usize)> {
        let mut word = self.word.load(Ordering::Relaxed);
        loop {
            let (f, b) = (word >> 32, word & 0xFFFF_FFFF);
            if f >= b {
                return None;
            }
            let (a, z) = cut(f, b);
            let next = if a == f { z << 32 | b } else { f << 32 | a };
            match self
                .word
                .compare_exchange_weak(word, next, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Some((self.lo + a as usize, self.lo + z as usize)),
                Err(now) => word = now,
            }
        }
    }
}

/// Rows per run that a thread of [`in_runs`] claims at a time: small enough that the
/// threads finish together when one core runs slower than the other (a busy machine, a
/// core shared with another process), large enough that a run's allocations are few.
pub(super) const RUN: usize = 1_024;

/// `work` over the rows `lo..hi`, cut in runs of [`RUN`] rows that [`threads`] threads
/// (one below [`PARALLEL_MIN_ROWS`]), the calling one among them, claim one after the
/// other from a shared counter as they finish the last; their results in row order. A
/// panic in another thread is raised again here, where `detached` turns it into the
/// library's error.
pub(super) fn in_runs<T: Send>(
    (lo, hi): (usize, usize),
    work: impl Fn(usize, usize) -> T + Sync,
) -> Vec<T> {
    let threads = threads();
    if threads < 2 || hi - lo < PARALLEL_MIN_ROWS {
        return vec![work(lo, hi)];
    }
    let runs = (hi - lo).div_ceil(RUN);
    let next = AtomicUsize::new(0);
    let claim = || {
        let mut done = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= runs {
                return done;
            }
            let a = lo + k * RUN;
            done.push((k, work(a, hi.min(a + RUN))));
        }
    };
    std::thread::scope(|s| {
        let spawned = helpers(s, threads.min(runs) - 1, claim);
        in_order(claim(), spawned)
    })
}

/// `n` threads of the scope `s`, each running `work`, kept off the calling thread's core
/// ([`placement`]: each moves away if started there, and the caller makes way once).
fn helpers<'scope, T: Send + 'scope>(
    s: &'scope std::thread::Scope<'scope, '_>,
    n: usize,
    work: impl Fn() -> T + Send + Copy + 'scope,
) -> Vec<std::thread::ScopedJoinHandle<'scope, T>> {
    let home = placement::home();
    let spawned = (0..n)
        .map(|_| {
            s.spawn(move || {
                placement::leave(home);
                work()
            })
        })
        .collect();
    placement::make_way(home);
    spawned
}
