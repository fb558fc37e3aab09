# Tournaments and perft across MPI ranks (tests/mpi/check_mpi.sh): the same records and counts as
# one process, a killed run resumed with another number of ranks, one error line. Only where MPI
# is built in, and not under the sanitizers (Open MPI's own allocations and memory hooks are not
# the project's to fix); skipped (exit 77) where mpirun is missing.
if(JUNGLE_MPI AND NOT JUNGLE_SANITIZE)
  add_test(NAME cli.mpi
    COMMAND bash ${CMAKE_SOURCE_DIR}/tests/mpi/check_mpi.sh $<TARGET_FILE:jungle> ${CMAKE_CURRENT_BINARY_DIR}/cli-mpi
            ${CMAKE_SOURCE_DIR}/scripts/mpirun-local.sh)
  # Its ranks share the machine's cores: run alone, so that the other tests' load cannot slow it.
  set_tests_properties(cli.mpi PROPERTIES SKIP_RETURN_CODE 77 LABELS mpi TIMEOUT 300 RUN_SERIAL TRUE)
endif()
