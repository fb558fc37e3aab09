# The game viewer against the engine (run by tests/cli/viewer.cmake; -DJUNGLE=path -DDIR=scratch).
# Plays two small tournaments, reports them with `jungle stats --out`, opens report.html at a
# game and ply in headless Chromium and compares the board's data-fen with the position that
# `jungle show --moves` computes from the results file's moves, at the first ply, a middle one or
# the last: of a standard game, of a game under a variant with other terrain (whose rows the
# board's data-terrain must show) and of a game from an openings file's position. Then the notices:
# an address that names no game says so and shows none, and a filter that hides the game on the
# board leaves it there and says so.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

# Lakes in other places than the standard's: two rows of water across the board.
set(ISLANDS_ROWS "..tdt..|...t...|.......|~~.~.~~|.......|~~.~.~~|.......|...T...|..TDT..")
string(REPLACE "|" "\", \"" rows "${ISLANDS_ROWS}")
file(WRITE ${DIR}/islands.toml "name = \"islands\"\nextends = \"standard\"\ndescription = \"test terrain\"\n\n"
                               "[board]\nterrain = [\"${rows}\"]\n")
# The standard start after a3a4: the second player to move.
set(OPENING_FEN "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b")
file(WRITE ${DIR}/openings.epd "${OPENING_FEN}\n")

run(${JUNGLE} tournament --variants standard,${DIR}/islands.toml --players random,greedy --games 2 --seed 11
    --threads 1 --out ${DIR}/a)
run(${JUNGLE} tournament --variants standard --players random --games 2 --seed 12 --threads 1
    --openings file=${DIR}/openings.epd,format=epd --out ${DIR}/b)
run(${JUNGLE} stats ${DIR}/a/games.jsonl ${DIR}/b/games.jsonl --out ${DIR}/report)

# The games in the report's order: each file's by index, the files in the order given.
set(count 0)
foreach(part a b)
  file(STRINGS ${DIR}/${part}/games.jsonl lines)
  list(LENGTH lines n)
  math(EXPR last "${n} - 1")
  foreach(index RANGE ${last})
    foreach(line IN LISTS lines)
      string(JSON line_index GET "${line}" index)
      if(line_index EQUAL index)
        math(EXPR count "${count} + 1")
        set(game_${count} "${line}")
      endif()
    endforeach()
  endforeach()
endforeach()

# The page that check_board opens, in ${DIR}/report.
set(PAGE report.html)

# PAGE#game=NUMBER&ply=PLY in Chromium against `jungle show`; the page's DOM as page_dom.
function(check_board number ply)
  set(game "${game_${number}}")
  string(JSON variant GET "${game}" variant)
  string(JSON plies LENGTH "${game}" moves)
  string(JSON fen ERROR_VARIABLE no_fen GET "${game}" fen)
  set(moves "")
  if(ply GREATER 0)
    math(EXPR last "${ply} - 1")
    foreach(i RANGE ${last})
      string(JSON move GET "${game}" moves ${i})
      string(APPEND moves " ${move}")
    endforeach()
  endif()
  set(rules ${variant})
  if(variant STREQUAL "islands")  # records name a variant file's variant by its name
    set(rules ${DIR}/islands.toml)
  endif()
  set(show ${JUNGLE} show --variant ${rules})
  if(moves)
    list(APPEND show --moves "${moves}")
  endif()
  if(NOT no_fen)
    list(APPEND show --fen "${fen}")
  endif()
  run(${show})
  if(NOT run_output MATCHES "\nPosition: ([^\n]*)\n")
    message(FATAL_ERROR "jungle show printed no position:\n${run_output}")
  endif()
  set(expected "${CMAKE_MATCH_1}")

  set(url "file://${DIR}/report/${PAGE}#game=${number}&ply=${ply}")
  run(chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=${DIR}/chromium
      --dump-dom "${url}")
  set(page_dom "${run_output}" PARENT_SCOPE)
  if(NOT run_output MATCHES "<div id=\"gv-board\"[^>]*>")
    message(FATAL_ERROR "${url}: no board in the page")
  endif()
  set(board "${CMAKE_MATCH_0}")
  foreach(attribute fen terrain game ply)
    if(NOT board MATCHES " data-${attribute}=\"([^\"]*)\"")
      message(FATAL_ERROR "${url}: the board has no data-${attribute}: ${board}")
    endif()
    set(shown_${attribute} "${CMAKE_MATCH_1}")
  endforeach()
  if(NOT shown_game STREQUAL number OR NOT shown_ply STREQUAL ply)
    message(FATAL_ERROR "${url}: the page shows game ${shown_game} at ply ${shown_ply}")
  endif()
  if(NOT shown_fen STREQUAL expected)
    message(FATAL_ERROR "${url} (${variant}, ${plies} plies): the board shows\n  ${shown_fen}\n"
                        "but the engine reaches\n  ${expected}\nafter${moves}")
  endif()
  string(REPLACE "|" "/" islands_terrain "${ISLANDS_ROWS}")
  if(variant STREQUAL "islands" AND NOT shown_terrain STREQUAL islands_terrain)
    message(FATAL_ERROR "${url}: the board draws terrain ${shown_terrain}, not the variant's ${islands_terrain}")
  endif()
  message(STATUS "game ${number} (${variant}) ply ${ply} of ${plies}: ${shown_fen}")
endfunction()

# Game 1 is standard, game 3 islands, game 5 from the openings file (2 games per variant in a).
if(NOT game_3 MATCHES "\"variant\":\"islands\"" OR NOT game_1 MATCHES "\"variant\":\"standard\""
   OR NOT game_5 MATCHES "\"fen\":")
  message(FATAL_ERROR "the games are not in the order this test expects:\n${game_1}\n${game_3}\n${game_5}")
endif()
# Each game at two of its first, middle and last plies (a browser start costs seconds).
function(check_game number)
  string(JSON plies LENGTH "${game_${number}}" moves)
  math(EXPR middle "${plies} / 2")
  foreach(ply ${ARGN})
    string(REPLACE "last" ${plies} ply ${ply})
    string(REPLACE "middle" ${middle} ply ${ply})
    check_board(${number} ${ply})
  endforeach()
  set(page_dom "${page_dom}" PARENT_SCOPE)
endfunction()
check_game(1 0 last)
check_game(3 middle last)
check_game(5 0 middle)

# The viewer's notice (id gv-notice) in a page's DOM, as notice.
function(get_notice dom url)
  if(NOT dom MATCHES "<div id=\"gv-notice\"[^>]*>([^<]*)</div>")
    message(FATAL_ERROR "${url}: no notice in the page")
  endif()
  set(notice "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()

# An address that names no game: a notice that says so with the page's numbers (games 1 to the
# count of the results files' lines), and no game on the board rather than another one.
foreach(wanted 99999 x)
  set(url "file://${DIR}/report/report.html#game=${wanted}&ply=2")
  run(chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir=${DIR}/chromium
      --dump-dom "${url}")
  get_notice("${run_output}" "${url}")
  set(named ${wanted})
  if(wanted STREQUAL "x")
    set(named "“x”")
  endif()
  if(NOT notice STREQUAL "No game ${named}: the page has games 1 to ${count}. Pick a game from the list.")
    message(FATAL_ERROR "${url}: the notice says \"${notice}\"")
  endif()
  if(NOT run_output MATCHES "<div id=\"gv-board\"[^>]*>" OR CMAKE_MATCH_0 MATCHES "data-game=")
    message(FATAL_ERROR "${url}: the board shows a game: ${CMAKE_MATCH_0}")
  endif()
  if(run_output MATCHES "<tr [^>]*class=\"gv-current\"")
    message(FATAL_ERROR "${url}: the list marks a game as shown: ${CMAKE_MATCH_0}")
  endif()
  message(STATUS "game ${wanted}: ${notice}")
endforeach()

# A filter that hides the game on the board: the report with a script after the viewer's that
# picks variant "standard" in the list's filter, as a reader would. Game 3 (islands) stays on the
# board at its ply, as the engine has it, and the notice says the filter hides it; the list shows
# no row of it. Game 1, standard, is not hidden: no notice.
file(READ ${DIR}/report/report.html page)
string(REPLACE "</body>" "<script>
  const select = document.getElementById('gv-f-v');
  select.value = [...select.options].find((o) => o.textContent === 'standard').value;
  select.dispatchEvent(new Event('change'));
</script>
</body>" page "${page}")
file(WRITE ${DIR}/report/filtered.html "${page}")
set(PAGE filtered.html)
check_game(3 middle)
get_notice("${page_dom}" "filtered.html#game=3")
if(NOT notice MATCHES "^Game 3 is hidden by the filter")
  message(FATAL_ERROR "filtered.html#game=3: the notice says \"${notice}\"")
endif()
if(page_dom MATCHES "<tr data-game=\"3\"" OR NOT page_dom MATCHES "<tr data-game=\"1\"")
  message(FATAL_ERROR "filtered.html#game=3: the list does not hold standard's games only")
endif()
message(STATUS "game 3 under the filter: ${notice}")
check_game(1 0)
get_notice("${page_dom}" "filtered.html#game=1")
if(NOT notice STREQUAL "")
  message(FATAL_ERROR "filtered.html#game=1: the notice says \"${notice}\" of a game the filter shows")
endif()
