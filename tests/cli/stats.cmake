# `jungle stats`: one-line FILE:LINE errors and exit 1 for bad results files, the sample-size
# helper, and a report from a small results file. The numbers are checked in tests/test_report.cpp.
# The hand-made games are one move adjudicated, so that they replay (no rule ends a game there).
set(STATS_GOOD_LINE "{\"index\":0,\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"random\",\"black\":\"greedy\",\"seed\":1,\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"adjudication\",\"plies\":1}")
set(STATS_GOOD ${CMAKE_CURRENT_BINARY_DIR}/cli-stats-good.jsonl)
set(STATS_GARBLED ${CMAKE_CURRENT_BINARY_DIR}/cli-stats-garbled.jsonl)
file(WRITE ${STATS_GOOD} "${STATS_GOOD_LINE}\n")
string(REPLACE "\"index\":0,\"pair\":0" "\"index\":1,\"pair\":0" STATS_SECOND_LINE "${STATS_GOOD_LINE}")
file(WRITE ${STATS_GARBLED} "${STATS_GOOD_LINE}\n${STATS_SECOND_LINE}\n{\"index\": 2, oops\n")

jungle_cli_test(stats_garbled_line 1 "^$" "^[^\n]*cli-stats-garbled.jsonl:3: bad JSON[^\n]*\n$"
  stats ${STATS_GOOD} ${STATS_GARBLED})
jungle_cli_test(stats_missing_file 1 "^$" "^[^\n]*nosuch.jsonl: no such file\n$"
  stats nosuch.jsonl)
jungle_cli_test(stats_needs_a_file 1 "^$" "^error: stats: name at least one results file[^\n]*\n$"
  stats)
jungle_cli_test(stats_sample_size 0 "^385 games for a 95% interval of ±0.05 on a score near 1/2 at draw rate 0\nThese count independent games\\. [^\n]*design effect[^\n]*\n$" "^$"
  stats --sample-size 0.05 --draw-rate 0)
jungle_cli_test(stats_sample_size_elo 0 "^4640 games for a 95% interval of ±10 Elo" "^$"
  stats --sample-size-elo 10)
# Two variants, the textbook 0.5 against 0.55 at power 0.8 and two-sided alpha 0.05: 1564.67 per
# group (tests/test_statistics.cpp, TwoSampleSizesByHand); times deff 1.5: 2347.008, so 2348.
jungle_cli_test(stats_sample_size_diff 0 "^1565 games per variant to tell a first-player score of 0.55 from 0.5 \\(draw rate 0 in both\\) with power 0.8 at two-sided alpha 0.05\n" "^$"
  stats --sample-size-diff 0.05)
jungle_cli_test(stats_sample_size_draw_diff_deff 0 "^2348 games per variant \\(1564.7 × deff 1.5\\) to tell a draw rate of 0.55 from 0.5 with power 0.8 at two-sided alpha 0.05\n[^\n]*multiplies the games needed by the design effect" "^$"
  stats --sample-size-draw-diff 0.05 --draw-rate 0.5 --deff 1.5)
jungle_cli_test(stats_sample_size_bad_power 1 "^$" "^error: stats: --power must lie strictly between 0 and 1\n$"
  stats --sample-size-diff 0.05 --power 1.5)
jungle_cli_test(stats_sample_size_diff_out_of_range 1 "^$" "^error: stats: --sample-size-diff: [^\n]*\n$"
  stats --sample-size-diff 0.6)
jungle_cli_test(stats_sample_size_bad_deff 1 "^$" "^error: stats: --deff must be above 0 and at most 100\n$"
  stats --sample-size 0.05 --deff 0)
jungle_cli_test(stats_report 0 "^# Jungle results\n\n1 game, 1 variant, 2 players .*\n## First-player advantage\n.*\\| standard \\| +1 \\|" "^$"
  stats ${STATS_GOOD})
jungle_cli_test(stats_unknown_baseline 1 "^$" "^error: stats: --baseline: no games of variant \"nosuch\" [(]variants: standard[)]\n$"
  stats ${STATS_GOOD} --baseline nosuch)
jungle_cli_test(stats_sprt_needs_a_subject 1 "^$" "^error: stats: --sprt needs --sprt-players A,B or --sprt-variants A,B\n$"
  stats ${STATS_GOOD} --sprt 0,10)
jungle_cli_test(stats_sprt_bad_key 1 "^$" "^error: stats: --sprt: unknown key \"elo2\"[^\n]*\n$"
  stats ${STATS_GOOD} --sprt elo0=0,elo2=5 --sprt-players random,greedy)
# A key given twice is refused, not read as its last value.
jungle_cli_test(stats_sprt_key_twice 1 "^$" "^error: stats: --sprt: key \"elo0\" is given twice\n$"
  stats ${STATS_GOOD} --sprt elo0=0,elo0=5,elo1=10 --sprt-players random,greedy)
jungle_cli_test(stats_sprt_players 0 "## SPRT\n.*\\| players random vs greedy \\| normalized +\\| trinomial \\+1 =0 -0 " "^$"
  stats ${STATS_GOOD} --sprt elo0=0,elo1=10 --sprt-players random,greedy)
jungle_cli_test(stats_sprt_model_named 0 "\\| players random vs greedy \\| bayesian +\\| trinomial " "^$"
  stats ${STATS_GOOD} --sprt elo0=0,elo1=10,model=bayesian --sprt-players random,greedy)
jungle_cli_test(stats_sprt_unknown_model 1 "^$" "^error: stats: --sprt: model must be normalized, logistic, bayesian or normal, not \"gaussian\"\n$"
  stats ${STATS_GOOD} --sprt elo0=0,elo1=10,model=gaussian --sprt-players random,greedy)

# `jungle study`, shrunk: two games per variant, perft to depth 2. Its games read back by `jungle stats`.
set(STUDY_DIR ${CMAKE_CURRENT_BINARY_DIR}/cli-study)
add_test(NAME cli.study_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${STUDY_DIR} ${STUDY_DIR}-paired)
jungle_cli_test(study_small 0
  "^# Jungle results\n\n14 games, 7 variants, 1 player \\(random\\).*\n## First-player advantage\n.*\n## Piece values\n.*\n\\| standard +\\|[^\n]*[ (]540\\)? \\|\n.*- Note: the study's player, random, does not evaluate positions[^\n]*\n.*\n## Perft from each variant's start position.*## Players\n.*## How the games were made\n.*\\| command +\\| [^\n]*study --games 2 --depth 2 --player random --threads 2 --out [^\n]*\n.*## Rules compared\n.*\nReport: [^\n]*cli-study/report.html"
  "Study done in"
  study --games 2 --depth 2 --player random --threads 2 --out ${STUDY_DIR})
jungle_cli_test(study_games_read_back 0 "^# Jungle results\n\n14 games, 7 variants, 1 player \\(random\\)" "^$"
  stats ${STUDY_DIR}/games.jsonl)
# The study compares as compare does: every variant from the same openings with the same seeds,
# so a variant with standard's rules under another name, played with the same weights, plays the
# same games: a difference of exactly 0 in the score, with Holm over every test (3 figures).
jungle_cli_test(study_compares_paired 0
  "Primary[ \n]figure,[ \n]the[ \n]first[ \n]player's[ \n]score:[ \n][01]\\.[0-9]+[ \n]under[ \n]same-as-standard[ \n]against[ \n][01]\\.[0-9]+[ \n]under[ \n]standard,[ \n]difference[ \n]\\+0\\.000[ \n]\\(\\+0\\.000[ \n]to[ \n]\\+0\\.000\\):[ \n]not[ \n]significant[ \n]\\(p[ \n]=[ \n]1;[ \n]1[ \n]after[ \n]Holm's[ \n]adjustment[ \n]over[ \n]3[ \n]tests\\)"
  "" study --games 20 --depth 1 --player alphabeta:depth=1,weights=untuned
  --variants standard,${CMAKE_SOURCE_DIR}/data/examples/same-as-standard.toml --out ${STUDY_DIR}-paired)
jungle_cli_test(study_bad_player 1 "^$" "^error: study: --player: [^\n]*\"grandmaster\"[^\n]*\n$"
  study --player grandmaster --out ${STUDY_DIR}-never)
set_tests_properties(cli.study_clean PROPERTIES FIXTURES_SETUP cli_study_clean)
set_tests_properties(cli.study_small PROPERTIES FIXTURES_REQUIRED cli_study_clean FIXTURES_SETUP cli_study)
set_tests_properties(cli.study_compares_paired PROPERTIES FIXTURES_REQUIRED cli_study_clean)
set_tests_properties(cli.study_games_read_back PROPERTIES FIXTURES_REQUIRED cli_study)

# A tournament's folder stands for its games.jsonl.
set(STATS_FOLDER ${CMAKE_CURRENT_BINARY_DIR}/cli-stats-folder)
file(MAKE_DIRECTORY ${STATS_FOLDER})
file(WRITE ${STATS_FOLDER}/games.jsonl "${STATS_GOOD_LINE}\n")
jungle_cli_test(stats_reads_a_folder 0 "^# Jungle results\n\n1 game, 1 variant, 2 players" "" stats ${STATS_FOLDER})

# The decisive share's sample size, by hand: (1.95996·√(2·0.525·0.475) + 0.841621·√(0.25 + 0.2475))²
# / 0.05² = 1564.7 decisive games for 0.5 against 0.55 (alpha 0.05, power 0.8), over 1 - 0.25:
# 2086.2 games; at 31.2 games/s both variants' 4174 games take 134 s.
jungle_cli_test(stats_sample_size_decisive_diff 0
  "^2087 games per variant to tell a first player's share of the decisive games of 0.55 from 0.5 \\(draw rate 0.25\\) with power 0.8 at two-sided alpha 0.05, about 2 minutes at 31.2 games/s\n" "^$"
  stats --sample-size-decisive-diff 0.05 --draw-rate 0.25 --games-per-second 31.2)

# Issue 42: --from a comparison's folder applies the pairing's design effect to the differences
# only. A folder made by hand, self-play, 4 openings of 2 games a variant, the first player's
# results per opening: standard (W W) (L L) (W L) (W L); jungla (W D) (L D) (W L) (D D).
# Clustering, standard: mean 1/2, v_srs = (1/4)/7 = 1/28, v_c = 4/3·(1² + 1² + 0 + 0)/8² = 1/24:
# deff 7/6; jungla's v_c/v_srs = (1/96)/(1/56) = 7/12, floored at 1; the larger: 7/6.
# Pairing, the score's influence values (y_k - 2·1/2)/2: standard (1/2, -1/2, 0, 0), jungla
# (1/4, -1/4, 0, 0); unpaired Σ = 1/2 + 1/8, paired Σ (1/4)² + (1/4)² = 1/8: deff 5.
# A single score at ±0.01, draw rate 0.5: ⌈1.959964²·0.125/0.01²⌉ = 4802 games × 7/6 = 5602.3,
# 5603; a difference's sizes × 7/6 / 5 = 7/30 (0.233333).
set(STATS_PAIRED ${CMAKE_CURRENT_BINARY_DIR}/cli-stats-paired)
file(MAKE_DIRECTORY ${STATS_PAIRED})
set(PAIRED_LINES "")
set(PAIRED_INDEX 0)
foreach(variant_results "standard:1-0,1-0,0-1,0-1,1-0,0-1,1-0,0-1"
                        "jungla:1-0,1/2-1/2,0-1,1/2-1/2,1-0,0-1,1/2-1/2,1/2-1/2")
  string(REPLACE ":" ";" parts "${variant_results}")
  list(GET parts 0 variant)
  list(GET parts 1 results)
  string(REPLACE "," ";" results "${results}")
  set(game 0)
  foreach(result ${results})
    math(EXPR opening "${game} / 2")
    math(EXPR pair "${PAIRED_INDEX} / 2")
    set(reason adjudication)  # one move, then adjudicated: a game that replays
    string(APPEND PAIRED_LINES "{\"index\":${PAIRED_INDEX},\"pair\":${pair},\"opening_id\":${opening},\"variant\":\"${variant}\",\"white\":\"random\",\"black\":\"random\",\"seed\":${PAIRED_INDEX},\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"${result}\",\"reason\":\"${reason}\",\"plies\":1}\n")
    math(EXPR PAIRED_INDEX "${PAIRED_INDEX} + 1")
    math(EXPR game "${game} + 1")
  endforeach()
endforeach()
file(WRITE ${STATS_PAIRED}/games.jsonl "${PAIRED_LINES}")
file(WRITE ${STATS_PAIRED}/run.json "{\"format\": \"jungle-tournament/2\", \"variants\": [{\"name\": \"standard\"}, {\"name\": \"jungla\"}], \"players\": [\"random\"], \"games\": 8, \"openings\": \"random:plies=4\", \"seed\": 1, \"paired_variants\": true, \"runs\": []}\n")
jungle_cli_test(stats_from_pairing_only_for_differences 0
  "^From [^\n]*cli-stats-paired: design effect 1\\.17 \\(the clustering's\\) for a single figure, 0\\.233 \\(the clustering's over the pairing's\\) for a difference, draw rate 0\\.5\n5603 games \\(4802\\.0 × deff 1\\.16667\\) for a 95% interval of ±0\\.01 on a score near 1/2 at draw rate 0\\.5\n[0-9]+ games per variant \\([0-9.]+ × deff 0\\.233333\\) to tell a first-player score of 0\\.55 from 0\\.5 "
  "^$" stats --sample-size 0.01 --sample-size-diff 0.05 --draw-rate 0.5 --from ${STATS_PAIRED})
