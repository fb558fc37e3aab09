#!/usr/bin/env python3
"""The manual shows every subcommand's --help as the program prints it, once.

    check_help.py JUNGLE DOCS_DIR [--update]

Each subcommand (and each subcommand of a subcommand, as `tablebase build`) must have exactly
one block in the manual, in the page that owns it:

    <!-- help: tablebase build -->
    ```text
    ...what `jungle tablebase build --help` prints, the program's path written `jungle`...
    ```

Exits 1, naming the page and the subcommand, when a block is missing, given twice, or differs
from what the program prints; --update rewrites the blocks that are there with the program's text.
"""
import pathlib
import re
import subprocess
import sys

BLOCK = re.compile(r"<!-- help: ([a-z -]+?) -->\n```text\n(.*?)```\n", re.S)


def help_text(jungle, words):
    out = subprocess.run([jungle, *words, "--help"], capture_output=True, text=True, check=True).stdout
    return out.replace(jungle, "jungle")


def subcommands(text):
    """The names listed under "Subcommands:" in a --help text."""
    if "\nSubcommands:\n" not in text:
        return []
    listing = text.split("\nSubcommands:\n", 1)[1]
    return [m.group(1) for m in re.finditer(r"^  ([a-z][a-z-]*)\s", listing, re.M)]


def every_command(jungle):
    commands, queue = [], [[]]
    while queue:
        words = queue.pop(0)
        for name in subcommands(help_text(jungle, words)):
            commands.append(words + [name])
            queue.append(words + [name])
    return commands


def main():
    jungle, docs = sys.argv[1], pathlib.Path(sys.argv[2])
    update = "--update" in sys.argv[3:]
    wanted = {" ".join(words): help_text(jungle, words) for words in every_command(jungle)}
    found, problems = {}, []
    for page in sorted(docs.rglob("*.md")):
        text = page.read_text()
        for m in BLOCK.finditer(text):
            name = m.group(1)
            if name not in wanted:
                problems.append(f"{page}: a help block for \"{name}\", which is no subcommand")
                continue
            if name in found:
                problems.append(f"{page}: the help of \"{name}\" is given again (first in {found[name]})")
            found[name] = page
            if m.group(2) != wanted[name] and not update:
                problems.append(f"{page}: the help of \"{name}\" differs from what `jungle {name} --help` prints"
                                " (tests/docs/check_help.py JUNGLE docs --update rewrites it)")
        if update:
            new = BLOCK.sub(lambda m: f"<!-- help: {m.group(1)} -->\n```text\n{wanted.get(m.group(1), m.group(2))}```\n",
                            text)
            if new != text:
                page.write_text(new)
    for name in wanted:
        if name not in found:
            problems.append(f"{docs}: no page shows the help of \"{name}\" (add a block <!-- help: {name} -->)")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
