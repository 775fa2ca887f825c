//! A set of code points read once per character in the hot loops: one bit per code point
//! of the Basic Multilingual Plane (8 KiB), computed at compile time from the generated
//! ranges of `tables`; above it (rare in text), a binary search of the same ranges.
//!
//! A search of `tables::INERT` (over 800 ranges) cost ten mispredicted comparisons per
//! character; the bit is one load.

/// The code points of `ranges` (sorted, disjoint, inclusive), with the BMP as a bitmap.
pub struct CodeSet {
    bmp: [u64; 1024],
    /// For each byte that starts a UTF-8 sequence: every character it can start is in the
    /// set (such a character is passed without being decoded).
    lead: [bool; 256],
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
        CodeSet {
            bmp,
            lead: lead_bytes(ranges),
            ranges,
        }
    }

    /// Whether every non-ASCII character of `text` is in the set.
    pub fn holds_non_ascii(&self, text: &str) -> bool {
        if text.is_ascii() {
            return true; // a word at a time
        }
        let s = text.as_bytes();
        let mut i = 0;
        while i < s.len() {
            let b = s[i];
            if b < 0x80 {
                i += 1;
                // the ASCII that follows, eight bytes at a time
                while let Some(block) = s.get(i..i + 8) {
                    let word = u64::from_le_bytes(block.try_into().expect("eight bytes"));
                    if word & 0x8080_8080_8080_8080 != 0 {
                        break;
                    }
                    i += 8;
                }
            } else if self.lead[b as usize] {
                i += utf8_len(b);
            } else {
                let (cp, len) = crate::chars::decode(s, i);
                if !self.contains(cp) {
                    return false;
                }
                i += len;
            }
        }
        true
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

/// The length of the UTF-8 sequence that the lead byte `b` (0xC2-0xF4) starts.
#[inline]
fn utf8_len(b: u8) -> usize {
    match b {
        0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
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

/// [`CodeSet::lead`] of `ranges`.
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

    /// Every code point, bitmap or search, against a plain scan of the ranges.
    #[test]
    fn agrees_with_the_ranges() {
        for ranges in [
            tables::INERT,
            tables::NFC_READ,
            tables::RTL_BLOCKS,
            tables::MAY_DECODE,
            tables::MAY_DECODE_QUERY,
        ] {
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
                    assert!(
                        cp < 0x80 || !set.lead[lead as usize] || expected,
                        "U+{cp:04X}"
                    );
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
