#!/usr/bin/env python3
"""check_quotes.py on hand-made records and pages, whose right answers are known by hand, so that
the checker of the real pages cannot pass by accepting anything.

    test_check_quotes.py
"""
import json
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import check_quotes  # noqa: E402

MINUS = "\N{MINUS SIGN}"

RUN_TOML = """command = "jungle compare a b"
commit = "abc1234"
date = "2026-12-07"
machine = "a test"
[time]
user = 90.0
system = 6.0
"""

SUMMARY = {"comparison": {"tests": 3, "rounds": [{"games": 200}, {"games": 1496}],
                          "figures": {"score": {"difference": -0.0123, "significant": False},
                                      "draw rate": {"difference": 0.0456, "significant": True}}},
           "games": 12345}

RESULTS_PAGE = """# Results

## Another run

| figure | difference |
|---|---|
| score | +9.999 |

## The run (2026)

| figure | difference (95%) | CPU |
|---|---:|---:|
| **score** | **−0.012 (−0.042 to +0.017)** | 308.8 s (5.1 min) |
| `draw rate` | +0.046 | 1,234 s |
"""


class Formatting(unittest.TestCase):
    def test_a_negative_takes_the_unicode_minus(self):
        self.assertEqual(check_quotes.format_value(-0.0123, "+.3f"), MINUS + "0.012")
        self.assertEqual(check_quotes.format_value(-0.0123, ".3f"), MINUS + "0.012")
        self.assertEqual(check_quotes.format_value(-7, ""), MINUS + "7")

    def test_a_positive_keeps_its_plus_when_asked(self):
        self.assertEqual(check_quotes.format_value(0.0091, "+.3f"), "+0.009")
        self.assertEqual(check_quotes.format_value(0.0091, ".3f"), "0.009")

    def test_thousands_take_commas(self):
        self.assertEqual(check_quotes.format_value(1496, ","), "1,496")
        self.assertEqual(check_quotes.format_value(1433.597, ",.0f"), "1,434")
        self.assertEqual(check_quotes.format_value(-1234567, ","), MINUS + "1,234,567")

    def test_a_small_p_in_exponent_form_takes_the_minus_in_its_exponent(self):
        self.assertEqual(check_quotes.format_value(1.259e-09, ".2g"), "1.3e" + MINUS + "09")

    def test_text_is_left_as_it_is(self):
        self.assertEqual(check_quotes.format_value("a-b", ""), "a-b")

    def test_true_and_false_need_their_words(self):
        self.assertEqual(check_quotes.format_value(True, "?significant|not significant"), "significant")
        self.assertEqual(check_quotes.format_value(False, "?significant|not significant"), "not significant")
        with self.assertRaises(check_quotes.QuoteError):
            check_quotes.format_value(True, "")
        with self.assertRaises(check_quotes.QuoteError):
            check_quotes.format_value(0.5, "?yes|no")

    def test_numbers_are_read_as_the_pages_write_them(self):
        self.assertEqual(check_quotes.numbers("308.8 s (5.1 min)"), [308.8, 5.1])
        self.assertEqual(check_quotes.numbers(MINUS + "23 ± 13"), [-23, 13])
        self.assertEqual(check_quotes.numbers("7,040 games"), [7040])


class Filling(unittest.TestCase):
    record = {"a": {"b c": [1.5, -2.25]}, "n": 1496, "run": {"user": 90.0, "system": 6.0}}

    def fill(self, template):
        return check_quotes.fill(template, self.record)

    def test_fields_keys_with_spaces_and_negative_indexes(self):
        self.assertEqual(self.fill("x {a['b c'][-1]:+.2f} y"), ("x " + MINUS + "2.25 y", [MINUS + "2.25"]))

    def test_arithmetic_and_len(self):
        self.assertEqual(self.fill("{(run.user + run.system) / 60:.1f} min")[0], "1.6 min")
        self.assertEqual(self.fill("{len(a['b c'])} of {n:,}")[0], "2 of 1,496")

    def test_literal_braces(self):
        self.assertEqual(self.fill("{{n}} is {n}")[0], "{n} is 1496")

    def test_a_missing_field_is_an_error_not_a_blank(self):
        for template in ("{nothing}", "{a['b d']}", "{a['b c'][2]}", "{open(n)}", "{n"):
            with self.subTest(template=template), self.assertRaises(check_quotes.QuoteError):
                self.fill(template)


class Pages(unittest.TestCase):
    """check() over a repository of hand-made pages, records and registries."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.dir.name)
        run = self.root / "docs" / "runs" / "the-run"
        run.mkdir(parents=True)
        (run / "summary.json").write_text(json.dumps(SUMMARY))
        (run / "run.toml").write_text(RUN_TOML)
        (self.root / "docs" / "results.md").write_text(RESULTS_PAGE)

    def tearDown(self):
        self.dir.cleanup()

    def check(self, page, quotes):
        (self.root / "PAGE.md").write_text(page)
        (self.root / "docs" / "runs" / "quotes.toml").write_text(quotes)
        return check_quotes.check(self.root)[0]

    QUOTE = '[[quote]]\npage = "PAGE.md"\nrun = "the-run"\ntext = "{text}"\n'

    def quote(self, text, extra=""):
        return self.QUOTE.replace("{text}", text) + extra

    def test_a_page_that_says_what_the_record_says_passes(self):
        page = (f"The score moved by {MINUS}0.012 over\n> 12,345 games (not\n> significant), in 1.6 CPU-minutes"
                " at abc1234.")
        quotes = self.quote("by {comparison.figures['score'].difference:+.3f} over {games:,} games "
                            "({comparison.figures['score'].significant:?significant|not significant}), in "
                            "{(run.time.user + run.time.system) / 60:.1f} CPU-minutes at {run.commit}.")
        self.assertEqual(self.check(page, quotes), [])

    def test_an_ascii_minus_or_a_missing_comma_fails_naming_page_template_and_text(self):
        template = "by {comparison.figures['score'].difference:+.3f} over {games:,} games"
        for page in ("by -0.012 over 12,345 games", f"by {MINUS}0.012 over 12345 games",
                     f"by {MINUS}0.013 over 12,345 games"):
            with self.subTest(page=page):
                problems = self.check(page, self.quote(template))
                self.assertEqual(len(problems), 1)
                self.assertIn("PAGE.md", problems[0])
                self.assertIn(template, problems[0])
                self.assertIn(f"expected: by {MINUS}0.012 over 12,345 games", problems[0])

    def test_a_false_significance_fails(self):
        quotes = self.quote("the draw rate, {comparison.figures['draw rate'].significant:?significant|not significant}")
        self.assertEqual(self.check("the draw rate, significant", quotes), [])
        self.assertEqual(len(self.check("the draw rate, not significant", quotes)), 1)

    def test_two_entries_of_one_figure_must_agree(self):
        table = '[[quote]]\npage = "PAGE.md"\ntable = { page = "docs/results.md", heading = "Another run" }\n'
        quotes = (self.quote("score {comparison.figures['score'].difference:+.3f}", 'figure = "score"\n')
                  + table + "figure = \"score\"\ntext = \"score {rows['score']['difference']}\"\n")
        problems = self.check(f"score {MINUS}0.012, and elsewhere score +9.999", quotes)
        self.assertEqual(len(problems), 1)
        self.assertIn('figure "score" told two ways', problems[0])
        self.assertIn(f"{MINUS}0.012", problems[0])
        self.assertIn("+9.999", problems[0])

    def test_a_table_under_its_heading_without_its_markup(self):
        table = '[[quote]]\npage = "PAGE.md"\ntable = { page = "docs/results.md", heading = "The run (2026)" }\n'
        quotes = (table + "text = \"found {rows['score']['difference (95%)']} in "
                  "{numbers(rows['score']['CPU'])[1]:.1f} min; {rows['draw rate']['CPU']}\"\n")
        page = f"found {MINUS}0.012 ({MINUS}0.042 to +0.017) in 5.1 min; 1,234 s; 12345"
        self.assertEqual(self.check(page, quotes + self.quote("{games}")), [])

    def test_a_missing_heading_table_or_run_is_a_problem(self):
        for source in ('table = { page = "docs/results.md", heading = "No such run" }',
                       'table = { page = "docs/results.md", heading = "The run (2026)", number = 2 }',
                       'run = "no-such-run"'):
            with self.subTest(source=source):
                quotes = f'[[quote]]\npage = "PAGE.md"\n{source}\ntext = "x"\n'
                problems = self.check("x 12345", quotes + self.quote("{games}"))
                self.assertEqual(len(problems), 1)
                self.assertIn("quote 1", problems[0])

    def test_a_recorded_run_that_nothing_quotes_is_a_problem(self):
        problems = self.check("x", '[[quote]]\npage = "PAGE.md"\ntable = { page = "docs/results.md", '
                                   'heading = "Another run" }\ntext = "x"\n')
        self.assertEqual(problems, ["docs/runs/the-run: a recorded run that no entry of docs/runs/quotes.toml quotes"])

    def test_a_run_toml_without_its_commit_is_a_problem(self):
        (self.root / "docs" / "runs" / "the-run" / "run.toml").write_text(RUN_TOML.replace('commit = "abc1234"\n', ""))
        problems = self.check("12345", self.quote("{games}"))
        self.assertEqual(len(problems), 1)
        self.assertIn("no commit", problems[0])


if __name__ == "__main__":
    unittest.main()
