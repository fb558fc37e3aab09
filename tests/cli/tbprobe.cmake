# Tables in play: --tb-adjudicate ends a tournament's game at its first table position, with the
# table's result and end reason tablebase, recorded in run.json and shown in the report. The
# tables are built first (T/cr of standard, with T/c and T/r: tournaments never build one); the
# tournament starts from four pieces, where greedy's tiger takes the dog: T/cr, black to move.
set(TBA_DIR ${CMAKE_BINARY_DIR}/cli-tb-adjudicate)
set(TBA_TABLES ${TBA_DIR}-tables)
set(TBA_EPD ${TBA_DIR}.epd)
file(WRITE ${TBA_EPD} "7/7/7/7/3T1rc/3d3/7/7/7 w ; the tiger takes the dog, then a table position\n")
add_test(NAME cli.tb_adjudicate_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${TBA_DIR} ${TBA_TABLES})
jungle_cli_test(tb_adjudicate_tables 0 "" "built T/cr"
  tablebase build --variant standard --material T/cr --dir ${TBA_TABLES} --threads 1)
# The table's value after d5d4, read apart from the tournament: black to move loses in 14, as the
# games' detail must say.
jungle_cli_test(tb_adjudicate_value 0 "^value: loss in 14\n" ""
  tablebase probe --variant standard --fen "7/7/7/7/5rc/3T3/7/7/7 b" --dir ${TBA_TABLES})
jungle_cli_test(tb_adjudicate_tournament 0
  "## End reasons.*\\| +tablebase \\|\n[^\n]*\n\\| standard +\\|[^\n]*\\| +2 \\(100(\\.0)?%\\) \\|.*\\| tablebase adjudication \\| ${TBA_TABLES}: standard 2 tables of 2 pieces, 1 of 3 pieces \\([^)]*/[0-9a-f]+\\) +\\|"
  "Played 2 games"
  tournament --players greedy --games 2 --openings file=${TBA_EPD},format=epd --tb-adjudicate ${TBA_TABLES}
             --threads 1 --out ${TBA_DIR})
add_test(NAME cli.tb_adjudicate_games COMMAND ${CMAKE_COMMAND} -DFILE=${TBA_DIR}/games.jsonl
  "-DEXPECT=^({[^\n]*\"moves\":\\[\"d5d4\"\\],\"result\":\"1-0\",\"reason\":\"tablebase\",\"plies\":1,[^\n]*\"detail\":\"T/cr: white wins in 14 plies\"}\n)+$"
  -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
add_test(NAME cli.tb_adjudicate_run_json COMMAND ${CMAKE_COMMAND} -DFILE=${TBA_DIR}/run.json
  "-DEXPECT=\"tb_adjudicate\": \"[^\"]*cli-tb-adjudicate-tables\".*\"tablebases\": {\n *\"standard\": {\n *\"folder\": \"[^\"]*\",\n *\"tables\": {\n *\"2\": 2,\n *\"3\": 1"
  -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
set_tests_properties(cli.tb_adjudicate_tables PROPERTIES DEPENDS cli.tb_adjudicate_clean)
set_tests_properties(cli.tb_adjudicate_value cli.tb_adjudicate_tournament PROPERTIES DEPENDS cli.tb_adjudicate_tables)
set_tests_properties(cli.tb_adjudicate_games cli.tb_adjudicate_run_json PROPERTIES DEPENDS cli.tb_adjudicate_tournament)
set_tests_properties(cli.tb_adjudicate_clean cli.tb_adjudicate_tables PROPERTIES FIXTURES_SETUP cli_tb_tables)
set_tests_properties(cli.tb_adjudicate_value cli.tb_adjudicate_tournament cli.tb_adjudicate_games
  cli.tb_adjudicate_run_json PROPERTIES FIXTURES_REQUIRED cli_tb_tables)

# Bad input: one line naming the option or the spec.
jungle_cli_test(tb_adjudicate_no_folder 1 "^$" "^error: tournament: --tb-adjudicate: no folder \"/no/such/tables\"[^\n]*\n$"
  tournament --players greedy --tb-adjudicate /no/such/tables --out ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-never)
jungle_cli_test(tablebases_spec_no_folder 1 "^$"
  "^error: tournament: --players: bad player spec [^\n]*tablebases must be auto or a folder that exists[^\n]*\n$"
  tournament --players alphabeta:depth=1,tablebases=/no/such/tables --out ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-never)
