# Checks a file a `jungle` command wrote: its text must match EXPECT and must not match REJECT.
# -DFILE=path [-DEXPECT=regex] [-DREJECT=regex]
file(READ ${FILE} text)
if(DEFINED EXPECT AND NOT text MATCHES "${EXPECT}")
  message(FATAL_ERROR "${FILE} does not match '${EXPECT}'")
endif()
if(DEFINED REJECT AND text MATCHES "${REJECT}")
  message(FATAL_ERROR "${FILE} matches '${REJECT}': '${CMAKE_MATCH_0}'")
endif()
