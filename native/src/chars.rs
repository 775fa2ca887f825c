//! Character sets of the grammar (RFC 3987 2.2, RFC 3986 Appendix A) and the scanner that
//! runs over one component.
//!
//! ASCII membership is one table lookup (`tables::CLASS`, generated from the Python
//! grammar); a non-ASCII character is decoded from the UTF-8 of the `&str` and tested
//! against `ucschar` / `iprivate`, without the bidi formatting characters (RFC 3987 4.1).

use crate::tables;

/// Which non-ASCII characters a component set holds, besides its ASCII part.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wide {
    /// URI rules (RFC 3986): no non-ASCII character at all.
    None,
    /// `ucschar` (RFC 3987 2.2), without the bidi formatting characters (4.1).
    Ucs,
    /// `ucschar` / `iprivate`: `iquery` only (RFC 3987 2.2).
    UcsPrivate,
}

#[inline]
pub fn in_class(b: u8, mask: u16) -> bool {
    tables::CLASS[b as usize] & mask != 0
}

#[inline]
fn in_ranges(cp: u32, ranges: &[(u32, u32)]) -> bool {
    // The tables are short and sorted; the first range holds most characters met in text.
    for &(lo, hi) in ranges {
        if cp < lo {
            return false;
        }
        if cp <= hi {
            return true;
        }
    }
    false
}

/// `ucschar` (RFC 3987 2.2).
#[inline]
pub fn is_ucschar(cp: u32) -> bool {
    in_ranges(cp, tables::UCSCHAR)
}

/// `iprivate` (RFC 3987 2.2 and the tag characters of 3987bis).
#[inline]
pub fn is_iprivate(cp: u32) -> bool {
    in_ranges(cp, tables::IPRIVATE)
}

/// Bidi formatting characters (RFC 3987 4.1: "IRIs MUST NOT contain" them).
#[inline]
pub fn is_bidi_formatting(cp: u32) -> bool {
    // all of them lie in U+061C..=U+2069: one comparison for nearly every character
    (0x061C..=0x2069).contains(&cp) && tables::BIDI_FORMATTING.contains(&cp)
}

/// Whether a non-ASCII character belongs to a set with the non-ASCII part `wide`.
#[inline]
pub fn wide_ok(cp: u32, wide: Wide) -> bool {
    match wide {
        Wide::None => false,
        Wide::Ucs => is_ucschar(cp) && !is_bidi_formatting(cp),
        Wide::UcsPrivate => (is_ucschar(cp) && !is_bidi_formatting(cp)) || is_iprivate(cp),
    }
}

/// A code point no character warning of `check()` concerns (see the generator).
pub fn is_inert(cp: u32) -> bool {
    let t = tables::INERT;
    // binary search over sorted, disjoint ranges
    let (mut lo, mut hi) = (0usize, t.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        let (a, b) = t[mid];
        if cp < a {
            hi = mid;
        } else if cp > b {
            lo = mid + 1;
        } else {
            return true;
        }
    }
    false
}

/// Whether `cp` is in the right-to-left pre-test of the 4.2 checks (`may_have_rtl`).
pub fn in_rtl_blocks(cp: u32) -> bool {
    tables::RTL_BLOCKS
        .iter()
        .any(|&(lo, hi)| lo <= cp && cp <= hi)
}

/// The bidi class of `cp` as the 4.2 checks tell it: 1 = L, 2 = R or AL, 3 = NSM, 0 other.
pub fn bidi_class(cp: u32) -> u8 {
    let t = tables::BIDI_CLASS;
    let (mut lo, mut hi) = (0usize, t.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        let (a, b, c) = t[mid];
        if cp < a {
            hi = mid;
        } else if cp > b {
            lo = mid + 1;
        } else {
            return c;
        }
    }
    0
}

/// Decode the character whose UTF-8 starts at `i` (a char boundary of a `&str`):
/// its code point and its length in bytes.
#[inline]
pub fn decode(s: &[u8], i: usize) -> (u32, usize) {
    let b0 = s[i] as u32;
    if b0 < 0x80 {
        (b0, 1)
    } else if b0 < 0xE0 {
        (((b0 & 0x1F) << 6) | (s[i + 1] as u32 & 0x3F), 2)
    } else if b0 < 0xF0 {
        (
            ((b0 & 0x0F) << 12) | ((s[i + 1] as u32 & 0x3F) << 6) | (s[i + 2] as u32 & 0x3F),
            3,
        )
    } else {
        (
            ((b0 & 0x07) << 18)
                | ((s[i + 1] as u32 & 0x3F) << 12)
                | ((s[i + 2] as u32 & 0x3F) << 6)
                | (s[i + 3] as u32 & 0x3F),
            4,
        )
    }
}

/// The end of the run of characters from `i` that belong to the set (`mask`, `wide`):
/// the possessive `[set]*+` of the Python patterns. `s` is the UTF-8 of a `&str`.
#[inline]
pub fn run(s: &[u8], mut i: usize, mask: u16, wide: Wide) -> usize {
    let n = s.len();
    while i < n {
        let b = s[i];
        if b < 0x80 {
            if !in_class(b, mask) {
                return i;
            }
            i += 1;
        } else {
            let (cp, len) = decode(s, i);
            if !wide_ok(cp, wide) {
                return i;
            }
            i += len;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_matches_std() {
        let text = "aé東😀\u{10FFFD}";
        let s = text.as_bytes();
        let mut i = 0;
        for c in text.chars() {
            let (cp, len) = decode(s, i);
            assert_eq!(cp, c as u32);
            assert_eq!(len, c.len_utf8());
            i += len;
        }
    }

    #[test]
    fn classes() {
        assert!(in_class(b'a', tables::SCHEME_FIRST));
        assert!(!in_class(b'1', tables::SCHEME_FIRST));
        assert!(in_class(b'%', tables::PATH));
        assert!(!in_class(b'%', tables::SCHEME));
        assert!(in_class(b'?', tables::QUERY) && !in_class(b'#', tables::QUERY));
        assert!(!in_class(b':', tables::SEGMENT_NC) && in_class(b'@', tables::SEGMENT_NC));
        assert!(wide_ok(0xE9, Wide::Ucs) && !wide_ok(0x202E, Wide::Ucs));
        assert!(!wide_ok(0xE000, Wide::Ucs) && wide_ok(0xE000, Wide::UcsPrivate));
        assert!(!wide_ok(0xE9, Wide::None));
        assert!(!wide_ok(0xFFFE, Wide::Ucs) && !wide_ok(0x9F, Wide::Ucs));
    }

    #[test]
    fn inert() {
        assert!(is_inert(0xE9)); // é is NFC, starter, LTR
        assert!(!is_inert(0x301)); // combining acute
        assert!(is_inert(0x5D0) && in_rtl_blocks(0x5D0)); // Hebrew alef: 4.2 checks it
        assert_eq!(
            (
                bidi_class(0x5D0),
                bidi_class(0x627),
                bidi_class(b'a' as u32)
            ),
            (2, 2, 1)
        );
        assert_eq!((bidi_class(0x301), bidi_class(b'1' as u32)), (3, 0));
        assert!(!is_inert(0x200D)); // ZWJ
        assert!(!is_inert(0xE000)); // private use
        assert!(!is_inert(0x1161)); // Hangul vowel jamo: composes with a previous L
    }

    #[test]
    fn run_stops() {
        let s = "ab/c?d".as_bytes();
        assert_eq!(run(s, 0, tables::SEGMENT_NC, Wide::Ucs), 2);
        assert_eq!(run(s, 0, tables::PATH, Wide::Ucs), 4);
        assert_eq!(run(s, 0, tables::QUERY, Wide::Ucs), 6);
    }
}
