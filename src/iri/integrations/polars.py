"""Polars: the ``iri`` expression namespace, every column task of :mod:`iri.scale.batch`.

Importing this module registers the namespace on ``polars.Expr`` (Polars has no entry point
for namespaces: the import is the registration, once per process)::

    import iri.integrations.polars  # noqa: F401  (registers pl.col(...).iri)

Each method is named after its task (:class:`iri.scale.batch.Task`) and takes that task's
options (those of the function of the same name: ``rule=``, ``level=``, ``host=`` ...) and
``on_invalid`` (``"raise"``, the default, or ``"null"``). A method builds an expression: it
runs lazily, in the streaming engine too (each batch is one call, ``is_elementwise``), and
hands each batch to :func:`iri.scale.batch.arrow_column` as an Arrow array through the Arrow
PyCapsule interface (the string buffers are not copied). Nulls stay nulls.

>>> import polars as pl
>>> import iri.integrations.polars
>>> df = pl.DataFrame({"url": ["HTTP://Example.org:80/%7e", None, "a b"]})
>>> df.select(pl.col("url").iri.is_valid())["url"].to_list()
[True, None, False]
>>> df.lazy().select(
...     pl.col("url").iri.normalize(level="scheme", on_invalid="null")
... ).collect()["url"].to_list()
['http://example.org/~', None, None]

The result types: ``Boolean`` for ``is_valid``, ``String`` for the conversions,
``List(Struct)`` of violations for ``check`` (as :func:`iri.scale.batch.arrow_column` gives
them). A value the task rejects (``on_invalid="raise"``) raises :class:`iri.IRIError` whose
message names the error (``InvalidIRI: ...``): Polars rebuilds an expression's exception from
its message, which the richer errors (their violations) cannot be rebuilt from.
Needs the ``polars`` extra.
"""

from __future__ import annotations

from typing import Any

import polars as pl
import pyarrow as pa

from iri.scale.batch import OnInvalid, arrow_column
from iri.syntax.errors import IRIError

__all__ = ["IRIExpr"]

_STRINGS = (pl.String, pl.Null, pl.Categorical, pl.Enum)


def _dtype(task: str, options: dict[str, Any]) -> Any:
    """The Polars type of the task's result: the kernel's own type on an empty column
    (one source of truth; a task or option the kernel does not know fails here, early)."""
    probe = arrow_column(task, pa.array([], pa.string()), **options)
    return pl.Series(probe).dtype


def _batch(
    series: pl.Series, task: str, on_invalid: OnInvalid, options: dict[str, Any]
) -> pl.Series:
    if not isinstance(series.dtype, _STRINGS):
        raise TypeError(f"iri.{task} needs a String column, got {series.dtype}")
    if series.dtype != pl.String:
        series = series.cast(pl.String)
    # The PyCapsule stream: Polars' string views, zero copy.
    try:
        out = arrow_column(task, pa.chunked_array(series), on_invalid=on_invalid, **options)
    except IRIError as err:
        # Polars re-raises an expression's exception as type(err)(message + context): an
        # InvalidIRI (text, violations) cannot be rebuilt so, its base class can.
        raise IRIError(f"{type(err).__name__}: {err}") from err
    return pl.Series(series.name, out)


@pl.api.register_expr_namespace("iri")
class IRIExpr:
    """``pl.col(...).iri``: the column tasks of :mod:`iri.scale.batch` as expressions."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _map(self, task: str, on_invalid: OnInvalid | str, options: dict[str, Any]) -> pl.Expr:
        invalid = OnInvalid(on_invalid)
        dtype = _dtype(task, options)
        return self._expr.map_batches(
            lambda s: _batch(s, task, invalid, options),
            return_dtype=dtype,
            is_elementwise=True,
        )

    def is_valid(self, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> pl.Expr:
        """:func:`iri.is_valid` of each value (``rule=``, ``zone_id=``): ``Boolean``.

        >>> s = pl.Series(["http://x/", "a b"])
        >>> s.to_frame().select(pl.first().iri.is_valid(rule="IRI")).to_series().to_list()
        [True, False]
        """
        return self._map("is_valid", on_invalid, options)

    def check(self, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> pl.Expr:
        """:func:`iri.check` of each value (``rule=``, ...): a list of violation structs.

        >>> s = pl.Series(["http://x/%zz"])
        >>> s.to_frame().select(pl.first().iri.check()).to_series()[0][0]["code"]
        'invalid-percent-encoding'
        """
        return self._map("check", on_invalid, options)

    def to_uri(self, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> pl.Expr:
        """:func:`iri.to_uri` of each value (``host=``, ``charset=``, ...): ``String``."""
        return self._map("to_uri", on_invalid, options)

    def to_iri(self, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> pl.Expr:
        """:func:`iri.to_iri` of each value (``host=``, ...): ``String``."""
        return self._map("to_iri", on_invalid, options)

    def normalize(self, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> pl.Expr:
        """:func:`iri.normalize` of each value (``level=``, ...): ``String``."""
        return self._map("normalize", on_invalid, options)

    def key(self, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> pl.Expr:
        """:func:`iri.key` of each value (``level=``, ...): ``String``, equal iff equivalent."""
        return self._map("key", on_invalid, options)

    def split(self, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> pl.Expr:
        """:func:`iri.split` of each value: a ``Struct`` of the components."""
        return self._map("split", on_invalid, options)

    def resolve(
        self, base: str, *, on_invalid: OnInvalid | str = "raise", **options: Any
    ) -> pl.Expr:
        """:func:`iri.resolve` of each value (a reference) against ``base``: ``String``."""
        return self._map("resolve", on_invalid, {"base": base, **options})
