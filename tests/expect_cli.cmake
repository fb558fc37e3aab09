# Runs one `jungle` command line and checks its exit code and output.
# -DJUNGLE=path -DARGS="arg|arg|..." -DEXPECT_EXIT=N -DEXPECT_STDOUT=regex -DEXPECT_STDERR=regex
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${JUNGLE} ${args} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL EXPECT_EXIT)
  message(FATAL_ERROR "exit code ${code}, expected ${EXPECT_EXIT}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED EXPECT_STDOUT AND NOT out MATCHES "${EXPECT_STDOUT}")
  message(FATAL_ERROR "stdout does not match '${EXPECT_STDOUT}':\n${out}")
endif()
if(DEFINED EXPECT_STDERR AND NOT err MATCHES "${EXPECT_STDERR}")
  message(FATAL_ERROR "stderr does not match '${EXPECT_STDERR}':\n${err}")
endif()
