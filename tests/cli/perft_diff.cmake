# `jungle perft --perftree` (perftree's contract) and `jungle perft-diff`. The other generator
# is tests/tools/wrong_perftree: the mailbox generator with one fault switched on by a flag.
set(START "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w")
set(WRONG "$<TARGET_FILE:wrong_perftree>")

# perftree's contract: "MOVE COUNT" lines sorted by move, a blank line, the bare total.
jungle_cli_test(perftree_format 0 "^a1a2 1\na1b1 1\n(.* 1\n)+\n24\n$" "^$"
  perft --variant standard --perftree 1 ${START})
# Elephant a3 against rat a6; after a3a4 the rat goes to a5 (the elephant then has a4a3
# only), a7 or b6 (a4a3 and a4a5 each).
jungle_cli_test(perftree_after_moves 0 "^a6a5 1\na6a7 2\na6b6 2\n\n5\n$" "^$"
  perft --perftree 2 "7/7/7/r6/7/7/E6/7/7 w" "a3a4")
jungle_cli_test(perftree_empty_moves 0 "^a3a2 3\na3a4 3\na3b3 3\n\n9\n$" "^$"
  perft --perftree 2 "7/7/7/r6/7/7/E6/7/7 w" "")
jungle_cli_test(perftree_illegal_move 1 "^$" "^error: perft: --perftree: move 2 'a6a4' is not legal in 7/7/7/r6/7/E6/7/7/7 b\n$"
  perft --perftree 2 "7/7/7/r6/7/7/E6/7/7 w" "a3a4 a6a4")
jungle_cli_test(perftree_bad_fen 1 "^$" "^error: perft: --perftree: bad position \"7/7/7 w\".*\n$"
  perft --perftree 2 "7/7/7 w")

# A user's script, exactly as perftree runs it, checked against ourselves.
set(PERFTREE_SCRIPT ${CMAKE_CURRENT_BINARY_DIR}/jungle-perftree.sh)
file(GENERATE OUTPUT ${PERFTREE_SCRIPT}
  CONTENT "#!/bin/sh\nexec $<TARGET_FILE:jungle> perft --variant standard --perftree \"$@\"\n"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
jungle_cli_test(perft_diff_against_own_script 0 "^depth 4: ours 260099, theirs 260099\n\nNo difference at depth 4: 260099 nodes\n$" "^$"
  perft-diff --variant standard --depth 4 --against ${PERFTREE_SCRIPT})
jungle_cli_test(perft_diff_unchanged_mailbox_agrees 0 "\nNo difference at depth 4: 260099 nodes\n$" "^$"
  perft-diff --depth 4 --against ${WRONG})

# With the elephant taking the rat, only g3g4 g7g6 g4g5 g6g5 is new within four plies from the
# start (a white rat reaching g5 beside a black elephant on g6), so the counts part by one at
# every level and the move sets part after g4g5: g6g5 is extra.
jungle_cli_test(perft_diff_finds_elephant_taking_rat 1
  "^depth 4: ours 260099, theirs 260100\ndepth 3 after g3g4: .*\ndepth 2 after g3g4 g7g6: .*\ndepth 1 after g3g4 g7g6 g4g5: .*\n\nDifference: the move sets differ\nPosition: l5t/1d3c1/r1p1w2/6e/6R/7/E1W1P2/1C3D1/T5L b\nMoves: g3g4 g7g6 g4g5\nExtra: g6g5\nMissing: \\(none\\)\n$"
  "^$"
  perft-diff --variant standard --depth 4 --against "${WRONG} --flip elephant_captures_rat")
# A white rat on a9 (a9a8, a9b9) and a black rat on c1 (c1b1, c1c2, c1d1 into White's den). A
# generator that counts a finished game as no leaf differs under both white moves; a9a8 is
# followed and the moves agree there, but c1d1 counts 0.
jungle_cli_test(perft_diff_leaf_counts_differ 1
  "\nDifference: the move sets agree, but c1d1 counts 1 in ours and 0 in theirs\nPosition: 7/R6/7/7/7/7/7/7/2r4 b\nMoves: a9a8\n$"
  "^$"
  perft-diff --fen "R6/7/7/7/7/7/7/7/2r4 w" --depth 2 --against "${WRONG} --finished-counts-zero")
jungle_cli_test(perft_diff_total_not_sum 1
  "\nDifference: theirs prints a total of 577, but its lines sum to 576\nPosition: ${START}\nMoves: \\(none\\)\n$" "^$"
  perft-diff --depth 2 --against "${WRONG} --total-off-by 1")

# Trouble exits 2: the other command's output or exit status, or our own input.
jungle_cli_test(perft_diff_garbage 2 "^$" "^error: perft-diff: echo garbage # 2 '${START}' printed no divide: line 1 \"garbage\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2\n$"
  perft-diff --depth 2 --against "echo garbage #")
jungle_cli_test(perft_diff_command_fails 2 "^$" "^error: perft-diff: exit 3 # 2 '${START}': exited with status 3\n$"
  perft-diff --depth 2 --against "exit 3 #")
jungle_cli_test(perft_diff_bad_fen 2 "^$" "^error: perft-diff: --fen: bad position .*\n$"
  perft-diff --depth 2 --fen "7/7/7 w" --against ${WRONG})
jungle_cli_test(perft_diff_needs_against 2 "" "--against is required"
  perft-diff --depth 2)

# --hash beyond the machine is cut with a warning, as for perft.
jungle_cli_test(perft_diff_hash_beyond_memory 0 "^depth 3: ours 12240, theirs 12240\n\nNo difference at depth 3: 12240 nodes\n$"
  "^warning: --hash 1048576 MB is more than [0-9]+ MB, half of this machine's memory; using [0-9]+ MB\n$"
  perft-diff --depth 3 --hash 1048576 --against ${WRONG})
# Depth limits, as for perft; trouble is exit 2 here.
jungle_cli_test(perft_diff_depth_11 2 "^$" "^error: perft-diff: --depth 11 is beyond 10 plies, which can take days; add --force to count it\n$"
  perft-diff --depth 11 --against ${WRONG})
jungle_cli_test(perft_diff_depth_64_forced 2 "^$" "^error: perft-diff: --depth 64 is beyond 15 plies, more than perft counts even with --force\n$"
  perft-diff --depth 64 --force --against ${WRONG})

# A program that never answers is killed at --timeout; one that never stops printing at 1 MiB.
jungle_cli_test(perft_diff_timeout 2 "^$" "^error: perft-diff: sleep 100 # 2 '${START}': did not answer within 1 s\n$"
  perft-diff --depth 2 --timeout 1 --against "sleep 100 #")
set_tests_properties(cli.perft_diff_timeout PROPERTIES TIMEOUT 30)
jungle_cli_test(perft_diff_yes 2 "^$" "^error: perft-diff: yes 2 '${START}': printed more than 1 MiB\n$"
  perft-diff --depth 2 --against yes)
set_tests_properties(cli.perft_diff_yes PROPERTIES TIMEOUT 30)
jungle_cli_test(perft_diff_timeout_zero 2 "^$" "--timeout"
  perft-diff --depth 2 --timeout 0 --against ${WRONG})

# Counts past 2^64-1 are errors, not wrapped around: two lines that sum past it, and a total.
jungle_cli_test(perft_diff_sum_beyond_64_bits 2 "^$" ": line 2 \"a3b3 5\": the sum of the counts does not fit in 64 bits\n$"
  perft-diff --depth 2 --against "printf 'a3a4 18446744073709551615\\na3b3 5\\n\\n4\\n' #")
jungle_cli_test(perft_diff_total_beyond_64_bits 2 "^$" ": line 3 \"18446744073709551616\": the total does not fit in 64 bits\n$"
  perft-diff --depth 2 --against "printf 'a3a4 1\\n\\n18446744073709551616\\n' #")

# Stockfish's divide ("a1a2: 24" lines, a blank line, "Nodes searched: N"), as `jungle perft
# --divide` prints it, is read as well as perftree's; a line of neither form is trouble.
set(STOCKFISH_STYLE ${CMAKE_CURRENT_BINARY_DIR}/cli-stockfish-style.sh)
file(GENERATE OUTPUT ${STOCKFISH_STYLE}
  CONTENT "exec $<TARGET_FILE:jungle> perft --variant standard --depth \"$1\" --fen \"$2\" --divide 2>/dev/null\n")
jungle_cli_test(perft_diff_reads_stockfish_divide 0 "^depth 3: ours 12240, theirs 12240\n\nNo difference at depth 3: 12240 nodes\n$" "^$"
  perft-diff --depth 3 --against "sh ${STOCKFISH_STYLE}")
jungle_cli_test(perft_diff_neither_format 2 "^$"
  "^error: perft-diff: printf [^\n]* printed no divide: line 2 \"a1b1 = 1\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2\n$"
  perft-diff --depth 1 --against "printf 'a1a2: 1\\na1b1 = 1\\n\\nNodes searched: 2\\n' #")
jungle_cli_test(perft_diff_no_total 2 "^$"
  ": the output ends after 2 lines without the total \\(\"N\" or \"Nodes searched: N\"\\)\n$"
  perft-diff --depth 1 --against "printf 'a1a2: 1\\na1b1: 1\\n' #")

# --suite: every position of a suite. Position 2 is perft-diff's hand-worked jump over a rat: a
# black rat on g5 (g4, g6, or f5 in the water, 3 moves) beside a white lion on d5 that jumps the
# water of row 5 (11 at depth 2); after g5f5 a generator that lets nothing block a jump has d5g5
# too. Position 3 has no water in reach: rat a9 (2 moves) against rat c1 (3 moves each), 6.
set(HAND_SUITE ${CMAKE_CURRENT_BINARY_DIR}/cli-hand-suite.epd)
file(WRITE ${HAND_SUITE} "# two positions\n7/7/7/7/3L2r/7/7/7/7 b ;D1 3 ;D2 11\nR6/7/7/7/7/7/7/7/2r4 w ;D1 2 ;D2 6\n")
jungle_cli_test(perft_diff_suite_agrees 0 "^${HAND_SUITE}: 2 positions at depth 2: 2 agree, 0 differ\n$" "^$"
  perft-diff --suite ${HAND_SUITE} --against ${WRONG})
jungle_cli_test(perft_diff_suite_finds_the_jump 1
  "^${HAND_SUITE}:2 \"7/7/7/7/3L2r/7/7/7/7 b\" depth 2: ours 11, theirs 12\n  Difference: the move sets differ\n  Position: 7/7/7/7/3L1r1/7/7/7/7 w\n  Moves: g5f5\n  Extra: d5g5\n  Missing: \\(none\\)\n\n${HAND_SUITE}: 2 positions at depth 2: 1 agree, 1 differ\n$"
  "^$"
  perft-diff --suite ${HAND_SUITE} --threads 2 --against "${WRONG} --blocked-by none")
# At depth 1 the jump is out of reach: the rat's own moves agree.
jungle_cli_test(perft_diff_suite_depth_1 0 "^${HAND_SUITE}: 2 positions at depth 1: 2 agree, 0 differ\n$" "^$"
  perft-diff --suite ${HAND_SUITE} --depth 1 --against "${WRONG} --blocked-by none")
# The batch contract, with jungle itself as the other program.
jungle_cli_test(perft_diff_suite_batch 0 "^${HAND_SUITE}: 2 positions at depth 2: 2 agree, 0 differ\n$" "^$"
  perft-diff --suite ${HAND_SUITE} --batch --against "$<TARGET_FILE:jungle> perft --batch")
# A suite whose count is not ours is not a suite of these rules: trouble, not a finding.
set(WRONG_COUNT_SUITE ${CMAKE_CURRENT_BINARY_DIR}/cli-wrong-count-suite.epd)
file(WRITE ${WRONG_COUNT_SUITE} "7/7/7/7/3L2r/7/7/7/7 b ;D1 3 ;D2 12\n")
jungle_cli_test(perft_diff_suite_count_not_ours 2
  "^${WRONG_COUNT_SUITE}:1 \"7/7/7/7/3L2r/7/7/7/7 b\" depth 2: could not be compared: the suite counts 12 at depth 2, we count 11: is it a suite of these rules \\(--variant\\)\\?\n\n${WRONG_COUNT_SUITE}: 1 position at depth 2: 0 agree, 0 differ, 1 could not be compared\n$"
  "^$"
  perft-diff --suite ${WRONG_COUNT_SUITE} --against ${WRONG})
set(BAD_FEN_SUITE ${CMAKE_CURRENT_BINARY_DIR}/cli-bad-fen-suite.epd)
file(WRITE ${BAD_FEN_SUITE} "R6/7/7/7/7/7/7/7/2r4 w ;D1 2\n7/7/7 w ;D1 3\n")
jungle_cli_test(perft_diff_suite_bad_fen 2 "^$" "^error: perft-diff: ${BAD_FEN_SUITE}:2: bad position \"7/7/7 w\"[^\n]*\n$"
  perft-diff --suite ${BAD_FEN_SUITE} --against ${WRONG})
jungle_cli_test(perft_diff_suite_and_fen 2 "^$" "^error: perft-diff: --fen and --suite cannot be given together\n$"
  perft-diff --suite ${HAND_SUITE} --fen "${START}" --against ${WRONG})
jungle_cli_test(perft_diff_suite_depth_11 2 "^$" "^error: perft-diff: ${HAND_SUITE}:2: depth 11 is beyond 10 plies[^\n]*\n$"
  perft-diff --suite ${HAND_SUITE} --depth 11 --against ${WRONG})

# perft --help shows --perftree's arguments without CLI11's stray "x 2".
jungle_cli_test(perft_help_perftree 0 "--perftree DEPTH FEN \\[MOVES\\] +Excludes" "^$" perft --help)
jungle_cli_test(perftree_needs_a_position 1 "^$" "^error: perft: --perftree: expected DEPTH FEN \\[MOVES\\][^\n]*\n$"
  perft --perftree 2)

# The README's recipe: the rules suite of standard against a generator whose jumps nothing in the
# water blocks. Line 16 has a white lion on d6 and a white rat in the water on b6, in the lion's
# horizontal lane to a6: the jump d6a6 is extra at the root, and nothing is missing. The same
# through the batch contract, one wrong_perftree process per thread.
set(RULES_SUITE data/reference/perft/rules/standard.epd)
set(LION_OVER_RAT "\n${RULES_SUITE}:16 \"1eD1d2/3W3/2C1lr1/1R1L2w/3E3/7/5Pt/7/c6 w\" depth 3: ours [0-9]+, theirs [0-9]+\n  Difference: the move sets differ\n  Position: 1eD1d2/3W3/2C1lr1/1R1L2w/3E3/7/5Pt/7/c6 w\n  Moves: \\(none\\)\n  Extra: d6a6\n  Missing: \\(none\\)\n.*\n${RULES_SUITE}: 13 positions at depth 3: [0-9]+ agree, [1-9][0-9]* differ\n$")
jungle_cli_test(perft_diff_readme_rules_suite 1 "${LION_OVER_RAT}" "^$"
  perft-diff --suite ${RULES_SUITE} --against "${WRONG} --flip blocked_by=none")
jungle_cli_test(perft_diff_rules_suite_batch 1 "${LION_OVER_RAT}" "^$"
  perft-diff --variant standard --suite ${RULES_SUITE} --batch --against "${WRONG} --batch --flip blocked_by=none")
jungle_cli_test(perft_diff_rules_suite_agrees 0 "^${RULES_SUITE}: 13 positions at depth 3: 13 agree, 0 differ\n$" "^$"
  perft-diff --variant standard --suite ${RULES_SUITE} --batch --against "${WRONG} --batch")
# A suite is compared under the rules it names, without --variant: jumpers' suite at depth 2 against
# jungle under the same rules file agrees everywhere (under standard, the suite's counts would not
# be ours, and each position would be refused).
jungle_cli_test(perft_diff_suite_names_its_rules 0 "^${CMAKE_SOURCE_DIR}/data/reference/perft/jumpers.epd: 41 positions at depth 2: 41 agree, 0 differ\n$" "^$"
  perft-diff --suite ${CMAKE_SOURCE_DIR}/data/reference/perft/jumpers.epd --depth 2 --batch
  --against "$<TARGET_FILE:jungle> perft --batch --variant ${CMAKE_SOURCE_DIR}/data/reference/rules/jumpers.toml")
# Under other rules than the suite's, its positions are compared on our counts, none skipped.
# data/examples/my-rules.toml is standard but for elephant_captures_rat and water_to_land = ["rat"];
# the standard rules suite's header names the 5 positions that show either flip (lines 19, 31, 37,
# 40, 46), so a generator of the standard rules differs from ours there, and agrees at the 8 others.
set(RECOUNTED "^${RULES_SUITE} is a suite for 'standard': its positions are compared under 'my-rules' on our counts, not the suite's\n")
jungle_cli_test(perft_diff_suite_other_rules_recounts 1
  "${RECOUNTED}${RULES_SUITE}:19 .*\n${RULES_SUITE}:31 .*\n${RULES_SUITE}:37 .*\n${RULES_SUITE}:40 .*\n${RULES_SUITE}:46 .*\n\n${RULES_SUITE}: 13 positions at depth 3: 8 agree, 5 differ\n$"
  "^$"
  perft-diff --variant data/examples/my-rules.toml --suite ${RULES_SUITE} --batch --against "$<TARGET_FILE:jungle> perft --batch")
jungle_cli_test(perft_diff_suite_other_rules_agree 0
  "${RECOUNTED}${RULES_SUITE}: 13 positions at depth 3: 13 agree, 0 differ\n$" "^$"
  perft-diff --variant data/examples/my-rules.toml --suite ${RULES_SUITE} --batch
  --against "$<TARGET_FILE:jungle> perft --batch --variant data/examples/my-rules.toml")
# Stockfish's divide all the way down a descent: the elephant taking the rat, as above.
jungle_cli_test(perft_diff_stockfish_format_descent 1
  "\nDifference: the move sets differ\nPosition: l5t/1d3c1/r1p1w2/6e/6R/7/E1W1P2/1C3D1/T5L b\nMoves: g3g4 g7g6 g4g5\nExtra: g6g5\nMissing: \\(none\\)\n$"
  "^$"
  perft-diff --depth 4 --against "${WRONG} --format stockfish --flip elephant_captures_rat")
# A suite of comments alone compares nothing: trouble, said so.
set(EMPTY_SUITE ${CMAKE_CURRENT_BINARY_DIR}/cli-empty-suite.epd)
file(WRITE ${EMPTY_SUITE} "# nothing here\n\n")
jungle_cli_test(perft_diff_suite_empty 2 "^$" "^error: perft-diff: --suite ${EMPTY_SUITE}: no position in it\n$"
  perft-diff --suite ${EMPTY_SUITE} --against ${WRONG})
