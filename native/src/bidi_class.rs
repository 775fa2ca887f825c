//! The characters the structure checks of RFC 3987 4.2 read ([`crate::bidi`]): whether a
//! code point lies in the right-to-left blocks of their pre-test, and its bidi class.

use crate::codeset::CodeSet;
use crate::tables;

static RTL_BLOCKS: CodeSet = CodeSet::new(tables::RTL_BLOCKS);

/// Whether `cp` is in the right-to-left pre-test of the 4.2 checks (`may_have_rtl`).
#[inline]
pub fn in_rtl_blocks(cp: u32) -> bool {
    RTL_BLOCKS.contains(cp)
}

/// The bidi class of `cp` as the 4.2 checks tell it: 1 = L, 2 = R or AL, 3 = NSM, 0 other.
/// Below U+0800 (Latin to NKo: the Hebrew, Arabic, Syriac and Thaana letters of most
/// right-to-left text) read from a table of a byte each, above by a search of the ranges.
pub fn bidi_class(cp: u32) -> u8 {
    if let Some(&class) = BIDI_LOW.get(cp as usize) {
        return class;
    }
    let t = tables::BIDI_CLASS;
    let (mut lo, mut hi) = (0usize, t.len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        let (a, b, c) = t[mid];
        if cp < a {
            hi = mid;
        } else if cp > b {
            lo = mid + 1;
        } else {
            return c;
        }
    }
    0
}

/// [`tables::BIDI_CLASS`] for the code points below U+0800, one byte each, filled from
/// the ranges when compiled.
static BIDI_LOW: [u8; 0x800] = {
    let mut t = [0u8; 0x800];
    let mut k = 0;
    while k < tables::BIDI_CLASS.len() {
        let (a, b, c) = tables::BIDI_CLASS[k];
        let mut cp = a;
        while cp <= b && cp < 0x800 {
            t[cp as usize] = c;
            cp += 1;
        }
        k += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_of_a_few() {
        assert!(in_rtl_blocks(0x5D0) && !in_rtl_blocks(b'a' as u32)); // Hebrew alef
        assert_eq!(
            (
                bidi_class(0x5D0),
                bidi_class(0x627),
                bidi_class(b'a' as u32)
            ),
            (2, 2, 1)
        );
        assert_eq!((bidi_class(0x301), bidi_class(b'1' as u32)), (3, 0));
    }

    #[test]
    fn bidi_class_is_the_ranges_for_every_code_point() {
        // the table below U+0800 and the search above it against the ranges, read plainly
        let class_of = |cp: u32| {
            tables::BIDI_CLASS
                .iter()
                .find(|&&(a, b, _)| (a..=b).contains(&cp))
                .map_or(0, |&(_, _, c)| c)
        };
        for cp in (0..0x1000).chain((0x1000..=0x10FFFF).step_by(7)) {
            assert_eq!(bidi_class(cp), class_of(cp), "U+{cp:04X}");
        }
        for &(a, b, c) in tables::BIDI_CLASS {
            assert_eq!(
                (bidi_class(a), bidi_class(b)),
                (c, c),
                "U+{a:04X}..U+{b:04X}"
            );
        }
    }
}
