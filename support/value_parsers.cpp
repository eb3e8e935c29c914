// Parsing of the values that configure a session, wherever they come from: the
// environment, GuardBuilder, or the options of [[hotpath::main]] (which the Clang
// plugin checks at compile time with these same functions).
#include "value_parsers.hpp"

#include <signal.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace hotpath::detail {

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::optional<Format> parse_format(std::string_view text) {
  const std::string value = lowercase(trim(text));
  if (value == "table") return Format::Table;
  if (value == "json") return Format::Json;
  if (value == "json-pretty") return Format::JsonPretty;
  if (value == "none") return Format::None;
  return std::nullopt;
}

std::optional<std::uint64_t> parse_whole_number(std::string_view text, std::uint64_t min,
                                                std::uint64_t max) {
  text = trim(text);
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  if (value < min || value > max) return std::nullopt;
  return value;
}

std::optional<std::size_t> parse_limit(std::string_view text) {
  const std::optional<std::uint64_t> rows = parse_whole_number(text, 0, SIZE_MAX);
  if (!rows) return std::nullopt;
  return static_cast<std::size_t>(*rows);
}

std::optional<std::uint32_t> parse_time_sampling_rate(std::string_view text) {
  const std::optional<std::uint64_t> rate = parse_whole_number(text, 1, kMaxTimeSamplingRate);
  if (!rate) return std::nullopt;
  return static_cast<std::uint32_t>(*rate);
}

std::optional<std::vector<double>> parse_percentiles(std::string_view text) {
  std::vector<double> values;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string item(trim(text.substr(0, comma)));
    if (item.empty()) return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(item.c_str(), &end);
    if (end != item.c_str() + item.size() || !std::isfinite(value) || value < 0 || value > 100)
      return std::nullopt;
    if (std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return values;
}

std::optional<bool> parse_flag(std::string_view text) {
  const std::string value = lowercase(trim(text));
  if (value == "1" || value == "true" || value == "yes" || value == "on") return true;
  if (value == "0" || value == "false" || value == "no" || value == "off") return false;
  return std::nullopt;
}

namespace {

/// A signal's name as written, upper case and without "SIG": " sigusr1" is "USR1".
std::string signal_word(std::string_view text) {
  std::string name(trim(text));
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (name.rfind("SIG", 0) == 0) name.erase(0, 3);
  return name;
}

}  // namespace

std::optional<int> parse_dump_signal(std::string_view text) {
  static constexpr std::pair<const char*, int> kSignals[] = {
      {"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"HUP", SIGHUP}, {"QUIT", SIGQUIT}};
  const std::string name = signal_word(text);
  for (const auto& [signal_name, number] : kSignals) {
    if (name == signal_name || name == std::to_string(number)) return number;
  }
  return std::nullopt;
}

std::optional<int> parse_cpu_signal(std::string_view text, int rtmin, int rtmax) {
  const std::string name = signal_word(text);
  if (name == "PROF" || name == std::to_string(SIGPROF)) return SIGPROF;
  int base = 0;
  int direction = 1;
  std::string_view offset;
  if (name.rfind("RTMIN", 0) == 0) {
    base = rtmin;
    offset = std::string_view(name).substr(5);
  } else if (name.rfind("RTMAX", 0) == 0) {
    base = rtmax;
    direction = -1;
    offset = std::string_view(name).substr(5);
  } else {
    const std::optional<std::uint64_t> number = parse_whole_number(
        name, static_cast<std::uint64_t>(rtmin), static_cast<std::uint64_t>(rtmax));
    if (!number) return std::nullopt;
    return static_cast<int>(*number);
  }
  if (offset.empty()) return base;
  if (offset.front() != (direction > 0 ? '+' : '-')) return std::nullopt;
  const std::optional<std::uint64_t> steps =
      parse_whole_number(offset.substr(1), 0, static_cast<std::uint64_t>(rtmax - rtmin));
  if (!steps) return std::nullopt;
  return base + direction * static_cast<int>(*steps);
}

std::string cpu_signal_expected(int rtmin, int rtmax) {
  return "SIGPROF or a real-time signal: SIGRTMIN+N or SIGRTMAX-N (N up to " +
         std::to_string(rtmax - rtmin) + "), or a number from " + std::to_string(rtmin) + " to " +
         std::to_string(rtmax);
}

std::string cpu_signal_name(int signal, int rtmin, int rtmax) {
  if (signal == SIGPROF) return "SIGPROF";
  if (signal < rtmin || signal > rtmax) return "signal " + std::to_string(signal);
  // Counted from the nearer end, as programs name them.
  if (signal == rtmin) return "SIGRTMIN";
  if (signal == rtmax) return "SIGRTMAX";
  if (signal - rtmin <= rtmax - signal) return "SIGRTMIN+" + std::to_string(signal - rtmin);
  return "SIGRTMAX-" + std::to_string(rtmax - signal);
}

std::optional<ReportSections> parse_report_sections(std::string_view text) {
  ReportSections sections{false, false, false, false, false, false, false, false, false};
  bool any = false;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string name = lowercase(trim(text.substr(0, comma)));
    if (name == "timing") {
      sections.timing = true;
    } else if (name == "alloc") {
      sections.alloc = true;
    } else if (name == "threads") {
      sections.threads = true;
    } else if (name == "cpu") {
      sections.cpu = true;
    } else if (name == "tree") {
      sections.tree = true;
    } else if (name == "waits") {
      sections.waits = true;
    } else if (name == "locks") {
      sections.locks = true;
    } else if (name == "coroutines") {
      sections.coroutines = true;
    } else if (name == "gauges") {
      sections.gauges = true;
    } else if (name == "all") {
      sections = ReportSections{true, true, true, true, true, true, true, true, true};
    } else {
      return std::nullopt;
    }
    any = true;
    if (comma == std::string_view::npos) break;
    text = text.substr(comma + 1);
  }
  if (!any) return std::nullopt;
  return sections;
}

std::optional<MainOptions> parse_main_options(std::string_view text, std::string& error) {
  MainOptions options;
  while (!text.empty()) {
    const std::size_t end = text.find(';');
    const std::string_view entry = trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (entry.empty()) continue;
    const std::size_t equals = entry.find('=');
    if (equals == std::string_view::npos && lowercase(entry) == "live") {
      options.live = true;
      continue;
    }
    if (equals == std::string_view::npos) {
      error =
          "expected key=value (or live), with key one of percentiles, limit, format, output, "
          "report, flamegraph, folded, wall_flamegraph, wall_folded, time_sampling_rate, live, "
          "name";
      return std::nullopt;
    }
    const std::string key = lowercase(trim(entry.substr(0, equals)));
    const std::string_view value = trim(entry.substr(equals + 1));
    if (key == "percentiles") {
      options.percentiles = parse_percentiles(value);
      if (!options.percentiles) {
        error = "percentiles are comma-separated numbers from 0 to 100, e.g. 50,95,99.9";
        return std::nullopt;
      }
    } else if (key == "limit") {
      options.limit = parse_limit(value);
      if (!options.limit) {
        error = "limit is a whole number of rows (0 shows all)";
        return std::nullopt;
      }
    } else if (key == "format") {
      options.format = parse_format(value);
      if (!options.format) {
        error = "format is one of table, json, json-pretty, none";
        return std::nullopt;
      }
    } else if (key == "output") {
      if (value.empty()) {
        error = "output is a file path";
        return std::nullopt;
      }
      options.output_path = std::string(value);
    } else if (key == "report") {
      options.report_sections = std::string(value);
      if (!parse_report_sections(value)) {
        error = std::string("report is a comma-separated list of sections: ") + kReportSectionNames;
        return std::nullopt;
      }
    } else if (key == "flamegraph" || key == "folded" || key == "wall_flamegraph" ||
               key == "wall_folded") {
      if (value.empty()) {
        error = key + " is a file path";
        return std::nullopt;
      }
      std::optional<std::string>& path = key == "flamegraph"        ? options.flamegraph_path
                                         : key == "folded"          ? options.folded_path
                                         : key == "wall_flamegraph" ? options.wall_flamegraph_path
                                                                    : options.wall_folded_path;
      path = std::string(value);
    } else if (key == "time_sampling_rate") {
      options.time_sampling_rate = parse_time_sampling_rate(value);
      if (!options.time_sampling_rate) {
        error = std::string("time_sampling_rate is ") + kTimeSamplingRateExpected;
        return std::nullopt;
      }
    } else if (key == "live") {
      options.live = parse_flag(value);
      if (!options.live) {
        error = std::string("live is ") + kFlagExpected;
        return std::nullopt;
      }
    } else if (key == "name") {
      if (value.empty()) {
        error = "name is the session's name";
        return std::nullopt;
      }
      options.name = std::string(value);
    } else {
      error = "unknown option '" + key +
              "'; expected percentiles, limit, format, output, report, flamegraph, folded, "
              "wall_flamegraph, wall_folded, time_sampling_rate, live or name";
      return std::nullopt;
    }
  }
  return options;
}

}  // namespace hotpath::detail
