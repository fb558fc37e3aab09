// The mailbox generator of tests/mailbox.h as perft-diff's other generator, in process: the
// divide it counts under `rules`, which a test may have flipped to get a known wrong generator.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "perft/perft_diff.h"
#include "tests/mailbox.h"

inline jungle::Generator mailbox_generator(const mailbox::Rules& rules) {
  return [rules](int depth, const std::string& fen, const std::vector<std::string>& moves) {
    mailbox::Board b = mailbox::board_from_fen(fen, rules);
    for (const std::string& text : moves) {
      std::vector<mailbox::Move> legal = mailbox::generate(b);
      auto m = std::find_if(legal.begin(), legal.end(), [&](auto& x) { return mailbox::move_text(x) == text; });
      if (m == legal.end()) throw jungle::GeneratorError("mailbox: illegal move " + text);
      mailbox::Undo u;
      mailbox::make_move(b, *m, u);
    }
    jungle::Divide d{{}, depth == 0 ? 1u : 0u};
    for (const mailbox::Move& m : mailbox::generate(b)) {
      mailbox::Undo u;
      mailbox::make_move(b, m, u);
      d.lines.push_back({mailbox::move_text(m), mailbox::perft(b, depth - 1)});
      mailbox::unmake_move(b, m, u);
      d.total += d.lines.back().nodes;
    }
    return d;
  };
}
