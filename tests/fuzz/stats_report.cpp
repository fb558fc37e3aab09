// What `jungle stats FILE --out DIR --sprt-players A,B` does with a results file: read it, or
// refuse it with one ResultsError; summarize the games; write the Markdown report and the report
// files; and run the SPRT between the first two players. Only the documented refusals are normal
// outcomes: ResultsError from reading, std::invalid_argument from summarize and sprt_players.
#include <stdlib.h>

#include <cstdint>
#include <sstream>

#include "report/report.h"
#include "research/game_summary.h"
#include "results/merged_results.h"
#include "tests/fuzz/fuzz_support.h"

using namespace jungle;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The HTML page then says gnuplot is missing instead of running it for every input.
  setenv("JUNGLE_GNUPLOT", "/nonexistent/gnuplot", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = fuzz::scratch().write("games.jsonl", fuzz::as_text(data, size));
  std::vector<StoredGame> games;
  std::vector<std::string> warnings;
  try {
    games = read_merged({file}, &warnings);
  } catch (const ResultsError&) {
    return 0;
  }

  report::Summary summary;
  try {
    summary = research::summarize(games);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  std::ostringstream markdown;
  report::write_markdown(markdown, summary);
  report::write_report_folder(fuzz::scratch().path() / "report", report::summary_files(summary, "fuzz"));

  if (summary.players.size() >= 2) {
    try {
      research::sprt_players(games, summary.players[0], summary.players[1], stats::SprtParams{});
    } catch (const std::invalid_argument&) {
      // The two never met.
    }
  }
  return 0;
}
