//! The 4.2 bidi warnings outside the host as `check` reports them, for
//! [`crate::faults`]: `bidi-mixed-direction` and `bidi-component-edge` of a valid text
//! with no other violation, found by `bidi::bidi_broken`.

use crate::bidi::bidi_broken;
use crate::chars::repr_plain;
use crate::clean::{clean_but_bidi_pieces, Clean};
use crate::faults::{placed, Fault, Faults, Place};
use crate::validate::{Groups, Rule};

/// The faults of a valid text whose only warnings are those of the 4.2 bidi checks
/// outside the host (`bidi_broken`; RFC 3987 4.2: `http://x/\u{5D0}b`), each smaller
/// component quoted as `repr` quotes it, when `repr` writes it as itself
/// ([`repr_plain`]; else `None`, as for more than `faults::LIMIT` of one code in a
/// component: [`placed`]).
pub(crate) fn bidi_faults(text: &str, g: &Groups, rule: Rule, unicode_ok: bool) -> Option<Faults> {
    let verdict = clean_but_bidi_pieces(text, g, rule, unicode_ok);
    if verdict == Clean::No {
        return None;
    }
    let broken = bidi_broken(text, g)?;
    if broken.is_empty() {
        return None; // then `clean` would have said so: never reached
    }
    let mut places: Vec<Place> = Vec::with_capacity(broken.len());
    for b in broken {
        let piece = &text[b.start..b.end];
        if !repr_plain(piece) {
            return None;
        }
        let fault = Fault::Bidi(piece.to_owned(), b.rule);
        places.push((b.start, b.end, b.component, fault));
    }
    let found = placed(text, places)?;
    Some(Faults {
        fixed: text.to_owned(),
        verdict,
        found,
    })
}
