//! The byte shuffles of [`super`]'s blocks on x86-64: SSSE3's, one block of sixteen
//! bytes a shuffle (pulp's x86-64-v2 level), and AVX2's, two blocks at once (x86-64-v3),
//! each asked of the CPU once and run inside pulp's dispatch ([`super::classified`]).

use std::arch::x86_64::{__m128i, __m256i};
use std::sync::OnceLock;

use pulp::x86::{V2, V3};

use super::{Bits, Stops};

/// Work run by pulp's dispatch with a shuffle (`bits`: [`Shuffle`] or [`Shuffle3`]): a
/// type of its own, not a closure, so that its `call` is inlined into the function
/// compiled for SSSE3 or AVX2 whatever its size (a closure is inlined only when LLVM
/// finds it small, and what is not inlined there runs without them, every shuffle a
/// call).
pub struct Job<B, W> {
    pub bits: B,
    pub work: W,
}

impl<B: Bits, W: super::WithBits> pulp::NullaryFnOnce for Job<B, W> {
    type Output = W::Output;
    #[inline(always)]
    fn call(self) -> W::Output {
        self.work.with(self.bits)
    }
}

/// [`Shuffle`], and two blocks at once through AVX2 ([`Stops::shuffled_pair`]).
#[derive(Clone, Copy)]
pub struct Shuffle3(pub V3);

impl Bits for Shuffle3 {
    #[inline(always)]
    fn outside(self, stops: &Stops, block: &[u8; 16]) -> u32 {
        stops.shuffled(*self.0, block)
    }

    #[inline(always)]
    fn outside_pair(self, stops: &Stops, two: &[u8; 32]) -> u32 {
        stops.shuffled_pair(self.0, two)
    }
}

/// [`Stops::shuffled`], with the CPU's SSSE3.
#[derive(Clone, Copy)]
pub struct Shuffle(pub V2);

impl Bits for Shuffle {
    #[inline(always)]
    fn outside(self, stops: &Stops, block: &[u8; 16]) -> u32 {
        stops.shuffled(self.0, block)
    }
}

/// The CPU's SSSE3 and AVX2 (each with the rest of its level, x86-64-v2 and -v3, as
/// pulp hands them out; `None` for one it lacks), asked once.
#[inline(always)]
pub(super) fn levels() -> (Option<V2>, Option<V3>) {
    static LEVELS: OnceLock<(Option<V2>, Option<V3>)> = OnceLock::new();
    *LEVELS.get_or_init(|| (V2::try_new(), V3::try_new()))
}

/// The row bit of each high nibble: `1 << (row % 8)`.
const ROW_BIT: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

impl Stops {
    /// [`Stops::bits`] through three byte shuffles: the bitmap of each byte's column
    /// (its low nibble) from `low` for an ASCII byte (the shuffle gives zero for an
    /// index with its top bit set) or from `high` for another, and the bit of its
    /// row (its high nibble); the byte is outside when they share a bit.
    #[inline(always)]
    pub(super) fn shuffled(&self, simd: V2, block: &[u8; 16]) -> u32 {
        let (sse2, ssse3) = (simd.sse2, simd.ssse3);
        let v: __m128i = pulp::cast(*block);
        let column = sse2._mm_and_si128(v, sse2._mm_set1_epi8(0x8F_u8 as i8));
        let ascii = ssse3._mm_shuffle_epi8(pulp::cast(self.low), column);
        let flipped = sse2._mm_xor_si128(column, sse2._mm_set1_epi8(0x80_u8 as i8));
        let other = ssse3._mm_shuffle_epi8(pulp::cast(self.high), flipped);
        let row = sse2._mm_and_si128(sse2._mm_srli_epi16::<4>(v), sse2._mm_set1_epi8(0x0F));
        let bit = ssse3._mm_shuffle_epi8(pulp::cast(ROW_BIT), row);
        let hit = sse2._mm_and_si128(sse2._mm_or_si128(ascii, other), bit);
        let inside = sse2._mm_cmpeq_epi8(hit, sse2._mm_setzero_si128());
        !(sse2._mm_movemask_epi8(inside) as u32) & 0xFFFF
    }

    /// [`Stops::shuffled`] of two blocks at once, in AVX2's 32-byte vectors (its byte
    /// shuffle looks up each half in its own half of the table: both hold the same).
    #[inline(always)]
    pub(super) fn shuffled_pair(&self, simd: V3, two: &[u8; 32]) -> u32 {
        let (avx, avx2) = (simd.avx, simd.avx2);
        let v: __m256i = pulp::cast(*two);
        let low: __m256i = pulp::cast([self.low, self.low]);
        let high: __m256i = pulp::cast([self.high, self.high]);
        let row_bit: __m256i = pulp::cast([ROW_BIT, ROW_BIT]);
        let column = avx2._mm256_and_si256(v, avx._mm256_set1_epi8(0x8F_u8 as i8));
        let ascii = avx2._mm256_shuffle_epi8(low, column);
        let flipped = avx2._mm256_xor_si256(column, avx._mm256_set1_epi8(0x80_u8 as i8));
        let other = avx2._mm256_shuffle_epi8(high, flipped);
        let row = avx2._mm256_and_si256(avx2._mm256_srli_epi16::<4>(v), avx._mm256_set1_epi8(0x0F));
        let bit = avx2._mm256_shuffle_epi8(row_bit, row);
        let hit = avx2._mm256_and_si256(avx2._mm256_or_si256(ascii, other), bit);
        let inside = avx2._mm256_cmpeq_epi8(hit, avx._mm256_setzero_si256());
        !(avx2._mm256_movemask_epi8(inside) as u32)
    }
}
