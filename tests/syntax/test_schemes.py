"""Scheme facts (iri.schemes): the data is well formed and the accessors ignore case."""

from __future__ import annotations

import re

import pytest

from iri.syntax import schemes
from iri.syntax.grammar import SCHEME


def test_every_scheme_name_is_a_lowercase_scheme() -> None:
    names = (
        set(schemes.DEFAULT_PORTS)
        | schemes.DNS_HOST_SCHEMES
        | schemes.EMPTY_PATH_IS_SLASH
        | set(schemes.DEFAULT_HOSTS)
        | schemes.ADDR_SPEC_PATH_SCHEMES
    )
    for name in names:
        assert re.fullmatch(SCHEME, name), name
        assert name == name.lower(), name


def test_default_ports_are_ports_without_leading_zeros() -> None:
    for scheme, port in schemes.DEFAULT_PORTS.items():
        assert port.isdigit() and str(int(port)) == port and 0 < int(port) < 65536, scheme


def test_default_ports_of_the_web_schemes() -> None:
    expected = {"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}
    for scheme, port in expected.items():
        assert schemes.default_port(scheme) == port


@pytest.mark.parametrize("scheme", ["http", "HTTP", "Https", "WSS"])
def test_accessors_ignore_case(scheme: str) -> None:
    assert schemes.default_port(scheme) is not None
    assert schemes.uses_dns(scheme)


@pytest.mark.parametrize("scheme", [None, "", "urn", "mailto", "tag", "x-unknown"])
def test_schemes_without_facts(scheme: str | None) -> None:
    assert schemes.default_port(scheme) is None
    assert not schemes.uses_dns(scheme)


def test_empty_path_rule_only_for_hierarchical_dns_schemes() -> None:
    assert schemes.EMPTY_PATH_IS_SLASH <= schemes.DNS_HOST_SCHEMES
