//! The violations of `iri.check` for the commonest faults of addresses scraped from the
//! web, told without Python when a text has no other: ASCII characters that their
//! component's set does not hold (`invalid-character`, RFC 3987 2.2:
//! `http://example.org/a b`), labels of an ASCII host name that are not in DNS syntax
//! (`reg-name-not-dns`, RFC 3986 3.2.2: `http://my_host.example/`), and the warnings on
//! well-formed percent-encodings outside the host (`iri.syntax.should.
//! percent_encoding_warnings`): lowercase hex digits (RFC 3986 2.1: `%7e`), an encoded
//! unreserved octet (2.3: `%7E`), octets that are not UTF-8 (RFC 3987 3.2, RFC 3629:
//! `%E9`, the overlong `%C0%AF`), and the warnings of RFC 3986 on the form of a text, each
//! stood in for in the same way ([`crate::form_faults`]: `uppercase-scheme`,
//! `password-in-userinfo`, `uppercase-host`, `default-port`, `empty-port`,
//! `dot-segment`). And, in a valid
//! text with no other violation, the
//! warnings on its userinfo, path, query and fragment ([`crate::warning_faults`]): the 4.2
//! bidi ones (`bidi-mixed-direction`, `bidi-component-edge`: `http://example.org/\u{5D0}b`;
//! `bidi::bidi_broken`, `bidi_faults`), each smaller component quoted as Python's `repr`
//! quotes it, when `repr` writes it as itself ([`crate::chars::repr_plain`]; a right-to-left
//! host, whose Bidi Rule messages are the idna package's, is left to Python), and
//! `not-nfc` (RFC 3987 5.3.2.2: `http://example.org/e\u{301}`).
//!
//! The reading. Each faulty character in the authority, and each character of a faulty
//! label, is replaced by `g`: a letter, in every component set but the port's, outside
//! HEXDIG, and no delimiter. Outside the authority, a byte is replaced by a stand-in of
//! its own class to the 4.2 bidi checks (`stand_in_for`): `g` (L) for a letter, else
//! `~` (neither L, R nor NSM; unreserved, in every component set outside the host, and
//! no separator of the smaller components of 4.2, "/", ".", "&", ";", "="), so that a
//! faulty character in a right-to-left piece (`http://h/\u{627} \u{628}`) leaves that
//! piece's structure as it was. The replacement changes nothing that any other check of
//! `iri.check` reads when all of this holds:
//!
//! * the text neither starts nor ends with white space (those are `leading-whitespace` /
//!   `trailing-whitespace`, not `invalid-character`);
//! * the replaced text is valid for the rule, and each replaced character lies in its
//!   userinfo, host, path, query or fragment (never the scheme: a space there makes the
//!   first segment a path, RFC 3986 Appendix B; nor the port, which holds digits only).
//!   No replaced character is one of `:/?#@[]%` where it delimits, so RFC 3986
//!   Appendix B and `split_authority` cut both texts alike, and no percent-encoding,
//!   dot-segment or colon-in-first-segment changes;
//! * the replaced text is clean ([`clean_groups`]: no warning at all), and the text's own
//!   components are in NFC (a stand-in can hide a composition: `<` and U+0338). Each
//!   stand-in is of its byte's class to the 4.2 bidi checks (a letter's `g` is L, a `~`
//!   neither L, R nor NSM) and no separator of their pieces, so the pieces and their
//!   structure are the text's; a character warning reads non-ASCII characters only. A
//!   faulty character in the host: `iri.syntax.check_authority.host` then skips the DNS
//!   and IDNA checks, and the host of the replaced text must be an ASCII one with
//!   nothing to say ([`Clean::Yes`]; an uppercase letter there is told apart and written
//!   in lowercase, `form_faults`);
//! * faulty labels are looked for only in a host with no faulty character that `check`
//!   reads with `dns_syntax` alone: ASCII, no "%" and no "--" (those go to the IDNA
//!   checks of `host_faults`), read in lowercase (`uppercase-host` is told apart:
//!   `form_faults`), a final dot (the root label) taken off first, at most 253
//!   characters. A faulty label is one the LDH pattern
//!   of `dns_syntax` refuses (a character out of letters, digits and hyphens, or a
//!   hyphen first or last) and has 1 to 63 characters (an empty or longer one: Python);
//! * a faulty percent-encoding lies in the userinfo, path, query or fragment (one in the
//!   host goes to the IDNA checks). Each faulty triplet is written in stand-ins (`~~g`
//!   for `%7E`: an encoded unreserved octet, and each octet of a part that is not
//!   UTF-8), or in uppercase (a
//!   lowercase one that is neither); a run of triplets is cut only at an ASCII octet or
//!   around octets that are not UTF-8, so the triplets left are UTF-8 as they were. No
//!   other check reads a percent-encoding outside the host (dot-segments are literal
//!   dots; the schemes whose checks decode escapes are left to Python by `clean`);
//! * each (code, component) has at most `LIMIT` of them kept; `check` counts the rest
//!   and writes one `violations-omitted` summary per such group (`found::placed`). A
//!   text with more than `PLACES_MAX` faults is left to Python (bounded work and memory
//!   per text).
//!
//! Then `check` reports exactly one violation per faulty character or label, at its
//! position (in code points), in the order of the text: `tests/native` compares it with
//! the Python checker on every corpus and on texts made faulty at random.

use crate::clean::{clean_groups, components_nfc, Clean};
use crate::found::{placed, Fault, Found, Place, PLACES_MAX};
use crate::hostname::{ldh_label, DNS_MAX};
use crate::rule::Rule;
use crate::tables::{CLASS, QUERY};
use crate::validate::{validate, Groups, Verdict};

/// What takes the place of a faulty character in the authority (see the module comment).
pub(crate) const STAND_IN: u8 = b'g';

/// What takes the place of byte `b` outside the authority (see the module comment): a
/// stand-in of its class to the 4.2 checks, [`STAND_IN`] (L) for a letter, else `~`.
pub(crate) fn stand_in_for(b: u8) -> u8 {
    if b.is_ascii_alphabetic() {
        STAND_IN
    } else {
        b'~'
    }
}

/// The faults of a text, when it has no others: the replaced text, its [`Clean`] verdict
/// (the caller resolves a non-ASCII host as for `clean`, on `fixed`), and the violations
/// in the order of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Faults {
    pub fixed: String,
    pub verdict: Clean,
    pub found: Vec<Found>,
}

/// An ASCII byte in no component set of any rule and no delimiter: outside `iquery`, the
/// widest set (controls, space, `"<>\\^`{|}`, DEL), and not `#`, `[` or `]`.
fn never_allowed(b: u8) -> bool {
    b < 0x80 && CLASS[b as usize] & QUERY == 0 && !matches!(b, b'#' | b'[' | b']')
}

/// White space the checker reports at either end of a text (`iri.syntax.check._edges`).
fn edge_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// The faulty labels of a host that `check` reads with `dns_syntax` alone (see the module
/// comment): their byte ranges in `host`; `None` when the host is not such a one, or has
/// a faulty label that is empty or longer than 63.
fn faulty_labels(host: &[u8]) -> Option<Vec<(usize, usize)>> {
    // a final dot: the root label, which `dns_syntax` takes off first (not "." alone)
    let host = match host {
        [name @ .., b'.'] if !name.is_empty() => name,
        _ => host,
    };
    if host.is_empty()
        || host[0] == b'['
        || host.len() > DNS_MAX
        || host.last() == Some(&b'.')
        || host.windows(2).any(|w| w == b"--")
        || host
            .iter()
            .any(|&c| c >= 0x80 || c == b'%' || c.is_ascii_uppercase())
    {
        return None;
    }
    let mut out = Vec::new();
    let mut start = 0;
    for label in host.split(|&b| b == b'.') {
        // `clean`'s test, whose "--" in positions 3-4 cannot occur here: the one of
        // `dns_syntax`'s LDH pattern with its length
        if !ldh_label(label) {
            if label.is_empty() || label.len() > 63 {
                return None;
            }
            out.push((start, start + label.len()));
        }
        start += label.len() + 1;
    }
    Some(out)
}

/// The component that byte `i` of a valid text (`g`) lies in: userinfo, host, path, query
/// or fragment; `None` in the scheme or the port (or a delimiter).
fn component_at(g: &Groups, i: usize) -> Option<&'static str> {
    let inside = |span: Option<(usize, usize)>| span.is_some_and(|(a, b)| a <= i && i < b);
    [
        (g.userinfo, "userinfo"),
        (g.host, "host"),
        (Some(g.path), "path"),
        (g.query, "query"),
        (g.fragment, "fragment"),
    ]
    .into_iter()
    .find_map(|(span, name)| inside(span).then_some(name))
}

/// The violations of `text` for `rule`, when they are only those this module tells (see
/// the module comment); `None` when there are none, or when anything else may be wrong.
pub fn faults(text: &str, rule: Rule, zone_id: bool, unicode_ok: bool) -> Option<Faults> {
    let s = text.as_bytes();
    if edge_space(*s.first()?) || edge_space(*s.last()?) {
        return None;
    }
    // "[" and "]" are faulty only after the authority (none: anywhere), "#" only in the
    // fragment; both as RFC 3986 Appendix B cuts the text
    let parts = crate::split::split(text);
    let authority_end = parts.authority.map_or(0, |(_, end)| end);
    let first_hash = parts.fragment.map(|(start, _)| start - 1);
    let mut chars: Vec<usize> = Vec::new();
    for (i, &b) in s.iter().enumerate() {
        let faulty = never_allowed(b)
            || (b == b'#' && first_hash.is_some_and(|h| i > h))
            || (matches!(b, b'[' | b']') && i >= authority_end);
        if faulty {
            if chars.len() == PLACES_MAX {
                return None; // more than can be told here: left to Python
            }
            chars.push(i);
        }
    }
    let mut fixed = s.to_vec();
    let in_authority = |i: usize| parts.authority.is_some_and(|(a, b)| a <= i && i < b);
    for &i in &chars {
        fixed[i] = if in_authority(i) {
            STAND_IN
        } else {
            stand_in_for(s[i])
        };
    }
    let fixed = String::from_utf8(fixed).ok()?; // ASCII bytes replaced by ASCII: UTF-8
    let Verdict::Valid(g) = validate(&fixed, rule, zone_id) else {
        return None;
    };
    let mut places: Vec<Place> = Vec::new();
    let mut in_host = false;
    for &i in &chars {
        let component = component_at(&g, i)?; // None: the scheme or the port
        in_host |= component == "host";
        places.push((i, i + 1, component, Fault::Character(s[i])));
    }
    let mut fixed = fixed.into_bytes();
    if memchr::memchr(b'%', s).is_some() {
        let most = PLACES_MAX - places.len();
        for (a, b, fault) in crate::percent_faults::percent_faults(s, &mut fixed, most)? {
            let component = component_at(&g, a)?;
            if component == "host" {
                return None; // its IDNA checks read the escapes
            }
            places.push((a, b, component, fault));
        }
    }
    // the warnings on the form (before the labels: a host with uppercase letters is
    // read in lowercase there, as `dns_syntax` reads both cases alike)
    places.extend(crate::form_faults::form_places(text, &g, rule, &mut fixed)?);
    if let (Some((h0, h1)), false) = (g.host, in_host) {
        for (a, b) in faulty_labels(&fixed[h0..h1]).unwrap_or_default() {
            let label = &text[h0 + a..h0 + b];
            fixed[h0 + a..h0 + b].fill(STAND_IN);
            places.push((h0 + a, h0 + b, "host", Fault::Label(label.to_owned())));
        }
    }
    if places.is_empty() {
        // nothing was replaced: `fixed` is the text
        return crate::warning_faults::warning_faults(text, &g, rule, unicode_ok);
    }
    // the checks of a `mailto` address read what the stand-ins and `form_faults` change
    // ("a b@x" has no dot-atom local part, "a~b@x" has one), and those of `data` may (a
    // stand-in letter is base64): Python's. Those of `file` and `urn` read only "/", ":", "?", "+", "="
    // and letters, digits and hyphens of the NID, which no faulty character is and no
    // stand-in becomes (`crate::scheme_clean`).
    if g.scheme.is_some_and(|(a, b)| {
        ["mailto", "data"]
            .iter()
            .any(|name| text[a..b].eq_ignore_ascii_case(name))
    }) {
        return None;
    }
    // the ":" of an empty port has nothing to stand in for it: dropped last (every place
    // is in the text's offsets), and the text so written read again
    let colon = places.iter().find(|p| p.3 == Fault::EmptyPort).map(|p| p.0);
    let found = placed(text, places)?;
    if let Some(colon) = colon {
        fixed.remove(colon);
    }
    let fixed = String::from_utf8(fixed).ok()?;
    let fixed_groups = match colon {
        None => g,
        Some(_) => match validate(&fixed, rule, zone_id) {
            Verdict::Valid(groups) => groups,
            _ => return None,
        },
    };
    let verdict = clean_groups(&fixed, &fixed_groups, rule, unicode_ok);
    if verdict == Clean::No || (in_host && verdict != Clean::Yes) {
        return None;
    }
    // NFC of the text itself: a stand-in may have hidden a composition ("<" and U+0338
    // compose, "g" and U+0338 do not)
    if !text.is_ascii() && !components_nfc(text, &g) {
        return None;
    }
    Some(Faults {
        fixed,
        verdict,
        found,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::found::LIMIT;

    fn found(text: &str) -> Option<Vec<(&'static str, usize, usize, String)>> {
        let f = faults(text, Rule::IriReference, false, true)?;
        Some(
            f.found
                .iter()
                .map(|x| (x.component, x.start, x.end, x.message()))
                .collect(),
        )
    }

    /// RFC 3987 4.2 outside the host: both rules of a smaller component at its position
    /// (rule 2's code first, as `check` orders them), code points counted; a quote in
    /// the piece makes `repr` quote with `"`; a piece `repr` escapes, a right-to-left
    /// host, or another fault beside: Python's.
    #[test]
    fn bidi_warnings() {
        let edge = "uses right-to-left characters but does not start and end with one";
        let mixed = "mixes right-to-left and left-to-right characters";
        assert_eq!(
            found("http://\u{E9}.x/\u{5D0}b/\u{5D0}"),
            Some(vec![
                ("path", 11, 13, format!("'\u{5D0}b' {edge}")),
                ("path", 11, 13, format!("'\u{5D0}b' {mixed}")),
            ])
        );
        assert_eq!(
            found("x?q=\u{5D0}'1"),
            Some(vec![("query", 4, 7, format!("\"\u{5D0}'1\" {edge}"))])
        );
        for text in [
            "x/\u{600}\u{5D0}b",
            "http://\u{5D0}\u{5D1}.example/a\u{5D0}",
            "x/a b/\u{5D0}c",
        ] {
            assert_eq!(found(text), None, "{text}");
        }
    }

    #[test]
    fn reported() {
        assert_eq!(
            found("http://example.org/a b"),
            Some(vec![(
                "path",
                20,
                21,
                "U+0020 SPACE is not allowed in the path".into()
            )])
        );
        let all = found("http://ex|ample.org/é?a[]=1#x#y").expect("characters");
        assert_eq!(
            all.iter().map(|f| (f.0, f.1)).collect::<Vec<_>>(),
            [("host", 9), ("query", 23), ("query", 24), ("fragment", 29)]
        );
        assert_eq!(
            all[1].3,
            "U+005B LEFT SQUARE BRACKET is not allowed in the query"
        );
        assert_eq!(found("a\tb/c").expect("a tab")[0].1, 1);
    }

    #[test]
    fn labels() {
        assert_eq!(
            found("http://my_host.example/a"),
            Some(vec![(
                "host",
                7,
                14,
                "label 'my_host' is not in DNS syntax (1 to 63 letters, digits or hyphens, \
                 no hyphen first or last)"
                    .into()
            )])
        );
        let both = found("http://ü@a_b.-c.org/x y").expect("labels and a space");
        assert_eq!(
            both.iter().map(|f| (f.0, f.1, f.2)).collect::<Vec<_>>(),
            [("host", 9, 12), ("host", 13, 15), ("path", 21, 22)]
        );
        let quote = found("http://it's.example/").expect("a quote");
        assert!(quote[0].3.starts_with("label \"it's\" is"));
        let long = format!("http://{}_.example/", "a".repeat(45));
        let cut = found(&long).expect("a long label");
        assert!(cut[0]
            .3
            .starts_with(&format!("label '{}...' is", "a".repeat(40))));
    }

    /// With the warnings on the form ([`crate::form_faults`]): each where `check` puts
    /// it, in the order of the text; a faulty label of a host with uppercase letters
    /// quoted as written.
    #[test]
    fn with_the_warnings_on_the_form() {
        let places = |t: &str| {
            found(t)
                .expect("told")
                .into_iter()
                .map(|f| (f.0, f.1, f.2))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            places("http://h/a b/./c"),
            [("path", 10, 11), ("path", 13, 14)]
        );
        assert_eq!(places("http://A b.Com/"), [("host", 7, 14), ("host", 8, 9)]);
        let both = found("http://My_host.example/").expect("a label, uppercase");
        assert_eq!(
            both.iter().map(|f| (f.1, f.2)).collect::<Vec<_>>(),
            [(7, 14), (7, 22)]
        );
        assert!(both[0].3.starts_with("label 'My_host' is not"));
        assert_eq!(
            both[1].3,
            "host 'My_host.example' has uppercase letters; registered names should be lowercase"
        );
        let port = found("HTTP://h:080/").expect("scheme and port");
        assert_eq!(port[0].3, "scheme 'HTTP' should be written in lowercase");
        assert_eq!(
            (port[1].0, port[1].1, port[1].2, port[1].3.as_str()),
            ("port", 8, 12, "port 080 is the default of 'HTTP': omit it")
        );
        // a faulty character in the host that `repr` escapes: Python quotes the host
        assert_eq!(found("http://A\\b/"), None);
        // an empty port: its ":", and the text without it clean
        let empty = found("http://h:/a/./b").expect("an empty port");
        assert_eq!(
            empty.iter().map(|f| (f.0, f.1, f.2)).collect::<Vec<_>>(),
            [("port", 8, 9), ("path", 12, 13)]
        );
        assert_eq!(empty[0].3, "the port is empty: omit the \":\"");
    }

    #[test]
    fn left_to_python() {
        for t in [
            "http://example.org/",     // nothing wrong
            " http://example.org/a b", // leading white space
            "http://example.org/a b ", // trailing
            "ht tp://example.org/",    // in the scheme
            "a b:c",                   // a scheme of the replaced text
            "http://h:8 0/",           // in the port
            "http://[::1 ]/",          // an IP literal
            "http://h/%2 ",            // a bad percent-encoding too
            "http://é x.example/",     // a non-ASCII host with a fault
            "mailto:a b@example.org",  // a scheme with checks of its own
            "http://a_b--c.example/",  // "--": the IDNA checks
            "http://a..b_c/",          // an empty label
            "http://a_b%41.example/",  // "%": the IDNA checks
            "http://a_b.é.example/",   // not ASCII
            "http://h/a b/e\u{301}",   // not-nfc too
            "http://h/a <\u{338}",     // not-nfc of the text ("<" composes, the stand-in not)
        ] {
            assert_eq!(found(t), None, "{t}");
        }
        // more than can be told: found within the first bytes, nothing copied
        let flood = format!("http://h/{}", " a".repeat(5_000_000));
        assert_eq!(found(&flood), None);
        // one bound for the faults of every kind together
        let half = |n| {
            format!(
                "http://h/{}?{}",
                " a".repeat(n),
                "%7E".repeat(PLACES_MAX / 2)
            )
        };
        assert!(found(&half(PLACES_MAX / 2)).is_some());
        assert_eq!(found(&half(PLACES_MAX / 2 + 1)), None);
        // two summaries at the same place: the order of check's groups, Python's
        let twice = format!("http://h/{}", "%7e".repeat(LIMIT + 1));
        assert_eq!(found(&twice), None);
        let long = format!("http://{}_.example/", "a".repeat(63));
        assert_eq!(found(&long), None);
    }

    #[test]
    fn percent_encodings() {
        let f = found("http://h/%7e?q=%C3%a9%E9#%C0%AF").expect("warnings alone");
        let codes: Vec<_> = f.iter().map(|x| (x.0, x.1, x.2)).collect();
        assert_eq!(
            codes,
            [
                ("path", 9, 12),      // lowercase
                ("path", 9, 12),      // unreserved
                ("query", 18, 21),    // lowercase
                ("query", 21, 24),    // not UTF-8
                ("fragment", 25, 31)  // overlong
            ]
        );
        assert_eq!(f[0].3, "%7e should be written %7E");
        assert_eq!(f[1].3, "%7e encodes the unreserved '~'; write it as itself");
        assert_eq!(f[3].3, "%E9 is not valid UTF-8");
        assert_eq!(f[4].3, "%C0%AF is an overlong UTF-8 form (not valid UTF-8)");
        let both = found("http://h/a b%41").expect("a space and an escape");
        assert_eq!(both.len(), 2);
        assert_eq!(found("http://h%41/"), None); // in the host: the IDNA checks
        assert_eq!(found("http://h/%C3%A9"), None); // nothing wrong
        assert_eq!(found("mailto:a%7e@example.org"), None); // a scheme of its own
        assert_eq!(found("MAILTO:a@example.org"), None); // its form too
        assert_eq!(found("DATA:,a"), None);
        let many = format!("http://h/{}", "%41".repeat(LIMIT + 2));
        let f = found(&many).expect("12 escapes of unreserved octets");
        assert_eq!(f.len(), LIMIT + 1);
        assert_eq!(
            f[LIMIT].3,
            "2 more percent-encoded-unreserved in the path left out (from 39 to 45; 12 in \
             all); check(text, limit=None) lists all"
        );
        // a flood: given up after the first escapes past what can be told, nothing kept
        let flood = format!("http://h/{}", "%41%FF".repeat(2_000_000));
        assert_eq!(found(&flood), None);
    }

    #[test]
    fn omitted_as_collector_counts_them() {
        // http://h/ then " a" eleven times: spaces at 9, 11, ..., 29
        let f = found(&format!("http://h/{}", " a".repeat(LIMIT + 1))).expect("11 spaces");
        assert_eq!(f.len(), LIMIT + 1);
        assert_eq!((f[LIMIT].0, f[LIMIT].1, f[LIMIT].2), ("path", 29, 30));
        assert_eq!(
            f[LIMIT].3,
            "1 more invalid-character in the path left out (from 29 to 30; 11 in all); \
             check(text, limit=None) lists all"
        );
        assert_eq!(
            found(&format!("http://h/{}", " a".repeat(LIMIT))).map(|v| v.len()),
            Some(LIMIT)
        );
        // a summary sorts by where it starts: before a later fault of another code
        let f = found(&format!("http://h/{}?%7E", " a".repeat(LIMIT + 3))).expect("spaces");
        let codes: Vec<_> = f.iter().map(|x| (x.0, x.1)).collect();
        assert_eq!(codes[LIMIT..], [("path", 29), ("query", 36)]);
        // labels of a host, and a summary per component
        let labels = format!("http://{}/{}", ["a_"; LIMIT + 1].join("."), " a".repeat(12));
        let f = found(&labels).expect("labels and spaces");
        assert_eq!(f.len(), 2 * LIMIT + 2);
        assert!(f[LIMIT]
            .3
            .starts_with("1 more reg-name-not-dns in the host left out"));
        assert!(f[2 * LIMIT + 1]
            .3
            .starts_with("2 more invalid-character in the path"));
    }

    #[test]
    fn combining_marks_in_nfc() {
        let f = found("http://h/a b/नमस्ते").expect("a space");
        assert_eq!((f[0].0, f[0].1), ("path", 10));
    }

    #[test]
    fn a_non_ascii_host_is_asked_of_idna() {
        let f =
            faults("http://é.example/a b", Rule::IriReference, false, true).expect("only a space");
        assert!(matches!(f.verdict, Clean::IfHostConverts(7, 17)));
    }
}
