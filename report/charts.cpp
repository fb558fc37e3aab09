#include "report/charts.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "support/child_process.h"
#include "support/text.h"

namespace jungle::charts {

namespace {

namespace fs = std::filesystem;

// A chart takes gnuplot well under a second; one that hangs must not hang the report.
constexpr std::chrono::seconds GNUPLOT_TIMEOUT{60};

// The page draws a chart at its own width at most, and narrower across a phone: a 390 px wide
// window leaves it 366 px between the page's margins. Its text is sized so that there it is still
// MIN_TEXT_PX tall (the page's test measures it).
constexpr double PHONE_CHART_WIDTH = 366;
constexpr double MIN_TEXT_PX = 10;

// The text size of a chart `width` wide, in its own pixels, by half pixels.
double font_size(int width) { return std::max(12.0, std::ceil(2 * MIN_TEXT_PX * width / PHONE_CHART_WIDTH) / 2); }

// About how wide text of `font` is: DejaVu Sans, a browser's usual sans-serif, averages 0.62 em a
// character over names and numbers.
double text_width(std::size_t characters, double font) { return 0.62 * font * double(characters); }


// The look every chart shares: white background, light grid, no top or right border.
constexpr const char* PREAMBLE =
    "set terminal svg size %W%,%H% dynamic noenhanced font 'sans-serif,%F%' background '#ffffff'\n"
    "set output 'chart.svg'\n"
    "set border 3 lc rgb '#555555'\n"
    "set tics nomirror out scale 0.6\n"
    "set grid ytics lc rgb '#e0e0e0' lt 1\n";

// Colours of the series, in order (colour-blind safe: Okabe & Ito).
const char* const COLOURS[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"};

std::string number(double x) {
  std::ostringstream out;
  out.precision(10);
  out << x;
  return out.str();
}

std::string preamble(int width, int height) {
  std::string text = PREAMBLE;
  text.replace(text.find("%W%"), 3, std::to_string(width));
  text.replace(text.find("%H%"), 3, std::to_string(height));
  text.replace(text.find("%F%"), 3, number(font_size(width)));
  return text;
}

// A string as a gnuplot string literal (single quotes; a quote is doubled).
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// Text on as many lines as it needs to fit `per_line` characters, broken after a space (but the
// one after a "×"), a ":" or a "--", so that a factorial's cell ("dog-above-wolf--den-only-wins")
// or interaction ("a × b") breaks between names, not within one.
std::vector<std::string> wrapped(const std::string& text, std::size_t per_line) {
  std::vector<std::string> lines(1);
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool after_dashes = i >= 1 && text[i - 1] == '-' && text[i] == '-';
    const bool after_times = i >= 2 && text.compare(i - 2, 2, "×") == 0;  // "a × b" breaks before the ×
    const bool breaks = (text[i] == ' ' && !after_times) || text[i] == ':' || after_dashes;
    if (!breaks && i + 1 != text.size()) continue;
    const std::string piece = text.substr(start, i + 1 - start);  // ends where a line may break
    start = i + 1;
    if (!lines.back().empty() && display_width(lines.back()) + display_width(piece) > per_line) {
      while (!lines.back().empty() && lines.back().back() == ' ') lines.back().pop_back();
      lines.emplace_back();
    }
    lines.back() += piece;
  }
  while (!lines.back().empty() && lines.back().back() == ' ') lines.back().pop_back();
  return lines;
}

// A chart's title on as many lines as it needs to fit the chart's width in its title's font.
std::vector<std::string> title_lines(const std::string& title, int width) {
  const double per_character = text_width(1, font_size(width) + 1);
  return wrapped(title, std::size_t(std::max(20.0, (width - 20) / per_character)));
}

// Lines as a gnuplot string literal: double quotes, the lines apart ("\n").
std::string lines_text(const std::vector<std::string>& lines) {
  std::string out = "\"";
  for (const std::string& line : lines) {
    if (out.size() > 1) out += "\\n";
    for (char c : line) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
  }
  return out + "\"";
}

// The title centred at the top of the chart, its lines apart, as a label at the screen's top:
// gnuplot's own title stands over the plot, off the chart when the plot's margin is fixed, and
// right of the chart's centre when long row labels push the plot right.
std::string title_label(const std::string& title, int width) {
  return "set label 1 " + lines_text(title_lines(title, width)) +
         " at screen 0.5, screen 1 center offset 0, -0.8 font '," + number(font_size(width) + 1) + "'\n";
}

// A label as a field of a data file: double quotes, which the label must not hold.
std::string data_label(std::string text) {
  std::replace(text.begin(), text.end(), '"', '\'');
  return "\"" + text + "\"";
}

std::string program() {
  const char* env = std::getenv("JUNGLE_GNUPLOT");
  return env && *env ? env : "gnuplot";
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A fresh folder under the system's temporary folder, removed when this goes out of scope.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "jungle-chart-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw ChartError(std::string("cannot make a temporary folder: ") + std::strerror(errno));
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Without gnuplot's <title> and <desc> elements ("'data.txt' using 1:2", "gnuplot_plot_1",
// "Produced by GNUPLOT"), which browsers show as tooltips, and with the chart's title as the
// tooltip of the whole picture instead.
std::string with_title(std::string svg, const std::string& title) {
  for (const std::string tag : {"title", "desc"}) {
    const std::string open = "<" + tag + ">", close = "</" + tag + ">";
    for (std::size_t at = svg.find(open); at != std::string::npos; at = svg.find(open, at)) {
      const std::size_t end = svg.find(close, at);
      if (end == std::string::npos) break;
      svg.erase(at, end + close.size() - at);
    }
  }
  const std::size_t svg_tag = svg.find("<svg");
  const std::size_t tag_end = svg_tag == std::string::npos ? svg_tag : svg.find('>', svg_tag);
  if (tag_end != std::string::npos) svg.insert(tag_end + 1, "\n<title>" + escaped(title) + "</title>");
  return svg;
}

// Below the plot, as gnuplot sets them: the x axis's tic labels (their line's bottom 2.6 lines of
// text below the axis, for labels side by side), then its name.
double tics_height(double font) { return 2.6 * font; }
double axis_label_height(double font) { return 2.3 * font; }

// A step for the tics of an axis spanning `span` that leaves at most `most` of them: 1, 2, 2.5 or 5
// times a power of ten; with `whole`, a whole number and no 2.5 (counts of games).
double tic_step(double span, double most, bool whole = false) {
  const double raw = span / std::max(1.0, most);
  if (!(raw > 0) || !std::isfinite(raw)) return 1;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * power;
  for (double m : {1.0, 2.0, 2.5, 5.0})
    if (m * power >= raw * (1 - 1e-9) && !(whole && m == 2.5)) {
      step = m * power;
      break;
    }
  return whole ? std::max(1.0, std::round(step)) : step;
}

// `set xtics STEP` for numbers from low to high along `plot_width` pixels: no more tics than their
// labels have room for side by side, a gap between each (four characters, "-100", over a span of
// ten or more; else five, "-0.25").
std::string numeric_x_tics(double low, double high, double plot_width, double font) {
  const double label = text_width(high - low >= 10 ? 4 : 5, font) + 1.2 * font;
  return "set xtics " + number(tic_step(high - low, std::floor(plot_width / label))) + "\n";
}

// `set yrange` and `set ytics` for values from low to high (padded a little) up a plot
// `plot_height` pixels tall: a tic every two lines of text at most.
std::string numeric_y_axis(double low, double high, double plot_height, double font, bool whole = false) {
  if (!std::isfinite(low) || !std::isfinite(high)) low = 0, high = 1;
  if (high - low < 1e-9) low -= 0.5, high += 0.5;
  const double pad = whole ? 0 : 0.06 * (high - low);
  low -= pad, high += pad;
  return "set yrange [" + number(low) + ":" + number(high) + "]\nset ytics " +
         number(tic_step(high - low, std::floor(plot_height / (2 * font)), whole)) + "\n";
}

// Category labels along x: level names, rounds' games. Side by side when each has room under its
// place, else turned upright (a turned label takes only its height across), so that two never
// meet; `height` is what they take below the axis.
std::string category_x_tics(const std::vector<std::string>& labels, double plot_width, double font, double& height) {
  std::string tics = "set xtics (";
  std::size_t longest = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    tics += i ? ", " : "";
    tics += quoted(labels[i]) + " " + std::to_string(i);
    longest = std::max(longest, display_width(labels[i]));
  }
  tics += ")\n";
  const double room = plot_width / double(std::max<std::size_t>(labels.size(), 1));
  height = tics_height(font);
  if (text_width(longest, font) + font > room) {
    tics += "set xtics rotate by 90 right\n";
    height = text_width(longest, font) + 1.6 * font;
  }
  return tics;
}

// Row labels of at most `per_line` characters a line: the lines of each, and the most of any.
std::vector<std::vector<std::string>> row_labels(const std::vector<ErrorBar>& rows, std::size_t per_line,
                                                 std::size_t& most_lines, std::size_t& longest_line) {
  std::vector<std::vector<std::string>> out;
  most_lines = 1;
  longest_line = 0;
  for (const ErrorBar& r : rows) {
    out.push_back(wrapped(r.label, per_line));
    most_lines = std::max(most_lines, out.back().size());
    for (const std::string& line : out.back()) longest_line = std::max(longest_line, display_width(line));
  }
  return out;
}

// `set ytics (...)`: each row's label, its lines apart, at the row's place from the top.
std::string row_tics(const std::vector<std::vector<std::string>>& labels) {
  std::string tics = "set ytics (";
  for (std::size_t i = 0; i < labels.size(); ++i)
    tics += (i ? ", " : "") + lines_text(labels[i]) + " " + std::to_string(i);
  return tics + (labels.empty() ? "'' 0)\n" : ")\n");
}

// The width a row label may take: a third of the chart, so that the values keep the rest.
std::size_t row_label_characters(int width) {
  return std::size_t(std::max(12.0, width / 3.0 / text_width(1, font_size(width))));
}

// What a chart takes above its plot: its title's lines, and a gap for the half line that the top
// tic label of a y axis rises above the plot.
double title_height(const std::string& title, int width) {
  const double font = font_size(width);
  return 1.35 * (font + 1) * double(title_lines(title, width).size()) + 1.2 * font;
}

// The terminal, and the plot's place in it: `top` pixels above a plot `plot` pixels tall and
// `bottom` below. gnuplot's own margins left room for a key that it then laid out otherwise, and
// squeezed the plot: these are fixed.
std::string framed(int width, double top, double plot, double bottom) {
  const int height = int(std::ceil(top + plot + bottom));
  return preamble(width, height) + "set tmargin at screen " + number(1 - top / height) + "\nset bmargin at screen " +
         number(bottom / height) + "\n";
}

// A key at the foot of the chart, under the axis's labels, drawn by the script itself: gnuplot's
// own key under a short plot spread into one row, off the chart's edges. Every entry has the room
// of the longest name, its sample beside it, as many side by side as fit; each column is read down
// in the series' order. Its rows, and its height.
std::size_t key_rows(const std::vector<std::string>& names, int width) {
  std::size_t longest = 0;
  for (const std::string& name : names) longest = std::max(longest, display_width(name));
  const double font = font_size(width);
  const double entry = text_width(longest, font) + 6 * font;
  const std::size_t columns = std::max<std::size_t>(1, std::size_t((width - 2 * font) / entry));
  return std::max<std::size_t>(1, (names.size() + columns - 1) / columns);
}

double key_height(std::size_t rows, double font) { return 1.5 * font * double(rows) + 0.8 * font; }

// The key's commands in a chart `width` by `height` pixels: for each name a sample in its series'
// colour (a bar's part with `boxes`, else a line through a point) and the name beside it.
std::string key_at_foot(const std::vector<std::string>& names, bool boxes, int width, double height) {
  const double font = font_size(width);
  const std::size_t rows = key_rows(names, width);
  const std::size_t columns = (names.size() + rows - 1) / rows;
  std::size_t longest = 0;
  for (const std::string& name : names) longest = std::max(longest, display_width(name));
  const double entry = text_width(longest, font) + 6 * font;
  const double left = (width - double(columns) * entry + 2 * font) / 2;
  auto x = [&](double px) { return "screen " + number(px / width); };
  auto y = [&](double px) { return "screen " + number(px / height); };  // from the bottom
  std::string script;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const double at = left + double(i / rows) * entry;
    const double middle = key_height(rows, font) - 1.1 * font - 1.5 * font * double(i % rows);
    const std::string colour = COLOURS[i % std::size(COLOURS)];
    const std::string id = std::to_string(10 + i);
    if (boxes)
      script += "set object " + id + " rect from " + x(at) + ", " + y(middle - 0.4 * font) + " to " +
                x(at + 2.6 * font) + ", " + y(middle + 0.4 * font) + " fc rgb '" + colour +
                "' fs solid 0.9 noborder front\n";
    else
      script += "set arrow " + id + " from " + x(at) + ", " + y(middle) + " to " + x(at + 2.6 * font) + ", " +
                y(middle) + " nohead lw 1.6 lc rgb '" + colour + "' front\nset object " + id + " circle at " +
                x(at + 1.3 * font) + ", " + y(middle) + " size " + x(0.3 * font) + " fc rgb '" + colour +
                "' fs solid noborder front\n";
    script += "set label " + id + " " + quoted(names[i]) + " at " + x(at + 3.2 * font) + ", " + y(middle) + " left\n";
  }
  return script + "unset key\n";
}

// Values with their intervals, a row a label from the top, on the x range given; the rows whose
// `marked` is true in a second colour; `reference` the gnuplot command of the reference line.
std::string rows_plot(const std::vector<ErrorBar>& rows, const std::vector<bool>& marked, const std::string& title,
                      const std::string& x_label, double x_min, double x_max, const std::string& reference,
                      int width) {
  // Two blocks (gnuplot's `index`), the unmarked rows and the marked, each row at its place from the top.
  std::string data[2];
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ErrorBar& r = rows[i];
    data[i < marked.size() && marked[i] ? 1 : 0] += number(double(i)) + " " + number(r.value) + " " + number(r.low) +
                                                    " " + number(r.high) + "\n";
  }
  for (std::string& block : data)
    if (block.empty()) block = "NaN NaN NaN NaN\n";  // an empty block would shift the later index
  const double font = font_size(width);
  std::size_t lines_a_row = 1, longest = 0;
  const auto labels = row_labels(rows, row_label_characters(width), lines_a_row, longest);
  const std::string bottom = number(double(std::max<std::size_t>(rows.size(), 1)) - 0.5);
  const double row_height = 1.25 * font * double(lines_a_row) + 0.8 * font;
  const double plot_width = width - text_width(longest, font) - 3 * font;
  const std::string script =
      framed(width, title_height(title, width), row_height * double(std::max<std::size_t>(rows.size(), 1)),
             tics_height(font) + axis_label_height(font) + 0.5 * font) +
      title_label(title, width) + "set xlabel " + quoted(x_label) + "\nset xrange [" + number(x_min) + ":" +
      number(x_max) + "]\n" + numeric_x_tics(x_min, x_max, plot_width, font) + "set yrange [" + bottom +
      ":-0.5]\nset grid noytics xtics lc rgb '#e0e0e0' lt 1\nset border 1 lc rgb '#555555'\n" + row_tics(labels) +
      "set ytics scale 0\nset offsets 0, 0, 0, 0\n" + reference +
      "unset key\n"
      "plot 'data.txt' index 0 using 2:1:3:4 with xerrorbars pt 7 ps 1.1 lw 2 lc rgb '" + COLOURS[0] +
      "', 'data.txt' index 1 using 2:1:3:4 with xerrorbars pt 7 ps 1.1 lw 2 lc rgb '" + COLOURS[5] + "'\n";
  return with_title(run_gnuplot(script, {{"data.txt", data[0] + "\n\n" + data[1]}}), title);
}

}  // namespace

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

bool gnuplot_available() {
  const std::string name = program();
  if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && ::access((fs::path(dir) / name).c_str(), X_OK) == 0) return true;
  return false;
}

std::string run_gnuplot(const std::string& script, const std::map<std::string, std::string>& files) {
  if (!gnuplot_available()) throw ChartError(program() + " not found (install gnuplot, e.g. apt-get install gnuplot-nox)");
  TempDir dir;
  for (const auto& [name, text] : files) std::ofstream(dir.path() / name, std::ios::binary) << text;
  std::ofstream(dir.path() / "chart.gp", std::ios::binary) << script;

  // gnuplot's own messages go to a log file in the folder, for the error below.
  const std::string name = program();
  std::optional<int> status;
  try {
    ChildProcess gnuplot({.program = name, .args = {"chart.gp"}, .dir = dir.path(), .output_file = "gnuplot.log"});
    status = gnuplot.wait(ChildProcess::Clock::now() + GNUPLOT_TIMEOUT);
  } catch (const ChildProcessError& e) {
    throw ChartError(e.what());
  }
  if (!status)
    throw ChartError(name + " did not finish within " + std::to_string(GNUPLOT_TIMEOUT.count()) + " s");
  const std::string svg = read_text(dir.path() / "chart.svg");
  if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0 || svg.find("<svg") == std::string::npos) {
    std::string message = read_text(dir.path() / "gnuplot.log");
    // gnuplot's last non-empty line says what went wrong.
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    message = message.substr(message.rfind('\n') + 1);
    throw ChartError(name + " failed" + (message.empty() ? "" : ": " + message));
  }
  return svg;
}

std::string error_bar_chart(const std::vector<ErrorBar>& bars, const std::string& title, const std::string& y_label,
                            double reference) {
  constexpr int WIDTH = 600;
  const double font = font_size(WIDTH);
  double low = reference, high = reference;
  for (const ErrorBar& b : bars) low = std::min({low, b.low, b.value}), high = std::max({high, b.high, b.value});
  // Labels side by side under the bars when each has room under its bar; longer ones (a
  // factorial's cells, "dog-above-wolf--den-only-wins") or more of them ran into each other: then
  // a row a label, the values along x.
  std::size_t longest = 0;
  for (const ErrorBar& b : bars) longest = std::max(longest, display_width(b.label));
  const double plot_width = WIDTH - 6 * font;
  if ((text_width(longest, font) + font) * double(bars.size()) > plot_width) {
    const double pad = std::max(0.01, 0.06 * (high - low));
    return rows_plot(bars, {}, title, y_label, low - pad, high + pad,
                     "set arrow from " + number(reference) + ", graph 0 to " + number(reference) +
                         ", graph 1 nohead dt 2 lc rgb '#777777'\n", WIDTH);
  }
  std::string data;
  for (const ErrorBar& b : bars)
    data += data_label(b.label) + " " + number(b.value) + " " + number(b.low) + " " + number(b.high) + "\n";
  const std::string right = number(double(bars.size()) - 0.5);
  const double plot_height = 12 * font;
  const std::string script = framed(WIDTH, title_height(title, WIDTH), plot_height, tics_height(font) + 0.5 * font) +
                             title_label(title, WIDTH) + "set ylabel " + quoted(y_label) + "\n" +
                             numeric_y_axis(low, high, plot_height, font) + "set xrange [-0.5:" + right +
                             "]\nset arrow from -0.5," + number(reference) + " to " + right + "," + number(reference) +
                             " nohead dt 2 lc rgb '#777777'\n"
                             "unset key\n"
                             "plot 'data.txt' using 0:2:3:4:xtic(1) with yerrorbars pt 7 ps 1.2 lw 1.5 lc rgb '" +
                             COLOURS[0] + "'\n";
  return with_title(run_gnuplot(script, {{"data.txt", data}}), title);
}

std::string forest_chart(const std::vector<ErrorBar>& rows, const std::string& title, const std::string& x_label) {
  double low = 0, high = 0;
  for (const ErrorBar& r : rows) {
    low = std::min({low, r.low, r.value});
    high = std::max({high, r.high, r.value});
  }
  const double pad = std::max(0.02, 0.08 * (high - low));
  return rows_plot(rows, {}, title, x_label, low - pad, high + pad,
                   "set arrow from 0, graph 0 to 0, graph 1 nohead lw 1.5 lc rgb '#444444'\n", 560);
}

std::string effects_chart(const std::vector<ErrorBar>& rows, const std::vector<bool>& marked, const std::string& title,
                          const std::string& x_label, double x_min, double x_max) {
  return rows_plot(rows, marked, title, x_label, x_min, x_max,
                   "set arrow from 0, graph 0 to 0, graph 1 nohead lw 1.5 lc rgb '#444444'\n", 600);
}

std::string histogram_chart(const std::vector<std::uint64_t>& counts, int bin_width, int x_max, std::uint64_t y_max,
                            const std::string& title) {
  constexpr int WIDTH = 400;
  const double font = font_size(WIDTH);
  std::string data;
  for (std::size_t i = 0; i < counts.size(); ++i)
    data += number(double(i) * bin_width + bin_width / 2.0) + " " + std::to_string(counts[i]) + "\n";
  if (data.empty()) data = "0 0\n";  // gnuplot refuses an empty file
  const int right = std::max(x_max, bin_width);
  const double plot_height = 11 * font;
  // Whole games on the y axis, to the fullest bin: gnuplot would step a short one by 0.5.
  const std::string y_axis =
      y_max > 0 ? numeric_y_axis(0, double(y_max), plot_height, font, true) : "set yrange [0:*]\n";
  const std::string script = framed(WIDTH, title_height(title, WIDTH), plot_height,
                                    tics_height(font) + axis_label_height(font) + 0.5 * font) +
                             title_label(title, WIDTH) + "set xlabel 'plies'\nset ylabel 'games'\n"
                             "set xrange [0:" + std::to_string(right) + "]\n" +
                             numeric_x_tics(0, right, WIDTH - 6 * font, font) + y_axis +
                             "set style fill solid 0.85 border rgb '#ffffff'\n"
                             "set boxwidth " + std::to_string(bin_width) + " absolute\nunset key\n"
                             "plot 'data.txt' using 1:2 with boxes lc rgb '" + COLOURS[0] + "'\n";
  return with_title(run_gnuplot(script, {{"data.txt", data}}), title);
}

std::string stacked_bar_chart(const StackedBars& bars, const std::string& title, const std::string& x_label,
                              double x_max) {
  constexpr int WIDTH = 600;
  const double font = font_size(WIDTH);
  // A data block a series (gnuplot's `index`): each label's row, where its part starts and ends.
  std::string data, plots;
  for (std::size_t s = 0; s < bars.series.size(); ++s) {
    std::string block;
    for (std::size_t i = 0; i < bars.labels.size(); ++i) {
      double start = 0;
      for (std::size_t before = 0; before < s; ++before) start += bars.values[i][before];
      const double value = bars.values[i][s];
      if (value > 0) block += number(double(i)) + " " + number(start) + " " + number(start + value) + "\n";
    }
    data += (block.empty() ? std::string("NaN NaN NaN\n") : block) + "\n\n";  // an empty block shifts the indices
    plots += plots.empty() ? "plot " : ", ";
    plots += "'data.txt' index " + std::to_string(s) +
             " using (($2+$3)/2):1:2:3:($1-0.32):($1+0.32) with boxxyerror lc rgb '" + COLOURS[s % std::size(COLOURS)] +
             "' notitle";
  }
  if (plots.empty()) {
    data = "NaN NaN NaN\n";
    plots = "plot 'data.txt' using 2:1 notitle";
  }
  std::vector<ErrorBar> rows;
  for (const std::string& label : bars.labels) rows.push_back({label, 0, 0, 0});
  std::size_t lines_a_row = 1, longest = 0;
  const auto labels = row_labels(rows, row_label_characters(WIDTH), lines_a_row, longest);
  const double row_height = 1.25 * font * double(lines_a_row) + font;
  const std::size_t keys = key_rows(bars.series, WIDTH);
  const std::string bottom = number(double(std::max<std::size_t>(bars.labels.size(), 1)) - 0.5);
  const double top = title_height(title, WIDTH);
  const double plot = row_height * double(std::max<std::size_t>(bars.labels.size(), 1));
  const double below = tics_height(font) + axis_label_height(font) + key_height(keys, font);
  const std::string script =
      framed(WIDTH, top, plot, below) +
      title_label(title, WIDTH) + "set xlabel " + quoted(x_label) + "\nset xrange [0:" +
      number(x_max) + "]\n" + numeric_x_tics(0, x_max, WIDTH - text_width(longest, font) - 3 * font, font) +
      "set yrange [" + bottom + ":-0.5]\nset grid noytics xtics lc rgb '#e0e0e0' lt 1\n"
      "set border 1 lc rgb '#555555'\n" + row_tics(labels) +
      "set ytics scale 0\nset style fill solid 0.9 border rgb '#ffffff'\n"
      // The key in the stack's order, read down each column: the first series, leftmost in each bar, first.
      + key_at_foot(bars.series, true, WIDTH, std::ceil(top + plot + below)) + plots + "\n";
  return with_title(run_gnuplot(script, {{"data.txt", data}}), title);
}

namespace {

// series_chart's plot at a width, its plot `plot_height` tall.
std::string series_plot(const std::vector<std::string>& x_labels, const std::vector<Series>& series,
                        const std::string& title, const std::string& x_label, const std::string& y_label,
                        double reference, int width, double plot_height) {
  const double font = font_size(width);
  // One data block per series (gnuplot's `index`), two blank lines apart.
  std::string data, plots;
  const double spread = std::min(0.3, 0.05 * double(series.size()));
  std::vector<std::string> names;
  double low = std::isfinite(reference) ? reference : INFINITY, high = std::isfinite(reference) ? reference : -INFINITY;
  for (std::size_t s = 0; s < series.size(); ++s) {
    const double shift = series.size() > 1 ? spread * (double(s) / double(series.size() - 1) - 0.5) : 0;
    std::size_t points = 0;
    for (std::size_t i = 0; i < series[s].points.size() && i < x_labels.size(); ++i) {
      const ErrorBar& p = series[s].points[i];
      if (!std::isfinite(p.value) || !std::isfinite(p.low) || !std::isfinite(p.high)) continue;
      data += number(double(i) + shift) + " " + number(p.value) + " " + number(p.low) + " " + number(p.high) + "\n";
      low = std::min({low, p.low, p.value});
      high = std::max({high, p.high, p.value});
      ++points;
    }
    if (points == 0) data += "NaN NaN NaN NaN\n";  // an empty block would shift the later indices
    data += "\n\n";
    plots += plots.empty() ? "plot " : ", ";
    plots += "'data.txt' index " + std::to_string(s) + " using 1:2:3:4 with yerrorlines pt 7 ps 0.9 lw 1.6 lc rgb '" +
             COLOURS[s % std::size(COLOURS)] + "' notitle";
    names.push_back(series[s].name);
    if (std::isfinite(series[s].line_intercept) && std::isfinite(series[s].line_slope))
      plots += ", " + number(series[s].line_intercept) + " + " + number(series[s].line_slope) +
               "*x with lines dt 3 lw 1.4 lc rgb '" + COLOURS[s % std::size(COLOURS)] + "' notitle";
  }
  if (plots.empty()) {
    data = "NaN NaN NaN NaN\n";
    plots = "plot 'data.txt' using 1:2 notitle";
  }
  // The key under the plot, where it takes no width from it. One series needs no key: the title
  // names it.
  const bool keyed = series.size() > 1;
  const std::size_t keys = keyed ? key_rows(names, width) : 0;
  double labels_height = 0;
  const std::string tics = category_x_tics(x_labels, width - 7 * font, font, labels_height);
  const double top = title_height(title, width);
  const double below = labels_height + (x_label.empty() ? 0 : axis_label_height(font)) +
                       (keyed ? key_height(keys, font) : 0.5 * font);
  const std::string right = number(std::max(double(x_labels.size()) - 0.5, 0.5));
  std::string script = framed(width, top, plot_height, below) + title_label(title, width) + "set xlabel " +
                       quoted(x_label) + "\nset ylabel " + quoted(y_label) + "\n" +
                       numeric_y_axis(low, high, plot_height, font) + "set xrange [-0.5:" + right + "]\n" + tics +
                       (keyed ? key_at_foot(names, false, width, std::ceil(top + plot_height + below)) : "unset key\n");
  if (std::isfinite(reference))
    script += "set arrow from -0.5," + number(reference) + " to " + right + "," + number(reference) +
              " nohead dt 2 lc rgb '#777777'\n";
  script += plots + "\n";
  return with_title(run_gnuplot(script, {{"data.txt", data}}), title);
}

}  // namespace

std::string series_chart(const std::vector<std::string>& x_labels, const std::vector<Series>& series,
                         const std::string& title, const std::string& x_label, const std::string& y_label,
                         double reference) {
  return series_plot(x_labels, series, title, x_label, y_label, reference, 600, 240);
}

std::string interaction_chart(const std::vector<std::string>& x_labels, const std::vector<Series>& lines,
                              const std::string& title, const std::string& x_label, const std::string& y_label,
                              double reference) {
  return series_plot(x_labels, lines, title, x_label, y_label, reference, 520, 220);
}

}  // namespace jungle::charts
