# jungle_browser_test(NAME SCRIPT [TIMEOUT SECONDS] [-DVAR=VALUE...]): the test cli.NAME, labelled
# browser, that runs the CMake script SCRIPT with those definitions and DIR, a scratch folder of its
# own (build/tests/cli-NAME); skipped (exit 77) where chromium is not installed. TIMEOUT: 300 s
# unless given.
include_guard()

function(jungle_browser_test name script)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "TIMEOUT" "")
  if(NOT arg_TIMEOUT)
    set(arg_TIMEOUT 300)
  endif()
  add_test(NAME cli.${name}
    COMMAND sh -c "command -v chromium >/dev/null 2>&1 || { echo 'chromium not found: skipped'; exit 77; }; exec \"$@\""
            ${name} ${CMAKE_COMMAND} ${arg_UNPARSED_ARGUMENTS} -DDIR=${CMAKE_CURRENT_BINARY_DIR}/cli-${name}
            -P ${script})
  set_tests_properties(cli.${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS browser TIMEOUT ${arg_TIMEOUT})
endfunction()
