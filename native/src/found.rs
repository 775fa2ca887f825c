//! The violations the core tells, as `iri.check` writes them: what is wrong at each place
//! ([`Fault`]), its code, severity, section and message (`iri.syntax.registry`, and the
//! message of the Python check that finds it), and the list `check` makes of them
//! (`placed`: the first [`LIMIT`] of each group in the order of the text, a
//! `violations-omitted` summary for the rest, by position then code). The places come from
//! [`crate::faults`], `percent_faults`, `form_faults`, `bidi_faults` and `warning_faults`.

use crate::tables::{
    ASCII_NAMES, BIDI_COMPONENT_EDGE, BIDI_MIXED_DIRECTION, DEFAULT_PORT, DOT_SEGMENT, EMPTY_PORT,
    INVALID_CHARACTER, LOWERCASE_PERCENT_ENCODING, NOT_NFC, PASSWORD_IN_USERINFO,
    PERCENT_ENCODED_INVALID_UTF8, PERCENT_ENCODED_OVERLONG_UTF8, PERCENT_ENCODED_UNRESERVED,
    REG_NAME_NOT_DNS, UPPERCASE_HOST, UPPERCASE_SCHEME, VIOLATIONS_OMITTED,
};

/// `iri.syntax.collect.DEFAULT_LIMIT`: violations kept per (code, component).
pub const LIMIT: usize = 10;

/// The most faults a text may have for the core to tell them (beyond, Python counts
/// them): each is a [`Place`] with its text, so this bounds the work and the memory spent
/// on one text, whatever its length. [`placed`] holds every text to it; the finders stop
/// collecting past it, without reading further.
pub(crate) const PLACES_MAX: usize = 256;

/// A fault at its place: (byte start, byte end, component, fault).
pub(crate) type Place = (usize, usize, &'static str, Fault);

/// What is wrong at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// `invalid-character`: this ASCII character
    Character(u8),
    /// `reg-name-not-dns`: this label of the host
    Label(String),
    /// `lowercase-percent-encoding`: this triplet
    Lowercase(String),
    /// `percent-encoded-unreserved`: this triplet, encoding this octet
    Unreserved(String, u8),
    /// `percent-encoded-invalid-utf8` (`false`) or `percent-encoded-overlong-utf8`
    /// (`true`): these triplets, one part that is not UTF-8
    NotUtf8(String, bool),
    /// `bidi-mixed-direction` (rule 1 of RFC 3987 4.2) or `bidi-component-edge` (rule 2):
    /// this smaller component
    Bidi(String, u8),
    /// `not-nfc`: the component (RFC 3987 5.3.2.2)
    NotNfc,
    /// `uppercase-scheme`: the scheme, as its message shows it (cut at 40 characters)
    UpperScheme(String),
    /// `uppercase-host`: a registered name, as its message quotes it (`repr`, cut at 40
    /// characters); `None` for an IP literal
    UpperHost(Option<String>),
    /// `default-port`: the port, and the scheme as written
    DefaultPort(String, String),
    /// `empty-port`: the ":" of an empty port
    EmptyPort,
    /// `password-in-userinfo`: from the first ":" of the userinfo to its end
    Password,
    /// `dot-segment`: a "." segment (`false`) or a ".." one (`true`) of an absolute path
    DotSegment(bool),
    /// `violations-omitted`: the faults of this code in the component past [`LIMIT`],
    /// and how many of this code it has in all (`iri.syntax.collect.Collector.finish`)
    Omitted(&'static str, usize),
}

/// One violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// `scheme`, `userinfo`, `host`, `port`, `path`, `query` or `fragment`
    pub component: &'static str,
    /// the span, in code points
    pub start: usize,
    pub end: usize,
    pub fault: Fault,
}

impl Found {
    /// Code, severity and section (the registry, `iri.syntax.registry`).
    pub fn code(&self) -> (&'static str, &'static str, &'static str) {
        fault_code(&self.fault)
    }

    /// The message of `iri.syntax.check_chars.Checker.chars` (a character) or of
    /// `iri.syntax.check_authority.dns_syntax` (a label, as Python's `repr` quotes it: a
    /// host name holds no `"` or `\\`; one of more than 40 characters cut there, "...").
    pub fn message(&self) -> String {
        match &self.fault {
            Fault::Character(b) => format!(
                "{} is not allowed in the {}",
                ASCII_NAMES[*b as usize], self.component
            ),
            Fault::Label(label) => format!(
                "label {} is not in DNS syntax (1 to 63 letters, digits or hyphens, no \
                 hyphen first or last)",
                quoted(&short(label))
            ),
            Fault::Lowercase(t) => format!("{t} should be written {}", t.to_ascii_uppercase()),
            // Python's repr of an unreserved character: always in single quotes
            Fault::Unreserved(t, b) => format!(
                "{t} encodes the unreserved '{}'; write it as itself",
                *b as char
            ),
            Fault::NotUtf8(t, true) => format!("{t} is an overlong UTF-8 form (not valid UTF-8)"),
            Fault::NotUtf8(t, false) => format!("{t} is not valid UTF-8"),
            // `iri.syntax.bidi._structure`, the piece as `repr` quotes it
            // (`chars::repr_plain`)
            Fault::Bidi(piece, rule) => {
                let quoted = quoted(piece);
                if *rule == 1 {
                    format!("{quoted} mixes right-to-left and left-to-right characters")
                } else {
                    format!("{quoted} uses right-to-left characters but does not start and end with one")
                }
            }
            // `iri.syntax.should.character_warnings`
            Fault::NotNfc => format!(
                "the {} is not in Unicode Normalization Form C",
                self.component
            ),
            // `iri.syntax.check_path.scheme`: an ASCII scheme, which `repr` writes in
            // single quotes
            Fault::UpperScheme(shown) => format!("scheme '{shown}' should be written in lowercase"),
            // `iri.syntax.check_authority.host`
            Fault::UpperHost(Some(quoted)) => {
                format!("host {quoted} has uppercase letters; registered names should be lowercase")
            }
            Fault::UpperHost(None) => {
                "hexadecimal digits of an IP literal should be lowercase".to_owned()
            }
            // `iri.syntax.check_authority.port`: at most five digits here (`validate`
            // defers a longer port), so never cut
            Fault::DefaultPort(port, scheme) => {
                format!("port {port} is the default of '{scheme}': omit it")
            }
            // `iri.syntax.check_authority.authority_spans`
            Fault::Password => {
                "the userinfo has a password part (\"user:password\" is deprecated)".to_owned()
            }
            Fault::EmptyPort => "the port is empty: omit the \":\"".to_owned(),
            // `iri.syntax.check_path.path`
            Fault::DotSegment(two) => {
                let segment = if *two { ".." } else { "." };
                format!("\"{segment}\" segment in an absolute path")
            }
            // `Collector.finish`
            Fault::Omitted(code, seen) => format!(
                "{} more {code} in the {} left out (from {} to {}; {seen} in all); \
                 check(text, limit=None) lists all",
                seen - LIMIT,
                self.component,
                self.start,
                self.end
            ),
        }
    }
}

/// `_short` of the Python checks, for an ASCII `text`: its first 40 characters, then
/// "...".
pub(crate) fn short(text: &str) -> String {
    if text.len() <= 40 {
        text.to_owned()
    } else {
        format!("{}...", &text[..40])
    }
}

/// Python's `repr` of a text it writes as itself (printable, no backslash, not both
/// quotes): between `"` when it holds a `'`, else between `'`.
pub(crate) fn quoted(text: &str) -> String {
    if text.contains('\'') {
        format!("\"{text}\"")
    } else {
        format!("'{text}'")
    }
}

/// The violations at `places` (byte start, byte end, component, fault) as `check` lists
/// them (`iri.syntax.collect.Collector`): the first [`LIMIT`] of each (component, code)
/// in the order of the text, then one `violations-omitted` summary per group that had
/// more (from the first left out to the last, and how many in all), all in the order of
/// `Collector.finish`: by position, then by code (a lowercase triplet that encodes an
/// unreserved octet draws both; a smaller component of 4.2, both rules), their spans in
/// code points of `text`. `None` when two summaries start at the same place (their order
/// is the one in which `check` met their groups: Python's), or past [`PLACES_MAX`].
pub(crate) fn placed(text: &str, mut places: Vec<Place>) -> Option<Vec<Found>> {
    if places.len() > PLACES_MAX {
        return None;
    }
    places.sort_by_key(|p| (p.0, fault_code(&p.3).0));
    let s = text.as_bytes();
    let mut found: Vec<Found> = Vec::with_capacity(places.len().min(4 * LIMIT));
    // (component, code, how many, first left out's start, last left out's end)
    let mut groups: Vec<(&'static str, &'static str, usize, usize, usize)> = Vec::new();
    let (mut at, mut from) = (0, 0); // code points before byte `from`
    for (a, b, component, fault) in places {
        // code points before byte a: the bytes that start a character
        at += s[from..a].iter().filter(|&&c| (c as i8) >= -0x40).count();
        from = a;
        let (start, end) = (at, at + text[a..b].chars().count());
        let code = fault_code(&fault).0;
        let k = match groups.iter().position(|g| g.0 == component && g.1 == code) {
            Some(k) => k,
            None => {
                groups.push((component, code, 0, 0, 0));
                groups.len() - 1
            }
        };
        let group = &mut groups[k];
        group.2 += 1;
        if group.2 <= LIMIT {
            found.push(Found {
                component,
                start,
                end,
                fault,
            });
        } else {
            if group.2 == LIMIT + 1 {
                group.3 = start;
            }
            group.4 = end;
        }
    }
    let mut summaries: Vec<Found> = groups
        .into_iter()
        .filter(|g| g.2 > LIMIT)
        .map(|(component, code, seen, start, end)| Found {
            component,
            start,
            end,
            fault: Fault::Omitted(code, seen),
        })
        .collect();
    summaries.sort_by_key(|f| f.start);
    if summaries.windows(2).any(|w| w[0].start == w[1].start) {
        return None;
    }
    found.append(&mut summaries);
    found.sort_by_key(|f| (f.start, f.code().0));
    Some(found)
}

/// The registry entry of a fault (as [`Found::code`]).
fn fault_code(fault: &Fault) -> (&'static str, &'static str, &'static str) {
    match fault {
        Fault::Character(_) => INVALID_CHARACTER,
        Fault::Label(_) => REG_NAME_NOT_DNS,
        Fault::Lowercase(_) => LOWERCASE_PERCENT_ENCODING,
        Fault::Unreserved(..) => PERCENT_ENCODED_UNRESERVED,
        Fault::NotUtf8(_, false) => PERCENT_ENCODED_INVALID_UTF8,
        Fault::NotUtf8(_, true) => PERCENT_ENCODED_OVERLONG_UTF8,
        Fault::Bidi(_, 1) => BIDI_MIXED_DIRECTION,
        Fault::Bidi(..) => BIDI_COMPONENT_EDGE,
        Fault::NotNfc => NOT_NFC,
        Fault::UpperScheme(_) => UPPERCASE_SCHEME,
        Fault::UpperHost(_) => UPPERCASE_HOST,
        Fault::DefaultPort(..) => DEFAULT_PORT,
        Fault::EmptyPort => EMPTY_PORT,
        Fault::Password => PASSWORD_IN_USERINFO,
        Fault::DotSegment(_) => DOT_SEGMENT,
        Fault::Omitted(..) => VIOLATIONS_OMITTED,
    }
}
