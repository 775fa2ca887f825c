"""Issue 19, case 12: extraction finds what people write, and not file names.

Every scheme-led IRI is found (any ``scheme://`` with a valid host, an IP literal, or for
``file:`` none; and the schemes of ``OPAQUE_SCHEMES``), with the UTS #58 rules for where it
ends; a bare domain that looks like a file name is not a link by default
(``FileNames.SKIP``), and is with ``FileNames.LINK``. docs/cli.md "iri extract" and
docs/rationale.md E3/E4 state the rules.
"""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from iri.cli import main
from iri.text.extract import FileNames, LinkKind, extract
from iri.text.signals import FILE_NAME_TLDS, OPAQUE_SCHEMES
from iri.text.terms import scan_path_query_fragment


def texts(source: str, **options: object) -> list[str]:
    return [m.text for m in extract(source, **options)]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("get ftp://x.org/f now", ["ftp://x.org/f"]),
        ("read file:///etc/x.", ["file:///etc/x"]),
        ("at http://[::1]:8080/x, then", ["http://[::1]:8080/x"]),
        ("see urn:isbn:0-395-36341-1.", ["urn:isbn:0-395-36341-1"]),
        ("(ws://h.example/chat)", ["ws://h.example/chat"]),
        ("git+ssh://h.example/repo.git!", ["git+ssh://h.example/repo.git"]),
        ("FTP://X.ORG/A", ["FTP://X.ORG/A"]),
        ("ftp://192.0.2.1:21/pub/", ["ftp://192.0.2.1:21/pub/"]),
        (
            "http://[2001:db8::7]/c=GB?objectClass?one",
            ["http://[2001:db8::7]/c=GB?objectClass?one"],
        ),
        ("file://host.example/share/x", ["file://host.example/share/x"]),
        ("Visit...https://x.org", ["https://x.org"]),
        ("call tel:+1-201-555-0123 or", ["tel:+1-201-555-0123"]),
        ("a data:,Hello link", ["data:,Hello"]),
        ("bad javascript:alert(1)", ["javascript:alert(1)"]),
    ],
)
def test_scheme_led_iris_are_found(source: str, expected: list[str]) -> None:
    found = extract(source)
    assert [m.text for m in found] == expected
    assert all(m.kind is LinkKind.URL and m.iri == m.text for m in found)


@pytest.mark.parametrize(
    "source",
    [
        "Note: this",  # a word and a colon: prose, not an opaque scheme
        "id=gps:resource:x",  # a scheme not in OPAQUE_SCHEMES, without "//"
        "tel: 555",  # the scheme alone
        "http://[zz]/",  # not an IP literal
        "http://[::1]x/",  # something glued to the literal
        "ssh://git@h.example/x",  # a userinfo: not linked, as UTS #58 does for http
        "ftp://-x.example/",  # an invalid host
        "file://",  # nothing after
        "a+a+a+a",  # scheme characters without a colon
    ],
)
def test_what_is_not_a_scheme_led_link(source: str) -> None:
    assert texts(source) == []


def test_the_end_follows_uts58() -> None:
    # Soft characters at the end are left out, brackets must match (as for http)
    assert texts("(see ftp://x.org/a_(b))") == ["ftp://x.org/a_(b)"]
    assert texts("urn:x:y?q=1#f.") == ["urn:x:y?q=1#f"]
    assert scan_path_query_fragment("/a.", 0) == 2


@pytest.mark.parametrize("name", sorted(OPAQUE_SCHEMES))
def test_each_opaque_scheme_is_found(name: str) -> None:
    assert texts(f"x {name}:abc y") == [f"{name}:abc"]
    assert texts(f"x {name.upper()}:abc y") == [f"{name.upper()}:abc"]


def test_mailto_stays_with_the_email_rules() -> None:
    assert "mailto" not in OPAQUE_SCHEMES
    assert texts("mailto:.a@example.com") == []  # UTS #58: an invalid local part
    assert [m.kind for m in extract("mailto:a@example.com")] == [LinkKind.EMAIL]


# -- file names ------------------------------------------------------------------------------


@pytest.mark.parametrize("tld", sorted(FILE_NAME_TLDS))
def test_file_names_are_not_domains_by_default(tld: str) -> None:
    source = f"run build.{tld} then"
    assert texts(source) == []
    assert texts(source, file_names="link") == [f"build.{tld}"]
    assert texts(source, file_names=FileNames.LINK) == [f"build.{tld}"]


@pytest.mark.parametrize(
    "source",
    ["setup.py", "readme.md", "x.zip", "README.MD", "see setup.py.", "(main.rs)"],
)
def test_prose_file_names(source: str) -> None:
    assert texts(source) == []
    assert len(texts(source, file_names="link")) == 1


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("www.x.zip", "www.x.zip"),  # a third label
        ("a.b.py", "a.b.py"),
        ("docs.rs/serde", "docs.rs/serde"),  # a path
        ("x.py:8080", "x.py:8080"),  # a port
        ("x.md?q", "x.md?q"),  # a query
        ("x.md#top", "x.md#top"),  # a fragment
        ("https://x.zip", "https://x.zip"),  # a scheme
        ("ann@x.py", "ann@x.py"),  # an e-mail address
    ],
)
def test_a_link_signal_makes_it_a_domain(source: str, expected: str) -> None:
    assert texts(f"see {source} now") == [expected]


def test_other_tlds_are_untouched() -> None:
    assert texts("example.com notion.so x.org") == ["example.com", "notion.so", "x.org"]
    assert not {"com", "org", "so", "ai", "app", "cc"} & set(FILE_NAME_TLDS)


def test_the_data_says_why() -> None:
    for table in (FILE_NAME_TLDS, OPAQUE_SCHEMES):
        assert all(key == key.lower() and reason for key, reason in table.items())
    from iri.text import _linkdata

    assert set(FILE_NAME_TLDS) <= _linkdata.TLDS  # each is a real TLD


def test_bad_file_names_option() -> None:
    with pytest.raises(ValueError):
        extract("x", file_names="maybe")


def test_cli_file_names_option(capsys: pytest.CaptureFixture[str]) -> None:
    old = sys.stdin
    try:
        sys.stdin = io.StringIO("setup.py and ftp://x.org/f\n")
        assert main(["extract"]) == 0
        out = capsys.readouterr().out
        assert out == "1:14\tftp://x.org/f\n"
        sys.stdin = io.StringIO("setup.py and ftp://x.org/f\n")
        assert main(["extract", "--file-names", "link", "--json"]) == 0
        rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [(r["text"], r["kind"]) for r in rows] == [
            ("setup.py", "domain"),
            ("ftp://x.org/f", "url"),
        ]
    finally:
        sys.stdin = old


def _growth() -> ModuleType:
    key = "iri_tests_growth"
    if key not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "property" / "growth.py"
        spec = importlib.util.spec_from_file_location(key, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


@pytest.mark.parametrize(
    "unit", ["a+", "a-b", "ab", "x:", "urn:", "tel:(", "ftp://[", "ftp://", "a.py ", "x.zip."]
)
def test_linear_in_scheme_like_runs(unit: str) -> None:
    # A scheme candidate is at most 64 characters, so "a+a+a+..." is not tried to its end
    # from each "a"; growth in CPU time against a linear reference (tests/property/growth.py).
    growth = _growth()
    small, large = unit * (5_000 // len(unit)), unit * (20_000 // len(unit))
    ratio = growth.relative_growth(extract, small, large)
    assert ratio <= growth.BOUND, f"extract on {unit!r}: grows {ratio:.2f}x the reference"
