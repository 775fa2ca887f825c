//! The structure checks of RFC 3987 4.2 (`iri.safety.bidi.bidi_violations`) on a valid
//! text with a character of a right-to-left block: whether they find nothing, for
//! [`crate::clean`].

use crate::chars::{bidi_class, in_rtl_blocks};
use crate::validate::Groups;

fn has_rtl(part: &str) -> bool {
    part.chars().any(|c| in_rtl_blocks(c as u32))
}

/// One smaller component of RFC 3987 4.2 draws no warning (`iri.safety.bidi._structure`):
/// without R or AL it is not concerned; with them it must have no L (rule 1) and start
/// and end with R or AL, combining marks (NSM) after the last letter belonging to it
/// (rule 2).
fn piece_ok(piece: &str) -> bool {
    let classes: Vec<u8> = piece.chars().map(|c| bidi_class(c as u32)).collect();
    if !classes.contains(&2) {
        return true;
    }
    if classes.contains(&1) {
        return false;
    }
    let mut last = classes.len();
    while last > 1 && classes[last - 1] == 3 {
        last -= 1;
    }
    classes[0] == 2 && classes[last - 1] == 2
}

/// Whether the 4.2 checks of `iri.safety.bidi.bidi_violations` find nothing in a text
/// with a character of a right-to-left block: `None` when they may find something, else
/// whether the host holds such a character. Each component is split into the smaller
/// components of 4.2. A right-to-left host must also pass the Bidi Rule of RFC 5893 on
/// each label (`_bidi_rule`, the idna package's `check_bidi`): IDNA's conversion checks
/// it on the labels as UTS #46 maps them, so the caller asks for a host that converts
/// back to itself ([`crate::clean::Clean::IfHostRoundTrips`]); a host with no R or AL character (only
/// digits or marks of those blocks) is left to Python.
pub(crate) fn bidi_clean(text: &str, g: &Groups) -> Option<bool> {
    let part = |span: Option<(usize, usize)>| span.map(|(a, b)| &text[a..b]);
    let mut rtl_host = false;
    if let Some(host) = part(g.host) {
        if !host.starts_with('[') && has_rtl(host) {
            let strong = host.chars().any(|c| bidi_class(c as u32) == 2);
            if !strong || !host.split('.').all(piece_ok) {
                return None;
            }
            rtl_host = true;
        }
    }
    let checks: [(Option<&str>, &[char]); 4] = [
        (part(g.userinfo), &[]),
        (Some(&text[g.path.0..g.path.1]), &['/', '.']),
        (part(g.query), &['&', ';', '=']),
        (part(g.fragment), &[]),
    ];
    for (comp, seps) in checks {
        let Some(comp) = comp else { continue };
        if comp.is_empty() || !has_rtl(comp) {
            continue;
        }
        if !comp.split(seps).filter(|p| !p.is_empty()).all(piece_ok) {
            return None;
        }
    }
    Some(rtl_host)
}
