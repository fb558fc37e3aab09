# `jungle check` and friends: exit codes and one-line FILE:LINE:COLUMN errors.
set(BAD_RULES ${CMAKE_CURRENT_BINARY_DIR}/cli-bad-rules.toml)
file(WRITE ${BAD_RULES} "name = \"bad\"\n\n[water]\nswimmers = [\"rat\", \"unicorn\"]\n")
jungle_cli_test(check_bundled_variants 0 "standard.toml: ok \\(standard\\)" ""
  check variants/standard.toml variants/ludii.toml variants/van-rijn-vis.toml)
jungle_cli_test(check_reports_file_line_column 1 "^$" "^[^\n]*cli-bad-rules.toml:4:20: water.swimmers: unknown kind \"unicorn\"[^\n]*\n$"
  check ${BAD_RULES})
# A file that cannot be read has no line or column to name: the argument is at fault.
jungle_cli_test(check_missing_file 1 "^$" "^error: check: no such file: nosuch.toml\n$"
  check nosuch.toml)
jungle_cli_test(perft_with_bad_variant_file 1 "^$" "cli-bad-rules.toml:4:20:"
  perft --variant ${BAD_RULES} --depth 1)
jungle_cli_test(variants_lists_every_bundled_one 0 "jungla\n.*ludii\n.*selva\n.*standard\n.*van-rijn-vis\n.*viidakko\n" ""
  variants)
# Terrain marks that no piece letter uses: the second player's lion on the first player's den
# is "[l]"; the first player's tiger on the second player's trap "-T-", never "TTT".
jungle_cli_test(show_prints_board_and_position 0 "1 \\|   \\|   \\|\\+ \\+\\|\\[l\\]\\|\\+ \\+\\|.*Position: 7/7/7/7/7/1R5/1L5/7/3l3 w" ""
  show --fen "7/7/7/7/7/1R5/1L5/7/3l3 w")
jungle_cli_test(show_tiger_on_a_trap 0 "9 \\|   \\|   \\|-T-\\|\\{ \\}\\|" "^$"
  show --fen "2T4/7/7/7/7/7/7/7/l6 b")

# `jungle rules`: every key, or the keys that differ. variants/ludii.toml overrides exactly eight
# rules of standard (two ranks, one capture, two water rules, two trap rules, capture_all).
jungle_cli_test(rules_diff_ludii 0
  "^# ludii against standard: 8 rules differ\n\n\\[captures\\]\nelephant_captures_rat = true  # standard: false\n\n\\[end\\]\ncapture_all = 'none'  # standard: 'win'\n\n\\[ranks\\]\ndog = 4  # standard: 3\nwolf = 3  # standard: 4\n"
  "^$" rules ludii --diff)
# jungla states only standard rules.
jungle_cli_test(rules_diff_none 0 "^# jungla against standard: 0 rules differ\n$" "^$" rules jungla --diff standard)
# Issue 42: a file that empties the lion's and the tiger's jumps differs from standard in exactly
# those two rules, seen from either side, and an empty list reads as [] (never a blank).
set(NO_JUMPS ${CMAKE_CURRENT_BINARY_DIR}/cli-no-jumps.toml)
file(WRITE ${NO_JUMPS} "name = \"no-jumps\"\nextends = \"standard\"\n\n[jumps]\nlion = []\ntiger = []\n")
jungle_cli_test(rules_diff_emptied_list 0
  "^# no-jumps against standard: 2 rules differ\n\n\\[jumps\\]\nlion = \\[\\]  # standard: \\[ 'vertical', 'horizontal' \\]\ntiger = \\[\\]  # standard: \\[ 'vertical', 'horizontal' \\]\n$"
  "^$" rules ${NO_JUMPS} --diff)
jungle_cli_test(rules_diff_emptied_list_reversed 0
  "^# standard against no-jumps: 2 rules differ\n\n\\[jumps\\]\nlion = \\[ 'vertical', 'horizontal' \\]  # no-jumps: \\[\\]\ntiger = \\[ 'vertical', 'horizontal' \\]  # no-jumps: \\[\\]\n$"
  "^$" rules standard --diff ${NO_JUMPS})
# docs/compare.md's A/A variant loads, and has the rules of standard.
jungle_cli_test(check_same_as_standard 0 "^data/examples/same-as-standard.toml: ok \\(same-as-standard extends standard\\)\n$" "^$"
  check data/examples/same-as-standard.toml)
jungle_cli_test(rules_diff_same_as_standard 0 "^# same-as-standard against standard: 0 rules differ\n$" "^$"
  rules data/examples/same-as-standard.toml --diff)
jungle_cli_test(rules_every_key 0 "name = 'van-rijn-vis'\n.*\\[end\\.repetition\\]\n +count = 3\n" "^$" rules van-rijn-vis)
jungle_cli_test(rules_unknown_variant 1 "^$" "^error: rules: VARIANT: unknown variant \"nosuch\" [(]bundled variants: jungla, [^\n]*standard[^\n]*[)]\n$" rules nosuch)

# Every mistake, one line each in the file's order, then their number. Issue 11's file: a bad
# name (1:8), an unknown key (2:1) and a string where a list belongs (4:12).
set(THREE_MISTAKES ${CMAKE_CURRENT_BINARY_DIR}/cli-three-mistakes.toml)
file(WRITE ${THREE_MISTAKES} "name = \"Bad_Name\"\ncolour = \"red\"\n[water]\nswimmers = \"rat\"\n")
jungle_cli_test(check_lists_every_mistake 1 "^$"
  "^[^\n]*cli-three-mistakes.toml:1:8: name \"Bad_Name\" is not a variant name[^\n]*\n[^\n]*cli-three-mistakes.toml:2:1: unknown key \"colour\";[^\n]*\n[^\n]*cli-three-mistakes.toml:4:12: water.swimmers must be an array of kind names, not a string\n3 mistakes\n$"
  check ${THREE_MISTAKES})
# Other commands stop at the first mistake, and say where to see the rest.
jungle_cli_test(perft_names_the_first_mistake 1 "^$"
  "^[^\n]*cli-three-mistakes.toml:1:8: name \"Bad_Name\" is not a variant name[^\n]* \\(and 2 more; run jungle check [^\n]*cli-three-mistakes.toml\\)\n$"
  perft --variant ${THREE_MISTAKES} --depth 1)

# A parent's mistakes follow the child's and name the parent's file: the child's [den] value
# (4:16); the parent's rank (3:7) and axis (5:9). Checking both files lists the parent's once.
set(FAMILY ${CMAKE_CURRENT_BINARY_DIR}/cli-check-family)
file(WRITE ${FAMILY}/broken-parent.toml "name = \"broken-parent\"\n[ranks]\nrat = 0\n[jumps]\nlion = [\"diagonal\"]\n")
file(WRITE ${FAMILY}/child.toml "name = \"child\"\nextends = \"broken-parent\"\n[den]\nenterable_by = 3\n")
jungle_cli_test(check_child_then_parent 1 "^$"
  "^[^\n]*child.toml:4:16: den.enterable_by must be \"all\" or an array of kind names, not an integer\n[^\n]*broken-parent.toml:3:7: ranks.rat must be a positive integer, not 0\n[^\n]*broken-parent.toml:5:9: jumps.lion: unknown axis \"diagonal\"[^\n]*\n3 mistakes\n$"
  check ${FAMILY}/child.toml ${FAMILY}/broken-parent.toml)

# Several on one line: `swimmers = ["unicorn", "rat", "rat", 7]` at columns 13, 31 and 38; and
# an inline table whose "result" (column 25) TOML++ reads after its "count" (column 40).
set(ONE_LINE ${CMAKE_CURRENT_BINARY_DIR}/cli-one-line.toml)
file(WRITE ${ONE_LINE} "name = \"one-line\"\n[water]\nswimmers = [\"unicorn\", \"rat\", \"rat\", 7]\n[end]\nrepetition = { result = \"win\", count = 1 }\n")
jungle_cli_test(check_several_on_one_line 1 "^$"
  "^[^\n]*cli-one-line.toml:3:13: water.swimmers: unknown kind \"unicorn\"[^\n]*\n[^\n]*cli-one-line.toml:3:31: water.swimmers: \"rat\" is listed twice\n[^\n]*cli-one-line.toml:3:38: water.swimmers must list kind names as strings, not an integer\n[^\n]*cli-one-line.toml:5:25: end.repetition.result: unknown value \"win\"[^\n]*\n[^\n]*cli-one-line.toml:5:40: end.repetition.count must be an integer of at least 2, not 1\n5 mistakes\n$"
  check ${ONE_LINE})

# A TOML syntax error ends the file's list: the parser cannot go on (line 3 is wrong too).
set(SYNTAX ${CMAKE_CURRENT_BINARY_DIR}/cli-syntax.toml)
file(WRITE ${SYNTAX} "name = \"syntax\"\nrat = = 1\ncolour = 1\n")
jungle_cli_test(check_stops_at_syntax_error 1 "^$" "^[^\n]*cli-syntax.toml:2:7: [^\n]*\n$"
  check ${SYNTAX})
