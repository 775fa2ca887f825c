//! Panics of the core (bugs) turned into the library's own error: every call into the
//! core runs under [`core`] (GIL held) or [`detached`] (GIL released).

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// Runs `f`, a call into the core. A panic there (a bug: nothing should panic) becomes the
/// library's own error, `iri.errors.IRIError` (a ValueError), never PyO3's
/// `PanicException` (a `BaseException`, which `except Exception` would not catch).
pub(super) fn core<T>(name: &str, f: impl FnOnce() -> T) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| panic_error(name, payload.as_ref()))
}

/// The `IRIError` for a panic of the core in `name` (its message in the text).
pub(super) fn panic_error(name: &str, payload: &(dyn Any + Send)) -> PyErr {
    let detail = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    // an Arrow builder past its 32-bit offsets: a size, not a bug
    let message = if detail.contains("offset overflow") {
        format!(
            "iri._native.{name}: the results of one chunk come to more than 2 GiB, all that \
             32-bit Arrow offsets hold; give the column in smaller chunks ({detail})"
        )
    } else {
        format!(
            "internal error in iri._native.{name} (a bug: please report it with the input; \
             IRI_NO_EXTENSIONS=1 runs the pure-Python core): {detail}"
        )
    };
    Python::attach(|py| {
        match py
            .import("iri.errors")
            .and_then(|m| m.getattr("IRIError"))
            .and_then(|cls| cls.call1((message.as_str(),)))
        {
            Ok(err) => PyErr::from_value(err),
            Err(_) => PyRuntimeError::new_err(message),
        }
    })
}

/// A panic on purpose, for the tests of [`core`]: with the GIL held, or (`detached=True`)
/// in the part of a chunk function that runs without it. Not part of the API.
#[pyfunction]
#[pyo3(signature = (detached=false))]
pub(super) fn _test_panic(py: Python<'_>, detached: bool) -> PyResult<()> {
    if detached {
        return py
            .detach(|| catch_unwind(|| panic!("a test panic, detached")))
            .map_err(|payload| panic_error("_test_panic", payload.as_ref()));
    }
    core("_test_panic", || panic!("a test panic"))
}

/// [`core`] for the work of a chunk function, run with the GIL released.
pub(super) fn detached<T: Send>(
    py: Python<'_>,
    name: &str,
    f: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(f)))
        .map_err(|payload| panic_error(name, payload.as_ref()))
}
