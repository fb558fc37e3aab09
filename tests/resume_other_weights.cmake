# A tournament into a fresh folder with FIRST as reweighed.weights.toml, then resumed with SECOND:
# the second run must fail, naming the variant and both digests, and leave the games alone.
file(REMOVE_RECURSE ${DIR}/reweighed-out)
file(WRITE ${DIR}/reweighed.weights.toml "${FIRST}")
execute_process(COMMAND ${JUNGLE} tournament --variants ${DIR}/reweighed.toml --players alphabeta:depth=1 --games 2
                        --threads 1 --out ${DIR}/reweighed-out RESULT_VARIABLE first OUTPUT_QUIET ERROR_QUIET)
if(NOT first EQUAL 0)
  message(FATAL_ERROR "the first run failed: ${first}")
endif()
file(READ ${DIR}/reweighed-out/games.jsonl games_before)
file(WRITE ${DIR}/reweighed.weights.toml "${SECOND}")
execute_process(COMMAND ${JUNGLE} tournament --variants ${DIR}/reweighed.toml --players alphabeta:depth=1 --games 4
                        --threads 1 --out ${DIR}/reweighed-out RESULT_VARIABLE second OUTPUT_QUIET ERROR_VARIABLE err)
if(second EQUAL 0 OR NOT err MATCHES "holds games played with other default weights for reweighed \\(reweighed\\.weights\\.toml with digest [0-9a-f]+; now reweighed\\.weights\\.toml with digest [0-9a-f]+\\)")
  message(FATAL_ERROR "the resumed run with other weights was not refused: ${second}\n${err}")
endif()
file(READ ${DIR}/reweighed-out/games.jsonl games_after)
if(NOT games_before STREQUAL games_after)
  message(FATAL_ERROR "the refused run changed the games")
endif()
