"""The tasks of :mod:`iri.scale.batch`: the function each applies to one value, and its options.

A task is the per-value function of the library that it names (``is_valid``, ``check``,
``to_uri``, ``to_iri``, ``normalize``, ``key``), or one of two column shapes of them:
``split`` (:func:`iri.split` with the authority split into userinfo, host and port, as
:func:`iri.syntax.split.split_authority` splits it) and ``resolve`` (:func:`iri.resolve` of
each value against one ``base=``). These Python functions are the reference: the column
kernels of the compiled core answer exactly what they answer, and call them for what the
core leaves undecided.

>>> split_row("http://user@example.org:8080/a?q#f")["port"]
'8080'
>>> bound(Task.RESOLVE, {"base": "http://a/b/c"})("../d")
'http://a/d'
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from functools import lru_cache, partial
from typing import Any

from iri.convert.uri import to_iri, to_uri
from iri.ladder.normalize import Level, key, normalize
from iri.ladder.resolve import resolve
from iri.syntax.check import check, iri_reference_match, is_valid
from iri.syntax.errors import IRIError
from iri.syntax.options import Option
from iri.syntax.split import split, split_authority
from iri.syntax.violations import Violation

__all__ = [
    "SPLIT_FIELDS",
    "OnInvalid",
    "Task",
    "applier",
    "bound",
    "plan",
    "split_row",
    "unmatched_null",
    "violation_row",
]


class Task(Option):
    """The function applied to every value."""

    IS_VALID = "is_valid"  #: bool
    CHECK = "check"  #: list of violations (Arrow/pandas: list of structs)
    TO_URI = "to_uri"  #: str
    TO_IRI = "to_iri"  #: str
    NORMALIZE = "normalize"  #: str
    KEY = "key"  #: str, the comparison key (equal keys iff equivalent)
    SPLIT = "split"  #: the seven components (Arrow: a struct), None where absent
    RESOLVE = "resolve"  #: str, the value resolved against ``base=``


class OnInvalid(Option):
    """What a value the function rejects (an :class:`iri.IRIError`) gives."""

    RAISE = "raise"  #: the error propagates (default)
    NULL = "null"  #: a null result in its place


#: The fields of a ``split`` result, in order.
SPLIT_FIELDS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")

#: The fields of one violation of a ``check`` result (Arrow: the struct), in order.
VIOLATION_FIELDS = ("code", "severity", "component", "start", "end", "section", "message")


def split_row(text: str) -> dict[str, str | None]:
    """The seven components of ``text``: :func:`iri.split`, its authority split too.

    Never fails. ``userinfo``, ``host`` and ``port`` are ``None`` without an authority;
    with one, the host is always a ``str`` (maybe empty).

    >>> split_row("//u@h?#")
    ... # doctest: +NORMALIZE_WHITESPACE
    {'scheme': None, 'userinfo': 'u', 'host': 'h', 'port': None, 'path': '',
     'query': '', 'fragment': ''}
    """
    c = split(text)
    userinfo = host = port = None
    if c.authority is not None:
        a = split_authority(c.authority)
        userinfo, host, port = a.userinfo, a.host, a.port
    return {
        "scheme": c.scheme,
        "userinfo": userinfo,
        "host": host,
        "port": port,
        "path": c.path,
        "query": c.query,
        "fragment": c.fragment,
    }


def _split_task(text: str) -> dict[str, str | None]:
    return split_row(text)


def violation_row(v: Violation) -> dict[str, object]:
    """One violation as a row: its fields by :data:`VIOLATION_FIELDS` (the span as two)."""
    return {
        "code": v.code.value,
        "severity": v.severity.value,
        "component": v.component,
        "start": v.span[0],
        "end": v.span[1],
        "section": v.section,
        "message": v.message,
    }


_FUNCTIONS: dict[Task, Callable[..., Any]] = {
    Task.IS_VALID: is_valid,
    Task.CHECK: check,
    Task.TO_URI: to_uri,
    Task.TO_IRI: to_iri,
    Task.NORMALIZE: normalize,
    Task.KEY: key,
    Task.SPLIT: _split_task,
}


def bound(task: Task | str, options: dict[str, Any]) -> Callable[[str], Any]:
    """``task``'s function of one text with ``options`` bound (``ValueError`` for a task
    that does not exist; ``TypeError`` for ``resolve`` without ``base=`` or ``split`` with
    an option). An option the function rejects (a name it does not take, a value it does
    not have or of another type) raises the function's own error here, before any value
    (the function is called once on the empty text, which every task takes): a column
    with no value (empty, or nulls only) would never call it, nor would a kernel, which
    reads an option value it does not know as "defer". A callable option (``normalize``'s
    ``equivalences``) is the caller's code: an identity stands in for it in that call, so
    it runs on the column's values only."""
    t = Task(task)
    if t is Task.RESOLVE and "base" not in options:
        raise TypeError("the resolve task needs base= (the IRI to resolve against)")
    if t is Task.SPLIT and options:
        raise TypeError(f"the split task takes no options, got {sorted(options)}")
    if not options:
        return _FUNCTIONS[t]
    probe = _with(t, {k: _same if callable(v) else v for k, v in options.items()})
    # the text's or the base's own error (an invalid base=, say) stays per value, as before
    with suppress(IRIError):
        probe("")
    return _with(t, options)


def _with(task: Task, options: dict[str, Any]) -> Callable[[str], Any]:
    if task is Task.RESOLVE:
        rest = dict(options)
        return partial(_resolve_against, rest.pop("base"), rest)
    return partial(_FUNCTIONS[task], **options)


def _same(text: str) -> str:
    return text


def _resolve_against(base: str, options: dict[str, Any], reference: str) -> str:
    return resolve(base, reference, **options)


def _matches_first(task: Task, options: dict[str, Any]) -> bool:
    """Whether ``task``'s function, with these options, starts by matching
    ``IRI-reference`` and raises ``InvalidIRI`` when that fails (``to_uri`` and ``to_iri``
    without options, ``normalize`` with at most ``level``, ``key`` above the simple
    level, ``resolve`` with only its ``base``: its default ``validate="check"`` raises for
    an invalid reference, as for an invalid base): with ``on_invalid="null"`` such a text
    is a null without the function building the error's diagnostics (the same answer, far
    cheaper on invalid columns). Only those options: any other is checked by the function
    before it matches."""
    if task in (Task.TO_URI, Task.TO_IRI):
        return not options
    if task is Task.RESOLVE:
        return set(options) == {"base"}
    if task in (Task.NORMALIZE, Task.KEY) and set(options) <= {"level"}:
        normalize("", **options)  # a bad level: the function's own ValueError, now
        return task is Task.NORMALIZE or options.get("level") != Level.SIMPLE
    return False


def unmatched_null(task: Task | str, on_invalid: OnInvalid | str, options: dict[str, Any]) -> bool:
    """Whether, for ``task`` with ``on_invalid`` and ``options``, a text that is no valid
    ``IRI-reference`` (``iri.is_valid`` with the default rule and options) is a null
    without the function being called: ``on_invalid="null"`` and a function that starts
    by matching ``IRI-reference`` (see ``_matches_first``). :func:`applier` does so, and
    the column kernels are told so."""
    t = Task(task)
    return OnInvalid(on_invalid) is OnInvalid.NULL and _matches_first(t, options)


def plan(
    task: Task | str, on_invalid: OnInvalid | str, options: dict[str, Any]
) -> tuple[Task, OnInvalid, Callable[[object], Any], bool]:
    """``task`` and ``on_invalid`` as enums, :func:`applier` and :func:`unmatched_null`, all
    at once: what a column call needs before its first value. Kept for the last 64 calls'
    arguments when the option values are hashable (each by type and value: ``1`` and
    ``True`` are told apart), since a column call on a short chunk (a DuckDB vector is
    2,048 rows) would otherwise spend a few microseconds on this alone; the same errors
    as :func:`applier` for a task, option or ``on_invalid`` it rejects (never kept)."""
    if not options:
        return _plan(task, on_invalid, ())
    try:
        key = tuple(sorted((name, type(v), v) for name, v in options.items()))
        return _plan(task, on_invalid, key)
    except TypeError as err:
        if "unhashable" not in str(err):
            raise
    return _planned(task, on_invalid, options)


@lru_cache(maxsize=64)
def _plan(
    task: Task | str, on_invalid: OnInvalid | str, key: tuple[Any, ...]
) -> tuple[Task, OnInvalid, Callable[[object], Any], bool]:
    return _planned(task, on_invalid, {name: v for name, _, v in key})


def _planned(
    task: Task | str, on_invalid: OnInvalid | str, options: dict[str, Any]
) -> tuple[Task, OnInvalid, Callable[[object], Any], bool]:
    t, on = Task(task), OnInvalid(on_invalid)
    return t, on, applier(t, on, options), unmatched_null(t, on, options)


def applier(task: Task | str, on_invalid: OnInvalid | str, options: dict[str, Any]) -> Any:
    """Return ``f(value) -> result | None`` for one non-null value, type-checked: a
    rejected value raises or, with ``on_invalid="null"``, gives ``None``."""
    t = Task(task)
    fn = bound(t, options)
    null = OnInvalid(on_invalid) is OnInvalid.NULL
    match_first = unmatched_null(t, on_invalid, options)

    def apply(value: object) -> Any:
        if not isinstance(value, str):
            raise TypeError(f"expected str or None, got {type(value).__name__}: {value!r:.60}")
        if not null:
            return fn(value)
        if match_first and iri_reference_match(value) is None:
            return None
        try:
            return fn(value)
        except IRIError:
            return None

    return apply
