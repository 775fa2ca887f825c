//! `clean`: whether `iri.check(text, rule=...)` returns no violation at all (no error and
//! no warning), decided without Python for the common case; `false` means "ask Python".
//!
//! It starts from a valid text (so no error) and rules out every warning that
//! `iri._check.explain` can add to a valid text, each by the same test as the Python
//! code, or by a stricter one (then the answer is `false`, never a wrong `true`):
//!
//! * scheme: uppercase-scheme (RFC 3986 3.1); the schemes with checks of their own
//!   (guidelines 6: mailto, data, file, urn) are left to Python;
//! * userinfo: password-in-userinfo (RFC 3986 3.2.1);
//! * host: uppercase-host (3.2.2), the DNS syntax of an ASCII name (3.2.2, RFC 1034 3.5,
//!   RFC 1123 2.1), with no "--" in positions 3-4 and no final dot; a host with a "%" is
//!   left to Python; whether a host with a non-ASCII character converts through IDNA
//!   (issue 19), and whether the `xn--` labels of an ASCII one are A-labels
//!   (`invalid-a-label`, RFC 5891 5.4), is the idna package's to say: the caller asks it
//!   ([`Clean`]);
//! * port: empty-port, default-port (RFC 3986 3.2.3, 6.2.3); a port above 65535 never
//!   reaches here ([`validate`] defers it);
//! * path: dot-segment (RFC 3986 5.2.4, 6.2.2.3);
//! * pct-encoded: lowercase hex (2.1), encoded unreserved (2.3), not UTF-8 or overlong
//!   (RFC 3987 3.2, RFC 3629);
//! * non-ASCII characters (NFC, joiners, private use, the 4.2 bidi structure): the
//!   characters of the generated table `INERT` pass; those of `NFC_READ` (combining marks
//!   and the like: no joiner, no private use) pass outside the host when their component
//!   is in NFC (RFC 3987 5.3.2.2, `not-nfc` per component, as `character_warnings` tests
//!   it), asked of `unicode-normalization`; all only when the running Python's Unicode
//!   version is one the tables hold for.

use crate::chars::{all_inert, bidi_class, decode, in_rtl_blocks, is_inert, is_nfc_read};
use crate::tables::{CLASS, DEFAULT_PORTS, SPECIFIC_SCHEMES, UNRESERVED};
use crate::triplet;
use crate::validate::{validate, Groups, Rule, Verdict};

/// RFC 3986 3.2.2: names "should" have no more than 255 characters (iri DNS_MAX); IDNA
/// (RFC 5891 / UTS #46 VerifyDnsLength) stops at 253, the stricter bound is kept here.
pub(crate) const DNS_MAX: usize = 253;

fn eq_lower(scheme: &[u8], name: &str) -> bool {
    scheme.eq_ignore_ascii_case(name.as_bytes())
}

/// Whether `port` and `default` are the same number (`port_equals`, no int()).
fn port_equals(port: &[u8], default: &str) -> bool {
    fn strip(p: &[u8]) -> &[u8] {
        let k = p.iter().take_while(|&&b| b == b'0').count();
        if k == p.len() {
            b"0"
        } else {
            &p[k..]
        }
    }
    strip(port) == strip(default.as_bytes())
}

/// A label in DNS preferred name syntax: 1 to 63 letters, digits, hyphens; no hyphen at
/// either end (RFC 1034 3.5, RFC 1123 2.1); and none in the third and fourth positions
/// (RFC 5891 4.2.3.1: an "xn--" A-label or a reserved form, which IDNA must judge).
pub(crate) fn ldh_label(label: &[u8]) -> bool {
    !label.is_empty()
        && label.len() <= 63
        && label[0] != b'-'
        && label[label.len() - 1] != b'-'
        && label.get(2..4) != Some(b"--".as_slice())
        && label
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The DNS syntax of a lowercase ASCII name (no "%") draws no warning (`dns_syntax`), and
/// the name converts through IDNA unchanged (issue 19: `check` warns for a host of a DNS
/// scheme that will not). Stricter than both: a final dot (the root label) is left to
/// Python too. An uppercase letter fails here (`uppercase-host`: the caller tells).
fn dns_ok(host: &[u8]) -> bool {
    if host.len() > DNS_MAX {
        return false;
    }
    // one pass: each byte a lowercase letter, digit, hyphen or dot (a table lookup); each
    // label then judged at its dot by its ends alone, as `ldh_label` judges it
    let mut start = 0;
    for i in 0..=host.len() {
        match host.get(i) {
            Some(&b'.') | None => {
                let label = &host[start..i];
                if label.is_empty()
                    || label.len() > 63
                    || label[0] == b'-'
                    || label[label.len() - 1] == b'-'
                    || label.get(2..4) == Some(b"--".as_slice())
                {
                    return false;
                }
                start = i + 1;
            }
            Some(&b) if !LDH[b as usize] => return false,
            Some(_) => {}
        }
    }
    true
}

/// An ASCII name that [`dns_ok`] refused only for its `xn--` labels: each label as
/// [`dns_ok`] reads it, except that a label starting with `xn--` may have its "--" (at
/// least one does). Whether those are A-labels is then IDNA's to say
/// ([`Clean::IfALabels`]); another form with "--" in positions 3-4 (`ab--c`) stays
/// refused.
fn a_label_shape(host: &[u8]) -> bool {
    let mut ace = false;
    host.len() <= DNS_MAX
        && host.split(|&b| b == b'.').all(|label| {
            let prefixed = label.starts_with(b"xn--");
            ace |= prefixed;
            !label.is_empty()
                && label.len() <= 63
                && label[0] != b'-'
                && label[label.len() - 1] != b'-'
                && (prefixed || label.get(2..4) != Some(b"--".as_slice()))
                && label.iter().all(|&b| LDH[b as usize])
        })
        && ace
}

/// The bytes of a lowercase label in DNS syntax: lowercase letters, digits, the hyphen.
static LDH: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-';
        b += 1;
    }
    t
};

/// No "." or ".." segment where `iri._check_path.path` reports dot-segment. Such a
/// segment starts with a dot at the start of the path or after a "/": only the dots are
/// looked at (a path without one is read once, by `memchr`).
fn no_dot_segments(path: &[u8], relative: bool) -> bool {
    if !(path.first() == Some(&b'/') || (!relative && !path.is_empty())) {
        return true;
    }
    memchr::memchr_iter(b'.', path).all(|i| {
        if i > 0 && path[i - 1] != b'/' {
            return true; // inside a segment
        }
        let rest = &path[i + 1..];
        let len = 1 + memchr::memchr(b'/', rest).unwrap_or(rest.len());
        !(len == 1 || (len == 2 && rest[0] == b'.'))
    })
}

/// The pct-encodings of a valid text draw no warning: uppercase hex digits (RFC 3986
/// 2.1), no unreserved octet (2.3), each run of them UTF-8 (RFC 3987 3.2, RFC 3629).
fn percent_clean(s: &[u8]) -> bool {
    let n = s.len();
    let mut i = 0;
    let mut buf: Vec<u8> = Vec::new();
    while i < n {
        if s[i] != b'%' {
            i += 1;
            continue;
        }
        buf.clear();
        while let Some(v) = triplet::octet_at(s, i) {
            if s[i + 1].is_ascii_lowercase() || s[i + 2].is_ascii_lowercase() {
                return false;
            }
            if v < 0x80 && CLASS[v as usize] & UNRESERVED != 0 {
                return false;
            }
            buf.push(v);
            i += 3;
        }
        if buf.is_empty() {
            return false; // not a pct-encoded: not valid text, never reached
        }
        if std::str::from_utf8(&buf).is_err() {
            return false;
        }
    }
    true
}

fn has_rtl(part: &str) -> bool {
    part.chars().any(|c| in_rtl_blocks(c as u32))
}

/// One smaller component of RFC 3987 4.2 draws no warning (`iri.safety.bidi._structure`):
/// without R or AL it is not concerned; with them it must have no L (rule 1) and start
/// and end with R or AL, combining marks (NSM) after the last letter belonging to it
/// (rule 2).
fn piece_ok(piece: &str) -> bool {
    let classes: Vec<u8> = piece.chars().map(|c| bidi_class(c as u32)).collect();
    if !classes.contains(&2) {
        return true;
    }
    if classes.contains(&1) {
        return false;
    }
    let mut last = classes.len();
    while last > 1 && classes[last - 1] == 3 {
        last -= 1;
    }
    classes[0] == 2 && classes[last - 1] == 2
}

/// Whether the 4.2 checks of `iri.safety.bidi.bidi_violations` find nothing in a text
/// with a character of a right-to-left block: `None` when they may find something, else
/// whether the host holds such a character. Each component is split into the smaller
/// components of 4.2. A right-to-left host must also pass the Bidi Rule of RFC 5893 on
/// each label (`_bidi_rule`, the idna package's `check_bidi`): IDNA's conversion checks
/// it on the labels as UTS #46 maps them, so the caller asks for a host that converts
/// back to itself ([`Clean::IfHostRoundTrips`]); a host with no R or AL character (only
/// digits or marks of those blocks) is left to Python.
fn bidi_clean(text: &str, g: &Groups) -> Option<bool> {
    let part = |span: Option<(usize, usize)>| span.map(|(a, b)| &text[a..b]);
    let mut rtl_host = false;
    if let Some(host) = part(g.host) {
        if !host.starts_with('[') && has_rtl(host) {
            let strong = host.chars().any(|c| bidi_class(c as u32) == 2);
            if !strong || !host.split('.').all(piece_ok) {
                return None;
            }
            rtl_host = true;
        }
    }
    let checks: [(Option<&str>, &[char]); 4] = [
        (part(g.userinfo), &[]),
        (Some(&text[g.path.0..g.path.1]), &['/', '.']),
        (part(g.query), &['&', ';', '=']),
        (part(g.fragment), &[]),
    ];
    for (comp, seps) in checks {
        let Some(comp) = comp else { continue };
        if comp.is_empty() || !has_rtl(comp) {
            continue;
        }
        if !comp.split(seps).filter(|p| !p.is_empty()).all(piece_ok) {
            return None;
        }
    }
    Some(rtl_host)
}

/// The answer of [`clean`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clean {
    /// `check` finds something, or may: ask Python.
    No,
    /// `check` returns `[]`.
    Yes,
    /// `check` returns `[]` if the non-ASCII host at this span converts through IDNA
    /// (3987bis 3.4.2; issue 19: `check` warns for a host that will not): the caller asks
    /// the one IDNA implementation (the Python `idna` package, cached per host) and
    /// checks the labels with [`idn_converted`].
    IfHostConverts(usize, usize),
    /// As `IfHostConverts`, and the IDNA form converts back to the host (`to_unicode`):
    /// a right-to-left host, whose labels IDNA then checked as they are written.
    IfHostRoundTrips(usize, usize),
    /// `check` returns `[]` if the lowercase ASCII host at this span, in DNS syntax but
    /// for its `xn--` labels ([`a_label_shape`]), passes UTS #46 ToASCII as a whole (the
    /// Python `iri.syntax.hosts.to_ascii`): then each of its `xn--` labels passes alone,
    /// which is `check`'s test (`a_label_failure`, RFC 5891 5.4), since the whole name
    /// is checked label by label with the same steps and, when one label is
    /// right-to-left, every label with the Bidi Rule. The converse fails (`1a.xn--4dbc`:
    /// the name fails the Bidi Rule, its A-label alone does not), so a refusal asks
    /// Python, never answers.
    IfALabels(usize, usize),
}

impl Clean {
    /// The answer, `to_ascii` (`host_to_ascii`), `to_unicode` and `uts46` (the ToASCII of
    /// the whole name, `iri.syntax.hosts.to_ascii`) asked about the host when it needs
    /// them (`None`: the function raised, or was not asked).
    pub fn answer(
        self,
        text: &str,
        to_ascii: &mut dyn FnMut(&str) -> Option<String>,
        to_unicode: &mut dyn FnMut(&str) -> Option<String>,
        uts46: &mut dyn FnMut(&str) -> Option<String>,
    ) -> bool {
        match self {
            Clean::No => false,
            Clean::Yes => true,
            Clean::IfALabels(a, b) => uts46(&text[a..b]).is_some(),
            Clean::IfHostConverts(a, b) | Clean::IfHostRoundTrips(a, b) => {
                let host = &text[a..b];
                let Some(ascii) = to_ascii(host) else {
                    return false;
                };
                idn_converted(host, &ascii)
                    && (matches!(self, Clean::IfHostConverts(..))
                        || to_unicode(&ascii).as_deref() == Some(host))
            }
        }
    }
}

/// Whether `check(text, rule=rule, zone_id=...)` is `[]`, when this can be told here.
/// `unicode_ok`: the running Python's Unicode version is the one of the tables.
pub fn clean(text: &str, rule: Rule, zone_id: bool, unicode_ok: bool) -> Clean {
    let Verdict::Valid(g) = validate(text, rule, zone_id) else {
        return Clean::No;
    };
    clean_groups(text, &g, rule, unicode_ok)
}

/// IDNA label separators other than "." (UTS #46 maps them to it): U+3002, U+FF0E,
/// U+FF61. A host with one is left to Python.
fn has_idna_dot(host: &str) -> bool {
    host.contains(['\u{3002}', '\u{FF0E}', '\u{FF61}'])
}

/// A non-ASCII reg-name (no "%") that may be clean: labels split at "." only, none
/// empty (no final dot either), each ASCII one in DNS syntax ([`ldh_label`]); whether
/// the non-ASCII ones convert is asked of IDNA ([`Clean::IfHostConverts`]).
fn idn_candidate(host: &str) -> bool {
    !has_idna_dot(host)
        && host
            .split('.')
            .all(|label| !label.is_empty() && (!label.is_ascii() || ldh_label(label.as_bytes())))
}

/// Whether `ascii`, the IDNA form of the non-ASCII `host` (`iri.idna.host_to_ascii`),
/// leaves nothing for `check` to say: ASCII, as many labels as `host` and none empty,
/// each label at most 63 octets and the name at most 253 (RFC 5890 / UTS #46
/// VerifyDnsLength), every label in DNS syntax or an A-label: "xn--" and letters, digits
/// and hyphens (the Punycode of a label with hyphens starts with them: `авто-кировский`
/// is `xn----7sbab...`; the conversion has checked the label it decodes to).
pub fn idn_converted(host: &str, ascii: &str) -> bool {
    ascii.is_ascii()
        && ascii.len() <= DNS_MAX
        && ascii.split('.').count() == host.split('.').count()
        && ascii.split('.').all(|label| {
            let b = label.as_bytes();
            !b.is_empty()
                && b.len() <= 63
                && (ldh_label(b)
                    || (label.starts_with("xn--")
                        && b.len() > 4
                        && b[4..]
                            .iter()
                            .all(|&c| c.is_ascii_alphanumeric() || c == b'-')))
        })
}

/// [`clean`] for a text whose [`validate`] verdict is `Valid(g)`.
pub fn clean_groups(text: &str, g: &Groups, rule: Rule, unicode_ok: bool) -> Clean {
    match (clean_bool(text, g, rule, unicode_ok), g.host) {
        (None, _) => Clean::No,
        (Some(Ask::RoundTrip), Some((a, b))) => Clean::IfHostRoundTrips(a, b),
        (Some(Ask::ALabels), Some((a, b))) => Clean::IfALabels(a, b),
        (Some(_), Some((a, b))) if !text[a..b].is_ascii() => Clean::IfHostConverts(a, b),
        (Some(_), _) => Clean::Yes,
    }
}

/// What [`clean_bool`] leaves to IDNA about the host, beside the conversion of a
/// non-ASCII one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
    Nothing,
    /// a right-to-left host: its IDNA form must convert back to it
    RoundTrip,
    /// an ASCII host with `xn--` labels: they must be A-labels
    ALabels,
}

/// Whether the components of a valid text (`g`) draw no `not-nfc` (RFC 3987 5.3.2.2;
/// `iri.syntax.should.character_warnings` tests each component apart): userinfo, path,
/// query and fragment in NFC; the host of inert characters only (a combining mark there is
/// for the IDNA checks, in Python). Scheme and port are ASCII.
pub(crate) fn components_nfc(text: &str, g: &Groups) -> bool {
    let nfc = |span: Option<(usize, usize)>| {
        span.is_none_or(|(a, b)| {
            let part = &text[a..b];
            part.is_ascii() || unicode_normalization::is_nfc(part)
        })
    };
    g.host.is_none_or(|(a, b)| all_inert(&text[a..b]))
        && nfc(g.userinfo)
        && nfc(Some(g.path))
        && nfc(g.query)
        && nfc(g.fragment)
}

/// [`clean_groups`] with a non-ASCII host taken as converting: `None` when `check` may
/// find something, else what IDNA must still say of the host: that a right-to-left one
/// ([`bidi_clean`]) converts back to itself, or that the `xn--` labels of an ASCII one
/// are A-labels.
fn clean_bool(text: &str, g: &Groups, rule: Rule, unicode_ok: bool) -> Option<Ask> {
    let s = text.as_bytes();
    let mut rtl = false;
    if !text.is_ascii() {
        if !unicode_ok {
            return None;
        }
        let mut nfc_read = false;
        let mut i = 0;
        while i < s.len() {
            if s[i] < 0x80 {
                i += 1;
                continue;
            }
            let (cp, len) = decode(s, i);
            if !is_inert(cp) {
                if !is_nfc_read(cp) {
                    return None;
                }
                nfc_read = true;
            }
            rtl |= in_rtl_blocks(cp);
            i += len;
        }
        if nfc_read && !components_nfc(text, g) {
            return None;
        }
    }
    let mut ask = if rtl && bidi_clean(text, g)? {
        Ask::RoundTrip
    } else {
        Ask::Nothing
    };
    let scheme = g.scheme.map(|(a, b)| &s[a..b]);
    if let Some(sc) = scheme {
        if sc.iter().any(u8::is_ascii_uppercase) {
            return None;
        }
        if SPECIFIC_SCHEMES.iter().any(|name| eq_lower(sc, name)) {
            return None;
        }
    }
    if let Some((a, b)) = g.userinfo {
        if s[a..b].contains(&b':') {
            return None;
        }
    }
    if let Some((a, b)) = g.host {
        let host = &s[a..b];
        let upper_or_escape = |h: &[u8]| h.iter().any(|&c| c.is_ascii_uppercase() || c == b'%');
        if host.is_empty() || host[0] == b'[' {
            if upper_or_escape(host) {
                return None;
            }
        } else if !dns_ok(host) {
            // not a lowercase ASCII name in DNS syntax (the common case, one pass): an
            // ASCII name with `xn--` labels, or an uppercase letter or an escape, an ASCII
            // name out of DNS syntax, or a non-ASCII name whose ASCII labels must be in it
            if a_label_shape(host) {
                ask = Ask::ALabels; // ASCII: no right-to-left character, no round trip
            } else if upper_or_escape(host) || host.is_ascii() || !idn_candidate(&text[a..b]) {
                return None;
            }
        }
    }
    if let Some((a, b)) = g.port {
        let port = &s[a..b];
        if port.is_empty() {
            return None;
        }
        if let Some(sc) = scheme {
            for (name, default) in DEFAULT_PORTS {
                if eq_lower(sc, name) && port_equals(port, default) {
                    return None;
                }
            }
        }
    }
    let relative = g.scheme.is_none() && g.authority.is_none() && !rule.needs_scheme();
    if !no_dot_segments(&s[g.path.0..g.path.1], relative) {
        return None;
    }
    (memchr::memchr(b'%', s).is_none() || percent_clean(s)).then_some(ask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments_as_split_finds_them() {
        // every path of up to 7 characters from "./a", against the segments split at "/"
        let mut paths = vec![Vec::new()];
        for _ in 0..7 {
            let longer: Vec<Vec<u8>> = paths
                .iter()
                .filter(|p| p.len() == paths.last().map_or(0, Vec::len))
                .flat_map(|p| b"./a".iter().map(move |&c| [p.as_slice(), &[c]].concat()))
                .collect();
            paths.extend(longer);
        }
        for path in &paths {
            for relative in [false, true] {
                let checked = path.first() == Some(&b'/') || (!relative && !path.is_empty());
                let dotted = path
                    .split(|&b| b == b'/')
                    .any(|seg| seg == b"." || seg == b"..");
                assert_eq!(
                    no_dot_segments(path, relative),
                    !(checked && dotted),
                    "{path:?}"
                );
            }
        }
    }

    #[test]
    fn clean_or_not() {
        let r = Rule::IriReference;
        for t in [
            "http://example.org/a?q#f",
            "a/b",
            "http://example.org/東京",
            "http://a--b.example/",
            "http://h:8080/",
            "http://h/%E6%9D%B1",
            "./a",
            "//h/",
        ] {
            assert_eq!(clean(t, r, false, true), Clean::Yes, "{t}");
        }
        for t in [
            "HTTP://h/",
            "http://H/",
            "http://h:80/",
            "http://h:/",
            "http://u:p@h/",
            "http://h/./a",
            "http://h/%e6%9d%b1",
            "http://h/%41",
            "http://h/%FF",
            "mailto:a@b",
            "http://a_b/",
            "http://h/e\u{301}",
            "http://h/a\u{5D0}",
            "http://h/\u{5D0}a",
            "http://h/a b",
            "http://%C3%A9/",
            "http://h/\u{200D}",
            "http://h:080/",
            "http://é.example./",
            "http://é\u{3002}example/",
            "http://é..example/",
            "http://é.a_b/",
            "http://ab--c.example/",
            "http://example.org./",
            "http://h:65536/",
            "http://www.w%33.org/",
        ] {
            assert_eq!(clean(t, r, false, true), Clean::No, "{t}");
        }
        assert_eq!(clean("http://h/é", r, false, false), Clean::No);
        for t in [
            "http://résumé.example/東京",
            "//résumé.example/",
            "foo://é/",
        ] {
            assert!(
                matches!(clean(t, r, false, true), Clean::IfHostConverts(..)),
                "{t}"
            );
        }
        // a right-to-left host: each label as 4.2 wants it, and the round trip asked
        assert_eq!(
            clean("http://\u{5D0}\u{5D1}.co.il/", r, false, true),
            Clean::IfHostRoundTrips(7, 17)
        );
        for t in [
            "http://a\u{5D0}.co.il/",         // L and R in one label
            "http://\u{5D0}1.co.il/",         // R, then a digit last
            "http://\u{663}\u{664}.example/", // Arabic-Indic digits: no R or AL
            "http://\u{5D0}.co.il/\u{5D0}a",  // the path's piece mixes them
        ] {
            assert_eq!(clean(t, r, false, true), Clean::No, "{t}");
        }
        let host = "\u{5D0}\u{5D1}.co.il";
        let text = format!("http://{host}/");
        let mut ascii = |_: &str| Some("xn--4dbc.co.il".to_owned());
        let mut back = |h: &str| (h == "xn--4dbc.co.il").then(|| host.to_owned());
        let mut other = |_: &str| Some("\u{5D0}\u{5D2}.co.il".to_owned());
        let mut none = |_: &str| None;
        let trip = Clean::IfHostRoundTrips(7, 7 + host.len());
        let mut unasked = |_: &str| -> Option<String> { panic!("not a question here") };
        assert!(trip.answer(&text, &mut ascii, &mut back, &mut unasked));
        // UTS #46 changed a label
        assert!(!trip.answer(&text, &mut ascii, &mut other, &mut unasked));
        assert!(!trip.answer(&text, &mut ascii, &mut none, &mut unasked));
        assert!(!trip.answer(&text, &mut none, &mut back, &mut unasked));
        assert!(Clean::IfHostConverts(7, 7 + host.len()).answer(
            &text,
            &mut ascii,
            &mut none,
            &mut unasked
        ));
        // an ASCII host with `xn--` labels: the ToASCII of the whole name is asked
        for (t, span) in [
            ("http://xn--rsum-bpad.example/", (7, 28)),
            ("http://a.xn--a/", (7, 14)),
            ("//xn--4dbc.1a/p", (2, 13)),
        ] {
            let verdict = clean(t, r, false, true);
            assert_eq!(verdict, Clean::IfALabels(span.0, span.1), "{t}");
            let host = &t[span.0..span.1];
            let mut pass = |h: &str| (h == host).then(|| h.to_owned());
            let mut unasked2 = |_: &str| -> Option<String> { panic!("not a question here") };
            assert!(verdict.answer(t, &mut unasked, &mut unasked2, &mut pass));
            assert!(!verdict.answer(t, &mut unasked, &mut unasked2, &mut none));
        }
        for t in [
            "http://ab--c.xn--a/",  // a reserved form beside it
            "http://xn--a./",       // a final dot
            "http://xn--A/",        // uppercase
            "http://-xn--a/",       // a hyphen first
            "http://xn--a-/",       // a hyphen last
            "http://xn--a%41/",     // an escape
            "http://xn--a.\u{e9}/", // non-ASCII: its ASCII labels must be LDH (`idn_candidate`)
            "http://u:p@xn--a/",    // something else to say
        ] {
            assert!(
                !matches!(clean(t, r, false, true), Clean::IfALabels(..)),
                "{t}"
            );
        }
        assert!(idn_converted("résumé.example", "xn--rsum-bpad.example"));
        assert!(!idn_converted("a\u{2024}b", "a.b"));
        assert!(!idn_converted("é.", "xn--9ca."));
        assert!(!idn_converted("é", "xn--9ca_"));
        assert!(!idn_converted("é", "xn--"));
        assert!(idn_converted("а-б", "xn----7sbe")); // host_to_ascii("а-б")
    }

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
    fn combining_marks_outside_the_host() {
        let c = |t: &str| clean(t, Rule::IriReference, false, true);
        assert_eq!(c("http://a.example/नमस्ते"), Clean::Yes); // a virama (ccc 9), in NFC
        assert_eq!(c("http://a.example/?q=สวัสดี#ก่อน"), Clean::Yes); // Thai marks
        assert_eq!(c("http://a.example/\u{301}"), Clean::Yes); // a lone mark is NFC
        assert_eq!(c("http://a.example/e\u{301}"), Clean::No); // composes: not-nfc
        assert_eq!(c("http://a.example/x\u{301}\u{327}"), Clean::No); // marks out of order
        assert_eq!(c("http://a.example/a=\u{338}"), Clean::No); // "=" and U+0338 compose
        assert_eq!(c("http://a.example/?\u{200d}"), Clean::No); // a joiner: RFC 5892's
        assert_eq!(c("http://e\u{301}.example/"), Clean::No); // in the host: IDNA's
        assert_eq!(c("http://a.example/\u{378}"), Clean::No); // unassigned in the tables'
        assert_eq!(
            clean("http://a.example/नमस्ते", Rule::IriReference, false, false),
            Clean::No
        );
    }
}
