//! IRI to URI (RFC 3987 3.1, 3987bis 3.3-3.4) and URI to IRI (3987bis 4.2), with the
//! default options of `iri.to_uri` / `iri.to_iri`. The IDNA step of a DNS host is not done
//! here: the caller passes a function (the Python `idna` package, cached) that maps one
//! host, so both modes share one IDNA implementation (issue 21).

use crate::block::Stops;
use crate::codeset::CodeSet;
use crate::rule::Rule;
use crate::tables::{DNS_HOST_SCHEMES, MAY_DECODE, MAY_DECODE_QUERY, UNRESERVED};
use crate::triplet;
use crate::validate::{validate, Groups, Verdict};

const HEX: &[u8; 16] = b"0123456789ABCDEF";

fn push_pct(out: &mut String, b: u8) {
    out.push('%');
    out.push(HEX[(b >> 4) as usize] as char);
    out.push(HEX[(b & 15) as usize] as char);
}

/// RFC 3987 3.1 step 2 for a valid IRI: every non-ASCII character percent-encoded as
/// UTF-8 with uppercase hex (`iri.percent.encode_non_ascii`); nothing else changes.
pub fn encode_non_ascii(text: &str, out: &mut String) {
    let s = text.as_bytes();
    let mut i = 0;
    // each ASCII run copied whole; each run of non-ASCII bytes (whole characters: it ends
    // at an ASCII byte or the end) written as escapes, up to 64 bytes at a time through a
    // buffer of ASCII
    while let Some(k) = s[i..].iter().position(|&b| b >= 0x80) {
        let p = i + k;
        out.push_str(&text[i..p]);
        let q = s[p..]
            .iter()
            .position(|&b| b < 0x80)
            .map_or(s.len(), |k| p + k);
        for chunk in s[p..q].chunks(64) {
            let mut buf = [0u8; 192];
            for (k, &b) in chunk.iter().enumerate() {
                buf[3 * k] = b'%';
                buf[3 * k + 1] = HEX[(b >> 4) as usize];
                buf[3 * k + 2] = HEX[(b & 15) as usize];
            }
            out.push_str(std::str::from_utf8(&buf[..3 * chunk.len()]).expect("escapes are ASCII"));
        }
        i = q;
    }
    out.push_str(&text[i..]);
}

static DECODABLE: CodeSet = CodeSet::new(MAY_DECODE);
static DECODABLE_IN_QUERY: CodeSet = CodeSet::new(MAY_DECODE_QUERY);

/// `iri.percent.may_decode(c, in_query=...)`: 3987bis 4.2 steps 2 and 4 for one character.
pub fn may_decode(c: char, in_query: bool) -> bool {
    let cp = c as u32;
    if cp < 0x80 {
        return crate::chars::in_class(cp as u8, UNRESERVED);
    }
    decodable(in_query).contains(cp)
}

/// The non-ASCII characters [`may_decode`] allows.
pub fn decodable(in_query: bool) -> &'static CodeSet {
    if in_query {
        &DECODABLE_IN_QUERY
    } else {
        &DECODABLE
    }
}

/// One run of pct-encoded octets (3987bis 4.2 steps 2-4, `iri.percent._decode_run`):
/// strictly legal UTF-8 characters are decoded where [`may_decode`] allows; an ASCII one
/// that may not stays as written; any other stays encoded with uppercase hex, as do the
/// octets that are not legal UTF-8 (step 3).
fn decode_run(run: &[u8], in_query: bool, upper: bool, out: &mut String) {
    let octets: Vec<u8> = run.chunks(3).map(triplet::octet).collect();
    let mut at = 0; // octet index
    for chunk in octets.utf8_chunks() {
        for c in chunk.valid().chars() {
            let width = c.len_utf8();
            if may_decode(c, in_query) {
                out.push(c);
            } else if c.is_ascii() {
                // step 2 never converts "%", reserved and not-allowed ASCII: as written
                // (or with uppercase hex: RFC 3987 5.3.2.1, for normalization)
                let written = &run[3 * at..3 * (at + 1)];
                if upper {
                    out.extend(written.iter().map(|&b| b.to_ascii_uppercase() as char));
                } else {
                    out.extend(written.iter().map(|&b| b as char));
                }
            } else {
                for &b in &octets[at..at + width] {
                    push_pct(out, b);
                }
            }
            at += width;
        }
        for &b in chunk.invalid() {
            push_pct(out, b);
            at += 1;
        }
    }
}

/// `iri.percent.decode(text, in_query=...)`: each run of "%" HEXDIG HEXDIG decoded as far
/// as 3987bis 4.2 allows; everything else as it is.
pub fn decode(text: &str, in_query: bool, out: &mut String) {
    decode_with(text, in_query, false, out);
}

/// [`decode`]; with `upper`, the escapes that stay are written with uppercase hex
/// (`iri.normalize._percent`: decode, then RFC 3986 2.1 / RFC 3987 5.3.2.1 case).
pub fn decode_with(text: &str, in_query: bool, upper: bool, out: &mut String) {
    let s = text.as_bytes();
    let mut i = 0;
    let mut lit = 0;
    loop {
        let p = triplet::PERCENT.find(s, i);
        if p == s.len() {
            break;
        }
        if !triplet::at(s, p) {
            i = p + 1;
            continue;
        }
        let mut e = p;
        while triplet::at(s, e) {
            e += 3;
        }
        out.push_str(&text[lit..p]);
        decode_run(&s[p..e], in_query, upper, out);
        lit = e;
        i = e;
    }
    out.push_str(&text[lit..]);
}

/// Whether `text` holds "xn--" (the prefix of an A-label) anywhere.
pub fn has_a_label(text: &str) -> bool {
    // each "x" found sixteen bytes at a time, inline (memmem would build a searcher per
    // call: more than a short host costs to read)
    const X: Stops = Stops::bytes(b"x");
    let s = text.as_bytes();
    let mut i = X.find(s, 0);
    while i < s.len() {
        if s[i..].starts_with(b"xn--") {
            return true;
        }
        i = X.find(s, i + 1);
    }
    false
}

/// Whether hosts of `scheme` are DNS names (`iri.schemes.uses_dns`).
pub fn uses_dns(scheme: Option<&str>) -> bool {
    scheme.is_some_and(|s| DNS_HOST_SCHEMES.iter().any(|d| d.eq_ignore_ascii_case(s)))
}

fn part(text: &str, span: Option<(usize, usize)>) -> Option<&str> {
    span.map(|(a, b)| &text[a..b])
}

/// The groups of a text `iri.to_uri` / `iri.to_iri` accept (a valid IRI reference), or
/// `None` (Python raises InvalidIRI, or checks an escaped host as an IDN).
fn valid(text: &str) -> Option<Groups> {
    match validate(text, Rule::IriReference, false) {
        Verdict::Valid(g) => Some(g),
        _ => None,
    }
}

/// `iri.to_uri(text)` with the default options (host="auto", no charset). `idna` maps a
/// non-ASCII host of a DNS scheme to its A-labels (`iri.idna.host_to_ascii`); `None`
/// from it, or an invalid text, gives `None`.
pub fn to_uri(text: &str, idna: &mut dyn FnMut(&str) -> Option<String>) -> Option<String> {
    let mut out = String::with_capacity(text.len() + text.len() / 2);
    to_uri_into(text, idna, &mut out).then_some(out)
}

/// `write` at the end of `out`: `true` when it finished, else `false` and `out` cut back to
/// what it held (a conversion that defers half way leaves nothing behind).
fn all_or_nothing(out: &mut String, write: impl FnOnce(&mut String) -> Option<()>) -> bool {
    let mark = out.len();
    let done = write(out).is_some();
    if !done {
        out.truncate(mark);
    }
    done
}

/// [`to_uri`], written at the end of `out`; `false` (and `out` as it was) to defer.
pub fn to_uri_into(
    text: &str,
    idna: &mut dyn FnMut(&str) -> Option<String>,
    out: &mut String,
) -> bool {
    all_or_nothing(out, |out| to_uri_at(text, idna, out))
}

fn to_uri_at(
    text: &str,
    idna: &mut dyn FnMut(&str) -> Option<String>,
    out: &mut String,
) -> Option<()> {
    let g = valid(text)?;
    if text.is_ascii() {
        // A valid IRI reference made of ASCII is a URI reference.
        out.push_str(text);
        return Some(());
    }
    let authority = part(text, g.authority);
    let mapped = authority.is_some_and(|a| !a.is_ascii()) && uses_dns(part(text, g.scheme));
    let Some((a0, a1)) = g.authority.filter(|_| mapped) else {
        // No host to map: 3987bis 3.3 over the whole text (the delimiters are ASCII).
        encode_non_ascii(text, out);
        return Some(());
    };
    out.push_str(&text[..a0]); // scheme "://" (ASCII)
    if let Some(u) = part(text, g.userinfo) {
        encode_non_ascii(u, out);
        out.push('@');
    }
    let host = part(text, g.host).unwrap_or_default();
    if host.starts_with('[') || host.is_ascii() {
        out.push_str(host); // IP literals and ASCII hosts stay (3987bis 3.4, RFC 3987 3.1)
    } else {
        out.push_str(&idna(host)?); // 3987bis 3.4.2
    }
    if let Some(p) = part(text, g.port) {
        out.push(':');
        out.push_str(p);
    }
    encode_non_ascii(&text[a1..], out);
    Some(())
}

/// `iri.to_iri(text)` with the default options (host="auto", keep_query_encoded="never").
/// `idna` is `iri.idna.to_unicode` for the host of a DNS scheme (step 7).
pub fn to_iri(text: &str, idna: &mut dyn FnMut(&str) -> Option<String>) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    to_iri_into(text, idna, &mut out).then_some(out)
}

/// [`to_iri`], written at the end of `out`; `false` (and `out` as it was) to defer.
pub fn to_iri_into(
    text: &str,
    idna: &mut dyn FnMut(&str) -> Option<String>,
    out: &mut String,
) -> bool {
    all_or_nothing(out, |out| to_iri_at(text, idna, out))
}

fn to_iri_at(
    text: &str,
    idna: &mut dyn FnMut(&str) -> Option<String>,
    out: &mut String,
) -> Option<()> {
    let g = valid(text)?;
    if !triplet::holds_percent(text.as_bytes()) && !has_a_label(text) {
        out.push_str(text);
        return Some(());
    }
    let path_start = g.path.0;
    match g.authority {
        Some((a0, _))
            if {
                let a = part(text, g.authority).unwrap_or_default();
                a.contains('%') || has_a_label(a)
            } =>
        {
            out.push_str(&text[..a0]);
            if let Some(u) = part(text, g.userinfo) {
                decode(u, false, out);
                out.push('@');
            }
            let host = part(text, g.host).unwrap_or_default();
            if host.starts_with('[') {
                out.push_str(host); // IP literal: nothing to decode
            } else if uses_dns(part(text, g.scheme)) {
                out.push_str(&idna(host)?); // step 7 only: escapes of a DNS host stay
            } else {
                decode(host, false, out);
            }
            if let Some(p) = part(text, g.port) {
                out.push(':');
                out.push_str(p);
            }
        }
        _ => out.push_str(&text[..path_start]),
    }
    // Steps 2-6 on the path, the query (where iprivate may be decoded) and the fragment.
    decode(&text[g.path.0..g.path.1], false, out);
    if let Some(q) = part(text, g.query) {
        out.push('?');
        decode(q, true, out);
    }
    if let Some(f) = part(text, g.fragment) {
        out.push('#');
        decode(f, false, out);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_labels_are_found_across_the_blocks() {
        for k in 0..40 {
            let pad = "ax".repeat(k);
            assert!(has_a_label(&format!("http://{pad}.xn--e1a/")), "{k}");
            assert!(has_a_label(&format!("{pad}xn--")), "{k}");
            assert!(!has_a_label(&format!("http://{pad}.xn-/xn-")), "{k}");
            assert!(!has_a_label(&format!("{pad}xxn-")), "{k}");
        }
    }

    #[test]
    fn dns_schemes_are_found_in_any_case() {
        for name in DNS_HOST_SCHEMES {
            assert!(uses_dns(Some(name)) && uses_dns(Some(&name.to_ascii_uppercase())));
            assert!(!uses_dns(Some(&format!("{name}x"))) && !uses_dns(Some(&format!("x{name}"))));
        }
        assert!(!uses_dns(None) && !uses_dns(Some("")) && !uses_dns(Some("mailto")));
    }

    fn no_idna(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn to_uri_examples() {
        let t = |s: &str| to_uri(s, &mut no_idna);
        assert_eq!(
            t("http://a/ros%09é#red").as_deref(),
            Some("http://a/ros%09%C3%A9#red")
        );
        assert_eq!(t("/\u{10300}").as_deref(), Some("/%F0%90%8C%80"));
        assert_eq!(t("foo://é/").as_deref(), Some("foo://%C3%A9/"));
        assert_eq!(t("http://é/"), None); // needs IDNA
        assert_eq!(t("a b"), None);
        let mut upper = |h: &str| Some(h.to_uppercase());
        assert_eq!(
            to_uri("http://u\u{e9}@\u{e9}:1/\u{e9}", &mut upper).as_deref(),
            Some("http://u%C3%A9@\u{c9}:1/%C3%A9")
        );
    }

    #[test]
    fn into_appends_or_leaves_as_it_was() {
        let mut out = String::from("kept|");
        assert!(to_uri_into("http://a/é?ü#東", &mut no_idna, &mut out));
        assert_eq!(out, "kept|http://a/%C3%A9?%C3%BC#%E6%9D%B1");
        // a DNS host needing IDNA, an invalid text: nothing written
        for t in ["http://é/ü", "a b", "http://a/é b"] {
            let mut out = String::from("kept|");
            assert!(!to_uri_into(t, &mut no_idna, &mut out), "{t}");
            assert_eq!(out, "kept|", "{t}");
            assert!(!to_iri_into(t, &mut no_idna, &mut out) || t == "http://é/ü");
        }
        let mut out = String::from("kept|");
        assert!(!to_iri_into(
            "http://xn--9ca/%C3%A9",
            &mut no_idna,
            &mut out
        ));
        assert_eq!(out, "kept|");
        assert!(to_iri_into("http://a/%C3%A9", &mut no_idna, &mut out));
        assert_eq!(out, "kept|http://a/é");
    }

    #[test]
    fn encode_non_ascii_matches_char_by_char() {
        let reference = |t: &str| {
            t.chars()
                .map(|c| {
                    if c.is_ascii() {
                        c.to_string()
                    } else {
                        let mut buf = [0u8; 4];
                        c.encode_utf8(&mut buf)
                            .bytes()
                            .map(|b| format!("%{b:02X}"))
                            .collect()
                    }
                })
                .collect::<String>()
        };
        let long = "東".repeat(40) + "a" + &"é".repeat(70);
        for t in ["", "abc", "é", "aé", "éa", "a😀b東c", long.as_str()] {
            let mut out = String::new();
            encode_non_ascii(t, &mut out);
            assert_eq!(out, reference(t), "{t}");
        }
    }

    #[test]
    fn decode_examples() {
        let d = |s: &str, q: bool| {
            let mut o = String::new();
            decode(s, q, &mut o);
            o
        };
        assert_eq!(d("D%C3%BCrst", false), "Dürst");
        assert_eq!(d("D%FCrst", false), "D%FCrst");
        assert_eq!(d("%e2%80%ae", false), "%E2%80%AE");
        assert_eq!(d("a%2Fb%2f", false), "a%2Fb%2f");
        assert_eq!(d("%EE%80%80", false), "%EE%80%80");
        assert_eq!(d("%EE%80%80", true), "\u{E000}");
        assert_eq!(d("%41%c3", false), "A%C3");
        assert_eq!(d("100%", false), "100%");
    }
}
