#!/usr/bin/env python3
"""Every internal link and anchor of the built manual resolves.

    check_links.py SITE_DIR

Reads every HTML page under SITE_DIR (as `mkdocs build` writes it): each link to another page
of the site must name a file that is there, and each #anchor an id (or name) on that page.
Links to other sites (http:, https:, mailto:) are not followed. Exits 1, naming the page, the
link and what is missing, when one does not resolve.
"""
import html.parser
import pathlib
import sys
import urllib.parse


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name"):
            if attrs.get(key):
                self.ids.add(attrs[key])
        if tag in ("a", "link") and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag in ("img", "script") and attrs.get("src"):
            self.links.append(attrs["src"])


def main():
    site = pathlib.Path(sys.argv[1]).resolve()
    pages = {}
    for file in site.rglob("*.html"):
        page = Page()
        page.feed(file.read_text(errors="replace"))
        pages[file.resolve()] = page
    if not pages:
        print(f"{site}: no HTML pages: build the site first (scripts/docs.sh)")
        return 1
    problems = []
    for file, page in sorted(pages.items()):
        for link in page.links:
            parts = urllib.parse.urlsplit(link)
            if parts.scheme or parts.netloc:
                continue
            path = urllib.parse.unquote(parts.path)
            # A path from the root (mkdocs' 404 page) is from the site's root.
            base = site if path.startswith("/") else file.parent
            target = file if not path else (base / path.lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            shown = file.relative_to(site)
            if not target.exists():
                problems.append(f"{shown}: link {link}: no such file in the site")
                continue
            fragment = urllib.parse.unquote(parts.fragment)
            if fragment and target.suffix == ".html" and fragment not in pages[target].ids:
                problems.append(f"{shown}: link {link}: no anchor \"{fragment}\" in {target.relative_to(site)}")
    for p in problems:
        print(p)
    print(f"{len(pages)} pages, {sum(len(p.links) for p in pages.values())} links checked; "
          f"{len(problems)} do not resolve")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
