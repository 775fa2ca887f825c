"""RFC 3987 section 4.4 examples in Bidi Notation (uppercase = right-to-left).

Each: (number, logical, visual, allowed). Example 9's visual form is the corrected one of
draft-duerst-iri-bis-07 4.4 (docs/rationale.md SF4); RFC 3987's is kept as RFC3987_EX9.
"""

from __future__ import annotations

EXAMPLES = [
    (1, "http://ab.CDEFGH.ij/kl/mn/op.html", "http://ab.HGFEDC.ij/kl/mn/op.html", True),
    (2, "http://ab.CDE.FGH/ij/kl/mn/op.html", "http://ab.HGF.EDC/ij/kl/mn/op.html", True),
    (3, "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA", True),
    (4, "http://AB.CD.ef/gh/IJ/KL.html", "http://DC.BA.ef/gh/LK/JI.html", True),
    (5, "http://ab.cd.EF/GH/ij/kl.html", "http://ab.cd.HG/FE/ij/kl.html", True),
    (6, "http://ab.CD.EF/GH/IJ/kl.html", "http://ab.JI/HG/FE.DC/kl.html", True),
    (7, "http://ab.CDE123FGH.ij/kl/mn/op.html", "http://ab.HGF123EDC.ij/kl/mn/op.html", True),
    (8, "http://ab.cd.ef/GH1/2IJ/KL.html", "http://ab.cd.ef/LK/JI1/2HG.html", False),
    (9, "http://ab.cd.ef/GH%31/%32IJ/KL.html", "http://ab.cd.ef/LK/JI%32/%31HG.html", False),
    (10, "http://ab.CDEFGH.123/kl/mn/op.html", "http://ab.123.HGFEDC/kl/mn/op.html", True),
]
#: RFC 3987's printed visual forms of Example 9 (Hebrew and Arabic), which the UBA does not
#: produce (docs/rationale.md SF4).
RFC3987_EX9 = ("http://ab.cd.ef/%31HG/LK/JI%32.html", "http://ab.cd.ef/31%HG/%LK/JI32.html")
#: The Arabic visual form of Example 9 under the current UBA (python-bidi 0.6, UBA 16).
ARABIC_EX9 = "http://ab.cd.ef/LK/JI32%/31%HG.html"

HEBREW = {chr(ord("A") + i): chr(0x05D0 + i) for i in range(26)}
# 26 Arabic letters (bidi class AL): alef .. yeh without the tatweel U+0640.
_ARABIC = [*range(0x0627, 0x063B), *range(0x0641, 0x064B)]
ARABIC = {chr(ord("A") + i): chr(_ARABIC[i]) for i in range(26)}


def to_script(text: str, table: dict[str, str]) -> str:
    """Bidi Notation to real text: each uppercase letter through ``table``."""
    return "".join(table.get(c, c) for c in text)
