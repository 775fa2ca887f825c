"""The built documentation site in a real browser: ``make docs-check``.

Serves the site (build/html) on 127.0.0.1 with Python's http.server on a free port, loads
every page in headless Chromium (the machine's own, driven by Playwright through
``executable_path``: nothing is downloaded) and fails when a page

* logs a JavaScript error to the console, or throws one;
* has an image that does not load, or a same-site request that fails (a 404 stylesheet);
* links to a page of the site that does not exist, or to an anchor its target page lacks.

It also checks that the search finds a function, and saves screenshots of the home page, one
API page and the performance page in ``--screenshots`` (build/screenshots), where a person can
look at them. The server is stopped when it is done. Exit status 1 lists every problem.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlsplit

SCREENSHOTS = {
    "home": "index.html",
    "api": "reference/checking.html",
    "performance": "performance.html",
}
SEARCH = ("search.html?q=resolve", "resolve")

# Run in each page once it has loaded: broken images, the ids anchors may point at, links.
PAGE_FACTS = """() => ({
  brokenImages: Array.from(document.images)
    .filter(img => !img.complete || img.naturalWidth === 0)
    .map(img => img.getAttribute('src')),
  ids: Array.from(document.querySelectorAll('[id], a[name]')).map(e => e.id || e.name),
  links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
})"""


@dataclass
class Report:
    problems: list[str] = field(default_factory=list)
    ids: dict[str, set[str]] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)

    def add(self, page: str, what: str) -> None:
        self.problems.append(f"{page}: {what}")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page closed mid-response
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(root))
    server = _Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def pages(root: Path) -> Iterator[str]:
    for path in sorted(root.rglob("*.html")):
        rel = path.relative_to(root).as_posix()
        if not rel.startswith(("_static/", "_sources/")):
            yield rel


def visit(browser: object, base: str, rel: str, report: Report) -> object:
    page = browser.new_page(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page.on(
        "console",
        lambda msg: (
            msg.type == "error"
            and report.add(rel, f"console error: {msg.text} ({msg.location.get('url', '?')})")
        ),
    )
    page.on("pageerror", lambda exc: report.add(rel, f"JavaScript error: {exc}"))

    def failed(request: object) -> None:
        url = request.url  # type: ignore[attr-defined]
        if url.startswith(base):
            report.add(rel, f"request failed: {url[len(base) :]}")

    def response(resp: object) -> None:
        url, status = resp.url, resp.status  # type: ignore[attr-defined]
        if url.startswith(base) and status >= 400:
            report.add(rel, f"HTTP {status}: {url[len(base) :]}")

    page.on("requestfailed", failed)
    page.on("response", response)
    page.goto(base + rel, wait_until="load")
    facts = page.evaluate(PAGE_FACTS)
    for src in facts["brokenImages"]:
        report.add(rel, f"image does not load: {src}")
    report.ids[rel] = set(facts["ids"])
    report.links += [(rel, link) for link in facts["links"]]
    return page


def check_links(base: str, root: Path, report: Report) -> None:
    for source, link in report.links:
        if not link.startswith(base):
            continue  # another site: not checked (the build is offline)
        url, fragment = urldefrag(link)
        rel = unquote(urlsplit(url).path)[len(urlsplit(base).path) :]
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        if not (root / rel).is_file():
            report.add(source, f"broken link: {link[len(base) :]}")
        elif fragment and rel in report.ids and unquote(fragment) not in report.ids[rel]:
            report.add(source, f"broken anchor: {link[len(base) :]}")


def check_search(browser: object, base: str, report: Report) -> None:
    query, expected = SEARCH
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(urljoin(base, query), wait_until="load")
    try:
        page.wait_for_selector("#search-results li a", timeout=15_000)
    except Exception:
        report.add(query, "the search found nothing")
        return
    found = page.eval_on_selector_all("#search-results li a", "els => els.map(e => e.textContent)")
    if not any(expected in text for text in found):
        report.add(query, f"the search did not find {expected!r}: {found[:5]}")
    page.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("site", type=Path, help="the built site (build/html)")
    ap.add_argument("--chromium", default="/usr/bin/chromium", help="the Chromium to drive")
    ap.add_argument("--screenshots", type=Path, default=Path("build/screenshots"))
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    root: Path = args.site.resolve()
    all_pages = list(pages(root))
    missing = [p for p in SCREENSHOTS.values() if p not in all_pages]
    if missing:
        print(f"docs-check: pages missing from {root}: {', '.join(missing)}", file=sys.stderr)
        return 1
    args.screenshots.mkdir(parents=True, exist_ok=True)
    report = Report()
    server, base = serve(root)
    # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    flags = ["--no-sandbox"] if os.geteuid() == 0 else []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=flags)
            shots = {rel: name for name, rel in SCREENSHOTS.items()}
            for rel in all_pages:
                page = visit(browser, base, rel, report)
                if rel in shots:
                    page.screenshot(path=str(args.screenshots / f"{shots[rel]}.png"))  # type: ignore[attr-defined]
                page.close()  # type: ignore[attr-defined]
            check_search(browser, base, report)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    check_links(base, root, report)
    links = sum(1 for _, link in report.links if link.startswith(base))
    print(
        f"docs-check: {len(all_pages)} pages loaded in Chromium, {links} internal links checked, "
        f"screenshots in {args.screenshots}"
    )
    for problem in report.problems:
        print(f"  {problem}", file=sys.stderr)
    if report.problems:
        print(f"docs-check: {len(report.problems)} problems", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
