// The one error of research/: a mistake in what a research command was given (a setting, a
// variant, a weights cache that cannot be written), one line naming the option at fault. `jungle`
// prints it as "error: ..." and exits 1, as it does its own usage errors.
#pragma once

#include <functional>
#include <stdexcept>

namespace jungle::research {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs a job that plays a tournament (compare's rounds, the fitting's self-play) so that its
// failures read as `jungle tournament`'s do: a TournamentError (bad settings, an --out that holds
// another run) or a FileWriteError becomes an InputError of the same text, a VariantError one on
// --variants. A ResultsError (a results file there that cannot be read) passes on as it is.
void run_reporting_failures(const std::function<void()>& job);

}  // namespace jungle::research
