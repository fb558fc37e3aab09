# `jungle check` and friends: exit codes and one-line FILE:LINE:COLUMN errors.
set(BAD_RULES ${CMAKE_CURRENT_BINARY_DIR}/cli-bad-rules.toml)
file(WRITE ${BAD_RULES} "name = \"bad\"\n\n[water]\nswimmers = [\"rat\", \"unicorn\"]\n")
jungle_cli_test(check_bundled_variants 0 "standard.toml: ok \\(standard\\)" ""
  check variants/standard.toml variants/ludii.toml variants/van-rijn-vis.toml)
jungle_cli_test(check_reports_file_line_column 1 "^$" "^[^\n]*cli-bad-rules.toml:4:20: water.swimmers: unknown kind \"unicorn\"[^\n]*\n$"
  check ${BAD_RULES})
jungle_cli_test(check_missing_file 1 "" "nosuch.toml:1:1: cannot read file"
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
jungle_cli_test(rules_every_key 0 "name = 'van-rijn-vis'\n.*\\[end\\.repetition\\]\n +count = 3\n" "^$" rules van-rijn-vis)
jungle_cli_test(rules_unknown_variant 1 "^$" "^nosuch:1:1: unknown variant \"nosuch\"[^\n]*\n$" rules nosuch)
