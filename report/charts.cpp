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

namespace jungle::charts {

namespace {

namespace fs = std::filesystem;

// A chart takes gnuplot well under a second; one that hangs must not hang the report.
constexpr std::chrono::seconds GNUPLOT_TIMEOUT{60};

// The look every chart shares: white background, light grid, no top or right border.
constexpr const char* PREAMBLE =
    "set terminal svg size %W%,%H% dynamic noenhanced font 'sans-serif,12' background '#ffffff'\n"
    "set output 'chart.svg'\n"
    "set border 3 lc rgb '#555555'\n"
    "set tics nomirror out scale 0.6\n"
    "set grid ytics lc rgb '#e0e0e0' lt 1\n"
    "set title font ',13'\n";

// Colours of the series, in order (colour-blind safe: Okabe & Ito).
const char* const COLOURS[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"};

std::string preamble(int width, int height) {
  std::string text = PREAMBLE;
  text.replace(text.find("%W%"), 3, std::to_string(width));
  text.replace(text.find("%H%"), 3, std::to_string(height));
  return text;
}

// A string as a gnuplot string literal (single quotes; a quote is doubled).
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// A chart's title on as many lines as it needs to fit `width` pixels (about 7.5 a character of
// the title's font), broken after a "--" or at a space: a variant's name of factors
// ("dog-above-wolf--den-only-wins--...") ran past a small chart's edge.
std::vector<std::string> title_lines(const std::string& title, int width) {
  const std::size_t per_line = std::size_t(std::max(20, width * 2 / 15));
  std::vector<std::string> lines(1);
  std::size_t start = 0;
  for (std::size_t i = 0; i < title.size(); ++i) {
    const bool after_dashes = i >= 1 && title[i - 1] == '-' && title[i] == '-';
    if (title[i] != ' ' && !after_dashes && i + 1 != title.size()) continue;
    const std::string piece = title.substr(start, i + 1 - start);  // ends where a line may break
    start = i + 1;
    if (!lines.back().empty() && lines.back().size() + piece.size() > per_line) {
      while (!lines.back().empty() && lines.back().back() == ' ') lines.back().pop_back();
      lines.emplace_back();
    }
    lines.back() += piece;
  }
  return lines;
}

// The title as a gnuplot string literal, its lines apart.
std::string title_text(const std::string& title, int width) {
  std::string out = "\"";
  for (const std::string& line : title_lines(title, width)) {
    if (out.size() > 1) out += "\\n";
    for (char c : line) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
  }
  return out + "\"";
}

// A label as a field of a data file: double quotes, which the label must not hold.
std::string data_label(std::string text) {
  std::replace(text.begin(), text.end(), '"', '\'');
  return "\"" + text + "\"";
}

std::string number(double x) {
  std::ostringstream out;
  out.precision(10);
  out << x;
  return out.str();
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
  std::string tics = "set ytics (";
  for (std::size_t i = 0; i < rows.size(); ++i)
    tics += (i ? ", " : "") + quoted(rows[i].label) + " " + std::to_string(i);
  tics += rows.empty() ? "'' 0)\n" : ")\n";
  const std::string bottom = number(double(std::max<std::size_t>(rows.size(), 1)) - 0.5);
  // The title centred on the whole chart, as a label: gnuplot centres a title over the plot, which
  // long row labels push to the right, and there a long title ran past the chart's edge.
  const int lines = int(title_lines(title, width).size());
  const std::string script =
      preamble(width, 80 + 16 * lines + 24 * int(std::max<std::size_t>(rows.size(), 1))) + "set label 1 " +
      title_text(title, width) +
      " at screen 0.5, screen 1 center offset 0, -1.2 font ',13'\nset tmargin " + std::to_string(lines + 1) +
      "\nset xlabel " + quoted(x_label) + "\nset xrange [" + number(x_min) + ":" + number(x_max) + "]\nset yrange [" +
      bottom + ":-0.5]\nset grid noytics xtics lc rgb '#e0e0e0' lt 1\nset border 1 lc rgb '#555555'\n" + tics +
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
  // Labels side by side under the bars need about 7 px a character in the plot's 540 px: longer
  // ones (a factorial's cells, "dog-above-wolf--den-only-wins") ran into each other. Then a row a
  // label, the values along x.
  std::size_t characters = 0;
  for (const ErrorBar& b : bars) characters += b.label.size() + 2;
  if (characters * 7 > 540) {
    double low = reference, high = reference;
    for (const ErrorBar& b : bars) low = std::min({low, b.low, b.value}), high = std::max({high, b.high, b.value});
    const double pad = std::max(0.01, 0.06 * (high - low));
    return rows_plot(bars, {}, title, y_label, low - pad, high + pad,
                     "set arrow from " + number(reference) + ", graph 0 to " + number(reference) +
                         ", graph 1 nohead dt 2 lc rgb '#777777'\n", 760);
  }
  std::string data;
  for (const ErrorBar& b : bars)
    data += data_label(b.label) + " " + number(b.value) + " " + number(b.low) + " " + number(b.high) + "\n";
  const std::string right = number(double(bars.size()) - 0.5);
  const std::string script = preamble(760, 340) + "set title " + title_text(title, 760) +
                             "\nset ylabel " + quoted(y_label) +
                             "\nset xrange [-0.5:" + right + "]\nset arrow from -0.5," + number(reference) + " to " +
                             right + "," + number(reference) +
                             " nohead dt 2 lc rgb '#777777'\n"
                             "unset key\n"
                             "plot 'data.txt' using 0:2:3:4:xtic(1) with yerrorbars pt 7 ps 1.2 lw 1.5 lc rgb '" +
                             COLOURS[0] + "'\n";
  return with_title(run_gnuplot(script, {{"data.txt", data}}), title);
}

std::string forest_chart(const std::vector<ErrorBar>& rows, const std::string& title, const std::string& x_label) {
  std::string data;
  double low = 0, high = 0;
  for (const ErrorBar& r : rows) {
    data += data_label(r.label) + " " + number(r.value) + " " + number(r.low) + " " + number(r.high) + "\n";
    low = std::min({low, r.low, r.value});
    high = std::max({high, r.high, r.value});
  }
  if (data.empty()) data = "\"\" 0 0 0\n";  // gnuplot refuses an empty file
  const double pad = std::max(0.02, 0.08 * (high - low));
  const std::string bottom = number(double(rows.size()) - 0.5);
  // Rows from the top: the y axis runs from the last row's place (at the bottom) to -0.5.
  const std::string script =
      preamble(560, 110 + 34 * int(std::max<std::size_t>(rows.size(), 1))) + "set title " + title_text(title, 560) +
      "\nset xlabel " + quoted(x_label) + "\nset xrange [" + number(low - pad) + ":" + number(high + pad) +
      "]\nset yrange [" + bottom + ":-0.5]\nset grid noytics xtics lc rgb '#e0e0e0' lt 1\nset border 1 lc rgb '#555555'\n"
      "set ytics scale 0\nset offsets 0, 0, 0, 0\n"
      "set arrow from 0, graph 0 to 0, graph 1 nohead lw 1.5 lc rgb '#444444'\n"
      "unset key\n"
      "plot 'data.txt' using 2:0:3:4:ytic(1) with xerrorbars pt 7 ps 1.3 lw 2 lc rgb '" + COLOURS[0] + "'\n";
  return with_title(run_gnuplot(script, {{"data.txt", data}}), title);
}

std::string effects_chart(const std::vector<ErrorBar>& rows, const std::vector<bool>& marked, const std::string& title,
                          const std::string& x_label, double x_min, double x_max) {
  return rows_plot(rows, marked, title, x_label, x_min, x_max,
                   "set arrow from 0, graph 0 to 0, graph 1 nohead lw 1.5 lc rgb '#444444'\n", 640);
}

std::string histogram_chart(const std::vector<std::uint64_t>& counts, int bin_width, int x_max, std::uint64_t y_max,
                            const std::string& title) {
  std::string data;
  for (std::size_t i = 0; i < counts.size(); ++i)
    data += number(double(i) * bin_width + bin_width / 2.0) + " " + std::to_string(counts[i]) + "\n";
  if (data.empty()) data = "0 0\n";  // gnuplot refuses an empty file
  const std::string script = preamble(380, 240) + "set title " + title_text(title, 380) +
                             "\nset xlabel 'plies'\nset ylabel 'games'\nset xrange [0:" +
                             std::to_string(std::max(x_max, bin_width)) +
                             "]\nset yrange [0:" + (y_max > 0 ? std::to_string(y_max) : std::string("*")) + "]\n" +
                             // Whole games on the axis: gnuplot would step a short one by 0.5.
                             (y_max > 0 && y_max < 10 ? "set ytics 1\n" : "") +
                             "set style fill solid 0.85 border rgb '#ffffff'\n"
                             "set boxwidth " + std::to_string(bin_width) + " absolute\nunset key\n"
                             "plot 'data.txt' using 1:2 with boxes lc rgb '" + COLOURS[0] + "'\n";
  return with_title(run_gnuplot(script, {{"data.txt", data}}), title);
}

std::string stacked_bar_chart(const StackedBars& bars, const std::string& title, const std::string& y_label,
                              double y_max) {
  std::string data = data_label("label");
  for (const std::string& s : bars.series) {
    data += ' ';
    data += data_label(s);
  }
  data += "\n";
  for (std::size_t i = 0; i < bars.labels.size(); ++i) {
    data += data_label(bars.labels[i]);
    for (double v : bars.values[i]) {
      data += ' ';
      data += number(v);
    }
    data += "\n";
  }
  std::string colours;
  for (std::size_t i = 0; i < bars.series.size(); ++i)
    colours += "set linetype " + std::to_string(i + 1) + " lc rgb '" + COLOURS[i % std::size(COLOURS)] + "'\n";
  const std::string script = preamble(760, 340) + colours + "set title " + title_text(title, 760) + "\nset ylabel " +
                             quoted(y_label) +
                             "\nset yrange [0:" + number(y_max) + "]\nset style data histograms\nset style histogram rowstacked\n"
                             "set style fill solid 0.9 border rgb '#ffffff'\nset boxwidth 0.6\n"
                             "set key outside right top vertical noautotitle\n"
                             "plot for [i=2:" + std::to_string(bars.series.size() + 1) +
                             "] 'data.txt' using i:xtic(1) title columnheader(i)\n";
  return with_title(run_gnuplot(script, {{"data.txt", data}}), title);
}

namespace {

// series_chart's plot at a size, with gnuplot's `set key` placement.
std::string series_plot(const std::vector<std::string>& x_labels, const std::vector<Series>& series,
                        const std::string& title, const std::string& x_label, const std::string& y_label,
                        double reference, int width, int height, const std::string& key) {
  // One data block per series (gnuplot's `index`), two blank lines apart.
  std::string data, plots;
  const double spread = std::min(0.3, 0.05 * double(series.size()));
  for (std::size_t s = 0; s < series.size(); ++s) {
    const double shift = series.size() > 1 ? spread * (double(s) / double(series.size() - 1) - 0.5) : 0;
    std::size_t points = 0;
    for (std::size_t i = 0; i < series[s].points.size() && i < x_labels.size(); ++i) {
      const ErrorBar& p = series[s].points[i];
      if (!std::isfinite(p.value) || !std::isfinite(p.low) || !std::isfinite(p.high)) continue;
      data += number(double(i) + shift) + " " + number(p.value) + " " + number(p.low) + " " + number(p.high) + "\n";
      ++points;
    }
    if (points == 0) data += "NaN NaN NaN NaN\n";  // an empty block would shift the later indices
    data += "\n\n";
    plots += plots.empty() ? "plot " : ", ";
    plots += "'data.txt' index " + std::to_string(s) + " using 1:2:3:4 with yerrorlines pt 7 ps 0.9 lw 1.6 lc rgb '" +
             COLOURS[s % std::size(COLOURS)] + "' title " + quoted(series[s].name);
    if (std::isfinite(series[s].line_intercept) && std::isfinite(series[s].line_slope))
      plots += ", " + number(series[s].line_intercept) + " + " + number(series[s].line_slope) +
               "*x with lines dt 3 lw 1.4 lc rgb '" + COLOURS[s % std::size(COLOURS)] + "' notitle";
  }
  if (plots.empty()) {
    data = "NaN NaN NaN NaN\n";
    plots = "plot 'data.txt' using 1:2 notitle";
  }
  std::string tics = "set xtics (";
  for (std::size_t i = 0; i < x_labels.size(); ++i) {
    tics += i ? ", " : "";
    tics += quoted(x_labels[i]) + " " + std::to_string(i);
  }
  tics += ")\n";
  const std::string right = number(std::max(double(x_labels.size()) - 0.5, 0.5));
  std::string script = preamble(width, height) + "set title " + title_text(title, width) +
                       "\nset xlabel " + quoted(x_label) + "\nset ylabel " + quoted(y_label) + "\nset xrange [-0.5:" +
                       right + "]\n" + tics + "set key " + key + "\n";
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
  return series_plot(x_labels, series, title, x_label, y_label, reference, 760, 400, "outside right top vertical");
}

std::string interaction_chart(const std::vector<std::string>& x_labels, const std::vector<Series>& lines,
                              const std::string& title, const std::string& x_label, const std::string& y_label,
                              double reference) {
  return series_plot(x_labels, lines, title, x_label, y_label, reference, 560, 420, "below horizontal center");
}

}  // namespace jungle::charts
