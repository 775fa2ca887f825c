//! The DNS syntax of a host name, as `check` reads it (RFC 3986 3.2.2, RFC 1034 3.5,
//! RFC 1123 2.1, RFC 5891 4.2.3.1) and as IDNA's answers are read back (RFC 5890, UTS #46
//! VerifyDnsLength): the name tests of [`crate::clean`] and [`crate::faults`].

use crate::block::Stops;

/// RFC 3986 3.2.2: names "should" have no more than 255 characters (iri DNS_MAX); IDNA
/// (RFC 5891 / UTS #46 VerifyDnsLength) stops at 253, the stricter bound is kept here.
pub(crate) const DNS_MAX: usize = 253;

/// RFC 1034 3.1 / RFC 5890 2.3.2.1: at most 63 octets to a label (iri `MAX_LABEL`).
pub(crate) const MAX_LABEL: usize = 63;

/// One label's frame, its bytes aside: 1 to [`MAX_LABEL`] of them, no hyphen at either end (RFC 1034
/// 3.5, RFC 1123 2.1), and none in the third and fourth positions (RFC 5891 4.2.3.1: an
/// "xn--" A-label or a reserved form, which IDNA must judge) unless `ace` lets an "xn--"
/// label have them.
#[inline]
fn label_frame(label: &[u8], ace: bool) -> bool {
    !label.is_empty()
        && label.len() <= MAX_LABEL
        && label[0] != b'-'
        && label[label.len() - 1] != b'-'
        && (label.get(2..4) != Some(b"--".as_slice()) || (ace && label.starts_with(b"xn--")))
}

/// A label in DNS preferred name syntax: letters, digits, hyphens in [`label_frame`].
pub(crate) fn ldh_label(label: &[u8]) -> bool {
    label_frame(label, false)
        && label
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The DNS syntax of a lowercase ASCII name (no "%") draws no warning (`dns_syntax`), and
/// the name converts through IDNA unchanged (issue 19: `check` warns for a host of a DNS
/// scheme that will not). A final dot (the root label) fails here: `clean` takes it off
/// first. An uppercase letter fails here (`uppercase-host`: the caller tells).
pub(crate) fn dns_ok(host: &[u8]) -> bool {
    if host.len() > DNS_MAX {
        return false;
    }
    // the next byte that is no lowercase letter, digit or hyphen (found sixteen bytes at a
    // time) must be a dot or the end of the name; it ends a label, judged by its frame
    const NOT_LDH: Stops = Stops::of(&LDH, 1);
    let mut start = 0;
    loop {
        let i = NOT_LDH.find(host, start);
        if i < host.len() && host[i] != b'.' {
            return false;
        }
        if !label_frame(&host[start..i], false) {
            return false;
        }
        if i == host.len() {
            return true;
        }
        start = i + 1;
    }
}

/// An ASCII name that [`dns_ok`] refused only for its `xn--` labels: each label as
/// [`dns_ok`] reads it, except that a label starting with `xn--` may have its "--" (at
/// least one does). Whether those are A-labels is then IDNA's to say
/// ([`crate::clean::Clean::IfALabels`]); another form with "--" in positions 3-4
/// (`ab--c`) stays refused.
pub(crate) fn a_label_shape(host: &[u8]) -> bool {
    host.len() <= DNS_MAX
        && host
            .split(|&b| b == b'.')
            .all(|label| label_frame(label, true) && label.iter().all(|&b| LDH[b as usize] != 0))
        && host
            .split(|&b| b == b'.')
            .any(|label| label.starts_with(b"xn--"))
}

/// The bytes of a lowercase label in DNS syntax (bit 0): lowercase letters, digits, the
/// hyphen; a class table, for [`Stops`].
const LDH: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-' {
            t[b] = 1;
        }
        b += 1;
    }
    t
};

/// IDNA label separators other than "." (UTS #46 maps them to it): U+3002, U+FF0E,
/// U+FF61, as UTF-8. A host with one is left to Python.
const IDNA_DOTS: [[u8; 3]; 3] = [[0xE3, 0x80, 0x82], [0xEF, 0xBC, 0x8E], [0xEF, 0xBD, 0xA1]];

/// A non-ASCII reg-name (no "%") that may be clean: labels split at "." only, none
/// empty (no final dot either), each ASCII one in DNS syntax ([`ldh_label`]); whether
/// the non-ASCII ones convert is asked of IDNA ([`crate::clean::Clean::IfHostConverts`]).
/// Read as bytes: "." is one byte of UTF-8, and no other character holds that byte.
pub(crate) fn idn_candidate(host: &str) -> bool {
    let host = host.as_bytes();
    !host
        .windows(3)
        .any(|w| IDNA_DOTS.iter().any(|dot| w == dot))
        && host
            .split(|&b| b == b'.')
            .all(|label| !label.is_empty() && (!label.is_ascii() || ldh_label(label)))
}

/// Whether `ascii`, the IDNA form of the non-ASCII `host` (`iri.idna.host_to_ascii`),
/// leaves nothing for `check` to say: ASCII, as many labels as `host` and none empty,
/// each label at most 63 octets and the name at most 253 (RFC 5890 / UTS #46
/// VerifyDnsLength), every label in DNS syntax or an A-label: "xn--" and letters, digits
/// and hyphens (the Punycode of a label with hyphens starts with them: `авто-кировский`
/// is `xn----7sbab...`; the conversion has checked the label it decodes to).
pub fn idn_converted(host: &str, ascii: &str) -> bool {
    let dots = |s: &str| s.bytes().filter(|&b| b == b'.').count();
    ascii.is_ascii()
        && ascii.len() <= DNS_MAX
        && dots(ascii) == dots(host)
        && ascii.as_bytes().split(|&b| b == b'.').all(|b| {
            !b.is_empty()
                && b.len() <= 63
                && (ldh_label(b)
                    || (b.starts_with(b"xn--")
                        && b.len() > 4
                        && b[4..]
                            .iter()
                            .all(|&c| c.is_ascii_alphanumeric() || c == b'-')))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dns_ok_is_ldh_label_on_each_label() {
        // every host of up to 7 bytes from these, and long ones, against the definition
        let mut hosts: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..7 {
            let longer: Vec<Vec<u8>> = hosts
                .iter()
                .filter(|h| h.len() == hosts.last().map_or(0, Vec::len))
                .flat_map(|h| {
                    b"a-.1_A"
                        .iter()
                        .map(move |&c| [h.as_slice(), &[c]].concat())
                })
                .collect();
            hosts.extend(longer);
        }
        hosts.push([b"a".repeat(63), b".b".to_vec()].concat());
        hosts.push([b"a".repeat(64), b".b".to_vec()].concat());
        hosts.push(["ab."; 84].concat().into_bytes()); // 252 bytes and a final dot
        hosts.push([&["ab."; 84].concat()[..], "cd"].concat().into_bytes()); // 254
        for host in &hosts {
            let defined = host.len() <= DNS_MAX
                && !host.iter().any(u8::is_ascii_uppercase)
                && host.split(|&b| b == b'.').all(ldh_label);
            assert_eq!(dns_ok(host), defined, "{:?}", String::from_utf8_lossy(host));
        }
    }

    #[test]
    fn a_label_shapes() {
        for (host, shaped) in [
            (&b"xn--rsum-bpad.example"[..], true),
            (b"a.xn--a", true),
            (b"example.org", false), // no xn-- label: dns_ok's
            (b"ab--c.xn--a", false),
            (b"xn--a.", false),
            (b"xn--A", false),
            (b"xn--a-", false),
            (b"-xn--a", false),
        ] {
            assert_eq!(
                a_label_shape(host),
                shaped,
                "{:?}",
                String::from_utf8_lossy(host)
            );
        }
    }

    #[test]
    fn idn_forms() {
        assert!(idn_converted("résumé.example", "xn--rsum-bpad.example"));
        assert!(!idn_converted("a\u{2024}b", "a.b"));
        assert!(!idn_converted("é.", "xn--9ca."));
        assert!(!idn_converted("é", "xn--9ca_"));
        assert!(!idn_converted("é", "xn--"));
        assert!(idn_converted("а-б", "xn----7sbe")); // host_to_ascii("а-б")
    }

    #[test]
    fn idn_candidate_as_stated_on_characters() {
        // every host of up to 5 characters from these (ASCII labels in and out of DNS
        // syntax, the three other IDNA dots, a character whose UTF-8 shares their lead
        // bytes), against the definition read on characters
        let alphabet = [
            "a", "-", ".", "_", "é", "東", "\u{3002}", "\u{FF0E}", "\u{FF61}", "\u{FF10}",
        ];
        let stated = |host: &str| {
            !host.contains(['\u{3002}', '\u{FF0E}', '\u{FF61}'])
                && host.split('.').all(|label| {
                    !label.is_empty() && (!label.is_ascii() || ldh_label(label.as_bytes()))
                })
        };
        let mut hosts = vec![String::new()];
        let mut checked = 0;
        for _ in 0..5 {
            hosts = hosts
                .iter()
                .flat_map(|h| alphabet.iter().map(move |c| format!("{h}{c}")))
                .collect();
            for host in &hosts {
                assert_eq!(idn_candidate(host), stated(host), "{host:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, (1..=5).map(|k| 10usize.pow(k)).sum::<usize>());
    }
}
