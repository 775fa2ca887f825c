//! `is_valid`'s answers for a run of a column's rows, packed into Arrow's bit layout by
//! the thread that decides them, once the run is decided: row `k` of the run is bit
//! `k % 64` of word `k / 64`. The calling thread then only asks Python about the
//! deferred rows and appends the words ([`super::column_out::Out::bits`]). It had packed
//! every run itself, with the GIL held, after the threads had finished: 98 µs of a
//! 549 µs call over the 56,350 rows of `web`. A byte per row while the rows are decided,
//! packed after, measured faster than setting bits row by row in the dispatched loop
//! (one thread, `mixed`: 14.0 against 15.8 ns a row).

use crate::validate::Decision;

/// The bits of one run (see the module); `Default`: no row.
#[derive(Default)]
pub(super) struct Bits {
    /// Set for a valid text.
    pub(super) values: Vec<u64>,
    /// Clear for a null, and for a deferred row until it is asked again ([`Bits::set`]).
    pub(super) valid: Vec<u64>,
    /// The rows the core defers, by their place in the run, in order.
    pub(super) deferred: Vec<usize>,
    /// The rows.
    pub(super) len: usize,
}

/// A row's decision as one byte, as the thread that decides it pushes it ([`Bits::of`]
/// packs them): bit 1 for a decided row, with bit 0 for a valid one; bit 0 alone for a
/// deferred row; 0 for a null.
#[inline(always)]
pub(super) fn code(decision: Option<Decision>) -> u8 {
    match decision {
        None => NULL,
        Some(Decision::Defer) => DEFER,
        Some(Decision::Invalid) => INVALID,
        Some(Decision::Valid) => VALID,
    }
}

const NULL: u8 = 0;
const DEFER: u8 = 1;
const INVALID: u8 = 2;
const VALID: u8 = 3;

impl Bits {
    /// The bits of a run's [`code`]s, 64 at a time.
    pub(super) fn of(codes: &[u8]) -> Bits {
        let words = codes.len().div_ceil(64);
        let (mut values, mut valid) = (Vec::with_capacity(words), Vec::with_capacity(words));
        for chunk in codes.chunks(64) {
            let (mut v, mut ok) = (0u64, 0u64);
            for (i, &c) in chunk.iter().enumerate() {
                v |= u64::from(c == VALID) << i;
                ok |= u64::from(c & INVALID != 0) << i;
            }
            values.push(v);
            valid.push(ok);
        }
        Bits {
            values,
            valid,
            deferred: memchr::memchr_iter(DEFER, codes).collect(),
            len: codes.len(),
        }
    }

    /// Deferred row `k`'s answer, asked again (`None`: a null): its bits, clear until
    /// now, set as it says.
    pub(super) fn set(&mut self, k: usize, answer: Option<bool>) {
        let (word, bit) = (k / 64, 1u64 << (k % 64));
        if let Some(value) = answer {
            self.valid[word] |= bit;
            if value {
                self.values[word] |= bit;
            }
        }
    }
}
