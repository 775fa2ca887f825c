//! The column kernels (issue 26): one task over an Arrow string column, read without
//! copying through the Arrow PyCapsule interface (`pyo3-arrow`; `__arrow_c_array__` or
//! `__arrow_c_stream__`), worked through with the GIL released, written as a new Arrow
//! array of the same length (a null in, a null out).
//!
//! Each chunk of the input is processed in slices of [`SLICE`] rows, so the working set
//! stays bounded whatever the size of the chunk: a GIL-free pass, on up to 4 threads (as
//! many as the process has cores, or `IRI_THREADS`: [`super::share`]), answers what the core
//! answers alone, a host that needs IDNA from the cache the Python IDNA functions share
//! with the drop-ins; then, with the GIL, the rows it deferred are asked again with the
//! Python IDNA functions (once per host), and what is still undecided goes
//! to `fallback(text)`, the Python twin (which raises, or gives `None` for a null, as
//! `on_invalid` says). For a task with a text result, a chunk whose sample shows many
//! repeats is dictionary-encoded first and worked on once per distinct value
//! ([`super::repeats`]); a lookup per row costs more than it saves on columns of distinct
//! values (measured).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef};
use arrow_schema::{DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::PyArray;

use super::args::{level_of, options, text_of};
use super::bits::{code, Bits};
use super::column_out::{Answer, Kind, Out, Parts, Row, SMALL_MAX};
use super::panic::{core, detached};
use super::repeats::{encode, many_repeats, spread};
use super::share::{from_both_ends, in_runs};
use super::texts::Texts;
use super::twins::{bindings, idna_cached, idna_map, HostMap};
use super::values::{clean_answer, fault_rows, rows};
use super::UNICODE_OK;
use crate::clean::{clean, Clean};
use crate::faults::faults;
use crate::normalize::Level;
use crate::resolve::Base;
use crate::rule::Rule;
use crate::validate::{decide, decide_each, Decision};

/// Rows per slice: the GIL is released once per slice, and the per-row state of a slice
/// is all the memory the kernel holds beside the input and the output.
const SLICE: usize = 65_536;

/// A task with its options, as the core runs it.
#[derive(Clone, Copy)]
pub(super) enum Task {
    IsValid(Rule, bool),
    Check(Rule, bool),
    ToUri,
    ToIri,
    Normalize(Level),
    /// `key` at a level the core normalizes at; `None`: the `simple` level (the text)
    Key(Option<Level>),
    Split,
    Resolve,
}

impl Task {
    /// Whether a chunk that shows many repeats is dictionary-encoded first
    /// ([`super::repeats`]): for the text results only. Measured on 2,000 web URLs
    /// repeated over 100,000 rows, values/s with the encoding and without: `to_uri` 38.7
    /// and 28.4 M, `normalize` 33.4 and 13.1 M, `key` 33.5 and 13.6 M; `check` 10.1 and
    /// 14.4 M and `split` 28.4 and 33.8 M (spreading their structs costs more than it
    /// saves); `is_valid` 50.9 and 43.2 M, while the sample alone costs it 3-5 % on distinct
    /// values (more on a cold cache: 166 us of a 10,000-row call), and it is already 2.8x
    /// the once-per-value path it replaced without the encoding.
    pub(super) fn encodes(self) -> bool {
        self.kind() == Kind::Text
    }

    fn kind(self) -> Kind {
        match self {
            Task::IsValid(..) => Kind::Bool,
            Task::Check(..) => Kind::Check,
            Task::Split => Kind::Split,
            _ => Kind::Text,
        }
    }
}

/// What a thread writes for one row (`Part::codes`; `is_valid` writes bits instead).
const NULL: u8 = 0;
/// The core cannot answer alone: asked again with the GIL.
const DEFER: u8 = 1;
/// The next text answer of the part (`Part::text` up to the next `Part::ends`).
const TEXT: u8 = 2;
/// The row's own text (`key` at the `simple` level).
const SAME: u8 = 3;
/// `check` of a clean text: no violation.
const CLEAN: u8 = 4;
/// `check` of a text whose faults the core tells (`crate::faults`): the next rows of the part
/// (`Part::rows`).
const ROWS: u8 = 5;

/// The answers of one thread for its run of rows: a code per row, the text answers
/// written one after the other into one string (no allocation per row kept; the thread
/// that allocates is the one that frees); `is_valid`'s as bits.
#[derive(Default)]
struct Part {
    bits: Bits,
    codes: Vec<u8>,
    text: String,
    ends: Vec<usize>,
    rows: Vec<Vec<Row>>,
}

impl Part {
    /// The code of a text answer the core writes at the end of `text` (`false`: the core
    /// defers, and wrote nothing).
    fn write(&mut self, answer: impl FnOnce(&mut String) -> bool) -> u8 {
        if answer(&mut self.text) {
            self.ends.push(self.text.len());
            TEXT
        } else {
            DEFER
        }
    }
}

/// The parts of one slice, in the order of its rows.
type Runs = Vec<Part>;

/// The Python IDNA function a task maps hosts with; `None` for a task that maps none.
fn idna_of(task: Task) -> Option<HostMap> {
    match task {
        Task::Check(..) | Task::ToUri => Some(HostMap::ToAscii),
        Task::ToIri => Some(HostMap::ToUnicode),
        Task::Normalize(_) | Task::Key(Some(_)) => Some(HostMap::Dns),
        _ => None,
    }
}

/// The core's answer for one text, without Python, written into `part`. A host that
/// needs IDNA is looked up in the cache of the Python IDNA functions ([`idna_cached`]);
/// a host it does not hold defers the row. `unmatched_null`: the caller's `fallback`
/// gives a null for a text that is no valid IRI reference, before its function runs
/// (`iri.scale.tasks.unmatched_null`); such a row the core would defer is that null.
fn native(
    (task, unmatched_null): (Task, bool),
    text: &str,
    base: Option<&Base>,
    unicode_ok: bool,
    part: &mut Part,
) {
    let map = idna_of(task);
    let idna = &mut |host: &str| map.and_then(|m| idna_cached(m, host));
    let code = match task {
        Task::IsValid(..) => unreachable!("is_valid decides its rows in work"),
        // as `clean_answer`, the hosts from the caches only; then the faults it tells
        Task::Check(rule, zone) => {
            let verdict = clean(text, rule, zone, unicode_ok);
            let mut to_unicode = |h: &str| idna_cached(HostMap::ToUnicode, h);
            let mut uts46 = |h: &str| idna_cached(HostMap::Uts46, h);
            if verdict.answer(text, idna, &mut to_unicode, &mut uts46) {
                CLEAN
            } else if verdict != Clean::No {
                DEFER // a host the caches do not hold
            } else {
                match faults(text, rule, zone, unicode_ok) {
                    Some(f)
                        if f.verdict
                            .answer(&f.fixed, idna, &mut to_unicode, &mut uts46) =>
                    {
                        part.rows.push(rows(&f));
                        ROWS
                    }
                    _ => DEFER,
                }
            }
        }
        Task::ToUri => part.write(|out| crate::convert::to_uri_into(text, idna, out)),
        Task::ToIri => part.write(|out| crate::convert::to_iri_into(text, idna, out)),
        Task::Normalize(level) | Task::Key(Some(level)) => {
            part.write(|out| crate::normalize::normalize_into(text, level, idna, out))
        }
        Task::Key(None) => SAME,
        Task::Split => unreachable!("split writes its rows in split_rows"),
        Task::Resolve => match base {
            Some(b) => part.write(|out| b.resolve_into(text, out)),
            None => DEFER, // an invalid base: Python raises
        },
    };
    // `iri_reference_match(text) is None`, as the fallback asks it first
    let unmatched = |text| decide(text, Rule::IriReference, false) == Decision::Invalid;
    if code == DEFER && unmatched_null && task.kind() == Kind::Text && unmatched(text) {
        part.codes.push(NULL);
        return;
    }
    part.codes.push(code);
}

/// The rows `lo..hi` worked on by the core alone.
fn work(
    (task, unmatched_null): (Task, bool),
    texts: &Texts<'_>,
    base: &str,
    unicode_ok: bool,
    (lo, hi): (usize, usize),
) -> Part {
    // the base of `resolve`, checked once for the run (`None`: every row to Python)
    let base = match task {
        Task::Resolve => Base::new(base),
        _ => None,
    };
    let mut part = Part::default();
    if let Task::IsValid(rule, zone) = task {
        // every row inside one dispatch of the block reader, then its bits
        let mut codes = Vec::with_capacity(hi - lo);
        decide_each(texts.rows(lo, hi), rule, zone, |d| codes.push(code(d)));
        part.bits = Bits::of(&codes);
        return part;
    }
    part.codes.reserve(hi - lo);
    if task.kind() == Kind::Text {
        // the answers are about as long as the texts: one allocation, mostly
        part.text.reserve(texts.bytes(lo, hi) + (hi - lo) * 2);
        part.ends.reserve(hi - lo);
    }
    for i in lo..hi {
        match texts.get(i) {
            None => part.codes.push(NULL),
            Some(text) => native(
                (task, unmatched_null),
                text,
                base.as_ref(),
                unicode_ok,
                &mut part,
            ),
        }
    }
    part
}

/// `iri.split(text)` with its authority split (`iri.syntax.split.split_authority`): the
/// byte ranges of scheme, userinfo, host, port, path, query, fragment.
fn parts(text: &str) -> Parts {
    let p = crate::split::split(text);
    let r = |(a, b): (usize, usize)| Some((a as u32, b as u32));
    let (userinfo, host, port) = match p.authority {
        Some((a0, a1)) => {
            let q = crate::split::split_authority(&text[a0..a1]);
            let shift = |(x, y): (usize, usize)| (a0 + x, a0 + y);
            (
                q.userinfo.map(shift).and_then(r),
                r(shift(q.host)),
                q.port.map(shift).and_then(r),
            )
        }
        None => (None, None, None),
    };
    [
        p.scheme.and_then(r),
        userinfo,
        host,
        port,
        r(p.path),
        p.query.and_then(r),
        p.fragment.and_then(r),
    ]
}

/// `split` of the rows `lo..hi` into `out` (the core splits every text: no row defers,
/// nothing needs the GIL). The calling thread splits the rows it takes from the front
/// straight into `out`; each other thread builds the columns of the rows it takes from
/// the back, appended after them in row order ([`from_both_ends`]: only their rows are
/// copied a second time; runs claimed by turns, [`in_runs`], copy every row, and measured
/// 1.3x slower on `web`). Each field is `string` until its text passes `text_max` bytes
/// ([`super::column_out::TextOut`]), the pieces of the other threads too.
fn split_rows(
    texts: &Texts<'_>,
    (lo, hi): (usize, usize),
    out: &mut Out,
    text_max: usize,
) -> PyResult<()> {
    let write = |out: &mut Out, a: usize, b: usize| {
        for i in a..b {
            match texts.get(i) {
                None => out.null(),
                Some(text) => out.split(text, &parts(text)),
            }
        }
    };
    let pieces = from_both_ends(
        (lo, hi),
        |a, b| write(out, a, b),
        |a, b| {
            let mut piece = Out::new(Kind::Split, b - a, texts.bytes(a, b), text_max);
            write(&mut piece, a, b);
            piece
        },
    );
    for piece in pieces {
        out.extend(piece)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    Ok(())
}

/// A deferred row asked again with the GIL: with the Python IDNA functions (once per
/// host, cached), as the drop-in functions do. `None`: still undecided.
fn with_idna(py: Python<'_>, task: Task, text: &str) -> PyResult<Option<Answer>> {
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    if let Task::Check(rule, zone) = task {
        let verdict = core("column", || clean(text, rule, zone, unicode_ok))?;
        if clean_answer(py, text, verdict) {
            return Ok(Some(Answer::Rows(Vec::new())));
        }
        return Ok(fault_rows(py, "column", text, rule, zone)?.map(Answer::Rows));
    }
    let Some(map) = idna_of(task) else {
        return Ok(None);
    };
    // the twins, configured by `iri` or loaded here on first need
    let twins = bindings(py)?;
    let mut idna = |h: &str| idna_map(py, Some(twins), map, h);
    let out = core("column", || match task {
        Task::ToUri => crate::convert::to_uri(text, &mut idna),
        Task::ToIri => crate::convert::to_iri(text, &mut idna),
        Task::Normalize(level) | Task::Key(Some(level)) => {
            crate::normalize::normalize(text, level, &mut idna)
        }
        _ => None,
    })?;
    Ok(out.map(Answer::Text))
}

/// A deferred row's answer: the core's with the Python IDNA functions, else
/// `fallback(text)`'s (`None`: a null).
fn asked(
    py: Python<'_>,
    task: Task,
    fallback: &Bound<'_, PyAny>,
    text: &str,
) -> PyResult<Option<Answer>> {
    match with_idna(py, task, text)? {
        Some(answer) => Ok(Some(answer)),
        None => from_python(task.kind(), fallback, text),
    }
}

/// `fallback(text)`, the Python twin's answer for one row, read as the task's result:
/// `None` is a null.
fn from_python(kind: Kind, fallback: &Bound<'_, PyAny>, text: &str) -> PyResult<Option<Answer>> {
    let value = fallback.call1((text,))?;
    if value.is_none() {
        return Ok(None);
    }
    Ok(Some(match kind {
        Kind::Bool => Answer::Bool(value.extract()?),
        Kind::Text => Answer::Text(value.extract()?),
        Kind::Check => Answer::Rows(value.extract::<Vec<Row>>()?),
        // the core splits every text: never asked
        Kind::Split => return Ok(None),
    }))
}

/// One slice of rows (`texts` rows `lo..hi`) into `out`: the core's pass without the GIL
/// (cut in runs, one per thread), then, with the GIL, the rows written in order, a
/// deferred one asked again with the Python IDNA functions, then `fallback`. `split`,
/// which defers nothing, is written without the GIL ([`split_rows`]).
fn slice(
    py: Python<'_>,
    (task, base, unmatched_null): (Task, &str, bool),
    texts: &Texts<'_>,
    (lo, hi): (usize, usize),
    fallback: &Bound<'_, PyAny>,
    out: &mut Out,
    text_max: usize,
) -> PyResult<()> {
    if task.kind() == Kind::Split {
        return detached(py, "column", || split_rows(texts, (lo, hi), out, text_max))?;
    }
    let unicode_ok = UNICODE_OK.load(Ordering::Relaxed);
    let parts: Runs = detached(py, "column", || {
        in_runs((lo, hi), |a, b| {
            work((task, unmatched_null), texts, base, unicode_ok, (a, b))
        })
    })?;
    let kind = task.kind();
    // the rows written in order, with the GIL; a panic there (a builder of `check` past
    // the 2 GiB of 32-bit offsets) is the library's error too
    core("column", || {
        let mut row = lo;
        for mut part in parts {
            if kind == Kind::Bool {
                // the run's bits, its deferred rows asked again
                for k in std::mem::take(&mut part.bits.deferred) {
                    let answer = asked(py, task, fallback, texts.get(row + k).unwrap_or_default())?;
                    let value = match answer {
                        Some(Answer::Bool(v)) => Some(v),
                        _ => None, // as `Out::answer` writes another kind
                    };
                    part.bits.set(k, value);
                }
                row += part.bits.len;
                out.bits(part.bits);
                continue;
            }
            let (mut start, mut ends, mut rows) = (0, part.ends.iter(), part.rows.into_iter());
            for &code in &part.codes {
                let text = || texts.get(row).unwrap_or_default();
                match code {
                    NULL => out.null(),
                    TEXT => {
                        let end = *ends.next().expect("a text per TEXT code");
                        out.str(&part.text[start..end]);
                        start = end;
                    }
                    SAME => out.str(text()),
                    CLEAN => out.clean(),
                    ROWS => out.answer(&Answer::Rows(rows.next().expect("rows per ROWS code"))),
                    _ => match asked(py, task, fallback, text())? {
                        Some(answer) => out.answer(&answer),
                        None => out.null(),
                    },
                }
                row += 1;
            }
        }
        debug_assert_eq!(row, hi);
        Ok(())
    })?
}

/// The task and its options as the core knows them; `None` for a task or an option value
/// it does not know (the caller then runs the Python way).
pub(super) fn task_of(
    task: &str,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
    level: Option<&Bound<'_, PyAny>>,
) -> Option<Task> {
    let (r, z) = options(rule, zone_id)?;
    Some(match task {
        "is_valid" => Task::IsValid(r, z),
        "check" => Task::Check(r, z),
        "to_uri" => Task::ToUri,
        "to_iri" => Task::ToIri,
        "normalize" => Task::Normalize(level_of(level)?),
        "key" => match level.and_then(text_of) {
            Some("simple") => Task::Key(None),
            _ => Task::Key(Some(level_of(level)?)),
        },
        "split" => Task::Split,
        "resolve" => Task::Resolve,
        _ => return None,
    })
}

/// One Arrow chunk as a string array the kernel reads: a dictionary-encoded column is
/// decoded first (only the values its rows use are then worked on); a struct of one field
/// (a table of one column, as a DuckDB result or a record batch stream exports it) is that
/// field (its own nulls; the struct's, which such a table never has, are not read).
pub(super) fn decoded(chunk: ArrayRef) -> PyResult<ArrayRef> {
    match chunk.data_type() {
        DataType::Dictionary(_, values) => arrow_cast::cast(&chunk, values)
            .map_err(|e| PyTypeError::new_err(format!("cannot decode the dictionary: {e}"))),
        DataType::Struct(fields) if fields.len() == 1 && chunk.null_count() == 0 => {
            decoded(chunk.as_struct().column(0).clone())
        }
        _ => Ok(chunk),
    }
}

/// `task` over the Arrow column `data` (any object with `__arrow_c_array__` or
/// `__arrow_c_stream__` of `string`, `large_string`, `string_view`, a dictionary of them,
/// or `null`): one result array per chunk of the input, each of the chunk's length.
/// Options: `rule`, `zone_id` (`is_valid`, `check`), `level` (`normalize`, `key`), `base`
/// (`resolve`). `fallback(text)` answers what the core leaves (the Python twin, with
/// `on_invalid` applied). `None` when the task or an option value is one the core does
/// not know (the caller runs the Python twin over the column); `TypeError` for a column
/// of another type. A chunk's text results are `string`, or `large_string` when they come
/// to more than `text_max` bytes (at most, and by default, what 32-bit offsets hold; the
/// caller passes its own constant, so that both modes share one rule). `unmatched_null`:
/// `fallback` gives a null for a text that is no valid IRI reference without calling its
/// function (`on_invalid="null"` with a function that matches first:
/// `iri.scale.tasks.unmatched_null`), so the core writes that null itself (text tasks).
#[pyfunction]
#[pyo3(signature = (task, data, fallback, *, rule=None, zone_id=None, level=None, base=None, text_max=SMALL_MAX, unmatched_null=false))]
#[allow(clippy::too_many_arguments)] // one keyword per option of the tasks
pub(super) fn column(
    py: Python<'_>,
    task: &str,
    data: AnyArray,
    fallback: &Bound<'_, PyAny>,
    rule: Option<&Bound<'_, PyAny>>,
    zone_id: Option<&Bound<'_, PyAny>>,
    level: Option<&Bound<'_, PyAny>>,
    base: Option<&Bound<'_, PyAny>>,
    text_max: usize,
    unmatched_null: bool,
) -> PyResult<Option<Vec<PyArray>>> {
    let text_max = text_max.min(SMALL_MAX);
    let Some(task) = task_of(task, rule, zone_id, level) else {
        return Ok(None);
    };
    let base = match (task, base) {
        (Task::Resolve, Some(b)) => match text_of(b) {
            Some(b) => b,
            None => return Ok(None),
        },
        (Task::Resolve, None) => return Ok(None),
        _ => "",
    };
    let mut results = Vec::new();
    for chunk in data.into_reader()? {
        let chunk = decoded(chunk.map_err(|e| PyValueError::new_err(e.to_string()))?)?;
        let Some(texts) = Texts::of(&chunk) else {
            return Err(PyTypeError::new_err(format!(
                "expected an Arrow column of strings, got type {}",
                chunk.data_type()
            )));
        };
        // a column of strings may be encoded (`repeats::encode`; all nulls: no sample)
        let encoded = if task.encodes() && many_repeats(chunk.len(), |i| texts.get(i)) {
            encode(&chunk)
        } else {
            None
        };
        let array = match encoded {
            Some((values, keys)) => {
                let distinct = Texts::of(&values).expect("a dictionary of strings");
                let job = (task, base, unmatched_null);
                let results = run_chunk(py, job, &distinct, values.len(), fallback, text_max)?;
                spread(&results, &keys, text_max)?
            }
            None => {
                let job = (task, base, unmatched_null);
                run_chunk(py, job, &texts, chunk.len(), fallback, text_max)?
            }
        };
        debug_assert_eq!(array.len(), chunk.len());
        let field = Arc::new(Field::new("", array.data_type().clone(), true));
        results.push(
            PyArray::try_new(array, field).map_err(|e| PyValueError::new_err(e.to_string()))?,
        );
    }
    Ok(Some(results))
}

/// `task` over the `len` rows of `texts`, slice by slice: the result array.
fn run_chunk(
    py: Python<'_>,
    (task, base, unmatched_null): (Task, &str, bool),
    texts: &Texts<'_>,
    len: usize,
    fallback: &Bound<'_, PyAny>,
    text_max: usize,
) -> PyResult<ArrayRef> {
    let mut out = Out::new(task.kind(), len, texts.bytes(0, len), text_max);
    let mut lo = 0;
    while lo < len {
        let hi = len.min(lo + SLICE);
        slice(
            py,
            (task, base, unmatched_null),
            texts,
            (lo, hi),
            fallback,
            &mut out,
            text_max,
        )?;
        lo = hi;
    }
    debug_assert_eq!(out.len(), len);
    Ok(out.finish())
}
