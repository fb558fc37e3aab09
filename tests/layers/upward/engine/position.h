// A fixture for the test layers.refuses_an_upward_include: the engine may not know of tournaments.
#include "engine/types.h"
#include "match/tournament.h"
