//! The Python module `iri._native`: thin bindings over the core. Contract in
//! `native/README.md`. Every function returns exactly what its Python twin returns, or
//! `None` ("defer": call the Python function), and never raises for any argument.

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::clean as clean_core;
use crate::split as split_core;
use crate::validate::{self, zone_from_name, Rule, Verdict};

/// Whether the running Python's `unicodedata` has the Unicode version of the tables
/// (set once at import; `clean` treats non-ASCII text as "ask Python" otherwise).
static UNICODE_OK: AtomicBool = AtomicBool::new(false);

/// The `&str` of a Python `str` without copying (the UTF-8 that CPython caches), or
/// `None` for a non-`str` or a `str` with a lone surrogate (no UTF-8 exists for it).
fn text_of<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    obj.cast::<PyString>().ok()?.to_str().ok()
}

/// The rule and zone-id options given as `iri.Rule` / `iri.ZoneID` members or their
/// values; `None` for anything else (Python raises its own error).
fn options(rule: Option<&Bound<'_, PyAny>>, zone_id: Option<&Bound<'_, PyAny>>) -> Option<(Rule, bool)> {
    let rule = match rule {
        None => Rule::IriReference,
        Some(r) => Rule::from_name(text_of(r)?)?,
    };
    let zone = match zone_id {
        None => false,
        Some(z) => zone_from_name(text_of(z)?)?,
    };
    Some((rule, zone))
}

/// The component `text[a..b]` as a Python `str`: the argument itself when it is all of
/// it (no copy), else a new `str`.
fn piece<'py>(
    py: Python<'py>,
    whole: &Bound<'py, PyAny>,
    text: &str,
    span: Option<(usize, usize)>,
) -> Bound<'py, PyAny> {
    match span {
        None => py.None().into_bound(py),
        Some((0, b)) if b == text.len() => whole.clone(),
        Some((a, b)) => PyString::new(py, &text[a..b]).into_any(),
    }
}

/// `iri.is_valid(text, rule=rule, zone_id=zone_id)`, or `None` to defer: a non-`str`, a
/// lone surrogate, an unknown option, or a host whose percent-encoded UTF-8 must be
/// checked as an IDN (UTS #46 ToASCII, the idna package).
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
fn is_valid(
    text: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> Option<bool> {
    let s = text_of(text)?;
    let (rule, zone) = options(rule, zone_id)?;
    match validate::validate(s, rule, zone) {
        Verdict::Valid(_) => Some(true),
        Verdict::Invalid => Some(false),
        Verdict::Idn(_) => None,
    }
}

/// `True` only when `iri.check(text, rule=rule, zone_id=zone_id)` returns `[]`; `False`
/// means "ask Python" (it may or may not find something).
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
fn clean(
    text: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> bool {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return false;
    };
    clean_core::clean(s, rule, zone, UNICODE_OK.load(Ordering::Relaxed))
}

/// The fields of `iri.split(text)` as a 5-tuple (scheme, authority, path, query,
/// fragment), or `None` for a non-`str` or a lone surrogate.
#[pyfunction]
fn split<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let Some(s) = text_of(text) else {
        return Ok(None);
    };
    let p = split_core::split(s);
    let items = [
        piece(py, text, s, p.scheme),
        piece(py, text, s, p.authority),
        piece(py, text, s, Some(p.path)),
        piece(py, text, s, p.query),
        piece(py, text, s, p.fragment),
    ];
    PyTuple::new(py, items).map(Some)
}

/// The groups `iri.parse` builds an `IRIReference` from, as an 8-tuple (scheme,
/// authority, userinfo, host, port, path, query, fragment), when `text` is valid for the
/// rule; `None` otherwise (invalid: Python raises `InvalidIRI`; or deferred as for
/// [`is_valid`]).
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
fn parse_groups<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return Ok(None);
    };
    let Verdict::Valid(g) = validate::validate(s, rule, zone) else {
        return Ok(None);
    };
    let items = g.as_array().map(|span| piece(py, text, s, span));
    PyTuple::new(py, items).map(Some)
}

/// For a chunk of lines (a list of `str`): one byte per line, 1 when `check(line, rule=...,
/// zone_id=...)` is `[]` (as [`clean`]), 0 when Python must check it. The lines are read
/// without the GIL held. `None` for an unknown option.
#[pyfunction]
#[pyo3(signature = (lines, rule=None, zone_id=None))]
fn clean_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> Option<Vec<u8>> {
    let (rule, zone) = options(rule, zone_id)?;
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    Some(py.detach(|| {
        texts
            .iter()
            .map(|t| match t {
                Some(s) => u8::from(clean_core::clean(s, rule, zone, unicode_ok)),
                None => 0,
            })
            .collect()
    }))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let version: String = py.import("unicodedata")?.getattr("unidata_version")?.extract()?;
    UNICODE_OK.store(version == crate::tables::UNICODE_VERSION, Ordering::Relaxed);
    m.add("UNICODE_VERSION", crate::tables::UNICODE_VERSION)?;
    m.add("UNICODE_OK", version == crate::tables::UNICODE_VERSION)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(clean, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(parse_groups, m)?)?;
    m.add_function(wrap_pyfunction!(clean_lines, m)?)?;
    Ok(())
}
