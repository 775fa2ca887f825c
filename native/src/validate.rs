//! The full grammar of each rule, as one forward scan: the twin of the Python
//! `reference_pattern(rule, zone_id).fullmatch` plus the checks `is_valid` adds to it
//! (RFC 3986 2.1 pct-encoded, 3.2.2 escapes in a host, the byte order mark).
//!
//! Every step is deterministic: where the Python pattern may backtrack (the optional
//! scheme, authority and userinfo groups), the comment says why the other branch cannot
//! match, so one pass decides. Linear in the length of the text; no allocation.

use crate::block::{classified, Bits, WithBits};
use crate::chars::{in_class, Dispatched, Scanner, Wide, Within};
use crate::ip;
use crate::rule::Rule;
use crate::tables::{FRAGMENT, PATH, QUERY, REG_NAME, SCHEME, SCHEME_FIRST, SEGMENT_NC, USERINFO};
use crate::triplet::PERCENT;

/// A component's byte range in the text; `None` when absent (the group did not match).
pub type Span = Option<(usize, usize)>;

/// The groups of the Python pattern, in its order: scheme, authority, userinfo, host,
/// port, path, query, fragment (byte offsets into the text).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    pub scheme: Span,
    pub authority: Span,
    pub userinfo: Span,
    pub host: Span,
    pub port: Span,
    pub path: (usize, usize),
    pub query: Span,
    pub fragment: Span,
}

impl Groups {
    /// The components outside the host that `check` warns about one by one (the 4.2
    /// bidi checks, `not-nfc`): userinfo, path, query, fragment, by name, in the order of
    /// the text.
    pub fn outside_host(&self) -> [(&'static str, Span); 4] {
        [
            ("userinfo", self.userinfo),
            ("path", Some(self.path)),
            ("query", self.query),
            ("fragment", self.fragment),
        ]
    }

    /// Whether the path is a relative reference's, read as `iri.check` reads it: no
    /// scheme, no authority, and a rule that does not need a scheme.
    pub fn relative_path(&self, rule: Rule) -> bool {
        self.scheme.is_none() && self.authority.is_none() && !rule.needs_scheme()
    }

    pub fn as_array(&self) -> [Span; 8] {
        [
            self.scheme,
            self.authority,
            self.userinfo,
            self.host,
            self.port,
            Some(self.path),
            self.query,
            self.fragment,
        ]
    }
}

/// The verdict of [`validate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not valid for the rule.
    Invalid,
    /// Valid, with its groups.
    Valid(Groups),
    /// The grammar matches, but the Python side decides: a reg-name host with a "%"
    /// (draft-duerst-idn-uri 3: its decoded name must be a valid IDN, through UTS #46
    /// ToASCII) or a port above 65535 (see [`validate`]).
    Defer(Groups),
}

/// The grammar's match of `text` for `rule` (the named groups), or `None`: the twin of
/// `reference_pattern(rule, zone_id).fullmatch(text)`, its runs read by `scan`
/// ([`Scanner`]), and whether a "%" lies in a run. `%` is part of every component set
/// here, as in the Python classes; [`validate`] checks pct-encoded apart, in a text whose
/// runs hold one. Inlined into `validate_by`, its one caller: called, its groups come
/// back through memory in small stores that `validate` reads back sixteen bytes at a time,
/// which the CPU cannot forward (a stall of a quarter of `validate`'s time, seen when a
/// larger block search tipped LLVM's inlining the other way).
#[inline(always)]
pub fn grammar_by<S: Scanner>(
    scan: S,
    text: &str,
    rule: Rule,
    zone_id: bool,
) -> Option<(Groups, bool)> {
    // whether a "%" lies in a run (every "%" of a text that matches lies in one, but for
    // those of an IP literal's zone, which `ip_literal` reads): the runs' end, noted
    let mut percent = false;
    let mut end = |(e, p): (usize, bool)| {
        percent |= p;
        e
    };
    let s = text.as_bytes();
    let n = s.len();
    let wide = if rule.is_iri() { Wide::Ucs } else { Wide::None };
    let mut g = Groups::default();
    let mut p = 0;
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"   (RFC 3986 3.1)
    // When the text starts with such a prefix, the pattern's optional scheme group takes
    // it: without it the path would be a relative one whose first segment holds the ":",
    // which ipath-noscheme forbids, so that branch never matches.
    if !rule.forbids_scheme() && n > 0 && in_class(s[0], SCHEME_FIRST) {
        let j = end(scan.run::<SCHEME>(s, 1, Wide::None));
        if j < n && s[j] == b':' {
            g.scheme = Some((0, j));
            p = j + 1;
        }
    }
    if g.scheme.is_none() && rule.needs_scheme() {
        return None;
    }
    if s[p..].starts_with(b"//") {
        // "//" iauthority: the paths without an authority all start with (?!//), so the
        // authority group must match here.
        let a = p + 2;
        // [ iuserinfo "@" ]: the userinfo set holds the reg-name set and ":", so when a run
        // of it ends at "@", reading no userinfo would leave that "@" after the host or
        // port, where nothing may follow but "/", "?", "#" or the end. The run of the
        // reg-name set from `a` is read first: it is the host unless the userinfo run
        // (which goes on only past a ":") ends at "@", so most texts are read once.
        let r = end(scan.run::<REG_NAME>(s, a, wide));
        let j = if r < n && s[r] == b':' {
            end(scan.run::<USERINFO>(s, r, wide))
        } else {
            r
        };
        let h = if j < n && s[j] == b'@' {
            g.userinfo = Some((a, j));
            j + 1
        } else {
            a
        };
        // ihost = IP-literal / IPv4address / ireg-name (IPv4address is an ireg-name too)
        let mut q;
        if h < n && s[h] == b'[' {
            // No IP-literal contains "]": the literal ends at the first one.
            let close = h + 1 + s[h + 1..].iter().position(|&b| b == b']')?;
            if !ip::ip_literal(&s[h + 1..close], zone_id) {
                return None;
            }
            q = close + 1;
        } else if h == a {
            q = r; // no userinfo: the reg-name run from `a` read above
        } else {
            q = end(scan.run::<REG_NAME>(s, h, wide));
        }
        g.host = Some((h, q));
        // [ ":" port ], port = *DIGIT
        if q < n && s[q] == b':' {
            let e = port_end(s, q);
            g.port = Some((q + 1, e));
            q = e;
        }
        g.authority = Some((a, q));
        // ipath-abempty = *( "/" isegment )
        let e = if q < n && s[q] == b'/' {
            end(scan.run::<PATH>(s, q, wide))
        } else {
            q
        };
        g.path = (q, e);
        p = e;
    } else if g.scheme.is_some() {
        // ipath-absolute / ipath-rootless / ipath-empty (not "//": handled above)
        let e = end(scan.run::<PATH>(s, p, wide));
        g.path = (p, e);
        p = e;
    } else {
        // ipath-absolute / ipath-noscheme / ipath-empty: isegment-nz-nc *( "/" isegment )
        let mut e = end(scan.run::<SEGMENT_NC>(s, p, wide));
        if e < n && s[e] == b'/' {
            e = end(scan.run::<PATH>(s, e, wide));
        }
        g.path = (p, e);
        p = e;
    }
    // [ "?" iquery ], iquery = *( ipchar / iprivate / "/" / "?" )
    if p < n && s[p] == b'?' {
        let w = if rule.is_iri() {
            Wide::UcsPrivate
        } else {
            Wide::None
        };
        let e = end(scan.run::<QUERY>(s, p + 1, w));
        g.query = Some((p + 1, e));
        p = e;
    }
    // [ "#" ifragment ], ifragment = *( ipchar / "/" / "?" ); none in absolute-IRI
    if p < n && s[p] == b'#' {
        if rule.forbids_fragment() {
            return None;
        }
        let e = end(scan.run::<FRAGMENT>(s, p + 1, wide));
        g.fragment = Some((p + 1, e));
        p = e;
    }
    if p == n {
        Some((g, percent))
    } else {
        None
    }
}

/// Whether every "%" of `s` starts a pct-encoded: "%" HEXDIG HEXDIG (RFC 3986 2.1). The
/// next "%" is looked for ([`PERCENT`]) only after the byte that follows a triplet: a
/// run of them (`%E6%9D%B1`) is read without a search.
pub fn percent_ok(s: &[u8]) -> bool {
    let mut i = PERCENT.find(s, 0);
    while i < s.len() {
        if !crate::triplet::at(s, i) {
            return false;
        }
        i += 3;
        if i < s.len() && s[i] != b'%' {
            i = PERCENT.find(s, i);
        }
    }
    true
}

/// The end of `":" port` whose ":" is at `colon`, `port = *DIGIT` (RFC 3986 3.2.3): the
/// grammar's reading and the quick path's ([`crate::quick`]).
#[inline(always)]
pub(crate) fn port_end(s: &[u8], colon: usize) -> usize {
    colon
        + 1
        + s[colon + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
}

/// Whether the port (RFC 3986 3.2.3, `*DIGIT`) may be answered here: at most 5 digits
/// and at most 65535. A longer or larger one is left to Python, which reports it (issue
/// 19: a warning from `check`, an error from the value API), so the native answer can
/// never disagree with whatever the Python side decides for it.
fn port_answerable(port: &[u8]) -> bool {
    port.len() < 5 || (port.len() == 5 && port <= b"65535".as_slice())
}

/// `iri.is_valid(text, rule=rule, zone_id=...)`: the grammar, then pct-encoded and the
/// byte order mark, as `iri.syntax.check.is_valid` does; [`Verdict::Defer`] for what the
/// Python side decides alone: a reg-name host with a "%" (RFC 3986 3.2.2, draft-duerst-
/// idn-uri 3: escaped US-ASCII, escaped UTF-8 that must pass UTS #46 ToASCII, escapes
/// that are not UTF-8, all the IDNA package's and the host module's to judge) and a port
/// of more than 5 digits or above 65535.
///
/// Inlined into its callers (about a dozen; the extension 26 KB larger): the groups then
/// reach the caller without a copy through memory. One thread, two alternating pairs:
/// the `check` column 2-4 % faster on `web` and `mixed`, `normalize` 3-4 %.
#[inline(always)]
pub fn validate(text: &str, rule: Rule, zone_id: bool) -> Verdict {
    validate_by(Dispatched, text, rule, zone_id)
}

/// [`validate`] with the grammar's runs read by `scan` ([`Scanner`]).
#[inline(always)]
fn validate_by<S: Scanner>(scan: S, text: &str, rule: Rule, zone_id: bool) -> Verdict {
    // the quick path's groups are the grammar's, where it finds them (`crate::quick`)
    let found = match crate::quick::quick(scan, text.as_bytes(), rule) {
        Some(found) => Some(found),
        None => grammar_by(scan, text, rule, zone_id),
    };
    let Some((g, percent)) = found else {
        return Verdict::Invalid;
    };
    // U+FEFF is a ucschar: the pattern lets it start a path, is_valid does not.
    if text.starts_with('\u{FEFF}') {
        return Verdict::Invalid;
    }
    let s = text.as_bytes();
    if percent {
        if !percent_ok(s) {
            return Verdict::Invalid;
        }
        if let Some((h0, h1)) = g.host {
            let host = &s[h0..h1];
            if h1 > h0 && host[0] != b'[' && host.contains(&b'%') {
                return Verdict::Defer(g);
            }
        }
    }
    if let Some((p0, p1)) = g.port {
        if !port_answerable(&s[p0..p1]) {
            return Verdict::Defer(g);
        }
    }
    Verdict::Valid(g)
}

/// What [`validate`] decides, without the groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Invalid,
    Valid,
    /// [`Verdict::Defer`]: the Python side decides.
    Defer,
}

impl Verdict {
    pub fn decision(&self) -> Decision {
        match self {
            Verdict::Invalid => Decision::Invalid,
            Verdict::Valid(_) => Decision::Valid,
            Verdict::Defer(_) => Decision::Defer,
        }
    }
}

/// [`validate`]'s decision for `text`, the grammar inside one dispatch ([`decide_each`]).
pub fn decide(text: &str, rule: Rule, zone_id: bool) -> Decision {
    let mut decision = Decision::Invalid;
    decide_each(std::iter::once(Some(text)), rule, zone_id, |d| {
        decision = d.unwrap_or(Decision::Invalid)
    });
    decision
}

/// [`validate`]'s decision for each of `texts` (`None` for a missing one: a null), handed
/// to `each` in order: every text inside one dispatch of the block reader
/// ([`classified`]), the grammar inlined there whole. Measured against [`validate`] per
/// text (a dispatch per run of the grammar, three to five a URL): see `docs/scale-log.md`.
pub fn decide_each<'a>(
    texts: impl Iterator<Item = Option<&'a str>>,
    rule: Rule,
    zone_id: bool,
    each: impl FnMut(Option<Decision>),
) {
    struct Each<I, F> {
        texts: I,
        rule: Rule,
        zone_id: bool,
        each: F,
    }
    impl<'a, I, F> WithBits for Each<I, F>
    where
        I: Iterator<Item = Option<&'a str>>,
        F: FnMut(Option<Decision>),
    {
        type Output = ();
        #[inline(always)]
        fn with<B: Bits>(mut self, bits: B) {
            // no closure around the grammar: LLVM inlines a closure into the dispatch's
            // function only when it finds it small, and one not inlined there runs
            // without the shuffle (each one a call)
            for text in self.texts {
                let decision = match text {
                    Some(t) => {
                        Some(validate_by(Within(bits), t, self.rule, self.zone_id).decision())
                    }
                    None => None,
                };
                (self.each)(decision);
            }
        }
    }
    classified(Each {
        texts,
        rule,
        zone_id,
        each,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str, rule: Rule) -> bool {
        matches!(validate(text, rule, false), Verdict::Valid(_))
    }

    #[test]
    fn percent_ok_as_each_percent_reads() {
        // runs of triplets and lone or short "%" at every offset around the blocks,
        // against every "%" tested alone
        let reference = |s: &[u8]| (0..s.len()).all(|i| s[i] != b'%' || crate::triplet::at(s, i));
        for pad in 0..20 {
            for tail in [
                "%41",
                "%E6%9D%B1",
                "%E6%9D%B1a%41",
                "%4",
                "%E6%9D%",
                "%E6%9Dx1",
                "%%41",
                "a",
            ] {
                for lead in ["", "%41", "%41%42b"] {
                    let s = format!("{lead}{}{tail}", "b".repeat(pad));
                    assert_eq!(percent_ok(s.as_bytes()), reference(s.as_bytes()), "{s}");
                }
            }
        }
    }

    #[test]
    fn basics() {
        let r = Rule::IriReference;
        for t in [
            "",
            "http://example.org/a?q#f",
            "a",
            "./a:b",
            "//h",
            "http://résumé.example.org/東京",
            "http://[::1]:80/",
            "mailto:a@b",
            "a?#",
            "http://u:p@h:/",
            "%41",
            "http://h/%E6%9D%B1",
        ] {
            assert!(ok(t, r), "{t}");
        }
        for t in [
            "a:b:c d",
            "http://h/a b",
            "a:b#c#d",
            "http://[::1",
            "http://[g::]/",
            "%4",
            "%zz",
            "\u{FEFF}a",
            ":a",
            "http://h/\u{202E}",
            "http://h:8a/",
            "1a:b",
        ] {
            assert!(!ok(t, r), "{t}");
        }
        assert!(!ok("a", Rule::Iri));
        assert!(!ok("http://a/#f", Rule::AbsoluteIri));
        assert!(!ok("http://a/", Rule::RelativeRef));
        assert!(!ok("http://a/é", Rule::Uri));
        assert!(ok("http://a/?\u{E000}", Rule::Iri));
        assert!(!ok("http://a/\u{E000}", Rule::Iri));
        assert!(!ok("http://[fe80::1%25eth0]/", Rule::Iri));
        assert!(matches!(
            validate("http://[fe80::1%25eth0]/", Rule::Iri, true),
            Verdict::Valid(_)
        ));
    }

    /// One text's decision, as work for `every_level`.
    #[derive(Clone, Copy)]
    struct One<'a>(&'a str, Rule, bool);

    impl crate::block::WithBits for One<'_> {
        type Output = Decision;
        fn with<B: crate::block::Bits>(self, bits: B) -> Decision {
            validate_by(Within(bits), self.0, self.1, self.2).decision()
        }
    }

    #[test]
    fn every_scanner_decides_as_validate() {
        // `decide_each` (all texts inside one dispatch), `decide`, and every level of the
        // block reader this CPU has, each inside its dispatch (`every_level`: the ranges
        // that every CPU has, SSSE3's shuffle, AVX2's), against `validate` (a dispatch
        // per run)
        let mut texts: Vec<String> = [
            "http://example.org/a?q#f",
            "http://résumé.example.org/東京?\u{E000}#é",
            "http://u:p@h:8/%E6%9D%B1",
            "http://%C3%A9/",
            "http://h:65536/",
            "http://[fe80::1%25eth0]/",
            "a:b:c d",
            "http://h/\u{202E}",
            "\u{FEFF}a",
            "%4",
            "",
            "//h",
        ]
        .map(String::from)
        .into();
        // every length around the blocks, a stop at each place
        for k in 0..40 {
            texts.push(format!("http://h/{}", "é".repeat(k)));
            texts.push(format!(
                "http://h/{}?{} #",
                "a".repeat(k),
                "b".repeat(40 - k)
            ));
        }
        for rule in [Rule::IriReference, Rule::Iri, Rule::Uri, Rule::RelativeRef] {
            for zone in [false, true] {
                let want: Vec<_> = texts
                    .iter()
                    .map(|t| validate(t, rule, zone).decision())
                    .collect();
                let mut got = Vec::new();
                let all = texts.iter().map(|t| Some(t.as_str())).chain([None]);
                decide_each(all, rule, zone, |d| got.push(d));
                assert_eq!(got.pop(), Some(None), "a missing text is None");
                assert_eq!(got, want.iter().map(|&d| Some(d)).collect::<Vec<_>>());
                for (t, &d) in texts.iter().zip(&want) {
                    assert_eq!(decide(t, rule, zone), d, "{t}");
                    let levels = crate::block::every_level(One(t, rule, zone));
                    assert!(levels.iter().all(|&l| l == d), "{t}: {levels:?}");
                }
            }
        }
    }

    #[test]
    fn groups() {
        let Verdict::Valid(g) = validate("http://u@h:8/p?q#f", Rule::IriReference, false) else {
            panic!()
        };
        assert_eq!(g.scheme, Some((0, 4)));
        assert_eq!(g.authority, Some((7, 12)));
        assert_eq!(g.userinfo, Some((7, 8)));
        assert_eq!(g.host, Some((9, 10)));
        assert_eq!(g.port, Some((11, 12)));
        assert_eq!(g.path, (12, 14));
        assert_eq!(g.query, Some((15, 16)));
        assert_eq!(g.fragment, Some((17, 18)));
    }

    #[test]
    fn deferred() {
        for t in [
            "http://%C3%A9/",
            "http://%C3/",
            "http://%41%C3%A9/",
            "http://www.w%33.org/",
            "http://h:65536/",
            "http://h:99999/",
            "http://h:000080/",
        ] {
            assert!(
                matches!(validate(t, Rule::Iri, false), Verdict::Defer(_)),
                "{t}"
            );
        }
        for t in [
            "http://h:65535/",
            "http://h:0/",
            "http://h:/",
            "http://[fe80::1%25x]/",
        ] {
            assert!(
                matches!(validate(t, Rule::Iri, true), Verdict::Valid(_)),
                "{t}"
            );
        }
        assert_eq!(validate("http://%zz/", Rule::Iri, false), Verdict::Invalid);
    }
}
