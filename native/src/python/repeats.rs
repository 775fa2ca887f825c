//! Columns with many repeats (issue 26): for a task with a text result, a chunk whose
//! sample shows many repeated values is dictionary-encoded (arrow-cast), the kernel runs
//! once per distinct value, and the results are spread back to the rows with one `take`
//! (arrow-select). Measured: on 2,000 values repeated over 100,000 rows this beats the
//! kernel over every row for `to_uri`, `to_iri`, `normalize`, `key` (1.4-2.6x); on
//! distinct values the encoding costs more than it saves, so a chunk is sampled first.
//! `is_valid`, `check` and `split` are never encoded ([`super::columns`]' `Task::encodes`).

use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{Array, ArrayRef, Int32Array};
use arrow_schema::{ArrowError, DataType};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;

use super::columns::{decoded, task_of};
use super::texts::Texts;

/// A chunk of fewer rows is never sampled (the kernel runs over every row).
pub(super) const REPEAT_MIN_ROWS: usize = 8192;
/// The rows of the sample, at a fixed stride over the chunk: at most this many, and at
/// most an eighth of the chunk (a stride of 8 or more: a chunk that repeats a run of
/// values five times over still shows it, as the tests check).
const SAMPLE: usize = 2048;

/// Whether the sample of a chunk of `len` rows (`get(i)`: row `i`, `None` for a null)
/// holds fewer distinct values than half its non-null rows.
pub(super) fn many_repeats<'a>(len: usize, get: impl Fn(usize) -> Option<&'a str>) -> bool {
    if len < REPEAT_MIN_ROWS {
        return false;
    }
    let size = SAMPLE.min(len / 8);
    let mut seen = ahash::AHashSet::with_capacity(size);
    let mut valid = 0;
    for i in (0..len).step_by(len / size) {
        if let Some(text) = get(i) {
            valid += 1;
            seen.insert(text);
        }
    }
    valid > 0 && 2 * seen.len() < valid
}

/// A chunk of `string`, `large_string` or `string_view` dictionary-encoded: its distinct
/// values (in the order of their first row; `large_string` for `large_string`, else
/// `string`) and one key per row (null for a null row). `None` for another type, or a
/// chunk whose distinct values an `int32` key or `string` offsets cannot hold.
pub(super) fn encode(chunk: &ArrayRef) -> Option<(ArrayRef, Int32Array)> {
    let values = match chunk.data_type() {
        DataType::Utf8 | DataType::Utf8View => DataType::Utf8,
        DataType::LargeUtf8 => DataType::LargeUtf8,
        _ => return None,
    };
    let to = DataType::Dictionary(Box::new(DataType::Int32), Box::new(values));
    let encoded = arrow_cast::cast(chunk, &to).ok()?;
    let dictionary = encoded.as_dictionary::<Int32Type>();
    Some((dictionary.values().clone(), dictionary.keys().clone()))
}

/// The text results of the distinct values spread back to the rows (a null key: a null).
/// Text that comes to more than `text_max` bytes over the rows is spread as
/// `large_string`, as the kernel writes it over every row ([`super::column_out::TextOut`]).
pub(super) fn spread(results: &ArrayRef, keys: &Int32Array, text_max: usize) -> PyResult<ArrayRef> {
    let error = |e: ArrowError| PyValueError::new_err(e.to_string());
    let wide = widened(results, keys, text_max).map_err(error)?;
    arrow_select::take::take(wide.as_ref(), keys, None).map_err(error)
}

/// `results` cast to `large_string` when they are `string` and their rows under `keys`
/// pass `text_max` bytes.
fn widened(results: &ArrayRef, keys: &Int32Array, text_max: usize) -> Result<ArrayRef, ArrowError> {
    if let Some(texts) = results.as_string_opt::<i32>() {
        let size = |k: i32| texts.value_length(k as usize) as usize;
        // a quick bound first (the longest value on every row), one pass over the
        // distinct values; the sum over the rows only when it may pass
        let longest = (0..texts.len())
            .map(|k| texts.value_length(k) as usize)
            .max();
        let longest = longest.unwrap_or(0);
        if longest.saturating_mul(keys.len()) > text_max
            && keys.iter().flatten().map(size).sum::<usize>() > text_max
        {
            return arrow_cast::cast(results, &DataType::LargeUtf8);
        }
    }
    Ok(results.clone())
}

/// Whether the kernel of `task` (its default options) would dictionary-encode each chunk
/// of `data`: a task that encodes, and a sample that shows many repeats. What the tests
/// of the decision read. `ValueError` for a task the kernels do not know.
#[pyfunction]
pub(super) fn column_repeats(task: &str, data: AnyArray) -> PyResult<Vec<bool>> {
    let task = task_of(task, None, None, None)
        .ok_or_else(|| PyValueError::new_err(format!("no column kernel for task {task:?}")))?;
    let mut out = Vec::new();
    for chunk in data.into_reader()? {
        let chunk = decoded(chunk.map_err(|e| PyValueError::new_err(e.to_string()))?)?;
        let texts = Texts::of(&chunk);
        out.push(task.encodes() && texts.is_some_and(|t| many_repeats(chunk.len(), |i| t.get(i))));
    }
    Ok(out)
}
