# Files written whole and checked before the work that fills them; files read with bounds.
# The writer and the readers themselves: tests/test_support.cpp (Files.*).
set(FILES_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-files)
file(MAKE_DIRECTORY ${FILES_DIR})
set(FILES_GAME "{\"index\":0,\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"random\",\"black\":\"greedy\",\"seed\":1,\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"den\",\"plies\":1}")
file(WRITE ${FILES_DIR}/games.jsonl "${FILES_GAME}\n")

# Outputs under a regular file (tests run as root, so a read-only folder would not do): refused
# first, with nothing on standard output, before any game is read or table built.
jungle_cli_test(files_export_out_unwritable 1 "^$" "^error: --out: cannot write [(]Not a directory[)] /etc/passwd/x.pgn\n$"
  export --pgn ${FILES_DIR}/games.jsonl --out /etc/passwd/x.pgn)
jungle_cli_test(files_stats_out_unwritable 1 "^$" "^error: --out: cannot write [(][^\n]*[)] /etc/passwd/report\n$"
  stats ${FILES_DIR}/games.jsonl --out /etc/passwd/report)
jungle_cli_test(files_tablebase_html_unwritable 1 "^$" "^error: --html: cannot write [(]Not a directory[)] /etc/passwd/x.html\n$"
  tablebase compare --variants standard,ludii --pieces 2 --dir ${FILES_DIR}/tables --html /etc/passwd/x.html)
