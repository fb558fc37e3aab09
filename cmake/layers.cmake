# The folders' layers: which folders each folder may include, as docs/architecture.md draws them.
# A folder includes only folders below it, so that the engine never learns of tournaments and the
# statistics never of players. Checked at configure time, and again by the test `layers.includes`:
#   cmake -DROOT=<source tree> -P cmake/layers.cmake
# tests/, bench/ and cli/ sit above everything and may include any folder.
if(CMAKE_SCRIPT_MODE_FILE)
  cmake_minimum_required(VERSION 3.25)
endif()
set(JUNGLE_LAYERS
  "support:"
  "distributed:support"
  "engine:support"
  "perft:support distributed engine"
  "tablebase:support engine"
  "search:support engine tablebase"
  "players:support engine tablebase search"
  "tune:support engine tablebase search"
  "protocol:support engine tablebase search players"
  "results:support engine"
  "stats:support engine results"
  "match:support distributed engine tablebase search players protocol results stats"
  "report:support engine tablebase search results stats"
  "research:support engine tablebase search players tune protocol results stats match report")

function(jungle_check_layers root)
  set(violations "")
  foreach(layer ${JUNGLE_LAYERS})
    string(REPLACE ":" ";" parts "${layer}")
    list(GET parts 0 folder)
    list(LENGTH parts count)
    set(allowed ${folder})
    if(count GREATER 1)
      list(GET parts 1 below)
      string(REPLACE " " ";" below "${below}")
      list(APPEND allowed ${below})
    endif()
    file(GLOB sources ${root}/${folder}/*.h ${root}/${folder}/*.cpp)
    foreach(source ${sources})
      file(STRINGS ${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]+\"[a-z_]+/")
      foreach(line ${includes})
        string(REGEX REPLACE "^[^\"]*\"([a-z_]+)/.*$" "\\1" included "${line}")
        string(REGEX REPLACE "^[^\"]*\"([^\"]*)\".*$" "\\1" header "${line}")
        if(NOT included IN_LIST allowed)
          file(RELATIVE_PATH shown ${root} ${source})
          list(JOIN allowed " " allowed_text)
          string(APPEND violations "\n  ${shown} includes \"${header}\": ${folder}/ may include only ${allowed_text}")
        endif()
      endforeach()
    endforeach()
  endforeach()
  if(violations)
    message(FATAL_ERROR "a folder includes one above it (see cmake/layers.cmake):${violations}")
  endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  if(NOT ROOT)
    message(FATAL_ERROR "usage: cmake -DROOT=<source tree> -P cmake/layers.cmake")
  endif()
  jungle_check_layers(${ROOT})
endif()
