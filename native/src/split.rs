//! RFC 3986 Appendix B: the five components, total (every text splits), as byte ranges.
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//! ```
//! The twin of `iri.split` (the Python pattern is possessive, as this scan is).

use crate::block::Stops;

/// scheme, authority, path, query, fragment (`None`: absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub scheme: Option<(usize, usize)>,
    pub authority: Option<(usize, usize)>,
    pub path: (usize, usize),
    pub query: Option<(usize, usize)>,
    pub fragment: Option<(usize, usize)>,
}

/// The delimiters that end each part of Appendix B.
const SCHEME_END: Stops = Stops::bytes(b":/?#");
const AUTHORITY_END: Stops = Stops::bytes(b"/?#");
const PATH_END: Stops = Stops::bytes(b"?#");
const QUERY_END: Stops = Stops::bytes(b"#");
const AT: Stops = Stops::bytes(b"@");
const COLON: Stops = Stops::bytes(b":");

/// Split `text` by Appendix B. Delimiters are ASCII, so the scan runs over bytes: a
/// search for the next delimiter sixteen bytes at a time ([`Stops::find`]; a URL's parts
/// are short, where a call of `memchr` costs more than its search).
pub fn split(text: &str) -> Parts {
    let s = text.as_bytes();
    let n = s.len();
    let mut p = 0;
    // (([^:/?#]+):)?
    let e = SCHEME_END.find(s, 0);
    let scheme = if e > 0 && e < n && s[e] == b':' {
        p = e + 1;
        Some((0, e))
    } else {
        None
    };
    // (//([^/?#]*))?
    let authority = if s[p..].starts_with(b"//") {
        let e = AUTHORITY_END.find(s, p + 2);
        let a = (p + 2, e);
        p = e;
        Some(a)
    } else {
        None
    };
    // ([^?#]*)
    let e = PATH_END.find(s, p);
    let path = (p, e);
    p = e;
    // (\?([^#]*))?
    let query = if p < n && s[p] == b'?' {
        let e = QUERY_END.find(s, p + 1);
        let q = (p + 1, e);
        p = e;
        Some(q)
    } else {
        None
    };
    // (#(.*))?
    let fragment = if p < n && s[p] == b'#' {
        Some((p + 1, n))
    } else {
        None
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// userinfo, host, port of an authority (`None`: absent; the host is always there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuthorityParts {
    pub userinfo: Option<(usize, usize)>,
    pub host: (usize, usize),
    pub port: Option<(usize, usize)>,
}

/// Split `authority = [ userinfo "@" ] host [ ":" port ]` (RFC 3986 3.2), the twin of
/// `iri.syntax.split.split_authority`: the userinfo ends at the *last* `@`; a host that
/// starts with `[` runs to the first `]` (the whole rest without one), else to the first
/// `:`. Ranges are offsets into `authority`. Never fails.
pub fn split_authority(authority: &str) -> AuthorityParts {
    let s = authority.as_bytes();
    // the last "@": each found one after the other (an authority has seldom any)
    let mut last = None;
    let mut at = AT.find(s, 0);
    while at < s.len() {
        last = Some(at);
        at = AT.find(s, at + 1);
    }
    let (userinfo, start) = match last {
        Some(at) => (Some((0, at)), at + 1),
        None => (None, 0),
    };
    let rest = &s[start..];
    let colon = if rest.first() == Some(&b'[') {
        memchr::memchr(b']', rest)
            .and_then(|close| memchr::memchr(b':', &rest[close..]).map(|k| close + k))
    } else {
        Some(COLON.find(rest, 0)).filter(|&c| c < rest.len())
    };
    match colon {
        Some(c) => AuthorityParts {
            userinfo,
            host: (start, start + c),
            port: Some((start + c + 1, s.len())),
        },
        None => AuthorityParts {
            userinfo,
            host: (start, s.len()),
            port: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &str) -> [Option<&str>; 5] {
        let p = split(t);
        let f = |r: Option<(usize, usize)>| r.map(|(a, b)| &t[a..b]);
        [
            f(p.scheme),
            f(p.authority),
            Some(&t[p.path.0..p.path.1]),
            f(p.query),
            f(p.fragment),
        ]
    }

    #[test]
    fn appendix_b() {
        assert_eq!(
            texts("http://example.org/a?q#f"),
            [
                Some("http"),
                Some("example.org"),
                Some("/a"),
                Some("q"),
                Some("f")
            ]
        );
        assert_eq!(texts("a?#"), [None, None, Some("a"), Some(""), Some("")]);
        assert_eq!(texts(":a"), [None, None, Some(":a"), None, None]);
        assert_eq!(texts("é:x"), [Some("é"), None, Some("x"), None, None]);
        assert_eq!(texts("#a?b#c"), [None, None, Some(""), None, Some("a?b#c")]);
        assert_eq!(texts("////"), [None, Some(""), Some("//"), None, None]);
    }

    fn authority(a: &str) -> [Option<&str>; 3] {
        let p = split_authority(a);
        let get = |r: Option<(usize, usize)>| r.map(|(x, y)| &a[x..y]);
        [get(p.userinfo), get(Some(p.host)), get(p.port)]
    }

    #[test]
    fn authorities() {
        assert_eq!(
            authority("user@[::1]:80"),
            [Some("user"), Some("[::1]"), Some("80")]
        );
        assert_eq!(authority("a@b@h:"), [Some("a@b"), Some("h"), Some("")]);
        assert_eq!(authority(""), [None, Some(""), None]);
        assert_eq!(authority("[::1"), [None, Some("[::1"), None]);
        assert_eq!(authority("[v1.x]x:8"), [None, Some("[v1.x]x"), Some("8")]);
        assert_eq!(authority("h:1:2"), [None, Some("h"), Some("1:2")]);
    }
}
