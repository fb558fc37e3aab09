# The HTML report's game viewer, in headless Chromium: the board it shows at report.html#game=N&ply=K
# must be the position `jungle show --moves` reaches with the game's first K moves, under standard
# rules, under a variant whose terrain differs (and whose terrain the board must draw), and from a
# start position of an openings file. An address that names no game (#game=99999, #game=x) must say
# so, with no game on the board; a filter that hides the game shown must leave it on the board and
# say that the filter hides it. Skipped (exit 77) where chromium is not installed.
include(${CMAKE_SOURCE_DIR}/tests/browser_test.cmake)
jungle_browser_test(viewer ${CMAKE_SOURCE_DIR}/tests/check_viewer.cmake TIMEOUT 600 -DJUNGLE=$<TARGET_FILE:jungle>)

# `jungle show --moves`, the test's reference: the position after legal moves, and one line for
# a move that is not legal (here the first player's elephant moved by the second player).
jungle_cli_test(show_after_moves 0 "Position: l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b\n" "^$"
  show --moves "a3a4")
jungle_cli_test(show_illegal_move 1 "^$"
  "^error: show: --moves: move 2 \"a4a5\" is not legal in l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b\n$"
  show --moves "a3a4 a4a5")

# The HTML report's tables fit a phone's 390 px wide window and a 1400 px one in headless Chromium,
# the Players table too when the players' specs are long paths without a space. Skipped (exit 77)
# without chromium.
jungle_browser_test(report_tables_fit ${CMAKE_SOURCE_DIR}/tests/check_tables_fit.cmake -DJUNGLE=$<TARGET_FILE:jungle>)
