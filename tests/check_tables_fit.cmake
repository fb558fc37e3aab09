# The HTML report's tables fit the page (run by tests/cli/viewer.cmake; -DJUNGLE=path -DDIR=scratch).
# Two games between players whose specs are long and without spaces, as an engine's path or a
# tablebase folder makes them, reported with `jungle stats --out`; report.html measured in headless
# Chromium (measure_page.cmake) at a phone's 390 px wide window and at 1400 px: no table may be
# wider than the box it scrolls in, nothing may reach past the window's right edge, and the charts'
# texts are readable.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/measure_page.cmake)

set(A "alphabeta:nodes=2000,contempt=10,tablebases=/home/researcher/jungle/cache/tablebases/standard-4men-v2")
set(B "engine=/opt/engines/jungle-mcts-experimental/bin/mcts-engine-release-build")
# One move, then adjudicated: a game that replays (jungle stats leaves out those that do not).
set(game "{\"index\":0,\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"${A}\",\"black\":\"${B}\",\"seed\":1,\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"adjudication\",\"plies\":1}")
string(REPLACE "\"index\":0" "\"index\":1" swapped "${game}")
string(REPLACE "\"white\":\"${A}\",\"black\":\"${B}\"" "\"white\":\"${B}\",\"black\":\"${A}\"" swapped "${swapped}")
file(WRITE ${DIR}/games.jsonl "${game}\n${swapped}\n")
run(${JUNGLE} stats ${DIR}/games.jsonl --out ${DIR}/report)

foreach(width 390 1400)
  measure_page(${DIR}/report/report.html ${width})
  if(NOT page_problems STREQUAL "")
    message(FATAL_ERROR "report.html at ${width} px: ${page_problems}")
  endif()
endforeach()
# The long names are there to be measured: in the Players table's cell, whole.
file(READ ${DIR}/report/report.html page)
string(REPLACE "<wbr>" "" cells "${page}")
if(NOT cells MATCHES "<td data-label=\"players\">${A} vs ${B}</td>")
  message(FATAL_ERROR "report.html: the Players table does not hold the pairing ${A} vs ${B}")
endif()
message(STATUS "every table fits at 390 px and at 1400 px")
