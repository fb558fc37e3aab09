# Renames player FROM to TO on line LINE of the results file FILE, as a flipped bit would (random
# to bandom: 'r' 0x72, 'b' 0x62), and fails when that line has no player FROM, so that a test
# cannot pass on a file this left as it was.
# -DFILE=games.jsonl -DLINE=N -DFROM=name -DTO=name
file(READ ${FILE} text)
string(REPEAT "[^\n]*\n" ${LINE} through_line)
string(REGEX MATCH "^${through_line}" before "${text}")
string(LENGTH "${before}" end)
math(EXPR previous "${LINE} - 1")
string(REPEAT "[^\n]*\n" ${previous} through_previous)
string(REGEX MATCH "^${through_previous}" head "${text}")
string(LENGTH "${head}" start)
math(EXPR length "${end} - ${start}")
string(SUBSTRING "${text}" ${start} ${length} line)
string(SUBSTRING "${text}" ${end} -1 tail)
string(REGEX REPLACE "\"(white|black)\":\"${FROM}\"" "\"\\1\":\"${TO}\"" renamed "${line}")
if(renamed STREQUAL line)
  message(FATAL_ERROR "${FILE}:${LINE}: no player ${FROM} to rename: ${line}")
endif()
file(WRITE ${FILE} "${head}${renamed}${tail}")
