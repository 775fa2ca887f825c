"""Coverage-guided differential fuzzing of the native core: ``make fuzz``.

atheris (libFuzzer) mutates byte strings, guided by the coverage of the Python reference
(the Python ``check`` and ``is_valid`` explore the grammar branch by branch); each input,
decoded as UTF-8 (with surrogate escapes for the bytes that are not), is given to every
native function and its Python twin. Any difference raises, libFuzzer saves the input
under ``crash-*`` and the run fails. libFuzzer prints the number of inputs run at the
end (``Done N runs``).

    python tests/native/fuzz_native.py -runs=200000 -max_len=512 -seed=1
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


BASE = "http://a/b/c/d;p?q"


def main() -> None:
    import atheris  # imported here: pytest --doctest-modules imports this file
    from native_twins import (
        RULES,
        has_surrogate,
        py_check,
        py_groups,
        py_is_valid,
        py_normalize,
        py_resolve,
        py_rows,
        py_split,
        py_to_iri,
        py_to_uri,
    )

    from iri import _native

    # load the lazily imported parts of the checker, then instrument every loaded function
    py_check("http://%C3%A9/\u05d0?\ue000#%c3", rule="IRI")
    py_check("mailto:a@b")
    py_check("file:///a")
    py_check("data:,a")
    py_check("urn:a:b")
    atheris.instrument_all()

    def one(data: bytes) -> None:
        text = data.decode("utf-8", "surrogateescape")
        for rule in RULES:
            for zone in ("reject", "accept"):
                got = _native.is_valid(text, rule, zone)
                want = py_is_valid(text, rule=rule, zone_id=zone)
                if got is not None and got != want:
                    raise AssertionError(("is_valid", text, rule, zone, got, want))
                if _native.clean(text, rule, zone) and py_check(text, rule=rule, zone_id=zone):
                    raise AssertionError(("clean", text, rule, zone))
                rows = _native.violations(text, rule, zone)
                if rows is not None and rows != py_rows(text, rule, zone):
                    raise AssertionError(("violations", text, rule, zone, rows))
        parts = _native.split(text)
        if parts is None:
            if not has_surrogate(text):
                raise AssertionError(("split deferred", text))
        elif parts != tuple(py_split(text)):
            raise AssertionError(("split", text, parts))
        groups = _native.parse_groups(text)
        if groups is not None and groups != py_groups(text):
            raise AssertionError(("parse_groups", text, groups))
        for name, got, twin in (
            ("normalize", _native.normalize(text, "syntax"), lambda: py_normalize(text)),
            (
                "normalize scheme",
                _native.normalize(text, "scheme"),
                lambda: py_normalize(text, level="scheme"),
            ),
            ("to_uri", _native.to_uri(text), lambda: py_to_uri(text)),
            ("to_iri", _native.to_iri(text), lambda: py_to_iri(text)),
            ("resolve", _native.resolve(BASE, text), lambda: py_resolve(BASE, text)),
            ("resolve base", _native.resolve(text, "../g?q"), lambda: py_resolve(text, "../g?q")),
        ):
            if got is not None and got != twin():
                raise AssertionError((name, text, got))

    atheris.Setup(sys.argv, one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
