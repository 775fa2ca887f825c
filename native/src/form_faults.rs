//! The warnings of RFC 3986 on the form of a valid text, each about one part of it, told
//! without Python for [`crate::faults`]: `uppercase-scheme` (3.1: `HTTP://h/`),
//! `password-in-userinfo` (3.2.1: `http://u:p@h/`),
//! `uppercase-host` (3.2.2: `http://Example.org/`, and the hexadecimal digits of an IP
//! literal), `default-port` (3.2.3, 6.2.3: `http://h:80/`), `empty-port` (3.2.3:
//! `http://h:/`) and `dot-segment` (3.3,
//! 5.2.4: `http://h/a/../b`). Crawled addresses carry them often, and each such text went
//! to Python whole, about a hundred times the core's time.
//!
//! The reading is that of the module [`crate::faults`]: each warned part is written in
//! `fixed` in a form that draws no warning and changes nothing any other check of `check`
//! reads, and `faults` then asks [`crate::clean`] that `fixed` be clean. The scheme is
//! lowercased (every other check reads it without case: the default ports, the schemes
//! with checks of their own); an ASCII host too (the LDH pattern of `dns_syntax` reads
//! both cases; a host with "--" or "%", whose IDNA checks read it as written, is left to
//! Python); a default port is written as zeros (no scheme's default is 0); each dot of a
//! dot-segment becomes the stand-in letter (a segment of letters: no dot-segment, no
//! escape, no delimiter, no right-to-left character). Each warning is placed as `check`
//! places it: the whole scheme, the whole host, the port with its ":", the segment. An
//! empty port has nothing to stand in for it: its ":" is placed, and `faults` drops it
//! from `fixed` last (the authority then ends at the host, as in a text without a port;
//! nothing else reads the port). A password's colons are written `~`. The checks of
//! `data` and `mailto` may read what is changed here: `faults` leaves those texts to
//! Python, as it does when it stands in for their faulty characters.

use crate::clean::{dots_checked, is_default_port};
use crate::faults::STAND_IN;
use crate::found::{quoted, short, Fault, Place, PLACES_MAX};
use crate::rule::Rule;
use crate::validate::Groups;

/// Python's `repr` of an ASCII `text` that it writes without an escape ([`quoted`]):
/// printable, no backslash, not both quotes; `None` for another.
fn repr_plain_ascii(text: &str) -> Option<String> {
    let plain = text
        .bytes()
        .all(|b| (0x20..0x7F).contains(&b) && b != b'\\');
    (plain && !(text.contains('\'') && text.contains('"'))).then(|| quoted(text))
}

/// The places of these warnings in `text`, valid for `rule` with the groups `g`, each
/// warned part written in `fixed` (the text with its other faults stood in for) as the
/// module comment says; `None` when one of them is Python's to tell.
pub(crate) fn form_places(
    text: &str,
    g: &Groups,
    rule: Rule,
    fixed: &mut [u8],
) -> Option<Vec<Place>> {
    let s = text.as_bytes();
    let mut places: Vec<Place> = Vec::new();
    let scheme = g.scheme.map(|(a, b)| &text[a..b]);
    // RFC 3986 3.1: the scheme, whole
    if let (Some((a, b)), Some(sc)) = (g.scheme, scheme) {
        if sc.bytes().any(|c| c.is_ascii_uppercase()) {
            fixed[a..b].make_ascii_lowercase();
            places.push((a, b, "scheme", Fault::UpperScheme(short(sc))));
        }
    }
    // RFC 3986 3.2.1: a password, from the userinfo's first ":" to its end; every ":" of
    // the userinfo written `~` (unreserved, neither L nor R: the userinfo is one piece
    // of 4.2, and nothing else reads its colons)
    if let Some((a, b)) = g.userinfo {
        if let Some(colon) = s[a..b].iter().position(|&c| c == b':') {
            for c in &mut fixed[a + colon..b] {
                if *c == b':' {
                    *c = b'~';
                }
            }
            places.push((a + colon, b, "userinfo", Fault::Password));
        }
    }
    // RFC 3986 3.2.2: the host, whole
    if let Some((a, b)) = g.host {
        let host = &s[a..b];
        if host.iter().any(u8::is_ascii_uppercase) {
            let fault = if host[0] == b'[' {
                Fault::UpperHost(None)
            } else if host.is_ascii()
                && !host.contains(&b'%')
                && !host.windows(2).any(|w| w == b"--")
            {
                Fault::UpperHost(Some(repr_plain_ascii(&short(&text[a..b]))?))
            } else {
                return None;
            };
            fixed[a..b].make_ascii_lowercase();
            places.push((a, b, "host", fault));
        }
    }
    // RFC 3986 3.2.3: the ":" of an empty port (dropped from `fixed` by `faults`)
    if let Some((a, a_)) = g.port.filter(|&(a, b)| a == b) {
        debug_assert_eq!(a, a_);
        places.push((a - 1, a, "port", Fault::EmptyPort));
    }
    // RFC 3986 3.2.3, 6.2.3: the port with its ":"
    if let (Some((a, b)), Some(sc)) = (g.port, scheme) {
        if is_default_port(sc.as_bytes(), &s[a..b]) {
            fixed[a..b].fill(b'0');
            places.push((
                a - 1,
                b,
                "port",
                Fault::DefaultPort(text[a..b].to_owned(), sc.to_owned()),
            ));
        }
    }
    // RFC 3986 3.3: "." and ".." segments of a path that starts with "/" (or of any path
    // but a relative reference's), as `iri.syntax.check_path.path` splits it
    let (p0, p1) = g.path;
    let path = &s[p0..p1];
    if dots_checked(path, g.relative_path(rule)) {
        let mut start = p0;
        for segment in path.split(|&c| c == b'/') {
            if segment == b"." || segment == b".." {
                if places.len() == PLACES_MAX {
                    return None; // more than the core tells: Python counts them
                }
                let end = start + segment.len();
                fixed[start..end].fill(STAND_IN);
                places.push((start, end, "path", Fault::DotSegment(segment.len() == 2)));
            }
            start += segment.len() + 1;
        }
    }
    Some(places)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{validate, Verdict};

    /// The places (byte spans and components) and the text as written in `fixed`.
    type Told = (Vec<(usize, usize, &'static str)>, String);

    fn told(text: &str) -> Option<Told> {
        let Verdict::Valid(g) = validate(text, Rule::IriReference, false) else {
            panic!("valid: {text}")
        };
        let mut fixed = text.as_bytes().to_vec();
        let places = form_places(text, &g, Rule::IriReference, &mut fixed)?;
        let spans = places.iter().map(|p| (p.0, p.1, p.2)).collect();
        Some((spans, String::from_utf8(fixed).expect("ASCII written")))
    }

    #[test]
    fn each_warning_placed_and_stood_in_for() {
        assert_eq!(
            told("HTTP://Ex.ORG:080/a/./b/..?q#f"),
            Some((
                vec![
                    (0, 4, "scheme"),
                    (7, 13, "host"),
                    (13, 17, "port"),
                    (20, 21, "path"),
                    (24, 26, "path")
                ],
                "http://ex.org:000/a/g/b/gg?q#f".to_owned()
            ))
        );
        // a relative path that does not start with "/": no dot-segment; one that does: two
        assert_eq!(told("./a/.."), Some((vec![], "./a/..".to_owned())));
        assert_eq!(
            told("/./.."),
            Some((vec![(1, 2, "path"), (3, 5, "path")], "/g/gg".to_owned()))
        );
        // "..." and ".a" are no dot-segments; a port that is not the default is no warning
        assert_eq!(
            told("http://h:8080/.../.a/"),
            Some((vec![], "http://h:8080/.../.a/".to_owned()))
        );
        // a password: from the first ":", every ":" of the userinfo stood in for
        assert_eq!(
            told("//u:p:q@h/"),
            Some((vec![(3, 7, "userinfo")], "//u~p~q@h/".to_owned()))
        );
        // an empty port: its ":" placed, left in `fixed` for `faults` to drop
        assert_eq!(
            told("//h:/a"),
            Some((vec![(3, 4, "port")], "//h:/a".to_owned()))
        );
        // an IP literal's hexadecimal digits
        assert_eq!(
            told("http://[::A]/"),
            Some((vec![(7, 12, "host")], "http://[::a]/".to_owned()))
        );
    }

    #[test]
    fn left_to_python() {
        for text in [
            "http://XN--bcher-kva.example/", // its IDNA checks read the case
            "http://Bücher.example/",        // a non-ASCII host: the IDNA checks'
        ] {
            assert_eq!(told(text), None, "{text}");
        }
        // placed for any scheme (`faults` leaves `mailto` and `data` to Python); `file`
        // reads none of what is written
        assert_eq!(
            told("MAILTO:a@b"),
            Some((vec![(0, 6, "scheme")], "mailto:a@b".to_owned()))
        );
        assert_eq!(
            told("FILE:///./a"),
            Some((
                vec![(0, 4, "scheme"), (8, 9, "path")],
                "file:///g/a".to_owned()
            ))
        );
    }

    #[test]
    fn quoted_as_repr_quotes() {
        assert_eq!(repr_plain_ascii("a'b").as_deref(), Some("\"a'b\""));
        assert_eq!(repr_plain_ascii("ab").as_deref(), Some("'ab'"));
        assert_eq!(repr_plain_ascii("a\\b"), None);
        assert_eq!(repr_plain_ascii("a\tb"), None);
        assert_eq!(short(&"a".repeat(41)), format!("{}...", "a".repeat(40)));
    }

    #[test]
    fn no_default_port_is_zero() {
        // the stand-in of a default port is zeros: no scheme may have 0 as its default
        for (name, _) in crate::tables::DEFAULT_PORTS {
            assert!(!is_default_port(name.as_bytes(), b"000"), "{name}");
        }
    }
}
