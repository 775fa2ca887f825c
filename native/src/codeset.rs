//! A set of code points read once per character in the hot loops: one bit per code point
//! of the Basic Multilingual Plane (8 KiB), computed at compile time from the generated
//! ranges of `tables`; above it (rare in text), a binary search of the same ranges.
//!
//! A search of `tables::INERT` (over 800 ranges) cost ten mispredicted comparisons per
//! character; the bit is one load. A text is read sixteen bytes at a time ([`Stops`]): only
//! a lead byte of characters not all in the set stops the search and is decoded.

use crate::block::{classified, Bits, Stops, WithBits};

/// The code points of `ranges` (sorted, disjoint, inclusive), with the BMP as a bitmap.
pub struct CodeSet {
    bmp: [u64; 1024],
    /// The bytes that stop [`CodeSet::holds_non_ascii`]'s search: the lead bytes of
    /// UTF-8 that can start a character outside the set ([`lead_bytes`]; ASCII and
    /// continuation bytes never stop it, nor a lead byte all of whose characters are in).
    stops: Stops,
    ranges: &'static [(u32, u32)],
}

impl CodeSet {
    /// The set of `ranges` (sorted and disjoint, as the generator writes them).
    pub const fn new(ranges: &'static [(u32, u32)]) -> CodeSet {
        let mut bmp = [0u64; 1024];
        let mut k = 0;
        while k < ranges.len() {
            let (lo, hi) = ranges[k];
            let hi = if hi > 0xFFFF { 0xFFFF } else { hi };
            let mut cp = lo;
            while cp <= hi {
                if cp % 64 == 0 && cp + 63 <= hi {
                    bmp[(cp / 64) as usize] = u64::MAX; // a whole word at once
                    cp += 64;
                } else {
                    bmp[(cp / 64) as usize] |= 1 << (cp % 64);
                    cp += 1;
                }
            }
            k += 1;
        }
        let lead = lead_bytes(ranges);
        let mut passed = [0u16; 256];
        let mut b = 0;
        while b < 256 {
            passed[b] = (b < 0xC0 || lead[b]) as u16;
            b += 1;
        }
        CodeSet {
            bmp,
            stops: Stops::of(&passed, 1),
            ranges,
        }
    }

    /// Whether every non-ASCII character of `text` is in the set: an ASCII text a word at
    /// a time; another sixteen bytes at a time ([`classified`]), a character decoded only
    /// where its lead byte can start one outside the set. Measured on one thread against
    /// a character at a time: the `normalize` column `iri` 244 -> 194 ns a row, `mixed`
    /// 154 -> 141; `check` (which asks it of hosts only) within 1 %. The ranges inline,
    /// without the dispatch, gave half the gain.
    pub fn holds_non_ascii(&self, text: &str) -> bool {
        if text.is_ascii() {
            return true;
        }
        struct Holds<'a> {
            set: &'a CodeSet,
            s: &'a [u8],
        }
        impl WithBits for Holds<'_> {
            type Output = bool;
            #[inline(always)]
            fn with<B: Bits>(self, bits: B) -> bool {
                let (set, s) = (self.set, self.s);
                let mut i = 0;
                loop {
                    // a stop is a lead byte: the text starts at a character's boundary,
                    // and continuation bytes pass
                    i = set.stops.find_with(bits, s, i);
                    if i >= s.len() {
                        return true;
                    }
                    let (cp, len) = crate::chars::decode(s, i);
                    if !set.contains(cp) {
                        return false;
                    }
                    i += len;
                }
            }
        }
        classified(Holds {
            set: self,
            s: text.as_bytes(),
        })
    }

    /// Whether `cp` is in the set.
    #[inline]
    pub fn contains(&self, cp: u32) -> bool {
        if cp <= 0xFFFF {
            return (self.bmp[(cp >> 6) as usize] >> (cp & 63)) & 1 != 0;
        }
        let t = self.ranges;
        let (mut lo, mut hi) = (0usize, t.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if cp < t[mid].0 {
                hi = mid;
            } else if cp > t[mid].1 {
                lo = mid + 1;
            } else {
                return true;
            }
        }
        false
    }
}

/// Whether every code point of `lo..=hi` lies in one range of `ranges`.
pub const fn inside(lo: u32, hi: u32, ranges: &[(u32, u32)]) -> bool {
    let mut k = 0;
    while k < ranges.len() {
        if ranges[k].0 <= lo && hi <= ranges[k].1 {
            return true;
        }
        k += 1;
    }
    false
}

/// Whether some code point of `lo..=hi` lies in a range of `ranges`.
pub const fn touches(lo: u32, hi: u32, ranges: &[(u32, u32)]) -> bool {
    let mut k = 0;
    while k < ranges.len() {
        if ranges[k].0 <= hi && lo <= ranges[k].1 {
            return true;
        }
        k += 1;
    }
    false
}

/// The code points a UTF-8 sequence with the lead byte `b` (0xC2-0xF4) can encode in a
/// `str`: no surrogate (after 0xED only 0x80-0x9F follows: U+D000-U+D7FF) and nothing
/// above U+10FFFF (RFC 3629 4).
pub const fn lead_span(b: u32) -> (u32, u32) {
    if b < 0xE0 {
        let lo = (b & 0x1F) << 6;
        (if lo < 0x80 { 0x80 } else { lo }, lo | 0x3F)
    } else if b == 0xED {
        (0xD000, 0xD7FF)
    } else if b < 0xF0 {
        let lo = (b & 0x0F) << 12;
        (if lo < 0x800 { 0x800 } else { lo }, lo | 0xFFF)
    } else {
        let lo = (b & 0x07) << 18;
        let hi = lo | 0x3FFFF;
        (
            if lo < 0x10000 { 0x10000 } else { lo },
            if hi > 0x10FFFF { 0x10FFFF } else { hi },
        )
    }
}

/// For each byte that starts a UTF-8 sequence: whether every character it can start is
/// in `ranges` (such a character is passed without being decoded).
const fn lead_bytes(ranges: &[(u32, u32)]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0xC2;
    while b <= 0xF4 {
        let (lo, hi) = lead_span(b);
        t[b as usize] = inside(lo, hi, ranges);
        b += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables;

    /// The sets the core builds.
    const SETS: [&[(u32, u32)]; 8] = [
        tables::INERT,
        tables::NFC_READ,
        tables::RTL_BLOCKS,
        tables::REPR_PLAIN,
        tables::MAY_DECODE,
        tables::MAY_DECODE_QUERY,
        tables::IDNA_SIMPLE,
        tables::IDNA_SIMPLE_MARKS,
    ];

    /// Every code point, bitmap or search, against a plain scan of the ranges.
    #[test]
    fn agrees_with_the_ranges() {
        for ranges in SETS {
            let set = CodeSet::new(ranges);
            for cp in 0..=0x10FFFF {
                let expected = ranges.iter().any(|&(a, b)| a <= cp && cp <= b);
                assert_eq!(set.contains(cp), expected, "U+{cp:04X}");
                if let Some(c) = char::from_u32(cp) {
                    let mut buf = [0u8; 4];
                    let text = c.encode_utf8(&mut buf);
                    assert_eq!(
                        set.holds_non_ascii(text),
                        expected || cp < 0x80,
                        "U+{cp:04X}"
                    );
                    let lead = text.as_bytes()[0];
                    assert!(cp < 0x80 || set.stops.holds(lead) || expected, "U+{cp:04X}");
                }
            }
        }
    }

    /// Texts of many characters, a few of each lead byte (the ends of its span and its
    /// middle), mixed with ASCII at every offset around the blocks: the search by blocks
    /// against each character tested alone, for every set.
    #[test]
    fn mixed_texts_agree_with_their_characters() {
        let pool: Vec<char> = (0xC2..=0xF4u32)
            .flat_map(|b| {
                let (lo, hi) = lead_span(b);
                [lo, (lo + hi) / 2, hi]
            })
            .filter_map(char::from_u32)
            .collect();
        for ranges in SETS {
            let set = CodeSet::new(ranges);
            let inside = |c: char| c.is_ascii() || set.contains(c as u32);
            for (k, &odd) in pool.iter().enumerate() {
                for pad in 0..20 {
                    // the character after `pad` ASCII bytes, among characters of the set
                    // (or not, as the pool gives them) before and after it
                    let before: String = pool.iter().cycle().skip(k * 7).take(pad % 5).collect();
                    let text = format!(
                        "{before}{}{odd}x{}",
                        "a".repeat(pad),
                        pool[(k * 13) % pool.len()]
                    );
                    let expected = text.chars().all(inside);
                    assert_eq!(set.holds_non_ascii(&text), expected, "{text:?}");
                }
            }
        }
    }

    /// Texts of ASCII runs of every length around the eight-byte blocks, and characters
    /// in and out of the set at every position.
    #[test]
    fn texts_agree_with_their_characters() {
        let set = CodeSet::new(tables::MAY_DECODE);
        for odd in ['\u{AD}', '\u{E9}', '\u{6771}', '\u{1F600}'] {
            for a in 0..20 {
                for b in 0..20 {
                    let text = format!("{}{odd}{}\u{E9}", "a".repeat(a), "/".repeat(b));
                    let expected = text.chars().all(|c| c.is_ascii() || set.contains(c as u32));
                    assert_eq!(set.holds_non_ascii(&text), expected, "{text:?}");
                }
            }
        }
    }
}
