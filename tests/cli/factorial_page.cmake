# The factorial's report pages (tests/tools/factorial_report.cpp's examples) in headless Chromium:
# they fit a 1300 px wide window, with their longest cell names, and no chart's texts overlap.
# Skipped (exit 77) where chromium is not installed.
add_test(NAME cli.factorial_page
  COMMAND sh -c "command -v chromium >/dev/null 2>&1 || { echo 'chromium not found: skipped'; exit 77; }; exec \"$@\""
          factorial ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:factorial_report>
          -DDIR=${CMAKE_CURRENT_BINARY_DIR}/cli-factorial-page
          -P ${CMAKE_SOURCE_DIR}/tests/check_factorial_page.cmake)
set_tests_properties(cli.factorial_page PROPERTIES SKIP_RETURN_CODE 77 LABELS browser TIMEOUT 300)
