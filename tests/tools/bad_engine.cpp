// A misbehaving engine for the tournament and engine-check tests: it speaks docs/protocol.md and
// plays the first legal move (after `stop` when told `go infinite`), until its FAULT_AT-th move
// of a game (default 2), where it does what MODE says:
//   good       nothing wrong: it keeps playing
//   illegal    answers a move that is not legal (the lion's square to itself)
//   garbage    answers "bestmove banana"
//   hang       never answers
//   slow       answers after 2 seconds
//   crash      exits with status 3
//   nouciok    never answers uci (so it never starts)
//   noreadyok  answers uci but never isready
//   oddinfo    nothing wrong but its info lines: depth -1, score cp 5000000, nodes -5
//   repeat     from its first move on, takes back its own last move whenever it can, and plays
//              a move that the variant's repetition rule forbids as soon as there is one:
//              two of them, in a variant where a third repetition is forbidden, meet one at
//              their 4th move as black
//   early      answers `go infinite` at once, not after `stop`, whichever move it is
//   nostop     ignores `stop`, so that `go infinite` is never answered, whichever move it is
//   noquit     plays as good does, but ignores quit (and exits at the end of its input)
//   badoption  declares an option whose default lies outside its min and max
//   badpv      nothing wrong but its info lines' pv: its move, then the same move again
//   reports    nothing wrong, and its info says everything a tournament keeps, the search time
//              last: "info depth 1 time 99999", then "info depth 3 seldepth 7 score cp 35
//              nodes 120 time 0 pv MOVE", so that its latency is the manager's whole wall time
//   stubborn   plays as good does, but will not die: it ignores quit, the end of its input,
//              SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE, and before answering uci it starts
//              processes as stubborn (see start_family), each writing "ROLE PID" to the file
//              named by $BAD_ENGINE_PIDS, so that a test can see whether any survives
// Usage: bad_engine MODE [FAULT_AT]
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "support/numbers.h"

using namespace jungle;

namespace {

// A move that the game's rules forbid (legal for the piece, left out of game.legal()), or else
// the mover's own last move taken back, or else the first legal move.
Move repeating_move(const Game& game) {
  for (Move m : legal_moves(game.position()))
    if (!game.legal().contains(m)) return m;
  const std::vector<Move>& played = game.moves();
  if (played.size() >= 2) {
    const Move own_last = played[played.size() - 2];
    for (Move m : game.legal())
      if (from_sq(m) == to_sq(own_last) && to_sq(m) == from_sq(own_last)) return m;
  }
  return game.legal().moves[0];
}

[[noreturn]] void hang() {
  for (;;) ::pause();
}

// Appends "ROLE PID" to $BAD_ENGINE_PIDS in one write, then tells the engine through `ready`.
void record(const char* role, int ready) {
  const std::string line = std::string(role) + " " + std::to_string(::getpid()) + "\n";
  if (const char* file = std::getenv("BAD_ENGINE_PIDS")) {
    const int fd = ::open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0 || ::write(fd, line.data(), line.size()) != ssize_t(line.size())) ::_exit(4);
    ::close(fd);
  }
  if (ready >= 0 && ::write(ready, "x", 1) != 1) ::_exit(4);
}

// The stubborn engine's descendants, every one ignoring the signals the engine ignores:
//   group     a child in the engine's process group
//   session   a child that calls setsid(), out of the engine's group and session ...
//   nested    ... and its own child, in that new session
//   daemon    a grandchild left by a child that called setsid() and exited at once (a daemon's
//             double fork): orphaned while the engine still runs
// Returns once each has written its line.
void start_family() {
  record("engine", -1);
  int ready[2];
  if (::pipe(ready) != 0) ::_exit(4);
  auto child = [&](auto body) {
    if (::fork() == 0) {
      ::close(ready[0]);
      body();
      hang();
    }
  };
  child([&] { record("group", ready[1]); });
  child([&] {
    ::setsid();
    record("session", ready[1]);
    child([&] { record("nested", ready[1]); });
  });
  child([&] {
    ::setsid();
    if (::fork() == 0) record("daemon", ready[1]), hang();
    ::_exit(0);
  });
  ::close(ready[1]);
  char byte;
  for (int lines = 0; lines < 4; ++lines)
    if (::read(ready[0], &byte, 1) != 1) ::_exit(4);
  ::close(ready[0]);
  ::wait(nullptr);  // the daemon's parent
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "good";
  constexpr int MAX_FAULT_AT = std::numeric_limits<int>::max();
  const std::optional<int> fault_at = argc > 2 ? parse_whole_number(argv[2], 0, MAX_FAULT_AT) : 2;
  if (!fault_at) {
    std::cerr << "usage: bad_engine MODE [FAULT_AT]: FAULT_AT " << whole_number_expected(argv[2], 0, MAX_FAULT_AT)
              << "\n";
    return 2;
  }
  std::string variant_name = "standard";
  Variant variant = load_variant(variant_name);
  Game game(variant);
  int moves_this_game = 0;
  std::string waiting_for_stop;  // the answer to `go infinite`, sent on `stop`
  const bool stubborn = mode == "stubborn";
  if (stubborn) {
    for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE}) std::signal(signal, SIG_IGN);
    start_family();
  }

  for (std::string line; std::getline(std::cin, line);) {
    std::istringstream in(line);
    std::string command;
    in >> command;
    if (command == "uci") {
      if (mode == "nouciok") hang();
      std::cout << "id name bad_engine " << mode << "\nid author the jungle tests\n";
      if (mode == "badoption") std::cout << "option name Hash type spin default 100 min 1 max 64\n";
      std::cout << "uciok" << std::endl;
    } else if (command == "isready") {
      if (mode == "noreadyok") hang();
      std::cout << "readyok" << std::endl;
    } else if (command == "setoption") {
      std::string word, name, value;
      in >> word >> name >> word >> value;  // name N value V
      if (name == "UCI_Variant") variant = load_variant(variant_name = value);
    } else if (command == "ucinewgame") {
      moves_this_game = 0;
    } else if (command == "position") {
      std::string kind, word;
      in >> kind;
      std::string fen;
      if (kind == "fen")
        while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
      else
        in >> word;  // "moves", if any
      game = Game(variant, fen);
      while (in >> word) game.play(parse_move(game.position(), word));
    } else if (command == "stop") {
      if (mode != "nostop" && !waiting_for_stop.empty()) std::cout << waiting_for_stop << std::endl;
      waiting_for_stop.clear();
    } else if (command == "go") {
      ++moves_this_game;
      std::string first = move_to_string(game.legal().moves[0]);
      if (mode == "repeat") first = move_to_string(repeating_move(game));
      if (moves_this_game == *fault_at) {
        if (mode == "illegal") {
          const std::string from = first.substr(0, 2);
          std::cout << "bestmove " << from << from << std::endl;
          continue;
        }
        if (mode == "garbage") {
          std::cout << "bestmove banana" << std::endl;
          continue;
        }
        if (mode == "hang") hang();
        if (mode == "slow") ::sleep(2);
        if (mode == "crash") std::exit(3);
      }
      std::string info = mode == "oddinfo" ? "info depth -1 score cp 5000000 nodes -5" : "info depth 1 score cp 0 nodes 1";
      if (mode == "badpv") info += " pv " + first + " " + first;
      if (mode == "reports") info = "info depth 1 time 99999\ninfo depth 3 seldepth 7 score cp 35 nodes 120 time 0 pv " + first;
      if (line.find(" infinite") != std::string::npos && mode != "early") {
        std::cout << info << std::endl;
        waiting_for_stop = "bestmove " + first;
      } else {
        std::cout << info << "\nbestmove " << first << std::endl;
      }
    } else if (command == "quit") {
      if (!stubborn && mode != "noquit") return 0;
    }
  }
  if (stubborn) hang();
  return 0;
}
