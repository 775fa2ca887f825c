"""The query and the path as data: decoded names, values and segments, and their encoding.

RFC 3986 3.4 defines the query only as text ("the query component is indicated by the
first question mark ... and terminated by a number sign"); the name/value structure is
the one of ``application/x-www-form-urlencoded`` (WHATWG URL, "application/x-www-form-
urlencoded parsing"): pairs separated by ``&``, name and value by the first ``=``, and,
in that format only, ``+`` standing for a space. :class:`QueryStyle` chooses between that
and plain percent-decoding (docs/rationale.md).

Decoding turns every ``%HH`` into its octet and reads the octets as UTF-8; octets that are
not UTF-8 become lone surrogates U+DC80-DCFF (Python's ``surrogateescape``), so that
encoding the decoded text gives the same octets back: nothing is dropped or replaced.

Encoding writes only what the component needs: characters allowed in the component stay
as they are (``ucschar`` stays in IRI form, RFC 3987 2.2), the delimiters of the
structure (``&``, ``=``, ``+``, ``#``; ``/``, ``?``, ``#`` in a segment) and ``%`` are
percent-encoded, and so are the characters that RFC 3987 4.1 / 3987bis 5.1 make
inappropriate in an IRI (bidi formatting and other invisible characters,
:func:`iri.syntax.percent.inappropriate_code_points`: the same set that :func:`iri.to_iri` keeps
encoded, Default_Ignorable_Code_Point included).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TypeAlias

from iri.syntax.check import invalid, text_of, valid_match
from iri.syntax.grammar import Rule, ZoneID
from iri.syntax.options import Option
from iri.syntax.percent import IPCHAR, IQUERY, decode_escapes
from iri.value.query_params import QueryParams

__all__ = [
    "QueryParams",
    "QueryStyle",
    "QueryValue",
    "decode_component",
    "encode_query_name",
    "encode_query_value",
    "encode_segment",
    "pairs_of",
    "parse_query",
    "path_segments",
    "query_params",
]


class QueryStyle(Option):
    """How query names and values are decoded and encoded."""

    #: ``form`` for the ``http`` and ``https`` schemes, ``percent`` for every other
    #: scheme and for relative references.
    AUTO = "auto"
    #: ``application/x-www-form-urlencoded``: ``+`` is a space, a space is written ``+``.
    FORM = "form"
    #: Plain percent-decoding (RFC 3986 2.1): ``+`` is a plus sign.
    PERCENT = "percent"


_FORM_SCHEMES: Final = frozenset({"http", "https"})

#: A value given to the query builders: a string or an integer (written in decimal).
QueryValue: TypeAlias = str | int

# iquery = *( ipchar / iprivate / "/" / "?" ), ipchar = iunreserved / pct-encoded /
# sub-delims / ":" / "@" (RFC 3987 2.2). Kept literal in a name: all of it except the
# structure's delimiters "&", "=", "+" (and "%", which starts a pct-encoded); in a value
# "=" may stay (only the first "=" of a pair separates). isegment = *ipchar: "/", "?", "#"
# and "%" are encoded, iprivate too (allowed only in the query). In all three, what
# URI-to-IRI conversion keeps encoded is encoded too (docs/rationale.md V3).
_NAME: Final = IQUERY.add("&+=", "query name").appropriate()
_VALUE: Final = IQUERY.add("&+", "query value").appropriate()
_SEGMENT: Final = IPCHAR.appropriate()
#: The encode set of each kind of decoded text the builders write.
_SETS: Final = {"name": _NAME, "value": _VALUE, "segment": _SEGMENT}


def _encode_text(kind: str, text: str, form: bool) -> str:
    # ``encode(text, s, space_as_plus=form)``: the set's own table for ASCII text (one
    # translate, the common case) and its own encoder otherwise (the builders' hot loop).
    s = _SETS[kind]
    if text.isascii():
        return text.translate(s.ascii_table_plus if form else s.ascii_table)
    return (s.encoder_plus if form else s.encoder)(text)


def decode_component(text: str, *, form: bool = False) -> str:
    """Decode every ``%HH`` of ``text`` as UTF-8 (``+`` as a space when ``form``).

    >>> decode_component("caf%C3%A9+au%20lait"), decode_component("a+b", form=True)
    ('café+au lait', 'a b')
    >>> decode_component("%FC")  # not UTF-8: an escaped octet, encoded back the same
    '\\udcfc'
    """
    if form and "+" in text:
        text = text.replace("+", " ")
    return decode_escapes(text) if "%" in text else text


def _check_str(value: object, what: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise TypeError(f"{what} must be str or int, got {type(value).__name__}")


def encode_query_name(name: str, *, form: bool = False) -> str:
    """Write a decoded query name for the query component.

    >>> encode_query_name("a=b&c+d é"), encode_query_name("x y", form=True)
    ('a%3Db%26c%2Bd%20é', 'x+y')
    """
    return _encode_text("name", name, form)


def encode_query_value(value: str, *, form: bool = False) -> str:
    """Write a decoded query value for the query component (``=`` may stay).

    >>> encode_query_value("1+1=2 #ü")
    '1%2B1=2%20%23ü'
    """
    return _encode_text("value", value, form)


def encode_segment(segment: str) -> str:
    """Write a decoded path segment: ``/``, ``?``, ``#``, ``%`` inside it are encoded.

    >>> encode_segment("a/b?c#d%e f"), encode_segment("東京")
    ('a%2Fb%3Fc%23d%25e%20f', '東京')
    """
    return _encode_text("segment", segment, False)


def path_segments(path: str) -> tuple[str, ...]:
    """The decoded segments of a path (RFC 3986 3.3), without the empty one before a root "/".

    >>> path_segments("/a/b%2Fc/"), path_segments("a"), path_segments(""), path_segments("/")
    (('a', 'b/c', ''), ('a',), (), ('',))
    """
    if not path:
        return ()
    parts = path.split("/")
    if path.startswith("/"):
        del parts[0]
    return tuple(decode_component(p) for p in parts)


def form_for(scheme: str | None, style: QueryStyle | str) -> bool:
    """Whether ``style`` means form-urlencoding for a reference with ``scheme``."""
    if style == "auto":  # StrEnum members equal their values: no enum call on the hot path
        return scheme is not None and scheme.lower() in _FORM_SCHEMES
    if style == "form":
        return True
    if style == "percent":
        return False
    return QueryStyle(style) is QueryStyle.FORM  # raises ValueError naming the bad style


#: What the query builders take: a mapping (a list value gives one pair per item), pairs,
#: or the :class:`QueryParams` of another reference.
QueryInput: TypeAlias = (
    Mapping[str, QueryValue | Sequence[QueryValue] | None]
    | Iterable[tuple[str, QueryValue | None]]
    | QueryParams
)


def _raw_pairs(query: str) -> list[str]:
    return query.split("&") if query else []


def _decode_name(raw: str, form: bool) -> str:
    return decode_component(raw.partition("=")[0], form=form)


def _decode_pair(raw: str, form: bool) -> tuple[str, str | None]:
    # WHATWG URL, application/x-www-form-urlencoded parsing: a sequence without "=" is a
    # name whose value is the empty string. Here it is None, a bare flag, so that writing
    # the pairs back gives "flag", not "flag=" (docs/rationale.md V9).
    name, eq, value = raw.partition("=")
    return decode_component(name, form=form), decode_component(value, form=form) if eq else None


def parse_query(
    query: str | None, *, style: QueryStyle | str = QueryStyle.PERCENT, scheme: str | None = None
) -> QueryParams:
    """Decode query text into :class:`QueryParams` (``None``, an absent query, gives none).

    A bare flag has the value ``None``, an empty value ``""``.

    >>> parse_query("q=caf%C3%A9&tag=a+b&flag&e=")
    QueryParams([('q', 'café'), ('tag', 'a+b'), ('flag', None), ('e', '')])
    """
    form = form_for(scheme, style)  # first: a bad style raises for an absent query too
    if query is None:
        return QueryParams()
    return QueryParams(_decode_pair(raw, form) for raw in _raw_pairs(query) if raw)


def query_params(text: str, *, style: QueryStyle | str = QueryStyle.AUTO) -> QueryParams:
    """The query of an IRI reference (text or :class:`iri.IRIReference`) as decoded pairs:
    ``iri.query_params(x)`` is ``iri.parse(x).query_params_as(style)``, without making
    the value. Raises :class:`iri.InvalidIRI` for text that is not an IRI reference.

    >>> query_params("http://x/?flag&y=&a=1&a=%2B+%26")
    QueryParams([('flag', None), ('y', ''), ('a', '1'), ('a', '+ &')])
    """
    if not isinstance(text, str):
        text = text_of("query_params", text)
    form_for(None, style)  # the option before the text: a bad style raises whatever the text
    m = valid_match(text, Rule.IRI_REFERENCE, ZoneID.ACCEPT, "query_params")
    if m is None:
        raise invalid(text)
    return parse_query(m["query"], style=style, scheme=m["scheme"])


def pairs_of(query: QueryInput) -> list[tuple[str, str | None]]:
    """Normalize a mapping or an iterable of pairs to a list of ``(name, value)``.

    A sequence value (list or tuple) gives one pair per item; ``None`` stays ``None``
    (a bare flag for :func:`build_query` and :func:`extend_query`, "remove this name" for
    :func:`update_query`).

    >>> pairs_of({"a": 1, "b": ["x", "y"]}), pairs_of(parse_query("a=1&a=2"))
    ([('a', '1'), ('b', 'x'), ('b', 'y')], [('a', '1'), ('a', '2')])
    """
    if isinstance(query, (str, bytes)):
        raise TypeError(f"expected a mapping or pairs, got {type(query).__name__}")
    if isinstance(query, QueryParams):
        return list(query._pairs)
    items: Iterable[object] = query.items() if isinstance(query, Mapping) else query
    if not isinstance(items, Iterable):
        raise TypeError(f"expected a mapping or pairs, got {type(query).__name__}")
    out: list[tuple[str, str | None]] = []
    for item in items:
        if type(item) is tuple and len(item) == 2 and type(item[0]) is str is type(item[1]):
            out.append(item)  # the common case: (str, str)
            continue
        if not isinstance(item, tuple) or len(item) != 2:
            raise TypeError(f"a query pair must be a (name, value) tuple, got {item!r}")
        name, value = item
        if not isinstance(name, str):
            raise TypeError(f"a query name must be str, got {type(name).__name__}")
        if value is None:
            out.append((name, None))
        elif isinstance(value, (list, tuple)):
            out.extend((name, _check_str(v, f"the value of {name!r}")) for v in value)
        else:
            out.append((name, _check_str(value, f"the value of {name!r}")))
    return out


def _write_pair(name: str, value: str, form: bool) -> str:
    return encode_query_name(name, form=form) + "=" + encode_query_value(value, form=form)


def build_query(pairs: Iterable[tuple[str, str | None]], *, form: bool) -> str:
    """Write pairs as query text; a pair whose value is ``None`` is a bare flag (its name
    alone, no ``=``), as :func:`parse_query` reads it.

    >>> build_query([("q", "a b"), ("x", None), ("é", "1"), ("e", "")], form=True)
    'q=a+b&x&é=1&e='
    """
    # The ASCII case inlined (one translate per name and value, with the sets' own tables):
    # the hot loop of with_query.
    nt = _NAME.ascii_table_plus if form else _NAME.ascii_table
    vt = _VALUE.ascii_table_plus if form else _VALUE.ascii_table
    out = []
    for n, v in pairs:
        if v is None:
            out.append(n.translate(nt) if n.isascii() else _encode_text("name", n, form))
        elif n.isascii() and v.isascii():
            out.append(n.translate(nt) + "=" + v.translate(vt))
        else:
            out.append(_encode_text("name", n, form) + "=" + _encode_text("value", v, form))
    return "&".join(out)


def extend_query(query: str | None, pairs: Iterable[tuple[str, str | None]], *, form: bool) -> str:
    """Append pairs to the query text; the existing text is kept as written."""
    added = build_query(pairs, form=form)
    if not query:
        return added
    return query + "&" + added if added else query


def update_query(query: str | None, pairs: Sequence[tuple[str, str | None]], *, form: bool) -> str:
    """Replace the values of the names in ``pairs``; the other pairs are kept as written.

    The new values of a name take the place of its first pair; its other pairs go away;
    names not yet present are appended; a ``None`` value removes the name.
    """
    new: dict[str, list[str]] = {}
    for n, v in pairs:
        values = new.setdefault(n, [])
        if v is not None:
            values.append(v)
    out: list[str] = []
    done: set[str] = set()
    for raw in _raw_pairs(query or ""):
        name = _decode_name(raw, form) if raw else None
        if name is None or name not in new:
            out.append(raw)
        elif name not in done:
            done.add(name)
            out.extend(_write_pair(name, v, form) for v in new[name])
    out.extend(_write_pair(n, v, form) for n, vs in new.items() if n not in done for v in vs)
    return "&".join(out)


def remove_names(query: str | None, names: Iterable[str], *, form: bool) -> str:
    """Remove every pair whose decoded name is in ``names``; the others are kept as written."""
    gone = frozenset(names)
    return "&".join(
        raw for raw in _raw_pairs(query or "") if not raw or _decode_name(raw, form) not in gone
    )
