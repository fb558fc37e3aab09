// The program's version, `git describe` of the tree it was built from (see cmake/version.cmake),
// for run records and `jungle engine`'s `id name`.
#pragma once

namespace jungle {

const char* program_version();

}  // namespace jungle
