# The factorial's report pages (tests/tools/factorial_report.cpp's examples) in headless Chromium:
# they fit a 390 px and a 1400 px wide window, with their longest cell names, and no chart's texts
# overlap. Skipped (exit 77) where chromium is not installed.
include(${CMAKE_SOURCE_DIR}/tests/browser_test.cmake)
jungle_browser_test(factorial_page ${CMAKE_SOURCE_DIR}/tests/check_factorial_page.cmake
                    -DTOOL=$<TARGET_FILE:factorial_report>)
