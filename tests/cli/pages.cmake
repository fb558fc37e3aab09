# Every kind of report page readable at a phone's 390 px and at 1400 px, in headless Chromium
# (tests/check_page_fits.cmake): compare's, a factorial's, the study's, a tournament's, the
# ladder's and compare --levels'. And the measure itself: a page that scrolls sideways, with a chart
# whose text is too small and overlaps, fails it. Skipped (exit 77) where chromium is not installed.
include(${CMAKE_SOURCE_DIR}/tests/browser_test.cmake)
foreach(kind compare factorial study tournament ladder levels)
  jungle_browser_test(page_${kind} ${CMAKE_SOURCE_DIR}/tests/check_page_fits.cmake -DJUNGLE=$<TARGET_FILE:jungle>
                      -DKIND=${kind})
endforeach()
jungle_browser_test(page_measure_finds_overflow ${CMAKE_SOURCE_DIR}/tests/check_page_measure.cmake)
