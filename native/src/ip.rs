//! IP literals: RFC 3986 3.2.2 (`IP-literal`, `IPv6address`, `IPvFuture`, `IPv4address`)
//! and RFC 6874 2 (`IPv6addrz`). Each function reads the bytes between "[" and "]".

use crate::chars::in_class;
use crate::tables;

/// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
fn dec_octet(s: &[u8]) -> bool {
    match s.len() {
        1 => s[0].is_ascii_digit(),
        2 => (b'1'..=b'9').contains(&s[0]) && s[1].is_ascii_digit(),
        3 => {
            if !(s.iter().all(u8::is_ascii_digit)) {
                return false;
            }
            match s[0] {
                b'1' => true,
                b'2' => s[1] < b'5' || (s[1] == b'5' && s[2] <= b'5'),
                _ => false,
            }
        }
        _ => false,
    }
}

/// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
pub fn ipv4(s: &[u8]) -> bool {
    let mut parts = 0;
    for part in s.split(|&b| b == b'.') {
        parts += 1;
        if parts > 4 || !dec_octet(part) {
            return false;
        }
    }
    parts == 4
}

/// h16 = 1*4HEXDIG
fn h16(s: &[u8]) -> bool {
    !s.is_empty() && s.len() <= 4 && s.iter().all(u8::is_ascii_hexdigit)
}

/// The 16-bit units of `pieces` (h16 separated by ":"), the last of which may be an
/// IPv4address (two units) when `ls32_last`; `None` when a piece is malformed.
fn units(s: &[u8], ls32_last: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let mut count = 0;
    let mut pieces = s.split(|&b| b == b':').peekable();
    while let Some(piece) = pieces.next() {
        let last = pieces.peek().is_none();
        if h16(piece) {
            count += 1;
        } else if last && ls32_last && ipv4(piece) {
            count += 2;
        } else {
            return None;
        }
    }
    Some(count)
}

/// IPv6address (RFC 3986 3.2.2): the nine alternatives of the ABNF come to this: without
/// "::", exactly 8 units (`6( h16 ":" ) ls32`); with one "::", at most 7 units on its two
/// sides together, where an IPv4address counts 2 and may only be last.
pub fn ipv6(s: &[u8]) -> bool {
    match s.windows(2).position(|w| w == b"::") {
        None => units(s, true) == Some(8),
        Some(p) => {
            let (left, right) = (&s[..p], &s[p + 2..]);
            let Some(l) = units(left, false) else {
                return false;
            };
            let Some(r) = units(right, true) else {
                return false;
            };
            l + r <= 7
        }
    }
}

/// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )   ("v" in any case)
pub fn ipvfuture(s: &[u8]) -> bool {
    if s.len() < 4 || (s[0] != b'v' && s[0] != b'V') {
        return false;
    }
    let mut i = 1;
    while i < s.len() && s[i].is_ascii_hexdigit() {
        i += 1;
    }
    if i == 1 || i >= s.len() || s[i] != b'.' {
        return false;
    }
    let rest = &s[i + 1..];
    !rest.is_empty()
        && rest
            .iter()
            .all(|&b| b == b':' || in_class(b, tables::UNRESERVED | tables::SUB_DELIMS))
}

/// IPv6addrz = IPv6address "%25" ZoneID; ZoneID = 1*( unreserved / pct-encoded )  (RFC 6874 2)
pub fn ipv6addrz(s: &[u8]) -> bool {
    let Some(p) = s.iter().position(|&b| b == b'%') else {
        return false;
    };
    if !s[p..].starts_with(b"%25") || !ipv6(&s[..p]) {
        return false;
    }
    let zone = &s[p + 3..];
    if zone.is_empty() {
        return false;
    }
    let mut i = 0;
    while i < zone.len() {
        if zone[i] == b'%' {
            if i + 2 < zone.len()
                && zone[i + 1].is_ascii_hexdigit()
                && zone[i + 2].is_ascii_hexdigit()
            {
                i += 3;
            } else {
                return false;
            }
        } else if in_class(zone[i], tables::UNRESERVED) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// The inside of `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, plus IPv6addrz when
/// RFC 6874 zone identifiers are accepted.
pub fn ip_literal(s: &[u8], zone_id: bool) -> bool {
    ipv6(s) || ipvfuture(s) || (zone_id && ipv6addrz(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v6() {
        for ok in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "::ffff:1.2.3.4",
            "1::2:3:4:5:6:7",
            "1:2:3:4:5:6:7::",
            "fe80::1",
            "1:2:3:4:5::1.2.3.4",
            "ABCD:ef01::",
            "1::1.2.3.4",
        ] {
            assert!(ipv6(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "1:2:3:4:5:6:7:8::",
            "::1.2.3.4:1",
            "1.2.3.4::",
            "::256.1.1.1",
            "::01.1.1.1",
            ":1::",
            "1::2:",
            "g::",
            "1:2:3:4:5:6:7::8",
            "::1:2:3:4:5:6:1.2.3.4",
        ] {
            assert!(!ipv6(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn future_and_zone() {
        assert!(ipvfuture(b"v1.x"));
        assert!(ipvfuture(b"VA.a:b!"));
        assert!(!ipvfuture(b"v.x") && !ipvfuture(b"v1.") && !ipvfuture(b"v1x"));
        assert!(ipv6addrz(b"fe80::1%25eth0"));
        assert!(ipv6addrz(b"fe80::1%25%41"));
        assert!(!ipv6addrz(b"fe80::1%25") && !ipv6addrz(b"fe80::1%eth0"));
        assert!(!ipv6addrz(b"fe80::1%25%4") && !ipv6addrz(b"fe80::1%25a%"));
    }

    #[test]
    fn v4() {
        assert!(ipv4(b"0.0.0.0") && ipv4(b"255.255.255.255") && ipv4(b"199.249.100.10"));
        assert!(
            !ipv4(b"256.0.0.0") && !ipv4(b"1.2.3") && !ipv4(b"1.2.3.4.5") && !ipv4(b"00.1.1.1")
        );
    }
}
