# A game whose players are not the run's does not replay (results/replay_check.h). random
# against greedy, 4 games on one thread, so written in index order: line 2 is game 1, greedy
# (white) against random (black), the second colour of the first opening. One bit of its black
# flipped ('r' 0x72 to 'b' 0x62) makes bandom, whom run.json's players (random, greedy) do not
# include: stats leaves it out and names it (3 games, 2 players), export, tune and a resume
# refuse the file naming its line. Without its run.json the file is hand-made, and bandom a
# third player, as before.
set(RUN_PLAYERS_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-run-players)
set(RUN_PLAYERS_GAMES ${RUN_PLAYERS_DIR}/games.jsonl)
set(RUN_PLAYERS_TOURNAMENT tournament --players random,greedy --games 4 --seed 5 --threads 1 --out ${RUN_PLAYERS_DIR})
set(RUN_PLAYERS_WHY "game 1: player \"bandom\" is not one of the run's players \\(random, greedy\\)")
add_test(NAME cli.run_players_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${RUN_PLAYERS_DIR} ${RUN_PLAYERS_DIR}-plain)
jungle_cli_test(run_players_tournament 0 "" "" ${RUN_PLAYERS_TOURNAMENT})
add_test(NAME cli.run_players_rename COMMAND ${CMAKE_COMMAND} -DFILE=${RUN_PLAYERS_GAMES} -DLINE=2 -DFROM=random
         -DTO=bandom -P ${CMAKE_SOURCE_DIR}/tests/rename_player.cmake)
add_test(NAME cli.run_players_plain_copy COMMAND ${CMAKE_COMMAND} -E copy ${RUN_PLAYERS_GAMES}
         ${RUN_PLAYERS_DIR}-plain/games.jsonl)
set_tests_properties(cli.run_players_clean PROPERTIES FIXTURES_SETUP cli_run_players_clean)
set_tests_properties(cli.run_players_tournament PROPERTIES FIXTURES_REQUIRED cli_run_players_clean
                     FIXTURES_SETUP cli_run_players_played)
set_tests_properties(cli.run_players_rename PROPERTIES FIXTURES_REQUIRED cli_run_players_played
                     FIXTURES_SETUP cli_run_players_renamed)
set_tests_properties(cli.run_players_plain_copy PROPERTIES FIXTURES_REQUIRED "cli_run_players_played;cli_run_players_renamed"
                     FIXTURES_SETUP cli_run_players_plain)

jungle_cli_test(run_players_stats_leaves_out 0
  "^# Jungle results\n\n3 games, 1 variant, 2 players \\(random,[ \n]greedy\\);[ \n].*\\.[ \n]1[ \n]game[ \n]left[ \n]out,[ \n]as[ \n]it[ \n]does[ \n]not[ \n]replay.*## Games left out\n.*\\| [^\n]*cli-run-players/games\\.jsonl:2: ${RUN_PLAYERS_WHY} +\\|\n"
  "^warning: 1 game left out, as it does not replay; the report names it \\(Games left out\\)\n$"
  stats ${RUN_PLAYERS_DIR})
jungle_cli_test(run_players_export_refuses 1 "^$"
  "^[^\n]*cli-run-players/games\\.jsonl:2: ${RUN_PLAYERS_WHY}\n$"
  export --pgn ${RUN_PLAYERS_GAMES})
jungle_cli_test(run_players_tune_refuses 1 "^$"
  "^error: tune: --games: [^\n]*cli-run-players/games\\.jsonl:2: ${RUN_PLAYERS_WHY}\n$"
  tune --variant standard --games ${RUN_PLAYERS_GAMES})
jungle_cli_test(run_players_resume_refuses 1 ""
  "(^|\n)[^\n]*cli-run-players/games\\.jsonl:2: ${RUN_PLAYERS_WHY}\n$"
  ${RUN_PLAYERS_TOURNAMENT})
set_tests_properties(cli.run_players_stats_leaves_out cli.run_players_export_refuses cli.run_players_tune_refuses
                     cli.run_players_resume_refuses
                     PROPERTIES FIXTURES_REQUIRED "cli_run_players_played;cli_run_players_renamed")
# Without run.json: four games, bandom the third player.
jungle_cli_test(run_players_plain_file_keeps 0 "^# Jungle results\n\n4 games, 1 variant, 3 players " "^$"
  stats ${RUN_PLAYERS_DIR}-plain/games.jsonl)
set_tests_properties(cli.run_players_plain_file_keeps PROPERTIES
                     FIXTURES_REQUIRED "cli_run_players_played;cli_run_players_renamed;cli_run_players_plain")
