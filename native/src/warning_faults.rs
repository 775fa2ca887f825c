//! The warnings on the components outside the host of a valid text that has no other
//! violation, as `check` reports them, for [`crate::faults`]: the 4.2 bidi ones
//! (`bidi_faults::bidi_places`) and `not-nfc` (RFC 3987 5.3.2.2, `iri.syntax.should.
//! character_warnings`: `http://example.org/e\u{301}`, one per component not in NFC,
//! spanning the component).
//!
//! `not-nfc` is told for the userinfo, path, query and fragment when their characters
//! are all of the generated tables `INERT` and `NFC_READ` (no joiner, no private use:
//! `clean::clean_but_component_warnings`); a host with another character is the IDNA
//! checks' (Python's). The checks of a component read its characters alone, so a
//! component out of NFC changes none of the others: the text is clean but for these
//! warnings.

use crate::bidi_faults::bidi_places;
use crate::clean::{clean_but_component_warnings, not_nfc, Clean};
use crate::faults::Faults;
use crate::found::{placed, Fault, Place};
use crate::rule::Rule;
use crate::validate::Groups;

/// The faults of a valid text (`g`) whose only violations are the 4.2 bidi warnings and
/// `not-nfc` outside the host; `None` when it has others, or none, or when Python must
/// write them (see [`bidi_places`], and two `violations-omitted` summaries at one place
/// in a component: [`placed`]).
pub(crate) fn warning_faults(
    text: &str,
    g: &Groups,
    rule: Rule,
    unicode_ok: bool,
) -> Option<Faults> {
    let verdict = clean_but_component_warnings(text, g, rule, unicode_ok);
    if verdict == Clean::No {
        return None;
    }
    let mut places: Vec<Place> = bidi_places(text, g)?;
    if !text.is_ascii() {
        places.extend(not_nfc(text, g).map(|(name, (a, b))| (a, b, name, Fault::NotNfc)));
    }
    if places.is_empty() {
        return None; // then `clean` would have said so: never reached
    }
    let found = placed(text, places)?;
    Some(Faults {
        fixed: text.to_owned(),
        verdict,
        found,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::found::PLACES_MAX;
    use crate::validate::{validate, Verdict};

    /// The bidi warnings and `not-nfc` together are held to the text's one bound.
    #[test]
    fn one_bound_with_not_nfc() {
        // pieces that break rule 2 only (a digit first), and a query out of NFC
        let text = |pieces: usize| format!("http://h/{}?e\u{301}", "1\u{5D0}/".repeat(pieces));
        let told = |t: &str| {
            let Verdict::Valid(g) = validate(t, Rule::IriReference, false) else {
                panic!("valid: {t:?}")
            };
            warning_faults(t, &g, Rule::IriReference, true).map(|f| f.found.len())
        };
        // 255 bidi warnings and one not-nfc: the first ten of the bidi ones, their
        // summary, the not-nfc
        assert_eq!(told(&text(PLACES_MAX - 1)), Some(12));
        // 256 and one: past the bound
        assert_eq!(told(&text(PLACES_MAX)), None);
    }
}
