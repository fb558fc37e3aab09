# measure_page.cmake finds what it is there to find (run by tests/cli/pages.cmake; -DDIR=scratch):
# a page 600 px wide in a 390 px window, whose chart has a text 6 px tall, a text past the chart's
# edge and two texts over one another, is four problems; the same page without them, none.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

include(${CMAKE_CURRENT_LIST_DIR}/measure_page.cmake)

set(head "<!DOCTYPE html><html><head><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>")
file(WRITE ${DIR}/bad.html "${head}<body><section id=\"wide\"><div style=\"width: 600px\">wide</div></section>
<svg viewBox=\"0 0 200 100\" style=\"width: 200px\"><title>bad</title>
<text x=\"10\" y=\"20\" font-size=\"6\">tiny</text>
<text x=\"150\" y=\"50\" font-size=\"14\">past the edge</text>
<text x=\"10\" y=\"80\" font-size=\"14\">one</text><text x=\"20\" y=\"82\" font-size=\"14\">two</text>
</svg></body></html>")
file(WRITE ${DIR}/good.html "${head}<body><section id=\"narrow\"><div>narrow</div></section>
<svg viewBox=\"0 0 200 100\" style=\"width: 200px\"><title>good</title>
<text x=\"10\" y=\"20\" font-size=\"14\">large</text><text x=\"10\" y=\"80\" font-size=\"14\">apart</text>
</svg></body></html>")

measure_page(${DIR}/bad.html 390)
foreach(expected "the page scrolls sideways: 6[0-9][0-9] px in a window of 390"
                 "elements reach past the window of 390 px: div in wide reaches 6[0-9][0-9] px"
                 "in the chart bad, \"tiny\" is [0-9.]+ px tall" "in the chart bad, \"past the edge\" runs past the chart"
                 "in the chart bad, \"one\" and \"two\" overlap")
  if(NOT page_problems MATCHES "${expected}")
    message(FATAL_ERROR "bad.html: the measure did not say \"${expected}\" but: ${page_problems}")
  endif()
endforeach()
measure_page(${DIR}/good.html 390)
if(NOT page_problems STREQUAL "")
  message(FATAL_ERROR "good.html: ${page_problems}")
endif()
message(STATUS "the measure finds a page wider than the window, and a chart's small, cut and overlapping texts")
