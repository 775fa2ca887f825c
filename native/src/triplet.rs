//! One pct-encoded triplet, "%" HEXDIG HEXDIG (RFC 3986 2.1): whether one starts at a
//! byte, and the octet it encodes. What the decoder (`convert`), the warnings of `clean`
//! and the faults of `faults` read escapes with.

use crate::block::Stops;
use crate::tables::{CLASS, HEXDIG};

/// The value of a hex digit (`0-9`, `a-f`, `A-F`; any other byte is not asked).
fn hexval(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        _ => b - b'A' + 10,
    }
}

/// The octet of the triplet `e` (three bytes, known to be one).
pub fn octet(e: &[u8]) -> u8 {
    (hexval(e[1]) << 4) | hexval(e[2])
}

/// The search for the next "%": sixteen bytes at a time, inline ([`Stops`] with one
/// byte; a call of `memchr` cost `is_valid` 4-5 % on `web` and `mixed`, one thread, on
/// texts of some 60 bytes, and one call per "%" most of its time on escaped paths).
pub const PERCENT: Stops = Stops::bytes(b"%");

/// Whether `s` holds a "%" ([`PERCENT`]).
#[inline]
pub fn holds_percent(s: &[u8]) -> bool {
    PERCENT.find(s, 0) < s.len()
}

/// Whether a triplet starts at byte `i` of `s` (two lookups in the class table: the
/// validator's hot path).
#[inline]
pub fn at(s: &[u8], i: usize) -> bool {
    i + 2 < s.len()
        && s[i] == b'%'
        && CLASS[s[i + 1] as usize] & HEXDIG != 0
        && CLASS[s[i + 2] as usize] & HEXDIG != 0
}

/// The octet of the triplet at byte `i` of `s`, or `None` when none starts there.
#[inline]
pub fn octet_at(s: &[u8], i: usize) -> Option<u8> {
    at(s, i).then(|| octet(&s[i..i + 3]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triplets() {
        assert_eq!(octet_at(b"a%2fb", 1), Some(0x2F));
        assert_eq!(octet_at(b"%C3%a9", 3), Some(0xA9));
        assert_eq!(octet_at(b"%2", 0), None);
        assert_eq!(octet_at(b"%zz", 0), None);
        assert_eq!(octet_at(b"a%41", 0), None);
        assert_eq!(octet_at(b"%41", 1), None);
    }
}
