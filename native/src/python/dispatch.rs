//! The drop-in functions, in the module as `api_*`, each named as its public function (its
//! `__name__`, its errors) and bound as it by `iri`: the native answer, or a call of the
//! Python twin with the same arguments. Each one's `text_signature` is its twin's, defaults
//! written as their strings, so that `help()` and `inspect.signature` show the real defaults
//! (`tests/native/test_native_api.py` holds the two equal); an option left out is
//! `Given(None)`, never a `None` the caller gave ([`Given`]).

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::args::{groups, level_of, options, result_str, text_of, Given};
use super::panic::core;
use super::twins::{bindings, idna_map, kwargs, HostMap, Twin};
use super::values::{clean, is_valid, resolve, split, violations};
use crate::validate::{self, Verdict};

/// Drop-in `iri.is_valid(text, *, rule=..., zone_id=...)`: the native answer, or the
/// Python twin's (which also raises the TypeError / ValueError of bad arguments).
#[pyfunction]
#[pyo3(name = "is_valid", signature = (text, *, rule=Given(None), zone_id=Given(None)))]
#[pyo3(text_signature = "(text, *, rule='IRI_reference', zone_id='reject')")]
pub(super) fn api_is_valid<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Given<'py>,
    zone_id: Given<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let (rule, zone_id) = (rule.get(), zone_id.get());
    if let Some(answer) = is_valid(text, rule, zone_id)? {
        return Ok(pyo3::types::PyBool::new(py, answer).to_owned().into_any());
    }
    bindings(py)?
        .get(py, Twin::IsValid)?
        .bind(py)
        .call((text,), kwargs(py, rule, zone_id)?.as_ref())
}

/// Drop-in `iri.check(text, *, rule=..., zone_id=..., limit=...)`: `[]` when [`clean`]
/// says so, the rows of [`violations`] when it finds them (each built by
/// the `violation` twin), else the Python twin; with a `limit` (which the twin
/// validates), always the twin.
#[pyfunction]
#[pyo3(name = "check", signature = (text, *, rule=Given(None), zone_id=Given(None), **rest))]
#[pyo3(text_signature = "(text, *, rule='IRI_reference', zone_id='reject', limit=10)")]
pub(super) fn api_check<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Given<'py>,
    zone_id: Given<'py>,
    rest: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (rule, zone_id) = (rule.get(), zone_id.get());
    if rest.is_none() && clean(py, text, rule, zone_id)? {
        return Ok(PyList::empty(py).into_any());
    }
    let b = bindings(py)?;
    if rest.is_none() {
        if let Some(rows) = violations(py, text, rule, zone_id)? {
            let violation = b.get(py, Twin::Violation)?.bind(py);
            let found = PyList::empty(py);
            for (code, _, component, start, end, _, message) in rows {
                found.append(violation.call1((code, component, start, end, message))?)?;
            }
            return Ok(found.into_any());
        }
    }
    let kw = kwargs(py, rule, zone_id)?;
    let kw = match (kw, rest) {
        (Some(k), Some(r)) => {
            k.update(r.as_mapping())?;
            Some(k)
        }
        (None, Some(r)) => Some(r.clone()),
        (k, None) => k,
    };
    b.get(py, Twin::Check)?.bind(py).call((text,), kw.as_ref())
}

/// Drop-in `iri.split(text)`: a `Components` made natively, or the Python twin's.
#[pyfunction]
#[pyo3(name = "split")]
#[pyo3(text_signature = "(text)")]
pub(super) fn api_split<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = bindings(py)?;
    match split(py, text)? {
        Some(t) => b
            .tuple_new
            .bind(py)
            .call1((b.get(py, Twin::Components)?.bind(py), t)),
        None => b.get(py, Twin::Split)?.bind(py).call1((text,)),
    }
}

/// Drop-in `iri.parse(text, *, rule=..., zone_id=...)`: an `IRIReference` made as
/// `iri.parse` makes it (its slots set from the groups), or the Python twin's answer
/// (its `InvalidIRI` for an invalid text).
#[pyfunction]
#[pyo3(name = "parse", signature = (text, *, rule=Given(None), zone_id=Given(None)))]
#[pyo3(text_signature = "(text, *, rule='IRI_reference', zone_id='reject')")]
pub(super) fn api_parse<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    rule: Given<'py>,
    zone_id: Given<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let (rule, zone_id) = (rule.get(), zone_id.get());
    let b = bindings(py)?;
    if let (Some(s), Some((r, z))) = (text_of(text), options(rule, zone_id)) {
        if let Verdict::Valid(g) = core("api_parse", || validate::validate(s, r, z))? {
            let reference = b.get(py, Twin::Reference)?.bind(py);
            let value = b.object_new.bind(py).call1((reference,))?;
            let names = [
                intern!(py, "_scheme"),
                intern!(py, "_authority"),
                intern!(py, "_userinfo"),
                intern!(py, "_host"),
                intern!(py, "_port"),
                intern!(py, "_path"),
                intern!(py, "_query"),
                intern!(py, "_fragment"),
            ];
            value.setattr(intern!(py, "_text"), text)?;
            for (name, item) in names.into_iter().zip(groups(py, text, s, &g)) {
                value.setattr(name, item)?;
            }
            return Ok(value);
        }
    }
    b.get(py, Twin::Parse)?
        .bind(py)
        .call((text,), kwargs(py, rule, zone_id)?.as_ref())
}

/// Drop-in `iri.resolve(base, reference, **options)`: native for the default options,
/// the Python twin otherwise and on a deferral (its errors included).
#[pyfunction]
#[pyo3(name = "resolve", signature = (base, reference, **options))]
#[pyo3(
    text_signature = "(base, reference, *, parser='strict', normalize_base='none', relative_base='reject', dot_segments='literal', validate='check')"
)]
pub(super) fn api_resolve<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    reference: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if options.is_none() {
        if let (Some(t), Some(r)) = (resolve(base, reference)?, text_of(reference)) {
            return Ok(result_str(py, reference, r, &t));
        }
    }
    bindings(py)?
        .get(py, Twin::Resolve)?
        .bind(py)
        .call((base, reference), options)
}

/// A conversion of the core: the text and the host mapping it calls for a DNS host.
type Convert = fn(&str, &mut dyn FnMut(&str) -> Option<String>) -> Option<String>;

/// The drop-in of a conversion (`name`): native for the default options, the hosts mapped
/// by the configured twin of `host` (once per distinct host), else the Python twin `twin`.
fn converted<'py>(
    py: Python<'py>,
    name: &str,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
    convert: Convert,
    host: HostMap,
    twin: Twin,
) -> PyResult<Bound<'py, PyAny>> {
    let b = bindings(py)?;
    if let (None, Some(s)) = (options, text_of(text)) {
        let mapped = core(name, || convert(s, &mut |h| idna_map(py, Some(b), host, h)))?;
        if let Some(t) = mapped {
            return Ok(result_str(py, text, s, &t));
        }
    }
    b.get(py, twin)?.bind(py).call((text,), options)
}

/// Drop-in `iri.to_uri(text, **options)`: native for the default options (hosts mapped
/// by the configured `host_to_ascii`, once per distinct host), else the Python twin.
#[pyfunction]
#[pyo3(name = "to_uri", signature = (text, **options))]
#[pyo3(text_signature = "(text, *, host='auto', charset=None, errors='ncr')")]
pub(super) fn api_to_uri<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let convert: Convert = crate::convert::to_uri;
    converted(
        py,
        "api_to_uri",
        text,
        options,
        convert,
        HostMap::ToAscii,
        Twin::ToUri,
    )
}

/// Drop-in `iri.to_iri(text, **options)`: native for the default options (DNS hosts
/// mapped by the configured `host_to_unicode`, once per distinct host), else the twin.
#[pyfunction]
#[pyo3(name = "to_iri", signature = (text, **options))]
#[pyo3(text_signature = "(text, *, host='auto', keep_query_encoded='never')")]
pub(super) fn api_to_iri<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let convert: Convert = crate::convert::to_iri;
    converted(
        py,
        "api_to_iri",
        text,
        options,
        convert,
        HostMap::ToUnicode,
        Twin::ToIri,
    )
}

/// Drop-in `iri.normalize(text, *, level=..., **options)`: native for the syntax and
/// scheme levels without other options (DNS hosts mapped by the configured `dns_host`,
/// once per distinct host), else the Python twin.
#[pyfunction]
#[pyo3(name = "normalize", signature = (text, *, level=Given(None), **options))]
#[pyo3(text_signature = "(text, *, level='syntax', character='none', equivalences=None)")]
pub(super) fn api_normalize<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    level: Given<'py>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let level = level.get();
    let b = bindings(py)?;
    if let (None, Some(s), Some(lvl)) = (options, text_of(text), level_of(level)) {
        let normal = core("api_normalize", || {
            crate::normalize::normalize(s, lvl, &mut |h| idna_map(py, Some(b), HostMap::Dns, h))
        })?;
        if let Some(t) = normal {
            return Ok(result_str(py, text, s, &t));
        }
    }
    let kw = match (level, options) {
        (None, o) => o.cloned(),
        (Some(l), o) => {
            let kw = o.cloned().unwrap_or_else(|| PyDict::new(py));
            kw.set_item(intern!(py, "level"), l)?;
            Some(kw)
        }
    };
    b.get(py, Twin::Normalize)?
        .bind(py)
        .call((text,), kw.as_ref())
}
