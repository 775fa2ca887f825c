"""``python -m iri``: the ``iri`` command (:func:`iri.cli.main`)."""

import sys

from iri.cli import main

if __name__ == "__main__":
    sys.exit(main())
