//! The pre-test of `clean` on the non-ASCII characters of a text: whether any is outside
//! `INERT` (then it must be in `NFC_READ`, and its component is asked for NFC), and whether
//! any is in the right-to-left blocks (then the 4.2 checks run).
//!
//! Most characters of real text need no decoding for that: every character that some lead
//! bytes start is inert and outside the right-to-left blocks (Latin-1 and Latin Extended,
//! Cyrillic, most CJK ideographs and Hangul syllables). Such bytes, ASCII and the
//! continuation bytes are passed sixteen at a time ([`crate::block`]), from a table
//! computed at compile time from the generated ranges; a character with another lead byte
//! is decoded and tested.

use crate::bidi_class::in_rtl_blocks;
use crate::block::{classified, Bits, Stops, WithBits};
use crate::chars::{decode, is_inert, is_nfc_read};
use crate::codeset::{inside, lead_span, touches};
use crate::tables;

/// What the non-ASCII characters of a text ask of `clean`, when none rules it out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asks {
    /// Some character is not inert (it is in `NFC_READ`): its component must be in NFC.
    pub nfc_read: bool,
    /// Some character is in the right-to-left blocks.
    pub rtl: bool,
}

/// Bit 0 set for the bytes passed without decoding: ASCII, continuation bytes, and each
/// lead byte (0xC2-0xF4) all of whose characters are inert and outside the right-to-left
/// blocks. The bytes no UTF-8 text holds (0xC0, 0xC1, 0xF5-0xFF) are stops.
const fn passed() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 0xC0 {
        t[b] = 1;
        b += 1;
    }
    let mut b = 0xC2;
    while b <= 0xF4 {
        let (lo, hi) = lead_span(b);
        if inside(lo, hi, tables::INERT) && !touches(lo, hi, tables::RTL_BLOCKS) {
            t[b as usize] = 1;
        }
        b += 1;
    }
    t
}

static STOPS: Stops = Stops::of(&passed(), 1);

/// The pre-test on `text`: `None` when a character is neither inert nor in `NFC_READ`
/// (`clean` then asks Python), else what the characters ask.
pub fn characters(text: &str) -> Option<Asks> {
    struct Scan<'a> {
        s: &'a [u8],
    }
    impl WithBits for Scan<'_> {
        type Output = Option<Asks>;
        #[inline(always)]
        fn with<B: Bits>(self, bits: B) -> Option<Asks> {
            let (s, mut i) = (self.s, 0);
            let mut asks = Asks::default();
            loop {
                i = STOPS.find_with(bits, s, i);
                if i >= s.len() {
                    return Some(asks);
                }
                let (cp, len) = decode(s, i);
                if !is_inert(cp) {
                    if !is_nfc_read(cp) {
                        return None;
                    }
                    asks.nfc_read = true;
                }
                asks.rtl |= in_rtl_blocks(cp);
                i += len;
            }
        }
    }
    classified(Scan { s: text.as_bytes() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pre-test as it reads on characters: every one decoded.
    fn by_characters(text: &str) -> Option<Asks> {
        let mut asks = Asks::default();
        for c in text.chars().filter(|c| !c.is_ascii()) {
            let cp = c as u32;
            if !is_inert(cp) {
                if !is_nfc_read(cp) {
                    return None;
                }
                asks.nfc_read = true;
            }
            asks.rtl |= in_rtl_blocks(cp);
        }
        Some(asks)
    }

    #[test]
    fn passed_leads_are_inert_and_left_to_right() {
        let t = passed();
        for b in 0xC2..=0xF4u32 {
            if t[b as usize] == 0 {
                continue;
            }
            let (lo, hi) = lead_span(b);
            for cp in (lo..=hi).filter(|&cp| char::from_u32(cp).is_some()) {
                assert!(is_inert(cp) && !in_rtl_blocks(cp), "{b:#x}: U+{cp:04X}");
            }
        }
        // the common scripts pass: Latin-1, Cyrillic, CJK
        assert!([0xC3, 0xD0, 0xE6].iter().all(|&b| t[b] == 1));
    }

    #[test]
    fn agrees_with_the_characters() {
        // one character of every lead byte's span (first, middle, last), plus some that
        // stop the pre-test or set its flags, placed at every offset of a block
        let mut sample: Vec<char> = (0xC2..=0xF4u32)
            .flat_map(|b| {
                let (lo, hi) = lead_span(b);
                [lo, (lo + hi) / 2, hi]
            })
            .filter_map(char::from_u32)
            .collect();
        sample.extend([
            '\u{301}', '\u{5D0}', '\u{627}', '\u{200D}', '\u{E000}', 'a', '/',
        ]);
        for &c in &sample {
            for pad in 0..20 {
                for tail in ["", "x", "\u{E9}", "\u{5D0}", "\u{301}"] {
                    let text = format!("{}{c}{tail}", "a".repeat(pad));
                    assert_eq!(characters(&text), by_characters(&text), "{text:?}");
                }
            }
        }
        for a in &sample {
            for b in &sample {
                let text = format!("http://h/{a}{b}{a}0123456789abcdef{b}");
                assert_eq!(characters(&text), by_characters(&text), "{text:?}");
            }
        }
    }
}
