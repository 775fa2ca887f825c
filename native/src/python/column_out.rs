//! The results of a column kernel ([`super::columns`]): one [`Answer`] per row, written
//! into an Arrow array of the task's type (nulls kept).
//!
//! | task | Arrow type |
//! |---|---|
//! | `is_valid` | `bool` |
//! | `check` | `list<struct<code, severity, component, start: int64, end: int64, section, message>>` |
//! | `split` | `struct<scheme, userinfo, host, port, path, query, fragment>` (each `string`, or `large_string` past 2 GiB on its own) |
//! | the others | `string`, or `large_string` for a chunk whose text passes 2 GiB ([`TextOut`]) |

use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Int64Builder, LargeStringBuilder, ListBuilder, NullBufferBuilder,
    StringBuilder, StructBuilder,
};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray, StructArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};

use super::bits::Bits;

/// One violation as `check` reports it: code, severity, component, start, end, section,
/// message (the fields of `iri.Violation`, its span as two numbers).
pub(super) type Row = (String, String, Option<String>, i64, i64, String, String);

/// The split of one text: byte ranges into it of scheme, userinfo, host, port, path,
/// query and fragment (`None`: absent).
pub(super) type Parts = [Option<(u32, u32)>; 7];

/// The result of one row.
pub(super) enum Answer {
    /// `is_valid`
    Bool(bool),
    /// a string result
    Text(String),
    /// `check`: the violations (`[]`: a clean text)
    Rows(Vec<Row>),
}

/// The struct fields of one violation.
fn violation_fields() -> Fields {
    Fields::from(vec![
        Field::new("code", DataType::Utf8, true),
        Field::new("severity", DataType::Utf8, true),
        Field::new("component", DataType::Utf8, true),
        Field::new("start", DataType::Int64, true),
        Field::new("end", DataType::Int64, true),
        Field::new("section", DataType::Utf8, true),
        Field::new("message", DataType::Utf8, true),
    ])
}

/// The struct fields of a split.
pub(super) const SPLIT_FIELDS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// The builder of a column of results, of the kind the task writes.
pub(super) enum Out {
    Bool(BooleanBuilder),
    Text(TextOut),
    Check(ListBuilder<StructBuilder>),
    /// the seven fields, and whether each row is there (not null)
    Split(Box<[TextOut; 7]>, NullBufferBuilder),
}

impl Out {
    /// An empty builder for `kind` ("bool", "text", "check", "split") and `rows` rows of
    /// `bytes` bytes of text (0: not known); text results `string` up to `text_max` bytes
    /// ([`TextOut`]).
    pub(super) fn new(kind: Kind, rows: usize, bytes: usize, text_max: usize) -> Out {
        match kind {
            Kind::Bool => Out::Bool(BooleanBuilder::with_capacity(rows)),
            Kind::Text => Out::Text(TextOut::new(
                rows,
                if bytes > 0 {
                    bytes + bytes / 8
                } else {
                    rows * 48
                },
                text_max,
            )),
            Kind::Check => Out::Check(
                ListBuilder::with_capacity(StructBuilder::from_fields(violation_fields(), 0), rows)
                    .with_field(Arc::new(Field::new_struct(
                        "item",
                        violation_fields(),
                        true,
                    ))),
            ),
            Kind::Split => Out::Split(
                Box::new(std::array::from_fn(|k| {
                    TextOut::new(rows, split_bytes(k, rows, bytes), text_max)
                })),
                NullBufferBuilder::new(rows),
            ),
        }
    }

    /// A null row.
    pub(super) fn null(&mut self) {
        match self {
            Out::Bool(b) => b.append_null(),
            Out::Text(b) => b.null(),
            Out::Check(b) => b.append_null(),
            Out::Split(fields, valid) => {
                for f in fields.iter_mut() {
                    f.null();
                }
                valid.append_null();
            }
        }
    }

    /// An `is_valid` row.
    #[inline]
    pub(super) fn bool(&mut self, value: bool) {
        match self {
            Out::Bool(b) => b.append_value(value),
            out => out.null(),
        }
    }

    /// The `is_valid` rows of a run, their bits appended whole where [`Out::bool`]
    /// appends a bit at a time.
    pub(super) fn bits(&mut self, bits: Bits) {
        let n = bits.len;
        match self {
            Out::Bool(b) => {
                let values = BooleanBuffer::new(Buffer::from_vec(bits.values), 0, n);
                let valid = BooleanBuffer::new(Buffer::from_vec(bits.valid), 0, n);
                let nulls = (valid.count_set_bits() < n).then(|| NullBuffer::new(valid));
                b.append_array(&BooleanArray::new(values, nulls));
            }
            out => (0..n).for_each(|_| out.null()),
        }
    }

    /// A string row.
    #[inline]
    pub(super) fn str(&mut self, value: &str) {
        match self {
            Out::Text(b) => b.value(value),
            out => out.null(),
        }
    }

    /// A `check` row without violations.
    #[inline]
    pub(super) fn clean(&mut self) {
        match self {
            Out::Check(b) => b.append(true),
            out => out.null(),
        }
    }

    /// A `split` row: the parts of `text`.
    #[inline]
    pub(super) fn split(&mut self, text: &str, parts: &Parts) {
        match self {
            Out::Split(fields, valid) => {
                for (f, p) in fields.iter_mut().zip(parts) {
                    match p {
                        Some((x, y)) => f.value(&text[*x as usize..*y as usize]),
                        None => f.null(),
                    }
                }
                valid.append_non_null();
            }
            out => out.null(),
        }
    }

    /// A row whose result is `answer` (a deferred row, answered with the GIL; an answer of
    /// another kind than the builder's is written as a null: never the case by
    /// construction).
    pub(super) fn answer(&mut self, answer: &Answer) {
        match (self, answer) {
            (out @ Out::Bool(_), Answer::Bool(v)) => out.bool(*v),
            (out @ Out::Text(_), Answer::Text(t)) => out.str(t),
            (Out::Check(b), Answer::Rows(rows)) => {
                let s = b.values();
                for r in rows {
                    append_row(s, r);
                }
                b.append(true);
            }
            (out, _) => out.null(),
        }
    }

    /// The rows of `piece`, a builder of the same kind, appended whole (their bytes
    /// copied at once, not row by row).
    pub(super) fn extend(&mut self, piece: Out) -> Result<(), ArrowError> {
        match (self, piece) {
            (Out::Split(fields, valid), Out::Split(theirs, mut their_valid)) => {
                for (f, t) in fields.iter_mut().zip(*theirs) {
                    f.append(t.finish())?;
                }
                let n = their_valid.len();
                match their_valid.finish() {
                    Some(nulls) => valid.append_buffer(&nulls),
                    None => valid.append_n_non_nulls(n),
                }
                Ok(())
            }
            (out, piece) => Err(ArrowError::InvalidArgumentError(format!(
                "a piece of {} rows of another kind than the column's ({} rows so far)",
                piece.len(),
                out.len()
            ))),
        }
    }

    /// The finished array.
    pub(super) fn finish(self) -> ArrayRef {
        match self {
            Out::Bool(mut b) => Arc::new(b.finish()),
            Out::Text(b) => b.finish(),
            Out::Check(mut b) => Arc::new(b.finish()),
            Out::Split(fields, mut valid) => {
                // each field `string`, or `large_string` when its own text passed the limit
                let arrays: Vec<ArrayRef> = fields.into_iter().map(TextOut::finish).collect();
                let names = SPLIT_FIELDS
                    .iter()
                    .zip(&arrays)
                    .map(|(n, a)| Field::new(*n, a.data_type().clone(), true));
                Arc::new(StructArray::new(
                    Fields::from(names.collect::<Vec<_>>()),
                    arrays,
                    valid.finish(),
                ))
            }
        }
    }

    /// The rows written so far.
    pub(super) fn len(&self) -> usize {
        match self {
            Out::Bool(b) => b.len(),
            Out::Text(b) => b.len(),
            Out::Check(b) => b.len(),
            Out::Split(_, valid) => valid.len(),
        }
    }
}

/// The most bytes of text a `string` array holds (its offsets are 32-bit).
pub(super) const SMALL_MAX: usize = i32::MAX as usize;

/// A column of text results: `string` while its text fits in 32-bit offsets, then, from the
/// row that would pass them, `large_string` (the rows before copied once). The Python path
/// gives the same type by the same rule (`iri.scale.arrow`): a chunk's text results are
/// `large_string` exactly when they come to more than [`SMALL_MAX`] bytes. Null rows are
/// counted and written together before the next value (a `split` field is null on most
/// rows: no userinfo, no fragment), where one call per null row cost more than the value
/// rows' copies.
pub(super) struct TextOut {
    texts: Texts,
    /// null rows counted, not yet written
    nulls: usize,
}

enum Texts {
    /// the builder, and the most bytes it may hold before it turns large
    Small(StringBuilder, usize),
    Large(LargeStringBuilder),
}

impl TextOut {
    /// An empty column for about `rows` rows of `bytes` bytes, `string` up to `max` bytes
    /// ([`SMALL_MAX`]; lower in the tests).
    pub(super) fn new(rows: usize, bytes: usize, max: usize) -> TextOut {
        TextOut {
            texts: Texts::Small(StringBuilder::with_capacity(rows, bytes.min(max)), max),
            nulls: 0,
        }
    }

    /// The null rows counted so far, written.
    fn flush(&mut self) {
        if self.nulls > 0 {
            match &mut self.texts {
                Texts::Small(b, _) => b.append_nulls(self.nulls),
                Texts::Large(b) => b.append_nulls(self.nulls),
            }
            self.nulls = 0;
        }
    }

    /// A row of text.
    #[inline]
    pub(super) fn value(&mut self, value: &str) {
        self.flush();
        if let Texts::Small(b, max) = &self.texts {
            if b.values_slice().len() + value.len() > *max {
                self.widen();
            }
        }
        match &mut self.texts {
            Texts::Small(b, _) => b.append_value(value),
            Texts::Large(b) => b.append_value(value),
        }
    }

    /// A null row.
    #[inline]
    pub(super) fn null(&mut self) {
        self.nulls += 1;
    }

    /// The rows so far as `large_string`: copied once, row by row (no third copy of the
    /// text beside the two builders).
    fn widen(&mut self) {
        self.flush();
        if let Texts::Small(b, _) = &mut self.texts {
            let done = b.finish();
            let bytes = done.value_data().len();
            let mut large = LargeStringBuilder::with_capacity(done.len(), bytes + bytes / 2);
            for value in done.iter() {
                large.append_option(value);
            }
            self.texts = Texts::Large(large);
        }
    }

    /// The rows of `array` (a finished [`TextOut`]: `string` or `large_string`) appended
    /// whole, as [`TextOut::value`] would append them one by one.
    fn append(&mut self, array: ArrayRef) -> Result<(), ArrowError> {
        self.flush();
        if let (Texts::Small(b, max), Some(texts)) = (&mut self.texts, array.as_string_opt::<i32>())
        {
            if b.values_slice().len() + texts.value_data().len() <= *max {
                return b.append_array(texts);
            }
        }
        self.widen();
        let large = arrow_cast::cast(&array, &DataType::LargeUtf8)?;
        match &mut self.texts {
            Texts::Large(b) => b.append_array(large.as_string::<i64>()),
            Texts::Small(..) => unreachable!("widened above"),
        }
    }

    fn finish(mut self) -> ArrayRef {
        self.flush();
        match self.texts {
            Texts::Small(mut b, _) => Arc::new(b.finish()),
            Texts::Large(mut b) => Arc::new(b.finish()),
        }
    }

    fn len(&self) -> usize {
        self.nulls
            + match &self.texts {
                Texts::Small(b, _) => b.len(),
                Texts::Large(b) => b.len(),
            }
    }
}

/// The bytes to reserve for the split column `k` of `rows` rows of `bytes` bytes in all
/// (0: not known): about the share of each part in web URLs, so that a builder seldom
/// grows (a growth copies what it holds), and together no more than the input's size.
fn split_bytes(k: usize, rows: usize, bytes: usize) -> usize {
    let bytes = if bytes > 0 { bytes } else { rows * 64 };
    match SPLIT_FIELDS[k] {
        "scheme" => rows * 5,
        "host" => bytes / 4,
        "path" => bytes / 2,
        "query" => bytes / 8,
        _ => rows,
    }
}

/// One violation into the struct builder of a `check` list.
fn append_row(s: &mut StructBuilder, r: &Row) {
    let texts = [
        (0, Some(&r.0)),
        (1, Some(&r.1)),
        (2, r.2.as_ref()),
        (5, Some(&r.5)),
    ];
    for (k, v) in texts.into_iter().chain([(6, Some(&r.6))]) {
        if let Some(f) = s.field_builder::<StringBuilder>(k) {
            f.append_option(v);
        }
    }
    for (k, v) in [(3, r.3), (4, r.4)] {
        if let Some(f) = s.field_builder::<Int64Builder>(k) {
            f.append_value(v);
        }
    }
    s.append(true);
}

/// The kind of result a task writes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Bool,
    Text,
    Check,
    Split,
}
