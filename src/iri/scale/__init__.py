"""Scale-out: :mod:`~iri.scale.batch` (iterables, Arrow and pandas columns) and
:mod:`~iri.scale.dask` (Dask data frames and bags). See docs/scale.md.
"""
