# `jungle tournament`: one-line errors and exit code 1 for bad input; a garbled results file is
# reported as FILE:LINE: message. The deeper checks are in tests/test_tournament.cpp.
jungle_cli_test(tournament_unknown_variant 1 "^$" "^error: tournament: --variants: unknown variant \"nosuch\" [(]bundled variants: [^\n]*[)]\n$"
  tournament --variants standard,nosuch --players random --out ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-never)
jungle_cli_test(tournament_bad_player_spec 1 "^$" "^error: tournament: --players: [^\n]*\"grandmaster\"[^\n]*valid: random, greedy[^\n]*\n$"
  tournament --players random,grandmaster --out ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-never)
jungle_cli_test(tournament_odd_games 1 "^$" "^error: tournament: --games must be even[^\n]*\n$"
  tournament --players random --games 3 --out ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-never)
jungle_cli_test(tournament_bad_openings 1 "^$" "^error: tournament: --openings: expected random:plies=K[^\n]*\n$"
  tournament --players random --openings book --out ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-never)
# A directory under a file cannot be made.
jungle_cli_test(tournament_unwritable_out 1 "^$" "^error: tournament: cannot create --out [^\n]*CMakeLists.txt/out: [^\n]*\n$"
  tournament --players random --out ${CMAKE_CURRENT_SOURCE_DIR}/CMakeLists.txt/out)

# A small tournament in a fresh directory, then a garbled line appended to its games.jsonl:
# the rerun must name the file and line 3 (two good games come first) and exit 1.
set(TOURNAMENT_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament)
set(GARBLE_SCRIPT ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-garble.cmake)
file(WRITE ${GARBLE_SCRIPT} "file(APPEND \${FILE} \"{\\\"index\\\": 2, oops\\n\")\n")
add_test(NAME cli.tournament_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${TOURNAMENT_DIR})
# It ends with the report of `jungle stats` on its games.
jungle_cli_test(tournament_runs 0
  "^# Jungle results\n\n2 games, 1 variant, 2 players [(]random, greedy[)][^\n]*\n.*## Players.*standard [^\n]*random vs greedy"
  "Played 2 games"
  tournament --players random,greedy --games 2 --seed 5 --threads 2 --out ${TOURNAMENT_DIR})
add_test(NAME cli.tournament_garble COMMAND ${CMAKE_COMMAND} -DFILE=${TOURNAMENT_DIR}/games.jsonl -P ${GARBLE_SCRIPT})
set_tests_properties(cli.tournament_clean cli.tournament_runs cli.tournament_garble PROPERTIES FIXTURES_SETUP cli_tournament)
set_tests_properties(cli.tournament_runs PROPERTIES DEPENDS cli.tournament_clean)
set_tests_properties(cli.tournament_garble PROPERTIES DEPENDS cli.tournament_runs)

jungle_cli_test(tournament_garbled_line 1 "^$" "^[^\n]*cli-tournament/games.jsonl:3: bad JSON[^\n]*\n$"
  tournament --players random,greedy --games 2 --seed 5 --out ${TOURNAMENT_DIR})
jungle_cli_test(tournament_other_command_refused 1 "^$"
  "^error: tournament: --out [^\n]*cli-tournament holds another tournament, made with --seed 5, not 6\n$"
  tournament --players random,greedy --games 2 --seed 6 --out ${TOURNAMENT_DIR})
# Both open the folder's results file, which a tournament locks: run side by side, the second
# would be refused as "in use" instead of for its own reason.
set_tests_properties(cli.tournament_garbled_line cli.tournament_other_command_refused
  PROPERTIES FIXTURES_REQUIRED cli_tournament RESOURCE_LOCK cli_tournament_dir)

# The games are kept, but a report file that cannot be written (here a directory stands in its
# place) is one error line on --out and exit 1, not a crash.
set(BLOCKED_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-blocked)
set(BLOCK_SCRIPT ${CMAKE_CURRENT_BINARY_DIR}/cli-tournament-block.cmake)
file(WRITE ${BLOCK_SCRIPT} "file(REMOVE_RECURSE ${BLOCKED_DIR})\nfile(MAKE_DIRECTORY ${BLOCKED_DIR}/summary.json)\n")
add_test(NAME cli.tournament_blocked_setup COMMAND ${CMAKE_COMMAND} -P ${BLOCK_SCRIPT})
set_tests_properties(cli.tournament_blocked_setup PROPERTIES FIXTURES_SETUP cli_tournament_blocked)
jungle_cli_test(tournament_report_unwritable 1 "" "Played 2 games[^\n]*\nerror: tournament: --out: cannot write [^\n]*summary.json\n$"
  tournament --players random,greedy --games 2 --seed 5 --out ${BLOCKED_DIR})
set_tests_properties(cli.tournament_report_unwritable PROPERTIES FIXTURES_REQUIRED cli_tournament_blocked)

# A tournament on a rules file of one's own reports in full from its folder after the file is
# gone: the replay figures (ply limit 300, branching) come from the rules run.json keeps.
set(OWN_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-own-rules)
set(OWN_RULES ${OWN_DIR}-elephant.toml)
add_test(NAME cli.own_rules_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${OWN_DIR})
add_test(NAME cli.own_rules_write COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/data/reference/rules/elephant-takes-rat.toml ${OWN_RULES})
jungle_cli_test(own_rules_tournament 0 "elephant-takes-rat" "Played 4 games"
  tournament --variants ${OWN_RULES} --players random --games 4 --threads 1 --out ${OWN_DIR})
add_test(NAME cli.own_rules_delete COMMAND ${CMAKE_COMMAND} -E rm -f ${OWN_RULES})
jungle_cli_test(own_rules_report_without_the_file 0
  "## Balance\n.*\\| elephant-takes-rat +\\| +4 \\|[^\n]*\\| +300 \\| +[0-9.]+% \\| +[0-9.]+ \\|" "^$"
  stats ${OWN_DIR}/games.jsonl)
set_tests_properties(cli.own_rules_clean PROPERTIES FIXTURES_SETUP own_rules)
set_tests_properties(cli.own_rules_write PROPERTIES FIXTURES_SETUP own_rules DEPENDS cli.own_rules_clean)
set_tests_properties(cli.own_rules_tournament PROPERTIES FIXTURES_SETUP own_rules DEPENDS cli.own_rules_write)
set_tests_properties(cli.own_rules_delete PROPERTIES FIXTURES_SETUP own_rules DEPENDS cli.own_rules_tournament)
set_tests_properties(cli.own_rules_report_without_the_file PROPERTIES FIXTURES_REQUIRED own_rules
  DEPENDS cli.own_rules_delete)

# `jungle export --pgn` over the folder of the tournament above, its rules file gone: every game
# a PGN record, its variant and start position from the rules run.json keeps.
jungle_cli_test(export_pgn 0
  "^\\[Event \"jungle tournament cli-own-rules\"\\]\n\\[Site \"[^\"]+\"\\]\n\\[Date \"20[0-9][0-9]\\.[0-9][0-9]\\.[0-9][0-9]\"\\]\n\\[Round \"1\"\\]\n.*\\[Variant \"elephant-takes-rat\"\\]\n\\[SetUp \"1\"\\]\n\\[FEN \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w\"\\]\n.*\\[Round \"4\"\\]"
  "^$" export --pgn ${OWN_DIR}/games.jsonl)
jungle_cli_test(export_needs_a_format 1 "^$" "^error: export: choose a format: --pgn\n$" export ${OWN_DIR}/games.jsonl)
set_tests_properties(cli.export_pgn cli.export_needs_a_format PROPERTIES FIXTURES_REQUIRED own_rules
  DEPENDS cli.own_rules_delete)

# --pgnout takes fastchess's file=NAME as cutechess's plain NAME; a file that cannot be written is
# one error line naming the option, before any game.
jungle_cli_test(tournament_pgnout_no_file 1 "^$" "^error: tournament: --pgnout: no file named\n$"
  tournament --players random --games 2 --pgnout file= --out ${CMAKE_CURRENT_BINARY_DIR}/cli-pgnout-never)
jungle_cli_test(tournament_pgnout_unwritable 1 "^$" "^error: tournament: --pgnout: cannot write [(]Not a directory[)] /etc/passwd/x.pgn\n$"
  tournament --players random --games 2 --pgnout /etc/passwd/x.pgn --out ${CMAKE_CURRENT_BINARY_DIR}/cli-pgnout-unwritable)
# Built-in players: each game in the file as it ends, without a clock ("-") and with no move
# comment (a score, a mate or a time would start with a sign or a digit). One thread: games are
# written as they end, as cutechess-cli writes them, so on two threads round 2 may come first.
set(PGNOUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-pgnout)
add_test(NAME cli.tournament_pgnout_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${PGNOUT_DIR} ${PGNOUT_DIR}.pgn)
jungle_cli_test(tournament_pgnout 0 "" "Played 2 games"
  tournament --players random,greedy --games 2 --seed 5 --threads 1 --pgnout file=${PGNOUT_DIR}.pgn --out ${PGNOUT_DIR})
add_test(NAME cli.tournament_pgnout_file COMMAND ${CMAKE_COMMAND} -DFILE=${PGNOUT_DIR}.pgn
  "-DEXPECT=^\\[Event \"jungle tournament cli-pgnout\"\\]\n.*\\[Round \"1\"\\]\n.*\\[TimeControl \"-\"\\]\n.*\\[Round \"2\"\\]\n"
  "-DREJECT={[-+0-9]" -P ${CMAKE_SOURCE_DIR}/tests/expect_file.cmake)
set_tests_properties(cli.tournament_pgnout_clean cli.tournament_pgnout PROPERTIES FIXTURES_SETUP cli_pgnout)
set_tests_properties(cli.tournament_pgnout PROPERTIES DEPENDS cli.tournament_pgnout_clean)
set_tests_properties(cli.tournament_pgnout_file PROPERTIES FIXTURES_REQUIRED cli_pgnout)

# Every key=value option refuses a key given twice before any game, naming the option.
jungle_cli_test(tournament_draw_key_twice 1 "^$" "^error: tournament: --draw: key \"movecount\" is given twice\n$"
  tournament --players random,greedy --games 2 --draw movecount=3,movecount=5 --out ${CMAKE_CURRENT_BINARY_DIR}/cli-draw-twice)

# jungle compare: an A/A (a file that only extends standard) with a deterministic player plays
# the same games, so every difference is exactly 0 with no variance; and its refusals.
set(COMPARE_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-compare)
file(MAKE_DIRECTORY ${COMPARE_DIR})
file(WRITE ${COMPARE_DIR}/same.toml "name = \"same\"\nextends = \"standard\"\n")
set(FIT_CACHE ${COMPARE_DIR}/weights-cache)
# data/examples/my-rules.toml's rules hash, pinned by RulesHash.EveryShippedRuleFileKeepsItsHash.
set(MY_RULES_HASH 855d8b7711cce64d)
# Every run starts from no results and no fitted weights, since a folder of other settings is refused.
add_test(NAME cli.compare_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${FIT_CACHE} ${COMPARE_DIR}/aa
  ${COMPARE_DIR}/precision ${COMPARE_DIR}/fitted ${COMPARE_DIR}/fitted-again ${COMPARE_DIR}/unequal ${COMPARE_DIR}/equal
  ${COMPARE_DIR}/study ${COMPARE_DIR}/sprt-by-path ${COMPARE_DIR}/tune-selfplay ${COMPARE_DIR}/tuned.weights.toml
  ${COMPARE_DIR}/untuned ${COMPARE_DIR}/old-eval ${COMPARE_DIR}/old-eval-cache ${COMPARE_DIR}/old-eval-compare ${COMPARE_DIR}/levels ${COMPARE_DIR}/old-eval-alone ${COMPARE_DIR}/margin)
set_tests_properties(cli.compare_clean PROPERTIES FIXTURES_SETUP compare_clean)
# The report's Markdown wraps its prose: where a phrase checked below may run onto the next line,
# its spaces are [ \n].
jungle_cli_test(compare_aa_is_exactly_zero 0
  "## Verdict\n\nPrimary[ \n]figure,[ \n]the[ \n]first[ \n]player's[ \n]score:[ \n][01]\\.[0-9]+[ \n]under[ \n]same[ \n]against[ \n][01]\\.[0-9]+[ \n]under[ \n]standard,[ \n]difference[ \n]\\+0\\.000[ \n]\\(\\+0\\.000[ \n]to[ \n]\\+0\\.000\\):[ \n]not[ \n]significant[ \n]\\(p[ \n]=[ \n]1;[ \n]1[ \n]after[ \n]Holm's[ \n]adjustment[ \n]over[ \n]3[ \n]tests\\)\\.[ \n]Resolved[ \n]to[ \n]±0\\.03\\."
  "same's from the file beside standard's rules, which are the same, standard\\.weights\\.toml"
  compare standard ${COMPARE_DIR}/same.toml --player alphabeta:depth=1 --games 20 --out ${COMPARE_DIR}/aa)
# With --margin the rounds play to the half-width that settles it when that is narrower than
# --precision, said before the first game. 30 openings (normal quantiles): one variant, three
# tests a family, 1.959964·0.1/(z_{1−0.05/6} + z_{1−0.05/3}) =
# 1.959964·0.1/(2.393980 + 2.128045) = 0.04334, ±0.043 to two figures. The A/A's games are the
# same, so its difference is 0 with no variance: equivalent.
jungle_cli_test(compare_margin_is_played_until_settled 0
  "Resolved[ \n]to[ \n]±0\\.043\\.[ \n]Equivalent[ \n]within[ \n]±0\\.1:"
  "compare: --margin 0\\.1 is settled either way, equivalent or different, once the intervals are within ±0\\.043: the rounds play to that, not to the ±0\\.05 of --precision\n"
  compare standard ${COMPARE_DIR}/same.toml --player alphabeta:depth=1 --pilot-games 60 --precision 0.05 --margin 0.1 --out ${COMPARE_DIR}/margin)
# Issue 42: with --weights untuned no variant plays its default weights, and the Settings row says
# untuned, not standard's tuned file.
jungle_cli_test(compare_untuned_weights_in_settings 0
  "\\| default weights +\\| untuned, as the players' weights= say \\(no variant's default weights were played\\) +\\|"
  "" compare standard ${COMPARE_DIR}/same.toml --player alphabeta:depth=1 --weights untuned --games 4
  --out ${COMPARE_DIR}/untuned)
jungle_cli_test(compare_refuses_given_weights 1 "^$" "^error: compare: --player: give no weights=[^\n]*\n$"
  compare standard ${COMPARE_DIR}/same.toml --player alphabeta:depth=1,weights=untuned --out ${COMPARE_DIR}/refused)
jungle_cli_test(compare_needs_two_variants 1 "^$" "^error: compare: name the base variant and at least one variant to compare\n$"
  compare standard --out ${COMPARE_DIR}/refused)
jungle_cli_test(compare_bad_max_time 1 "^$" "^error: compare: --max-time must be a duration such as 90s, 30m, 2h or 1:30, not \"soon\"\n$"
  compare standard ${COMPARE_DIR}/same.toml --precision 0.05 --max-time soon --out ${COMPARE_DIR}/refused)

# A variant with no weights file is played with weights fitted by the bundled weights' recipe
# (fewer games here), kept in a cache by rules hash, evaluator version and recipe, and found there
# the next time; they are the weights `jungle tune` fits by that recipe, the command the report
# names. With fewer games than the bundled recipe's, standard's bundled weights are another
# recipe's, so standard's are fitted by the same few games too: one recipe for every variant.
set(CACHED_WEIGHTS "[0-9a-f]+-ev-[0-9a-f]+-recipe-[0-9a-f]+\\.weights\\.toml")
set(RECIPE_8 "8 self-play games of alphabeta:depth=3,contempt=50,weights=untuned from random:plies=8, seed 101; Texel's method on pieces from untuned, quiescence positions after ply 8 \\(at most 200000\\), ridge 0\\.0001")
jungle_cli_test(compare_fits_missing_weights 0
  "\\| recipe A +\\| ${RECIPE_8} +\\|\n.*## Weights\n\n[^|]*[^\n]*\n[^\n]*\n\\| standard +\\| ${CACHED_WEIGHTS} +\\| [0-9a-f]+ +\\| jungle tune --variant standard --selfplay 8 --player alphabeta:depth=3,contempt=50,weights=untuned --seed 101 --tune pieces +\\| ev-[0-9a-f]+ +\\| recipe A +\\|\n\\| my-rules +\\| ${CACHED_WEIGHTS} +\\| [0-9a-f]+ +\\| jungle tune --variant data/examples/my-rules\\.toml --selfplay 8 --player alphabeta:depth=3,contempt=50,weights=untuned --seed 101 --tune pieces +\\| ev-[0-9a-f]+ +\\| recipe A +\\|"
  "compare: standard: the weights beside its rules \\(standard\\.weights\\.toml\\) were fitted by another recipe \\([^\n]*\\); fitting them anew\n.*\nFitted my-rules's weights in [^\n]*: [^\n]*weights-cache/${CACHED_WEIGHTS}\n"
  compare standard data/examples/my-rules.toml --player alphabeta:depth=1 --games 4 --fit-games 8
  --weights-cache ${FIT_CACHE} --tablebase-dir ${COMPARE_DIR}/tablebases --out ${COMPARE_DIR}/fitted)
jungle_cli_test(compare_finds_cached_weights 0
  "## Endgames of up to 2 pieces\n\n[^|]*\\| signature +\\| to move +\\| standard: won / drawn / lost +\\|[^\n]*\n[^\n]*\n\\| E/r +\\| first player \\(E\\) +\\|[^\n]*\n\\| E/r +\\| second player \\(r\\) +\\|"
  "my-rules's fitted by the bundled weights' recipe \\(8 self-play games, Texel's method on the piece values\\), found in the cache "
  compare standard data/examples/my-rules.toml --player alphabeta:depth=1 --games 4 --fit-games 8
  --weights-cache ${FIT_CACHE} --tablebase-dir ${COMPARE_DIR}/tablebases --out ${COMPARE_DIR}/fitted-again)
jungle_cli_test(tune_by_the_fitting_recipe 0 "" ""
  tune --variant data/examples/my-rules.toml --selfplay 8 --player alphabeta:depth=3,contempt=50,weights=untuned --seed 101 --tune pieces --dir ${COMPARE_DIR}/tune-selfplay
  --out ${COMPARE_DIR}/tuned.weights.toml)
add_test(NAME cli.compare_fitted_weights_are_tunes
  COMMAND ${CMAKE_COMMAND} -DSECOND=${COMPARE_DIR}/tuned.weights.toml
          "-DFIRST=${FIT_CACHE}/${MY_RULES_HASH}-*.weights.toml" -P ${CMAKE_SOURCE_DIR}/tests/same_weights.cmake)
set_tests_properties(cli.compare_fits_missing_weights PROPERTIES FIXTURES_SETUP compare_fit)
set_tests_properties(cli.tune_by_the_fitting_recipe PROPERTIES FIXTURES_SETUP tune_recipe FIXTURES_REQUIRED compare_clean)
set_tests_properties(cli.compare_finds_cached_weights PROPERTIES FIXTURES_REQUIRED "compare_fit;compare_clean")
set_tests_properties(cli.compare_fitted_weights_are_tunes PROPERTIES FIXTURES_REQUIRED "compare_fit;tune_recipe")

# --sprt-variants takes a variant as --variants gave it: here the rules file's path.
jungle_cli_test(tournament_sprt_variants_by_path 0 "\\| variants standard vs same " ""
  tournament --variants standard,${COMPARE_DIR}/same.toml --players alphabeta:depth=1,weights=untuned --games 4
  --sprt elo0=0,elo1=50 --sprt-variants standard,${COMPARE_DIR}/same.toml --out ${COMPARE_DIR}/sprt-by-path)

# A player evaluating with each variant's default weights, tuned in standard and untuned in a
# file without a weights file beside it: tournament and study say so, on the terminal and in the
# report; with weights=untuned they do not.
jungle_cli_test(tournament_warns_of_unequal_weights 0
  "\\| default weights +\\| standard: standard\\.weights\\.toml. same: untuned. every weights file fitted by evaluator ev-[0-9a-f]+, recipe A +\\|.*\\| recipe A +\\| [0-9]+ self-play games [^|]* +\\|\n\n- Note: warning: the variants were played with weights obtained differently"
  "\nwarning: the variants were played with weights obtained differently: tuned in standard, untuned in same,"
  tournament --variants standard,${COMPARE_DIR}/same.toml --players alphabeta:depth=1 --games 2 --out ${COMPARE_DIR}/unequal)
jungle_cli_test(tournament_equal_weights_no_warning 0 "" "^([^w]|w[^a])*$"
  tournament --variants standard,${COMPARE_DIR}/same.toml --players alphabeta:depth=1,weights=untuned --games 2
  --out ${COMPARE_DIR}/equal)
jungle_cli_test(study_variants_take_files 0 "\\| same +\\|[^\n]*\\|"
  "warning: the variants were played with weights obtained differently"
  study --variants standard,${COMPARE_DIR}/same.toml --games 2 --depth 2 --player alphabeta:depth=1 --out ${COMPARE_DIR}/study)
# The rules each game was played under travel with it, and the opening's plies are marked.
jungle_cli_test(export_pgn_rules_and_opening 0
  "\\[PlyCount \"[0-9]+\"\\]\n\\[VariantFile \"[^\"]*cli-own-rules/run\\.json\"\\]\n\\[RulesHash \"[0-9a-f]+\"\\]\n\n1\\. [a-g][1-9][a-g][1-9] [a-g][1-9][a-g][1-9] 2\\. [a-g][1-9][a-g][1-9] [a-g][1-9][a-g][1-9] {opening} "
  "^$" export --pgn ${OWN_DIR}/games.jsonl)
set_tests_properties(cli.export_pgn_rules_and_opening PROPERTIES FIXTURES_REQUIRED own_rules)
# By default the games are sized by precision: a pilot, then rounds sized from the variance, until
# the primary figure's interval is within ±H; the verdict says how many rounds and what stopped them.
# The random player makes the two variants' games part ways at once, so that 4 openings have a variance.
jungle_cli_test(compare_precision_stops 0
  "Sized[ \n]by[ \n]precision:.*[ \n]So[ \n]far:[ \n][2-9][ \n]rounds,[ \n][0-9,]+[ \n]games[ \n]a[ \n]variant;[ \n]stopped[ \n]by[ \n](the[ \n]precision[ \n]reached|--max-time,[ \n]short[ \n]of[ \n]±0\\.2)\\."
  "" compare standard data/examples/my-rules.toml --player random --pilot-games 8
  --precision 0.2 --max-time 60s --tablebase-dir ${COMPARE_DIR}/tablebases --out ${COMPARE_DIR}/precision)
# --margin adds the equivalence verdict: an A/A without variance lies inside any margin.
jungle_cli_test(compare_margin_equivalent 0
  "Primary[ \n]figure.*Resolved[ \n]to[ \n]±0\\.03\\.[ \n]Equivalent[ \n]within[ \n]±0\\.02:[ \n]the[ \n]90%[ \n]interval[ \n]\\(\\+0\\.000[ \n]to[ \n]\\+0\\.000\\)[ \n]lies[ \n]inside[ \n]it"
  "" compare standard ${COMPARE_DIR}/same.toml --player alphabeta:depth=1 --games 20 --margin 0.02 --out ${COMPARE_DIR}/aa)
set_tests_properties(cli.compare_margin_equivalent PROPERTIES FIXTURES_REQUIRED compare_aa)
# The variants are compare's positionals: an unknown one is refused in their name, not --variants'.
jungle_cli_test(compare_unknown_variant 1 "^$" "^error: compare: unknown variant \"nosuch\""
  compare standard nosuch --out ${COMPARE_DIR}/refused)
jungle_cli_test(compare_games_or_precision 1 "^$" "^error: compare: --games and --precision cannot be given together\n$"
  compare standard ${COMPARE_DIR}/same.toml --games 20 --precision 0.05 --out ${COMPARE_DIR}/refused)
jungle_cli_test(compare_bad_primary 1 "^$" "^error: compare: --primary must be score, decisive-share or draw-rate, not \"wins\"\n$"
  compare standard ${COMPARE_DIR}/same.toml --primary wins --out ${COMPARE_DIR}/refused)
# stats --variants takes a variant as the tournament's --variants gave it: a rules file's path.
jungle_cli_test(stats_variants_by_path 0 "^# Jungle results\n\n20 games, 1 variant, 1 player" ""
  stats ${COMPARE_DIR}/aa --variants ${COMPARE_DIR}/same.toml)
set_tests_properties(cli.compare_aa_is_exactly_zero PROPERTIES FIXTURES_SETUP compare_aa)
set_tests_properties(cli.compare_aa_is_exactly_zero cli.compare_precision_stops cli.compare_fits_missing_weights
  cli.compare_untuned_weights_in_settings cli.compare_margin_is_played_until_settled
  cli.tournament_warns_of_unequal_weights cli.tournament_equal_weights_no_warning cli.study_variants_take_files
  cli.tournament_sprt_variants_by_path PROPERTIES FIXTURES_REQUIRED compare_clean)
set_tests_properties(cli.stats_variants_by_path PROPERTIES FIXTURES_REQUIRED compare_aa)

# Weights of another evaluator version are another player's (issue 46). old-eval has standard's
# rules and standard's weights beside them, but its file says an older evaluator fitted them: a
# tournament warns that the variants' weights were fitted differently, and compare fits them anew.
file(READ ${CMAKE_SOURCE_DIR}/variants/standard.weights.toml OLD_EVAL_WEIGHTS)
string(REPLACE "variant = \"standard\"" "variant = \"old-eval\"" OLD_EVAL_WEIGHTS "${OLD_EVAL_WEIGHTS}")
string(REGEX REPLACE "evaluator = \"[^\"]*\"" "evaluator = \"ev-000000000000\"" OLD_EVAL_WEIGHTS "${OLD_EVAL_WEIGHTS}")
file(WRITE ${COMPARE_DIR}/old-eval.toml "name = \"old-eval\"\nextends = \"standard\"\n")
file(WRITE ${COMPARE_DIR}/old-eval.weights.toml "${OLD_EVAL_WEIGHTS}")
jungle_cli_test(tournament_warns_of_weights_of_another_evaluator 0 ""
  "\nwarning: the variants' weights were fitted by another evaluator than the one that played them \\(ev-[0-9a-f]+\\): old-eval's by ev-000000000000, so the players are not the ones their weights were fitted for"
  tournament --variants standard,${COMPARE_DIR}/old-eval.toml --players alphabeta:depth=1 --games 2 --out ${COMPARE_DIR}/old-eval)
# One variant alone, its weights an older evaluator's: nothing to compare it with, but still said.
jungle_cli_test(tournament_warns_of_weights_of_an_older_evaluator_alone 0 ""
  "\nwarning: the variants' weights were fitted by another evaluator than the one that played them \\(ev-[0-9a-f]+\\): old-eval's by ev-000000000000,"
  tournament --variants ${COMPARE_DIR}/old-eval.toml --players alphabeta:depth=1 --games 2 --out ${COMPARE_DIR}/old-eval-alone)
jungle_cli_test(compare_refits_weights_of_another_evaluator 0 "tuned[ \n]weights[ \n]in[ \n]every[ \n]variant,[ \n]fitted[ \n]by[ \n]evaluator[ \n]ev-[0-9a-f]+[ \n]and[ \n]the[ \n]recipe"
  "compare: old-eval: the weights beside its rules \\(old-eval\\.weights\\.toml\\) were fitted by evaluator ev-000000000000, not today's ev-[0-9a-f]+; fitting them anew\n"
  compare standard ${COMPARE_DIR}/old-eval.toml --player alphabeta:depth=1 --games 4 --fit-games 8
  --weights-cache ${COMPARE_DIR}/old-eval-cache --tablebase-dir ${COMPARE_DIR}/tablebases --out ${COMPARE_DIR}/old-eval-compare)
set_tests_properties(cli.tournament_warns_of_weights_of_another_evaluator cli.compare_refits_weights_of_another_evaluator
  cli.tournament_warns_of_weights_of_an_older_evaluator_alone
  PROPERTIES FIXTURES_REQUIRED compare_clean)

# compare --levels (issue 46): the A/A comparison at two depths. same has standard's rules, so at
# every level its games are standard's, every difference is exactly 0 with no variance, and no
# trend can be fitted; the match between the levels is played and measured.
jungle_cli_test(compare_levels_aa 0
  "\\| same +\\| depth=1 +\\| +[01]\\.[0-9]+ +\\| +[01]\\.[0-9]+ +\\| +\\+0\\.000 +\\| +\\+0\\.000 to \\+0\\.000 +\\|.*\\| same +\\| depth=2 +\\| +[01]\\.[0-9]+ +\\| +[01]\\.[0-9]+ +\\| +\\+0\\.000 +\\|.*same: no level has a difference with a variance, so there is no trend to fit\\..*\\| depth=2 +\\| alphabeta:depth=2,contempt=50 +\\| +[0-9]+ +\\|[^\n]*\\| +4 +\\| +[-+−][0-9]+ ± [0-9∞]+ +\\|\n.*Report: [^\n]*cli-compare/levels/levels\\.html"
  "" compare standard ${COMPARE_DIR}/same.toml --levels depth=1,2 --games 4 --level-games 4 --weights untuned
  --tablebase-dir ${COMPARE_DIR}/tablebases --out ${COMPARE_DIR}/levels)
jungle_cli_test(compare_levels_refuses_a_player 1 "^$" "^error: compare: --levels: each level is the player \\(alpha-beta at the level, contempt 50\\); give no --player\n$"
  compare standard ${COMPARE_DIR}/same.toml --levels depth=1,2 --player alphabeta:depth=3 --out ${COMPARE_DIR}/refused)
jungle_cli_test(compare_levels_bad_levels 1 "^$" "^error: compare: --levels: [^\n]*\n$"
  compare standard ${COMPARE_DIR}/same.toml --levels depth=3,2 --out ${COMPARE_DIR}/refused)
set_tests_properties(cli.compare_levels_aa PROPERTIES FIXTURES_REQUIRED compare_clean)

# A folder's games were played with its variants' default weights: resumed with other weights (here
# standard's file with the rat one point dearer), the games would be two players' under one name,
# so the run is refused (issue 46).
file(WRITE ${COMPARE_DIR}/reweighed.toml "name = \"reweighed\"\nextends = \"standard\"\n")
string(REPLACE "variant = \"standard\"" "variant = \"reweighed\"" REWEIGHED "${OLD_EVAL_WEIGHTS}")
string(REGEX REPLACE "\nrat = ([0-9]+)" "\nrat = 1\\1" REWEIGHED_OTHER "${REWEIGHED}")
add_test(NAME cli.tournament_refuses_other_default_weights_on_resume
  COMMAND ${CMAKE_COMMAND} -DJUNGLE=$<TARGET_FILE:jungle> -DDIR=${COMPARE_DIR}
          "-DFIRST=${REWEIGHED}" "-DSECOND=${REWEIGHED_OTHER}" -P ${CMAKE_SOURCE_DIR}/tests/resume_other_weights.cmake)
set_tests_properties(cli.tournament_refuses_other_default_weights_on_resume PROPERTIES FIXTURES_REQUIRED compare_clean)
