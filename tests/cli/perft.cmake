set(REF ${CMAKE_SOURCE_DIR}/data/reference)

# Published counts (issue 2): standard from the start, depth 4 is 260099.
jungle_cli_test(perft_standard_d4 0 "^Nodes searched: 260099\n$" "nodes/s"
  perft --variant ${REF}/rules/standard.toml --depth 4)
# Divide: one "MOVE: COUNT" line per root move, sorted, a blank line, then the total.
# Depth 1 from the start: 24 moves, each with one leaf.
jungle_cli_test(perft_divide_format 0 "^a1a2: 1\na1b1: 1\n(.*: 1\n)+\nNodes searched: 24\n$" ""
  perft --variant ${REF}/rules/standard.toml --depth 1 --divide)
jungle_cli_test(perft_suite_passes 0 "42 positions|41 positions, 0 mismatches" ""
  perft --variant ${REF}/rules/elephant-takes-rat.toml --suite ${REF}/perft/elephant-takes-rat.epd --depth 3)
# The standard suite checked under other rules must fail, naming the position and depth.
jungle_cli_test(perft_suite_mismatch 1 "FAIL .*standard.epd:[0-9]+ .* depth [0-9]: expected [0-9]+, counted [0-9]+" ""
  perft --variant ${REF}/rules/any-trap.toml --suite ${REF}/perft/standard.epd --depth 3)
jungle_cli_test(perft_bad_fen 1 "^$" "^error: --fen: bad position .*rank 9 is longer than 7 files at character 4.*\n$"
  perft --depth 1 --fen "l5t1/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w")
jungle_cli_test(perft_fen_breaks_terrain 1 "^$" "^error: --fen: .*lion on b4 stands in water.*\n$"
  perft --depth 1 --fen "7/7/7/7/7/1L5/7/7/7 w")
jungle_cli_test(perft_unknown_variant 1 "^$" "nosuch.*\n$"
  perft --variant nosuch --depth 1)
jungle_cli_test(perft_needs_depth 1 "^$" "--depth"
  perft --variant standard)
jungle_cli_test(perft_bad_depth_argument 105 "" "--depth"
  perft --depth many)
