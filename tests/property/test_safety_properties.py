"""Properties of the safety functions: the audit never raises on any text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import iri
from iri.safety.findings import CODES, Finding

# Any code point (lone surrogates included) mixed with the characters the audit looks at.
_TRICKY = list(
    "%:/?#[]@.!$&'()*+,;=-_~09azAZ"
    "\u202e\u2066\u200b\u200c\u200d\u3164\u034f\u2044\u3002\uff0e\uff41\uff83"
    "аеорсѕӏαεοéüß東京ノאבعربي١٢"
)
_ANY_TEXT = st.text(
    alphabet=st.one_of(st.sampled_from(_TRICKY), st.characters(exclude_categories=())),
    max_size=60,
)
_URLISH = st.builds(lambda a, b, c: f"http://{a}@{b}/{c}", _ANY_TEXT, _ANY_TEXT, _ANY_TEXT)


@given(st.one_of(_ANY_TEXT, _URLISH))
def test_audit_never_raises_and_spans_are_inside(text: str) -> None:
    findings = iri.audit(text, protected=["example.com", "xn--80ak6aa92e.com"])
    for f in findings:
        assert isinstance(f, Finding)
        assert 0 <= f.span[0] < f.span[1] <= len(text), f
        assert f.section == CODES[f.code].section
    assert findings == sorted(findings, key=lambda f: f.span)


# -- to_display ---------------------------------------------------------------------------
from strategies import reference  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

from iri.convert.uri import to_iri, to_uri  # noqa: E402
from iri.syntax.invisible import BIDI_CONTROLS  # noqa: E402

_HEBREW_IRIS = st.builds(
    lambda a, b: f"http://example.org/{a}/{b}",
    st.text(alphabet="\u05d0\u05d1\u05d2\u0627\u0628ab1.-%E2%80%AE", max_size=12),
    st.text(alphabet="\u05d0\u05d1\u200f\u200b\u3164xyz", max_size=8),
).filter(iri.is_valid)


@given(st.one_of(reference("IRI_reference"), reference("URI_reference"), _HEBREW_IRIS))
def test_to_display_has_no_bidi_control_inside_and_converts_back(text: str) -> None:
    shown = iri.to_display(text, password="show")
    assert shown.startswith("\u2066") and shown.endswith("\u2069")
    inner = shown[1:-1]
    assert not BIDI_CONTROLS.intersection(inner)
    assert iri.is_valid(inner)
    # Reparsed without the wrapper, it converts back to the same URI.
    assert to_uri(inner) == to_uri(to_iri(text))


_MIXED = st.text(alphabet="abcXYZ аеорсӏ αβ ひノア 東京 אב 123-_./?=&+%ı\u0301", max_size=40)


@given(_MIXED, st.sampled_from(["single-script", "highly-restrictive", "moderately-restrictive"]))
def test_mixed_script_shortcut_agrees_with_the_readable_path(text: str, level: str) -> None:
    from iri.safety.audit import _mixed_scripts
    from iri.safety.skeleton import RestrictionLevel

    parts = [(text, 0, "path")]
    minimum = RestrictionLevel(level)
    assert _mixed_scripts(parts, minimum) == _mixed_scripts(parts, minimum, shortcut=False)
