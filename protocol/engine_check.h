// Checking that another program speaks the engine protocol of docs/protocol.md (`jungle
// engine-check`): it is driven through every command a manager sends, and each answer is held
// to the protocol, every move to the rules (Game::legal()). The engine is a child process whose
// every wait has a deadline, so a hanging or dying engine fails a step, never the check.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace jungle {

struct EngineCheckOptions {
  std::string program;  // looked up in PATH when it holds no '/'
  std::vector<std::string> args;
  // How long each answer may take, on top of the time a `go` grants (its movetime, the mover's
  // clock).
  std::chrono::milliseconds timeout{5000};
  // Sent as UCI_Variant, if the engine declares it: a bundled variant's name.
  std::string variant = "standard";
  // Sent as VariantPath, if the engine declares it, and its variant then chosen by name; empty:
  // the bundled file of `variant`. The moves of the steps after it are judged by its rules.
  std::filesystem::path rules_file;
};

enum class StepOutcome { Pass, Fail, Skip };

// One step of the check: "uci", "go depth 3", ... and what was seen: on a pass a detail (may be
// empty), on a fail what was wrong, on a skip why.
struct CheckStep {
  std::string name;
  StepOutcome outcome = StepOutcome::Pass;
  std::string message;
};

// Runs every step in order and returns them; on_step sees each as soon as it is done. A step
// that times out is followed by `stop` and `isready` to bring the engine back; when it does
// not come back, or has exited, one last failed step "remaining steps" names the steps not run. Throws
// VariantError for a bad `variant` or `rules_file`, before the engine is started.
std::vector<CheckStep> check_engine(const EngineCheckOptions& options,
                                    const std::function<void(const CheckStep&)>& on_step = {});

// "pass NAME[: message]", "FAIL NAME: message" or "skip NAME: message".
std::string step_line(const CheckStep& step);

}  // namespace jungle
