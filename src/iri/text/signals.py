"""What in running text signals a link, as data: the policy of :func:`iri.text.extract.extract`
beyond UTS #58 (docs/rationale.md E5, E6; docs/cli.md "iri extract").

UTS #58 detects ``http://`` and ``https://`` links, e-mail addresses and bare domains. People
also write other scheme-led IRIs in text (``ftp://x.org/f``, ``file:///etc/x``,
``urn:isbn:...``), and they write file names (``setup.py``, ``README.md``) whose last part is
also a top-level domain. The two tables here decide both, each entry with its reason.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

__all__ = ["FILE_NAME_TLDS", "OPAQUE_SCHEMES"]

#: Schemes whose IRIs have no ``//`` authority and that are linked when written in text as
#: ``scheme:`` followed directly (no space) by the rest of the IRI. A scheme followed by
#: ``//`` is linked whatever its name; without ``//`` a word and a colon are far more often
#: prose (``Note:``, ``id=gps:resource``) than a link, so only these schemes are linked.
#: ``mailto:`` is not here: e-mail addresses have their own UTS #58 rules. Lowercase.
OPAQUE_SCHEMES: Final = MappingProxyType(
    {
        "urn": "RFC 8141: ISBNs, ISSNs, DOIs as URNs (urn:isbn:0-395-36341-1)",
        "tel": "RFC 3966: telephone numbers (tel:+1-201-555-0123)",
        "sms": "RFC 5724: SMS numbers",
        "geo": "RFC 5870: locations (geo:48.2010,16.3695)",
        "data": "RFC 2397: inline data, a common vehicle of phishing pages",
        "javascript": "WHATWG: code run on click; a reader must see that it is there",
        "news": "RFC 5538: newsgroups",
        "sip": "RFC 3261: SIP addresses",
        "sips": "RFC 3261: secure SIP addresses",
        "xmpp": "RFC 5122: XMPP addresses",
        "magnet": "magnet links (IANA provisional): content addresses in forum text",
    }
)

#: Top-level domains that are also common file extensions. A bare domain (no scheme) whose
#: last label is one of these, with exactly two labels and nothing after it (no port, path,
#: query or fragment), is taken for a file name by default (``setup.py``, ``README.md``,
#: ``x.zip``): :class:`iri.text.extract.FileNames`. Any other link signal makes it a domain
#: again: a third label (``www.example.py``), a port, a path (``docs.rs/serde``), an ``@``
#: (an e-mail address) or a scheme (``https://x.zip``). The cost, said plainly: a real
#: two-label domain of these TLDs written bare (``allegro.pl``, ``docs.rs``) is not linked
#: by default. TLDs whose own domains are far more often written than the extension
#: (``.ai``, ``.app``, ``.cc``, ``.so``, ``.org``, ``.in``) are not listed. Lowercase.
FILE_NAME_TLDS: Final = MappingProxyType(
    {
        "java": "Java sources (Main.java); a gTLD",
        "md": "Markdown (README.md); Moldova",
        "mk": "makefile fragments (Android.mk); North Macedonia",
        "mov": "QuickTime movies (clip.mov); a gTLD known for file-name lookalike links",
        "pl": "Perl scripts (build.pl); Poland",
        "pm": "Perl modules (Foo.pm); Saint Pierre and Miquelon",
        "py": "Python sources (setup.py); Paraguay",
        "rs": "Rust sources (main.rs); Serbia",
        "sh": "shell scripts (install.sh); Saint Helena",
        "zip": "ZIP archives (x.zip); a gTLD known for file-name lookalike links",
    }
)
