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
