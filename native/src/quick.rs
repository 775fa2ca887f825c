//! The validator's quick path: a text of the common shape, `scheme ":" ["//" host [":"
//! port]] rest`, read in runs that do not wait for one another. The grammar
//! ([`crate::validate::grammar_by`]) reads a URL as four or five runs, each from where the
//! last one stopped, so each run's first block waits for the search before it (a load,
//! three shuffles, a mask, a count of zeros). Here the rest's run starts right after the
//! scheme, and the searches for the host's end and for the first "?" at places known as
//! soon: the CPU reads them side by side. Measured in Rust, one thread (`decide_each`):
//! one run over a whole `web` URL costs 7.6 ns, the grammar's runs 24.6 ns, this path
//! 15-16 ns (`iri` 38.2 and 23-24 ns, `mixed` 25.7 and 16 ns).
//!
//! It finds the same groups as the grammar, or leaves the text to it: a text without a
//! scheme, with userinfo or an IP literal, or whose rest stops the run before its end
//! but for one "#" (a character outside the sets, a second "#", a private-use character
//! in a query, which the grammar passes). The tests compare the two on every text it
//! reads.
//!
//! The steps, with the grammar's rules (RFC 3986 3, RFC 3987 2.2):
//! 1. `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, byte by byte (a few).
//! 2. From there, a run of the query set. Its ASCII part is the path set and "?", which
//!    hold the reg-name set and ":" (the tests prove the nesting from the tables), and its
//!    non-ASCII part is theirs (`ucschar` without the bidi formatting characters, for the
//!    IRI rules; the grammar's query passes `iprivate` too, this run does not). So it
//!    passes the authority, the path and the query, and stops at the first "#" (or at
//!    what the grammar refuses).
//! 3. After `"//"`: the host, a run of the reg-name set, ends at the first byte outside
//!    it. The rest's run has passed its bytes, so that is the first of the query set's
//!    bytes outside the reg-name set (":" "/" "?" "@", a search of four bytes, no
//!    shuffle), or where the rest's run stopped. There, `":" *DIGIT` is the port; the
//!    authority must then end at "/", "?", "#" or the text's end (else it may hold
//!    userinfo: the grammar's).
//! 4. The path ends at the first "?" (none lies in the authority: the host stops at one),
//!    the query at the "#"; after it, a run of the fragment set to the end.

use crate::block::Stops;
use crate::chars::{in_class, Scanner, Wide};
use crate::rule::Rule;
use crate::tables::{FRAGMENT, QUERY, SCHEME, SCHEME_FIRST};
use crate::validate::{port_end, Groups};

/// The byte that starts a query.
const QUESTION: Stops = Stops::bytes(b"?");

/// The bytes of the query set outside the reg-name set.
const HOST_END: Stops = Stops::bytes(b":/?@");

/// The groups of `s` for `rule` and whether a "%" lies in them (as the grammar gives
/// them), when `s` has the shape this path reads; `None`: the grammar decides. Its runs
/// read by `scan`.
#[inline(always)]
pub fn quick<S: Scanner>(scan: S, s: &[u8], rule: Rule) -> Option<(Groups, bool)> {
    let n = s.len();
    if n == 0 || rule.forbids_scheme() || !in_class(s[0], SCHEME_FIRST) {
        return None;
    }
    // 1. the scheme
    let j = 1 + s[1..].iter().take_while(|&&b| in_class(b, SCHEME)).count();
    if j == n || s[j] != b':' {
        return None;
    }
    let wide = if rule.is_iri() { Wide::Ucs } else { Wide::None };
    let p = j + 1;
    // 2. the run of the rest, and the first "?", each independent of the host's run
    let (e, mut percent) = scan.run::<QUERY>(s, p, wide);
    let question = QUESTION.find(s, p);
    let mut g = Groups {
        scheme: Some((0, j)),
        ..Groups::default()
    };
    // 3. the authority
    let mut q = p;
    if s[p..].starts_with(b"//") {
        let a = p + 2;
        // the rest's run passed the host: it ends at the first byte of the query set
        // outside the reg-name set (":" "/" "?" "@"), or where that run stopped
        let h = HOST_END.find(s, a).min(e);
        q = h;
        if h < n && s[h] == b':' {
            q = port_end(s, h);
            g.port = Some((h + 1, q));
        }
        if q < n && !matches!(s[q], b'/' | b'?' | b'#') {
            return None;
        }
        g.host = Some((a, h));
        g.authority = Some((a, q));
    }
    debug_assert!(q <= e && q <= question);
    // 4. path, query, fragment
    if e < n {
        if s[e] != b'#' || rule.forbids_fragment() {
            return None;
        }
        let (end, noted) = scan.run::<FRAGMENT>(s, e + 1, wide);
        if end < n {
            return None;
        }
        percent |= noted;
        g.fragment = Some((e + 1, n));
    }
    if question < e {
        g.path = (q, question);
        g.query = Some((question + 1, e));
    } else {
        g.path = (q, e);
    }
    Some((g, percent))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::{classified, every_level, Bits, WithBits};
    use crate::chars::{Dispatched, Within};
    use crate::tables::{CLASS, PATH, REG_NAME, USERINFO};
    use crate::validate::grammar_by;

    const RULES: [Rule; 8] = [
        Rule::IriReference,
        Rule::Iri,
        Rule::AbsoluteIri,
        Rule::IrelativeRef,
        Rule::UriReference,
        Rule::Uri,
        Rule::AbsoluteUri,
        Rule::RelativeRef,
    ];

    /// `quick` inside one dispatch, through a `Bits` of this CPU.
    #[derive(Clone, Copy)]
    struct Quick<'a>(&'a [u8], Rule);

    impl WithBits for Quick<'_> {
        type Output = Option<(Groups, bool)>;
        fn with<B: Bits>(self, bits: B) -> Self::Output {
            quick(Within(bits), self.0, self.1)
        }
    }

    /// The nesting of the sets that the run of the query set stands for.
    #[test]
    fn the_sets_nest() {
        for b in 0..=127u8 {
            let class = CLASS[b as usize];
            let reg = class & REG_NAME != 0;
            let is = |set: &[u8]| set.contains(&b);
            assert_eq!(class & USERINFO != 0, reg || is(b":"), "{b:#x}");
            assert_eq!(class & PATH != 0, reg || is(b":@/"), "{b:#x}");
            assert_eq!(class & QUERY != 0, reg || is(b":@/?"), "{b:#x}");
            assert_eq!(class & FRAGMENT != 0, reg || is(b":@/?"), "{b:#x}");
        }
    }

    /// Where `quick` matches, the grammar matches alike; counts the texts it matched.
    fn same(text: &str, matched: &mut usize) {
        for rule in RULES {
            let fast = classified(Quick(text.as_bytes(), rule));
            assert_eq!(fast, quick(Dispatched, text.as_bytes(), rule), "{text:?}");
            // every level of the block reader, each inside its dispatch
            for level in every_level(Quick(text.as_bytes(), rule)) {
                assert_eq!(level, fast, "{text:?}");
            }
            if let Some(found) = fast {
                let grammar = grammar_by(Dispatched, text, rule, false);
                assert_eq!(Some(found), grammar, "{text:?} {rule:?}");
                *matched += 1;
            }
        }
    }

    #[test]
    fn matches_as_the_grammar_on_generated_texts() {
        let pieces = [
            "http",
            "a",
            "1",
            "+",
            ":",
            "//",
            "/",
            "?",
            "#",
            "@",
            "[",
            "]",
            "%",
            "%4",
            "%41",
            "8080",
            ".",
            "é",
            "東",
            "\u{200E}",
            "\u{E000}",
            "\u{FEFF}",
            " ",
            "\u{9C}",
            "\u{61C}",
            "ex.com",
            "x-y",
            "~",
            "'",
            "\u{10FFFD}",
            "\u{E0001}",
        ];
        let mut seed = 11u64;
        let mut matched = 0;
        for _ in 0..200_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mut x = seed;
            let len = (x % 12) as usize;
            let mut text = String::new();
            if !x.is_multiple_of(3) {
                text.push_str("http:");
            }
            for _ in 0..len {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                text.push_str(pieces[(x >> 33) as usize % pieces.len()]);
            }
            same(&text, &mut matched);
        }
        // the path is taken, on texts of every kind
        assert!(matched > 20_000, "{matched}");
    }

    #[test]
    fn matches_as_the_grammar_on_urls() {
        let mut matched = 0;
        for text in [
            "http://example.com",
            "http://example.com/",
            "http://example.com:8080/a/b?c=d&e#f",
            "http://example.com:/",
            "http://:80",
            "http:///a",
            "http://a:80@b/",
            "http://a:b@c/",
            "http://u@h/",
            "http://[::1]/",
            "http://h/a#b#c",
            "http://h/a?b?c#d?e/f",
            "mailto:a@b.example",
            "urn:isbn:0451450523",
            "http://résumé.example.org/東京?q=ü",
            "http://h/\u{E000}",
            "http://h/?\u{E000}",
            "http://h/%zz",
            "http://h%41/",
            "http://h:99999/",
            "s:",
            "s://",
            "s:#",
            "s:?",
        ] {
            same(text, &mut matched);
        }
        // every length across the blocks
        for n in 0..=100 {
            let text = format!("http://h/{}", "a".repeat(n));
            same(&text, &mut matched);
            let text = format!("http://{}/?#", "h".repeat(n));
            same(&text, &mut matched);
        }
        assert!(matched > 400, "{matched}");
    }
}
