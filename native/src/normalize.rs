//! Syntax- and scheme-based normalization (RFC 3987 5.3.2, 5.3.3; RFC 3986 6.2.2, 6.2.3),
//! the twin of `iri.normalize(text, level=...)` without character normalization or
//! equivalences. The IDN step of 5.3.3 (ToUnicode(ToASCII(host))) is the caller's
//! function, the Python `idna` package; a `mailto` path at the scheme level is left to
//! Python (`None`).

use std::borrow::Cow;

use crate::convert::{decodable, decode, decode_with, may_decode, uses_dns};
use crate::resolve::remove_dot_segments;
use crate::rule::Rule;
use crate::tables::{ADDR_SPEC_PATH_SCHEMES, DEFAULT_HOSTS, DEFAULT_PORTS, EMPTY_PATH_IS_SLASH};
use crate::validate::{validate, Verdict};

/// The rungs this module climbs (RFC 3987 5.3.2 and 5.3.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level {
    Syntax,
    Scheme,
}

impl Level {
    /// `iri.Level` values; `None` for "simple" (Python's) and anything else.
    pub fn from_name(name: &str) -> Option<Level> {
        match name {
            "syntax" => Some(Level::Syntax),
            "scheme" => Some(Level::Scheme),
            _ => None,
        }
    }
}

/// 5.3.2.3 then 5.3.2.1 for one component (`_percent`): a raw non-ASCII character that
/// URI-to-IRI conversion keeps encoded is written encoded (`INAPPROPRIATE_CHARACTERS`; in
/// a valid component, exactly the non-ASCII ones `may_decode` refuses), then the escapes
/// that may stand decoded are decoded. Borrowed when nothing changes (no escape, no such
/// character).
fn percent(text: &str, in_query: bool) -> Cow<'_, str> {
    let encoded = encode_inappropriate(text, in_query);
    if !encoded.contains('%') {
        return encoded;
    }
    let mut out = String::with_capacity(encoded.len());
    decode_with(&encoded, in_query, true, &mut out);
    Cow::Owned(out)
}

/// `text` with every raw non-ASCII character that `may_decode` refuses written as the
/// `%HH` of its UTF-8 (`INAPPROPRIATE_CHARACTERS`).
fn encode_inappropriate(text: &str, in_query: bool) -> Cow<'_, str> {
    if decodable(in_query).holds_non_ascii(text) {
        return Cow::Borrowed(text);
    }
    let mut encoded = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_ascii() || may_decode(c, in_query) {
            encoded.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                encoded.push('%');
                encoded.push(char::from(b"0123456789ABCDEF"[usize::from(b >> 4)]));
                encoded.push(char::from(b"0123456789ABCDEF"[usize::from(b & 15)]));
            }
        }
    }
    Cow::Owned(encoded)
}

/// Lowercase an ASCII host, the hex digits of its escapes uppercase (`_lower_ascii`).
fn lower_ascii(host: &str) -> String {
    let s = host.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%'
            && i + 2 < s.len()
            && s[i + 1].is_ascii_hexdigit()
            && s[i + 2].is_ascii_hexdigit()
        {
            out.push('%');
            out.push(s[i + 1].to_ascii_uppercase() as char);
            out.push(s[i + 2].to_ascii_uppercase() as char);
            i += 3;
        } else {
            out.push(s[i].to_ascii_lowercase() as char);
            i += 1;
        }
    }
    out
}

/// 5.3.2.1 (IP literals and US-ASCII hosts are case-insensitive) and 5.3.2.3 (`_syntax_host`).
/// Borrowed when nothing changes (no escape, no uppercase letter).
fn syntax_host(host: &str) -> Cow<'_, str> {
    if !host.bytes().any(|b| b == b'%' || b.is_ascii_uppercase()) {
        return Cow::Borrowed(host); // decoding and lowercasing leave it as it is
    }
    Cow::Owned(syntax_host_changed(host))
}

fn syntax_host_changed(host: &str) -> String {
    if host.starts_with('[') {
        return host.to_ascii_lowercase();
    }
    let mut decoded = String::with_capacity(host.len());
    decode(host, false, &mut decoded);
    if decoded.is_ascii() {
        lower_ascii(&decoded)
    } else {
        decoded
    }
}

/// RFC 3986 6.2.3 / 3.2.3: an empty port or the scheme's default is elided; leading zeros
/// do not change the number (`_port`).
fn port(port: &str, scheme: Option<&str>) -> Option<String> {
    let stripped = port.trim_start_matches('0');
    let value = if stripped.is_empty() && !port.is_empty() {
        "0"
    } else {
        stripped
    };
    let default = scheme
        .and_then(|s| DEFAULT_PORTS.iter().find(|(n, _)| *n == s))
        .map(|(_, p)| *p);
    if value.is_empty() || Some(value) == default {
        None
    } else {
        Some(value.to_owned())
    }
}

/// `iri.normalize(text, level=level)`, or `None` to defer: an invalid text (Python raises),
/// a host whose escapes need the IDN check, a `mailto` path at the scheme level, or a
/// host `dns_host` cannot map here (it returns `None`).
pub fn normalize(
    text: &str,
    level: Level,
    dns_host: &mut dyn FnMut(&str) -> Option<String>,
) -> Option<String> {
    let mut out = String::with_capacity(text.len() + 2);
    normalize_into(text, level, dns_host, &mut out).then_some(out)
}

/// [`normalize`], written at the end of `out`; `false` (and `out` as it was) to defer.
pub fn normalize_into(
    text: &str,
    level: Level,
    dns_host: &mut dyn FnMut(&str) -> Option<String>,
    out: &mut String,
) -> bool {
    let Verdict::Valid(g) = validate(text, Rule::IriReference, false) else {
        return false;
    };
    let part = |span: Option<(usize, usize)>| span.map(|(a, b)| &text[a..b]);
    // 5.3.2.1: the scheme is case-insensitive
    let scheme = part(g.scheme).map(|s| {
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    });
    let scheme = scheme.as_deref();
    let dns = uses_dns(scheme); // read once: a scan of the table of DNS schemes
    let authority = part(g.authority);
    // 5.3.2.3, component by component (iprivate decoded only in the query)
    let userinfo = part(g.userinfo).map(|u| percent(u, false));
    let mut path = percent(&text[g.path.0..g.path.1], false);
    let query = part(g.query).map(|q| percent(q, true));
    let fragment = part(g.fragment).map(|f| percent(f, false));
    let mut host = part(g.host).map(syntax_host);
    // 5.3.2.3 in a host whose escaped UTF-8 need not be an IDN (no DNS scheme): one
    // spelling per character, what to_iri keeps encoded written encoded (`normalize`)
    if let Some(h) = host.as_mut() {
        if !h.is_ascii() && !h.starts_with('[') && !dns {
            let encoded = encode_inappropriate(h, false).into_owned();
            *h = Cow::Owned(if encoded.is_ascii() {
                lower_ascii(&encoded)
            } else {
                encoded
            });
        }
    }
    // 5.3.2.4: remove_dot_segments where resolution would apply it (RFC 3986 5.2.2)
    if scheme.is_some() || authority.is_some() || path.starts_with('/') {
        if let Cow::Owned(p) = remove_dot_segments(&path) {
            path = Cow::Owned(p);
        }
        if authority.is_none() && path.starts_with("//") {
            path.to_mut().insert_str(0, "/."); // write_path_without_authority
        }
    }
    let mut port_text = part(g.port).map(Cow::Borrowed);
    if level == Level::Scheme {
        // 5.3.3 Scheme-Based Normalization
        if let Some(p) = part(g.port) {
            port_text = port(p, scheme).map(Cow::Owned);
        }
        if let Some(sc) = scheme {
            if let Some(h) = host.as_mut() {
                let facts = HostFacts::of(h);
                if dns && facts.percent && !facts.ascii {
                    return false; // escaped UTF-8 meets its characters in Python's dns_host
                }
                if dns && facts.needs_idn(h) {
                    let Some(mapped) = dns_host(h) else {
                        return false;
                    };
                    *h = Cow::Owned(mapped);
                }
                let default = DEFAULT_HOSTS
                    .iter()
                    .find(|(n, _)| *n == sc)
                    .map(|(_, d)| *d);
                if userinfo.is_none() && port_text.is_none() && default == Some(h.as_ref()) {
                    *h = Cow::Borrowed("");
                }
                if path.is_empty() && EMPTY_PATH_IS_SLASH.contains(&sc) {
                    path.to_mut().push('/');
                }
            }
            if ADDR_SPEC_PATH_SCHEMES.contains(&sc) {
                return false; // the addr-spec domains: Python's `_addr_specs`
            }
        }
    }
    // RFC 3986 5.3 recomposition
    if let Some(sc) = scheme {
        out.push_str(sc);
        out.push(':');
    }
    if let Some(h) = &host {
        out.push_str("//");
        if let Some(u) = &userinfo {
            out.push_str(u);
            out.push('@');
        }
        out.push_str(h);
        if let Some(p) = &port_text {
            out.push(':');
            out.push_str(p);
        }
    }
    out.push_str(&path);
    if let Some(q) = &query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = &fragment {
        out.push('#');
        out.push_str(f);
    }
    true
}

/// What the scheme level asks of a host, read in one pass (a host is short: one loop
/// costs less than a search per question).
struct HostFacts {
    percent: bool,
    ascii: bool,
    /// "xn--" somewhere (`has_a_label`)
    ace: bool,
}

impl HostFacts {
    fn of(host: &str) -> HostFacts {
        let s = host.as_bytes();
        let mut facts = HostFacts {
            percent: false,
            ascii: true,
            ace: false,
        };
        for (i, &b) in s.iter().enumerate() {
            facts.percent |= b == b'%';
            facts.ascii &= b < 0x80;
            facts.ace |= b == b'x' && s[i..].starts_with(b"xn--");
        }
        facts
    }

    /// Whether `dns_host` maps this syntax-normalized host (else it returns it as it is).
    fn needs_idn(&self, host: &str) -> bool {
        !(host.is_empty() || self.percent || (self.ascii && !self.ace))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples() {
        let mut upper = |h: &str| Some(h.to_owned());
        let n = |t: &str, l: Level, f: &mut dyn FnMut(&str) -> Option<String>| normalize(t, l, f);
        assert_eq!(
            n(
                "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
                Level::Syntax,
                &mut upper
            )
            .as_deref(),
            Some("example://a/b/c/%7Bfoo%7D/rosé")
        );
        assert_eq!(
            n(
                "http://example.org/a%2Fb?%ee%80%80#%E2%80%AE",
                Level::Syntax,
                &mut upper
            )
            .as_deref(),
            Some("http://example.org/a%2Fb?\u{e000}#%E2%80%AE")
        );
        assert_eq!(
            n("HTTP://Example.ORG:080", Level::Scheme, &mut upper).as_deref(),
            Some("http://example.org/")
        );
        assert_eq!(
            n("file://localhost/a", Level::Scheme, &mut upper).as_deref(),
            Some("file:///a")
        );
        // 5.3.2.3: one spelling per character; what to_iri keeps encoded is written encoded
        assert_eq!(
            n("http://h/a\u{200b}?\u{feff}", Level::Syntax, &mut upper).as_deref(),
            Some("http://h/a%E2%80%8B?%EF%BB%BF")
        );
        // ... in a host of a scheme without DNS too
        assert_eq!(
            n("foo://a\u{34f}b/", Level::Syntax, &mut upper).as_deref(),
            Some("foo://a%CD%8Fb/")
        );
        assert_eq!(n("mailto:A@B", Level::Scheme, &mut upper), None);
        // written after what the buffer holds; nothing written when deferred
        let mut out = String::from("kept|");
        assert!(normalize_into(
            "HTTP://A/./b",
            Level::Syntax,
            &mut upper,
            &mut out
        ));
        assert_eq!(out, "kept|http://a/b");
        assert!(!normalize_into(
            "mailto:A@B",
            Level::Scheme,
            &mut upper,
            &mut out
        ));
        assert_eq!(out, "kept|http://a/b");
        assert_eq!(n("a b", Level::Syntax, &mut upper), None);
    }
}
