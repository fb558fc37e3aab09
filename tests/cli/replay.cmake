# Games replayed when read (results/replay_check.h): a results file with one good game and three
# whose records their moves contradict. Worked out by hand, under standard's rules:
#   line 1, game 0: a3a4, then adjudicated 1-0: no rule ends the game there, so it replays.
#   line 2, game 1: from 7/3L3/7/7/7/7/7/7/l6 w the first player's lion steps d8d9 into the
#           second player's den: the mover wins, 1-0 by den; recorded 0-1.
#   line 3, game 2: a3a4 a4a5: a4 holds the first player's rat and the second player is to move,
#           so ply 2 is not legal.
#   line 4, game 3: a3a4 recorded as won by den: one rat step enters no den.
# stats leaves the three out and names them; export and tune refuse the file at its first bad line.
set(REPLAY_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-replay)
file(MAKE_DIRECTORY ${REPLAY_DIR})
set(REPLAY_FILE ${REPLAY_DIR}/games.jsonl)
set(REPLAY_COMMON "\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"random\",\"black\":\"greedy\",\"seed\":1,\"opening\":[]")
file(WRITE ${REPLAY_FILE}
  "{\"index\":0,${REPLAY_COMMON},\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"adjudication\",\"plies\":1}\n"
  "{\"index\":1,${REPLAY_COMMON},\"fen\":\"7/3L3/7/7/7/7/7/7/l6 w\",\"moves\":[\"d8d9\"],\"result\":\"0-1\",\"reason\":\"den\",\"plies\":1}\n"
  "{\"index\":2,${REPLAY_COMMON},\"moves\":[\"a3a4\",\"a4a5\"],\"result\":\"1-0\",\"reason\":\"adjudication\",\"plies\":2}\n"
  "{\"index\":3,${REPLAY_COMMON},\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"den\",\"plies\":1}\n")

# stats: one game counted, the three named in the report with FILE:LINE and why, and a warning. The
# prose is wrapped: a space in it may be a line break.
jungle_cli_test(replay_stats_leaves_out 0
  "^# Jungle results\n\n1 game, 1 variant, 2 players .*\\.[ \n]3[ \n]games[ \n]left[ \n]out,[ \n]as[ \n]they[ \n]do[ \n]not[ \n]replay[ \n]\\(see[ \n]Games[ \n]left[ \n]out\\):[ \n]every[ \n]count[ \n]here[ \n]is[ \n]of[ \n]the[ \n]games[ \n]kept\\.\n.*## Games left out\n\n.*every[ \n]figure[ \n]is[ \n]of[ \n]the[ \n]1[ \n]games[ \n]kept\\.\n\n[^\n]*\n[^\n]*\n\\| [^\n]*cli-replay/games\\.jsonl:2: game 1: the rules end the game 1-0 by den, the record says 0-1 by den +\\|\n\\| [^\n]*cli-replay/games\\.jsonl:3: game 2: ply 2 \\(a4a5\\): not a legal move in [^\n]*\n\\| [^\n]*cli-replay/games\\.jsonl:4: game 3: the game has not ended after its 1 plies +\\|\n"
  "^warning: 3 games left out, as they do not replay; the report names them \\(Games left out\\)\n$"
  stats ${REPLAY_FILE})
# export and tune: refused, the first bad game's file and line named, exit 1.
jungle_cli_test(replay_export_refuses 1 "^$"
  "^[^\n]*cli-replay/games\\.jsonl:2: game 1: the rules end the game 1-0 by den, the record says 0-1 by den \\(and 2 more games that do not replay\\)\n$"
  export --pgn ${REPLAY_FILE})
jungle_cli_test(replay_tune_refuses 1 "^$"
  "^error: tune: --games: [^\n]*cli-replay/games\\.jsonl:2: game 1: the rules end the game 1-0 by den, the record says 0-1 by den \\(and 2 more games that do not replay\\)\n$"
  tune --variant standard --games ${REPLAY_FILE})
