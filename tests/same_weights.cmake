# Checks that two weights files hold the same weights: equal text up to their [tuning] tables
# (which say how, and by which command, each was made).
# -DFIRST=path -DSECOND=path; either may be a glob that names one file.
foreach(which FIRST SECOND)
  file(GLOB found ${${which}})
  list(LENGTH found count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "${${which}} names ${count} files, not one")
  endif()
  file(READ ${found} text)
  string(FIND "${text}" "[tuning]" end)
  string(SUBSTRING "${text}" 0 ${end} weights_${which})
endforeach()
if(NOT weights_FIRST STREQUAL weights_SECOND)
  message(FATAL_ERROR "${FIRST} and ${SECOND} hold different weights:\n${weights_FIRST}\n---\n${weights_SECOND}")
endif()
