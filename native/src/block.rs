//! Sixteen bytes at a time: which of them stop a run of one character set. The scanner of
//! [`crate::chars::run`] reads its runs (a path, a query) this way, and
//! [`crate::split::split`] finds its delimiters.
//!
//! A set is read as the bytes outside it ([`Stops`], computed at compile time from a
//! class table), in two forms. As ranges, tested against a block of sixteen bytes at
//! once: a byte `b` lies in `lo..=hi` when `min(b - lo, hi - lo) == b - lo` (wrapping
//! subtraction, unsigned minimum), on the `wide` crate's `u8x16` (SSE2 on x86-64, NEON on
//! aarch64, plain arrays elsewhere). And as a bitmap of sixteen rows by sixteen columns,
//! looked up for all sixteen bytes by three byte shuffles (SSSE3 `pshufb`), on x86-64 CPUs
//! of pulp's x86-64-v2 level (SSSE3 to SSE4.2), through the `pulp` crate, which asks the
//! CPU at run time ([`classified`]): up to 15 ranges cost some sixty vector operations a
//! block, the shuffles about twelve. On CPUs of its x86-64-v3 level (AVX2), the same
//! shuffles look up two blocks at once, in 32-byte vectors ([`Bits::outside_pair`]): a
//! text of 32 bytes or more is read two blocks a step. Both crates keep their `unsafe`
//! inside them.

use wide::u8x16;

/// The most ranges a set may have outside it (the grammar's need up to 15: `ireg-name`
/// and `isegment-nz-nc` with their non-ASCII part).
pub const MAX: usize = 16;

/// The most ranges outside a set that [`Stops::find`] tests inline: for so few, the ranges
/// cost less than the call into the shuffle's dispatch (measured: `split`, whose delimiters
/// are one to four bytes, ran 15-18 % slower through the dispatch).
pub const FEW: usize = 4;

/// The bytes outside one set, as at most [`MAX`] ranges `lo..=hi`.
#[derive(Clone, Copy, Debug)]
pub struct Stops {
    n: usize,
    lo: [u8; MAX],
    hi: [u8; MAX],
    /// The same bytes as a bitmap for a byte shuffle: bit `r` of `low[c]` is set when the
    /// byte `16 * r + c` (rows 0-7, ASCII) is outside, bit `r` of `high[c]` when the byte
    /// `16 * (r + 8) + c` is.
    low: [u8; 16],
    high: [u8; 16],
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
            low: [0; 16],
            high: [0; 16],
        };
        let mut b = 0;
        while b < 256 {
            if outside[b] {
                if b < 128 {
                    s.low[b % 16] |= 1 << (b / 16);
                } else {
                    s.high[b % 16] |= 1 << (b / 16 - 8);
                }
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
    /// bytes at a time, in the fastest way the CPU has ([`classified`]); a set with at most
    /// [`FEW`] ranges outside it through the ranges, inline.
    #[inline(always)]
    pub fn find(&self, s: &[u8], i: usize) -> usize {
        if self.n <= FEW {
            return self.find_with(Ranges, s, i);
        }
        struct Find<'a> {
            stops: &'a Stops,
            s: &'a [u8],
            i: usize,
        }
        impl WithBits for Find<'_> {
            type Output = usize;
            #[inline(always)]
            fn with<B: Bits>(self, bits: B) -> usize {
                self.stops.find_with(bits, self.s, self.i)
            }
        }
        classified(Find { stops: self, s, i })
    }

    /// [`Stops::find`] through `bits`: for work that [`classified`] runs already.
    #[inline(always)]
    pub fn find_with<B: Bits>(&self, bits: B, s: &[u8], i: usize) -> usize {
        self.find_by(s, i, Outside(self, bits), Nothing).0
    }

    /// [`Stops::find_with`], and whether the byte `seen` lies in `s[i..]` before the stop
    /// found (read in the same blocks: a compare more per block, where a search of its
    /// own would read the text again).
    #[inline(always)]
    pub fn find_noting<B: Bits>(&self, bits: B, s: &[u8], i: usize, seen: u8) -> (usize, bool) {
        let (end, noted) = self.find_by(s, i, Outside(self, bits), Byte(seen));
        (end, noted != 0)
    }

    /// [`Stops::find`] with `stops` telling the bytes of a block outside the set. A text of
    /// at least 32 bytes is read two blocks a step (their masks joined into one): the
    /// pairs of blocks from `i`, then its last 32 bytes for what is left, their bits
    /// below `i` shifted off. A shorter one a block a step, its last bytes (fewer than
    /// sixteen) as its last sixteen, or, in a text of fewer than sixteen, read into a
    /// block in registers ([`short_block`]) whose padding is masked off. Beside the stop,
    /// the bits `note` gives for the bytes before it (zero when `note` gives none).
    ///
    /// Two blocks a step (measured on the extension, one thread, the `is_valid` column:
    /// `web` 20.6 → 16.0 ns a row, `mixed` 22.6 → 17.1, `iri` 31.8 → 25.9): most URLs
    /// of the corpora are 32-95 bytes, read in one or two steps and a last pair, where a
    /// block a step took two to six; the two blocks of a step are classified side by side.
    /// Four blocks a step for a text of 64 bytes or more measured slower (`web` 12.3 →
    /// 14.3 ns in Rust, `iri` 21.1 → 22.4).
    #[inline(always)]
    fn find_by(&self, s: &[u8], mut i: usize, stops: impl Marks, note: impl Marks) -> (usize, u32) {
        // the bits of a block below its first stop (`found`, not zero)
        let before = |found: u32| found.wrapping_sub(1) & !found;
        let n = s.len();
        let mut noted = 0;
        if n >= 32 {
            while i + 32 <= n {
                let found = pair(&stops, s, i);
                if found != 0 {
                    return (
                        i + found.trailing_zeros() as usize,
                        noted | pair(&note, s, i) & before(found),
                    );
                }
                noted |= pair(&note, s, i);
                i += 32;
            }
            if i >= n {
                return (n, noted);
            }
            let shift = i + 32 - n;
            let found = pair(&stops, s, n - 32) >> shift;
            let marks = pair(&note, s, n - 32) >> shift;
            return if found == 0 {
                (n, noted | marks)
            } else {
                (
                    i + found.trailing_zeros() as usize,
                    noted | marks & before(found),
                )
            };
        }
        while i + 16 <= n {
            let block = s[i..i + 16].try_into().expect("16 bytes");
            let found = stops.of(block);
            if found != 0 {
                return (
                    i + found.trailing_zeros() as usize,
                    noted | note.of(block) & before(found),
                );
            }
            noted |= note.of(block);
            i += 16;
        }
        if i >= n {
            return (n, noted);
        }
        let (found, marks) = if n >= 16 {
            let last: &[u8; 16] = s[n - 16..].try_into().expect("16 bytes");
            (
                stops.of(last) >> (i + 16 - n),
                note.of(last) >> (i + 16 - n),
            )
        } else {
            let block = short_block(&s[i..]);
            let valid = (1 << (n - i)) - 1;
            (stops.of(&block) & valid, note.of(&block) & valid)
        };
        if found == 0 {
            (n, noted | marks)
        } else {
            (
                i + found.trailing_zeros() as usize,
                noted | marks & before(found),
            )
        }
    }

    /// Whether byte `b` is outside the set: [`Stops::bits`] one byte at a time (the tests'
    /// reference).
    pub fn holds(&self, b: u8) -> bool {
        (0..self.n).any(|k| self.lo[k] <= b && b <= self.hi[k])
    }
}

/// The marks of the two blocks of sixteen bytes from `a`, as one mask (bit `k`: byte
/// `a + k`).
#[inline(always)]
fn pair(m: &impl Marks, s: &[u8], a: usize) -> u32 {
    m.pair(s[a..a + 32].try_into().expect("32 bytes"))
}

/// The two blocks of sixteen bytes of `two`.
#[inline(always)]
fn halves(two: &[u8; 32]) -> (&[u8; 16], &[u8; 16]) {
    let (b0, b1) = two.split_at(16);
    (
        b0.try_into().expect("16 bytes"),
        b1.try_into().expect("16 bytes"),
    )
}

/// What [`Stops::find_by`] reads of a block: a bit for each of its bytes. A trait, not a
/// closure: inside a dispatch of [`classified`], a closure that LLVM does not inline runs
/// without the shuffle, each one a call (seen in a profiling build of the extension: four
/// calls of `find_noting`'s closure, where a smaller binary of the same code had none).
trait Marks {
    fn of(&self, block: &[u8; 16]) -> u32;

    /// Two blocks at once (bit `k`: byte `k` of the 32).
    #[inline(always)]
    fn pair(&self, two: &[u8; 32]) -> u32 {
        let (b0, b1) = halves(two);
        self.of(b0) | self.of(b1) << 16
    }
}

/// The bytes outside a set, through a [`Bits`].
struct Outside<'a, B>(&'a Stops, B);

impl<B: Bits> Marks for Outside<'_, B> {
    #[inline(always)]
    fn of(&self, block: &[u8; 16]) -> u32 {
        self.1.outside(self.0, block)
    }

    #[inline(always)]
    fn pair(&self, two: &[u8; 32]) -> u32 {
        self.1.outside_pair(self.0, two)
    }
}

/// One byte's places.
struct Byte(u8);

impl Marks for Byte {
    #[inline(always)]
    fn of(&self, block: &[u8; 16]) -> u32 {
        u8x16::new(*block)
            .simd_eq(u8x16::splat(self.0))
            .to_bitmask()
    }
}

/// None.
struct Nothing;

impl Marks for Nothing {
    #[inline(always)]
    fn of(&self, _: &[u8; 16]) -> u32 {
        0
    }
}

/// The bytes of `t` (fewer than sixteen) at the start of a block, the rest of it zero. They
/// are read as two words that overlap (of eight bytes, or of four), the second shifted
/// down over the first, and the block is built in registers. A copy into a zeroed block in
/// memory cost more than the search: the block's sixteen-byte load must wait for the
/// copy's smaller stores to reach the cache, since the CPU cannot forward them to it
/// (measured: `is_valid` on texts of 9-15 bytes took 34 ns a row, on texts of 17 bytes
/// 13 ns).
#[inline(always)]
fn short_block(t: &[u8]) -> [u8; 16] {
    let m = t.len();
    debug_assert!(m < 16);
    let v = if m >= 8 {
        let lo = u64::from_le_bytes(t[..8].try_into().expect("8 bytes"));
        let hi = u64::from_le_bytes(t[m - 8..].try_into().expect("8 bytes"));
        // bytes 8.. of `t` are the last `m - 8` of `hi`: shifted down by `16 - m` bytes (all
        // of them, to zero, when `m` is 8)
        let hi = hi.checked_shr(8 * (16 - m) as u32).unwrap_or(0);
        u128::from(lo) | u128::from(hi) << 64
    } else if m >= 4 {
        let lo = u32::from_le_bytes(t[..4].try_into().expect("4 bytes"));
        let hi = u32::from_le_bytes(t[m - 4..].try_into().expect("4 bytes"));
        let hi = hi.checked_shr(8 * (8 - m) as u32).unwrap_or(0);
        u128::from(lo) | u128::from(hi) << 32
    } else {
        t.iter().rev().fold(0, |w, &b| w << 8 | u128::from(b))
    };
    v.to_le_bytes()
}

/// A way to tell which bytes of a block lie outside a set ([`Stops::bits`] or its byte
/// shuffle): what [`classified`] hands the work it runs.
pub trait Bits: Copy {
    /// The bytes of `block` outside `stops`' set, as the bits of a mask (bit `k`: byte `k`).
    fn outside(self, stops: &Stops, block: &[u8; 16]) -> u32;

    /// [`Bits::outside`] of two blocks at once (bit `k`: byte `k` of the 32).
    #[inline(always)]
    fn outside_pair(self, stops: &Stops, two: &[u8; 32]) -> u32 {
        let (b0, b1) = halves(two);
        self.outside(stops, b0) | self.outside(stops, b1) << 16
    }
}

/// [`Stops::bits`]: the ranges, on every CPU.
#[derive(Clone, Copy)]
pub struct Ranges;

impl Bits for Ranges {
    #[inline(always)]
    fn outside(self, stops: &Stops, block: &[u8; 16]) -> u32 {
        stops.bits(block)
    }
}

/// Work that reads blocks through a [`Bits`] ([`classified`] runs it).
pub trait WithBits {
    type Output;
    fn with<B: Bits>(self, bits: B) -> Self::Output;
}

/// `work` with the fastest [`Bits`] of this CPU: on x86-64 with AVX2, the byte shuffle
/// of two blocks at once, with SSSE3 that of one (the work is compiled once more for each
/// and runs inside pulp's dispatch, so everything it inlines may use the shuffle), else
/// the ranges. Measured against SSSE3 alone, on the extension, one thread, beside
/// `Stops::find_by`'s two blocks a step: the `is_valid` column `web` 16.3 → 15.0 ns a
/// row, `mixed` 17.5 → 15.4, `iri` 26.8 → 24.0; `check` and `normalize` 2-4 % (the
/// extension 190 KB larger).
#[inline(always)]
pub fn classified<W: WithBits>(work: W) -> W::Output {
    #[cfg(target_arch = "x86_64")]
    {
        let (v2, v3) = shuffle::levels();
        if let Some(simd) = v3 {
            let bits = shuffle::Shuffle3(simd);
            return simd.vectorize(shuffle::Job { bits, work });
        }
        if let Some(simd) = v2 {
            let bits = shuffle::Shuffle(simd);
            return simd.vectorize(shuffle::Job { bits, work });
        }
    }
    work.with(Ranges)
}

/// `work` through every [`Bits`] this CPU has, each inside its own dispatch as
/// [`classified`] runs it: the ranges, SSSE3's shuffle, AVX2's (how the tests reach the
/// levels that a CPU with AVX2 never dispatches to).
#[cfg(test)]
pub(crate) fn every_level<W: WithBits + Clone>(work: W) -> Vec<W::Output> {
    let mut out = vec![work.clone().with(Ranges)];
    #[cfg(target_arch = "x86_64")]
    {
        let (v2, v3) = shuffle::levels();
        if let Some(simd) = v2 {
            let (bits, work) = (shuffle::Shuffle(simd), work.clone());
            out.push(simd.vectorize(shuffle::Job { bits, work }));
        }
        if let Some(simd) = v3 {
            let bits = shuffle::Shuffle3(simd);
            out.push(simd.vectorize(shuffle::Job { bits, work }));
        }
    }
    out
}

#[cfg(target_arch = "x86_64")]
mod shuffle;

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
        // outside it and one without, and one byte alone
        const DELIMS: Stops = Stops::bytes(b"/?#");
        const PATH: Stops = Stops::of(&tables::CLASS, tables::PATH);
        const PERCENT: Stops = Stops::bytes(b"%");
        let pool = b"ab/?#\0c%d\xc3\xa9 ";
        for len in 0..80 {
            for seed in 0..pool.len() {
                let s: Vec<u8> = (0..len)
                    .map(|k| pool[(seed + k * 5 + k * k) % pool.len()])
                    .collect();
                for stops in [&DELIMS, &PATH, &PERCENT] {
                    for start in 0..=len {
                        let want = (start..len).find(|&k| stops.holds(s[k])).unwrap_or(len);
                        // the CPU's way, and the ranges, which every CPU has
                        assert_eq!(stops.find(&s, start), want, "{s:?} {start}");
                        assert_eq!(stops.find_with(Ranges, &s, start), want, "{s:?} {start}");
                    }
                }
            }
        }
    }

    /// [`Stops::find_noting`] of a "%", as work for [`every_level`].
    #[derive(Clone, Copy)]
    struct Noting<'a>(&'a Stops, &'a [u8], usize);

    impl WithBits for Noting<'_> {
        type Output = (usize, bool);
        fn with<B: Bits>(self, bits: B) -> (usize, bool) {
            self.0.find_noting(bits, self.1, self.2, b'%')
        }
    }

    #[test]
    fn find_noting_matches_a_byte_at_a_time() {
        // texts of one letter with a stop and a "%" at places spread over them (or none),
        // every length to three pairs of blocks, every start: the pairs' loop, the last
        // pair and the blocks of a shorter text, found and noted alike by every `Bits`
        const DELIMS: Stops = Stops::bytes(b"/?#");
        const QUERY: Stops = Stops::of(&tables::CLASS, tables::QUERY);
        for len in 0..=100usize {
            let places = |step: usize| (0..len).step_by(step).map(Some).chain([None]);
            for stop in places(5) {
                for percent in places(9) {
                    let mut s = vec![b'a'; len];
                    if let Some(k) = percent {
                        s[k] = b'%';
                    }
                    if let Some(k) = stop {
                        s[k] = b'#';
                    }
                    for stops in [&DELIMS, &QUERY] {
                        for start in 0..=len {
                            let end = (start..len).find(|&k| stops.holds(s[k])).unwrap_or(len);
                            let want = (end, s[start..end].contains(&b'%'));
                            let case = format!("{len} {stop:?} {percent:?} {start}");
                            let got = every_level(Noting(stops, &s, start));
                            assert!(got.iter().all(|&g| g == want), "{case}: {got:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn short_blocks_hold_the_bytes_then_zeros() {
        let text: Vec<u8> = (1..=15).collect();
        for m in 0..16 {
            let mut want = [0u8; 16];
            want[..m].copy_from_slice(&text[..m]);
            assert_eq!(short_block(&text[..m]), want, "{m}");
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
                    #[cfg(target_arch = "x86_64")]
                    if let Some(simd) = pulp::x86::V2::try_new() {
                        assert_eq!(stops.shuffled(simd, &block), want, "{block:?}");
                    }
                    // two blocks: this one, and its bytes with their nibbles swapped
                    let swapped = block.map(|b| b.rotate_left(4));
                    let mut two = [0u8; 32];
                    two[..16].copy_from_slice(&block);
                    two[16..].copy_from_slice(&swapped);
                    let want = want | stops.bits(&swapped) << 16;
                    assert_eq!(Ranges.outside_pair(stops, &two), want, "{two:?}");
                    #[cfg(target_arch = "x86_64")]
                    if let Some(simd) = pulp::x86::V3::try_new() {
                        assert_eq!(stops.shuffled_pair(simd, &two), want, "{two:?}");
                    }
                }
            }
        }
    }
}
