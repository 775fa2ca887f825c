//! The options of the grammar: which of the eight rules a text is read by, and whether an
//! IPv6 literal may carry a zone identifier (RFC 6874). [`crate::validate`] reads texts by
//! them; every caller of the core names them.

/// The eight rules (RFC 3987 2.2, RFC 3986 Appendix A), named as `iri.Rule` values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rule {
    Iri,
    IriReference,
    AbsoluteIri,
    IrelativeRef,
    Uri,
    UriReference,
    AbsoluteUri,
    RelativeRef,
}

impl Rule {
    /// The rule of an `iri.Rule` value (a `StrEnum`, so its text); `None` for any other
    /// text (the Python side then raises its own `ValueError`).
    pub fn from_name(name: &str) -> Option<Rule> {
        Some(match name {
            "IRI_reference" => Rule::IriReference,
            "IRI" => Rule::Iri,
            "absolute_IRI" => Rule::AbsoluteIri,
            "irelative_ref" => Rule::IrelativeRef,
            "URI" => Rule::Uri,
            "URI_reference" => Rule::UriReference,
            "absolute_URI" => Rule::AbsoluteUri,
            "relative_ref" => Rule::RelativeRef,
            _ => return None,
        })
    }

    pub fn is_iri(self) -> bool {
        matches!(
            self,
            Rule::Iri | Rule::IriReference | Rule::AbsoluteIri | Rule::IrelativeRef
        )
    }

    pub fn needs_scheme(self) -> bool {
        matches!(
            self,
            Rule::Iri | Rule::AbsoluteIri | Rule::Uri | Rule::AbsoluteUri
        )
    }

    pub fn forbids_scheme(self) -> bool {
        matches!(self, Rule::IrelativeRef | Rule::RelativeRef)
    }

    pub fn forbids_fragment(self) -> bool {
        matches!(self, Rule::AbsoluteIri | Rule::AbsoluteUri)
    }
}

/// The zone-identifier option (`iri.ZoneID` values): `Some(accept)` or `None` if unknown.
pub fn zone_from_name(name: &str) -> Option<bool> {
    match name {
        "reject" => Some(false),
        "accept" => Some(true),
        _ => None,
    }
}
