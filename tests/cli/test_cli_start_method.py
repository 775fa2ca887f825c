"""Issue 19, case 16: ``--jobs`` under every start method gives the one-job output.

``spawn`` is the default on macOS and Windows, and Python 3.14 moves Linux from ``fork`` to
``forkserver``: the worker pool must not depend on what a forked child inherits. The pool's
start method is :data:`iri.cli.batch.START_METHOD`; here ``check``, ``normalize`` and
``extract`` run with ``--jobs 2`` under ``spawn`` and ``forkserver`` (and the default) on an
input of several pieces (:data:`iri.cli.pieces.PIECE` bytes each), so that both workers get
some, and must write byte for byte what one job writes.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from iri.cli import batch, main
from iri.cli.pieces import PIECE

METHODS = [m for m in ("spawn", "forkserver") if m in multiprocessing.get_all_start_methods()]

LINES = [
    "http://example.org/a b",  # invalid: a report, status 1
    "HTTP://Example.COM:80/a/./b",
    "see ftp://x.org/f, setup.py and ann@example.org",
    "http://résumé.example.org/東京?q=ü",
    "http://h/\u202e",  # a bidi control: <U+202E> in text, \u202e in JSON
    "#frag",
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("spawn") / "in.txt"
    text = "".join(line + "\n" for line in LINES)
    path.write_text(text * (2 * PIECE // len(text.encode()) + 1), encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(
    "argv",
    [["check"], ["check", "--json"], ["normalize"], ["normalize", "--json"], ["extract"]],
    ids=["check", "check-json", "normalize", "normalize-json", "extract"],
)
def test_jobs_under_start_method_is_the_one_job_output(
    corpus: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    method: str,
    argv: list[str],
) -> None:
    one = _run(capsys, [*argv, "-i", str(corpus)])
    monkeypatch.setattr(batch, "START_METHOD", method)
    two = _run(capsys, [*argv, "--jobs", "2", "-i", str(corpus)])
    assert two == one
    assert one[0] in (0, 1) and one[1]
    assert one[1].count("\n") >= 2 * PIECE // 200  # several pieces' worth of output


def test_the_pool_uses_the_start_method(monkeypatch: pytest.MonkeyPatch) -> None:
    # The setting reaches the executor (not only the default context by chance).
    seen: list[str] = []
    real = multiprocessing.get_context

    def spy(method: str | None = None) -> object:
        seen.append(str(method))
        return real(method)

    monkeypatch.setattr(multiprocessing, "get_context", spy)
    monkeypatch.setattr(batch, "START_METHOD", METHODS[0])
    assert main(["to-uri", "--jobs", "2", "http://a/", "http://b/"]) == 0
    assert seen[:1] == [METHODS[0]]
