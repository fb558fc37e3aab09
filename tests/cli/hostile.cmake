# Hostile input: every case a fuzzing campaign or a hostile command line found, each with the
# exit code and the one line it must get. Nothing here may crash (134), hang or go unnoticed.
set(HOSTILE ${CMAKE_CURRENT_BINARY_DIR}/cli-hostile)
file(MAKE_DIRECTORY ${HOSTILE})
set(GAME "{\"index\":0,\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"random\",\"black\":\"greedy\",\"seed\":1,\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"adjudication\",\"plies\":1}")

# Numbers nlohmann-json cannot hold: one line FILE:LINE, exit 1 (they aborted with out_of_range).
file(WRITE ${HOSTILE}/index-1e400.jsonl "${GAME}\n{\"index\":1e400}\n")
jungle_cli_test(hostile_stats_number_out_of_range 1 "^$" "^[^\n]*index-1e400.jsonl:2: bad JSON: number overflow[^\n]*\n$"
  stats ${HOSTILE}/index-1e400.jsonl)
file(WRITE ${HOSTILE}/bare-1e999.jsonl "1e999\n")
jungle_cli_test(hostile_stats_bare_number 1 "^$" "^[^\n]*bare-1e999.jsonl:1: bad JSON: number overflow[^\n]*\n$"
  stats ${HOSTILE}/bare-1e999.jsonl)

# A directory is not a results file (it read as 0 games, exit 0).
jungle_cli_test(hostile_stats_directory 1 "^$" "^[^\n]*cli-hostile: is a directory, not a results file\n$"
  stats ${HOSTILE})
# A last line without a newline: read when it is a whole record ...
file(WRITE ${HOSTILE}/no-final-newline.jsonl "${GAME}")
jungle_cli_test(hostile_stats_whole_last_line 0 "^# Jungle results\n\n1 game, 1 variant" "^$"
  stats ${HOSTILE}/no-final-newline.jsonl)
# ... else named in a warning with its line; with no games left that is an error, not a report.
string(ASCII 1 2 3 127 BINARY_BYTES)
file(WRITE ${HOSTILE}/binary.jsonl "${GAME}\n${BINARY_BYTES}")
jungle_cli_test(hostile_stats_cut_last_line 0 "1 game, 1 variant"
  "^warning: [^\n]*binary.jsonl:2: the last line has no newline and is not a complete record[^\n]*\n$"
  stats ${HOSTILE}/binary.jsonl)
file(WRITE ${HOSTILE}/binary-only.jsonl "${BINARY_BYTES}")
jungle_cli_test(hostile_stats_no_games 1 "^$" "^warning: [^\n]*binary-only.jsonl:1: [^\n]*\nerror: stats: no games in [^\n]*binary-only.jsonl\n$"
  stats ${HOSTILE}/binary-only.jsonl)

# Bounds that a numerical library cannot handle are refused before it is called.
file(WRITE ${HOSTILE}/one-game.jsonl "${GAME}\n")
jungle_cli_test(hostile_sprt_bounds 1 "^$" "^error: stats: --sprt: elo0 and elo1 must lie between -1000 and 1000\n$"
  stats ${HOSTILE}/one-game.jsonl --sprt -200000,0 --sprt-players random,greedy)
jungle_cli_test(hostile_sample_size_tiny 1 "^$" "^error: stats: --sample-size: the half-width must be at least 0.0001 and below 0.5\n$"
  stats --sample-size 1e-10)
jungle_cli_test(hostile_sample_size_elo_tiny 1 "^$" "^error: stats: --sample-size-elo: the half-width must be from 0.1 to 1000 Elo\n$"
  stats --sample-size-elo 1e-10)
jungle_cli_test(hostile_draw_rate_nan 1 "^$" "^error: stats: --draw-rate must be a number, not \"nan\"\n$"
  stats --sample-size 0.05 --draw-rate nan)

# A tournament too large to hold is refused before any work, and nothing is written.
jungle_cli_test(hostile_tournament_too_many_games 1 "^$"
  "^error: tournament: --games 1000000000: the tournament would have 1000000000 games, more than the 1000000 one run may have[^\n]*\n$"
  tournament --players random --games 1000000000 --out ${HOSTILE}/never)

# Both sides on the enemy den: no game reaches it. As --fen and as a variant's start.
jungle_cli_test(hostile_both_dens_fen 1 "^$" "^error: show: --fen: bad position \"3E3/7/7/7/7/7/7/7/3l3 b\": both sides stand on the enemy den[^\n]*\n$"
  show --fen "3E3/7/7/7/7/7/7/7/3l3 b")
file(WRITE ${HOSTILE}/both-dens.toml "name = \"both-dens\"\n\n[board]\nstart = \"3E3/7/7/7/7/7/7/7/3l3 b\"\n")
jungle_cli_test(hostile_both_dens_start 1 "^$" "^[^\n]*both-dens.toml:4:1: [^\n]*both sides stand on the enemy den[^\n]*\n$"
  check ${HOSTILE}/both-dens.toml)
# `show` says when the game is already over.
jungle_cli_test(show_says_decided 0 "\nDecided: 1-0 by den [(]the game is over; no moves[)]\n$" "^$"
  show --fen "3E3/7/7/7/7/7/7/7/2l4 b")
jungle_cli_test(show_start_not_decided 0 "First player [(]upper case[)] to move\n$" "^$"
  show)

# Long values are quoted in short: a 100,000-character player spec gives one short line.
string(REPEAT "x" 100000 LONG_NAME)
jungle_cli_test(hostile_long_value_excerpt 1 "^$" "^error: tournament: --players: [^\n]*\"xxxxxxxxxx[^\n]*[.][.][.] [(]100000 bytes[)][^\n]*\n$"
  tournament --players ${LONG_NAME} --out ${HOSTILE}/never)
string(REPEAT "k" 1000000 LONG_KEY)
file(WRITE ${HOSTILE}/long-key.toml "name = \"long-key\"\n${LONG_KEY} = 1\n")
jungle_cli_test(hostile_long_key_excerpt 1 "^$" "^[^\n]*long-key.toml:2:1: unknown key \"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk[.][.][.] [(]1000000 bytes[)]\"; expected one of: name, [^\n]*\n$"
  check ${HOSTILE}/long-key.toml)

# Exit codes: CLI11's own (104-106) are mapped onto the documented ones. Every command's
# argument error is 1, perft-diff's is 2 (1 there means "a difference"); --help is 0.
foreach(command variants check show perft perft-table tournament stats study ladder)
  jungle_cli_test(exit_code_unknown_option_${command} 1 "^$" "^error: [^\n]*\n$"
    ${command} --no-such-option)
  jungle_cli_test(exit_code_help_${command} 0 "Usage:|Options:" "^$" ${command} --help)
endforeach()
jungle_cli_test(exit_code_unknown_option_perft-diff 2 "^$" "^error: [^\n]*\n$"
  perft-diff --no-such-option)
jungle_cli_test(exit_code_bad_value_perft-diff 2 "^$" "^error: perft-diff: --depth must be a whole number of 1 or more, not \"x\"\n$"
  perft-diff --depth x --against true)
jungle_cli_test(exit_code_required_perft-diff 2 "^$" "^error: perft-diff: --against is required\n$"
  perft-diff --depth 1)
jungle_cli_test(exit_code_bad_value_perft 1 "^$" "^error: perft: --threads must be a whole number from 0 to 1024, not \"-5\"\n$"
  perft --depth 1 --threads -5)
jungle_cli_test(exit_code_required_tournament 1 "^$" "^error: tournament: --players is required\n$"
  tournament --out ${HOSTILE}/never)
jungle_cli_test(exit_code_no_command 1 "^$" "^error: no command given [(]commands: variants, check, show, [^\n]*; see jungle --help[)]\n$")
jungle_cli_test(exit_code_unknown_command 1 "^$" "^error: unknown command \"frobnicate\" [(]commands: variants, check, show, [^\n]*[)]\n$" frobnicate)
jungle_cli_test(exit_code_help 0 "Subcommands:" "^$" --help)

# CLI11's own wording comes out in the tool's one-line form, naming the argument.
jungle_cli_test(cli11_unexpected_argument 1 "^$" "^error: perft: unexpected argument \"extra\" \\(see jungle perft --help\\)\n$"
  perft --depth 1 extra)
jungle_cli_test(cli11_no_such_file 1 "^$" "^error: perft: --suite \"/nonexistent/suite.epd\" does not exist\n$"
  perft --suite /nonexistent/suite.epd)
jungle_cli_test(cli11_not_a_number 1 "^$" "^error: tournament: --games must be a whole number, not \"x\"\n$"
  tournament --players random --games x --out /nonexistent/out)
