// support/: the one key=value reader, the text helpers, atomic file writes and child processes,
// each checked against what was written by hand.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "match/adjudication.h"
#include "players/player.h"
#include "protocol/engine_player.h"
#include "protocol/time_control.h"
#include "stats/statistics.h"
#include "support/child_process.h"
#include "support/files.h"
#include "support/key_values.h"
#include "support/text.h"

using namespace jungle;

namespace {

std::string refusal(std::string_view text, const KeyValueSyntax& syntax) {
  try {
    split_key_values(text, syntax);
  } catch (const KeyValueError& e) {
    return e.what();
  }
  return "accepted";
}

// What an option's parser says of a text, or "accepted".
template <typename Parse>
std::string message_of(Parse parse, const std::string& text) {
  try {
    parse(text);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST(KeyValues, SplitsInTheOrderWritten) {
  const auto items = split_key_values("b=2,a=,option.Hash=16", {.keys = {"a", "b", "option."}});
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0].key, "b");
  EXPECT_EQ(items[0].value, "2");
  EXPECT_EQ(items[1].key, "a");
  EXPECT_EQ(items[1].value, "");
  EXPECT_EQ(items[2].key, "option.Hash");
  EXPECT_EQ(items[2].value, "16");
  // A value may hold '=' (only the first one splits).
  EXPECT_EQ(split_key_values("a=x=y", {.keys = {"a"}})[0].value, "x=y");
}

TEST(KeyValues, RefusesEachMistakeInOneLine) {
  const KeyValueSyntax syntax{.keys = {"a", "b", "option."}};
  EXPECT_EQ(refusal("a=1,a=2", syntax), "key \"a\" is given twice");
  EXPECT_EQ(refusal("c=1", syntax), "unknown key \"c\" (a, b, option.)");
  EXPECT_EQ(refusal("option.=1", syntax), "unknown key \"option.\" (a, b, option.)");
  EXPECT_EQ(refusal("a", syntax), "key \"a\" has no value (\"a\" is not key=value)");
  EXPECT_EQ(refusal("a=1,", syntax), "empty key");
  EXPECT_EQ(refusal("", syntax), "empty key");
  EXPECT_EQ(refusal("option.X=1,option.X=2", syntax), "key \"option.X\" is given twice");
  EXPECT_EQ(refusal("x=1", {.keys = {"a"}, .noun = "parameter", .expected = "a=N"}), "unknown parameter \"x\" (a=N)");
}

// Every option written as key=value refuses a key given twice, naming the option; before one
// reader served them all, --draw and --sprt kept the last value silently.
TEST(KeyValues, EveryOptionRefusesARepeatedKey) {
  EXPECT_EQ(message_of(parse_draw_adjudication, "movecount=3,movecount=5"), "--draw: key \"movecount\" is given twice");
  EXPECT_EQ(message_of(parse_resign_adjudication, "movecount=3,score=5,score=6"),
            "--resign: key \"score\" is given twice");
  EXPECT_EQ(message_of(stats::parse_sprt_params, "elo0=0,elo0=5,elo1=10"), "--sprt: key \"elo0\" is given twice");
  EXPECT_NE(message_of(parse_time_control, "tc=10,tc=5").find("key \"tc\" is given twice"), std::string::npos);
  EXPECT_NE(message_of(parse_engine_config, "name=a,cmd=x,name=b").find("--engine name=a,cmd=x,name=b: key \"name\" is given twice"),
            std::string::npos);
  EXPECT_NE(message_of([](const std::string& spec) { validate_player_spec(spec); }, "alphabeta:depth=1,depth=2").find("parameter \"depth\" is given twice"),
            std::string::npos);
}

TEST(Text, JoinsSplitsTrimsAndGroups) {
  EXPECT_EQ(join(std::vector<std::string>{"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(join(std::vector<std::string>{"a", "b"}, ","), "a,b");
  EXPECT_EQ(join(std::vector<std::string>{}), "");
  EXPECT_EQ(split("a,,b", ','), (std::vector<std::string_view>{"a", "", "b"}));
  EXPECT_EQ(split("", ','), (std::vector<std::string_view>{""}));
  EXPECT_EQ(trim(" \tx y\r "), "x y");
  EXPECT_EQ(trim("  "), "");
  EXPECT_EQ(with_commas(0), "0");
  EXPECT_EQ(with_commas(999), "999");
  EXPECT_EQ(with_commas(1000), "1,000");
  EXPECT_EQ(with_commas(100453636), "100,453,636");
  EXPECT_EQ(with_commas(18446744073709551615ull), "18,446,744,073,709,551,615");
  EXPECT_EQ(byte_size_text(1 << 20), "1 MiB");
  EXPECT_EQ(byte_size_text(1000), "1000 bytes");
}

TEST(Files, WritesWholeOrNamesTheFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("jungle-files-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "blocked");
  write_file_atomically(dir / "a.txt", std::string("first"));
  write_file_atomically(dir / "a.txt", std::string("second"));
  std::ifstream in(dir / "a.txt");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "second");
  EXPECT_FALSE(std::filesystem::exists(dir / "a.txt.tmp"));
  // A folder where the file belongs: refused, naming the file last, and no temporary left.
  try {
    write_file_atomically(dir / "blocked", std::string("x"));
    ADD_FAILURE() << "wrote over a folder";
  } catch (const FileWriteError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(what.starts_with("cannot write (")) << what;
    EXPECT_TRUE(what.ends_with((dir / "blocked").string())) << what;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "blocked.tmp"));
  std::filesystem::remove_all(dir);
}

TEST(ChildProcess, TalksLineByLineAndSeesItExit) {
  ChildProcess cat({.program = "cat", .input = true});
  cat.send("hello");
  EXPECT_EQ(cat.read_line(ChildProcess::Clock::now() + std::chrono::seconds(10), 100), "hello");
  // Nothing more comes: the deadline passes with no line.
  EXPECT_EQ(cat.read_line(ChildProcess::Clock::now() + std::chrono::milliseconds(50), 100), std::nullopt);
  cat.kill();
  EXPECT_THROW(cat.read_line(ChildProcess::Clock::now() + std::chrono::seconds(1), 100), ChildProcessError);
  EXPECT_THROW(cat.send("x"), ChildProcessError);
}

TEST(ChildProcess, ReadsAllOutputAndTheExitStatus) {
  ChildProcess sh({.program = "/bin/sh", .args = {"-c", "printf 'a\\nb\\n'; exit 3"}});
  std::string output;
  const auto deadline = ChildProcess::Clock::now() + std::chrono::seconds(10);
  EXPECT_EQ(sh.read_all(output, deadline, 100), ChildProcess::Stop::Closed);
  EXPECT_EQ(output, "a\nb\n");
  const std::optional<int> status = sh.wait(deadline);
  ASSERT_TRUE(status);
  EXPECT_EQ(describe_exit(*status), "exited with status 3");
}

TEST(ChildProcess, EveryWaitHasADeadline) {
  // A child that never ends is killed at the deadline, its group with it.
  ChildProcess sleeper({.program = "/bin/sh", .args = {"-c", "sleep 100"}});
  const auto start = ChildProcess::Clock::now();
  EXPECT_EQ(sleeper.wait(start + std::chrono::milliseconds(200)), std::nullopt);
  EXPECT_LT(ChildProcess::Clock::now() - start, std::chrono::seconds(50));
  // A child that floods is stopped at the cap.
  ChildProcess yes({.program = "yes"});
  std::string output;
  EXPECT_EQ(yes.read_all(output, ChildProcess::Clock::now() + std::chrono::seconds(10), 1000),
            ChildProcess::Stop::OutputCap);
  EXPECT_LE(output.size(), 1000u);
}

// The kernel kills a child when the thread that started it ends (PR_SET_PDEATHSIG), as it would
// when a SIGKILL ends the whole process: a child's status says SIGKILL, not the end of its sleep.
TEST(ChildProcess, DiesWithTheThreadThatStartedIt) {
  std::optional<ChildProcess> sleeper;
  std::thread([&] { sleeper.emplace(ChildSpec{.program = "sleep", .args = {"1000"}}); }).join();
  const std::optional<int> status = sleeper->wait(ChildProcess::Clock::now() + std::chrono::seconds(60));
  ASSERT_TRUE(status.has_value()) << "the child outlived the thread that started it";
  EXPECT_EQ(describe_exit(*status), "was killed by signal " + std::to_string(SIGKILL));
}

TEST(ChildProcess, AProgramThatCannotRunIsOneLine) {
  try {
    ChildProcess missing({.program = "/nonexistent/program"});
    ADD_FAILURE() << "started a program that does not exist";
  } catch (const ChildProcessError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot run /nonexistent/program: No such file or directory");
  }
}

TEST(ChildProcess, OutputToAFileInItsFolder) {
  const auto dir = std::filesystem::temp_directory_path() / ("jungle-child-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  ChildProcess sh({.program = "/bin/sh", .args = {"-c", "echo out; echo err >&2"}, .dir = dir, .output_file = "log"});
  ASSERT_TRUE(sh.wait(ChildProcess::Clock::now() + std::chrono::seconds(10)));
  std::ifstream in(dir / "log");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "out\nerr\n");
  std::filesystem::remove_all(dir);
}
