//! Sixteen bytes at a time: which of them stop a run of one character set. The scanner of
//! [`crate::chars::run`] reads its long runs (a path, a query) this way.
//!
//! A set is read as the ranges of bytes outside it ([`Stops`], computed at compile time
//! from a class table), and a block of sixteen bytes is tested against every range at
//! once: a byte `b` lies in `lo..=hi` when `min(b - lo, hi - lo) == b - lo` (wrapping
//! subtraction, unsigned minimum). The vectors are the `wide` crate's `u8x16`: SSE2 on
//! x86-64, NEON on aarch64, plain arrays elsewhere; its `unsafe` stays inside it.

use wide::u8x16;

/// The most ranges a set may have outside it (the grammar's need up to 15: `ireg-name`
/// and `isegment-nz-nc` with their non-ASCII part).
const MAX: usize = 16;

/// The bytes outside one set, as at most [`MAX`] ranges `lo..=hi`.
#[derive(Clone, Copy, Debug)]
pub struct Stops {
    n: usize,
    lo: [u8; MAX],
    hi: [u8; MAX],
}

impl Stops {
    /// The bytes `b` with `class[b] & mask == 0`, as ranges. Panics (at compile time, where
    /// it is evaluated) when they need more than [`MAX`] ranges.
    pub const fn of(class: &[u16; 256], mask: u16) -> Stops {
        let mut s = Stops {
            n: 0,
            lo: [0; MAX],
            hi: [0; MAX],
        };
        let mut b = 0;
        while b < 256 {
            if class[b] & mask == 0 {
                if s.n > 0 && s.hi[s.n - 1] as usize + 1 == b {
                    s.hi[s.n - 1] = b as u8;
                } else {
                    assert!(s.n < MAX, "more ranges outside the set than MAX");
                    s.lo[s.n] = b as u8;
                    s.hi[s.n] = b as u8;
                    s.n += 1;
                }
            }
            b += 1;
        }
        s
    }

    /// The bytes of `block` outside the set, as the bits of a mask (bit `k`: byte `k`).
    #[inline(always)]
    pub fn bits(&self, block: &[u8; 16]) -> u32 {
        let v = u8x16::new(*block);
        let mut hit = u8x16::ZERO;
        for k in 0..self.n {
            let (lo, hi) = (self.lo[k], self.hi[k]);
            hit |= if lo == hi {
                v.simd_eq(u8x16::splat(lo))
            } else {
                let x = v - u8x16::splat(lo);
                x.min(u8x16::splat(hi - lo)).simd_eq(x)
            };
        }
        hit.to_bitmask()
    }

    /// Whether byte `b` is outside the set: [`Stops::bits`] one byte at a time (the tests'
    /// reference).
    pub fn holds(&self, b: u8) -> bool {
        (0..self.n).any(|k| self.lo[k] <= b && b <= self.hi[k])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables;

    #[test]
    fn ranges_are_the_bytes_outside() {
        const PATH: Stops = Stops::of(&tables::CLASS, tables::PATH);
        for b in 0..=255u8 {
            assert_eq!(
                PATH.holds(b),
                tables::CLASS[b as usize] & tables::PATH == 0,
                "{b:#x}"
            );
        }
    }

    #[test]
    fn bits_match_a_byte_at_a_time() {
        // every byte value in every lane, against every set of the grammar
        let sets: Vec<Stops> = (0..12)
            .map(|bit| Stops::of(&tables::CLASS, 1 << bit))
            .collect();
        for stops in &sets {
            for b in 0..=255u8 {
                for lane in 0..16 {
                    let mut block = [b'a'; 16];
                    block[lane] = b;
                    block[(lane + 5) % 16] = b.wrapping_mul(31);
                    let want =
                        (0..16).fold(0u32, |m, k| m | (u32::from(stops.holds(block[k])) << k));
                    assert_eq!(stops.bits(&block), want, "{block:?}");
                }
            }
        }
    }
}
