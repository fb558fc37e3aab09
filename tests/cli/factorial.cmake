# jungle compare --factorial: its refusals, each one line naming what is wrong, and a small design
# played: the design's kind, letters and cells on standard error.
set(FACTORIAL_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-factorial)
set(DISPUTES data/examples/disputes)
file(MAKE_DIRECTORY ${FACTORIAL_DIR})
file(WRITE ${FACTORIAL_DIR}/eats-rat.toml "name = \"eats-rat\"\nextends = \"standard\"\n[captures]\nelephant_captures_rat = true\n")
set(NINE_FACTORS "")
foreach(i RANGE 1 9)
  file(WRITE ${FACTORIAL_DIR}/same-${i}.toml "name = \"same-${i}\"\nextends = \"standard\"\n")
  list(APPEND NINE_FACTORS ${FACTORIAL_DIR}/same-${i}.toml)
endforeach()
add_test(NAME cli.factorial_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${FACTORIAL_DIR}/two ${FACTORIAL_DIR}/given-weights)
set_tests_properties(cli.factorial_clean PROPERTIES FIXTURES_SETUP factorial_clean)

jungle_cli_test(factorial_refuses_one_setting_twice 1 "^$"
  "^error: compare: --factorial: ${DISPUTES}/elephant-takes-rat\\.toml and [^\n]*cli-factorial/eats-rat\\.toml both change captures\\.elephant_captures_rat\n$"
  compare standard ${DISPUTES}/elephant-takes-rat.toml ${FACTORIAL_DIR}/eats-rat.toml --factorial --out ${FACTORIAL_DIR}/refused)
jungle_cli_test(factorial_full_needs_factorial 1 "^$" "^error: compare: --full-factorial requires --factorial\n$"
  compare standard ${DISPUTES}/elephant-takes-rat.toml --full-factorial --out ${FACTORIAL_DIR}/refused)
jungle_cli_test(factorial_not_with_levels 1 "^$" "^error: compare: --levels and --factorial cannot be given together\n$"
  compare standard ${DISPUTES}/elephant-takes-rat.toml --factorial --levels depth=1,2 --out ${FACTORIAL_DIR}/refused)
jungle_cli_test(factorial_not_with_precision_figures 1 "^$"
  "^error: compare: --precision-figures: not with --factorial, whose rounds size the primary figure's main effects\n$"
  compare standard ${DISPUTES}/elephant-takes-rat.toml --factorial --precision-figures draw-rate --out ${FACTORIAL_DIR}/refused)
jungle_cli_test(factorial_refuses_nine_factors 1 "^$"
  "^error: compare: --factorial: a factorial design of 9 factors is refused: at most 8 \\(64 cells at resolution V\\)\n$"
  compare standard ${NINE_FACTORS} --factorial --out ${FACTORIAL_DIR}/refused)
jungle_cli_test(factorial_two_factors 0 ""
  "^Factorial design over standard:\nfull 2\\^2 factorial: 4 cells\nfactors: A = elephant-takes-rat, B = den-only-wins\n"
  compare standard ${DISPUTES}/elephant-takes-rat.toml ${DISPUTES}/den-only-wins.toml --factorial --player random
  --weights untuned --games 4 --out ${FACTORIAL_DIR}/two)
set_tests_properties(cli.factorial_two_factors PROPERTIES FIXTURES_REQUIRED factorial_clean)
# --weights auto fits every cell's weights by the recipe (here with 8 games), and says how many
# fits there are, and about how long they take, before the first.
add_test(NAME cli.factorial_fits_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${FACTORIAL_DIR}/fitted ${FACTORIAL_DIR}/cache)
set_tests_properties(cli.factorial_fits_clean PROPERTIES FIXTURES_SETUP factorial_fits_clean)
jungle_cli_test(factorial_announces_its_fits 0 ""
  "\ncompare: 4 weights fits to make first \\(standard, elephant-takes-rat, den-only-wins, elephant-takes-rat--den-only-wins\\), 8 self-play games each: about [^\n]* of CPU, [^\n]* on 2 threads\n"
  compare standard ${DISPUTES}/elephant-takes-rat.toml ${DISPUTES}/den-only-wins.toml --factorial --player alphabeta:depth=1
  --games 4 --fit-games 8 --threads 2 --weights-cache ${FACTORIAL_DIR}/cache --out ${FACTORIAL_DIR}/fitted)
set_tests_properties(cli.factorial_announces_its_fits PROPERTIES FIXTURES_REQUIRED factorial_fits_clean)
# --weights FILE plays one file's weights in every cell: each gets a copy under its own rules.
jungle_cli_test(factorial_one_weights_file_everywhere 0
  "\\| elephant-takes-rat +\\| elephant-takes-rat\\.weights\\.toml +\\| [0-9a-f]+ +\\| jungle tune --variant standard "
  "Playing the cells: alphabeta:depth=1; the weights of variants/standard\\.weights\\.toml \\(fitted for standard\\) in every variant \\(--weights FILE\\)\n"
  compare standard ${DISPUTES}/elephant-takes-rat.toml --factorial --weights variants/standard.weights.toml
  --player alphabeta:depth=1 --games 4 --out ${FACTORIAL_DIR}/given-weights)
jungle_cli_test(compare_weights_not_a_file 1 "^$"
  "^error: compare: --weights must be auto, untuned or a weights file, not \"nosuch\\.weights\\.toml\" \\(no such file\\)\n$"
  compare standard ${DISPUTES}/elephant-takes-rat.toml --weights nosuch.weights.toml --out ${FACTORIAL_DIR}/refused)
set_tests_properties(cli.factorial_one_weights_file_everywhere PROPERTIES FIXTURES_REQUIRED factorial_clean)
