//! Sixteen bytes at a time: which of them stop a run of one character set. The scanner of
//! [`crate::chars::run`] reads its runs (a path, a query) this way, and
//! [`crate::split::split`] finds its delimiters.
//!
//! A set is read as the ranges of bytes outside it ([`Stops`], computed at compile time
//! from a class table), and a block of sixteen bytes is tested against every range at
//! once: a byte `b` lies in `lo..=hi` when `min(b - lo, hi - lo) == b - lo` (wrapping
//! subtraction, unsigned minimum). The vectors are the `wide` crate's `u8x16`: SSE2 on
//! x86-64, NEON on aarch64, plain arrays elsewhere; its `unsafe` stays inside it.

use wide::u8x16;

/// The most ranges a set may have outside it (the grammar's need up to 15: `ireg-name`
/// and `isegment-nz-nc` with their non-ASCII part).
pub const MAX: usize = 16;

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
        let mut outside = [false; 256];
        let mut b = 0;
        while b < 256 {
            outside[b] = class[b] & mask == 0;
            b += 1;
        }
        Stops::ranges(&outside)
    }

    /// The bytes of `set` (delimiters to find), as ranges.
    pub const fn bytes(set: &[u8]) -> Stops {
        let mut outside = [false; 256];
        let mut k = 0;
        while k < set.len() {
            outside[set[k] as usize] = true;
            k += 1;
        }
        Stops::ranges(&outside)
    }

    const fn ranges(outside: &[bool; 256]) -> Stops {
        let mut s = Stops {
            n: 0,
            lo: [0; MAX],
            hi: [0; MAX],
        };
        let mut b = 0;
        while b < 256 {
            if outside[b] {
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

    /// The first byte of `s` from `i` on that is outside the set, or `s.len()`: sixteen
    /// bytes at a time; the last bytes of `s`, fewer than sixteen, as its last sixteen
    /// (or, in a shorter `s`, copied into a zeroed block whose padding is masked off).
    #[inline(always)]
    pub fn find(&self, s: &[u8], mut i: usize) -> usize {
        let n = s.len();
        while i + 16 <= n {
            let bits = self.bits(s[i..i + 16].try_into().expect("16 bytes"));
            if bits != 0 {
                return i + bits.trailing_zeros() as usize;
            }
            i += 16;
        }
        if i >= n {
            return n;
        }
        let bits = if n >= 16 {
            let last: &[u8; 16] = s[n - 16..].try_into().expect("16 bytes");
            self.bits(last) >> (i + 16 - n)
        } else {
            let mut padded = [0u8; 16];
            padded[..n - i].copy_from_slice(&s[i..]);
            self.bits(&padded) & ((1 << (n - i)) - 1)
        };
        if bits == 0 {
            n
        } else {
            i + bits.trailing_zeros() as usize
        }
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
    fn find_matches_a_byte_at_a_time() {
        // every start and length around the blocks and the padded tail, a set with NUL
        // outside it and one without
        const DELIMS: Stops = Stops::bytes(b"/?#");
        const PATH: Stops = Stops::of(&tables::CLASS, tables::PATH);
        let pool = b"ab/?#\0c%d\xc3\xa9 ";
        for len in 0..40 {
            for seed in 0..pool.len() {
                let s: Vec<u8> = (0..len)
                    .map(|k| pool[(seed + k * 5 + k * k) % pool.len()])
                    .collect();
                for stops in [&DELIMS, &PATH] {
                    for start in 0..=len {
                        let want = (start..len).find(|&k| stops.holds(s[k])).unwrap_or(len);
                        assert_eq!(stops.find(&s, start), want, "{s:?} {start}");
                    }
                }
            }
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
