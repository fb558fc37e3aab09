# The report explains itself: it opens with the results, then says how the games were made and
# shows the rules compared with the rows that differ marked, and its charts carry no gnuplot
# internals. The numbers are checked in tests/test_report_sections.cpp.
set(REPORT_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-report)
add_test(NAME cli.report_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${REPORT_DIR} ${REPORT_DIR}-plain)
# ludii against standard: 8 keys differ (`jungle rules ludii --diff standard`); two players, so
# the Players section comes first, and the settings and rules after the figures. The prose is
# wrapped: a space in it may be a line break.
jungle_cli_test(report_tournament 0
  "^# Jungle results\n\n8 games, 2 variants, 2 players [^#]*\n\n## Players\n.*\n## First-player advantage\n.*\n## Draw rate\n.*\n## How the games were made\n.*\\| command +\\| [^\n]*tournament --variants standard,ludii --players random,greedy --games 4 --seed 3 --threads 2 --out [^\n]*cli-report +\\|\n\\| seed +\\| 3 +\\|\n\\| openings +\\| random:plies=4 +\\|\n.*\\| threads +\\| 2 +\\|\n\\| program version \\| [^\n]*\n\\| date \\(UTC\\) +\\| [0-9-]+T[0-9:]+Z +\\|\n\n## Rules compared\n\n.*8[ \n]rows[ \n]differ.*\\| ≠ +\\| ranks.dog +\\| 3 +\\| 4 +\\|\n"
  "Played 8 games"
  tournament --variants standard,ludii --players random,greedy --games 4 --seed 3 --threads 2 --out ${REPORT_DIR})
# CMake's regular expressions have no {8}: the highlighted row, eight times (the unit test counts exactly).
string(REPEAT "<tr class=\"differs\">.*" 8 EIGHT_DIFFERING_ROWS)
add_test(NAME cli.report_html_checked COMMAND ${CMAKE_COMMAND} -DFILE=${REPORT_DIR}/report.html
  "-DEXPECT=<section id=\"pairings\">.*<section id=\"first-player\">\n<h2>[^\n]*\n<figure class=\"key\">.*<svg.*<section id=\"settings\">.*<section id=\"rules\">.*${EIGHT_DIFFERING_ROWS}"
  "-DREJECT=using [0-9]:|data[.]txt|<title>[Gg]nuplot"
  -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
# The same games without their run.json: "unknown" for what a games file does not record.
add_test(NAME cli.report_plain_copy COMMAND ${CMAKE_COMMAND} -E copy ${REPORT_DIR}/games.jsonl ${REPORT_DIR}-plain/games.jsonl)
jungle_cli_test(report_plain_file 0
  "## How the games were made\n.*\\| command +\\| unknown +\\|\n\\| seed +\\| unknown +\\|\n\\| openings +\\| unknown +\\|\n\\| players +\\| random, greedy +\\|\n\\| games +\\| 8 games +\\|\n\\| threads +\\| unknown +\\|\n\\| program version \\| unknown +\\|\n\\| date \\(UTC\\) +\\| unknown +\\|\n"
  "^$"
  stats ${REPORT_DIR}-plain/games.jsonl)
set_tests_properties(cli.report_clean PROPERTIES FIXTURES_SETUP cli_report_clean)
set_tests_properties(cli.report_tournament PROPERTIES FIXTURES_REQUIRED cli_report_clean FIXTURES_SETUP cli_report)
set_tests_properties(cli.report_html_checked cli.report_plain_copy PROPERTIES FIXTURES_REQUIRED cli_report)
set_tests_properties(cli.report_plain_copy PROPERTIES FIXTURES_SETUP cli_report_plain)
set_tests_properties(cli.report_plain_file PROPERTIES FIXTURES_REQUIRED "cli_report;cli_report_plain")
