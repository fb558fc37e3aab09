# Argument errors in the user's words (issue 55): one test per kind of message. Each is one line
# on standard error that names the command and the argument, says what is wrong and what is
# accepted, and suggests the nearest name for a mistyped one; nothing on standard output, exit 1.
# None reads "FILE:1:1" (no file's text was read) nor shows CLI11's internal names or a type's
# bounds: each regex below is the whole line.
set(ARGS_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-arguments)
file(MAKE_DIRECTORY ${ARGS_DIR})
set(BUNDLED "[(]bundled variants: jungla, ludii, [^\n]*standard[^\n]*[)]")

# Commands: a near miss is named, with every command; none given lists them; a command's own
# commands alike.
jungle_cli_test(args_unknown_command_suggests 1 "^$"
  "^error: unknown command \"perftt\": did you mean perft[?] [(]commands: variants, check, show, perft, perft-table, [^\n]*[)]\n$"
  perftt)
jungle_cli_test(args_unknown_subcommand_suggests 1 "^$"
  "^error: tablebase: unknown command \"biuld\": did you mean build[?] [(]commands: build, stats, probe, compare[)]\n$"
  tablebase biuld)
jungle_cli_test(args_no_subcommand 1 "^$"
  "^error: tablebase: no command given [(]commands: build, stats, probe, compare; see jungle tablebase --help[)]\n$"
  tablebase)

# Options: the nearest option of that command, or where to see them; "3" after --dept is not
# blamed. A single letter suggests nothing ("-d" is one edit from "-h" and from every letter).
jungle_cli_test(args_unknown_option_suggests 1 "^$" "^error: perft: unknown option \"--dept\": did you mean --depth[?]\n$"
  perft --dept 3)
# A mistyped required option: the typo is the mistake, not the missing option it leaves.
jungle_cli_test(args_mistyped_required_option 1 "^$" "^error: perft-suite: unknown option \"--outptu\": did you mean --output[?]\n$"
  perft-suite --variant standard --outptu never.epd)
jungle_cli_test(args_unknown_option_with_value 1 "^$" "^error: perft: unknown option \"--divde\": did you mean --divide[?]\n$"
  perft --depth 1 --divde=yes)
jungle_cli_test(args_unknown_option_of_a_subcommand 1 "^$"
  "^error: tablebase build: unknown option \"--piece\": did you mean --pieces[?]\n$"
  tablebase build --piece 2)
jungle_cli_test(args_unknown_option_no_suggestion 1 "^$" "^error: perft: unknown option \"-d\" [(]see jungle perft --help[)]\n$"
  perft -d 3)
jungle_cli_test(args_unknown_option_no_command 1 "^$" "^error: unknown option \"--bogus\" [(]see jungle --help[)]\n$"
  --bogus)

# Whole numbers: the range the option takes, never a double's 309 digits.
jungle_cli_test(args_not_a_whole_number 1 "^$" "^error: perft: --depth must be a whole number of 0 or more, not \"abc\"\n$"
  perft --depth abc)
jungle_cli_test(args_whole_number_below 1 "^$" "^error: perft-table: --depth must be a whole number of 1 or more, not \"0\"\n$"
  perft-table --depth 0)
jungle_cli_test(args_whole_number_range 1 "^$" "^error: perft: --threads must be a whole number from 0 to 1024, not \"2000\"\n$"
  perft --depth 1 --threads 2000)
jungle_cli_test(args_fraction_not_whole 1 "^$" "^error: study: --depth must be a whole number from 1 to 8, not \"2.5\"\n$"
  study --depth 2.5)
# Past the option's type with no bound of ours: too large, not "from -2147483648 to ...".
jungle_cli_test(args_whole_number_too_large 1 "^$" "^error: tournament: --games \"99999999999\" is too large\n$"
  tournament --players random --games 99999999999 --out ${ARGS_DIR}/never)
jungle_cli_test(args_unsigned_not_negative 1 "^$" "^error: tune: --seed must be a whole number of 0 or more, not \"-1\"\n$"
  tune --variant standard --seed -1)
# Decimal, as written: CLI11 alone would read 011 as octal 9 and count it.
set(ARGS_FINISHED "3R3/7/7/7/7/7/7/7/6r b")
jungle_cli_test(args_leading_zero_is_decimal 1 "^$"
  "^error: perft: --depth 11 is beyond 10 plies, which can take days; add --force to count it\n$"
  perft --depth 011 --fen ${ARGS_FINISHED})

# Other numbers: finite decimals, in the option's range.
jungle_cli_test(args_not_a_number 1 "^$" "^error: stats: --power must be a number, not \"x\"\n$"
  stats --sample-size-diff 0.05 --power x)
jungle_cli_test(args_number_range 1 "^$" "^error: tune: --k must be a number from 0 to 1, not \"2\"\n$"
  tune --variant standard --k 2)

# Files: missing, or a folder.
jungle_cli_test(args_file_is_a_folder 1 "^$" "^error: perft: --suite \"data\" is a folder, not a file\n$"
  perft --suite data)

# Choices: the words taken, and the nearest.
jungle_cli_test(args_choice_suggests 1 "^$"
  "^error: tune: --positions must be quiescence or quiet, not \"quite\": did you mean quiet[?]\n$"
  tune --variant standard --positions quite)
jungle_cli_test(args_figure_suggests 1 "^$"
  "^error: compare: --primary must be score, decisive-share or draw-rate, not \"scor\": did you mean score[?]\n$"
  compare standard ludii --primary scor --out ${ARGS_DIR}/never)

# Required positionals by the name --help shows, with what they are; values missing; an option
# given twice; a flag given a value.
jungle_cli_test(args_required_positional 1 "^$" "^error: check: FILE is required: variant TOML files\n$"
  check)
jungle_cli_test(args_required_positional_compare 1 "^$"
  "^error: compare: VARIANT is required: BASE, then each VARIANT: bundled names or rules files\n$"
  compare)
jungle_cli_test(args_needs_a_value 1 "^$" "^error: perft: --fen needs a value\n$"
  perft --depth 1 --fen)
jungle_cli_test(args_needs_its_values 1 "^$" "^error: perft: --perftree needs DEPTH FEN \\[MOVES\\]\n$"
  perft --perftree)
jungle_cli_test(args_given_twice 1 "^$" "^error: perft: --depth is given more than once\n$"
  perft --depth 1 --depth 2)
jungle_cli_test(args_flag_takes_no_value 1 "^$" "^error: perft: --force takes no value, not \"maybe\"\n$"
  perft --depth 1 --force=maybe)

# Variants: an unknown name gets the nearest bundled one and the list, as every command that
# takes one says it; a missing file or a folder is named without a line and column.
jungle_cli_test(args_unknown_variant_suggests 1 "^$"
  "^error: perft: --variant: unknown variant \"standardd\": did you mean standard[?] ${BUNDLED}\n$"
  perft --variant standardd --depth 3)
jungle_cli_test(args_unknown_variant_no_suggestion 1 "^$" "^error: show: --variant: unknown variant \"nosuch\" ${BUNDLED}\n$"
  show --variant nosuch)
jungle_cli_test(args_unknown_variant_tournament 1 "^$"
  "^error: tournament: --variants: unknown variant \"ludi\": did you mean ludii[?] ${BUNDLED}\n$"
  tournament --variants standard,ludi --players random --out ${ARGS_DIR}/never)
jungle_cli_test(args_unknown_variant_compare 1 "^$"
  "^error: compare: unknown variant \"selv\": did you mean selva[?] ${BUNDLED}\n$"
  compare standard selv --out ${ARGS_DIR}/never)
jungle_cli_test(args_unknown_variant_tablebase 1 "^$"
  "^error: tablebase compare: --variants: unknown variant \"jungle\": did you mean jungla[?] ${BUNDLED}\n$"
  tablebase compare --variants standard,jungle --pieces 2)
jungle_cli_test(args_unknown_variant_engine_check 1 "^$"
  "^error: engine-check: --variant: \"viidako\" is not a bundled variant: did you mean viidakko[?] [(]jungla, [^\n]*[)]; a rules file goes to --rules\n$"
  engine-check --variant viidako -- /bin/true)
jungle_cli_test(args_missing_variant_file 1 "^$" "^error: perft: --variant: no such file: x.toml\n$"
  perft --variant x.toml --depth 3)
jungle_cli_test(args_missing_variant_file_rules 1 "^$" "^error: rules: --diff: no such file: ${ARGS_DIR}/gone.toml\n$"
  rules standard --diff ${ARGS_DIR}/gone.toml)
jungle_cli_test(args_variant_file_is_a_folder 1 "^$" "^error: check: data/examples is a folder, not a variant file\n$"
  check data/examples)

# Keys and kinds written inside an option's value: the nearest.
jungle_cli_test(args_unknown_key_suggests 1 "^$"
  "^error: tournament: --each tcc=1: unknown key \"tcc\": did you mean tc[?] [(]option.NAME, tc, st, [^\n]*[)]\n$"
  tournament --players random --engine name=a,cmd=/bin/true --each tcc=1 --out ${ARGS_DIR}/never)
jungle_cli_test(args_unknown_player_suggests 1 "^$"
  "^error: tournament: --players: unknown player \"alphabta\": did you mean alphabeta[?]; valid: random, greedy, [^\n]*\n$"
  tournament --players alphabta:depth=1 --out ${ARGS_DIR}/never)
jungle_cli_test(args_unknown_player_parameter_suggests 1 "^$"
  "^error: tournament: --players: bad player spec \"alphabeta:dpth=1\": unknown parameter \"dpth\": did you mean depth[?] [^\n]*\n$"
  tournament --players alphabeta:dpth=1 --out ${ARGS_DIR}/never)
jungle_cli_test(args_openings_suggests 1 "^$"
  "^error: tournament: --openings: expected random:plies=K [^\n]*; got \"randm:plies=2\": did you mean random[?]\n$"
  tournament --players random --openings randm:plies=2 --out ${ARGS_DIR}/never)
jungle_cli_test(args_sprt_model_suggests 1 "^$"
  "^error: tournament: --sprt: model must be normalized, logistic, bayesian or normal, not \"logistc\": did you mean logistic[?]\n$"
  tournament --players random,greedy --sprt elo0=0,elo1=5,model=logistc --out ${ARGS_DIR}/never)
# A variant of a results file's games.
file(WRITE ${ARGS_DIR}/one-game.jsonl "{\"index\":0,\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"random\",\"black\":\"greedy\",\"seed\":1,\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"adjudication\",\"plies\":1}\n")
jungle_cli_test(args_stats_variant_suggests 1 "^$"
  "^error: stats: --variants: no games of variant \"standadr\": did you mean standard[?]\n$"
  stats ${ARGS_DIR}/one-game.jsonl --variants standadr)
jungle_cli_test(args_tune_table_suggests 1 "^$"
  "^error: tune: --tune: unknown table \"pices\": did you mean pieces[?] [(]pieces, advance, [^\n]*[)]\n$"
  tune --variant standard --selfplay 2 --tune pices)
jungle_cli_test(args_tune_start_suggests 1 "^$"
  "^error: tune: --start: untund: cannot read weights file: no such file: did you mean untuned[?]\n$"
  tune --variant standard --selfplay 2 --start untund)
jungle_cli_test(args_ladder_levels_suggests 1 "^$"
  "^error: ladder: --levels: expected depth=A..B, [^\n]*, not \"dpth=1..3\": did you mean depth[?]\n$"
  ladder --levels dpth=1..3 --out ${ARGS_DIR}/never)
jungle_cli_test(args_tb_adjudicate_suggests 1 "^$"
  "^error: tournament: --tb-adjudicate: no folder \"aut\": did you mean auto[?] [(]give auto, [^\n]*[)]\n$"
  tournament --players random --tb-adjudicate aut --out ${ARGS_DIR}/never)

# A number option whose --help type is a name of ours ("H"): still "a number".
jungle_cli_test(args_named_number 1 "^$" "^error: compare: --precision must be a number, not \"tight\"\n$"
  compare standard ludii --precision tight --out ${ARGS_DIR}/never)
