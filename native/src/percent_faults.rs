//! The faulty percent-encodings outside the host, as `iri.syntax.should.
//! percent_encoding_warnings` finds them, for [`crate::faults`]: lowercase hex digits
//! (RFC 3986 2.1), encoded unreserved octets (2.3), runs of octets that are not UTF-8 or
//! are overlong (RFC 3987 3.2, RFC 3629).

use crate::faults::stand_in_for;
use crate::found::Fault;
use crate::tables::{CLASS, UNRESERVED};
use crate::triplet;

/// The parts of `octets` that are not UTF-8, as `iri.syntax.percent.utf8_errors` reads
/// them: (index, length, overlong). The octets a UTF-8 decoder rejects (RFC 3629; Rust's
/// and CPython's reject the same ones: each ill-formed subsequence, byte by byte); a
/// rejected octet and the rejected continuation octets (80-BF) right after it form one
/// part, an overlong one when it starts with C0/C1, E0 80-9F or F0 80-8F.
/// At most `cap` + 1 parts are read (the caller gives up beyond `cap`).
fn utf8_errors(octets: &[u8], cap: usize) -> Vec<(usize, usize, bool)> {
    let mut out: Vec<(usize, usize, bool)> = Vec::new();
    let mut at = 0;
    while at < octets.len() && out.len() <= cap {
        let (bad, len) = match std::str::from_utf8(&octets[at..]) {
            Ok(_) => break,
            Err(e) => (
                at + e.valid_up_to(),
                e.error_len().unwrap_or(octets.len() - at - e.valid_up_to()),
            ),
        };
        for i in bad..bad + len {
            let byte = octets[i];
            match out.last_mut() {
                Some(last) if last.0 + last.1 == i && (0x80..=0xBF).contains(&byte) => last.1 += 1,
                _ => {
                    let next = octets.get(i + 1).copied().unwrap_or(0);
                    let overlong = matches!(byte, 0xC0 | 0xC1)
                        || (byte == 0xE0 && (0x80..=0x9F).contains(&next))
                        || (byte == 0xF0 && (0x80..=0x8F).contains(&next));
                    out.push((i, 1, overlong));
                }
            }
        }
        at = bad + len;
    }
    out
}

/// Each byte of a faulty triplet written as its stand-in ([`stand_in_for`]).
fn stand_in(triplets: &mut [u8]) {
    for b in triplets {
        *b = stand_in_for(*b);
    }
}

/// The faulty percent-encodings of `s` (a valid text: every "%" starts a triplet), as
/// `percent_encoding_warnings` finds them run by run: (byte start, byte end, fault), and
/// the replaced text written into `fixed` (see [`crate::faults`]). `None` past `most` of
/// them (what is left of the text's `found::PLACES_MAX`: Python's to count), found
/// without reading further.
pub(crate) fn percent_faults(
    s: &[u8],
    fixed: &mut [u8],
    most: usize,
) -> Option<Vec<(usize, usize, Fault)>> {
    let mut out = Vec::new();
    let text = |a: usize, b: usize| String::from_utf8_lossy(&s[a..b]).into_owned();
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'%', &s[i..]) {
        let start = i + k;
        let mut end = start;
        let mut octets = Vec::new();
        while let Some(octet) = triplet::octet_at(s, end) {
            octets.push(octet);
            end += 3;
        }
        if end == start {
            i = start + 1; // not a triplet: the text is not valid, never reached
            continue;
        }
        for (n, &byte) in octets.iter().enumerate() {
            let p = start + 3 * n;
            if s[p + 1..p + 3].iter().any(u8::is_ascii_lowercase) {
                out.push((p, p + 3, Fault::Lowercase(text(p, p + 3))));
                fixed[p + 1..p + 3].make_ascii_uppercase();
            }
            if byte < 0x80 && CLASS[byte as usize] & UNRESERVED != 0 {
                out.push((p, p + 3, Fault::Unreserved(text(p, p + 3), byte)));
                stand_in(&mut fixed[p..p + 3]);
            }
            if out.len() > most {
                return None;
            }
        }
        let errors = utf8_errors(&octets, most - out.len());
        if out.len() + errors.len() > most {
            return None;
        }
        for (n, len, overlong) in errors {
            let (p, q) = (start + 3 * n, start + 3 * (n + len));
            out.push((p, q, Fault::NotUtf8(text(p, q), overlong)));
            stand_in(&mut fixed[p..q]);
        }
        i = end;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_errors_as_python_reads_them() {
        // iri.syntax.percent.utf8_errors's own examples
        assert_eq!(
            utf8_errors(&[0x61, 0xC0, 0xAF, 0x62, 0xE9], 99),
            [(1, 2, true), (4, 1, false)]
        );
        assert_eq!(utf8_errors(&[0xED, 0xA0, 0x80], 99), [(0, 3, false)]);
        assert_eq!(utf8_errors("é".as_bytes(), 99), []);
        assert_eq!(utf8_errors(&[0xE0, 0x80, 0x80], 99), [(0, 3, true)]);
        assert_eq!(utf8_errors(&[0xF0, 0x8F, 0xBF, 0xBF], 99), [(0, 4, true)]);
        assert_eq!(utf8_errors(&[0xC3, 0xC3, 0xA9], 99), [(0, 1, false)]);
        assert_eq!(utf8_errors(&[0xE2, 0x82], 99), [(0, 2, false)]); // cut short at the end
        assert_eq!(
            utf8_errors(&[0x80, 0x80, 0x41, 0x80], 99),
            [(0, 2, false), (3, 1, false)]
        );
        assert_eq!(utf8_errors(&[0xFF; 1000], 3).len(), 4); // at most cap + 1 read
    }
}
