# The HTML report's tables fit the page (run by tests/cli/viewer.cmake; -DJUNGLE=path -DDIR=scratch).
# Two games between players whose specs are long and without spaces, as an engine's path or a
# tablebase folder makes them, reported with `jungle stats --out`; report.html, with a script
# after the page's that measures it, in headless Chromium at a 1300 px wide window: no table may
# be wider than the box it scrolls in, and nothing may reach past the window's right edge.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

set(A "alphabeta:nodes=2000,contempt=10,tablebases=/home/researcher/jungle/cache/tablebases/standard-4men-v2")
set(B "engine=/opt/engines/jungle-mcts-experimental/bin/mcts-engine-release-build")
# One move, then adjudicated: a game that replays (jungle stats leaves out those that do not).
set(game "{\"index\":0,\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"${A}\",\"black\":\"${B}\",\"seed\":1,\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"1-0\",\"reason\":\"adjudication\",\"plies\":1}")
string(REPLACE "\"index\":0" "\"index\":1" swapped "${game}")
string(REPLACE "\"white\":\"${A}\",\"black\":\"${B}\"" "\"white\":\"${B}\",\"black\":\"${A}\"" swapped "${swapped}")
file(WRITE ${DIR}/games.jsonl "${game}\n${swapped}\n")
run(${JUNGLE} stats ${DIR}/games.jsonl --out ${DIR}/report)

file(READ ${DIR}/report/report.html page)
string(REPLACE "</body>" "<script>
  const wide = [];
  for (const box of document.querySelectorAll('.scroll'))
    if (box.scrollWidth > box.clientWidth)
      wide.push('a table in ' + box.closest('section').id + ' is ' + box.scrollWidth + ' px in a box of ' + box.clientWidth);
  for (const e of document.body.querySelectorAll('*'))
    if (e.getBoundingClientRect().right > document.documentElement.clientWidth)
      wide.push(e.tagName + '.' + e.className + ' in ' + (e.closest('section') || {}).id + ' reaches ' +
                Math.round(e.getBoundingClientRect().right) + ' px');
  document.body.append(Object.assign(document.createElement('pre'), { id: 'too-wide', textContent: wide.join('; ') }));
</script>
</body>" page "${page}")
file(WRITE ${DIR}/report/measured.html "${page}")
run(chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=${DIR}/chromium
    --window-size=1300,1200 --dump-dom "file://${DIR}/report/measured.html")
if(NOT run_output MATCHES "<pre id=\"too-wide\">([^<]*)</pre>")
  message(FATAL_ERROR "measured.html: the measuring script did not run")
endif()
set(too_wide "${CMAKE_MATCH_1}")  # a group that matched nothing leaves CMAKE_MATCH_1 unset
if(NOT too_wide STREQUAL "")
  message(FATAL_ERROR "report.html at 1300 px: ${too_wide}")
endif()
# The long names are there to be measured: in the Players table's cell, whole.
string(REPLACE "<wbr>" "" cells "${run_output}")
if(NOT cells MATCHES "<td>${A} vs ${B}</td>")
  message(FATAL_ERROR "report.html: the Players table does not hold the pairing ${A} vs ${B}")
endif()
message(STATUS "every table fits at 1300 px")
