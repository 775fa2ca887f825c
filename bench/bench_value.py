"""Manipulation jobs for `make bench` (issue 9): the IRI value against yarl, hyperlink, furl.

Every contender does the whole everyday task on each corpus line: read the text into the
library's URL object, make the change, and write the result back as text. The task
functions are defined here, one per library, so every row pays the same Python call.

Jobs: build a link with query parameters (replacing the query), update one query
parameter (keeping the others), join a path segment that needs encoding, replace the host.
Target: iri >= 1x yarl on each corpus; hyperlink and furl are shown for information.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from _harness import Contender, Role
from _jobs import LINES, Job, floor

PAIRS = [("q", "café au lait"), ("page", "2"), ("tag", "a"), ("tag", "b")]
SEGMENT = "seg ü"
HOST = "example.com"


def _iri() -> dict[str, Callable[[str], str]]:
    from iri import parse

    return {
        "build_query": lambda s: str(parse(s).with_query(PAIRS)),
        "update_query": lambda s: str(parse(s).update_query(page="3")),
        "join_segment": lambda s: str(parse(s) / SEGMENT),
        "replace_host": lambda s: str(parse(s).with_host(HOST)),
    }


def _yarl() -> dict[str, Callable[[str], str]]:
    from yarl import URL

    return {
        "build_query": lambda s: str(URL(s).with_query(PAIRS)),
        "update_query": lambda s: str(URL(s).update_query(page="3")),
        "join_segment": lambda s: str(URL(s) / SEGMENT),
        "replace_host": lambda s: str(URL(s).with_host(HOST)),
    }


def _hyperlink() -> dict[str, Callable[[str], str]]:
    from hyperlink import URL

    def text(u: Any) -> str:
        return str(u.to_text())

    return {
        "build_query": lambda s: text(URL.from_text(s).replace(query=PAIRS)),
        "update_query": lambda s: text(URL.from_text(s).set("page", "3")),
        "join_segment": lambda s: text(URL.from_text(s).child(SEGMENT)),
        "replace_host": lambda s: text(URL.from_text(s).replace(host=HOST)),
    }


def _furl() -> dict[str, Callable[[str], str]]:
    from furl import furl

    def update(s: str) -> str:
        u = furl(s)
        u.args["page"] = "3"
        return str(u.url)

    return {
        "build_query": lambda s: str(furl(s).set(args=PAIRS).url),
        "update_query": update,
        "join_segment": lambda s: str((furl(s) / SEGMENT).url),
        "replace_host": lambda s: str(furl(s).set(host=HOST).url),
    }


def _loader(make: Callable[[], dict[str, Callable[[str], str]]], task: str) -> Any:
    def load() -> Callable[[str], str]:
        from _harness import UnavailableError

        try:
            return make()[task]
        except ImportError as exc:
            raise UnavailableError(f"cannot import: {exc}") from exc

    return load


# What a peer does differently, shown in the table's note column.
_NOTES = {
    "join_segment": {"yarl.URL": "writes the URI form; drops the query and the fragment"},
}

_TASKS = {
    "build_query": ("build a link with query parameters (replace the query)", "with_query(pairs)"),
    "update_query": ("set one query parameter, keep the others", "update_query(page='3')"),
    "join_segment": ("join a path segment that needs encoding", f"/ {SEGMENT!r}"),
    "replace_host": ("replace the host", f"with_host({HOST!r})"),
}


def value_jobs() -> list[Job]:
    """The four manipulation jobs, each on the line corpora."""
    jobs = []
    for task, (title, call) in _TASKS.items():
        jobs.append(
            Job(
                task,
                f"{title}; text in, text out",
                LINES,
                [
                    Contender(
                        f"str(iri.parse(s).{call})", "f(s)", _loader(_iri, task), Role.SUBJECT
                    ),
                    Contender(
                        "yarl.URL",
                        "f(s)",
                        _loader(_yarl, task),
                        Role.TARGET,
                        target=1.0,
                        short="yarl.URL",
                        note=_NOTES.get(task, {}).get("yarl.URL", "writes the URI form"),
                    ),
                    Contender("hyperlink.URL", "f(s)", _loader(_hyperlink, task), Role.INFO),
                    Contender("furl.furl", "f(s)", _loader(_furl, task), Role.INFO),
                    floor(),
                ],
            )
        )
    return jobs
