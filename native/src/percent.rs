//! Percent-encoding with the named sets (`iri.syntax.percent.encode`): every character a
//! set encodes becomes the `%HH` (uppercase) of its UTF-8 octets, RFC 3987 3.1 step 2,
//! WHATWG URL "UTF-8 percent-encode". The sets are the generated [`ENCODE_SETS`] (from
//! the `EncodeSet` definitions of `iri.syntax.percent.sets`).
//!
//! A `&str` holds no lone surrogate, so the Python cases of U+DC80-DCFF (escaped octets)
//! and of the other lone surrogates (an error) never reach this module: the binding
//! defers them.

use std::borrow::Cow;

use crate::tables::ENCODE_SETS;

/// One named set: the ASCII characters it encodes (bit n = U+00n) and the non-ASCII
/// code point ranges it encodes (sorted, disjoint).
#[derive(Clone, Copy, Debug)]
pub struct EncodeSet {
    pub name: &'static str,
    pub ascii: u128,
    pub non_ascii: &'static [(u32, u32)],
}

/// The set named `name` (the Python name in `iri.syntax.percent.sets`, `NAME.uri` for
/// the URI form), or `None`.
pub fn named(name: &str) -> Option<EncodeSet> {
    ENCODE_SETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(name, ascii, non_ascii)| EncodeSet {
            name,
            ascii,
            non_ascii,
        })
}

impl EncodeSet {
    /// Whether the set encodes the ASCII byte `b` (< 0x80).
    #[inline]
    fn encodes_ascii(&self, b: u8) -> bool {
        b < 0x80 && (self.ascii >> b) & 1 == 1
    }

    /// Whether the set encodes the non-ASCII character `c`.
    fn encodes_non_ascii(&self, c: char) -> bool {
        let cp = u32::from(c);
        self.non_ascii
            .binary_search_by(|&(lo, hi)| {
                if hi < cp {
                    std::cmp::Ordering::Less
                } else if lo > cp {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

fn push_octet(out: &mut String, b: u8) {
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 0x0F)]));
}

fn is_hex(b: Option<&u8>) -> bool {
    b.is_some_and(u8::is_ascii_hexdigit)
}

/// `iri.syntax.percent.encode(text, set, keep_escapes=, space_as_plus=)`: borrowed when
/// nothing is encoded.
pub fn encode<'a>(
    text: &'a str,
    set: &EncodeSet,
    keep_escapes: bool,
    space_as_plus: bool,
) -> Cow<'a, str> {
    let bytes = text.as_bytes();
    // The first byte that changes anything: an ASCII byte to encode (not a kept escape),
    // or the first byte of a non-ASCII character to encode.
    let mut i = 0;
    let first = loop {
        let Some(&b) = bytes.get(i) else {
            return Cow::Borrowed(text);
        };
        if b < 0x80 {
            if set.encodes_ascii(b) {
                if keep_escapes && b == b'%' && is_hex(bytes.get(i + 1)) && is_hex(bytes.get(i + 2))
                {
                    i += 3;
                    continue;
                }
                break i;
            }
            i += 1;
        } else {
            let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
                return Cow::Borrowed(text); // unreachable: i is at a character boundary
            };
            if set.encodes_non_ascii(c) {
                break i;
            }
            i += c.len_utf8();
        }
    };
    let mut out = String::with_capacity(text.len() + text.len() / 2 + 8);
    out.push_str(text.get(..first).unwrap_or_default());
    let rest = text.get(first..).unwrap_or_default();
    let rb = rest.as_bytes();
    let mut chars = rest.char_indices();
    while let Some((at, c)) = chars.next() {
        if c.is_ascii() {
            let b = c as u8; // ASCII: one octet
            if !set.encodes_ascii(b) {
                out.push(c);
            } else if keep_escapes && b == b'%' && is_hex(rb.get(at + 1)) && is_hex(rb.get(at + 2))
            {
                // an existing escape: "%" and its two (ASCII) hex digits, as they are
                out.push('%');
                for _ in 0..2 {
                    if let Some((_, h)) = chars.next() {
                        out.push(h);
                    }
                }
            } else if space_as_plus && b == b' ' {
                out.push('+');
            } else {
                push_octet(&mut out, b);
            }
        } else if set.encodes_non_ascii(c) {
            let mut buf = [0u8; 4];
            for &b in c.encode_utf8(&mut buf).as_bytes() {
                push_octet(&mut out, b);
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(text: &str, set: &str, keep: bool, plus: bool) -> String {
        let s = named(set).expect("a named set");
        encode(text, &s, keep, plus).into_owned()
    }

    #[test]
    fn the_docstring_examples() {
        assert_eq!(enc("a b/é?", "PATH", false, false), "a%20b/%C3%A9%3F");
        assert_eq!(enc("a b/é?", "IPCHAR", false, false), "a%20b%2Fé%3F");
        assert_eq!(enc("a b/é?", "NON_ASCII", false, false), "a b/%C3%A9?");
        assert_eq!(enc("100%25 %zz", "IPCHAR", true, false), "100%25%20%25zz");
        assert_eq!(
            enc("q=a b&c\u{e000}", "IQUERY", false, false),
            "q=a%20b&c\u{e000}"
        );
    }

    #[test]
    fn uri_forms_encode_every_non_ascii_character() {
        assert_eq!(
            enc("é\u{e000}", "IQUERY.uri", false, false),
            "%C3%A9%EE%80%80"
        );
        assert_eq!(
            enc("\u{10FFFF}", "IPCHAR.uri", false, false),
            "%F4%8F%BF%BF"
        );
    }

    #[test]
    fn bidi_formatting_is_encoded_by_the_rfc3987_sets() {
        assert_eq!(enc("a\u{202e}b", "IPATH", false, false), "a%E2%80%AEb");
        assert_eq!(
            enc("a\u{202e}b", "ASCII_BUT_UNRESERVED", false, false),
            "a\u{202e}b"
        );
    }

    #[test]
    fn space_as_plus_and_kept_escapes() {
        assert_eq!(enc("a b+c", "FORM_URLENCODED", false, true), "a+b%2Bc");
        assert_eq!(enc("%41 %4", "FORM_URLENCODED", true, true), "%41+%254");
        assert_eq!(enc("%", "COMPONENT", true, false), "%25");
        assert_eq!(enc("%4", "COMPONENT", true, false), "%254");
        assert_eq!(enc("%4é", "COMPONENT", true, false), "%254%C3%A9");
        assert_eq!(enc("%é1", "COMPONENT", true, false), "%25%C3%A91");
        assert_eq!(enc("%%41", "COMPONENT", true, false), "%25%41");
        assert_eq!(enc("%41", "QUERY", false, false), "%41");
    }

    #[test]
    fn unchanged_text_is_borrowed() {
        let s = named("PATH").expect("PATH");
        assert!(matches!(
            encode("abc/é", &named("IPATH").expect("IPATH"), false, false),
            Cow::Borrowed(_)
        ));
        assert!(matches!(
            encode("abc/d", &s, false, false),
            Cow::Borrowed(_)
        ));
        assert!(matches!(encode("", &s, true, true), Cow::Borrowed(_)));
        assert!(named("nothing").is_none());
    }

    #[test]
    fn every_table_is_sorted_and_disjoint() {
        for &(name, _, ranges) in ENCODE_SETS {
            for w in ranges.windows(2) {
                assert!(w[0].1 < w[1].0, "{name}");
            }
            for &(lo, hi) in ranges {
                assert!(0x80 <= lo && lo <= hi && hi <= 0x10FFFF, "{name}");
            }
        }
    }
}
