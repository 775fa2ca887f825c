//! The line loops of the CLI: a chunk of lines (a list of `str`) per call, read with the
//! GIL held and worked through with it released.

use std::sync::atomic::Ordering;

use pyo3::prelude::*;
use pyo3::types::PyList;

use super::args::{level_of, options, result_str, text_of};
use super::panic::detached;
use super::values::{clean_answer, normalized};
use super::UNICODE_OK;
use crate::clean as clean_core;
use crate::validate::{self, Decision};

/// For a chunk of lines (a list of `str`): one byte per line, 1 when `check(line, rule=...,
/// zone_id=...)` is `[]` (as [`clean`]), 0 when Python must check it. The lines are read
/// without the GIL held. `None` for an unknown option.
#[pyfunction]
#[pyo3(signature = (lines, rule=None, zone_id=None))]
pub(super) fn clean_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<u8>>> {
    let Some((rule, zone)) = options(rule, zone_id) else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    let verdicts: Vec<clean_core::Clean> = detached(py, "clean_lines", || {
        texts
            .iter()
            .map(|t| match t {
                Some(s) => clean_core::clean(s, rule, zone, unicode_ok),
                None => clean_core::Clean::No,
            })
            .collect()
    })?;
    // the hosts to ask IDNA about (cached), with the GIL held again
    Ok(Some(
        verdicts
            .into_iter()
            .zip(&texts)
            .map(|(v, t)| u8::from(clean_answer(py, t.unwrap_or_default(), v)))
            .collect(),
    ))
}

/// `iri check`'s chunk loop (`iri.cli.syntax`), its common case done here: for a chunk of
/// lines, the output of every line with nothing to report (`clean`, or with `errors_only`
/// no error: `is_valid`) that is printable ASCII (shown as it is): `{prefix}{number}: {ok}
/// {line}\n` (no location when `first` is 0: arguments), nothing when `quiet`. Returns
/// `(pieces, todo)`: `todo` the indices of the other lines, which the caller checks in
/// Python, and `pieces` the output around them (`len(todo) + 1` strings: the output
/// before the first, between each two, after the last). All of it with the GIL released.
/// `None` for an unknown option or a `prefix` that is not text.
#[pyfunction]
#[pyo3(signature = (lines, rule, zone_id, *, errors_only, first, prefix, ok, quiet))]
#[allow(clippy::too_many_arguments)] // one per option of the command
pub(super) fn check_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    rule: &Bound<'py, PyAny>,
    zone_id: &Bound<'py, PyAny>,
    errors_only: bool,
    first: usize,
    prefix: &Bound<'py, PyAny>,
    ok: &Bound<'py, PyAny>,
    quiet: bool,
) -> PyResult<Option<(Vec<String>, Vec<usize>)>> {
    let (Some((rule, zone)), Some(prefix), Some(ok)) = (
        options(Some(rule), Some(zone_id)),
        text_of(prefix),
        text_of(ok),
    ) else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    detached(py, "check_lines", || {
        let mut pieces = vec![String::new()];
        let mut todo = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            let done = t.filter(|s| {
                s.bytes().all(|b| (0x20..0x7f).contains(&b))
                    && if errors_only {
                        validate::decide(s, rule, zone) == Decision::Valid
                    } else {
                        clean_core::clean(s, rule, zone, unicode_ok) == clean_core::Clean::Yes
                    }
            });
            match (done, pieces.last_mut()) {
                (Some(line), Some(out)) => {
                    if !quiet {
                        if first > 0 {
                            out.push_str(prefix);
                            out.push_str(&(first + i).to_string());
                            out.push_str(": ");
                        }
                        out.push_str(ok);
                        out.push_str(line);
                        out.push('\n');
                    }
                }
                _ => {
                    todo.push(i);
                    pieces.push(String::new());
                }
            }
        }
        (pieces, todo)
    })
    .map(Some)
}

/// For a chunk of lines: one byte per line, 1 when `is_valid(line, rule=..., zone_id=...)`
/// (no error: `iri check --errors-only` has nothing to say), 0 when it is not, 2 when
/// Python must decide (as [`is_valid`]'s `None`). Without the GIL. `None` for an unknown
/// option.
#[pyfunction]
#[pyo3(signature = (lines, rule=None, zone_id=None))]
pub(super) fn valid_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    rule: Option<&Bound<'py, PyAny>>,
    zone_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<u8>>> {
    let Some((rule, zone)) = options(rule, zone_id) else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    detached(py, "valid_lines", || {
        let mut codes = Vec::with_capacity(texts.len());
        validate::decide_each(texts.iter().copied(), rule, zone, |d| {
            codes.push(match d {
                Some(Decision::Valid) => 1,
                Some(Decision::Invalid) => 0,
                _ => 2,
            })
        });
        codes
    })
    .map(Some)
}

/// For a chunk of lines: `normalize(line, level=level)` of each (a list of `str`), `None`
/// where Python must answer (as [`normalize`]'s `None`: invalid lines included, so that
/// Python reports them). Without the GIL. `None` for an unknown level.
#[pyfunction]
#[pyo3(signature = (lines, level=None))]
pub(super) fn normalize_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyList>,
    level: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    let Some(lvl) = level_of(level) else {
        return Ok(None);
    };
    let items: Vec<Bound<'py, PyAny>> = lines.iter().collect();
    let texts: Vec<Option<&str>> = items.iter().map(text_of).collect();
    let out: Vec<Option<String>> = detached(py, "normalize_lines", || {
        texts
            .iter()
            .map(|t| t.and_then(|s| normalized(s, lvl)))
            .collect()
    })?;
    let out: Vec<Option<Bound<'py, PyAny>>> = out
        .into_iter()
        .zip(items.iter().zip(&texts))
        .map(|(r, (item, t))| r.map(|r| result_str(py, item, t.unwrap_or_default(), &r)))
        .collect();
    PyList::new(py, out).map(Some)
}
