# A failure reads the same in every command that plays games (cli/command.h,
# run_reporting_failures): after a run of each, a garbled line appended to the games.jsonl that a
# rerun resumes from is its last line on standard error, FILE:LINE: message, and exit 1, from
# tournament, ladder, study and tune --selfplay alike.
set(FAILURES_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-failures)
set(FAILURES_GARBLE ${CMAKE_CURRENT_BINARY_DIR}/cli-failures-garble.cmake)
file(WRITE ${FAILURES_GARBLE} "file(APPEND \${FILE} \"{\\\"index\\\": 2, oops\\n\")\n")
add_test(NAME cli.failures_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${FAILURES_DIR})
set_tests_properties(cli.failures_clean PROPERTIES FIXTURES_SETUP cli_failures)

set(FAILURES_tournament tournament --players random --games 2 --threads 1 --out ${FAILURES_DIR}/tournament)
set(FAILURES_ladder ladder --levels depth=1..1 --variants standard --games 2 --threads 1 --out ${FAILURES_DIR}/ladder)
set(FAILURES_study study --games 2 --depth 1 --player random --threads 1 --out ${FAILURES_DIR}/study)
set(FAILURES_tune tune --variant standard --selfplay 2 --player random --tune pieces --threads 1
                       --dir ${FAILURES_DIR}/tune --out ${FAILURES_DIR}/tune.weights.toml)
set(FAILURES_GAMES_tournament ${FAILURES_DIR}/tournament/games.jsonl)
set(FAILURES_GAMES_ladder ${FAILURES_DIR}/ladder/selfplay-depth=1/games.jsonl)
set(FAILURES_GAMES_study ${FAILURES_DIR}/study/games.jsonl)
set(FAILURES_GAMES_tune ${FAILURES_DIR}/tune/games.jsonl)
foreach(command tournament ladder study tune)
  jungle_cli_test(failures_${command}_runs 0 "" "" ${FAILURES_${command}})
  add_test(NAME cli.failures_${command}_garble COMMAND ${CMAKE_COMMAND} -DFILE=${FAILURES_GAMES_${command}}
           -P ${FAILURES_GARBLE})
  set_tests_properties(cli.failures_${command}_runs cli.failures_${command}_garble PROPERTIES FIXTURES_SETUP cli_failures)
  set_tests_properties(cli.failures_${command}_runs PROPERTIES DEPENDS cli.failures_clean)
  set_tests_properties(cli.failures_${command}_garble PROPERTIES DEPENDS cli.failures_${command}_runs)
  jungle_cli_test(failures_${command}_garbled_line 1 "" "(^|\n)/[^\n]*cli-failures/${command}/[^\n]*games.jsonl:[0-9]+: bad JSON[^\n]*\n$"
    ${FAILURES_${command}})
  set_tests_properties(cli.failures_${command}_garbled_line PROPERTIES FIXTURES_REQUIRED cli_failures)
endforeach()
