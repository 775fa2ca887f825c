//! Where a column's other threads run: never on the calling thread's core, when the
//! process may use another one (Linux; elsewhere the scheduler's choice stands).
//!
//! Linux places a new thread by the load it has measured on each core, and on a machine
//! of few cores it often picks the core of the thread that starts it: measured on the
//! 2-core machine the project is built on, after a sleep and some Python on one core, the
//! kernel's new thread was placed on the caller's core in 5 of 8 `check` calls (and 3 of
//! 12 thread starts in one `perf sched` trace), the other core idle. There it waited until
//! the caller had done most or all of the rows and waited in turn: the call took as long
//! as on one thread, plus the start and the join (`check` on `iri`, 10,297 rows: a median
//! of 217-244 ns a row over 40 calls, against 193 ns on one thread).
//!
//! So the caller, once its threads are started, gives its core away once
//! ([`make_way`]): a thread queued behind it then runs at once, sees that it stands on the
//! caller's core ([`home`]) and moves itself off it ([`leave`]: its own affinity, all the
//! cores the process may use but that one), and the caller goes on where it was. A thread
//! the scheduler placed on another core does nothing, and the caller's `sched_yield`
//! returns at once when no other thread waits for its core. The calling thread's own
//! affinity is never touched. Measured the same way: a median of 157-161 ns a row; calls
//! back to back 134-136 ns, as before (129-156); `docs/scale-log.md` has the rest.

/// The core the calling thread runs on now (`None` where the platform does not tell).
#[cfg(target_os = "linux")]
pub(super) fn home() -> Option<usize> {
    nix::sched::sched_getcpu().ok()
}

#[cfg(not(target_os = "linux"))]
pub(super) fn home() -> Option<usize> {
    None
}

/// The calling thread, once it has started its helpers: its core to whichever of them
/// the scheduler queued behind it, if any.
pub(super) fn make_way(home: Option<usize>) {
    if home.is_some() {
        std::thread::yield_now();
    }
}

/// In a helper thread, first thing: if it runs on `home` (the caller's core), it keeps
/// to the process's other cores from now on (none: it stays). A failure of the system
/// calls leaves the thread where it is.
#[cfg(target_os = "linux")]
pub(super) fn leave(home: Option<usize>) {
    use nix::sched::{sched_getaffinity, sched_getcpu, sched_setaffinity, CpuSet};
    use nix::unistd::Pid;

    let Some(home) = home else { return };
    if sched_getcpu().ok() != Some(home) {
        return;
    }
    let this = Pid::from_raw(0);
    let Ok(mut cores) = sched_getaffinity(this) else {
        return;
    };
    if cores.unset(home).is_err() {
        return;
    }
    if (0..CpuSet::count()).any(|c| cores.is_set(c).unwrap_or(false)) {
        let _ = sched_setaffinity(this, &cores);
    }
}

#[cfg(not(target_os = "linux"))]
pub(super) fn leave(_home: Option<usize>) {}
