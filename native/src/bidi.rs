//! The structure checks of RFC 3987 4.2 (`iri.syntax.bidi.bidi_violations`) on a valid
//! text with a character of a right-to-left block: whether they find nothing, for
//! [`crate::clean`], and what they find outside the host, for [`crate::faults`].

use crate::bidi_class::{bidi_class, in_rtl_blocks};
use crate::validate::Groups;

fn has_rtl(part: &str) -> bool {
    part.chars().any(|c| in_rtl_blocks(c as u32))
}

/// One smaller component read a character at a time: the rules of RFC 3987 4.2 it
/// breaks (`iri.syntax.bidi._structure`): (rule 1, rule 2). Without R or AL it is not
/// concerned; with them it must have no L (rule 1: "SHOULD NOT use both right-to-left and
/// left-to-right characters") and start and end with R or AL, combining marks (NSM) after
/// the last letter belonging to it (rule 2: "SHOULD start and end with right-to-left
/// characters"). Kept: whether it holds R/AL and L, the class of its first character and
/// of its last one that is not an NSM (the first when all the others are).
struct Piece {
    rtl: bool,
    ltr: bool,
    first: u8,
    last: u8,
    empty: bool,
}

impl Piece {
    fn new() -> Piece {
        Piece {
            rtl: false,
            ltr: false,
            first: 0,
            last: 0,
            empty: true,
        }
    }

    #[inline]
    fn push(&mut self, c: char) {
        // ASCII: the letters are L, the rest neither (`bidi_class`, shorter)
        let class = if c.is_ascii() {
            u8::from(c.is_ascii_alphabetic())
        } else {
            bidi_class(c as u32)
        };
        self.rtl |= class == 2;
        self.ltr |= class == 1;
        if self.empty {
            self.first = class;
            self.last = class;
            self.empty = false;
        } else if class != 3 {
            self.last = class;
        }
    }

    fn rules(&self) -> (bool, bool) {
        if !self.rtl {
            return (false, false);
        }
        (self.ltr, !(self.first == 2 && self.last == 2))
    }
}

/// Each smaller component of `part`, cut at the ASCII `seps` as `str::split` cuts it
/// (empty ones too), handed to `each` with its byte span in `part` and the rules it
/// breaks ([`Piece`]), in one pass over the characters, until `each` says `false`;
/// whether it never did.
fn each_piece(
    part: &str,
    seps: &[u8],
    mut each: impl FnMut(usize, usize, (bool, bool)) -> bool,
) -> bool {
    let mut piece = Piece::new();
    let mut start = 0;
    for (i, c) in part.char_indices() {
        if c.is_ascii() && seps.contains(&(c as u8)) {
            if !each(start, i, piece.rules()) {
                return false;
            }
            piece = Piece::new();
            start = i + 1;
        } else {
            piece.push(c);
        }
    }
    each(start, part.len(), piece.rules())
}

/// No broken rule.
fn unbroken(_: usize, _: usize, rules: (bool, bool)) -> bool {
    rules == (false, false)
}

/// A component of 4.2: its name, its span, and the characters that cut it into its
/// smaller components (none: the whole component).
type Part = (&'static str, Option<(usize, usize)>, &'static [u8]);

/// The components of 4.2 outside the host ([`Groups::outside_host`]), each with the
/// characters that cut it (`iri.syntax.bidi._SPLIT`).
fn outside_host(g: &Groups) -> impl Iterator<Item = Part> {
    const SEPS: [&[u8]; 4] = [b"", b"/.", b"&;=", b""];
    g.outside_host()
        .into_iter()
        .zip(SEPS)
        .map(|((name, span), seps)| (name, span, seps))
}

/// A warning of the 4.2 checks: the component, the byte span of its smaller component in
/// the text, and the rule: 1 (`bidi-mixed-direction`) or 2 (`bidi-component-edge`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Broken {
    pub component: &'static str,
    pub start: usize,
    pub end: usize,
    pub rule: u8,
}

/// The warnings of the 4.2 checks in a valid text (`g`) whose host holds no character of
/// a right-to-left block (`None` when it does: its checks, with the Bidi Rule's messages
/// of the idna package, are Python's), in the order `bidi_violations` finds them: by
/// component, smaller component, then rule. `None` too past `most` of them, found
/// without reading further (the caller's bound on the work and memory of one text).
pub(crate) fn bidi_broken(text: &str, g: &Groups, most: usize) -> Option<Vec<Broken>> {
    if let Some((a, b)) = g.host {
        if has_rtl(&text[a..b]) {
            return None;
        }
    }
    let mut out = Vec::new();
    for (component, span, seps) in outside_host(g) {
        let Some((a, b)) = span else { continue };
        let part = &text[a..b];
        if part.is_empty() || !has_rtl(part) {
            continue;
        }
        let all = each_piece(part, seps, |start, end, (one, two)| {
            for (broken, rule) in [(one, 1), (two, 2)] {
                if broken {
                    out.push(Broken {
                        component,
                        start: a + start,
                        end: a + end,
                        rule,
                    });
                }
            }
            out.len() <= most
        });
        if !all {
            return None;
        }
    }
    Some(out)
}

/// Whether the 4.2 checks of `iri.syntax.bidi.bidi_violations` find nothing in a text
/// with a character of a right-to-left block: `None` when they may find something, else
/// whether the host holds such a character. Each component is split into the smaller
/// components of 4.2. A right-to-left host must also pass the Bidi Rule of RFC 5893 on
/// each label (`_bidi_rule`, the idna package's `check_bidi`): IDNA's conversion checks
/// it on the labels as UTS #46 maps them, so the caller asks for a host that converts
/// back to itself ([`crate::clean::Clean::IfHostRoundTrips`]); a host with no R or AL character (only
/// digits or marks of those blocks) is left to Python. Without `pieces`, the components
/// outside the host are not looked at (their warnings are [`bidi_broken`]'s).
pub(crate) fn bidi_clean(text: &str, g: &Groups, pieces: bool) -> Option<bool> {
    let mut rtl_host = false;
    if let Some((a, b)) = g.host {
        let host = &text[a..b];
        if !host.starts_with('[') && has_rtl(host) {
            let strong = host.chars().any(|c| bidi_class(c as u32) == 2);
            if !strong || !each_piece(host, b".", unbroken) {
                return None;
            }
            rtl_host = true;
        }
    }
    if !pieces {
        return Some(rtl_host);
    }
    for (_, span, seps) in outside_host(g) {
        let Some((a, b)) = span else { continue };
        let part = &text[a..b];
        if part.is_empty() || !has_rtl(part) {
            continue;
        }
        if !each_piece(part, seps, unbroken) {
            return None;
        }
    }
    Some(rtl_host)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules as `iri.syntax.bidi._structure` states them, on the list of classes.
    fn broken_rules_as_stated(piece: &str) -> (bool, bool) {
        let classes: Vec<u8> = piece.chars().map(|c| bidi_class(c as u32)).collect();
        if !classes.contains(&2) {
            return (false, false);
        }
        let mut last = classes.len();
        while last > 1 && classes[last - 1] == 3 {
            last -= 1;
        }
        (
            classes.contains(&1),
            !(classes[0] == 2 && classes[last - 1] == 2),
        )
    }

    #[test]
    fn broken_up_to_most() {
        use crate::rule::Rule;
        use crate::validate::{validate, Verdict};
        let text = format!("http://h/{}", "\u{5D0}a/".repeat(1_000_000));
        let Verdict::Valid(g) = validate(&text, Rule::IriReference, false) else {
            panic!("valid")
        };
        // two warnings a piece: past 256 of them, given up without reading on
        assert_eq!(bidi_broken(&text, &g, 256), None);
        let few = format!("http://h/{}", "\u{5D0}a/".repeat(128));
        let Verdict::Valid(g) = validate(&few, Rule::IriReference, false) else {
            panic!("valid")
        };
        assert_eq!(bidi_broken(&few, &g, 256).map(|b| b.len()), Some(256));
        assert_eq!(bidi_broken(&few, &g, 255), None);
    }

    #[test]
    fn ascii_classes() {
        for b in 0..0x80u8 {
            let mut p = Piece::new();
            p.push(b as char);
            p.push('\u{5D0}'); // R: the rules then tell the first class
            let first = bidi_class(b as u32);
            assert_eq!(p.rules(), (first == 1, first != 2), "{b:#x}");
        }
    }

    #[test]
    fn one_pass_as_split_and_stated() {
        // L, R, AL, NSM, a digit (EN), a neutral and the two separators of a path: every
        // part of up to 6 of them, cut at "/" and "."
        let alphabet = ['a', '\u{5D0}', '\u{621}', '\u{5B0}', '1', '-', '/', '.'];
        assert_eq!(
            alphabet.map(|c| bidi_class(c as u32)),
            [1, 2, 2, 3, 0, 0, 0, 0],
            "the classes the test means"
        );
        let mut parts = vec![String::new()];
        let mut checked = 0;
        for _ in 0..6 {
            parts = parts
                .iter()
                .flat_map(|p| alphabet.iter().map(move |&c| format!("{p}{c}")))
                .collect();
            for part in &parts {
                let mut got = Vec::new();
                each_piece(part, b"/.", |a, b, rules| {
                    got.push((&part[a..b], rules));
                    true
                });
                let want: Vec<_> = part
                    .split(['/', '.'])
                    .map(|piece| (piece, broken_rules_as_stated(piece)))
                    .collect();
                assert_eq!(got, want, "{part:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, (1..=6).map(|k| 8usize.pow(k)).sum::<usize>());
        // stops at the first `false`
        let mut seen = 0;
        assert!(!each_piece("a/b/c", b"/", |_, _, _| {
            seen += 1;
            seen < 2
        }));
        assert_eq!(seen, 2);
    }
}
