//! `clean`: whether `iri.check(text, rule=...)` returns no violation at all (no error and
//! no warning), decided without Python for the common case; `false` means "ask Python".
//!
//! It starts from a valid text (so no error) and rules out every warning that
//! `iri._check.explain` can add to a valid text, each by the same test as the Python
//! code, or by a stricter one (then the answer is `false`, never a wrong `true`):
//!
//! * scheme: uppercase-scheme (RFC 3986 3.1); the schemes with checks of their own
//!   (guidelines 6) as [`crate::scheme_clean`] reads them (`file`, `urn`, `mailto` with
//!   an ASCII path without escapes, `data` without escapes);
//! * userinfo: password-in-userinfo (RFC 3986 3.2.1);
//! * host: uppercase-host (3.2.2), the DNS syntax of an ASCII name (3.2.2, RFC 1034 3.5,
//!   RFC 1123 2.1), with no "--" in positions 3-4 (a final dot, the root label, taken
//!   off first, as `dns_syntax` does; an `xn--` name with one is Python's); a host with a "%" is
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

use crate::bidi::bidi_clean;
use crate::block::Stops;
use crate::chars::all_inert;
use crate::hostname::{a_label_shape, dns_ok, idn_candidate, idn_converted};
use crate::pretest::characters;
use crate::rule::Rule;
use crate::scheme_clean::scheme_clean;
use crate::tables::{CLASS, DEFAULT_PORTS, SPECIFIC_SCHEMES, UNRESERVED};
use crate::triplet;
use crate::validate::{validate, Groups, Verdict};

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

/// Whether `port` is the default port of `scheme` (`iri.syntax.check_authority.port`:
/// `schemes.default_port`, any case, and `port_equals`).
pub(crate) fn is_default_port(scheme: &[u8], port: &[u8]) -> bool {
    DEFAULT_PORTS
        .iter()
        .any(|(name, default)| eq_lower(scheme, name) && port_equals(port, default))
}

/// Whether `iri._check_path.path` looks for dot-segments in `path`: one that starts with
/// "/", or any path but a relative reference's (`relative`: [`Groups::relative_path`]).
pub(crate) fn dots_checked(path: &[u8], relative: bool) -> bool {
    path.first() == Some(&b'/') || (!relative && !path.is_empty())
}

/// No "." or ".." segment where `iri._check_path.path` reports dot-segment. Such a
/// segment starts with a dot at the start of the path or after a "/": only the dots are
/// looked at (found sixteen bytes at a time, [`Stops`]).
fn no_dot_segments(path: &[u8], relative: bool) -> bool {
    if !dots_checked(path, relative) {
        return true;
    }
    const DOT: Stops = Stops::bytes(b".");
    let mut i = DOT.find(path, 0);
    while i < path.len() {
        if i == 0 || path[i - 1] == b'/' {
            // a segment that starts with a dot: "." or ".." alone?
            let rest = &path[i + 1..];
            let len = 1 + memchr::memchr(b'/', rest).unwrap_or(rest.len());
            if len == 1 || (len == 2 && rest[0] == b'.') {
                return false;
            }
        }
        i = DOT.find(path, i + 1);
    }
    true
}

/// A lowercase ASCII name in DNS syntax ([`dns_ok`]) followed by a final dot, the root
/// label, which `dns_syntax` takes off before it reads the labels (`a.example.`; not "."
/// alone, whose one label is empty).
fn root_dot_ok(host: &[u8]) -> bool {
    host.len() > 1 && host.ends_with(b".") && dns_ok(&host[..host.len() - 1])
}

/// The pct-encodings of a valid text draw no warning: uppercase hex digits (RFC 3986
/// 2.1), no unreserved octet (2.3), each run of them UTF-8 (RFC 3987 3.2, RFC 3629).
fn percent_clean(s: &[u8]) -> bool {
    let n = s.len();
    let mut i = triplet::PERCENT.find(s, 0);
    let mut buf: Vec<u8> = Vec::new();
    while i < n {
        if s[i] != b'%' {
            i = triplet::PERCENT.find(s, i); // the next run
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
    /// for its `xn--` labels (`hostname::a_label_shape`), passes UTS #46 ToASCII as a
    /// whole (the Python `iri.syntax.hosts.to_ascii`): then each of its `xn--` labels
    /// passes alone, which is `check`'s test (`a_label_failure`, RFC 5891 5.4), since the
    /// whole name is checked label by label with the same steps and, when one label is
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

/// [`clean`] for a text whose [`validate`] verdict is `Valid(g)`.
pub fn clean_groups(text: &str, g: &Groups, rule: Rule, unicode_ok: bool) -> Clean {
    clean_with(text, g, rule, unicode_ok, true)
}

/// [`clean_groups`] but for the warnings on the components outside the host that
/// [`crate::warning_faults`] tells: the 4.2 bidi ones (`bidi::bidi_broken`) and
/// `not-nfc` ([`not_nfc`]). Whether they are all `check` may find.
pub(crate) fn clean_but_component_warnings(
    text: &str,
    g: &Groups,
    rule: Rule,
    unicode_ok: bool,
) -> Clean {
    clean_with(text, g, rule, unicode_ok, false)
}

/// `all`: the 4.2 warnings and `not-nfc` outside the host looked for too.
fn clean_with(text: &str, g: &Groups, rule: Rule, unicode_ok: bool, all: bool) -> Clean {
    match (clean_bool(text, g, rule, unicode_ok, all), g.host) {
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
    host_inert(text, g) && not_nfc(text, g).next().is_none()
}

/// No host, or one of inert characters only (a combining mark there is for the IDNA
/// checks, in Python).
fn host_inert(text: &str, g: &Groups) -> bool {
    g.host.is_none_or(|(a, b)| all_inert(&text[a..b]))
}

/// The components outside the host that are not in NFC, by name and byte span, in the
/// order of the text: what `character_warnings` reports as `not-nfc` (its test,
/// `unicodedata.is_normalized("NFC", part)` on each non-ASCII component).
pub(crate) fn not_nfc<'a>(
    text: &'a str,
    g: &Groups,
) -> impl Iterator<Item = (&'static str, (usize, usize))> + 'a {
    g.outside_host()
        .into_iter()
        .filter_map(|(name, span)| span.map(|s| (name, s)))
        .filter(|&(_, (a, b))| {
            let part = &text[a..b];
            !(part.is_ascii() || unicode_normalization::is_nfc(part))
        })
}

/// [`clean_groups`] with a non-ASCII host taken as converting: `None` when `check` may
/// find something, else what IDNA must still say of the host: that a right-to-left one
/// ([`bidi_clean`]) converts back to itself, or that the `xn--` labels of an ASCII one
/// are A-labels. Without `all`, the 4.2 warnings and `not-nfc` outside the host are not
/// looked for.
fn clean_bool(text: &str, g: &Groups, rule: Rule, unicode_ok: bool, all: bool) -> Option<Ask> {
    let s = text.as_bytes();
    let mut rtl = false;
    if !text.is_ascii() {
        if !unicode_ok {
            return None;
        }
        let asks = characters(text)?;
        rtl = asks.rtl;
        if asks.nfc_read
            && !(if all {
                components_nfc(text, g)
            } else {
                host_inert(text, g)
            })
        {
            return None;
        }
    }
    let mut ask = if rtl && bidi_clean(text, g, all)? {
        Ask::RoundTrip
    } else {
        Ask::Nothing
    };
    let scheme = g.scheme.map(|(a, b)| &s[a..b]);
    if let Some(sc) = scheme {
        if sc.iter().any(u8::is_ascii_uppercase) {
            return None;
        }
        if SPECIFIC_SCHEMES.iter().any(|name| eq_lower(sc, name)) && !scheme_clean(sc, g, s) {
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
        } else if !dns_ok(host) && !root_dot_ok(host) {
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
        if scheme.is_some_and(|sc| is_default_port(sc, port)) {
            return None;
        }
    }
    if !no_dot_segments(&s[g.path.0..g.path.1], g.relative_path(rule)) {
        return None;
    }
    percent_clean(s).then_some(ask)
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
        // and behind segments that put them across the sixteen-byte blocks of the search
        let padded: Vec<Vec<u8>> = (1..18)
            .flat_map(|k| {
                let pad = [b"/".as_slice(), &b"b".repeat(k)].concat();
                paths.iter().map(move |p| [pad.as_slice(), p].concat())
            })
            .collect();
        for path in paths.iter().chain(&padded) {
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
            "http://example.org./", // the root label
            "mailto:a@b",
            "urn:isbn:0451450523",
            "//e.com./x",
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
            "http://a_b/",
            "http://h/e\u{301}",
            "http://h/a\u{5D0}",
            "http://h/\u{5D0}a",
            "http://h/a b",
            "http://%C3%A9/",
            "http://h/\u{200D}",
            "http://h:080/",
            "http://é.example./",
            "http://./",
            "http://e.com../",
            "http://E.com./",
            "http://a_b.com./",
            "http://é\u{3002}example/",
            "http://é..example/",
            "http://é.a_b/",
            "http://ab--c.example/",
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
