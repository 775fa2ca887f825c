//! IDNA in the core, for the host names it can decide alone: names of *simple* labels,
//! whose every rule of `iri.syntax.hosts` (3987bis 3.4.2; RFC 5891 4 and 5; UTS #46 4 with
//! the flags written there) the core can read without the `idna` package's tables. Any
//! other name is `None`: the caller asks the Python functions, as before.
//!
//! A label is simple when it is not empty and either
//! - ASCII: letters, digits and hyphens; no hyphen at either end, none in both the third
//!   and fourth places (RFC 5891 4.2.3.1, `check_hyphen_ok`; this also keeps every `xn--`
//!   label, which IDNA must decode, for Python), at most 63 octets (VerifyDnsLength, as
//!   `host_to_ascii` checks it); or
//! - non-ASCII: its characters are lowercase ASCII letters, digits and hyphens, ASCII
//!   capitals (UTS #46 maps them to lowercase) and code points of `tables::IDNA_SIMPLE`
//!   (PVALID in IDNA2008, mapped to themselves by UTS #46, in NFC alone and together, of
//!   Bidi_Class L: see the generator), the first not a combining mark (RFC 5891
//!   4.2.3.2), the hyphen rules as above counted in characters, and its A-label at most
//!   63 octets.
//!
//! No name of such labels is a Bidi domain name (RFC 5893 1.4: none holds an R, AL or AN
//! character), so no label's Bidi rule runs; no CONTEXTJ or CONTEXTO rule applies. The
//! A-label is `xn--` and the Punycode (RFC 3492) of the label with its capitals
//! lowercased, from the `idna` crate; the name is at most 253 octets.
//!
//! The other way, an ASCII name whose `xn--` labels are the A-labels of simple labels
//! (each the canonical Punycode of its U-label) is read too: `to_unicode` (`to_iri`), the
//! whole name's ToASCII (`check`'s test of A-labels) and `dns_host` of such a name.

use crate::codeset::CodeSet;
use crate::hostname::{ldh_label, DNS_MAX, MAX_LABEL};
use crate::tables;

static SIMPLE: CodeSet = CodeSet::new(tables::IDNA_SIMPLE);
static MARKS: CodeSet = CodeSet::new(tables::IDNA_SIMPLE_MARKS);

/// `host_to_ascii(host)` (`iri.syntax.hosts`, `decode_ascii` off) for a name of simple
/// labels holding a non-ASCII character at least: each ASCII label as written, each other
/// one as its A-label. `None` for any other name (no `%`, no empty label, no other dot
/// than U+002E: those are Python's), and when a limit of length is passed (Python words
/// the error).
pub fn host_to_ascii(host: &str) -> Option<String> {
    if host.is_ascii() {
        return None;
    }
    let mut out = String::with_capacity(host.len() + 16);
    for (k, label) in host.split('.').enumerate() {
        if k > 0 {
            out.push('.');
        }
        if label.is_ascii() {
            if !ldh_label(label.as_bytes()) {
                return None;
            }
            out.push_str(label);
        } else {
            a_label(label, &mut out)?;
        }
        if out.len() > DNS_MAX {
            return None; // and no more work for a long name
        }
    }
    Some(out)
}

/// `dns_host(host)` (`iri.ladder.scheme_facts`, the scheme level's canonical U-labels:
/// ToUnicode of ToASCII) for a host with no ASCII capital (ToASCII lowercases them, and
/// ToUnicode does not give them back): a name of simple labels, some not ASCII, whose
/// A-labels are no longer than DNS allows (else `to_unicode` keeps the A-labels), is
/// itself; an ASCII one with `xn--` A-labels, which ToASCII leaves, is its U-labels
/// ([`to_unicode`]).
pub fn dns_host(host: &str) -> Option<String> {
    if host.bytes().any(|b| b.is_ascii_uppercase()) {
        None
    } else if host.is_ascii() {
        to_unicode(host)
    } else {
        host_to_ascii(host).map(|_| host.to_owned())
    }
}

/// Appends the A-label of the non-ASCII `label` to `out`, or `None` when the label is not
/// simple.
fn a_label(label: &str, out: &mut String) -> Option<()> {
    // More than 252 octets are more than 63 characters, each of which takes an octet of
    // the A-label at least: too long, and Punycode's time grows with the square of a
    // label's length (the robustness rule: linear time), so it is not encoded.
    if label.len() > 4 * MAX_LABEL {
        return None;
    }
    let lowered = simple_label(label)?;
    let start = out.len();
    out.push_str("xn--");
    out.push_str(&idna::punycode::encode_str(&lowered)?);
    (out.len() - start <= MAX_LABEL).then_some(())
}

/// The non-ASCII `label` with its ASCII capitals lowercased (UTS #46 4 step 1), when it is
/// simple but for its length; `None` otherwise.
fn simple_label(label: &str) -> Option<String> {
    let mut lowered = String::with_capacity(label.len());
    let mut before = '.'; // the character before, none at first
    for (i, c) in label.chars().enumerate() {
        if c.is_ascii() {
            // the hyphen rules counted in characters (RFC 5891 4.2.3.1): not first, not
            // both the third and the fourth (the last is read after the loop)
            let third_and_fourth = i == 3 && before == '-';
            if !(c.is_ascii_alphanumeric() || c == '-')
                || (c == '-' && (i == 0 || third_and_fourth))
            {
                return None;
            }
            lowered.push(c.to_ascii_lowercase());
        } else {
            let cp = c as u32;
            if !SIMPLE.contains(cp) || (i == 0 && MARKS.contains(cp)) {
                return None;
            }
            lowered.push(c);
        }
        before = c;
    }
    (before != '-' && !lowered.is_ascii()).then_some(lowered)
}

/// `to_unicode(host)` (`iri.syntax.hosts`, 3987bis 4.2 step 7: ToUnicode, kept only when
/// it converts back to the host) for an ASCII name whose labels are lowercase `xn--`
/// A-labels of simple labels and LDH labels (`hostname::ldh_label`), at most 253
/// octets: the name with each A-label's U-label. An A-label is read as
/// `idna.ulabel` reads it (RFC 5891 5.3-5.4): its Punycode decodes to a non-ASCII simple
/// label whose own Punycode it is (so not `xn--` alone, no final hyphen, no
/// non-canonical spelling). `None` for any other name, and for an A-label that fails
/// (Python keeps such a label as written: its error is Python's to read).
pub fn to_unicode(host: &str) -> Option<String> {
    if !host.is_ascii() || host.len() > DNS_MAX {
        return None;
    }
    let mut out = String::with_capacity(host.len() * 2);
    for (k, label) in host.split('.').enumerate() {
        if k > 0 {
            out.push('.');
        }
        match label.strip_prefix("xn--") {
            Some(puny) if label.len() <= MAX_LABEL => {
                // the crate's decoder reads capitals as digits ("rsum-BPAD"): the canonical
                // spelling is the lowercase one, and Python keeps the label as written
                let decoded = idna::punycode::decode_to_string(puny)?;
                if simple_label(&decoded)? != decoded
                    || idna::punycode::encode_str(&decoded)? != puny
                {
                    return None;
                }
                out.push_str(&decoded);
            }
            Some(_) => return None,
            None if ldh_label(label.as_bytes()) => out.push_str(label),
            None => return None,
        }
    }
    Some(out)
}

/// `to_ascii(host)` (`iri.syntax.hosts`, UTS #46 ToASCII of the whole name: `check`'s
/// test of an ASCII host's `xn--` labels) for a name [`to_unicode`] reads: the name
/// itself in lowercase (UTS #46 maps the capitals of its ASCII labels), since its A-labels
/// pass and no Bidi rule applies to simple labels.
pub fn to_ascii(host: &str) -> Option<String> {
    to_unicode(host).map(|_| host.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_simple_labels() {
        let cases: &[(&str, Option<&str>)] = &[
            ("résumé.example.org", Some("xn--rsum-bpad.example.org")),
            ("Résumé.EXAMPLE.org", Some("xn--rsum-bpad.EXAMPLE.org")),
            ("納豆.jp", Some("xn--99zt52a.jp")),
            ("bücher-x.de", Some("xn--bcher-x-n2a.de")),
            ("ab-ü", Some("xn--ab--joa")),
            // third and fourth characters both hyphens, a hyphen at an end
            ("ab--ü", None),
            ("-ü.de", None),
            ("ü-.de", None),
            ("ü.-de", None),
            ("ü.ab--c", None),
            ("ü.xn--abc", None),
            // empty labels, other dots, escapes, characters of other rules
            ("ü..de", None),
            ("ü.de.", None),
            ("ü。de", None),
            ("%C3%BC.de", None),
            ("ü_x.de", None),
            ("ü.a_b", None),
            ("ß.de", Some("xn--zca.de")),
            ("عربي.de", None),
            ("a\u{200D}ü.de", None),
            ("Ü.de", None),
            ("\u{0903}a.de", None),
            ("a\u{0903}.de", Some("xn--a-ttd.de")),
            ("plain.example", None),
        ];
        for &(host, want) in cases {
            assert_eq!(host_to_ascii(host).as_deref(), want, "{host:?}");
        }
    }

    #[test]
    fn lengths() {
        // "xn--", 55 letters, "-" and three more: 63 octets; one letter more is too many
        let a = "a".repeat(55);
        assert_eq!(
            host_to_ascii(&format!("ü{a}.de")).map(|h| h.len()),
            Some(66)
        );
        assert_eq!(host_to_ascii(&format!("üa{a}.de")), None);
        assert_eq!(host_to_ascii(&format!("ü.{}", "a".repeat(64))), None);
        assert!(host_to_ascii(&format!("ü.{}", "a".repeat(63))).is_some());
        let many = vec!["abcdefghij"; 23].join(".");
        assert_eq!(host_to_ascii(&format!("ü.{many}")), None); // 7 + 1 + 252 = 260 > 253
        let name = format!("ü.{}", vec!["abcdefghij"; 22].join("."));
        assert_eq!(name.len(), 244);
        assert!(host_to_ascii(&name).is_some());
        // a long label or name is refused before its Punycode is worked out
        assert_eq!(host_to_ascii(&"日".repeat(1_000_000)), None);
        assert_eq!(host_to_ascii(&"ü.".repeat(1_000_000)), None);
    }

    #[test]
    fn a_labels() {
        let cases: &[(&str, Option<&str>)] = &[
            ("xn--rsum-bpad.example.org", Some("résumé.example.org")),
            ("xn--bcher-x-n2a.de.xn--zca", Some("bücher-x.de.ß")),
            ("xn--rsum-bpad.xn--99zt52a", Some("résumé.納豆")),
            ("xn--a-ttd.de", Some("a\u{0903}.de")),
            // capitals (Python keeps or lowercases: its reading), a non-canonical
            // spelling, no U-label, a label of another rule, an ASCII or empty decoding
            ("XN--rsum-bpad.example", None),
            ("xn--Rsum-bpad.example", None),
            ("xn--rsum-BPAD.example", None),
            ("xn--rsum-bpad.EXAMPLE", Some("résumé.EXAMPLE")),
            ("xn---rsum-bpad.example", None),
            ("xn--abc.example", None),
            ("xn--rsum-bpad.a_b", None),
            ("xn--abc-.example", None),
            ("xn--.example", None),
            ("xn--mgbh0fb.example", None), // right-to-left
            ("example.org", Some("example.org")),
            ("axn--b.org", Some("axn--b.org")),
            ("xn--rsum-bpad..org", None),
        ];
        for &(host, want) in cases {
            assert_eq!(to_unicode(host).as_deref(), want, "{host:?}");
            let lower = want.map(|_| host.to_ascii_lowercase());
            assert_eq!(to_ascii(host), lower, "{host:?}");
        }
        assert_eq!(dns_host("xn--rsum-bpad.EXAMPLE"), None);
        assert_eq!(
            dns_host("xn--rsum-bpad.example").as_deref(),
            Some("résumé.example")
        );
        assert_eq!(
            dns_host("résumé.example").as_deref(),
            Some("résumé.example")
        );
        assert_eq!(dns_host("résumé.xn--zca"), None);
    }

    #[test]
    fn dns_hosts() {
        let host = "résumé.example.org";
        assert_eq!(dns_host(host).as_deref(), Some(host));
        assert_eq!(dns_host("résumé.Example.org"), None);
        assert_eq!(dns_host("rÉsumé.example.org"), None);
        assert_eq!(dns_host(&format!("ü{}.de", "a".repeat(56))), None); // A-label of 64
    }
}
