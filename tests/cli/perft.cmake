set(REF ${CMAKE_SOURCE_DIR}/data/reference)

# Published counts (issue 2): standard from the start, depth 4 is 260099.
jungle_cli_test(perft_standard_d4 0 "^Nodes searched: 260099\n$" "nodes/s"
  perft --variant ${REF}/rules/standard.toml --depth 4)
# Divide: one "MOVE: COUNT" line per root move, sorted, a blank line, then the total.
# Depth 1 from the start: 24 moves, each with one leaf.
jungle_cli_test(perft_divide_format 0 "^a1a2: 1\na1b1: 1\n(.*: 1\n)+\nNodes searched: 24\n$" ""
  perft --variant ${REF}/rules/standard.toml --depth 1 --divide)
jungle_cli_test(perft_suite_passes 0 "42 positions|41 positions, 0 mismatches" ""
  perft --variant ${REF}/rules/elephant-takes-rat.toml --suite ${REF}/perft/elephant-takes-rat.epd --depth 3)
# A suite names its rules ("# rules: ../rules/jumpers.toml"): checked under them without --variant.
jungle_cli_test(perft_suite_names_its_rules 0 "\n41 positions, 0 mismatches\n$" ""
  perft --suite ${REF}/perft/jumpers.epd --depth 3)
# Its counts are for those rules: --variant naming others is refused in one line, naming both.
jungle_cli_test(perft_suite_other_variant 1 "^$"
  "^error: perft: ${REF}/perft/standard.epd is a suite for 'standard', not 'any-trap'; drop --variant or give the suite's rules\n$"
  perft --variant ${REF}/rules/any-trap.toml --suite ${REF}/perft/standard.epd --depth 3)
# A suite that names no rules is checked under --variant: the standard suite under other rules
# fails, naming the position and depth.
file(READ ${REF}/perft/standard.epd STANDARD_SUITE_TEXT)
string(REGEX REPLACE "^# rules: [^\n]*\n" "" STANDARD_SUITE_TEXT "${STANDARD_SUITE_TEXT}")
set(NAMELESS_SUITE ${CMAKE_CURRENT_BINARY_DIR}/standard-without-rules.epd)
file(WRITE ${NAMELESS_SUITE} "${STANDARD_SUITE_TEXT}")
jungle_cli_test(perft_suite_mismatch 1 "FAIL .*standard-without-rules.epd:[0-9]+ .* depth [0-9]: expected [0-9]+, counted [0-9]+" ""
  perft --variant ${REF}/rules/any-trap.toml --suite ${NAMELESS_SUITE} --depth 3)
# Rules that do not load, or named twice, are the suite's mistake, said with its line.
set(NOSUCH_RULES_SUITE ${CMAKE_CURRENT_BINARY_DIR}/nosuch-rules-suite.epd)
file(WRITE ${NOSUCH_RULES_SUITE} "# a suite\n# rules: nosuch.toml\n3R3/7/7/7/7/7/7/7/6r b ;D1 0\n")
jungle_cli_test(perft_suite_rules_missing 1 "^$"
  "^error: perft: ${NOSUCH_RULES_SUITE}:2: rules \"nosuch.toml\": [^\n]*nosuch.toml[^\n]*\n$"
  perft --suite ${NOSUCH_RULES_SUITE})
set(EMPTY_RULES_SUITE ${CMAKE_CURRENT_BINARY_DIR}/empty-rules-suite.epd)
file(WRITE ${EMPTY_RULES_SUITE} "#rules:\n3R3/7/7/7/7/7/7/7/6r b ;D1 0\n")
jungle_cli_test(perft_suite_rules_empty 1 "^$"
  "^error: perft: ${EMPTY_RULES_SUITE}:1: \"# rules:\" names no rules; expected a bundled variant or a .toml file\n$"
  perft --suite ${EMPTY_RULES_SUITE})
set(TWICE_RULES_SUITE ${CMAKE_CURRENT_BINARY_DIR}/twice-rules-suite.epd)
file(WRITE ${TWICE_RULES_SUITE} "# rules: standard\n# rules: ludii\n3R3/7/7/7/7/7/7/7/6r b ;D1 0\n")
jungle_cli_test(perft_suite_rules_twice 1 "^$"
  "^error: perft: ${TWICE_RULES_SUITE}:2: a second rules line; line 1 named the rules already\n$"
  perft --suite ${TWICE_RULES_SUITE})
jungle_cli_test(perft_bad_fen 1 "^$" "^error: perft: --fen: bad position .*rank 9 is longer than 7 files at character 4.*\n$"
  perft --depth 1 --fen "l5t1/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w")
jungle_cli_test(perft_fen_breaks_terrain 1 "^$" "^error: perft: --fen: .*lion on b4 stands in water.*\n$"
  perft --depth 1 --fen "7/7/7/7/7/1L5/7/7/7 w")
jungle_cli_test(perft_unknown_variant 1 "^$" "nosuch.*\n$"
  perft --variant nosuch --depth 1)
jungle_cli_test(perft_needs_depth 1 "^$" "--depth"
  perft --variant standard)
jungle_cli_test(perft_bad_depth_argument 1 "" "--depth"
  perft --depth many)

# --hash beyond the machine: 1048576 MB (a terabyte, the most accepted) is cut to what half of
# the memory holds, with one warning, and the count is still the reference count.
jungle_cli_test(perft_hash_beyond_memory 0 "^Nodes searched: 12240\n$"
  "^warning: --hash 1048576 MB is more than [0-9]+ MB, half of this machine's memory; using [0-9]+ MB\nTime: "
  perft --depth 3 --hash 1048576)
jungle_cli_test(perft_hash_beyond_memory_divide 0 "^a1a2: 1\n(.*: 1\n)+\nNodes searched: 24\n$" "^warning: --hash 1048576 MB "
  perft --depth 1 --divide --hash 1048576)
# Under an address-space limit of 1,000,000 KB the system refuses 2048 and 1024 MB; the table
# halves to 512 MB. (Not under the sanitizers, which reserve terabytes of address space.)
if(NOT JUNGLE_SANITIZE)
  add_test(NAME cli.perft_hash_halves_when_refused
    COMMAND ${CMAKE_COMMAND} -DJUNGLE=/bin/sh
            "-DARGS=-c|ulimit -v 1000000 && exec $<TARGET_FILE:jungle> perft --depth 2 --hash 2048"
            -DEXPECT_EXIT=0 "-DEXPECT_STDOUT=^Nodes searched: 576\n$"
            "-DEXPECT_STDERR=warning: --hash 2048 MB could not be allocated; using 512 MB\n"
            -P ${CMAKE_SOURCE_DIR}/tests/expect_cli.cmake)
endif()

# Depth limits: beyond 10 plies only with --force, beyond 15 never. White's rat on Black's den
# has finished the game, so its count is 0 at any depth and takes no time even at 12.
set(FINISHED "3R3/7/7/7/7/7/7/7/6r b")
jungle_cli_test(perft_depth_64 1 "^$" "^error: perft: --depth 64 is beyond 15 plies, more than perft counts even with --force\n$"
  perft --depth 64)
jungle_cli_test(perft_depth_16_forced 1 "^$" "^error: perft: --depth 16 is beyond 15 plies, more than perft counts even with --force\n$"
  perft --depth 16 --force)
jungle_cli_test(perft_depth_11 1 "^$" "^error: perft: --depth 11 is beyond 10 plies, which can take days; add --force to count it\n$"
  perft --depth 11)
jungle_cli_test(perft_depth_12_forced 0 "^Nodes searched: 0\n$" ""
  perft --depth 12 --force --fen ${FINISHED})
jungle_cli_test(perft_depth_negative 1 "^$" "^error: perft: --depth"
  perft --depth -1)
jungle_cli_test(perftree_depth_12 1 "^$" "^error: perft: --perftree: depth 12 is beyond 10 plies, which can take days; add --force to count it\n$"
  perft --perftree 12 ${FINISHED})
jungle_cli_test(perftree_depth_12_forced 0 "^\n0\n$" "^$"
  perft --force --perftree 12 ${FINISHED})
jungle_cli_test(perftree_depth_not_a_number 1 "^$" "^error: perft: --perftree: depth '1x' is not a number from 0 to 15\n$"
  perft --perftree 1x ${FINISHED})
jungle_cli_test(perft_table_depth_11 1 "^$" "^error: perft-table: --depth 11 is beyond 10 plies, which can take days; add --force to count it\n$"
  perft-table --depth 11)

# Suite lines are held to the same limits, all of them before anything is counted.
set(DEEP_SUITE ${CMAKE_CURRENT_BINARY_DIR}/deep-suite.epd)
file(WRITE ${DEEP_SUITE} "# deep lines\n${FINISHED} ;D1 0 ;D12 0\n${FINISHED} ;D99 25\n")
jungle_cli_test(perft_suite_depth_12 1 "^$" "^error: perft: ${DEEP_SUITE}:2: depth 12 is beyond 10 plies, which can take days; add --force to count it\n$"
  perft --suite ${DEEP_SUITE})
jungle_cli_test(perft_suite_depth_99_forced 1 "^$" "^error: perft: ${DEEP_SUITE}:3: depth 99 is beyond 15 plies, more than perft counts even with --force\n$"
  perft --suite ${DEEP_SUITE} --force)
# --depth 12 skips depth 99, so --force counts the rest.
jungle_cli_test(perft_suite_depth_12_forced 0 "^ok   .*deep-suite.epd:2 \"${FINISHED}\"\nok   .*deep-suite.epd:3 \"${FINISHED}\"\n2 positions, 0 mismatches\n$" ""
  perft --suite ${DEEP_SUITE} --force --depth 12)
jungle_cli_test(perft_suite_dev_zero 1 "^$" "^error: perft: /dev/zero:1: line longer than 4095 characters\n$"
  perft --suite /dev/zero)
# A bad position on line 2 is the suite's mistake, said before line 1 is counted: nothing is printed
# as "ok" first.
set(BAD_POSITION_SUITE ${CMAKE_CURRENT_BINARY_DIR}/bad-position-suite.epd)
file(WRITE ${BAD_POSITION_SUITE} "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w ;D1 24\nl5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5 w ;D1 24\n")
jungle_cli_test(perft_suite_bad_position_first 1 "^$"
  "^error: perft: ${BAD_POSITION_SUITE}:2: bad position \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5 w\": rank 1 has 6 files, expected 7\n$"
  perft --suite ${BAD_POSITION_SUITE})
