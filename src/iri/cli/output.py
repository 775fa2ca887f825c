"""Everything the ``iri`` command writes: result lines (text or JSON Lines), error reports.

Output is UTF-8; a lone surrogate (an undecodable input byte, see :mod:`iri.cli.inputs`) is
written as a ``\\udcXX`` escape, so the output is always valid UTF-8.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from functools import cache

from iri.cli.inputs import Chunk, Record, location
from iri.syntax.errors import IDNAError, InvalidIRI, IRIError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)

if TYPE_CHECKING:
    from typing import Final, TextIO

#: What one item gives: (stdout text, stderr text, status, dedup key or None). Texts are
#: complete lines (each ending in "\n"); they may hold lone surrogates (undecodable input
#: bytes), which :func:`writer` escapes as it writes them, once per chunk. The status is the
#: item's exit status: ``False``/0 passed, ``True``/1 failed, or a command's own (``audit``:
#: 3, 4); the command exits with the highest one.
Outcome = tuple[str, str, int, str | None]
#: What one chunk of items gives (:func:`iri.cli.batch.run_chunk`): (stdout text, stderr
#: text, the highest item status, and for a task with keys each item's stdout text and key,
#: in order; else None).
Done = tuple[str, str, int, list[tuple[str, str | None]] | None]

EXIT_OK: Final = 0
EXIT_FAILED: Final = 1
EXIT_USAGE: Final = 2
EXIT_BROKEN_PIPE: Final = 128 + 13  # what a shell reports for a process killed by SIGPIPE

#: A lone surrogate (compiled on the first non-ASCII text: start-up time).
_SURROGATE: Final = "[\ud800-\udfff]"
#: What JSON output writes as ``\uXXXX`` escapes although ``json.dumps(ensure_ascii=False)``
#: leaves it raw: every character a common reader takes for a line break (Python's
#: ``str.splitlines`` splits on ``\n \r \v \f \x1c \x1d \x1e \x85 \u2028 \u2029``;
#: ``json.dumps`` escapes those below U+0020 itself, these are the rest: NEL, LINE and
#: PARAGRAPH SEPARATOR), so that one JSON Lines record stays one line for every reader, and
#: the bidi controls (RFC 3987 4.1's and UAX #9's: ALM, LRM, RLM, LRE...RLO, LRI...PDI), so
#: that a record shown in a terminal or an editor is not reordered. One regex over the
#: non-ASCII records only; other non-ASCII characters stay readable.
JSON_ESCAPED: Final = "[\x85\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"


def safe(text: str) -> str:
    """Escape lone surrogates (``\\udcff``) so that ``text`` can be written as UTF-8."""
    if text.isascii():
        return text
    return re.sub(_SURROGATE, _escape, text)  # (re's own cache keeps the pattern)


def _escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def encoded(text: str) -> bytes:
    """``text`` as the command writes it: UTF-8, each lone surrogate as a ``\\udcff``
    escape (the bytes of ``safe(text)``; ``--jobs`` workers send these)."""
    return text.encode("utf-8", "backslashreplace")


def writer(stream: TextIO) -> Callable[[str | bytes], None]:
    """A ``write`` to ``stream`` for texts that may hold lone surrogates, each written as a
    ``\\udcff`` escape (:func:`safe`), and for :func:`encoded` bytes. The command's own
    UTF-8 stream (:func:`iri.cli.main` sets it up with ``backslashreplace``) makes the
    escapes itself, and takes the bytes below its text layer; other streams (``main(argv)``
    called with them, as in tests) get :func:`safe` text."""
    own = getattr(stream, "encoding", None) == "utf-8" and stream.errors == "backslashreplace"
    buffer = getattr(stream, "buffer", None) if own else None

    def write(text: str | bytes) -> None:
        if isinstance(text, str):
            stream.write(text if own else safe(text))  # own: no search of every text
        elif buffer is not None:
            stream.flush()  # what the text layer holds goes first
            buffer.write(text)
        else:
            stream.write(text.decode("utf-8"))

    return write


def emit(line: str) -> None:
    sys.stdout.write(safe(line) + "\n")


def json_line(obj: dict[str, object]) -> str:
    """One JSON Lines line (with its "\\n"), as an outcome: the :func:`writer` makes it
    valid UTF-8."""
    import json

    # ensure_ascii=False keeps the IRIs readable; a lone surrogate (which json.dumps leaves
    # raw in that mode) is written as a JSON \u escape by the writer (or safe()); line
    # breaks and bidi controls as \u escapes here (JSON_ESCAPED). Outside its strings
    # json.dumps writes ASCII only, so each of them is inside a string, where the escape
    # decodes to the same character.
    text = json.dumps(obj, ensure_ascii=False)
    if not text.isascii():
        escaped = _json_escaped()
        if escaped.search(text) is not None:  # rare: a search is cheaper than a sub
            text = escaped.sub(_escape, text)
    return text + "\n"


@cache
def _json_escaped() -> re.Pattern[str]:
    return re.compile(JSON_ESCAPED)  # on the first non-ASCII record (start-up time)


def where(record: Record) -> dict[str, object]:
    """The JSON location fields of a record: ``file`` (several inputs) and ``line``."""
    file, line, _ = record
    if not line:
        return {}
    return {"line": line} if file is None else {"file": file, "line": line}


def located(record: Record, lines: list[str]) -> str:
    """Report ``lines`` as one block, the first prefixed by the record's ``FILE:LINE: ``.

    The following lines are indented by as much, so carets stay under their characters.
    """
    prefix = location(record[0], record[1])
    pad = " " * len(prefix)
    return "".join((prefix if i == 0 else pad) + line + "\n" for i, line in enumerate(lines))


def complain(line: str) -> None:
    sys.stderr.write(safe(line) + "\n")


def charset_known(command: str, name: str | None, option: str = "--charset") -> bool:
    """Whether ``option`` (``name``; None: not given) is a label the one resolver knows
    (:func:`iri.convert.charsets.lookup`, Encoding Standard labels); if not, say why (the
    command then exits with :data:`EXIT_USAGE`)."""
    if name is None:
        return True
    from iri.convert.charsets import lookup
    from iri.syntax.errors import CharsetError

    try:
        lookup(name)
    except CharsetError as exc:
        complain(f"iri {command}: {option}: {exc}")
        return False
    return True


def error_dict(exc: IRIError) -> dict[str, object]:
    """JSON form of a library error: its type, first message line and its data."""
    out: dict[str, object] = {"type": type(exc).__name__, "message": str(exc).split("\n")[0]}
    if isinstance(exc, InvalidIRI):
        out["violations"] = [v.to_dict() for v in exc.violations]
    elif isinstance(exc, IDNAError):
        out.update(host=exc.host, label=exc.label, position=exc.position, reason=exc.reason)
    return out


def error_report(command: str, record: Record, exc: IRIError) -> str:
    """The human report of a library error for an item: ``check``'s report, or one line."""
    from iri.syntax.report import report, shown

    item = record[2]
    if isinstance(exc, InvalidIRI):
        return located(record, report(item, exc.violations))
    message = "\n".join(map(shown, str(exc).split("\n")))  # (the item may be quoted in it)
    return f"iri {command}: {location(record[0], record[1])}{shown(item)}: {message}\n"


def complain_error(command: str, item: str, exc: IRIError) -> None:
    sys.stderr.write(safe(error_report(command, (None, 0, item), exc)))


def failure(
    command: str, as_json: bool, record: Record, exc: IRIError, *, skip: bool = False
) -> Outcome:
    """The outcome of an item that failed with ``exc``: in JSON a line with ``"input"``,
    ``"result": null`` and ``"error"`` (:func:`error_dict`); otherwise the report on stderr
    and, unless ``skip`` (``--skip-invalid``), an empty line on stdout, so that output line
    N stays the result of input line N."""
    if as_json:
        obj = {**where(record), "input": record[2], "result": None, "error": error_dict(exc)}
        return json_line(obj), "", True, None
    return "" if skip else "\n", error_report(command, record, exc), True, None


class Apply:
    """The task of a command that maps each item to one result: ``func(item)``.

    Picklable (for ``--jobs``) when ``func`` and ``key`` are module-level functions or
    :func:`functools.partial` objects of them. The outcome is the result, or the failure
    reported: in JSON a line with ``"result": null`` and ``"error"``; otherwise ``check``'s
    report on stderr and an empty line on stdout in its place (output line N is the result
    of input line N), or no line with ``skip`` (``--skip-invalid``). ``key`` (``normalize
    --unique``) gives the dedup key of the item; ``extra`` are JSON fields written before
    the item's (``"base"``).
    """

    __slots__ = ("as_json", "command", "extra", "field", "func", "key", "skip")

    def __init__(
        self,
        command: str,
        as_json: bool,
        func: Callable[[str], str],
        *,
        field: str = "input",
        extra: dict[str, object] | None = None,
        key: Callable[[str], str] | None = None,
        skip: bool = False,
    ) -> None:
        self.command, self.as_json, self.func = command, as_json, func
        self.field, self.extra, self.key, self.skip = field, extra or {}, key, skip

    def __call__(self, record: Record) -> Outcome:
        item = record[2]
        try:
            k = None if self.key is None else self.key(item)
            result = self.func(item)
        except IRIError as exc:
            if self.as_json:
                obj = {**where(record), **self.extra, self.field: item, "result": None}
                return json_line({**obj, "error": error_dict(exc)}), "", True, None
            out = "" if self.skip else "\n"
            return out, error_report(self.command, record, exc), True, None
        if self.as_json:
            obj = {**where(record), **self.extra, self.field: item, "result": result}
            return json_line(obj), "", False, k
        return result + "\n", "", False, k

    def chunk(self, chunk: Chunk) -> Done | None:
        """The outcomes of a whole chunk in one loop (text output, no keys; else None)."""
        if self.as_json or self.key is not None:
            return None
        file, first, texts = chunk
        func, skip = self.func, self.skip
        results: list[str] = []
        errors: list[str] = []
        skipped = 0
        append = results.append
        items = iter(texts)
        while True:
            try:
                for item in items:
                    append(func(item))
            except IRIError as exc:
                # Each item gave one result (an empty one for a failure, unless skipped) or
                # was skipped: this is item number i.
                i = len(results) + skipped
                record = (file, first + i if first else 0, texts[i])
                errors.append(error_report(self.command, record, exc))
                if skip:
                    skipped += 1
                else:
                    append("")
                continue
            break
        text = "\n".join(results) + "\n" if results else ""
        return text, "".join(errors), bool(errors), None
