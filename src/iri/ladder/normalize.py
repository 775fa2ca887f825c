"""The comparison ladder: normalization and equivalence of IRIs (RFC 3987 5.3).

RFC 3987 5.3 (after RFC 3986 6.2) climbs a ladder of comparison methods, each cheaper
rungs first:

* ``simple`` (5.3.1): code point by code point, no mapping at all (``a == b``);
* ``syntax`` (5.3.2, RFC 3986 6.2.2): case of the scheme, of US-ASCII-only hosts and of
  percent-encoding hex digits; percent-decoding of what may stand decoded (the rules of
  URI-to-IRI conversion, 3987bis 4.2: :func:`iri.syntax.percent.decode`) and encoding of
  what may not (``INAPPROPRIATE_CHARACTERS``), so each character has one spelling;
  dot-segment removal;
* ``scheme`` (5.3.3, RFC 3986 6.2.3): per-scheme facts from :mod:`iri.schemes` (default
  and empty ports, empty path as "/", default host, DNS hosts through UTS #46, the domain
  of ``mailto`` addresses);
* protocol-based (5.3.4) needs the network: out of scope, but a caller can supply its own
  equivalences through the ``equivalences`` hook.

Character normalization (5.3.2.2, NFC/NFKC) is never applied unless asked for: "IRIs
already in Unicode MUST NOT be normalized". Every reading of the specification made
here, with the quote, is in docs/rationale.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from iri.convert.characters import Form, normalize_component, normalize_host, normalize_path
from iri.ladder.dot_segments import remove_dot_segments, write_path_without_authority
from iri.ladder.scheme_facts import addr_specs, dns_host, lower_ascii
from iri.ladder.scheme_facts import port as scheme_port
from iri.syntax import schemes
from iri.syntax.argument import as_text
from iri.syntax.check import invalid, iri_reference_match
from iri.syntax.errors import IRIError
from iri.syntax.grammar import ACE_PREFIX
from iri.syntax.option_member import member
from iri.syntax.options import Option
from iri.syntax.percent import (
    INAPPROPRIATE_CHARACTERS,
    decode,
    uppercase_hex,
)
from iri.syntax.recompose import recompose

__all__ = ["CharacterNormalization", "Equivalences", "Level", "equivalent", "key", "normalize"]


class Level(Option):
    """A rung of the comparison ladder (RFC 3987 5.3)."""

    #: 5.3.1 Simple String Comparison: no mapping at all.
    SIMPLE = "simple"
    #: 5.3.2 Syntax-Based Normalization (RFC 3986 6.2.2).
    SYNTAX = "syntax"
    #: 5.3.3 Scheme-Based Normalization (RFC 3986 6.2.3), on top of ``syntax``.
    SCHEME = "scheme"


class CharacterNormalization(Option):
    """Unicode normalization of the decoded components (RFC 3987 5.3.2.2).

    Only for text that came from a non-Unicode source or a non-digital form: "Equivalence
    of IRIs MUST rely on the assumption that IRIs are appropriately pre-character-normalized
    rather than apply character normalization when comparing two IRIs."
    """

    #: No character normalization (the default; 5.3.2.2).
    NONE = "none"
    #: Normalization Form C ("NFC or a normalizing transcoder using NFC MUST be used").
    NFC = "nfc"
    #: Normalization Form KC ("Using NFKC may avoid even more problems").
    NFKC = "nfkc"


#: A caller's own equivalences (protocol-based normalization, 5.3.4): a function from a
#: normalized IRI reference to an IRI reference. Its result is validated and normalized
#: again at the same level, so it may be loose about case or percent-encoding.
Equivalences = Callable[[str], str]

_LEVELS: Final[dict[str, Level]] = {str(m): m for m in Level}
_CHARACTER: Final[dict[str, CharacterNormalization]] = {str(m): m for m in CharacterNormalization}
_FORMS: Final[dict[CharacterNormalization, Form]] = {
    CharacterNormalization.NFC: "NFC",
    CharacterNormalization.NFKC: "NFKC",
}

_GROUPS: Final = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
#: 5.3.2.3: a raw character that URI-to-IRI conversion would keep encoded is written encoded.
_INAPPROPRIATE: Final = INAPPROPRIATE_CHARACTERS.encoder


def _hook(func: str, equivalences: object) -> None:
    """A clear TypeError for an ``equivalences`` that is neither ``None`` nor callable
    (it said "'str' object is not callable", and only for a valid text)."""
    if equivalences is not None and not callable(equivalences):
        kind = type(equivalences).__name__
        raise TypeError(f"{func}() expects equivalences as a callable or None, got {kind}")


def _flag(func: str, ignore_fragment: object) -> None:
    """A clear TypeError for an ``ignore_fragment`` that is no bool: any value was read as
    true or false (``ignore_fragment="no"`` left the fragment out)."""
    if ignore_fragment is not False and ignore_fragment is not True:
        kind = type(ignore_fragment).__name__
        raise TypeError(f"{func}() expects ignore_fragment as a bool, got {kind}")


def _appropriate(text: str) -> bool:
    """Whether ``text`` holds no character that 5.3.2.3 writes encoded (_INAPPROPRIATE)."""
    search = INAPPROPRIATE_CHARACTERS.non_ascii_encoded
    return search is None or search.search(text) is None


def _percent(text: str, *, in_query: bool = False) -> str:
    """5.3.2.3 + 5.3.2.1 for one component: decode what may stand decoded, per 3987bis 4.2
    (:func:`iri.syntax.percent.decode`), encode what may not (the characters URI-to-IRI
    conversion keeps encoded, :data:`iri.syntax.percent.INAPPROPRIATE_CHARACTERS`: 5.3.2.3,
    "differences in percent-encoding ... MUST always result in the same resource", so each
    character gets one spelling), then uppercase the hex digits of what stays encoded."""
    if not text.isascii():
        text = _INAPPROPRIATE(text)
    if "%" not in text:
        return text
    return uppercase_hex(decode(text, in_query=in_query))


def _syntax_host(host: str) -> str:
    """5.3.2.1: IP literals and US-ASCII-only hosts are case-insensitive; 5.3.2.3."""
    if host.startswith("["):
        return host.lower()  # IP-literal: hex digits and "v" of IPvFuture (no zone IDs)
    host = decode(host) if "%" in host else host
    return lower_ascii(host) if host.isascii() else host


# -- the ladder ---------------------------------------------------------------------------


def _unchanged(
    scheme: str | None,
    authority: str | None,
    host: str | None,
    port: str | None,
    path: str,
    *,
    scheme_level: bool,
) -> bool:
    """Fast path: whether a reference without "%" is already normalized at this level.

    Only ``str`` methods, no per-character Python work. The readable rules in _normalize
    give the same answer (a property test proves it).
    """
    if scheme is not None and not scheme.islower():
        return False
    if host is not None and host.isascii() and host.lower() != host:
        return False
    if ("/." in path or path.startswith(".")) and (
        scheme is not None or authority is not None or path.startswith("/")
    ):
        return False
    if not scheme_level:
        return True
    if port is not None:
        return False
    if scheme is not None:
        if authority is not None:
            if not path and scheme in schemes.EMPTY_PATH_IS_SLASH:
                return False
            if (
                host
                and scheme in schemes.DNS_HOST_SCHEMES
                and not (host.isascii() and ACE_PREFIX not in host)
            ):
                return False
            if host == schemes.DEFAULT_HOSTS.get(scheme):
                return False
        if scheme in schemes.ADDR_SPEC_PATH_SCHEMES:
            return False
    return True


def _normalize(
    text: str, level: Level, character: CharacterNormalization, *, fast: bool = True
) -> str:
    m = iri_reference_match(text)
    if m is None:
        raise invalid(text)
    has_pct = "%" in text
    if level is Level.SIMPLE:
        return text
    scheme, authority, userinfo, host, port, path, query, fragment = m.group(*_GROUPS)
    scheme_level = level is Level.SCHEME
    if (
        fast
        and not has_pct
        and (text.isascii() or (character is CharacterNormalization.NONE and _appropriate(text)))
        and _unchanged(scheme, authority, host, port, path, scheme_level=scheme_level)
    ):
        return text

    # 5.3.2.1 Case Normalization: the scheme (ASCII) is case-insensitive.
    if scheme is not None:
        scheme = scheme.lower()
    # 5.3.2.3 Percent-Encoding Normalization, component by component (3987bis 4.2
    # rules: iprivate only in the query; "%", reserved, invalid UTF-8 stay encoded).
    if userinfo is not None:
        userinfo = _percent(userinfo)  # case preserved (5.3.2.1: "case sensitive")
    path = _percent(path)
    if query is not None:
        query = _percent(query, in_query=True)
    if fragment is not None:
        fragment = _percent(fragment)
    # 5.3.2.2 Character Normalization, only on request, on the decoded components.
    if character is not CharacterNormalization.NONE:
        form = _FORMS[character]
        # Then 5.3.2.3 again: a character the mapping produced may need its encoding.
        if userinfo is not None:
            userinfo = _INAPPROPRIATE(normalize_component(userinfo, form))
        if host is not None and not host.startswith("["):
            host = normalize_host(decode(host) if "%" in host else host, form)
        path = _INAPPROPRIATE(normalize_path(path, form))
        if query is not None:
            query = _INAPPROPRIATE(normalize_component(query, form))
        if fragment is not None:
            fragment = _INAPPROPRIATE(normalize_component(fragment, form))
    # 5.3.2.1 (host case) and 5.3.2.3 (host percent-encodings; one spelling per character,
    # as in the other components: what to_iri keeps encoded is written encoded, in a host
    # whose escaped UTF-8 need not be an IDN; a DNS host's escapes meet its characters at
    # the scheme level, dns_host).
    decoded_host = None
    if host is not None:
        decoded_host = host = _syntax_host(host)
        if not host.isascii() and not host.startswith("[") and not schemes.uses_dns(scheme):
            host = _INAPPROPRIATE(host)
            host = lower_ascii(host) if host.isascii() else host
    # 5.3.2.4 Path Segment Normalization: remove_dot_segments, for paths that resolution
    # would give to remove_dot_segments (RFC 3986 5.2.2): not relative-path references.
    if scheme is not None or authority is not None or path.startswith("/"):
        path = remove_dot_segments(path)
        if authority is None:
            path = write_path_without_authority(path)

    if scheme_level:
        # 5.3.3 Scheme-Based Normalization.
        if port is not None:
            port = scheme_port(port, scheme)
        if scheme is not None:
            if host is not None:
                if schemes.uses_dns(scheme) and decoded_host is not None:
                    mapped = dns_host(decoded_host)  # UTS #46 maps or deletes the characters
                    host = host if mapped == decoded_host else mapped  # ... or cannot map
                if userinfo is None and port is None and host == schemes.DEFAULT_HOSTS.get(scheme):
                    host = ""
                if not path and scheme in schemes.EMPTY_PATH_IS_SLASH:
                    path = "/"
            if scheme in schemes.ADDR_SPEC_PATH_SCHEMES:
                path = addr_specs(path)

    return recompose(
        scheme=scheme,
        userinfo=userinfo,
        host=host,
        port=port,
        path=path,
        query=query,
        fragment=fragment,
    )


def _text(function: str, value: object) -> str:
    # a non-str argument: an IRIReference gives its text (iri.syntax.argument), else TypeError
    return as_text(value, function + "() expects a str (an IRI reference), not {type}")


def _options(
    level: Level | str, character: CharacterNormalization | str
) -> tuple[Level, CharacterNormalization]:
    return member(_LEVELS, Level, level), member(_CHARACTER, CharacterNormalization, character)


def normalize(
    text: str,
    *,
    level: Level | str = Level.SYNTAX,
    character: CharacterNormalization | str = CharacterNormalization.NONE,
    equivalences: Equivalences | None = None,
) -> str:
    """Normalize the IRI reference ``text`` for comparison at ``level`` (RFC 3987 5.3).

    The result is an IRI reference (never silently a URI) that is valid, and normalizing
    it again at the same level gives it back. ``level`` is a :class:`Level`: ``"syntax"``
    (5.3.2) or ``"scheme"`` (5.3.3, everything of ``"syntax"`` plus the scheme's facts);
    ``"simple"`` (5.3.1) returns ``text`` itself. ``character`` asks for NFC or NFKC of
    the decoded components (5.3.2.2: only for text from a non-Unicode source), never
    creating a delimiter. ``equivalences`` is the protocol-based rung (5.3.4): a function
    applied last to the normalized text, whose result is validated and normalized again.

    Raises :class:`iri.InvalidIRI` if ``text`` (or what ``equivalences`` returns) is not a
    valid IRI reference, :class:`iri.IRIError` if ``character`` would turn a path segment
    into a dot-segment or is asked for at the ``"simple"`` level, and ``ValueError`` for
    an unknown option.

    >>> normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")
    'example://a/b/c/%7Bfoo%7D/rosé'
    >>> normalize("HTTP://RÉSUMÉ.Example.org:80", level="scheme")
    'http://résumé.example.org/'
    >>> normalize("http://example.org/a%2Fb?%ee%80%80#%E2%80%AE")
    'http://example.org/a%2Fb?\\ue000#%E2%80%AE'
    """
    if type(text) is not str:
        text = _text("normalize", text)
    lvl, char = _options(level, character)
    _hook("normalize", equivalences)
    if lvl is Level.SIMPLE and (char is not CharacterNormalization.NONE or equivalences):
        raise IRIError("the simple level (RFC 3987 5.3.1) maps nothing: no character or hook")
    result = _normalize(text, lvl, char)
    if equivalences is not None:
        result = _normalize(equivalences(result), lvl, char)
    return result


def key(
    text: str,
    level: Level | str = Level.SYNTAX,
    *,
    character: CharacterNormalization | str = CharacterNormalization.NONE,
    equivalences: Equivalences | None = None,
    ignore_fragment: bool = False,
) -> str:
    """Return a hashable comparison key: equal keys iff :func:`equivalent` at ``level``.

    At ``"simple"`` the key is ``text`` itself (any string, never raises); otherwise it is
    :func:`normalize` of ``text`` (which raises :class:`iri.InvalidIRI` for invalid text).
    ``ignore_fragment`` leaves the fragment out (and its ``#``) at every level: the
    "same resource" question of 3987bis 5.3 (the fragment is still validated).

    >>> key("http://Example.COM:80", "scheme") == key("http://example.com/", "scheme")
    True
    >>> key("http://a/x#Top", ignore_fragment=True)
    'http://a/x'
    """
    if type(text) is not str:
        text = _text("key", text)
    lvl, char = _options(level, character)
    _hook("key", equivalences)
    _flag("key", ignore_fragment)
    if lvl is Level.SIMPLE and char is CharacterNormalization.NONE and equivalences is None:
        result = text
    else:
        result = normalize(text, level=lvl, character=char, equivalences=equivalences)
    # RFC 3986 Appendix B: the fragment is everything after the first "#".
    return result.partition("#")[0] if ignore_fragment else result


def equivalent(
    a: str,
    b: str,
    *,
    level: Level | str = Level.SYNTAX,
    character: CharacterNormalization | str = CharacterNormalization.NONE,
    equivalences: Equivalences | None = None,
    ignore_fragment: bool = False,
) -> bool:
    """Return whether ``a`` and ``b`` are equivalent at ``level`` (RFC 3987 5.3).

    ``"simple"`` (5.3.1) compares code point by code point and works on any strings.
    ``"syntax"`` and ``"scheme"`` compare the :func:`normalize` results and raise
    :class:`iri.InvalidIRI` if either is not a valid IRI reference. Relative references
    are compared as they are (5.1 says to resolve them first: that is the caller's step).
    ``ignore_fragment`` asks whether both identify the same resource (3987bis 5.3,
    draft-duerst-iri-bis-07 5.1): the fragments are left out, at every level.

    >>> equivalent("http://example.org/~user", "http://example.org/%7euser")
    True
    >>> equivalent("http://example.com/?", "http://example.com/", level="scheme")
    False
    >>> equivalent("http://a/x#1", "http://a/x#2", ignore_fragment=True)
    True
    """
    if not isinstance(a, str):
        a = _text("equivalent", a)
    if not isinstance(b, str):
        b = _text("equivalent", b)
    lvl = member(_LEVELS, Level, level)
    _hook("equivalent", equivalences)
    _flag("equivalent", ignore_fragment)
    if lvl is Level.SIMPLE:
        if character != CharacterNormalization.NONE or equivalences is not None:
            raise IRIError("the simple level (RFC 3987 5.3.1) maps nothing: no character or hook")
        return key(a, lvl, ignore_fragment=ignore_fragment) == key(
            b, lvl, ignore_fragment=ignore_fragment
        )
    if a == b and equivalences is None:
        # Still validate, as the other levels promise (cheap: one match).
        key(a, lvl, character=character)
        return True
    ka, kb = (
        key(t, lvl, character=character, equivalences=equivalences, ignore_fragment=ignore_fragment)
        for t in (a, b)
    )
    return ka == kb
