//! Arguments in and results out: the `&str` of a Python `str` (no copy), the option
//! values, and the components and results as Python `str`s.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::rule::{zone_from_name, Rule};
use crate::validate::{self};

/// The `&str` of a Python `str` without copying (the UTF-8 that CPython caches), or
/// `None` for a non-`str` or a `str` with a lone surrogate (no UTF-8 exists for it).
pub(super) fn text_of<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    obj.cast::<PyString>().ok()?.to_str().ok()
}

/// An option argument as the caller gave it: `Given(None)` when left out (the signature's
/// default), the object itself when given, Python's `None` too. PyO3 reads an explicit
/// `None` for an `Option<_>` parameter as "left out", so the drop-ins had answered
/// `iri.check(text, rule=None)` with the default rule where the Python function raises;
/// given this way, a `None` is not a rule's name and the call goes to the Python twin.
pub(super) struct Given<'py>(pub(super) Option<Bound<'py, PyAny>>);

impl<'py> Given<'py> {
    /// The argument, `None` when left out.
    pub(super) fn get(&self) -> Option<&Bound<'py, PyAny>> {
        self.0.as_ref()
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Given<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Given(Some(obj.to_owned())))
    }
}

/// The rule and zone-id options given as `iri.Rule` / `iri.ZoneID` members or their
/// values; `None` for anything else (Python raises its own error).
pub(super) fn options(
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
) -> Option<(Rule, bool)> {
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
pub(super) fn piece<'py>(
    py: Python<'py>,
    whole: &Bound<'py, PyAny>,
    text: &str,
    span: Option<(usize, usize)>,
) -> Bound<'py, PyAny> {
    match span {
        None => py.None().into_bound(py),
        // the argument itself only when it is an exact `str` (a subclass must not leak
        // into the components: Python's slices and groups are exact `str`s)
        Some((0, b)) if b == text.len() && whole.is_exact_instance_of::<PyString>() => {
            whole.clone()
        }
        Some((a, b)) => PyString::new(py, &text[a..b]).into_any(),
    }
}

/// A result as a Python `str`: the argument itself when the result is its text and it is
/// an exact `str` (no new object, as the Python functions return `text` unchanged).
pub(super) fn result_str<'py>(
    py: Python<'py>,
    arg: &Bound<'py, PyAny>,
    arg_text: &str,
    result: &str,
) -> Bound<'py, PyAny> {
    if result == arg_text && arg.is_exact_instance_of::<PyString>() {
        arg.clone()
    } else {
        PyString::new(py, result).into_any()
    }
}

/// The scheme as a Python `str`: the common ones as interned strings (no allocation for
/// nearly every web address), the others new.
pub(super) fn scheme_str<'py>(py: Python<'py>, scheme: &str) -> Bound<'py, PyAny> {
    let interned = match scheme {
        "http" => intern!(py, "http"),
        "https" => intern!(py, "https"),
        "ftp" => intern!(py, "ftp"),
        "mailto" => intern!(py, "mailto"),
        "file" => intern!(py, "file"),
        "urn" => intern!(py, "urn"),
        "data" => intern!(py, "data"),
        _ => return PyString::new(py, scheme).into_any(),
    };
    interned.clone().into_any()
}

/// The eight groups as Python objects, the scheme by [`scheme_str`] (a scheme never is
/// the whole text: a ":" follows it).
pub(super) fn groups<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    s: &str,
    g: &validate::Groups,
) -> [Bound<'py, PyAny>; 8] {
    let spans = g.as_array();
    std::array::from_fn(|k| match (k, spans[k]) {
        (0, Some((a, b))) => scheme_str(py, &s[a..b]),
        (_, span) => piece(py, text, s, span),
    })
}

pub(super) fn level_of(level: Option<&Bound<'_, PyAny>>) -> Option<crate::normalize::Level> {
    match level {
        None => Some(crate::normalize::Level::Syntax),
        Some(l) => crate::normalize::Level::from_name(text_of(l)?),
    }
}
