// A fingerprint of a variant's rules, for files that must not be read under other rules:
// tournament folders and the tablebase cache.
#pragma once

#include <string>

#include "engine/variant.h"

namespace jungle {

// A hash of every rule of the variant (not its name or description), as 16 hex digits:
// a changed rules file gives another hash.
std::string rules_hash(const Variant& variant);

}  // namespace jungle
