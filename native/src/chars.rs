//! Character sets of the grammar (RFC 3987 2.2, RFC 3986 Appendix A) and the scanner that
//! runs over one component.
//!
//! ASCII membership is one table lookup (`tables::CLASS`, generated from the Python
//! grammar); a non-ASCII character is decoded from the UTF-8 of the `&str` and tested
//! against `ucschar` / `iprivate`, without the bidi formatting characters (RFC 3987 4.1).

use crate::codeset::{inside, lead_span, CodeSet};
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
    (0x061C..=0x2069).contains(&cp) && tables::BIDI_FORMATTING.binary_search(&cp).is_ok()
}

/// For each byte that starts a UTF-8 sequence of two to four bytes: whether every
/// character it can start is in `ucschar` (with `iprivate` too when `private`) and is no
/// bidi formatting character. Computed at compile time from the generated tables; the
/// scanner then passes such a character without decoding it.
const fn lead_table(private: bool) -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0xC2;
    while b <= 0xF4 {
        // the code points a sequence with this lead byte can encode
        let (lo, hi) = lead_span(b);
        let mut ok =
            inside(lo, hi, tables::UCSCHAR) || (private && inside(lo, hi, tables::IPRIVATE));
        let mut k = 0;
        while k < tables::BIDI_FORMATTING.len() {
            let c = tables::BIDI_FORMATTING[k];
            if lo <= c && c <= hi {
                ok = false;
            }
            k += 1;
        }
        t[b as usize] = ok;
        b += 1;
    }
    t
}

/// [`tables::CLASS`] widened for the scanner of a set whose non-ASCII part is `ucschar`
/// (with `iprivate` when `private`): a continuation byte (0x80-0xBF) and a lead byte of
/// [`lead_table`] belong to every set, any other lead byte to none. A run of such bytes
/// is a run of characters of the set (the text is UTF-8, so a continuation byte only
/// follows a lead byte already passed); a lead byte that stops it is decoded.
const fn wide_class(private: bool) -> [u16; 256] {
    let lead = lead_table(private);
    let mut t = tables::CLASS;
    let mut b = 0x80;
    while b < 256 {
        t[b] = if b < 0xC0 || lead[b] { u16::MAX } else { 0 };
        b += 1;
    }
    t
}

static CLASS_UCS: [u16; 256] = wide_class(false);
static CLASS_UCS_PRIVATE: [u16; 256] = wide_class(true);

/// Whether a non-ASCII character belongs to a set with the non-ASCII part `wide`.
#[inline(always)]
pub fn wide_ok(cp: u32, wide: Wide) -> bool {
    match wide {
        Wide::None => false,
        Wide::Ucs => is_ucschar(cp) && !is_bidi_formatting(cp),
        Wide::UcsPrivate => (is_ucschar(cp) && !is_bidi_formatting(cp)) || is_iprivate(cp),
    }
}

static INERT: CodeSet = CodeSet::new(tables::INERT);
static NFC_READ: CodeSet = CodeSet::new(tables::NFC_READ);
static RTL_BLOCKS: CodeSet = CodeSet::new(tables::RTL_BLOCKS);

/// A code point no character warning of `check()` concerns (see the generator).
#[inline]
pub fn is_inert(cp: u32) -> bool {
    INERT.contains(cp)
}

/// Whether every non-ASCII character of `text` is inert ([`is_inert`]).
pub fn all_inert(text: &str) -> bool {
    INERT.holds_non_ascii(text)
}

/// A code point whose only possible character warning in `check()` is `not-nfc`, told by
/// an NFC check of its component (see the generator; every inert one is such a one).
#[inline]
pub fn is_nfc_read(cp: u32) -> bool {
    NFC_READ.contains(cp)
}

/// Whether `cp` is in the right-to-left pre-test of the 4.2 checks (`may_have_rtl`).
#[inline]
pub fn in_rtl_blocks(cp: u32) -> bool {
    RTL_BLOCKS.contains(cp)
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
#[inline(always)]
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

/// Whether the eight bytes at `i` all belong to the set `mask` of `class` (one bit):
/// one AND of eight lookups and one branch for the block, the common case of a long run.
#[inline(always)]
fn block_in_class(class: &[u16; 256], s: &[u8], i: usize, mask: u16) -> bool {
    let b = &s[i..i + 8];
    (class[b[0] as usize]
        & class[b[1] as usize]
        & class[b[2] as usize]
        & class[b[3] as usize]
        & class[b[4] as usize]
        & class[b[5] as usize]
        & class[b[6] as usize]
        & class[b[7] as usize]
        & mask)
        != 0
}

/// How many of the eight bytes at `i`, from the first, belong to the set `mask` of
/// `class` (8 when all do): found without a branch per byte.
#[inline(always)]
fn block_prefix(class: &[u16; 256], s: &[u8], i: usize, mask: u16) -> usize {
    let mut bits = 0u32;
    for (k, &x) in s[i..i + 8].iter().enumerate() {
        bits |= u32::from(class[x as usize] & mask != 0) << k;
    }
    bits.trailing_ones() as usize
}

/// The end of the run of characters from `i` that belong to the set (`mask`, one bit of
/// `tables::CLASS`, and `wide`): the possessive `[set]*+` of the Python patterns. `s` is
/// the UTF-8 of a `&str`. The bytes are read eight at a time through the class table of
/// `wide` (`wide_class`: most non-ASCII characters pass there without being decoded);
/// a byte that stops a block is either the end (ASCII) or a lead byte whose character
/// is decoded and tested; the last bytes, fewer than eight, one at a time.
#[inline]
pub fn run(s: &[u8], mut i: usize, mask: u16, wide: Wide) -> usize {
    debug_assert!(mask.is_power_of_two());
    let class = match wide {
        Wide::None => &tables::CLASS,
        Wide::Ucs => &CLASS_UCS,
        Wide::UcsPrivate => &CLASS_UCS_PRIVATE,
    };
    let n = s.len();
    loop {
        while i + 8 <= n && block_in_class(class, s, i, mask) {
            i += 8;
        }
        if i + 8 <= n {
            i += block_prefix(class, s, i, mask);
        } else {
            while i < n && class[s[i] as usize] & mask != 0 {
                i += 1;
            }
        }
        if i >= n || s[i] < 0x80 {
            return i.min(n);
        }
        let (cp, len) = decode(s, i);
        if !wide_ok(cp, wide) {
            return i;
        }
        i += len;
    }
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
    fn lead_bytes_agree_with_decoding() {
        const LEAD_UCS: [bool; 256] = lead_table(false);
        const LEAD_UCS_PRIVATE: [bool; 256] = lead_table(true);
        // a lead byte marked whole: every character it starts passes `wide_ok`
        for cp in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
            let mut buf = [0u8; 4];
            let lead = cp.encode_utf8(&mut buf).as_bytes()[0] as usize;
            for (table, wide) in [
                (&LEAD_UCS, Wide::Ucs),
                (&LEAD_UCS_PRIVATE, Wide::UcsPrivate),
            ] {
                if table[lead] {
                    assert!(wide_ok(cp as u32, wide), "{:X}", cp as u32);
                }
            }
        }
        assert!(LEAD_UCS[0xCE] && LEAD_UCS[0xE6] && !LEAD_UCS[0xC2] && !LEAD_UCS[0xE2]);
        assert!(!LEAD_UCS[0xEE] && LEAD_UCS_PRIVATE[0xEE]);
        assert_eq!(CLASS_UCS[b'a' as usize], tables::CLASS[b'a' as usize]);
        assert!(CLASS_UCS[0x80] == u16::MAX && CLASS_UCS[0xC2] == 0 && CLASS_UCS[0xCE] == u16::MAX);
    }

    #[test]
    fn run_across_characters() {
        // the end is the first character outside the set, wherever the blocks fall
        let text = "aé東😀\u{80}b";
        for k in 0..12 {
            let t = format!("{}{text}", "x".repeat(k));
            let s = t.as_bytes();
            let stop = t.find('\u{80}').expect("a C1 control");
            assert_eq!(run(s, 0, tables::PATH, Wide::Ucs), stop, "{k}");
            assert_eq!(run(s, 0, tables::PATH, Wide::None), k + 1, "{k}");
            let bidi = format!("{}a\u{200F}b", "y".repeat(k));
            assert_eq!(run(bidi.as_bytes(), 0, tables::PATH, Wide::Ucs), k + 1);
            let private = format!("{}a\u{E000}b", "y".repeat(k));
            assert_eq!(run(private.as_bytes(), 0, tables::QUERY, Wide::Ucs), k + 1);
            assert_eq!(
                run(private.as_bytes(), 0, tables::QUERY, Wide::UcsPrivate),
                private.len()
            );
        }
    }

    #[test]
    fn run_matches_a_byte_at_a_time_scan() {
        // every start, every length around the eight-byte blocks and the last bytes, every
        // component set: the end of the run is the first byte outside it
        let pool = b"aZ09-._~%!$&'()*+,;=:@/?#[] \"<>^`{|}\x7f";
        for len in 0..40 {
            for seed in 0..pool.len() {
                let s: Vec<u8> = (0..len)
                    .map(|k| pool[(seed + k * 7 + k * k) % pool.len()])
                    .collect();
                for mask in [
                    tables::SCHEME,
                    tables::REG_NAME,
                    tables::USERINFO,
                    tables::PATH,
                    tables::SEGMENT_NC,
                    tables::QUERY,
                    tables::FRAGMENT,
                ] {
                    for start in 0..=len {
                        let want = start
                            + s[start..]
                                .iter()
                                .take_while(|&&b| in_class(b, mask))
                                .count();
                        assert_eq!(run(&s, start, mask, Wide::None), want, "{s:?} {start}");
                    }
                }
            }
        }
    }

    #[test]
    fn run_stops() {
        let s = "ab/c?d".as_bytes();
        assert_eq!(run(s, 0, tables::SEGMENT_NC, Wide::Ucs), 2);
        assert_eq!(run(s, 0, tables::PATH, Wide::Ucs), 4);
        assert_eq!(run(s, 0, tables::QUERY, Wide::Ucs), 6);
    }
}
