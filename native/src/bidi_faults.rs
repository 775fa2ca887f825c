//! The 4.2 bidi warnings outside the host as `check` reports them, for
//! [`crate::warning_faults`]: `bidi-mixed-direction` and `bidi-component-edge` of a valid
//! text, found by `bidi::bidi_broken`.

use crate::bidi::bidi_broken;
use crate::chars::repr_plain;
use crate::found::{Fault, Place, PLACES_MAX};
use crate::validate::Groups;

/// The 4.2 bidi warnings of a valid text outside the host (`bidi_broken`; RFC 3987 4.2:
/// `http://x/\u{5D0}b`) at their places, each smaller component quoted as `repr` quotes
/// it; `None` when `repr` does not write one as itself ([`repr_plain`]), the host holds
/// a right-to-left character (the Bidi Rule's messages are the idna package's), or there
/// are more than `PLACES_MAX` (bounded work and memory per text): Python's.
pub(crate) fn bidi_places(text: &str, g: &Groups) -> Option<Vec<Place>> {
    let broken = bidi_broken(text, g, PLACES_MAX)?;
    let mut places: Vec<Place> = Vec::with_capacity(broken.len());
    for b in broken {
        let piece = &text[b.start..b.end];
        if !repr_plain(piece) {
            return None;
        }
        let fault = Fault::Bidi(piece.to_owned(), b.rule);
        places.push((b.start, b.end, b.component, fault));
    }
    Some(places)
}
