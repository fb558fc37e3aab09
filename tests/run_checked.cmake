# run(COMMAND...): runs a command for a test script; a non-zero exit fails the test, naming the
# command with its output. Its standard output is left in run_output.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${ARGN}\nexit code ${code}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()
