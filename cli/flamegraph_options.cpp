// The option table of `hotpath flamegraph` and its parser. Long options take their
// value as `--name value` or `--name=value`, short ones as `-o value` or `-ovalue`;
// flags without values may be grouped (`-iv`). Parsing stops at `--` or at the first
// argument that is not an option: that is the program, and every argument after it
// is the program's, even when it looks like an option of hotpath.
#include "flamegraph_options.hpp"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <string_view>

namespace hotpath::cli {
namespace {

/// One option of the table. `expects` says what its value must be, for errors.
struct OptionSpec {
  std::string_view name;  ///< long name without the dashes
  char short_name;        ///< 0 when there is none
  const char* expects;    ///< nullptr for flags
};

constexpr const char* kPaletteNames =
    "one of hot, mem, io, red, green, blue, aqua, yellow, purple, orange";

constexpr OptionSpec kOptions[] = {
    {"output", 'o', "a file name"},
    {"freq", 'F', "a number of Hz from 1 to 100000"},
    {"open", 0, nullptr},
    {"inverted", 'i', nullptr},
    {"reverse", 0, nullptr},
    {"flamechart", 0, nullptr},
    {"min-width", 0, "a width in pixels (a number, 0 or more)"},
    {"image-width", 0, "a width in pixels (a whole number greater than 0)"},
    {"palette", 0, kPaletteNames},
    {"title", 0, "a title"},
    {"subtitle", 0, "a subtitle"},
    {"notes", 0, "a text"},
    {"deterministic", 0, nullptr},
    {"skip-after", 0, "a function name"},
    {"post-process", 0, "a shell command"},
    {"verbose", 'v', nullptr},
    {"perf", 0, nullptr},
    {"pid", 'p', "a process id (a whole number greater than 0)"},
    {"perfdata", 0, "a perf.data file"},
    {"folded", 0, "a file of folded stacks"},
    {"report", 0, "a JSON report (HOTPATH_OUTPUT_FORMAT=json)"},
    {"off-cpu", 0, nullptr},
    {"min-block", 0, "a whole number of microseconds up to 60000000"},
    {"children", 0, nullptr},
    {"follow-exec", 0, nullptr},
    {"help", 'h', nullptr},
    {"version", 'V', nullptr},
};

const OptionSpec* find_long(std::string_view name) {
  for (const OptionSpec& option : kOptions)
    if (option.name == name) return &option;
  return nullptr;
}

const OptionSpec* find_short(char name) {
  for (const OptionSpec& option : kOptions)
    if (option.short_name != 0 && option.short_name == name) return &option;
  return nullptr;
}

std::string quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

std::optional<unsigned long> parse_whole_number(std::string_view text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  unsigned long value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<unsigned long>(c - '0');
  }
  return value;
}

std::optional<double> parse_non_negative(std::string_view text) {
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string_view::npos)
    return std::nullopt;
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(copy.c_str(), &end);
  if (errno != 0 || end != copy.c_str() + copy.size() || !std::isfinite(value) || value < 0)
    return std::nullopt;
  return value;
}

/// The parser's state: the options so far, and the first error.
class Parser {
 public:
  explicit Parser(const std::vector<std::string>& arguments) : arguments_(arguments) {}

  ParsedFlamegraphCommand parse();

 private:
  /// Applies one option as the user spelled it (`-F`, `--freq`); false on an error.
  bool apply(const OptionSpec& option, const std::string& spelled,
             const std::optional<std::string>& value);
  bool fail(std::string message) {
    result_.request = Request::Error;
    result_.error = std::move(message);
    return false;
  }
  bool bad_value(const std::string& spelled, const OptionSpec& option, std::string_view value) {
    return fail(spelled + " expects " + option.expects + ", got " + quoted(value));
  }
  bool parse_long(std::size_t& index);
  bool parse_short_group(std::size_t& index);
  bool finish();

  const std::vector<std::string>& arguments_;
  ParsedFlamegraphCommand result_;
  bool perf_ = false;
  bool off_cpu_ = false;
  bool palette_given_ = false;
  bool has_perfdata_ = false;
  bool has_folded_ = false;
  bool has_report_ = false;
};

bool Parser::apply(const OptionSpec& option, const std::string& spelled,
                   const std::optional<std::string>& value) {
  FlamegraphOptions& options = result_.options;
  const std::string_view name = option.name;
  const std::string text = value.value_or("");
  if (name == "help") {
    result_.request = Request::Help;
  } else if (name == "version") {
    result_.request = Request::Version;
  } else if (name == "output") {
    if (text.empty()) return bad_value(spelled, option, text);
    options.output = text;
  } else if (name == "freq") {
    const std::optional<unsigned long> hz = parse_whole_number(text);
    if (!hz || *hz < 1 || *hz > 100000) return bad_value(spelled, option, text);
    options.frequency_hz = static_cast<unsigned>(*hz);
  } else if (name == "open") {
    options.open = true;
  } else if (name == "inverted") {
    options.render.inverted = true;
  } else if (name == "reverse") {
    options.reverse = true;
  } else if (name == "flamechart") {
    options.render.flamechart = true;
  } else if (name == "min-width") {
    const std::optional<double> width = parse_non_negative(text);
    if (!width) return bad_value(spelled, option, text);
    options.render.min_width = *width;
  } else if (name == "image-width") {
    const std::optional<unsigned long> width = parse_whole_number(text);
    if (!width || *width < 1 || *width > UINT_MAX) return bad_value(spelled, option, text);
    options.render.image_width = static_cast<unsigned>(*width);
  } else if (name == "palette") {
    const std::optional<flamegraph::Palette> palette = flamegraph::parse_palette(text);
    if (!palette) return bad_value(spelled, option, text);
    options.render.palette = *palette;
    palette_given_ = true;
  } else if (name == "title") {
    options.render.title = text;
  } else if (name == "subtitle") {
    options.subtitle = text;
  } else if (name == "notes") {
    options.render.notes = text;
  } else if (name == "deterministic") {
    options.render.deterministic = true;
  } else if (name == "skip-after") {
    if (text.empty()) return bad_value(spelled, option, text);
    options.skip_after.push_back(text);
  } else if (name == "post-process") {
    if (text.empty()) return bad_value(spelled, option, text);
    options.post_process = text;
  } else if (name == "verbose") {
    options.verbose = true;
  } else if (name == "perf") {
    perf_ = true;
  } else if (name == "pid") {
    const std::optional<unsigned long> pid = parse_whole_number(text);
    if (!pid || *pid < 1 || *pid > static_cast<unsigned long>(INT_MAX))
      return bad_value(spelled, option, text);
    options.pid = static_cast<long>(*pid);
  } else if (name == "perfdata") {
    if (text.empty()) return bad_value(spelled, option, text);
    options.input = text;
    has_perfdata_ = true;
    has_folded_ = has_report_ = false;
  } else if (name == "folded") {
    if (text.empty()) return bad_value(spelled, option, text);
    options.input = text;
    has_folded_ = true;
    has_perfdata_ = has_report_ = false;
  } else if (name == "report") {
    if (text.empty()) return bad_value(spelled, option, text);
    options.input = text;
    has_report_ = true;
    has_perfdata_ = has_folded_ = false;
  } else if (name == "off-cpu") {
    off_cpu_ = true;
  } else if (name == "min-block") {
    const std::optional<unsigned long> us = parse_whole_number(text);
    if (!us || *us > 60'000'000) return bad_value(spelled, option, text);
    options.min_block_us = static_cast<unsigned>(*us);
  } else if (name == "children") {
    options.children = true;
  } else if (name == "follow-exec") {
    options.follow_exec = true;
  }
  return true;
}

bool Parser::parse_long(std::size_t& index) {
  const std::string& argument = arguments_[index];
  const std::size_t equals = argument.find('=');
  const std::string spelled = argument.substr(0, equals);
  const OptionSpec* option = find_long(std::string_view(spelled).substr(2));
  if (option == nullptr)
    return fail("unknown option " + quoted(spelled) + " (see hotpath flamegraph --help)");
  std::optional<std::string> value;
  if (equals != std::string::npos) {
    if (option->expects == nullptr)
      return fail(spelled + " takes no value, got " + quoted(argument));
    value = argument.substr(equals + 1);
  } else if (option->expects != nullptr) {
    if (index + 1 >= arguments_.size()) return fail(spelled + " expects " + option->expects);
    value = arguments_[++index];
  }
  return apply(*option, spelled, value);
}

bool Parser::parse_short_group(std::size_t& index) {
  const std::string& argument = arguments_[index];
  for (std::size_t at = 1; at < argument.size(); ++at) {
    const std::string spelled = std::string("-") + argument[at];
    const OptionSpec* option = find_short(argument[at]);
    if (option == nullptr) {
      const std::string what = at == 1 ? argument : spelled;
      return fail("unknown option " + quoted(what) + " (see hotpath flamegraph --help)");
    }
    if (option->expects == nullptr) {
      if (!apply(*option, spelled, std::nullopt)) return false;
      if (result_.request != Request::Run) return true;
      continue;
    }
    // The rest of the argument, or else the next argument, is the value.
    std::optional<std::string> value;
    if (at + 1 < argument.size()) {
      value = argument.substr(at + 1);
    } else if (index + 1 < arguments_.size()) {
      value = arguments_[++index];
    } else {
      return fail(spelled + " expects " + option->expects);
    }
    return apply(*option, spelled, value);
  }
  return true;
}

bool Parser::finish() {
  FlamegraphOptions& options = result_.options;
  const bool has_command = !options.command.empty();
  const char* file_option = has_perfdata_ ? "--perfdata"
                            : has_folded_ ? "--folded"
                            : has_report_ ? "--report"
                                          : nullptr;
  if (off_cpu_) {
    const char* other = perf_                 ? "--perf"
                        : file_option         ? file_option
                        : options.pid         ? "--pid"
                        : options.children    ? "--children"
                        : options.follow_exec ? "--follow-exec"
                                              : nullptr;
    if (other != nullptr)
      return fail(std::string("--off-cpu and ") + other + " exclude each other");
    if (!has_command) return fail("no program to run (usage: " + flamegraph_usage_line() + ")");
    options.source = StackSource::OffCpu;
    // Off-CPU flame graphs are drawn in blues, as other tools draw them.
    if (!palette_given_) options.render.palette = flamegraph::Palette::Io;
    return true;
  }
  if (options.min_block_us) return fail("--min-block needs --off-cpu");
  if (file_option != nullptr) {
    if (has_command)
      return fail(std::string(file_option) +
                  " renders an existing file: give no program to run (got " +
                  quoted(options.command.front()) + ")");
    if (options.pid) return fail(std::string("--pid and ") + file_option + " exclude each other");
    if ((has_folded_ || has_report_) && perf_)
      return fail(std::string("--perf and ") + file_option + " exclude each other");
    options.source = has_folded_   ? StackSource::Folded
                     : has_report_ ? StackSource::Report
                                   : StackSource::PerfData;
    return true;
  }
  if (options.pid) {
    if (!perf_) return fail("--pid needs --perf: the sampler cannot attach to a running process");
    if (has_command)
      return fail("--pid attaches to a running process: give no program to run (got " +
                  quoted(options.command.front()) + ")");
    options.source = StackSource::Perf;
    return true;
  }
  if (!has_command) return fail("no program to run (usage: " + flamegraph_usage_line() + ")");
  options.source = perf_ ? StackSource::Perf : StackSource::Sampler;
  return true;
}

ParsedFlamegraphCommand Parser::parse() {
  std::size_t index = 0;
  for (; index < arguments_.size(); ++index) {
    const std::string& argument = arguments_[index];
    if (argument == "--") {
      ++index;
      break;
    }
    const bool is_long = argument.size() > 2 && argument.compare(0, 2, "--") == 0;
    const bool is_short = !is_long && argument.size() > 1 && argument[0] == '-';
    if (!is_long && !is_short) break;  // the program
    const bool ok = is_long ? parse_long(index) : parse_short_group(index);
    if (!ok || result_.request != Request::Run) return result_;
  }
  result_.options.command.assign(arguments_.begin() + static_cast<std::ptrdiff_t>(index),
                                 arguments_.end());
  finish();
  return result_;
}

}  // namespace

ParsedFlamegraphCommand parse_flamegraph_command(const std::vector<std::string>& arguments) {
  return Parser(arguments).parse();
}

std::string flamegraph_usage_line() {
  return "hotpath flamegraph [options] [--] program [args...]";
}

std::string flamegraph_help() {
  return "Runs a program, samples where it spends CPU time, and draws a flame graph.\n"
         "\n"
         "Usage: " +
         flamegraph_usage_line() +
         "\n"
         "       hotpath flamegraph [options] --perf --pid PID\n"
         "       hotpath flamegraph [options] --perfdata FILE | --folded FILE | --report FILE\n"
         "\n"
         "The program runs with libhotpath-cpu preloaded: no perf, no root, no rebuild.\n"
         "Its stdin, stdout and stderr are the terminal's, and hotpath exits with its exit\n"
         "status (128 + N when signal N killed it). Ctrl-C stops the program and still\n"
         "writes the flame graph.\n"
         "\n"
         "Output:\n"
         "  -o, --output FILE       the SVG to write (default: flamegraph.svg)\n"
         "      --open              open the SVG with xdg-open afterwards\n"
         "  -v, --verbose           say what is run, which files are used, and timings\n"
         "\n"
         "Recording:\n"
         "  -F, --freq HZ           samples per second of CPU time, 1 to 100000 (default: 997)\n"
         "      --children          sample forked child processes too (sampler only)\n"
         "      --follow-exec       sample programs the program executes (sampler only)\n"
         "      --perf              record with `perf record --call-graph dwarf` instead\n"
         "                          ($PERF names the perf to use)\n"
         "  -p, --pid PID           with --perf: attach to a running process; Ctrl-C stops\n"
         "      --perfdata FILE     draw an existing perf.data (through `perf script`)\n"
         "      --folded FILE       draw existing folded stacks (`frame;frame count` lines)\n"
         "      --report FILE       draw the call tree of a JSON report: a wall-clock flame\n"
         "                          graph, weighed in measured nanoseconds\n"
         "      --off-cpu           an off-CPU flame graph: where the program waits (locks,\n"
         "                          condition variables, I/O, sleeps, joins), weighed in\n"
         "                          microseconds blocked (libhotpath-wait preloaded)\n"
         "      --min-block US      with --off-cpu: keep waits of US microseconds or more\n"
         "                          (default: 10)\n"
         "\n"
         "Stacks:\n"
         "      --skip-after FUNC   drop the callers of FUNC: it becomes a root (repeatable)\n"
         "      --post-process CMD  pipe the folded stacks through `sh -c CMD`\n"
         "      --reverse           stack-reversed graph: leaf functions at the root\n"
         "\n"
         "Drawing:\n"
         "      --title TEXT        (default: \"Flame Graph\")\n"
         "      --subtitle TEXT     (default: the program, the samples and the frequency)\n"
         "      --notes TEXT        notes embedded in the SVG\n"
         "  -i, --inverted          icicle graph: roots at the top\n"
         "      --flamechart        x axis is time: samples in order, not merged\n"
         "      --min-width PX      omit frames narrower than PX pixels (default: 0.1)\n"
         "      --image-width PX    width of the image (default: 1200)\n"
         "      --palette NAME      hot (default), mem, io, red, green, blue, aqua, yellow,\n"
         "                          purple, orange\n"
         "      --deterministic     a function keeps its color from one graph to the next\n"
         "\n"
         "  -h, --help              this help\n"
         "  -V, --version           hotpath's version\n";
}

}  // namespace hotpath::cli
