"""The ``file`` scheme (RFC 8089): host, POSIX and Windows paths, both ways.

RFC 8089 section 2::

    file-URI       = file-scheme ":" file-hier-part
    file-hier-part = ( "//" auth-path ) / local-path
    auth-path      = [ file-auth ] path-absolute
    local-path     = path-absolute
    file-auth      = "localhost" / host

plus the DOS/Windows forms of Appendix E (drive letters ``file:///C:/x``, ``file:C:/x``,
``file:///c|/x``; UNC ``file://server/share/x`` and ``file:////server/share/x``).

Like :meth:`pathlib.PurePath.as_uri` and ``Path.from_uri``, but for IRIs: non-ASCII
characters stay as they are (``ucschar``, RFC 3987 2.2); only what a path segment cannot hold
is percent-encoded (UTF-8).

>>> from_path("/home/jürgen/my notes.txt")
'file:///home/jürgen/my%20notes.txt'
>>> from_path("C:\\\\Users\\\\Zoë\\\\a#1.txt", flavour="windows")
'file:///C:/Users/Zoë/a%231.txt'
>>> from_path("\\\\\\\\server\\\\share\\\\doc.txt", flavour="windows")
'file://server/share/doc.txt'
>>> to_path("file:///home/j%C3%BCrgen/my%20notes.txt")
PurePosixPath('/home/jürgen/my notes.txt')
>>> to_path("file://server/share/doc.txt", flavour="windows")
PureWindowsPath('//server/share/doc.txt')
"""

from __future__ import annotations

from pathlib import PurePath, PurePosixPath, PureWindowsPath

from iri.syntax.argument import as_text
from iri.syntax.errors import InvalidIRI, IRIError
from iri.syntax.options import Option
from iri.syntax.percent import IPCHAR, IREG_NAME, decode_octets, encode
from iri.syntax.quoted import quoted
from iri.syntax.schemes.file import DRIVE

__all__ = ["PathFlavour", "from_path", "to_path"]


class PathFlavour(Option):
    """Which operating system's paths to read or write."""

    POSIX = "posix"
    WINDOWS = "windows"


def from_path(path: str | PurePath, *, flavour: PathFlavour | str | None = None) -> str:
    """Write an absolute local path as a ``file`` IRI (RFC 8089 2, Appendix E for Windows).

    ``flavour`` defaults to the flavour of a :class:`~pathlib.PurePath` argument, else POSIX.
    A relative path cannot be expressed and raises :class:`~iri.IRIError`.
    """
    if isinstance(path, PurePath):
        if flavour is None:
            flavour = (
                PathFlavour.WINDOWS if isinstance(path, PureWindowsPath) else PathFlavour.POSIX
            )
        path = str(path)
    elif not isinstance(path, str):
        raise TypeError(f"from_path() expects str or PurePath, got {type(path).__name__}")
    flavour = PathFlavour(flavour or PathFlavour.POSIX)
    host = ""
    if flavour is PathFlavour.WINDOWS:
        win = PureWindowsPath(path)
        if not win.is_absolute():
            raise IRIError(f"a relative path cannot be written as a file IRI: {quoted(path)}")
        if win.drive.startswith("\\\\"):  # UNC: \\server\share\rest (RFC 8089 E.3)
            server, _, share = win.drive[2:].partition("\\")
            host = encode(server, IREG_NAME)
            segments = [share, *win.parts[1:]]
        else:
            segments = [win.drive, *win.parts[1:]]
        # A segment: ipchar ("%" in a file name is encoded); "/" separates segments.
        body = "/" + "/".join(encode(s, IPCHAR) for s in segments if s != "\\")
    else:
        if not path.startswith("/"):
            raise IRIError(f"a relative path cannot be written as a file IRI: {quoted(path)}")
        # POSIX: "//x" is implementation-defined but still a path; keep every segment.
        body = "/".join(encode(s, IPCHAR) for s in path.split("/"))
    return f"file://{host}{body}"


def to_path(
    text: str, *, flavour: PathFlavour | str = PathFlavour.POSIX
) -> PurePosixPath | PureWindowsPath:
    """Read a ``file`` IRI (or URI) as a local path of ``flavour``.

    Percent-encodings are decoded as UTF-8; octets that are not UTF-8 become lone
    surrogates (``surrogateescape``, as :func:`os.fsdecode` does), so no file name is lost.
    Raises :class:`~iri.InvalidIRI` for text that is not a ``file`` IRI, and
    :class:`~iri.IRIError` for one that ``flavour`` cannot express (a remote host on POSIX).
    """
    if not isinstance(text, str):
        text = as_text(text, "to_path() expects str, got {type}")
    from iri.syntax.check import check

    found = check(text, rule="IRI")
    errors = [v for v in found if v.severity == "error"]
    scheme, _, rest = text.partition(":")
    if errors or scheme.lower() != "file":
        raise InvalidIRI(text, errors or found, "file IRI")
    flavour = PathFlavour(flavour)
    rest = rest.partition("#")[0].partition("?")[0]
    host = ""
    if rest.startswith("//"):
        host, slash, rest = rest[2:].partition("/")
        rest = slash + rest
        if rest.startswith("//") and not host:  # file:////server/share (RFC 8089 E.3.2)
            host, slash, rest = rest[2:].partition("/")
            rest = slash + rest
    if host.lower() == "localhost":  # RFC 8089 2: "localhost" is the local machine
        host = ""
    path = decode_octets(rest).decode("utf-8", "surrogateescape")
    if flavour is PathFlavour.WINDOWS:
        drive = DRIVE.match(path)
        if drive:
            path = drive.group(1) + ":" + path[drive.end() :]
        if host:
            return PureWindowsPath("//" + host + path)
        return PureWindowsPath(path)
    if host:
        raise IRIError(f"file IRI names host {quoted(host)}, which a POSIX path cannot express")
    return PurePosixPath(path)
