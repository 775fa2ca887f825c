"""Scale-out: :mod:`~iri.scale.batch` (iterables, Arrow and pandas columns),
:mod:`~iri.scale.dask` (Dask data frames and bags) and :mod:`~iri.scale.spark` (Spark
columns). See docs/scale.md.
"""
