//! Whether a valid text of a scheme with checks of its own (guidelines draft 6,
//! `iri.syntax.schemes`) draws none of them, for [`crate::clean`]: `file` (RFC 8089),
//! `urn` (RFC 8141), `mailto` (RFC 6068) and `data` (RFC 2397), each read as its Python
//! module reads it, or more strictly (then `false`: Python decides). The scheme is
//! lowercase here.

use crate::validate::Groups;

/// Whether the text (`s`, groups `g`) of scheme `scheme` draws no warning of its scheme.
pub(crate) fn scheme_clean(scheme: &[u8], g: &Groups, s: &[u8]) -> bool {
    match scheme {
        b"file" => file_ok(g, s),
        b"urn" => urn_ok(g, s),
        b"mailto" => mailto_ok(g, s),
        b"data" => data_ok(g, s),
        _ => false,
    }
}

/// A `file` IRI (RFC 8089 2, `iri.syntax.schemes.file`: `file-hier-part = ( "//"
/// auth-path ) / local-path`, `local-path = path-absolute`): one with an authority, or
/// whose path is empty or starts with "/". A path that starts otherwise is
/// `file-path-not-absolute` unless it starts with a DOS drive letter (E.2): Python's.
fn file_ok(g: &Groups, s: &[u8]) -> bool {
    let path = &s[g.path.0..g.path.1];
    g.authority.is_some() || path.is_empty() || path[0] == b'/'
}

/// A `urn` (RFC 8141 2, `iri.syntax.schemes.urn`): no authority; a path `NID ":" NSS`
/// (cut at its first ":"), the NID 2-32 letters, digits and inner hyphens, the NSS not
/// empty and not starting with "/"; a query, if any (even empty), of r- and q-components.
fn urn_ok(g: &Groups, s: &[u8]) -> bool {
    if g.authority.is_some() {
        return false;
    }
    let path = &s[g.path.0..g.path.1];
    let Some(colon) = path.iter().position(|&c| c == b':') else {
        return false; // an empty NSS
    };
    let (nid, nss) = (&path[..colon], &path[colon + 1..]);
    let nid_ok = (2..=32).contains(&nid.len())
        && nid[0].is_ascii_alphanumeric()
        && nid[nid.len() - 1].is_ascii_alphanumeric()
        && nid.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-');
    nid_ok
        && nss.first().is_some_and(|&c| c != b'/')
        && g.query.is_none_or(|(a, b)| rq_components_ok(&s[a..b]))
}

/// `rq_components`: `"+" r-component [ "?=" q-component ]` or `"=" q-component`, each
/// not empty and not starting with "/" or "?".
fn rq_components_ok(query: &[u8]) -> bool {
    let (r, q) = if let Some(rest) = query.strip_prefix(b"+") {
        match rest.windows(2).position(|w| w == b"?=") {
            Some(k) => (Some(&rest[..k]), Some(&rest[k + 2..])),
            None => (Some(rest), None),
        }
    } else if let Some(rest) = query.strip_prefix(b"=") {
        (None, Some(rest))
    } else {
        return false;
    };
    [r, q]
        .into_iter()
        .flatten()
        .all(|part| part.first().is_some_and(|&c| c != b'/' && c != b'?'))
}

/// A `mailto` IRI (RFC 6068 2, `iri.syntax.schemes.mailto`), read here when its path is
/// ASCII without escapes: no authority; each address of the path (cut at ",") a local part
/// and a domain (cut at its last "@") that are both dot-atoms (RFC 5322 3.2.4); each
/// header field of a query that is not empty (cut at "&") with an "=". A quoted local
/// part, a domain literal, an escape (the module reads the address decoded) or a
/// non-ASCII character (a domain for IDNA): Python's.
fn mailto_ok(g: &Groups, s: &[u8]) -> bool {
    let path = &s[g.path.0..g.path.1];
    if g.authority.is_some() || !path.is_ascii() || path.contains(&b'%') {
        return false;
    }
    let address_ok = |raw: &[u8]| match raw.iter().rposition(|&c| c == b'@') {
        Some(at) => dot_atom(&raw[..at]) && dot_atom(&raw[at + 1..]),
        None => false,
    };
    (path.is_empty() || path.split(|&c| c == b',').all(address_ok))
        && g.query.is_none_or(|(a, b)| {
            let query = &s[a..b];
            query.is_empty() || query.split(|&c| c == b'&').all(|f| f.contains(&b'='))
        })
}

/// RFC 5322 3.2.3 `dot-atom-text = 1*atext *("." 1*atext)`, ASCII `atext`.
fn dot_atom(text: &[u8]) -> bool {
    const ATEXT_MARKS: &[u8] = b"!#$%&'*+-/=?^_`{|}~";
    text.split(|&c| c == b'.').all(|atom| {
        !atom.is_empty()
            && atom
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || ATEXT_MARKS.contains(c))
    })
}

/// A `data` IRI (RFC 2397 3, `iri.syntax.schemes.data`), read here without escapes: no
/// authority; its body (the path and the query, up to the fragment: "?" is data there)
/// `head "," data`; the head an optional `type "/" subtype` and `";" attribute "="
/// value` parameters (RFC 2045 tokens), then `;base64` (in any case) or not; base64 data
/// in whole quads of its alphabet, "=" only as the last quad's padding. Other forms that
/// Python's `b64decode` takes (`YWJj=`), and escapes, which it decodes first: Python's.
fn data_ok(g: &Groups, s: &[u8]) -> bool {
    let end = g.fragment.map_or(s.len(), |(a, _)| a - 1);
    let body = &s[g.path.0..end];
    if g.authority.is_some() || body.contains(&b'%') {
        return false;
    }
    let Some(comma) = body.iter().position(|&c| c == b',') else {
        return false; // data-missing-comma
    };
    let mut head = &body[..comma];
    let base64 = head.len() >= 7 && head[head.len() - 7..].eq_ignore_ascii_case(b";base64");
    if base64 {
        head = &head[..head.len() - 7];
    }
    let mut parts = head.split(|&c| c == b';');
    let media_type = parts.next().unwrap_or_default();
    let split_ok =
        |part: &[u8], at: u8, right: fn(&[u8]) -> bool| match part.iter().position(|&c| c == at) {
            Some(k) => token(&part[..k]) && right(&part[k + 1..]),
            None => false,
        };
    (media_type.is_empty() || split_ok(media_type, b'/', token))
        && parts.all(|parameter| split_ok(parameter, b'=', |_| true))
        && (!base64 || base64_quads(&body[comma + 1..]))
}

/// RFC 2045 5.1 `token`: one or more US-ASCII characters but space, controls and
/// `tspecials`.
fn token(text: &[u8]) -> bool {
    const MARKS: &[u8] = b"!#$%&'*+-.^_`{|}~";
    !text.is_empty()
        && text
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || MARKS.contains(c))
}

/// Base64 in whole quads of `A-Z a-z 0-9 + /`, the last one padded with one or two "="
/// or not.
fn base64_quads(data: &[u8]) -> bool {
    let pad = data.iter().rev().take_while(|&&c| c == b'=').count();
    data.len().is_multiple_of(4)
        && pad <= 2
        && data[..data.len() - pad]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::Rule;
    use crate::validate::{validate, Verdict};

    fn clean(text: &str) -> bool {
        let Verdict::Valid(g) = validate(text, Rule::IriReference, false) else {
            panic!("valid: {text}")
        };
        let scheme = &text.as_bytes()[..g.scheme.expect("a scheme").1];
        scheme_clean(scheme, &g, text.as_bytes())
    }

    #[test]
    fn urns() {
        for t in [
            "urn:isbn:0451450523",
            "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
            "urn:a-b:c:d/e",
            "urn:example:a?+r?=q#f",
            "urn:example:a?=q",
            "urn:example:a?+r",
        ] {
            assert!(clean(t), "{t}");
        }
        for t in [
            "urn:a:b",            // an NID of one character
            "urn:-ab:c",          // a hyphen first
            "urn:ab-:c",          // last
            "urn:a_b:c",          // not a letter, digit or hyphen
            "urn:isbn",           // no NSS
            "urn:isbn:",          // an empty one
            "urn:isbn:/a",        // starting with "/"
            "urn:example:a?",     // an empty query
            "urn:example:a?q",    // neither "+" nor "="
            "urn:example:a?+",    // an empty r-component
            "urn:example:a?+r?=", // an empty q-component
            "urn:example:a?=/q",  // a q-component starting with "/"
            "urn://h/a",          // an authority
        ] {
            assert!(!clean(t), "{t}");
        }
        assert!(clean(&format!("urn:{}:x", "a".repeat(32))));
        assert!(!clean(&format!("urn:{}:x", "a".repeat(33))));
    }

    #[test]
    fn mailtos() {
        for t in [
            "mailto:a@example.org",
            "mailto:a.b+c@example.org,d@e",
            "mailto:",
            "mailto:a@b?subject=x&body=y",
            "mailto:?to=a@b",
        ] {
            assert!(clean(t), "{t}");
        }
        for t in [
            "mailto:a",                 // no "@"
            "mailto:@b",                // no local part
            "mailto:a@",                // no domain
            "mailto:a..b@c",            // an empty atom
            "mailto:a@b.",              // a dot last
            "mailto:a@b,",              // an empty address
            "mailto:a@b?subject",       // a header field without "="
            "mailto:a@b?x=1&y",         // the second one
            "mailto:%61@b",             // an escape: read decoded
            "mailto:a@b\u{e9}.example", // a domain for IDNA
            "mailto://h/a@b",           // an authority
        ] {
            assert!(!clean(t), "{t}");
        }
    }

    #[test]
    fn files() {
        assert!(clean("file:///a") && clean("file://h/a") && clean("file:"));
        assert!(!clean("file:a") && !clean("file:c:/a"));
        // another scheme: never here
        assert!(!clean("http://h/"));
    }

    #[test]
    fn datas() {
        for t in [
            "data:,a",
            "data:,",
            "data:text/plain,h\u{e9}llo?x",
            "data:text/plain;charset=utf-8,a",
            "data:;charset=,a",
            "data:image/png;base64,iVBORw0KGgo=",
            "data:;BASE64,YQ==",
            "data:;base64,",
            "data:,a#f",
        ] {
            assert!(clean(t), "{t}");
        }
        for t in [
            "data:a",                    // no ","
            "data:text,a",               // no subtype
            "data:text/,a",              // an empty one
            "data:t\u{e9}xt/plain,a",    // not a token
            "data:text/plain;charset,a", // a parameter without "="
            "data:;=x,a",                // an empty attribute
            "data:;base64,YQ",           // not whole quads
            "data:;base64,YWJj=",        // Python takes it; left to it
            "data:;base64,Y===",         // three "="
            "data:;base64,YQ==YQ==",     // "=" inside
            "data:;base64,Y-Q=",         // out of the alphabet
            "data:;base64,%59Q==",       // an escape: decoded first
            "data://h/,a",               // an authority
        ] {
            assert!(!clean(t), "{t}");
        }
    }
}
