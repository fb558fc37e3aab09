# jungle perft-suite: a rules suite for a user's own variant. data/examples/my-rules.toml has the
# standard flips, 60 (8 ranks, 3 capture rules, 8 swimmers, 8 water_to_land, land_to_water, 16 jump
# axes, 2 other blockers, 2 trap rules, 8 den entries, 4 bugs); 7 of them no position can show
# (worked out in tests/test_rules_suite.cpp): water_to_land of the six middle kinds, since only
# the rat swims, and exceptions_outrank_traps, since both exceptions allow the capture and a
# weakened attacker keeps its rank.
set(MADE_SUITE ${CMAKE_CURRENT_BINARY_DIR}/perft-suite/my-rules.epd)
jungle_cli_test(perft_suite_my_rules 0
  "^${MADE_SUITE}: [0-9]+ positions show 53 of 60 rule flips within depth 3\nno position can show: \\(none\\)\nno candidate shows: captures.exceptions_outrank_traps water.water_to_land.cat water.water_to_land.dog water.water_to_land.wolf water.water_to_land.leopard water.water_to_land.tiger water.water_to_land.lion\n$"
  "^$"
  perft-suite --variant data/examples/my-rules.toml --output ${MADE_SUITE} --candidates 2000)
set_tests_properties(cli.perft_suite_my_rules PROPERTIES FIXTURES_SETUP perft_suite_my_rules)
# The suite names its rules by their path from its own folder, so that perft and perft-diff take
# them without --variant.
add_test(NAME cli.perft_suite_names_the_rules_file
  COMMAND ${CMAKE_COMMAND} -DFILE=${MADE_SUITE}
          "-DEXPECT=^# rules: (\\.\\./)+data/examples/my-rules.toml\n# Rules suite for the variant 'my-rules'"
          -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
jungle_cli_test(perft_suite_checks_without_variant 0 "^(ok   [^\n]*\n)+[0-9]+ positions, 0 mismatches\n$" "^$"
  perft --suite ${MADE_SUITE})
jungle_cli_test(perft_suite_refuses_other_rules 1 "^$"
  "^error: perft: ${MADE_SUITE} is a suite for 'my-rules', not 'standard'; drop --variant or give the suite's rules\n$"
  perft --variant standard --suite ${MADE_SUITE})
jungle_cli_test(perft_suite_diff_without_variant 0 "^${MADE_SUITE}: [0-9]+ positions at depth 3: [0-9]+ agree, 0 differ\n$" "^$"
  perft-diff --suite ${MADE_SUITE} --batch --against "$<TARGET_FILE:jungle> perft --batch --variant data/examples/my-rules.toml")
set_tests_properties(cli.perft_suite_names_the_rules_file cli.perft_suite_checks_without_variant
  cli.perft_suite_refuses_other_rules cli.perft_suite_diff_without_variant PROPERTIES FIXTURES_REQUIRED perft_suite_my_rules)
# A bundled variant is named by its name.
set(MADE_STANDARD ${CMAKE_CURRENT_BINARY_DIR}/perft-suite/standard.epd)
jungle_cli_test(perft_suite_bundled 0 "^${MADE_STANDARD}: [0-9]+ positions show 54 of 60 rule flips" "^$"
  perft-suite --variant standard --output ${MADE_STANDARD} --candidates 500)
set_tests_properties(cli.perft_suite_bundled PROPERTIES FIXTURES_SETUP perft_suite_standard)
add_test(NAME cli.perft_suite_names_the_bundled_variant
  COMMAND ${CMAKE_COMMAND} -DFILE=${MADE_STANDARD} "-DEXPECT=^# rules: standard\n"
          -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
set_tests_properties(cli.perft_suite_names_the_bundled_variant PROPERTIES FIXTURES_REQUIRED perft_suite_standard)
jungle_cli_test(perft_suite_needs_output 1 "^$" "--output"
  perft-suite --variant standard)
jungle_cli_test(perft_suite_no_candidates 1 "^$" "--candidates"
  perft-suite --variant standard --output ${CMAKE_CURRENT_BINARY_DIR}/perft-suite/none.epd --candidates 0)
