# jungle tablebase: tables in a folder of the build tree, built by whichever test needs them first
# (a table is written beside its file and renamed, so tests running at once do not clash).
set(TB_DIR ${CMAKE_BINARY_DIR}/tablebase-cli)

# --json: exactly the issue's object on standard output, nothing else; progress goes to stderr.
set(TB_SIDE "\\{\"wins\":[0-9]+,\"draws\":[0-9]+,\"losses\":[0-9]+,\"longest\":[0-9]+\\}")
jungle_cli_test(tablebase_stats_json 0 "^\\{\"w\":${TB_SIDE},\"b\":${TB_SIDE}\\}\n$" ""
  tablebase stats --variant standard --material E/r --json --dir ${TB_DIR})
# The tiger on d5 jumps the water east and takes the cat on g5, black's last piece: a win in 1,
# and that jump is the only move that keeps it.
jungle_cli_test(tablebase_probe_jump 0 "^value: win in 1\nmoves: d5g5\n$" ""
  tablebase probe --variant standard --fen "7/7/7/7/3T2c/7/7/7/7 w" --dir ${TB_DIR})
# The white rat boxed in on a1 by a cat and a dog: no legal move, a loss at once.
jungle_cli_test(tablebase_probe_no_moves 0 "^value: loss in 0 \\(no legal move\\)\nmoves:\n$" ""
  tablebase probe --variant standard --fen "7/7/7/7/7/7/7/c6/Rd5 w" --dir ${TB_DIR})

jungle_cli_test(tablebase_bad_material 1 "^$" "^error: tablebase stats: --material: bad material \"EE/r\": two pieces of one kind"
  tablebase stats --material EE/r --dir ${TB_DIR})
jungle_cli_test(tablebase_too_many_pieces 1 "^$" "^error: tablebase stats: --material: bad material \"ELTP/r\": 5 pieces; tables hold at most 4"
  tablebase stats --material ELTP/r --dir ${TB_DIR})
jungle_cli_test(tablebase_build_needs_one 1 "^$" "^error: tablebase build: give exactly one of --material and --pieces\n$"
  tablebase build --dir ${TB_DIR})
jungle_cli_test(tablebase_build_pieces_range 1 "^$" "^error: tablebase build: --pieces 5: tables hold 2 to 4 pieces\n$"
  tablebase build --pieces 5 --dir ${TB_DIR})
jungle_cli_test(tablebase_refuses_forbidden_repetition 1 "^$"
  "^error: tablebase build: --variant: variant \"online\": tablebases need a repetition that draws or ends nothing, and its repetition.result is \"forbidden\""
  tablebase build --variant online --material E/r --dir ${TB_DIR})
jungle_cli_test(tablebase_probe_five_pieces 1 "^$" "^error: tablebase probe: --fen: the position has 5 pieces; tables hold at most 4\n$"
  tablebase probe --fen "7/7/7/7/7/7/ELTP3/7/r6 w" --dir ${TB_DIR})
jungle_cli_test(tablebase_probe_game_over 1 "^$" "^error: tablebase probe: --fen: a den has been entered; the game is over\n$"
  tablebase probe --fen "3R3/7/7/7/7/7/7/7/6r b" --dir ${TB_DIR})
jungle_cli_test(tablebase_compare_pieces 1 "^$" "^error: tablebase compare: --pieces must be 2 or 3\n$"
  tablebase compare --variants standard,ludii --pieces 4 --dir ${TB_DIR})
jungle_cli_test(tablebase_compare_one_variant 1 "^$" "^error: tablebase compare: --variants: name at least two variants"
  tablebase compare --variants standard --pieces 2 --dir ${TB_DIR})
jungle_cli_test(tablebase_needs_subcommand 1 "^$" "^error: "
  tablebase)
