# `jungle tune` and weights files: one-line errors naming the file, line and key; a small tune
# from self-play whose weights file a player then reads. The tuner itself: tests/test_tune.cpp.
set(TUNE_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-tune)
file(MAKE_DIRECTORY ${TUNE_DIR})
file(WRITE ${TUNE_DIR}/bad.weights.toml "variant = \"standard\"\nrules_hash = \"0000000000000000\"\n[pieces]\nrta = 1\n")

jungle_cli_test(tune_needs_variant 1 "^$" "^error: tune: --variant is required\n$" tune --selfplay 2)
jungle_cli_test(tune_needs_games 1 "^$" "^error: tune: give --games FILE... or --selfplay N [(]or both[)]\n$" tune --variant standard)
jungle_cli_test(tune_bad_table 1 "^$" "^error: tune: --tune: unknown table \"kings\"[^\n]*\n$"
  tune --variant standard --selfplay 2 --tune pieces,kings)
jungle_cli_test(tune_bad_start_file 1 "^$"
  "^error: tune: --start: [^\n]*bad.weights.toml:4:1: unknown key \"rta\" in [[]pieces[]] [(]it has rat, cat, [^\n]*\n$"
  tune --variant standard --selfplay 2 --start ${TUNE_DIR}/bad.weights.toml)
jungle_cli_test(tune_bad_player_weights 1 "^$"
  "^error: tournament: --players: bad player spec [^\n]*bad.weights.toml:4:1: unknown key \"rta\"[^\n]*\n$"
  tournament --players alphabeta:depth=1,weights=${TUNE_DIR}/bad.weights.toml --out ${TUNE_DIR}/never)
# The study report's section: a row per variant, tuned values with the untuned (from the rules) in brackets.
jungle_cli_test(tune_table 0 "^\n## Piece values\n\n[^|]*[|] variant +[|] weights +[|] +rat [|][^\n]*\n[|]:-+[|][^\n]*\n[|] jungla +[|] tuned +[|] +[0-9]+ [(]280[)] [|]" "^$"
  tune --table --weights-dir data/tuned-weights)

# Four greedy self-play games, the piece values tuned on them, the file read back by a player;
# then the same file refused in a variant with other rules.
add_test(NAME cli.tune_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${TUNE_DIR}/selfplay)
jungle_cli_test(tune_selfplay 0 "\n[|] weight [|] start [|] tuned [|]\n.*\nWeights: [^\n]*w.toml\n$" "Tuning standard on [0-9]+ quiescence-leaf positions from 4 games"
  tune --variant standard --selfplay 4 --player greedy --dir ${TUNE_DIR}/selfplay --tune pieces --threads 1
       --out ${TUNE_DIR}/selfplay/w.toml)
jungle_cli_test(tune_quiet_positions 0 "Weights: [^\n]*quiet.toml\n$" "Tuning standard on [0-9]+ quiet positions from 4 games"
  tune --variant standard --games ${TUNE_DIR}/selfplay/games.jsonl --positions quiet --tune pieces --threads 1
       --out ${TUNE_DIR}/selfplay/quiet.toml)
jungle_cli_test(tune_weights_played 0 "2 games" ""
  tournament --players alphabeta:depth=1,weights=${TUNE_DIR}/selfplay/w.toml --games 2 --threads 1 --out ${TUNE_DIR}/selfplay/played)
jungle_cli_test(tune_weights_other_rules 1 "^$"
  "^error: tournament: --players: [^\n]*w.toml:3:1: the weights were tuned for the rules of standard [(]rules hash [0-9a-f]+[)], not for those of ludii[^\n]*\n$"
  tournament --variants ludii --players alphabeta:depth=1,weights=${TUNE_DIR}/selfplay/w.toml --out ${TUNE_DIR}/selfplay/never)
set_tests_properties(cli.tune_clean cli.tune_selfplay PROPERTIES FIXTURES_SETUP cli_tune)
set_tests_properties(cli.tune_quiet_positions cli.tune_weights_played cli.tune_weights_other_rules PROPERTIES FIXTURES_REQUIRED cli_tune)
set_tests_properties(cli.tune_selfplay PROPERTIES DEPENDS cli.tune_clean)

# An --out that cannot be written is refused before any game is played or fitted: standard error
# holds the one line and nothing else (no "Self-play:" or "Tuning" line came before it).
jungle_cli_test(tune_out_under_a_file 1 "^$" "^error: tune: --out: cannot write [(]Not a directory[)] /etc/passwd/w.toml\n$"
  tune --variant standard --selfplay 4 --player greedy --dir ${TUNE_DIR}/never --out /etc/passwd/w.toml)
