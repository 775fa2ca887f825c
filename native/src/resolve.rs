//! Reference resolution, RFC 3986 5.2 (strict), with the default options of `iri.resolve`:
//! both arguments valid IRI references (RFC 3987 2.2; RFC 3987 6.5 applies 5.2 to IRIs as
//! they are), the base absolute (5.1). Anything else is left to Python (`None`), which
//! raises its own `InvalidIRI` / `ResolutionError`.

use std::borrow::Cow;

use crate::block::Stops;
use crate::rule::Rule;
use crate::validate::{validate, Groups, Verdict};

/// RFC 3986 5.2.4 remove_dot_segments, the algorithm as written (input and output
/// buffers), in linear time: step C truncates the output at its last "/", and each output
/// byte is scanned by such a search at most once before it is removed.
pub fn remove_dot_segments(path: &str) -> Cow<'_, str> {
    let s = path.as_bytes();
    // Without a segment "." or ".." (no "." at the start, or after a "/"), step 2E moves
    // every segment as it is: the output is the input.
    const DOT: Stops = Stops::bytes(b".");
    let mut dot = DOT.find(s, 0);
    while dot < s.len() && dot > 0 && s[dot - 1] != b'/' {
        dot = DOT.find(s, dot + 1);
    }
    if dot == s.len() {
        return Cow::Borrowed(path);
    }
    let n = s.len();
    // Every cut below is at a "/" (or 0) and every move is whole segments, so each slice
    // and truncation falls on a char boundary.
    let mut out = String::with_capacity(n);
    let mut i = 0;
    let pop = |out: &mut String| {
        let cut = out.rfind('/').unwrap_or(0);
        out.truncate(cut);
    };
    while i < n {
        let rest = &s[i..];
        if rest.starts_with(b"../") {
            // 2A: remove the prefix "../"
            i += 3;
        } else if rest.starts_with(b"./") {
            // 2A: remove the prefix "./"
            i += 2;
        } else if rest.starts_with(b"/./") {
            // 2B: "/./" -> "/"
            i += 2;
        } else if rest == b"/." {
            // 2B: a final "/." -> "/", which 2E then moves
            out.push('/');
            i = n;
        } else if rest.starts_with(b"/../") {
            // 2C: "/../" -> "/", and the last output segment and its "/" removed
            i += 3;
            pop(&mut out);
        } else if rest == b"/.." {
            // 2C: a final "/.." -> "/", the last output segment removed, then 2E
            pop(&mut out);
            out.push('/');
            i = n;
        } else if rest == b"." || rest == b".." {
            // 2D: the input is only "." or ".."
            i = n;
        } else {
            // 2E: move the first segment (with its initial "/", if any) to the output
            let start = i;
            if s[i] == b'/' {
                i += 1;
            }
            i += s[i..].iter().position(|&b| b == b'/').unwrap_or(n - i);
            out.push_str(&path[start..i]);
        }
    }
    Cow::Owned(out)
}

fn part(text: &str, span: Option<(usize, usize)>) -> Option<&str> {
    span.map(|(a, b)| &text[a..b])
}

/// RFC 3986 5.3 component recomposition, with the guard of `iri.resolve`: a path that
/// begins with "//" and has no authority before it is written "/.//..." (it would read as
/// an authority; docs/rationale.md). Written at the end of `t`.
fn recompose(
    t: &mut String,
    scheme: &str,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) {
    t.reserve(
        scheme.len()
            + path.len()
            + authority.map_or(0, str::len)
            + query.map_or(0, str::len)
            + fragment.map_or(0, str::len)
            + 8,
    );
    t.push_str(scheme);
    t.push(':');
    if let Some(a) = authority {
        t.push_str("//");
        t.push_str(a);
    } else if path.starts_with("//") {
        t.push_str("/.");
    }
    t.push_str(path);
    if let Some(q) = query {
        t.push('?');
        t.push_str(q);
    }
    if let Some(f) = fragment {
        t.push('#');
        t.push_str(f);
    }
}

/// RFC 3986 5.2.2 (strict) and 5.2.3 on two valid references, the base absolute: the
/// target written at the end of `t`.
fn transform(t: &mut String, base: &str, b: &Groups, reference: &str, r: &Groups) {
    let b_scheme = part(base, b.scheme).unwrap_or_default();
    let r_path = &reference[r.path.0..r.path.1];
    let (r_query, r_fragment) = (part(reference, r.query), part(reference, r.fragment));
    if let Some(scheme) = part(reference, r.scheme) {
        // if defined(R.scheme): T.scheme = R.scheme, T.authority = R.authority,
        // T.path = remove_dot_segments(R.path), T.query = R.query
        let path = remove_dot_segments(r_path);
        let authority = part(reference, r.authority);
        return recompose(t, scheme, authority, &path, r_query, r_fragment);
    }
    if let Some(authority) = part(reference, r.authority) {
        // if defined(R.authority): T.authority = R.authority, T.path = remove(R.path),
        // T.query = R.query; T.scheme = Base.scheme
        let path = remove_dot_segments(r_path);
        return recompose(t, b_scheme, Some(authority), &path, r_query, r_fragment);
    }
    let b_authority = part(base, b.authority);
    let b_path = &base[b.path.0..b.path.1];
    if r_path.is_empty() {
        // T.path = Base.path; T.query = R.query if defined, else Base.query
        let query = if r_query.is_some() {
            r_query
        } else {
            part(base, b.query)
        };
        return recompose(t, b_scheme, b_authority, b_path, query, r_fragment);
    }
    let path = if r_path.starts_with('/') {
        remove_dot_segments(r_path)
    } else if b_authority.is_some() && b_path.is_empty() {
        // 5.2.3: "/" concatenated with the reference's path
        remove_dot_segments(&format!("/{r_path}"))
            .into_owned()
            .into()
    } else {
        // 5.2.3: the base path without the characters after its right-most "/", then
        // the reference's path
        let dir = b_path.rfind('/').map_or("", |k| &b_path[..=k]);
        remove_dot_segments(&format!("{dir}{r_path}"))
            .into_owned()
            .into()
    };
    recompose(t, b_scheme, b_authority, &path, r_query, r_fragment)
}

/// A base checked once (valid, and absolute: RFC 3986 5.1), for any number of references
/// (a column of them resolved against one base).
pub struct Base<'a> {
    text: &'a str,
    groups: Groups,
}

impl<'a> Base<'a> {
    /// `None`: an invalid base, one without a scheme, or a host whose escapes Python must
    /// check as an IDN (Python then raises its own error).
    pub fn new(text: &'a str) -> Option<Base<'a>> {
        let Verdict::Valid(groups) = validate(text, Rule::IriReference, false) else {
            return None;
        };
        groups.scheme?;
        Some(Base { text, groups })
    }

    /// [`resolve`] against this base, written at the end of `out`; `false` (and `out` as
    /// it was) for a reference left to Python.
    pub fn resolve_into(&self, reference: &str, out: &mut String) -> bool {
        let Verdict::Valid(r) = validate(reference, Rule::IriReference, false) else {
            return false;
        };
        transform(out, self.text, &self.groups, reference, &r);
        true
    }
}

/// `iri.resolve(base, reference)` with the default options, or `None`: an invalid
/// argument, a base without a scheme, or a host whose escapes Python must check as an IDN.
pub fn resolve(base: &str, reference: &str) -> Option<String> {
    let base = Base::new(base)?;
    let mut out = String::new();
    base.resolve_into(reference, &mut out).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3986_5_4() {
        let base = "http://a/b/c/d;p?q";
        for (r, t) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
        ] {
            assert_eq!(resolve(base, r).as_deref(), Some(t), "{r}");
        }
        assert_eq!(
            resolve("scheme:", "/..//bar").as_deref(),
            Some("scheme:/.//bar")
        );
        assert_eq!(resolve("a/b", "c"), None);
        assert_eq!(resolve("http://a/", "a b"), None);
    }

    #[test]
    fn one_base_many_references() {
        // a relative or invalid base is refused once; a checked one appends each target
        // to what the buffer holds, and leaves it as it was for a reference it refuses
        assert!(Base::new("a/b").is_none() && Base::new("http://a b/").is_none());
        let base = Base::new("http://a/b/c/d;p?q").expect("an absolute base");
        let mut out = String::from("|");
        assert!(base.resolve_into("../g", &mut out));
        assert!(!base.resolve_into("a b", &mut out));
        assert!(base.resolve_into("#s", &mut out));
        assert_eq!(out, "|http://a/b/ghttp://a/b/c/d;p?q#s");
    }

    #[test]
    fn dot_segments() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
        assert_eq!(remove_dot_segments("..//g"), "/g");
        assert_eq!(remove_dot_segments("."), "");
        assert_eq!(remove_dot_segments("a/.."), "/");
        assert_eq!(remove_dot_segments("/.."), "/");
        // the search for a dot segment across the sixteen-byte blocks: dots inside
        // segments leave the path as it is (borrowed), one that starts a segment does not
        for k in 0..40 {
            let b = "b".repeat(k);
            let inside = format!("/a{b}.x/y.{b}/z.");
            assert!(matches!(remove_dot_segments(&inside), Cow::Borrowed(p) if p == inside));
            assert_eq!(remove_dot_segments(&format!("/{b}/./g")), format!("/{b}/g"));
            assert_eq!(remove_dot_segments(&format!("/{b}.x/../g")), "/g");
        }
    }
}
