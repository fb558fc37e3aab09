# A report's page readable on a phone and on a wide screen (run by tests/cli/pages.cmake;
# -DJUNGLE=path -DKIND=compare|factorial|study|ladder|levels|tournament -DDIR=scratch). A small run
# of the command that writes that kind of page, its page then measured in headless Chromium
# (measure_page.cmake) at a 390 px and a 1400 px wide window: no sideways scroll and no element past
# the window's right edge, every chart's text 10 px tall or more and within its chart, no two texts
# of a chart over one another. The study's, the compare's and the tournament's pages end with the
# game viewer, whose board must fit too.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/measure_page.cmake)

get_filename_component(SOURCE ${CMAKE_CURRENT_LIST_DIR} DIRECTORY)
set(DISPUTES ${SOURCE}/data/examples/disputes)
set(page ${DIR}/out/report.html)
if(KIND STREQUAL "compare")
  # The bundled weights, whose recipe the page spells out once.
  run(${JUNGLE} compare standard viidakko --games 8 --player alphabeta:depth=1 --threads 1 --out ${DIR}/out)
elseif(KIND STREQUAL "factorial")
  run(${JUNGLE} compare standard ${DISPUTES}/den-only-wins.toml ${DISPUTES}/no-moves-draw.toml --factorial --games 8
      --player alphabeta:depth=1 --weights untuned --threads 1 --out ${DIR}/out)
elseif(KIND STREQUAL "study")
  # Seven variants' names under the charts' bars, the piece values and perft tables.
  run(${JUNGLE} study --games 2 --depth 2 --player random --threads 1 --out ${DIR}/out)
elseif(KIND STREQUAL "tournament")
  run(${JUNGLE} tournament --variants standard,van-rijn-vis --players random,greedy --games 4 --threads 1
      --out ${DIR}/out)
elseif(KIND STREQUAL "ladder")
  run(${JUNGLE} ladder --levels depth=1..3 --variants standard,van-rijn-vis,viidakko --games 2 --threads 1
      --out ${DIR}/out)
  set(page ${DIR}/out/ladder.html)
elseif(KIND STREQUAL "levels")
  run(${JUNGLE} compare standard viidakko --levels depth=1..2 --games 4 --level-games 2 --threads 1 --out ${DIR}/out)
  set(page ${DIR}/out/levels.html)
else()
  message(FATAL_ERROR "KIND ${KIND}: not one of compare, factorial, study, tournament, ladder, levels")
endif()

foreach(width 390 1400)
  # Charts drawn, so that they are measured too (the page draws none without gnuplot).
  measure_page(${page} ${width} SCRIPT "return doc.querySelectorAll('svg text').length")
  if(NOT page_problems STREQUAL "")
    message(FATAL_ERROR "${KIND}'s page at ${width} px: ${page_problems}")
  endif()
  message(STATUS "${KIND}'s page at ${width} px: readable, ${page_extra} chart texts measured")
endforeach()
