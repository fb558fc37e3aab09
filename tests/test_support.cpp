// support/: the one key=value reader, the text helpers, atomic file writes and child processes,
// each checked against what was written by hand.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>

#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "match/adjudication.h"
#include "players/player.h"
#include "protocol/engine_player.h"
#include "protocol/time_control.h"
#include "stats/statistics.h"
#include "support/checksum.h"
#include "support/child_process.h"
#include "support/duration.h"
#include "support/files.h"
#include "support/key_values.h"
#include "support/nearest_names.h"
#include "support/numbers.h"
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
  // A near miss names the key meant: one letter too many, two swapped.
  EXPECT_EQ(refusal("tcc=1", {.keys = {"tc", "st", "option."}}), "unknown key \"tcc\": did you mean tc? (tc, st, option.)");
  EXPECT_EQ(refusal("dpeth=3", {.keys = {"depth", "nodes"}, .noun = "parameter", .expected = "depth=N or nodes=N"}),
            "unknown parameter \"dpeth\": did you mean depth? (depth=N or nodes=N)");
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

// Code points, not bytes: "±" and "−" are two and three bytes of UTF-8, one character each.
TEST(Text, DisplayWidthCountsCharactersNotBytes) {
  EXPECT_EQ(display_width("abc"), 3u);
  EXPECT_EQ(display_width("±0.03"), 5u);
  EXPECT_EQ(display_width("−0.012 × 2"), 10u);
  EXPECT_EQ(display_width(""), 0u);
}

TEST(Text, AlternativesReadAsASentence) {
  EXPECT_EQ(alternatives({"a", "b", "c"}), "a, b or c");
  EXPECT_EQ(alternatives({"a", "b"}), "a or b");
  EXPECT_EQ(alternatives({"a"}), "a");
  EXPECT_EQ(alternatives({}), "");
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

// Distances worked by hand: kitten -> sitten -> sittin -> sitting is three edits; "ca" -> "abc"
// is three here (optimal string alignment: the swapped "ac" cannot then take the inserted 'b'),
// where the unrestricted Damerau-Levenshtein distance would be two.
TEST(NearestNames, EditDistanceByHand) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("abc", "abc"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("flaw", "lawn"), 2u);     // delete f, append n
  EXPECT_EQ(edit_distance("depht", "depth"), 1u);   // one swap
  EXPECT_EQ(edit_distance("perftt", "perft"), 1u);  // one deletion
  EXPECT_EQ(edit_distance("standardd", "standard"), 1u);
  EXPECT_EQ(edit_distance("ca", "abc"), 3u);
  EXPECT_EQ(edit_distance("Standard", "standard"), 1u);  // case counts
  EXPECT_EQ(edit_distance("--dept", "--depth"), 1u);
  EXPECT_EQ(edit_distance("--dept", "--divide"), 5u);  // "ept" to "ivide": three replaced, two inserted
}

TEST(NearestNames, SuggestsOnlyNearNames) {
  const std::vector<std::string> commands = {"perft", "perft-table", "perft-diff", "check", "show", "stats", "study"};
  EXPECT_EQ(nearest_names("perftt", commands), (std::vector<std::string>{"perft"}));
  EXPECT_EQ(nearest_names("chekc", commands), (std::vector<std::string>{"check"}));
  EXPECT_EQ(nearest_names("stat", commands), (std::vector<std::string>{"stats"}));
  // Two at the same distance: both, in the order given; "chess" is 2 edits away.
  EXPECT_EQ(nearest_names("chek", {"check", "cheek", "chess"}), (std::vector<std::string>{"check", "cheek"}));
  // A third of the length: "pft" (3 characters) may be 1 edit away, and "perft" is 2.
  EXPECT_TRUE(nearest_names("pft", commands).empty());
  EXPECT_TRUE(nearest_names("frobnicate", commands).empty());
  // One character is one edit from any other: "-d" is not "-h".
  EXPECT_TRUE(nearest_names("d", {"h", "depth"}).empty());
  // The name itself is no suggestion.
  EXPECT_TRUE(nearest_names("perft", {"perft"}).empty());
  EXPECT_EQ(did_you_mean("standardd", {"jungla", "standard", "selva"}), "did you mean standard?");
  EXPECT_EQ(did_you_mean("chek", {"check", "cheek"}), "did you mean check or cheek?");
  EXPECT_EQ(did_you_mean("zzz", commands), "");
}

TEST(Files, WritesWholeOrNamesTheFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("jungle-files-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "blocked");
  write_file_atomically(dir / "a.txt", std::string("first"));
  write_file_atomically(dir / "a.txt", std::string("second"));
  std::ifstream in(dir / "a.txt");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "second");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 2) << "a temporary file was left";
  // A folder where the file belongs: refused, naming the file last, and no temporary left.
  try {
    write_file_atomically(dir / "blocked", std::string("x"));
    ADD_FAILURE() << "wrote over a folder";
  } catch (const FileWriteError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(what.starts_with("cannot write (")) << what;
    EXPECT_TRUE(what.ends_with((dir / "blocked").string())) << what;
  }
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 2) << "a temporary file was left";
  std::filesystem::remove_all(dir);
}

namespace {

std::string contents(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A folder of its own, removed afterwards.
struct TempFolder {
  explicit TempFolder(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("jungle-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempFolder() { std::filesystem::remove_all(path); }
  std::size_t files() const { return std::size_t(std::distance(std::filesystem::directory_iterator(path), {})); }
  std::filesystem::path path;
};

template <typename Error, typename Call>
std::string error_of(Call call) {
  try {
    call();
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

// The published check value of CRC-32C (RFC 3720, B.4): "123456789" sums to 0xE3069283; and
// 32 zero bytes to 0x8A9136AA (RFC 3720's first test vector). A sum fed in two parts is the
// sum of the whole.
TEST(Files, Crc32cGivesThePublishedCheckValues) {
  auto sum = [](std::initializer_list<std::string> parts) {
    Crc32c crc;
    for (const std::string& part : parts) crc.process_bytes(part.data(), part.size());
    return crc.checksum();
  };
  EXPECT_EQ(sum({"123456789"}), 0xE3069283u);
  EXPECT_EQ(sum({std::string(32, '\0')}), 0x8A9136AAu);
  EXPECT_EQ(sum({"1234", "56789"}), 0xE3069283u);
  EXPECT_EQ(sum({""}), 0u);
}

// A writer that fails midway (it throws; the disk fills up) leaves the old file as it was and
// no temporary file beside it.
TEST(Files, AFailedWriteKeepsTheOldFile) {
  TempFolder dir("atomic");
  const auto file = dir.path / "weights.toml";
  write_file_atomically(file, std::string("old"));
  EXPECT_THROW(write_file_atomically(file,
                                     [](std::ostream& out) {
                                       out << std::string(100000, 'x');
                                       throw std::runtime_error("killed midway");
                                     }),
               std::runtime_error);
  EXPECT_EQ(contents(file), "old");
  EXPECT_EQ(dir.files(), 1u);

  // A file size limit (RLIMIT_FSIZE, as a full disk does with ENOSPC) makes write(2) fail with
  // EFBIG after the first 4096 bytes; SIGXFSZ ignored so that the failure is an error, not death.
  struct rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = saved;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const std::string what =
      error_of<FileWriteError>([&] { write_file_atomically(file, std::string(1 << 20, 'y')); });
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(what, "cannot write (" + std::string(std::strerror(EFBIG)) + ") " + file.string());
  EXPECT_EQ(contents(file), "old");
  EXPECT_EQ(dir.files(), 1u);
}

// A device is written in place, never renamed over: /dev/full refuses every byte (ENOSPC).
TEST(Files, ADeviceIsWrittenInPlace) {
  EXPECT_EQ(error_of<FileWriteError>([] { write_file_atomically("/dev/full", std::string("x")); }),
            "cannot write (" + std::string(std::strerror(ENOSPC)) + ") /dev/full");
  EXPECT_NO_THROW(write_file_atomically("/dev/null", std::string("x")));
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
}

// An output is checked before the work that fills it: a path under a regular file (as deep as
// may be), a folder where the file belongs and a folder that cannot take a file (/proc) are
// refused naming the path; a writable place, even in folders still to be made, passes and is
// left as it was. The write then makes the missing folders.
TEST(Files, CheckWritableBeforeTheWork) {
  TempFolder dir("writable");
  EXPECT_NO_THROW(check_writable(dir.path / "out.toml"));
  EXPECT_NO_THROW(check_writable(dir.path / "a" / "b" / "out.toml"));
  EXPECT_EQ(dir.files(), 0u);
  EXPECT_EQ(error_of<FileWriteError>([] { check_writable("/etc/passwd/x"); }),
            "cannot write (" + std::string(std::strerror(ENOTDIR)) + ") /etc/passwd/x");
  EXPECT_EQ(error_of<FileWriteError>([] { check_writable("/etc/passwd/a/b/x"); }),
            "cannot write (" + std::string(std::strerror(ENOTDIR)) + ") /etc/passwd/a/b/x");
  EXPECT_TRUE(error_of<FileWriteError>([] { check_writable("/proc/x.toml"); }).ends_with(") /proc/x.toml"));
  EXPECT_EQ(error_of<FileWriteError>([&] { check_writable(dir.path); }),
            "cannot write (it is a folder) " + dir.path.string());
  write_file_atomically(dir.path / "a" / "b" / "out.toml", std::string("x"));
  EXPECT_EQ(contents(dir.path / "a" / "b" / "out.toml"), "x");
}

// Lines are read up to a limit; a longer one is refused naming the file and the line, whether
// it ends or not (/dev/zero never does).
TEST(Files, LineReaderBoundsEachLine) {
  TempFolder dir("lines");
  const auto file = dir.path / "lines.txt";
  std::ofstream(file, std::ios::binary) << "a\r\n\nbcd\nlast";
  LineReader reader(file, 4);
  std::string line;
  std::vector<std::pair<std::string, bool>> seen;
  while (reader.next(line)) seen.emplace_back(line, reader.had_newline());
  EXPECT_EQ(seen, (std::vector<std::pair<std::string, bool>>{{"a\r", true}, {"", true}, {"bcd", true}, {"last", false}}));
  EXPECT_EQ(reader.line_number(), 4);

  std::ofstream(file, std::ios::binary) << "ok\nabcde\n";
  LineReader longer(file, 4);
  EXPECT_TRUE(longer.next(line));
  EXPECT_EQ(error_of<FileReadError>([&] { longer.next(line); }), file.string() + ":2: line longer than 4 bytes");

  LineReader zeros("/dev/zero");
  EXPECT_EQ(error_of<FileReadError>([&] { zeros.next(line); }), "/dev/zero:1: line longer than 1 MiB");
  EXPECT_EQ(error_of<FileReadError>([&] { LineReader missing(dir.path / "none"); }),
            (dir.path / "none").string() + ": cannot be read (" + std::strerror(ENOENT) + ")");
}

// A file read whole is read up to a limit, counted as it is read: /dev/zero has no size.
TEST(Files, WholeFileReadsAreBounded) {
  TempFolder dir("whole");
  const auto file = dir.path / "f";
  std::ofstream(file, std::ios::binary) << std::string(100, 'x');
  EXPECT_EQ(read_file_bounded(file, 100), std::string(100, 'x'));
  EXPECT_EQ(error_of<FileReadError>([&] { read_file_bounded(file, 99); }),
            file.string() + ": larger than 99 bytes, more than any file of this kind holds");
  EXPECT_EQ(error_of<FileReadError>([] { read_file_bounded("/dev/zero"); }),
            "/dev/zero: larger than 16 MiB, more than any file of this kind holds");
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

// One grammar of durations: worked out by hand, 1:00:00 is 3600 s and 1.5m is 90 s.
TEST(Duration, TheFormsAndTheirSeconds) {
  const std::vector<std::pair<std::string, double>> good = {
      {"90", 90},   {"0.05", 0.05}, {"90s", 90},      {"30m", 1800}, {"2h", 7200},
      {"1.5m", 90}, {"1:30", 90},   {"1:00:00", 3600}, {"0:05.5", 5.5}, {".5", 0.5}};
  for (const auto& [text, seconds] : good) EXPECT_EQ(parse_duration_seconds(text), seconds) << text;
  for (const char* bad : {"", "s", "m", "-5", "+5", "5x", "5 s", "1:", ":30", "1:60", "1:75", "1:2:60", "inf", "nan",
                          "1e999", "soon"})
    EXPECT_FALSE(parse_duration_seconds(bad)) << bad;
}

// Whole numbers read on rather than refused are taken at the nearer bound, an overflow too; what
// is no number stays nothing.
TEST(Numbers, ParsedOrRefusedOrClamped) {
  EXPECT_EQ(parse_whole_number<int>("64", 1, 64), 64);
  EXPECT_FALSE(parse_whole_number<int>("65", 1, 64));
  EXPECT_FALSE(parse_whole_number<int>("+5", 1, 64));
  EXPECT_FALSE(parse_whole_number<int>(" 5", 1, 64));
  EXPECT_FALSE(parse_whole_number<int>("", 1, 64));
  EXPECT_EQ(whole_number_expected<int>("65", 1, 64), "must be a whole number from 1 to 64, not \"65\"");
  bool clamped = true;
  EXPECT_EQ(clamp_whole_number<long long>("7", 0, 10, &clamped), 7);
  EXPECT_FALSE(clamped);
  EXPECT_EQ(clamp_whole_number<long long>("-3", 0, 10, &clamped), 0);
  EXPECT_TRUE(clamped);
  EXPECT_EQ(clamp_whole_number<long long>("18446744073709551616", 0, 10, &clamped), 10);
  EXPECT_TRUE(clamped);
  EXPECT_EQ(clamp_whole_number<long long>("-99999999999999999999", -5, 5), -5);
  EXPECT_FALSE(clamp_whole_number<long long>("12x", 0, 10));
  // A count of 2^64 overflows even the widest bound, and says so (perftree's "does not fit"); an
  // unsigned count has no sign at all.
  constexpr std::uint64_t MAX = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(clamp_whole_number<std::uint64_t>("18446744073709551615", 0, MAX, &clamped), MAX);
  EXPECT_FALSE(clamped);
  EXPECT_EQ(clamp_whole_number<std::uint64_t>("18446744073709551616", 0, MAX, &clamped), MAX);
  EXPECT_TRUE(clamped);
  EXPECT_FALSE(clamp_whole_number<std::uint64_t>("-1", 0, MAX));
}

// Decimal numbers: worked out by hand, "-2.5e1" is -25; what is not all number, or not finite,
// is nothing.
TEST(Numbers, WholeNumbersHoweverLarge) {
  for (const char* text : {"0", "011", "+5", "-5", "99999999999999999999999"}) EXPECT_TRUE(spells_whole_number(text)) << text;
  for (const char* text : {"", "+", "-", "1.5", "1e3", "0x10", "12a", " 1", "--1"}) EXPECT_FALSE(spells_whole_number(text)) << text;
}

TEST(Numbers, DecimalNumbersAreFiniteAndTheWholeText) {
  const std::vector<std::pair<std::string, double>> good = {
      {"0", 0}, {"5", 5}, {"-5", -5}, {"0.05", 0.05}, {".5", 0.5}, {"-2.5e1", -25}, {"1e3", 1000}, {"1E-2", 0.01}};
  for (const auto& [text, value] : good) EXPECT_EQ(parse_decimal_number(text), value) << text;
  for (const char* bad : {"", "+5", " 5", "5 ", "5x", "1e", "-", ".", "inf", "-inf", "nan", "infinity", "1e999",
                          "-1e999", "0x10", "1,5"})
    EXPECT_FALSE(parse_decimal_number(bad)) << bad;
}
