"""Issue 19 case 8: a port above 65535 (RFC 6335 6: port numbers are 16-bit).

``check`` warns ``port-out-of-range`` (the grammar, ``port = *DIGIT``, holds), linearly for a
port of any length; the value API refuses such a port with a ``ValueError``; ``from_href``
fails as the URL Standard's port state does.
"""

from __future__ import annotations

import pytest

import iri
from iri.syntax.check_authority import port_out_of_range


@pytest.mark.parametrize("port", ["65536", "99999", "070000", "100000", "9" * 30])
def test_check_warns_for_a_port_no_scheme_can_use(port: str) -> None:
    text = f"http://h:{port}/"
    found = [v for v in iri.check(text) if v.code == "port-out-of-range"]
    assert len(found) == 1
    v = found[0]
    assert v.severity == "warning" and v.component == "port" and v.section == "RFC 6335 6"
    assert v.span == (9, 9 + len(port))
    assert iri.is_valid(text) and str(iri.parse(text)) == text  # the grammar holds


@pytest.mark.parametrize("port", ["0", "80", "65535", "0065535", "000000000000000001", ""])
def test_check_is_silent_about_ports_in_range(port: str) -> None:
    assert not [v for v in iri.check(f"http://h:{port}/") if v.code == "port-out-of-range"]


def test_a_port_of_ten_megabytes_of_digits_is_checked_without_int() -> None:
    huge = "1" + "0" * 10_000_000
    found = iri.check(f"http://h:{huge}/")
    assert [v.code for v in found] == ["port-out-of-range"]
    assert port_out_of_range("0" * 10_000_000 + "80") is False  # leading zeros skipped


@pytest.mark.parametrize("port", [65536, 70000, 10**30, "70000", "065536", "9" * 5000])
def test_the_value_api_refuses_a_port_above_65535(port: int | str) -> None:
    ref = iri.parse("http://h/")
    with pytest.raises(ValueError, match="65535"):
        ref.with_port(port)
    with pytest.raises(iri.ComponentError, match="at most 65535"):
        ref.replace(port=port)


@pytest.mark.parametrize("port", [0, 65535, "065535", "80"])
def test_the_value_api_keeps_ports_in_range(port: int | str) -> None:
    assert iri.parse("http://h/").with_port(port).port == int(port)


@pytest.mark.parametrize("port", ["65536", "99999", "4294967297"])
def test_from_href_fails_as_the_url_standard_does(port: str) -> None:
    pytest.importorskip("ada_url")
    with pytest.raises(iri.HrefError):
        iri.from_href(f"http://h:{port}/")
    with pytest.raises(iri.HrefError):
        iri.from_href(f"http://h:{port}/", form="iri")
    assert iri.from_href("http://h:65535/") == "http://h:65535/"
