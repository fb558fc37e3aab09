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
jungle_cli_test(perftree_illegal_move 1 "^$" "^error: --perftree: move 2 'a6a4' is not legal in 7/7/7/r6/7/E6/7/7/7 b\n$"
  perft --perftree 2 "7/7/7/r6/7/7/E6/7/7 w" "a3a4 a6a4")
jungle_cli_test(perftree_bad_fen 1 "^$" "^error: --perftree: bad position \"7/7/7 w\".*\n$"
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
jungle_cli_test(perft_diff_garbage 2 "^$" "^error: echo garbage # 2 '${START}': line 1 \"garbage\": expected \"MOVE COUNT\"\n$"
  perft-diff --depth 2 --against "echo garbage #")
jungle_cli_test(perft_diff_command_fails 2 "^$" "^error: exit 3 # 2 '${START}': exited with status 3\n$"
  perft-diff --depth 2 --against "exit 3 #")
jungle_cli_test(perft_diff_bad_fen 2 "^$" "^error: --fen: bad position .*\n$"
  perft-diff --depth 2 --fen "7/7/7 w" --against ${WRONG})
jungle_cli_test(perft_diff_needs_against 106 "" "--against is required"
  perft-diff --depth 2)
