# `jungle engine-check`: the built-in engine passes every step; each fault of the misbehaving
# engine (tests/tools/bad_engine.cpp) fails the step it belongs to, with exit 1, and the check
# ends however the engine behaves. The bad engine faults at its 2nd `go` after ucinewgame, which
# is the step `go nodes 1000`. Short timeouts keep the file to a few seconds.
set(BAD_ENGINE $<TARGET_FILE:bad_engine>)
function(engine_check_test name exit_code stdout_regex)
  jungle_cli_test(engine_check_${name} ${exit_code} "${stdout_regex}" "^$" engine-check ${ARGN})
endfunction()

# Every step of the protocol, the variant options included, and nothing else printed.
engine_check_test(builtin 0
  "^pass uci: id name jungle [^\n]*, 8 options\npass option lines: Hash [(]spin[)], UCI_Variant [(]combo[)][^\n]*\npass isready: [^\n]*\npass setoption UCI_Variant standard: [^\n]*\npass setoption VariantPath [^\n]*standard.toml: variant standard chosen; [^\n]*\npass ucinewgame: [^\n]*\npass go depth 3: position startpos: bestmove [a-g][1-9][a-g][1-9] [^\n]*\npass go nodes 1000: position startpos moves [^\n]*\npass go movetime 100: position fen [^\n]*\npass go wtime 2000 btime 2000 winc 100 binc 100: position fen [^\n]* moves [^\n]*\npass go wtime 3000 btime 3000 movestogo 20: [^\n]*\npass go infinite then stop: bestmove [a-g][1-9][a-g][1-9] [0-9]+ ms after stop\npass stop during go movetime 3600000: bestmove [^\n]* after stop\npass quit: exited in [0-9]+ ms\n14 passed, 0 failed, 0 skipped\n$"
  --timeout 3000 -- $<TARGET_FILE:jungle> engine)
# Another variant, and a rules file of one's own, are what the moves are judged by.
engine_check_test(builtin_rules_file 0
  "pass setoption UCI_Variant ludii: [^\n]*\npass setoption VariantPath [^\n]*elephant-takes-rat.toml: variant elephant-takes-rat chosen;.*14 passed, 0 failed"
  --variant ludii --rules data/reference/rules/elephant-takes-rat.toml -- $<TARGET_FILE:jungle> engine)

# An engine without the variant options is told so, and passes.
engine_check_test(bad_engine_good 0
  "pass option lines: none declared\n[^\n]*\nskip setoption UCI_Variant standard: the engine declares no UCI_Variant option\nskip setoption VariantPath [^\n]*: the engine declares no VariantPath option\n.*12 passed, 0 failed, 2 skipped\n$"
  --timeout 500 -- ${BAD_ENGINE} good)

# Wrong answers: the step fails, and the check goes on.
engine_check_test(illegal 1
  "\npass go depth 3: [^\n]*\nFAIL go nodes 1000: bestmove [a-g][1-9][a-g][1-9] is not legal in [^\n]* w\npass go movetime 100: .*11 passed, 1 failed, 2 skipped"
  --timeout 500 -- ${BAD_ENGINE} illegal)
engine_check_test(garbage 1 "\nFAIL go nodes 1000: bestmove \"banana\" is not legal in [^\n]*\npass go movetime 100: .*11 passed, 1 failed, 2 skipped"
  --timeout 500 -- ${BAD_ENGINE} garbage)
engine_check_test(oddinfo 1
  "\nFAIL go depth 3: \"info depth -1 score cp 5000000 nodes -5\": depth \"-1\" is not a whole number of at least 0\n"
  --timeout 500 -- ${BAD_ENGINE} oddinfo)
# The first move of the starting position is legal; the same move again is not, its square empty.
engine_check_test(badpv 1
  "\nFAIL go depth 3: \"info depth 1 score cp 0 nodes 1 pv ([a-g][1-9][a-g][1-9]) [a-g][1-9][a-g][1-9]\": pv move 2 \"[a-g][1-9][a-g][1-9]\" is not legal in [^\n]* b\n"
  --timeout 500 -- ${BAD_ENGINE} badpv)
engine_check_test(badoption 1
  "\nFAIL option lines: \"option name Hash type spin default 100 min 1 max 64\": default 100 is not within min 1 and max 64\n.*11 passed, 1 failed, 2 skipped"
  --timeout 500 -- ${BAD_ENGINE} badoption)
engine_check_test(early 1 "\nFAIL go infinite then stop: bestmove before stop [(]go infinite searches until stop[)]\n.*11 passed, 1 failed, 2 skipped"
  --timeout 500 -- ${BAD_ENGINE} early)

# Late answers: the step fails; an engine that answers isready after it goes on being checked.
engine_check_test(nostop 1
  "\nFAIL go infinite then stop: no bestmove within 500 ms of stop\npass stop during [^\n]*\npass quit: [^\n]*\n11 passed, 1 failed, 2 skipped\n$"
  --timeout 500 -- ${BAD_ENGINE} nostop)
engine_check_test(slow 1 "\nFAIL go nodes 1000: no bestmove within 1500 ms\npass go movetime 100: .*11 passed, 1 failed, 2 skipped"
  --timeout 1500 -- ${BAD_ENGINE} slow)
engine_check_test(noquit 1 "\nFAIL quit: still running 500 ms after quit [(]killed[)]\n11 passed, 1 failed, 2 skipped"
  --timeout 500 -- ${BAD_ENGINE} noquit)

# An engine that stops answering, or dies, ends the check with one line for the steps not run.
engine_check_test(hang 1
  "\nFAIL go nodes 1000: no bestmove within 500 ms\nFAIL remaining steps: not run, the engine answered no isready within 500 ms after go nodes 1000: go movetime 100, [^\n]*, quit\n5 passed, 2 failed, 2 skipped\n$"
  --timeout 500 -- ${BAD_ENGINE} hang)
engine_check_test(crash 1
  "\nFAIL go nodes 1000: the engine has exited; it exited with status 3\nFAIL remaining steps: not run, the engine is not running: go movetime 100, [^\n]*, quit\n5 passed, 2 failed, 2 skipped\n$"
  --timeout 500 -- ${BAD_ENGINE} crash)
engine_check_test(nouciok 1 "^FAIL uci: no uciok within 500 ms of uci\nFAIL remaining steps: not run, the engine answered no isready within 500 ms after uci: option lines, isready, [^\n]*\n0 passed, 2 failed, 0 skipped\n$"
  --timeout 500 -- ${BAD_ENGINE} nouciok)
engine_check_test(noreadyok 1 "\nFAIL isready: no readyok within 500 ms\nFAIL remaining steps: not run, [^\n]*: setoption UCI_Variant standard, [^\n]*\n2 passed, 2 failed, 0 skipped\n$"
  --timeout 500 -- ${BAD_ENGINE} noreadyok)
# Standard error is not checked here: under AddressSanitizer (CI) the child that fails to exec
# prints the sanitizer's warning about its stack there.
jungle_cli_test(engine_check_no_such_program 1 "^FAIL uci: cannot run /nonexistent/engine: No such file or directory\nFAIL remaining steps: not run, the engine is not running: option lines, [^\n]*\n0 passed, 2 failed, 0 skipped\n$" ""
  engine-check --timeout 500 -- /nonexistent/engine)

# Bad input: one line on standard error, exit 1.
jungle_cli_test(engine_check_no_command 1 "^$" "^error: engine-check: COMMAND is required: the engine and its arguments, after --\n$" engine-check --timeout 500)
jungle_cli_test(engine_check_unknown_variant 1 "^$" "^error: engine-check: --variant: \"nosuch\" is not a bundled variant [(][^\n]*\n$"
  engine-check --variant nosuch -- ${BAD_ENGINE} good)
jungle_cli_test(engine_check_bad_timeout 1 "^$" "^error: engine-check: --timeout must be a whole number from 1 to 3600000, not \"0\"\n$" engine-check --timeout 0 -- ${BAD_ENGINE} good)
