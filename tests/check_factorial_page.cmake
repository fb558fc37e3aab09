# The factorial's report pages in headless Chromium (run by tests/cli/factorial_page.cmake;
# -DTOOL=factorial_report -DDIR=scratch). The tool writes the example reports of a 2^3 design, of
# the 2^(5-1) fraction of the five disputes, whose cells have the longest names, and of the
# 2^(8-2) fraction, the largest design (64 cells, 36 terms a figure); each page, measured
# (measure_page.cmake) at a phone's 390 px wide window and at 1400 px, must have every table within
# its box and nothing past the window's right edge, no chart's text under 10 px or over another,
# and the factorial's four sections with their charts: three panels of effects, and the
# interaction plots.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/measure_page.cmake)

run(${TOOL} ${DIR})
foreach(design full fraction eight)
  foreach(width 390 1400)
    # The factorial's sections, and how many charts stand under its effects.
    measure_page(${DIR}/${design}/report.html ${width} SCRIPT "
      const sections = ['factorial', 'factorial-cells', 'factorial-balanced', 'factorial-design']
                         .filter((id) => !doc.getElementById(id))
      return 'missing sections: [' + sections.join(', ') + '] charts: ' + doc.querySelectorAll('#factorial svg').length")
    if(NOT page_problems STREQUAL "")
      message(FATAL_ERROR "${design}/report.html at ${width} px: ${page_problems}")
    endif()
  endforeach()
  # Every model has a large interaction on the score, and so on the decisive share (the tool's
  # models): three panels and at least two interaction plots, and the full design's rounds.
  if(design STREQUAL "full")
    set(expected 6)
  else()
    set(expected 5)
  endif()
  if(NOT page_extra MATCHES "^missing sections: \\[\\] charts: ([0-9]+)$" OR CMAKE_MATCH_1 LESS expected)
    message(FATAL_ERROR "${design}/report.html: ${page_extra}, not every section and ${expected} charts or more")
  endif()
  message(STATUS "${design}: every table and chart fits at 390 px and 1400 px, no chart's texts overlap")
endforeach()
