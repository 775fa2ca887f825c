//! The texts of a column's chunk as the kernels read them: the rows of a `string`,
//! `large_string` or `string_view` array (or an all-null one), without copying.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use arrow_schema::DataType;

/// The texts of one Arrow string array (`string`, `large_string`, `string_view`; an
/// all-null `null` array); offsets and validity as the array has them (sliced arrays).
pub(super) enum Texts<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
    Nulls,
}

impl<'a> Texts<'a> {
    pub(super) fn of(array: &'a ArrayRef) -> Option<Texts<'a>> {
        match array.data_type() {
            DataType::Utf8 => Some(Texts::Utf8(array.as_string::<i32>())),
            DataType::LargeUtf8 => Some(Texts::Large(array.as_string::<i64>())),
            DataType::Utf8View => Some(Texts::View(array.as_string_view())),
            DataType::Null => Some(Texts::Nulls),
            _ => None,
        }
    }

    /// The bytes of the rows `lo..hi` (their values' total length; 0 where the array
    /// does not tell it without a pass over the rows).
    pub(super) fn bytes(&self, lo: usize, hi: usize) -> usize {
        match self {
            Texts::Utf8(a) => (a.value_offsets()[hi] - a.value_offsets()[lo]) as usize,
            Texts::Large(a) => (a.value_offsets()[hi] - a.value_offsets()[lo]) as usize,
            Texts::View(_) | Texts::Nulls => 0,
        }
    }

    /// The rows `lo..hi`, in order.
    pub(super) fn rows(&self, lo: usize, hi: usize) -> Rows<'_, 'a> {
        Rows {
            texts: self,
            i: lo,
            hi,
        }
    }

    /// Row `i` (`< len`), `None` for a null.
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            // no `bool::then` (a closure): in the work of a dispatch it was left out of line
            Texts::Utf8(a) if a.is_valid(i) => Some(a.value(i)),
            Texts::Large(a) if a.is_valid(i) => Some(a.value(i)),
            Texts::View(a) if a.is_valid(i) => Some(a.value(i)),
            Texts::Utf8(_) | Texts::Large(_) | Texts::View(_) => None,
            Texts::Nulls => None,
        }
    }
}

/// [`Texts::rows`]: an iterator of its own, whose `next` is inlined into the work of a
/// dispatch ([`crate::validate::decide_each`]). The `Map` of a range over [`Texts::get`] was left out of
/// line there, a call a row (6 % of the `is_valid` column's profile).
pub(super) struct Rows<'t, 'a> {
    texts: &'t Texts<'a>,
    i: usize,
    hi: usize,
}

impl<'a> Iterator for Rows<'_, 'a> {
    type Item = Option<&'a str>;

    #[inline(always)]
    fn next(&mut self) -> Option<Option<&'a str>> {
        if self.i == self.hi {
            return None;
        }
        self.i += 1;
        Some(self.texts.get(self.i - 1))
    }
}
