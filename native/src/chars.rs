//! Character sets of the grammar (RFC 3987 2.2, RFC 3986 Appendix A) and the scanner that
//! runs over one component.
//!
//! ASCII membership is one table lookup (`tables::CLASS`, generated from the Python
//! grammar); a non-ASCII character is decoded from the UTF-8 of the `&str` and tested
//! against `ucschar` / `iprivate`, without the bidi formatting characters (RFC 3987 4.1).

use crate::block::{classified, Bits, Stops, WithBits};
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

/// Whether a bidi formatting character lies in `lo..=hi` (at compile time).
const fn formatting_in(lo: u32, hi: u32) -> bool {
    let mut k = 0;
    while k < tables::BIDI_FORMATTING.len() {
        let c = tables::BIDI_FORMATTING[k];
        if lo <= c && c <= hi {
            return true;
        }
        k += 1;
    }
    false
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
        t[b as usize] = (inside(lo, hi, tables::UCSCHAR)
            || (private && inside(lo, hi, tables::IPRIVATE)))
            && !formatting_in(lo, hi);
        b += 1;
    }
    t
}

/// The one character outside the set (`ucschar`, with `iprivate` when `private`, without
/// the bidi formatting characters) that the two-byte lead byte `b` (0xC2-0xDF) can start,
/// as its second byte; `None` when it can start none or several.
const fn lone_outsider(b: u32, private: bool) -> Option<u8> {
    let (lo, hi) = lead_span(b);
    let mut found = None;
    let mut cp = lo;
    while cp <= hi {
        let ucs = inside(cp, cp, tables::UCSCHAR) || (private && inside(cp, cp, tables::IPRIVATE));
        if !ucs || formatting_in(cp, cp) {
            if found.is_some() {
                return None;
            }
            found = Some(0x80 | (cp & 0x3F) as u8);
        }
        cp += 1;
    }
    found
}

/// [`tables::CLASS`] widened for the scanner of a set whose non-ASCII part is `ucschar`
/// (with `iprivate` when `private`): a continuation byte (0x80-0xBF) and a lead byte of
/// [`lead_table`] belong to every set, any other lead byte to none. A run of such bytes
/// is a run of characters of the set (the text is UTF-8, so a continuation byte only
/// follows a lead byte already passed); a lead byte that stops it is decoded.
///
/// A two-byte lead byte that can start one character outside the set belongs to every
/// set too, and that character's second byte to none ([`lone_outsider`]: 0xD8 and 0x9C,
/// for U+061C ARABIC LETTER MARK among the Arabic letters): every character outside the
/// set still holds a byte that stops the run, and a continuation byte that stops it is
/// decoded from its character's lead byte ([`scan`]).
const fn wide_class(private: bool) -> [u16; 256] {
    let lead = lead_table(private);
    let mut t = tables::CLASS;
    let mut b = 0x80;
    while b < 256 {
        t[b] = if b < 0xC0 || lead[b] { u16::MAX } else { 0 };
        b += 1;
    }
    let mut b = 0xC2;
    while b <= 0xDF {
        if !lead[b] {
            if let Some(second) = lone_outsider(b as u32, private) {
                t[b] = u16::MAX;
                t[second as usize] = 0;
            }
        }
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
static REPR_PLAIN: CodeSet = CodeSet::new(tables::REPR_PLAIN);

/// Whether Python's `repr` of `text` is `text` between quotes: every character printable
/// (`str.isprintable`: `tables::REPR_PLAIN` past ASCII) and neither `\` nor `"` (the
/// quote `repr` picks is then `"` when `text` holds a `'`, else `'`).
pub fn repr_plain(text: &str) -> bool {
    text.chars().all(|c| match c {
        '\\' | '"' => false,
        ' '..='~' => true,
        c => c as u32 >= 0x80 && REPR_PLAIN.contains(c as u32),
    })
}

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

/// The class table of the scanner of a set with the non-ASCII part `wide` (numbered as
/// the const parameter of [`scan`]: 0 `None`, 1 `Ucs`, 2 `UcsPrivate`).
const fn class_of(wide: usize) -> &'static [u16; 256] {
    match wide {
        0 => &tables::CLASS,
        1 => &CLASS_UCS,
        _ => &CLASS_UCS_PRIVATE,
    }
}

/// The end of the run of characters from `i` that belong to the set (`MASK`, one bit of
/// `tables::CLASS`, and `wide`): the possessive `[set]*+` of the Python patterns; and
/// whether a "%" lies in the run (read in the same blocks: the validator then checks the
/// escapes of a text that has one, without a search of its own). `s` is the UTF-8 of a
/// `&str`.
#[inline]
pub fn run<const MASK: u16>(s: &[u8], i: usize, wide: Wide) -> (usize, bool) {
    match wide {
        Wide::None => scan::<MASK, 0>(s, i),
        Wide::Ucs => scan::<MASK, 1>(s, i),
        Wide::UcsPrivate => scan::<MASK, 2>(s, i),
    }
}

/// The lead byte of the character whose continuation byte is at `i` (rare: the stops of
/// `wide_class` in the middle of a character).
#[cold]
#[inline(never)]
fn char_start(s: &[u8], mut i: usize) -> usize {
    while s[i] & 0xC0 == 0x80 {
        i -= 1;
    }
    i
}

/// [`run`] for one set: [`scan_with`] inside its own dispatch ([`classified`]: the run
/// and the characters it decodes in one call; the run's end and its "%" are all it gives
/// back).
fn scan<const MASK: u16, const WIDE: usize>(s: &[u8], i: usize) -> (usize, bool) {
    struct Scan<'a, const MASK: u16, const WIDE: usize> {
        s: &'a [u8],
        i: usize,
    }
    impl<const MASK: u16, const WIDE: usize> WithBits for Scan<'_, MASK, WIDE> {
        type Output = (usize, bool);
        #[inline(always)]
        fn with<B: Bits>(self, bits: B) -> (usize, bool) {
            scan_with::<B, MASK, WIDE>(bits, self.s, self.i)
        }
    }
    classified(Scan::<MASK, WIDE> { s, i })
}

/// The run of one set (`MASK`, and `WIDE` as numbered in [`class_of`]) from `i`, its
/// blocks read through `bits` ([`Stops::find_noting`]) with the class table of `WIDE`
/// (`wide_class`: most non-ASCII characters pass there without being decoded). A byte that
/// stops them is either the end (ASCII) or a byte of a character that is decoded and
/// tested: a lead byte, or a continuation byte of `wide_class`. Beside the end, whether
/// a "%" lies in the run ([`Stops::find_noting`]).
#[inline(always)]
fn scan_with<B: Bits, const MASK: u16, const WIDE: usize>(
    bits: B,
    s: &[u8],
    mut i: usize,
) -> (usize, bool) {
    let stops: &Stops = const { &Stops::of(class_of(WIDE), MASK) };
    let wide = match WIDE {
        0 => Wide::None,
        1 => Wide::Ucs,
        _ => Wide::UcsPrivate,
    };
    let n = s.len();
    let mut percent = false;
    loop {
        let (stop, noted) = stops.find_noting(bits, s, i, b'%');
        percent |= noted;
        i = stop;
        if i >= n || s[i] < 0x80 {
            return (i, percent);
        }
        // a continuation byte that stops the run (`wide_class`): its character starts at
        // the lead byte before it, inside the run (which starts at a character's boundary;
        // the bytes passed up to it are not "%")
        let lead = if s[i] >= 0xC0 { i } else { char_start(s, i) };
        let (cp, len) = decode(s, lead);
        if !wide_ok(cp, wide) {
            return (lead, percent);
        }
        i = lead + len;
    }
}

/// How a reader of the grammar ([`crate::validate::grammar_by`]) runs over its sets: one
/// dispatch per run ([`Dispatched`], for a caller that reads one text), or with the
/// [`Bits`] of a dispatch that the caller runs already ([`Within`]: a column's rows, all
/// inside one, the grammar inlined there whole).
pub trait Scanner: Copy {
    /// The end of the run of the set (`MASK`, `wide`) from `i`, and whether a "%" lies
    /// in it: [`run`].
    fn run<const MASK: u16>(self, s: &[u8], i: usize, wide: Wide) -> (usize, bool);
}

/// Each run in its own dispatch: [`run`].
#[derive(Clone, Copy)]
pub struct Dispatched;

impl Scanner for Dispatched {
    #[inline(always)]
    fn run<const MASK: u16>(self, s: &[u8], i: usize, wide: Wide) -> (usize, bool) {
        run::<MASK>(s, i, wide)
    }
}

/// Each run through the `Bits` of the dispatch the caller is in.
#[derive(Clone, Copy)]
pub struct Within<B>(pub B);

impl<B: Bits> Scanner for Within<B> {
    #[inline(always)]
    fn run<const MASK: u16>(self, s: &[u8], i: usize, wide: Wide) -> (usize, bool) {
        match wide {
            Wide::None => scan_with::<B, MASK, 0>(self.0, s, i),
            Wide::Ucs => scan_with::<B, MASK, 1>(self.0, s, i),
            Wide::UcsPrivate => scan_with::<B, MASK, 2>(self.0, s, i),
        }
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
        assert!(is_inert(0x5D0)); // Hebrew alef (which the 4.2 checks read: bidi_class)
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
        assert!(LEAD_UCS[0xED] && !LEAD_UCS[0xD8]);
    }

    #[test]
    fn every_character_outside_holds_a_stop() {
        // the scanner's tables are sound: a character all of whose bytes a widened class
        // passes is in the set
        for (class, wide) in [
            (&CLASS_UCS, Wide::Ucs),
            (&CLASS_UCS_PRIVATE, Wide::UcsPrivate),
        ] {
            for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
                let mut buf = [0u8; 4];
                let bytes = c.encode_utf8(&mut buf).as_bytes();
                if bytes.iter().all(|&b| class[b as usize] == u16::MAX) {
                    assert!(wide_ok(c as u32, wide), "U+{:04X}", c as u32);
                }
            }
        }
        // the Arabic letters and Hangul pass undecoded; U+061C and U+0080 do not
        assert!(CLASS_UCS[0xD8] == u16::MAX && CLASS_UCS[0x9C] == 0);
        assert!(CLASS_UCS[0xED] == u16::MAX && CLASS_UCS[0xC2] == 0);
    }

    #[test]
    fn run_across_characters() {
        // the end is the first character outside the set, wherever the blocks fall
        let text = "aé東😀\u{80}b";
        for k in 0..12 {
            let t = format!("{}{text}", "x".repeat(k));
            let s = t.as_bytes();
            let stop = t.find('\u{80}').expect("a C1 control");
            assert_eq!(run::<{ tables::PATH }>(s, 0, Wide::Ucs).0, stop, "{k}");
            assert_eq!(run::<{ tables::PATH }>(s, 0, Wide::None).0, k + 1, "{k}");
            let bidi = format!("{}a\u{200F}b", "y".repeat(k));
            assert_eq!(
                run::<{ tables::PATH }>(bidi.as_bytes(), 0, Wide::Ucs).0,
                k + 1
            );
            let private = format!("{}a\u{E000}b", "y".repeat(k));
            assert_eq!(
                run::<{ tables::QUERY }>(private.as_bytes(), 0, Wide::Ucs).0,
                k + 1
            );
            assert_eq!(
                run::<{ tables::QUERY }>(private.as_bytes(), 0, Wide::UcsPrivate).0,
                private.len()
            );
        }
    }

    /// [`run`] with the set named at run time (the tests loop over the sets).
    fn run_any(s: &[u8], i: usize, mask: u16, wide: Wide) -> (usize, bool) {
        match mask {
            tables::SCHEME => run::<{ tables::SCHEME }>(s, i, wide),
            tables::REG_NAME => run::<{ tables::REG_NAME }>(s, i, wide),
            tables::USERINFO => run::<{ tables::USERINFO }>(s, i, wide),
            tables::PATH => run::<{ tables::PATH }>(s, i, wide),
            tables::SEGMENT_NC => run::<{ tables::SEGMENT_NC }>(s, i, wide),
            tables::QUERY => run::<{ tables::QUERY }>(s, i, wide),
            tables::FRAGMENT => run::<{ tables::FRAGMENT }>(s, i, wide),
            _ => unreachable!("not a component set"),
        }
    }

    #[test]
    fn run_matches_a_character_at_a_time_scan() {
        // every start, every length around the sixteen-byte blocks and the last bytes,
        // every component set and non-ASCII part: the end of the run is the first
        // character outside it (ASCII: the class table; else `wide_ok`); and whether a
        // "%" lies before it, in the run
        let pool: Vec<char> = "aZ09-._~%!$&'()*+,;=:@/?#[] \"<>^`{|}\x7f\0é東😀\u{80}\u{200F}\u{E000}\u{FFFE}\u{E0001}\u{1F600}\u{061C}\u{2066}\u{10FFFD}\u{627}\u{61B}\u{61D}\u{71C}\u{4E1C}\u{1F61C}\u{D55C}\u{D7FB}\u{E01EF}"
            .chars()
            .collect();
        for len in 0..40 {
            for seed in 0..pool.len() {
                let text: String = (0..len)
                    .map(|k| pool[(seed + k * 7 + k * k) % pool.len()])
                    .collect();
                let s = text.as_bytes();
                for mask in [
                    tables::SCHEME,
                    tables::REG_NAME,
                    tables::USERINFO,
                    tables::PATH,
                    tables::SEGMENT_NC,
                    tables::QUERY,
                    tables::FRAGMENT,
                ] {
                    for wide in [Wide::None, Wide::Ucs, Wide::UcsPrivate] {
                        for (start, _) in text.char_indices() {
                            let want = text[start..]
                                .char_indices()
                                .find(|&(_, c)| {
                                    if c.is_ascii() {
                                        !in_class(c as u8, mask)
                                    } else {
                                        !wide_ok(c as u32, wide)
                                    }
                                })
                                .map_or(s.len(), |(k, _)| start + k);
                            let percent = s[start..want].contains(&b'%');
                            assert_eq!(
                                run_any(s, start, mask, wide),
                                (want, percent),
                                "{text:?} {start}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn run_stops() {
        let s = "ab/c?d".as_bytes();
        assert_eq!(run::<{ tables::SEGMENT_NC }>(s, 0, Wide::Ucs), (2, false));
        assert_eq!(run::<{ tables::PATH }>(s, 0, Wide::Ucs), (4, false));
        assert_eq!(run::<{ tables::QUERY }>(s, 0, Wide::Ucs), (6, false));
        let s = "a%41/%".as_bytes();
        assert_eq!(run::<{ tables::SEGMENT_NC }>(s, 0, Wide::Ucs), (4, true));
        assert_eq!(run::<{ tables::SEGMENT_NC }>(s, 4, Wide::Ucs), (4, false));
        assert_eq!(run::<{ tables::SCHEME }>(s, 0, Wide::None), (1, false));
        // a "%" at every place of runs across several blocks, and none after it
        for len in 1..60 {
            for at in 0..len {
                let mut t = vec![b'a'; len];
                t[at] = b'%';
                t.extend_from_slice(b"#%");
                let path = |i| run::<{ tables::PATH }>(&t, i, Wide::Ucs);
                assert_eq!(path(0), (len, true), "{len} {at}");
                assert_eq!(path(at + 1), (len, false), "{len} {at}");
            }
        }
    }
}
