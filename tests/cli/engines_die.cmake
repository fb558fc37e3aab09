# No engine, nor any process an engine started, outlives `jungle tournament`: at a normal end,
# and on SIGTERM, SIGINT, SIGHUP and SIGKILL, with engines that ignore quit and those signals and
# start processes that leave their group and session (engines_die.py says what is checked).
foreach(end normal TERM INT HUP KILL)
  add_test(NAME cli.engines_die_${end}
    COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/cli/engines_die.py $<TARGET_FILE:jungle>
            $<TARGET_FILE:bad_engine> ${CMAKE_CURRENT_BINARY_DIR}/cli-engines-die-${end} ${end})
endforeach()
