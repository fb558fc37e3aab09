#!/usr/bin/env python3
"""Every figure the README and the manual quote from a recorded run is the run's own.

    check_quotes.py ROOT [--print]

ROOT is the repository. Its registry, ROOT/docs/runs/quotes.toml, lists each quoted passage:

    [[quote]]
    page = "README.md"                      # the page that quotes it, from ROOT
    run = "readme-compare"                  # the source: a recorded run, ROOT/docs/runs/ID/ ...
    # table = { page = "docs/results.md", heading = "...", number = 1 }   # ... or a results table
    figure = "readme-compare.score"         # optional: entries naming one figure must agree
    text = "difference {comparison.variants[0].figures['score'].difference:+.3f}"

The text is the passage as the page shows it, each {FIELD} or {FIELD:SPEC} filled from the source:
FIELD is an expression over the record (names, .keys, [indexes] and ['keys'], + - * /, len(...),
numbers(...), constants), SPEC a Python format spec. Numbers are then written as the pages write
them: a negative with the Unicode minus (−). SPEC `?A|B` writes A for true and B for false.
{{ and }} are literal braces.

A run's record is its summary.json (as its command wrote it), its names at the top level,
and its run.toml (the command, the commit, the date, the machine and the times that summary.json
does not hold) under `run`. A table's record is the Markdown table, the `number`th (1 by default)
under the heading, as `rows`: rows['first cell']['column header'] is a cell's text, without its
** and backticks; numbers(cell) the numbers in it.

A page matches when it contains the filled text, both with whitespace runs and blockquote marks
(a "> " that starts a line) taken as one space, so that a quote may wrap as the page wraps it.
Entries naming the same figure must fill their fields with the same values. Exits 1, naming the
page, the template and the text expected, when a page does not contain its text, when entries of
one figure disagree, when a source or a field is missing, or when a run under docs/runs/ is quoted
by no entry; --print prints every filled text.
"""
import ast
import json
import pathlib
import re
import sys
import tomllib

REGISTRY = pathlib.Path("docs/runs/quotes.toml")
RUNS = pathlib.Path("docs/runs")
RUN_KEYS = ("command", "commit", "date", "machine")


class QuoteError(Exception):
    pass


# --- the pages' number formats ---------------------------------------------------------------

def format_value(value, spec):
    """A value written as the pages write it: SPEC applied, negatives with the Unicode minus."""
    if spec.startswith("?"):
        if not isinstance(value, bool):
            raise QuoteError(f"the spec {spec!r} is for true or false, not {value!r}")
        yes, _, no = spec[1:].partition("|")
        return yes if value else no
    if isinstance(value, bool) or value is None:
        raise QuoteError(f"{value!r} is no number or text (a true/false field needs ?A|B)")
    try:
        text = format(value, spec)
    except ValueError as e:
        raise QuoteError(f"cannot format {value!r} with {spec!r}: {e}") from None
    return text.replace("-", "\N{MINUS SIGN}") if isinstance(value, (int, float)) else text


NUMBER = re.compile(r"[+\-\N{MINUS SIGN}]?\d[\d,]*(?:\.\d+)?")


def numbers(text):
    """The numbers in a page's text: 1,496 is one number, −0.012 (Unicode minus) a negative."""
    if not isinstance(text, str):
        raise QuoteError(f"numbers() of {text!r}, which is no text")
    found = []
    for m in NUMBER.finditer(text):
        s = m.group().replace(",", "").replace("\N{MINUS SIGN}", "-")
        found.append(float(s) if "." in s else int(s))
    return found


# --- fields -----------------------------------------------------------------------------------

def evaluate(expression, record):
    """EXPRESSION (a small subset of Python) over RECORD's names."""
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError:
        raise QuoteError(f"{{{expression}}} is no field expression") from None

    def walk(node):
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str)):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in record:
                raise QuoteError(f"no {node.id!r} in the record (it has {', '.join(sorted(record))})")
            return record[node.id]
        if isinstance(node, ast.Attribute):
            return member(walk(node.value), node.attr)
        if isinstance(node, ast.Subscript):
            return member(walk(node.value), walk(node.slice))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -number(walk(node.operand))
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](number(walk(node.left)), number(walk(node.right)))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS
                and len(node.args) == 1 and not node.keywords):
            return FUNCTIONS[node.func.id](walk(node.args[0]))
        raise QuoteError(f"{{{expression}}}: {ast.unparse(node)!r} is not allowed in a field")

    def member(container, key):
        if isinstance(container, dict) and key in container:
            return container[key]
        if isinstance(container, list) and isinstance(key, int) and -len(container) <= key < len(container):
            return container[key]
        raise QuoteError(f"{{{expression}}}: no {key!r} in the record there")

    return walk(tree)


def number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise QuoteError(f"{value!r} is no number")
    return value


OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
             ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b}
FUNCTIONS = {"len": lambda v: len(v), "numbers": numbers}


def split_template(template):
    """TEMPLATE as literal text and (expression, spec) fields, in order."""
    parts, i, literal = [], 0, []
    while i < len(template):
        c = template[i]
        if template.startswith("{{", i) or template.startswith("}}", i):
            literal.append(c)
            i += 2
            continue
        if c == "}":
            raise QuoteError(f"a single '}}' at {i} in {template!r}")
        if c != "{":
            literal.append(c)
            i += 1
            continue
        # A field's spec starts at its first ':' outside quotes and brackets, and ends at a '}'.
        j, depth, quote, colon = i + 1, 0, None, None
        while j < len(template):
            d = template[j]
            if colon is not None:
                if d == "}":
                    break
            elif quote:
                quote = None if d == quote else quote
            elif d in "'\"":
                quote = d
            elif d in "([":
                depth += 1
            elif d in ")]":
                depth -= 1
            elif d == ":" and depth == 0:
                colon = j
            elif d == "}" and depth == 0:
                break
            j += 1
        else:
            raise QuoteError(f"an unclosed '{{' at {i} in {template!r}")
        parts.append("".join(literal))
        literal = []
        end = colon if colon is not None else j
        parts.append((template[i + 1:end], template[colon + 1:j] if colon is not None else ""))
        i = j + 1
    parts.append("".join(literal))
    return parts


def fill(template, record):
    """TEMPLATE filled from RECORD: the text, and each field's value as written."""
    text, values = [], []
    for part in split_template(template):
        if isinstance(part, str):
            text.append(part)
        else:
            written = format_value(evaluate(part[0], record), part[1])
            text.append(written)
            values.append(written)
    return "".join(text), values


# --- sources ------------------------------------------------------------------------------------

def run_record(root, run_id):
    folder = root / RUNS / run_id
    summary, settings = folder / "summary.json", folder / "run.toml"
    if not summary.is_file() or not settings.is_file():
        raise QuoteError(f"the run {run_id!r} has no {summary.relative_to(root)} and {settings.relative_to(root)}")
    record = json.loads(summary.read_text())
    if "run" in record:
        raise QuoteError(f"{summary.relative_to(root)} has a 'run' of its own, the name run.toml takes")
    with settings.open("rb") as f:
        record["run"] = tomllib.load(f)
    missing = [key for key in RUN_KEYS if key not in record["run"]]
    if missing:
        raise QuoteError(f"{settings.relative_to(root)}: no {', '.join(missing)}")
    return record


def strip_markup(cell):
    return cell.replace("**", "").replace("`", "").strip()


def table_record(root, source):
    page, heading, wanted = source.get("page"), source.get("heading"), source.get("number", 1)
    if not page or not heading:
        raise QuoteError(f"a table source needs its page and heading: {source}")
    path = root / page
    if not path.is_file():
        raise QuoteError(f"no page {page}")
    lines = path.read_text().splitlines()
    starts = [i for i, line in enumerate(lines) if re.fullmatch(r"#+ " + re.escape(heading), line)]
    if len(starts) != 1:
        raise QuoteError(f"{page}: {len(starts)} headings \"{heading}\", not one")
    level = len(lines[starts[0]]) - len(lines[starts[0]].lstrip("#"))
    tables, i = [], starts[0] + 1
    while i < len(lines) and not re.match(r"#{1,%d} " % level, lines[i]):
        if lines[i].startswith("|") and i + 1 < len(lines) and re.fullmatch(r"\|[\s:|-]+\|", lines[i + 1]):
            block = []
            while i < len(lines) and lines[i].startswith("|"):
                block.append([strip_markup(c) for c in lines[i].strip().strip("|").split("|")])
                i += 1
            tables.append(block)
        else:
            i += 1
    if not 1 <= wanted <= len(tables):
        raise QuoteError(f"{page}: no table {wanted} under \"{heading}\" ({len(tables)} there)")
    header, *rows = tables[wanted - 1]
    by_first = {}
    for row in rows[1:]:  # rows[0] is the |---| line
        if row[0] in by_first:
            by_first[row[0]] = None  # two rows of one name: neither can be quoted by it
        else:
            by_first[row[0]] = dict(zip(header, row))
    return {"rows": {key: row for key, row in by_first.items() if row is not None}}


def source_of(root, entry, cache):
    if ("run" in entry) == ("table" in entry):
        raise QuoteError("an entry needs a run or a table, one of them")
    key = ("run", entry["run"]) if "run" in entry else ("table", json.dumps(entry["table"], sort_keys=True))
    if key not in cache:
        cache[key] = run_record(root, entry["run"]) if "run" in entry else table_record(root, entry["table"])
    return cache[key]


# --- pages --------------------------------------------------------------------------------------

def normalized(text):
    text = re.sub(r"(?m)^[ \t]*>[ \t]?", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def check(root):
    """The problems of ROOT's registry, and each entry's page and filled text."""
    registry = root / REGISTRY
    with registry.open("rb") as f:
        entries = tomllib.load(f).get("quote", [])
    problems, filled, figures, cache, pages = [], [], {}, {}, {}
    for n, entry in enumerate(entries, 1):
        template, page = entry.get("text", ""), entry.get("page", "")
        where = f"{REGISTRY}, quote {n} ({page or 'no page'}: \"{template}\")"
        try:
            if not page or not template:
                raise QuoteError("an entry needs its page and text")
            if page not in pages:
                path = root / page
                if not path.is_file():
                    raise QuoteError(f"no page {page}")
                pages[page] = normalized(path.read_text())
            text, values = fill(template, source_of(root, entry, cache))
        except QuoteError as e:
            problems.append(f"{where}: {e}")
            continue
        filled.append((page, text))
        if normalized(text) not in pages[page]:
            problems.append(f"{page}: does not say what its record says.\n  template: {template}\n"
                            f"  expected: {text}")
        if "figure" in entry:
            first = figures.setdefault(entry["figure"], (n, page, values))
            if first[2] != values:
                problems.append(f"figure \"{entry['figure']}\" told two ways: {first[1]} (quote {first[0]}) "
                                f"gives {', '.join(first[2])}; {page} (quote {n}) gives {', '.join(values)}")
    quoted = {entry["run"] for entry in entries if "run" in entry}
    for folder in sorted(f for f in (root / RUNS).iterdir() if f.is_dir()):
        if folder.name not in quoted:
            problems.append(f"{folder.relative_to(root)}: a recorded run that no entry of {REGISTRY} quotes")
    return problems, filled, len(entries)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    root = pathlib.Path(argv[1])
    problems, filled, count = check(root)
    if "--print" in argv[2:]:
        for page, text in filled:
            print(f"{page}: {text}")
    for p in problems:
        print(p)
    print(f"{count} quotes checked; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
