//! The Python module `iri._native`: thin bindings over the core. Contract in
//! `native/README.md`. Every function returns exactly what its Python twin returns, or
//! `None` ("defer": call the Python function), and never raises for any argument.
//!
//! One file per concern: [`args`] (arguments in, `str`s out), [`panic`] (a panic of the
//! core as `IRIError`), [`values`] (the per-value functions), [`dispatch`] (the drop-ins),
//! [`twins`] (the Python functions they defer to), [`lines`] (the CLI's line loops),
//! [`encoders`] (percent-encoding), [`columns`] (the Arrow column kernels), [`texts`]
//! (the rows they read), [`share`] (their rows among threads), [`placement`] (the cores
//! those threads run on), [`bits`] (`is_valid`'s answers as bits), [`column_out`] (their
//! result arrays) and [`repeats`] (columns of repeated values).

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;
use pyo3::types::PyCFunction;

mod args;
mod bits;
mod column_out;
mod columns;
mod dispatch;
mod encoders;
mod lines;
mod panic;
mod placement;
mod repeats;
mod share;
mod texts;
mod twins;
mod values;

use columns::column;
use dispatch::{
    api_check, api_is_valid, api_normalize, api_parse, api_resolve, api_split, api_to_iri,
    api_to_uri,
};
use encoders::{encode, encoder, Encoder};
use lines::{check_lines, clean_lines, normalize_lines, valid_lines};
use panic::_test_panic;
use repeats::column_repeats;
use twins::configure;
use values::{
    clean, host_to_ascii, is_valid, normalize, parse_groups, resolve, split, to_iri, to_uri,
    violations,
};

/// The allocator of the extension (see `Cargo.toml`): freed buffers are reused, not
/// returned to the system and faulted in again on the next column.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Whether the running Python's `unicodedata` has a Unicode version the tables hold for
/// (`tables::UNICODE_VERSIONS`: theirs, or a later one that gives every code point assigned
/// in theirs the same properties); set once at import; `clean` treats non-ASCII text as
/// "ask Python" otherwise.
pub(crate) static UNICODE_OK: AtomicBool = AtomicBool::new(false);

/// A drop-in (`dispatch`) added to the module as `attr` (`api_*`, beside the low-level
/// function of its public name). It carries its public name (`__name__`, `help()`, the
/// errors of its arguments: `is_valid() got an unexpected keyword argument`) and the
/// module `iri`, where it is bound under that name: so `pickle` (a Dask or Spark task, a
/// process pool) finds it as `iri.is_valid`, which is the Python function in a process
/// without the compiled core.
fn drop_in(m: &Bound<'_, PyModule>, attr: &str, function: Bound<'_, PyCFunction>) -> PyResult<()> {
    function.setattr("__module__", "iri")?;
    m.add(attr, function)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let version: String = py
        .import("unicodedata")?
        .getattr("unidata_version")?
        .extract()?;
    let unicode_ok = crate::tables::UNICODE_VERSIONS.contains(&version.as_str());
    UNICODE_OK.store(unicode_ok, Ordering::Relaxed);
    m.add("UNICODE_VERSION", crate::tables::UNICODE_VERSION)?;
    m.add("UNICODE_VERSIONS", crate::tables::UNICODE_VERSIONS.to_vec())?;
    m.add("UNICODE_OK", unicode_ok)?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(clean, m)?)?;
    m.add_function(wrap_pyfunction!(violations, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(parse_groups, m)?)?;
    m.add_function(wrap_pyfunction!(clean_lines, m)?)?;
    m.add_function(wrap_pyfunction!(configure, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    drop_in(m, "api_resolve", wrap_pyfunction!(api_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(host_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri, m)?)?;
    drop_in(m, "api_to_uri", wrap_pyfunction!(api_to_uri, m)?)?;
    drop_in(m, "api_to_iri", wrap_pyfunction!(api_to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    drop_in(m, "api_normalize", wrap_pyfunction!(api_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(valid_lines, m)?)?;
    m.add_function(wrap_pyfunction!(normalize_lines, m)?)?;
    drop_in(m, "api_is_valid", wrap_pyfunction!(api_is_valid, m)?)?;
    drop_in(m, "api_check", wrap_pyfunction!(api_check, m)?)?;
    drop_in(m, "api_split", wrap_pyfunction!(api_split, m)?)?;
    drop_in(m, "api_parse", wrap_pyfunction!(api_parse, m)?)?;
    m.add_function(wrap_pyfunction!(_test_panic, m)?)?;
    m.add_function(wrap_pyfunction!(check_lines, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(encoder, m)?)?;
    m.add_function(wrap_pyfunction!(column, m)?)?;
    m.add_function(wrap_pyfunction!(column_repeats, m)?)?;
    m.add_class::<Encoder>()?;
    Ok(())
}
