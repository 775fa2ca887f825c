//! The `invalid-character` violations of a text whose only faults are ASCII characters
//! that its component's set does not hold (RFC 3987 2.2: `http://example.org/a b`), told
//! without Python: the commonest fault of addresses scraped from the web.
//!
//! The reading. Each such character is replaced by `g`: a letter, in every component set
//! but the port's, outside HEXDIG, and no delimiter. The replacement changes nothing that
//! any other check of `iri.check` reads when all of this holds:
//!
//! * the text neither starts nor ends with white space (those are `leading-whitespace` /
//!   `trailing-whitespace`, not `invalid-character`);
//! * the replaced text is valid for the rule, and each replaced character lies in its
//!   userinfo, host, path, query or fragment (never the scheme: a space there makes the
//!   first segment a path, RFC 3986 Appendix B; nor the port, which holds digits only).
//!   No replaced character is one of `:/?#@[]%` where it delimits, so RFC 3986
//!   Appendix B and `split_authority` cut both texts alike, and no percent-encoding,
//!   dot-segment or colon-in-first-segment changes;
//! * the replaced text is clean ([`clean_groups`]: no warning at all). The pieces of the
//!   4.2 bidi checks that hold a `g` then hold no R or AL character (a `g` is L), so
//!   they hold none in the text either; a character warning reads non-ASCII characters
//!   only. A replaced character in the host: `iri.syntax.check_authority.host` then skips
//!   the DNS and IDNA checks, and the host of the replaced text must be an ASCII one with
//!   nothing to say ([`Clean::Yes`]; its uppercase check sees the same letters);
//! * each component has at most [`LIMIT`] of them (beyond it, `check` cuts the group short
//!   with a `violations-omitted` summary: left to Python).
//!
//! Then `check` reports exactly one `invalid-character` per replaced character, at its
//! position (in code points), in the order of the text: `tests/native` compares it with the
//! Python checker on every corpus and on texts made faulty at random.

use crate::clean::{clean_groups, Clean};
use crate::tables::{ASCII_NAMES, CLASS, QUERY};
use crate::validate::{validate, Rule, Verdict};

/// `iri.syntax.collect.DEFAULT_LIMIT`: violations kept per (code, component).
pub const LIMIT: usize = 10;

/// The components a replaced character may lie in: userinfo, host, path, query, fragment.
const COMPONENTS: usize = 5;

/// What takes the place of a faulty character (see the module comment).
const STAND_IN: u8 = b'g';

/// One `invalid-character` violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// `userinfo`, `host`, `path`, `query` or `fragment`
    pub component: &'static str,
    /// the position of the character in code points (its span is one code point)
    pub start: usize,
    /// the character (ASCII)
    pub byte: u8,
}

impl Found {
    /// The message of `iri.syntax.check_chars.Checker.chars`.
    pub fn message(&self) -> String {
        format!(
            "{} is not allowed in the {}",
            ASCII_NAMES[self.byte as usize], self.component
        )
    }
}

/// The faults of a text, when they are only invalid characters: the replaced text, its
/// [`Clean`] verdict (the caller resolves a non-ASCII host as for `clean`, on `fixed`),
/// and the violations in the order of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Faults {
    pub fixed: String,
    pub verdict: Clean,
    pub found: Vec<Found>,
}

/// An ASCII byte in no component set of any rule and no delimiter: outside `iquery`, the
/// widest set (controls, space, `"<>\^`{|}`, DEL), and not `#`, `[` or `]`.
fn never_allowed(b: u8) -> bool {
    b < 0x80 && CLASS[b as usize] & QUERY == 0 && !matches!(b, b'#' | b'[' | b']')
}

/// White space the checker reports at either end of a text (`iri.syntax.check._edges`).
fn edge_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// The invalid characters of `text` for `rule`, when they are its only faults (see the
/// module comment); `None` when there are none, or when anything else may be wrong.
pub fn invalid_characters(
    text: &str,
    rule: Rule,
    zone_id: bool,
    unicode_ok: bool,
) -> Option<Faults> {
    let s = text.as_bytes();
    if edge_space(*s.first()?) || edge_space(*s.last()?) {
        return None;
    }
    // the authority ends at the first "/", "?" or "#" after a leading "//" (Appendix B);
    // "[" and "]" are replaced only after it, "#" only after the first one
    let first_hash = memchr::memchr(b'#', s);
    let authority_end = authority_end(s);
    let mut fixed: Option<Vec<u8>> = None;
    let mut bytes: Vec<usize> = Vec::new();
    for (i, &b) in s.iter().enumerate() {
        let faulty = never_allowed(b)
            || (b == b'#' && first_hash.is_some_and(|h| i > h))
            || (matches!(b, b'[' | b']') && i >= authority_end);
        if faulty {
            if bytes.len() == COMPONENTS * LIMIT {
                return None; // one component has more than LIMIT: left to Python
            }
            fixed.get_or_insert_with(|| s.to_vec())[i] = STAND_IN;
            bytes.push(i);
        }
    }
    let fixed = String::from_utf8(fixed?).ok()?; // ASCII bytes replaced by ASCII: UTF-8
    let Verdict::Valid(g) = validate(&fixed, rule, zone_id) else {
        return None;
    };
    let inside =
        |span: Option<(usize, usize)>, i: usize| span.is_some_and(|(a, b)| a <= i && i < b);
    let mut found = Vec::with_capacity(bytes.len());
    let mut in_host = false;
    let mut counts = [0usize; COMPONENTS];
    let (mut chars, mut from) = (0, 0);
    for i in bytes {
        let (k, component) = if inside(g.userinfo, i) {
            (0, "userinfo")
        } else if inside(g.host, i) {
            in_host = true;
            (1, "host")
        } else if inside(Some(g.path), i) {
            (2, "path")
        } else if inside(g.query, i) {
            (3, "query")
        } else if inside(g.fragment, i) {
            (4, "fragment")
        } else {
            return None; // the scheme or the port
        };
        counts[k] += 1;
        if counts[k] > LIMIT {
            return None;
        }
        // code points before byte i: the bytes that start a character
        chars += s[from..i].iter().filter(|&&b| (b as i8) >= -0x40).count();
        from = i;
        found.push(Found {
            component,
            start: chars,
            byte: s[i],
        });
    }
    let verdict = clean_groups(&fixed, &g, rule, unicode_ok);
    if verdict == Clean::No || (in_host && verdict != Clean::Yes) {
        return None;
    }
    Some(Faults {
        fixed,
        verdict,
        found,
    })
}

/// Where the authority of `s` ends, 0 when there is none (RFC 3986 Appendix B: a scheme
/// up to the first ":" when none of "/?#" comes before it, then "//" and the authority up
/// to the first "/", "?" or "#").
fn authority_end(s: &[u8]) -> usize {
    let start = match s
        .iter()
        .position(|b| matches!(b, b':' | b'/' | b'?' | b'#'))
    {
        Some(c) if c > 0 && s[c] == b':' => c + 1,
        _ => 0,
    };
    if !s[start..].starts_with(b"//") {
        return 0;
    }
    let a = start + 2;
    s[a..]
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#'))
        .map_or(s.len(), |k| a + k)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Option<Vec<(&'static str, usize, String)>> {
        let f = invalid_characters(text, Rule::IriReference, false, true)?;
        Some(
            f.found
                .iter()
                .map(|x| (x.component, x.start, x.message()))
                .collect(),
        )
    }

    #[test]
    fn reported() {
        assert_eq!(
            found("http://example.org/a b"),
            Some(vec![(
                "path",
                20,
                "U+0020 SPACE is not allowed in the path".into()
            )])
        );
        assert_eq!(
            found("http://ex|ample.org/é?a[]=1#x#y"),
            Some(vec![
                (
                    "host",
                    9,
                    "U+007C VERTICAL LINE is not allowed in the host".into()
                ),
                (
                    "query",
                    23,
                    "U+005B LEFT SQUARE BRACKET is not allowed in the query".into()
                ),
                (
                    "query",
                    24,
                    "U+005D RIGHT SQUARE BRACKET is not allowed in the query".into()
                ),
                (
                    "fragment",
                    29,
                    "U+0023 NUMBER SIGN is not allowed in the fragment".into()
                ),
            ])
        );
        assert_eq!(found("a\tb/c").expect("a tab")[0].1, 1);
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
            "http://h/a b/./c",        // a dot-segment too
            "http://h/%2 ",            // a bad percent-encoding too
            "http://H/a b",            // an uppercase host too
            "http://é x.example/",     // a non-ASCII host with a fault
            "mailto:a b@example.org",  // a scheme with checks of its own
        ] {
            assert_eq!(found(t), None, "{t}");
        }
        let many = format!("http://h/{}", " a".repeat(LIMIT + 1));
        assert_eq!(found(&many), None);
        // more than any five components can hold: not even the text is copied
        let flood = format!("http://h/{}", " a".repeat(5_000_000));
        assert_eq!(found(&flood), None);
        assert_eq!(
            found(&format!("http://h/{}", " a".repeat(LIMIT))).map(|v| v.len()),
            Some(LIMIT)
        );
    }

    #[test]
    fn a_non_ascii_host_is_asked_of_idna() {
        let f = invalid_characters("http://é.example/a b", Rule::IriReference, false, true)
            .expect("only a space");
        assert!(matches!(f.verdict, Clean::IfHostConverts(7, 17)));
    }
}
