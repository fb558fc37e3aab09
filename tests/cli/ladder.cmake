# `jungle ladder`: one-line errors for bad --levels and sizes, then a tiny real ladder (two
# depths, two variants, four games a run): its folders, files and the shape of ladder.json, and a
# rerun that resumes every game. The numbers themselves are tested in tests/test_ladder.cpp.
jungle_cli_test(ladder_levels_downwards 1 "^$" "^error: ladder: --levels: the range \"3..1\" runs downwards\n$"
  ladder --levels depth=3..1 --out ${CMAKE_CURRENT_BINARY_DIR}/cli-ladder-never)
jungle_cli_test(ladder_levels_bad_form 1 "^$" "^error: ladder: --levels: expected depth=A..B, [^\n]*, not \"elo=1..3\"\n$"
  ladder --levels elo=1..3 --out ${CMAKE_CURRENT_BINARY_DIR}/cli-ladder-never)
jungle_cli_test(ladder_levels_required 1 "^$" "^error: ladder: --levels is required\n$"
  ladder --out ${CMAKE_CURRENT_BINARY_DIR}/cli-ladder-never)
jungle_cli_test(ladder_odd_match_games 1 "^$" "^error: ladder: --match-games must be even[^\n]*\n$"
  ladder --levels depth=1..2 --match-games 3 --out ${CMAKE_CURRENT_BINARY_DIR}/cli-ladder-never)
jungle_cli_test(ladder_unknown_variant 1 "^$" "^error: ladder: --variants: unknown variant \"nosuch\"[^\n]*\n$"
  ladder --levels depth=1..2 --variants nosuch --games 2 --out ${CMAKE_CURRENT_BINARY_DIR}/cli-ladder-never)

set(LADDER_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-ladder)
add_test(NAME cli.ladder_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${LADDER_DIR})
jungle_cli_test(ladder_runs 0
  "^# Jungle strength ladder\n\n2 levels \\(depth=1 to depth=2\\), 2 variants; 16 self-play games, 8 games between adjacent levels\\.\n.*## standard\n.*\n\\| depth=1 +\\| +4 \\|[^\n]*\n\\| depth=2 +\\| +4 \\|[^\n]*\\| +4 \\| [0-9] / [0-9] / [0-9] \\|[^\n]*\n.*## ludii\n.*\nReport: [^\n]*cli-ladder/ladder.html"
  "Ladder 1/3: self-play at depth=1.*Ladder 2/3: self-play at depth=2.*Ladder 3/3: depth=1 against depth=2"
  ladder --levels depth=1..2 --variants standard,ludii --games 4 --threads 2 --out ${LADDER_DIR})
set_tests_properties(cli.ladder_clean cli.ladder_runs PROPERTIES FIXTURES_SETUP cli_ladder)
set_tests_properties(cli.ladder_runs PROPERTIES DEPENDS cli.ladder_clean)

# Every run is a tournament folder of its own, which `jungle stats` reads, with the report `jungle
# tournament` writes (report.html, summary.json, summary.csv, pairings.csv) and its CPU time.
foreach(run selfplay-depth=1 selfplay-depth=2 match-depth=1-vs-depth=2)
  add_test(NAME cli.ladder_folder_${run} COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/${run}/run.json
    "-DEXPECT=\"format\": \"jungle-tournament/2\"" -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
  add_test(NAME cli.ladder_report_${run} COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/${run}/report.html
    "-DEXPECT=<title>Jungle ladder: [^<]*</title>.*<section id=\"first-player\">" -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
  add_test(NAME cli.ladder_summary_${run} COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/${run}/summary.json
    "-DEXPECT=\"format\": \"jungle-summary/1\"" -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
  add_test(NAME cli.ladder_cpu_${run} COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/${run}/cpu.json
    "-DEXPECT=\"format\": \"jungle-ladder-cpu/1\",.*\"cpu_seconds\": [0-9.e-]+,\n  \"games\": [48]\n" -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
  set_tests_properties(cli.ladder_folder_${run} cli.ladder_report_${run} cli.ladder_summary_${run} cli.ladder_cpu_${run}
    PROPERTIES FIXTURES_REQUIRED cli_ladder)
endforeach()
jungle_cli_test(ladder_match_read_back 0 "^# Jungle results\n\n8 games, 2 variants, 2 players \\(alphabeta:depth=1, alphabeta:depth=2\\)" "^$"
  stats ${LADDER_DIR}/match-depth=1-vs-depth=2/games.jsonl)
add_test(NAME cli.ladder_json COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/ladder.json
  "-DEXPECT=^{\n  \"format\": \"jungle-ladder/1\",\n  \"confidence\": 0.95,\n  \"levels\": \\[\n    \"depth=1\",\n    \"depth=2\"\n  \\],\n  \"self_play_games\": 16,\n  \"match_games\": 8,.*\"name\": \"standard\",\n      \"levels\": \\[\n        {\n          \"level\": \"depth=1\",\n          \"games\": 4,.*\"vs_below\": null,.*\"level\": \"depth=2\",.*\"vs_below\": {\n            \"wdl\": {.*\"name\": \"ludii\""
  -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
add_test(NAME cli.ladder_markdown_file COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/ladder.md
  "-DEXPECT=^# Jungle strength ladder\n" -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
# The page: its two charts (when gnuplot is there, as the setup script installs it), one table per variant.
if(EXISTS /usr/bin/gnuplot)
  set(LADDER_HTML_EXPECT "<section id=\"ladder\">.*<svg.*First player's score by level.*<svg.*Draw rate by level.*<section id=\"variant-standard\">.*<section id=\"variant-ludii\">")
else()
  set(LADDER_HTML_EXPECT "<section id=\"ladder\">.*Charts are missing.*<section id=\"variant-standard\">")
endif()
add_test(NAME cli.ladder_html COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/ladder.html "-DEXPECT=${LADDER_HTML_EXPECT}"
  -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
jungle_cli_test(ladder_resumes 0 "^# Jungle strength ladder\n" "Resumed: 24 games were already there\nLadder: 0 games played"
  ladder --levels depth=1..2 --variants standard,ludii --games 4 --threads 2 --out ${LADDER_DIR})
set_tests_properties(cli.ladder_match_read_back cli.ladder_json cli.ladder_markdown_file cli.ladder_html
  cli.ladder_resumes PROPERTIES FIXTURES_REQUIRED cli_ladder)
set_tests_properties(cli.ladder_resumes PROPERTIES DEPENDS "cli.ladder_json;cli.ladder_html;cli.ladder_markdown_file")

# The new columns and sections: the first player's decisive share, the trend, the cost a level.
add_test(NAME cli.ladder_markdown_columns COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/ladder.md
  "-DEXPECT=## The first player's score against strength\n.*\\| standard +\\| +2 \\| +(−|\\+)[0-9.]+ \\|.*## The cost of each level\n.*\\| depth=1 +\\| +8 \\| +[0-9]+\\.[0-9] \\|.*## standard\n.*\\| level +\\| games \\| +first-player score \\| +first player's decisive share \\| +draw rate % \\|"
  -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
add_test(NAME cli.ladder_json_trend_and_costs COMMAND ${CMAKE_COMMAND} -DFILE=${LADDER_DIR}/ladder.json
  "-DEXPECT=\"decisive_share\": {\n *\"games\": [0-9.]+,\n *\"share\": .*\"trend\": (null|{\n *\"x\": .*\"sentence\": \"the first player's score (rises|falls|shows no trend) with strength: slope [^\"]* per level\").*\"costs\": \\[\n *{\n *\"level\": \"depth=1\",\n *\"self_play\": {\n *\"cpu_seconds\": [0-9.e-]+,\n *\"games\": 8,"
  -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
set_tests_properties(cli.ladder_markdown_columns cli.ladder_json_trend_and_costs PROPERTIES FIXTURES_REQUIRED cli_ladder)

# --contempt reaches every player, as run.json records them; a bad one is one line naming it, and
# the folders of a ladder at another contempt are refused rather than mixed.
jungle_cli_test(ladder_contempt_out_of_range 1 "^$" "^error: ladder: --contempt: must be a whole number from -1000 to 1000, not 5000\n$"
  ladder --levels depth=1..2 --contempt 5000 --out ${CMAKE_CURRENT_BINARY_DIR}/cli-ladder-never)
set(LADDER_CONTEMPT_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-ladder-contempt)
add_test(NAME cli.ladder_contempt_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${LADDER_CONTEMPT_DIR})
jungle_cli_test(ladder_contempt_runs 0 "\\| player +\\| alphabeta at each level, contempt 50 \\(alphabeta:depth=1,contempt=50, \\.\\.\\.\\) +\\|"
  "Ladder 3/3: depth=1 against depth=2"
  ladder --levels depth=1,2 --variants standard --games 2 --contempt 50 --threads 2 --out ${LADDER_CONTEMPT_DIR})
set_tests_properties(cli.ladder_contempt_clean cli.ladder_contempt_runs PROPERTIES FIXTURES_SETUP cli_ladder_contempt)
set_tests_properties(cli.ladder_contempt_runs PROPERTIES DEPENDS cli.ladder_contempt_clean)
add_test(NAME cli.ladder_contempt_selfplay_players COMMAND ${CMAKE_COMMAND}
  -DFILE=${LADDER_CONTEMPT_DIR}/selfplay-depth=2/run.json
  "-DEXPECT=\"players\": \\[\n    \"alphabeta:depth=2,contempt=50\"\n  \\]" -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
add_test(NAME cli.ladder_contempt_match_players COMMAND ${CMAKE_COMMAND}
  -DFILE=${LADDER_CONTEMPT_DIR}/match-depth=1-vs-depth=2/run.json
  "-DEXPECT=\"players\": \\[\n    \"alphabeta:depth=1,contempt=50\",\n    \"alphabeta:depth=2,contempt=50\"\n  \\]"
  -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
jungle_cli_test(ladder_contempt_other_folder_refused 1 "^$" "^Ladder 1/3: [^\n]*\nerror: [^\n]*contempt=50[^\n]*\n$"
  ladder --levels depth=1,2 --variants standard --games 2 --threads 2 --out ${LADDER_CONTEMPT_DIR})
set_tests_properties(cli.ladder_contempt_selfplay_players cli.ladder_contempt_match_players
  cli.ladder_contempt_other_folder_refused PROPERTIES FIXTURES_REQUIRED cli_ladder_contempt)
