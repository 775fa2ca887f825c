"""Run a per-item task over the records of a command line: in-process or across processes.

A *task* is a picklable callable (a module-level function, or a :func:`functools.partial`
of one) from a :data:`~iri.cli.inputs.Record` to an :data:`~iri.cli.output.Outcome`: the
formatting (text or JSON) happens in the task, so that with ``--jobs N`` the workers do it
in parallel and the main process only cuts the input into pieces of undecoded lines
(:mod:`iri.cli.pieces`: the workers decode them) and writes the finished text, in input
order (a ``ProcessPoolExecutor``). At most :data:`IN_FLIGHT` pieces per worker are read
ahead, so memory stays bounded whatever the input size; with one job, each chunk's output
is written before the next chunk is read. A chunk (:func:`iri.cli.inputs.chunks`) is
the lines of one read of the input, at most :data:`~iri.cli.inputs.CHUNK` of them: a line
typed at a terminal is a chunk of its own, so interactive use answers line by line. A task
may have a ``chunk`` method doing a whole chunk at once (:func:`run_chunk`): the common
commands do, so that the command's cost per line stays close to the library's.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator

from iri.cli.inputs import CHUNK, STDIN, BadLine, Chunk, Record, chunks
from iri.cli.output import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    Done,
    Outcome,
    complain,
    encoded,
    writer,
)
from iri.cli.pieces import Piece, chunks_of, pieces
from iri.convert.charsets import lookup
from iri.syntax.errors import CharsetError
from iri.syntax.options import Option

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)

if TYPE_CHECKING:
    import argparse
    from concurrent.futures import Future
    from typing import Final

Task = Callable[[Record], Outcome]
#: A :data:`~iri.cli.output.Done` as a ``--jobs`` worker sends it: without keys, the stdout
#: text comes :func:`~iri.cli.output.encoded` (the main process only writes the bytes).
Sent = tuple[str | bytes, str, int, list[tuple[str, str | None]] | None]

__all__ = [
    "CHUNK",
    "IN_FLIGHT",
    "START_METHOD",
    "Done",
    "Progress",
    "Sent",
    "Task",
    "jobs_count",
    "run",
    "run_chunk",
    "run_piece",
]
#: Pieces (or chunks) read ahead per worker.
IN_FLIGHT: Final = 4
#: How ``--jobs`` starts its worker processes (a :mod:`multiprocessing` start method name),
#: None for the platform's default: ``fork`` on Linux up to Python 3.13, ``forkserver``
#: from 3.14, ``spawn`` on macOS and Windows. The tasks and pieces are pickled either way,
#: so the output is the same under each; tests set this to run the pool under each one.
START_METHOD: str | None = None


class Progress(Option):
    """When to draw a progress bar on stderr."""

    AUTO = "auto"  #: when stderr is a terminal and the input is files (not arguments, not stdin)
    ALWAYS = "always"  #: whenever the input is files
    NEVER = "never"


def jobs_count(text: str) -> int:
    """``--jobs``: a number of processes, 0 for one per CPU."""
    n = int(text)
    if n < 0:
        raise ValueError(text)
    return n or os.cpu_count() or 1


def _files(args: argparse.Namespace) -> list[str]:
    if getattr(args, "items", None):
        return []
    return [f for f in getattr(args, "input", None) or [] if f != STDIN]


class _Bar:
    """Progress in bytes over the input files, drawn by ``tqdm`` on stderr."""

    def __init__(self, files: list[str]) -> None:
        import importlib

        tqdm = importlib.import_module("tqdm").tqdm  # typed Any: tqdm ships no stubs
        self.sizes = [os.path.getsize(f) for f in files]
        self.bar = tqdm(total=sum(self.sizes), unit="B", unit_scale=True, file=sys.stderr)
        self.finished = 0  # bytes of the files done
        self.index = 0  # the current file
        self.last = 0  # the last position in it

    def __call__(self, position: int) -> None:
        if position < self.last:  # the next file started
            self.finished += self.sizes[self.index]
            self.index += 1
        self.last = position
        self.bar.update(self.finished + position - self.bar.n)

    def close(self) -> None:
        self.bar.close()


def _bar(args: argparse.Namespace) -> _Bar | None:
    """The progress bar wanted by ``args``, or None."""
    files = _files(args)
    mode = Progress(getattr(args, "progress", Progress.AUTO))
    if not files or STDIN in (getattr(args, "input", None) or []) or mode is Progress.NEVER:
        return None
    if mode is Progress.AUTO and not sys.stderr.isatty():
        return None
    try:
        return _Bar(files)
    except ImportError:  # the optional extra iri[cli] is not installed
        if mode is Progress.ALWAYS:
            complain("iri: --progress always needs tqdm: pip install 'iri[cli]'")
        return None


def run_chunk(task: Task, chunk: Chunk) -> Done:
    """The outcomes of ``task`` on the texts of ``chunk``, gathered: the task's own
    ``chunk`` method if it has one (a loop without a record per item), else item by item."""
    fast = getattr(task, "chunk", None)
    if fast is not None:
        done: Done | None = fast(chunk)
        if done is not None:
            return done
    file, first, texts = chunk
    outs: list[str] = []
    errs: list[str] = []
    keyed: list[tuple[str, str | None]] = []
    status = 0
    for i, text in enumerate(texts):
        out, err, failed, key = task((file, first + i if first else 0, text))
        if err:
            errs.append(err)
        if failed > status:
            status = int(failed)
        outs.append(out)
        keyed.append((out, key))
    has_keys = any(key is not None for _, key in keyed)
    return "".join(outs), "".join(errs), status, keyed if has_keys else None


def _worker_init() -> None:
    # ^C goes to the whole process group: the main process handles it (and stops the pool).
    import signal  # here: only workers need it (start-up time)

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_piece(task: Task, piece: Chunk | Piece) -> tuple[Sent, list[BadLine]]:
    """A worker's job (``--jobs``): the outcomes of ``task`` on a piece or chunk of input,
    and its lines with undecodable bytes (:func:`iri.cli.pieces.chunks_of`)."""
    bad: list[BadLine] = []
    outs: list[str] = []
    errs: list[str] = []
    status = 0
    keyed: list[tuple[str, str | None]] = []
    has_keys = False
    for chunk in chunks_of(piece, bad.append):
        out, err, failed, chunk_keyed = run_chunk(task, chunk)
        outs.append(out)
        errs.append(err)
        status = max(status, failed)
        # A chunk without keys (each item failed, or has none) is one text to write as it is.
        keyed += chunk_keyed or [(out, None)]
        has_keys = has_keys or chunk_keyed is not None
    if has_keys:  # (normalize --unique) the main process writes what is new: texts, in order
        return ("".join(outs), "".join(errs), status, keyed), bad
    return (encoded("".join(outs)), "".join(errs), status, None), bad


def _outcomes(
    args: argparse.Namespace,
    task: Task,
    on_bad_line: Callable[[BadLine], None],
    on_progress: Callable[[int], None] | None,
) -> Iterator[Sent]:
    jobs: int = getattr(args, "jobs", 1)
    if jobs <= 1:
        for chunk in chunks(args, on_bad_line=on_bad_line, on_progress=on_progress):
            yield run_chunk(task, chunk)
        return
    import multiprocessing
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor

    # In input order: at most IN_FLIGHT pieces per worker submitted and not yet written.
    # (multiprocessing.Pool is not used: its worker-handler thread spins while a large
    # result is on its way, which cost the main process a tenth of a worker's time.)
    submitted: deque[Future[tuple[Sent, list[BadLine]]]] = deque()
    context = multiprocessing.get_context(START_METHOD)
    executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_init)
    try:
        for piece in pieces(args, on_bad_line, on_progress):
            submitted.append(executor.submit(run_piece, task, piece))
            if len(submitted) >= jobs * IN_FLIGHT:
                yield _collected(submitted.popleft(), on_bad_line)
        while submitted:
            yield _collected(submitted.popleft(), on_bad_line)
    finally:  # a broken pipe or ^C: no more waiting than for the pieces being done
        executor.shutdown(wait=True, cancel_futures=True)


def _collected(
    future: Future[tuple[Sent, list[BadLine]]], on_bad_line: Callable[[BadLine], None]
) -> Sent:
    done, bad = future.result()
    for line in bad:
        on_bad_line(line)
    return done


def run(args: argparse.Namespace, task: Task, *, unique: bool = False, found: bool = False) -> int:
    """Run ``task`` on every record of ``args``; write the outcomes; return the exit status.

    ``unique``: drop an outcome whose key an earlier one had (``normalize --unique``).
    ``found``: grep's exit status (``extract``): 0 when something was written to stdout, else
    1; lines with undecodable bytes are reported, not counted.
    """
    if getattr(args, "items", None) and getattr(args, "input", None):
        complain(f"iri {args.command}: give items or --input files, not both")
        return EXIT_USAGE
    encoding = getattr(args, "encoding", None)
    if encoding is not None:
        try:
            lookup(encoding).incremental_decoder()  # replacement decodes nothing
        except CharsetError as exc:
            complain(f"iri {args.command}: --encoding: {exc}")
            return EXIT_USAGE
    for path in _files(args):
        try:
            open(path, "rb").close()
        except OSError as exc:
            complain(f"iri {args.command}: cannot read {path}: {exc.strerror}")
            return EXIT_USAGE
    status = EXIT_OK
    bad_status = EXIT_OK if found else EXIT_FAILED  # of a line with undecodable bytes
    wrote = False
    bad_lines = []

    def on_bad_line(bad: BadLine) -> None:
        bad_lines.append(bad)  # noticed by the main loop, which reports it in order

    progress = _bar(args)
    seen: set[str] = set()  # one key per distinct item, nothing more
    out, err = writer(sys.stdout), writer(sys.stderr)
    try:
        for written, problems, failed, keyed in _outcomes(args, task, on_bad_line, progress):
            if bad_lines:
                for bad in bad_lines:
                    complain(f"iri {args.command}: {bad}")
                bad_lines.clear()
                status = max(status, bad_status)
            status = max(status, failed)  # the highest item status (audit: 3, 4)
            if problems:
                err(problems)
            text = "".join(_first_of_each_key(keyed, seen)) if unique and keyed else written
            if text:
                out(text)
                wrote = True
        for bad in bad_lines:  # (read ahead, with --jobs)
            complain(f"iri {args.command}: {bad}")
            status = max(status, bad_status)
    except UnicodeDecodeError as exc:  # a codec that fails without asking its error handler
        complain(f"iri {args.command}: cannot decode the input: {exc}")
        status = max(status, EXIT_FAILED)
    finally:
        if progress is not None:
            progress.close()
    if found and not wrote:
        status = max(status, EXIT_FAILED)
    return status


def _first_of_each_key(keyed: list[tuple[str, str | None]], seen: set[str]) -> Iterator[str]:
    for text, key in keyed:
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        yield text
