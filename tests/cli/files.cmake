# Files written whole and checked before the work that fills them; files read with bounds.
# The writer and the readers themselves: tests/test_support.cpp (Files.*).
set(FILES_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-files)
file(MAKE_DIRECTORY ${FILES_DIR})
set(FILES_GAME "{\"index\":0,\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"random\",\"black\":\"greedy\",\"seed\":1,\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"den\",\"plies\":1}")
file(WRITE ${FILES_DIR}/games.jsonl "${FILES_GAME}\n")

# Outputs under a regular file (tests run as root, so a read-only folder would not do): refused
# first, with nothing on standard output, before any game is read or table built.
jungle_cli_test(files_export_out_unwritable 1 "^$" "^error: export: --out: cannot write [(]Not a directory[)] /etc/passwd/x.pgn\n$"
  export --pgn ${FILES_DIR}/games.jsonl --out /etc/passwd/x.pgn)
jungle_cli_test(files_stats_out_unwritable 1 "^$" "^error: stats: --out: cannot write [(][^\n]*[)] /etc/passwd/report\n$"
  stats ${FILES_DIR}/games.jsonl --out /etc/passwd/report)
jungle_cli_test(files_tablebase_html_unwritable 1 "^$" "^error: tablebase compare: --html: cannot write [(]Not a directory[)] /etc/passwd/x.html\n$"
  tablebase compare --variants standard,ludii --pieces 2 --dir ${FILES_DIR}/tables --html /etc/passwd/x.html)

# Readers bound every line (1 MiB): a 2 MiB line without a newline, and /dev/zero (no newline and
# no end), are refused in one line naming the file and the line, never read until memory runs out.
string(REPEAT "x" 2097152 FILES_LONG_LINE)
file(WRITE ${FILES_DIR}/long.jsonl "${FILES_LONG_LINE}")
file(WRITE ${FILES_DIR}/long-second.jsonl "${FILES_GAME}\n${FILES_LONG_LINE}")
jungle_cli_test(files_games_long_line 1 "^$" "^[^\n]*cli-files/long.jsonl:1: line longer than 1 MiB\n$"
  stats ${FILES_DIR}/long.jsonl)
jungle_cli_test(files_games_long_second_line 1 "^$" "^[^\n]*cli-files/long-second.jsonl:2: line longer than 1 MiB\n$"
  stats ${FILES_DIR}/long-second.jsonl)
jungle_cli_test(files_games_dev_zero 1 "^$" "^/dev/zero:1: line longer than 1 MiB\n$"
  stats /dev/zero)
jungle_cli_test(files_export_dev_zero 1 "^$" "^/dev/zero:1: line longer than 1 MiB\n$"
  export --pgn /dev/zero)
jungle_cli_test(files_tune_games_dev_zero 1 "^$" "^error: tune: --games: /dev/zero:1: line longer than 1 MiB\n$"
  tune --variant standard --games /dev/zero)
jungle_cli_test(files_openings_long_line 1 "^$"
  "^error: tournament: --openings: [^\n]*cli-files/long.jsonl:1: line longer than 1 MiB\n$"
  tournament --players random --openings file=${FILES_DIR}/long.jsonl,format=moves --out ${FILES_DIR}/never)
jungle_cli_test(files_openings_dev_zero 1 "^$" "^error: tournament: --openings: /dev/zero:1: line longer than 1 MiB\n$"
  tournament --players random --openings file=/dev/zero,format=moves --out ${FILES_DIR}/never)
