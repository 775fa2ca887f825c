//! Percent-encoding by the named encode sets: `encode` and the callable `Encoder` the
//! sets of `iri.syntax.percent.sets` bind.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::args::text_of;
use super::panic::core;

/// The answer of the core's percent-encoder as a Python `str`: the argument itself when
/// nothing was encoded and it is an exact `str`.
pub(super) fn encoded<'py>(
    py: Python<'py>,
    arg: &Bound<'py, PyAny>,
    out: std::borrow::Cow<'_, str>,
) -> Bound<'py, PyAny> {
    match out {
        std::borrow::Cow::Borrowed(_) if arg.is_exact_instance_of::<PyString>() => arg.clone(),
        out => PyString::new(py, &out).into_any(),
    }
}

/// `iri.syntax.percent.encode(text, sets.<set_name>, keep_escapes=, space_as_plus=)`
/// (`set_name` as in `iri.syntax.percent.sets`, `NAME.uri` for a URI form), or `None` to
/// defer: a non-`str` or a subclass of `str`, a lone surrogate (escaped octet or error:
/// Python's), an unknown set name. The options are read as Python reads them (truthiness).
#[pyfunction]
#[pyo3(signature = (text, set_name, keep_escapes=None, space_as_plus=None))]
pub(super) fn encode<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    set_name: &Bound<'py, PyAny>,
    keep_escapes: Option<&Bound<'py, PyAny>>,
    space_as_plus: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let (Some(s), Some(set)) = (
        text_of(text).filter(|_| text.is_exact_instance_of::<PyString>()),
        text_of(set_name).and_then(crate::percent::named),
    ) else {
        return Ok(None);
    };
    let keep = keep_escapes
        .map(|k| k.is_truthy())
        .transpose()?
        .unwrap_or(false);
    let plus = space_as_plus
        .map(|p| p.is_truthy())
        .transpose()?
        .unwrap_or(false);
    let out = core("encode", || crate::percent::encode(s, &set, keep, plus))?;
    Ok(Some(encoded(py, text, out)))
}

/// The encoder of one named set (`EncodeSet.encoder` / `encoder_plus`), callable with one
/// text: the native answer, or `fallback(text)` (the Python encoder) where it defers.
#[pyclass(frozen, module = "iri._native")]
pub(super) struct Encoder {
    set: crate::percent::EncodeSet,
    plus: bool,
    fallback: Py<PyAny>,
}

#[pymethods]
impl Encoder {
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        text: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // an exact `str` only: the Python encoders return a subclass argument itself in
        // some cases and a new `str` in others (Python answers those)
        match text_of(text).filter(|_| text.is_exact_instance_of::<PyString>()) {
            Some(s) => {
                let out = core("encoder", || {
                    crate::percent::encode(s, &self.set, false, self.plus)
                })?;
                Ok(encoded(py, text, out))
            }
            None => self.fallback.bind(py).call1((text,)),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<iri._native.Encoder {}{}>",
            self.set.name,
            if self.plus { " +" } else { "" }
        )
    }
}

/// `Encoder` of the set `set_name` (space written `+` with `space_as_plus`), deferring
/// to `fallback`; `None` for an unknown set name.
#[pyfunction]
pub(super) fn encoder(
    set_name: &Bound<'_, PyAny>,
    space_as_plus: bool,
    fallback: Py<PyAny>,
) -> Option<Encoder> {
    let set = text_of(set_name).and_then(crate::percent::named)?;
    Some(Encoder {
        set,
        plus: space_as_plus,
        fallback,
    })
}
