//! The low-level per-value functions: the core's answer for one text, or `None` (defer:
//! the caller asks the Python twin).

use std::sync::atomic::Ordering;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::args::{groups, level_of, options, piece, scheme_str, text_of};
use super::column_out::Row;
use super::panic::core;
use super::twins::{bindings, idna_map, idna_simple, HostMap};
use super::UNICODE_OK;
use crate::clean as clean_core;
use crate::faults::{self, Faults};
use crate::rule::Rule;
use crate::split as split_core;
use crate::validate::{self, Decision, Verdict};

/// `iri.is_valid(text, rule=rule, zone_id=zone_id)`, or `None` to defer: a non-`str`, a
/// lone surrogate, an unknown option, or a host whose percent-encoded UTF-8 must be
/// checked as an IDN (UTS #46 ToASCII, the idna package).
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
pub(super) fn is_valid(
    text: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<bool>> {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return Ok(None);
    };
    Ok(
        match core("is_valid", || validate::decide(s, rule, zone))? {
            Decision::Valid => Some(true),
            Decision::Invalid => Some(false),
            Decision::Defer => None,
        },
    )
}

/// `True` only when `iri.check(text, rule=rule, zone_id=zone_id)` returns `[]`; `False`
/// means "ask Python" (it may or may not find something).
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
pub(super) fn clean(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return Ok(false);
    };
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    let verdict = core("clean", || clean_core::clean(s, rule, zone, unicode_ok))?;
    Ok(clean_answer(py, s, verdict))
}

/// The final answer of [`clean_core::clean`]: a non-ASCII host is clean when the IDNA
/// function of `to_uri` (`host_to_ascii`, cached per host) converts it to labels that
/// leave nothing to say ([`crate::hostname::idn_converted`]), and a right-to-left one when
/// `to_unicode` (cached too) gives it back from them; `false` when one raises or cannot
/// be loaded (then Python checks the text). The functions are the configured ones, or
/// loaded on first need as the drop-ins load them: the answer does not depend on whether
/// a drop-in ran first.
pub(super) fn clean_answer(py: Python<'_>, text: &str, verdict: clean_core::Clean) -> bool {
    let b = bindings(py).ok();
    verdict.answer(
        text,
        &mut |h| idna_map(py, b, HostMap::ToAscii, h),
        &mut |h| idna_map(py, b, HostMap::ToUnicode, h),
        &mut |h| idna_map(py, b, HostMap::Uts46, h),
    )
}

/// The violations of `iri.check(text, rule=rule, zone_id=zone_id)` when they are only
/// `invalid-character` ones of ASCII characters (`http://example.org/a b`) and
/// `reg-name-not-dns` ones of an ASCII host name (`http://my_host.example/`), as rows
/// (code, severity, component, start, end, section, message): [`crate::faults`]. `None`:
/// ask Python (there are none, or there may be others). A non-ASCII host is asked of IDNA
/// as by [`clean`].
#[pyfunction]
#[pyo3(signature = (text, rule=None, zone_id=None))]
pub(super) fn violations(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Vec<Row>>> {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return Ok(None);
    };
    fault_rows(py, "violations", s, rule, zone)
}

/// [`crate::faults`] of `text`, its host (if any) asked of IDNA as by [`clean`]: the rows
/// of `check`, or `None` to ask Python. What [`violations`] and the `check` column's GIL
/// pass both answer; `name` is the caller's, for the error of a panic.
pub(super) fn fault_rows(
    py: Python<'_>,
    name: &str,
    text: &str,
    rule: Rule,
    zone: bool,
) -> PyResult<Option<Vec<Row>>> {
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    let found = core(name, || faults::faults(text, rule, zone, unicode_ok))?;
    Ok(found
        .filter(|f| clean_answer(py, &f.fixed, f.verdict))
        .map(|f| rows(&f)))
}

/// The rows of `check` for [`Faults`] whose host, if any, was found clean.
pub(super) fn rows(faults: &Faults) -> Vec<Row> {
    faults
        .found
        .iter()
        .map(|f| {
            let (code, severity, section) = f.code();
            (
                code.to_owned(),
                severity.to_owned(),
                Some(f.component.to_owned()),
                f.start as i64,
                f.end as i64,
                section.to_owned(),
                f.message(),
            )
        })
        .collect()
}

/// The fields of `iri.split(text)` as a 5-tuple (scheme, authority, path, query,
/// fragment), or `None` for a non-`str` or a lone surrogate.
#[pyfunction]
pub(super) fn split<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let Some(s) = text_of(text) else {
        return Ok(None);
    };
    let p = core("split", || split_core::split(s))?;
    let items = [
        match p.scheme {
            Some((a, b)) => scheme_str(py, &s[a..b]), // a ":" follows: never all of it
            None => py.None().into_bound(py),
        },
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
pub(super) fn parse_groups<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let (Some(s), Some((rule, zone))) = (text_of(text), options(rule, zone_id)) else {
        return Ok(None);
    };
    let Verdict::Valid(g) = core("parse_groups", || validate::validate(s, rule, zone))? else {
        return Ok(None);
    };
    let items = groups(py, text, s, &g);
    PyTuple::new(py, items).map(Some)
}

/// `iri.resolve(base, reference)` with the default options (RFC 3986 5.2, strict,
/// both arguments validated), or `None` to defer: a non-`str`, a lone surrogate, an
/// invalid argument, a base without a scheme, a host with escaped UTF-8.
#[pyfunction]
pub(super) fn resolve(
    base: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
) -> PyResult<Option<String>> {
    let (Some(b), Some(r)) = (text_of(base), text_of(reference)) else {
        return Ok(None);
    };
    core("resolve", || crate::resolve::resolve(b, r))
}

/// `iri.to_uri(text)` with the default options, or `None` to defer: a non-`str`, a lone
/// surrogate, an invalid text, or a non-ASCII host of a DNS scheme that is no name of
/// simple labels (their IDNA is Python's; [`host_to_ascii`]).
#[pyfunction]
pub(super) fn to_uri(text: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let Some(s) = text_of(text) else {
        return Ok(None);
    };
    core("to_uri", || {
        crate::convert::to_uri(s, &mut |h| idna_simple(HostMap::ToAscii, h))
    })
}

/// `iri.syntax.hosts.host_to_ascii(host)` (3987bis 3.4.2: the A-labels of an `ireg-name`)
/// when the core decides it alone, a name of simple labels (`crate::idna_simple`), or
/// `None` to defer (any other host, or a running Python whose Unicode the tables do not
/// hold for).
#[pyfunction]
pub(super) fn host_to_ascii(host: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let Some(s) = text_of(host) else {
        return Ok(None);
    };
    core("host_to_ascii", || idna_simple(HostMap::ToAscii, s))
}

/// `iri.to_iri(text)` with the default options, or `None` to defer (as [`to_uri`]; the
/// IDNA step is any host of a DNS scheme with "%" or "xn--" in its authority, but a name
/// whose `xn--` labels are the A-labels of simple labels).
#[pyfunction]
pub(super) fn to_iri(text: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let Some(s) = text_of(text) else {
        return Ok(None);
    };
    core("to_iri", || {
        crate::convert::to_iri(s, &mut |h| idna_simple(HostMap::ToUnicode, h))
    })
}

/// `iri.normalize(text, level=level)` ("syntax" or "scheme", no other option), or `None`
/// to defer: a non-`str`, a lone surrogate, an invalid text, another level, a host with
/// escaped UTF-8, a DNS host with "xn--", or non-ASCII unless a name of simple labels, at
/// the scheme level (IDNA is Python's), a `mailto` path at the scheme level.
#[pyfunction]
#[pyo3(signature = (text, level=None))]
pub(super) fn normalize(
    text: &Bound<'_, PyAny>,
    level: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<String>> {
    let (Some(s), Some(lvl)) = (text_of(text), level_of(level)) else {
        return Ok(None);
    };
    core("normalize", || normalized(s, lvl))
}

/// What the core answers alone for `normalize(text, level=level)`: a DNS host only when
/// it is a name of simple labels ([`idna_simple`]). [`normalize`] and the CLI's
/// `normalize_lines` answer this.
pub(super) fn normalized(text: &str, level: crate::normalize::Level) -> Option<String> {
    crate::normalize::normalize(text, level, &mut |h| idna_simple(HostMap::Dns, h))
}
