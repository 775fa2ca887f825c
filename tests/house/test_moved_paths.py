"""The module paths of the flat layout still work for one release, and warn (issue 18)."""

from __future__ import annotations

import importlib
import sys

import pytest

import iri

#: old path -> (new path, a name defined there)
MOVED = {
    "iri.batch": ("iri.scale.batch", "stream"),
    "iri.dask": ("iri.scale.dask", "map_column"),
    "iri.dot_segments": ("iri.ladder.dot_segments", "remove_dot_segments"),
    "iri.extract": ("iri.text.extract", "extract"),
    "iri.idna": ("iri.syntax.hosts", "to_ascii"),
    "iri.jsonschema": ("iri.integrations.jsonschema", "format_checker"),
    "iri.linkformat": ("iri.text.linkformat", "format_link"),
    "iri.normalize": ("iri.ladder.normalize", "Level"),
    "iri.origin": ("iri.value.origin", "Origin"),
    "iri.percent": ("iri.syntax.percent", "decode"),
    "iri.pydantic": ("iri.integrations.pydantic", "IRIStr"),
    "iri.query": ("iri.value.query", "QueryStyle"),
    "iri.query_params": ("iri.value.query_params", "QueryParams"),
    "iri.reference": ("iri.value.reference", "IRIReference"),
    "iri.relativize": ("iri.ladder.relativize", "relativize"),
    "iri.resolve": ("iri.ladder.resolve", "resolve"),
    "iri.safety.bidi": ("iri.syntax.bidi", "bidi_violations"),
    "iri.safety.invisible": ("iri.syntax.invisible", "is_invisible"),
    "iri.violations": ("iri.syntax.violations", "Violation"),
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_gives_the_new_module_s_names_with_a_warning(old: str) -> None:
    new, name = MOVED[old]
    module = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=rf"{old} moved to {new}"):
        value = getattr(module, name)
    assert value is getattr(importlib.import_module(new), name)


def test_the_aliases_are_exactly_the_moved_paths() -> None:
    aliases = {n for n, m in sys.modules.items() if n.startswith("iri.") and m.__spec__ is None}
    assert aliases == set(MOVED)


@pytest.mark.parametrize("name", ["normalize", "resolve", "relativize", "extract"])
def test_importing_an_old_path_keeps_the_function_of_the_same_name(name: str) -> None:
    importlib.import_module(f"iri.{name}")
    with pytest.warns(DeprecationWarning):
        exec(f"from iri.{name} import {MOVED[f'iri.{name}'][1]}", {})
    assert callable(getattr(iri, name))
    assert not isinstance(getattr(iri, name), type(iri))


def test_a_moved_module_is_reached_as_an_attribute_after_import() -> None:
    import iri.batch

    with pytest.warns(DeprecationWarning):
        assert iri.batch.stream is importlib.import_module("iri.scale.batch").stream


def test_the_scheme_facts_old_path() -> None:
    import iri.schemes
    from iri.syntax import schemes

    with pytest.warns(DeprecationWarning, match="iri.schemes.default_port moved"):
        assert iri.schemes.default_port is schemes.default_port
    with pytest.raises(AttributeError):
        _ = iri.schemes.no_such_fact
