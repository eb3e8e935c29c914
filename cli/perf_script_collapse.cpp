// A line-by-line reader of `perf script` output. Frame lines start with a tab; any
// other non-blank line is a sample's header, which also ends the previous sample
// (without --call-graph, perf prints one line per sample with the frame on it and
// no blank line between samples).
#include "perf_script_collapse.hpp"

#include <map>
#include <utility>
#include <vector>

namespace hotpath::cli {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

bool is_hex(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    const bool digit = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!digit) return false;
  }
  return true;
}

bool is_digits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

/// `1234` or `1234/1240`.
bool is_pid_tid(std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return is_digits(text);
  return is_digits(text.substr(0, slash)) && is_digits(text.substr(slash + 1));
}

/// `1090.081006:`
bool is_time(std::string_view text) {
  if (text.size() < 2 || text.back() != ':') return false;
  text.remove_suffix(1);
  const std::size_t dot = text.find('.');
  if (dot == std::string_view::npos) return is_digits(text);
  return is_digits(text.substr(0, dot)) && is_digits(text.substr(dot + 1));
}

/// `[003]`
bool is_cpu(std::string_view text) {
  return text.size() > 2 && text.front() == '[' && text.back() == ']' &&
         is_digits(text.substr(1, text.size() - 2));
}

struct Token {
  std::string_view text;
  std::size_t offset;  ///< in the line
};

std::vector<Token> tokenize(std::string_view line) {
  std::vector<Token> tokens;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && is_space(line[at])) ++at;
    const std::size_t begin = at;
    while (at < line.size() && !is_space(line[at])) ++at;
    if (at > begin) tokens.push_back({line.substr(begin, at - begin), begin});
  }
  return tokens;
}

/// A sample's header: the command name, and the frame perf prints on the header line
/// itself when it recorded no call chains.
struct Header {
  std::string comm;
  std::string_view inline_frame;
};

Header parse_header(std::string_view line) {
  const std::vector<Token> tokens = tokenize(line);
  Header header;
  if (tokens.empty()) return header;
  std::size_t time = tokens.size();
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    if (is_time(tokens[i].text)) {
      time = i;
      break;
    }
  }
  // The pid is just before the time (and the cpu), or else the first number after the
  // command: command names may contain spaces, and numbers.
  std::size_t pid = tokens.size();
  if (time < tokens.size()) {
    std::size_t candidate = time - 1;
    if (candidate >= 1 && is_cpu(tokens[candidate].text)) --candidate;
    if (candidate >= 1 && is_pid_tid(tokens[candidate].text)) pid = candidate;
  } else {
    for (std::size_t i = 1; i < tokens.size(); ++i) {
      if (is_pid_tid(tokens[i].text)) {
        pid = i;
        break;
      }
    }
  }
  header.comm = pid < tokens.size() ? std::string(trim(line.substr(0, tokens[pid].offset)))
                                    : std::string(tokens[0].text);

  // After the time: an optional period, then the event (`cpu-clock:ppp:`), then,
  // without call chains, `<address> <symbol> (<dso>)`.
  std::size_t event = time < tokens.size() ? time + 1 : (pid < tokens.size() ? pid + 1 : 1);
  while (event < tokens.size() && tokens[event].text.back() != ':') ++event;
  if (event + 1 < tokens.size() && is_hex(tokens[event + 1].text))
    header.inline_frame = trim(line.substr(tokens[event + 1].offset));
  return header;
}

std::string_view base_name(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

/// Removes a final `+0x<hex>`.
std::string_view strip_offset(std::string_view symbol) {
  const std::size_t plus = symbol.rfind("+0x");
  if (plus == std::string_view::npos || plus == 0) return symbol;
  if (!is_hex(symbol.substr(plus + 3))) return symbol;
  return symbol.substr(0, plus);
}

/// One sample being read.
class SampleBuilder {
 public:
  bool active() const noexcept { return active_; }

  void start(Header header) {
    active_ = true;
    comm_ = std::move(header.comm);
    inline_frame_ = header.inline_frame;
    frames_.clear();
  }

  void add_frame_line(std::string_view line) {
    const std::string_view trimmed = trim(line);
    const std::size_t space = trimmed.find(' ');
    if (!is_hex(trimmed.substr(0, space))) return;  // not a frame (e.g. a source line)
    frames_.push_back(perf_frame_name(trimmed));
  }

  /// The finished sample's stack, root first; the builder is then inactive.
  std::vector<std::string> finish() {
    active_ = false;
    if (frames_.empty() && !inline_frame_.empty())
      frames_.push_back(perf_frame_name(inline_frame_));
    std::vector<std::string> stack;
    stack.reserve(frames_.size() + 1);
    stack.push_back(comm_.empty() ? "[unknown]" : std::move(comm_));
    for (auto frame = frames_.rbegin(); frame != frames_.rend(); ++frame)
      stack.push_back(std::move(*frame));
    return stack;
  }

 private:
  bool active_ = false;
  std::string comm_;
  std::string_view inline_frame_;
  std::vector<std::string> frames_;  // innermost first, as perf prints them
};

}  // namespace

std::string perf_frame_name(std::string_view line) {
  line = trim(line);
  const std::size_t space = line.find(' ');
  const std::string_view address = line.substr(0, space);
  std::string_view rest =
      space == std::string_view::npos ? std::string_view() : trim(line.substr(space));

  // The dso is the final parenthesized group after a space; symbols have parentheses
  // of their own (`main::{lambda()#1}`, `operator()`), dsos may too (`/x (deleted)`).
  std::string_view dso;
  if (!rest.empty() && rest.back() == ')') {
    int depth = 0;
    for (std::size_t i = rest.size(); i-- > 0;) {
      if (rest[i] == ')') ++depth;
      if (rest[i] == '(' && --depth == 0) {
        if (i == 0 || rest[i - 1] == ' ') {
          dso = rest.substr(i + 1, rest.size() - i - 2);
          rest = trim(rest.substr(0, i));
        }
        break;
      }
    }
  }
  const std::string_view symbol = strip_offset(rest);
  if (!symbol.empty() && symbol != "[unknown]") return std::string(symbol);
  if (dso.empty() || dso == "[unknown]" || address.empty()) return "[unknown]";
  return std::string(base_name(dso)) + "+0x" + std::string(address);
}

flamegraph::FoldedStacks collapse_perf_script(std::string_view text,
                                              const PerfCollapseOptions& options) {
  flamegraph::FoldedStacks ordered;
  std::map<std::vector<std::string>, std::uint64_t> counts;
  SampleBuilder sample;
  const auto finish_sample = [&] {
    if (!sample.active()) return;
    std::vector<std::string> stack = sample.finish();
    if (options.keep_order) {
      ordered.add(std::move(stack), 1);
    } else {
      ++counts[std::move(stack)];
    }
  };
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trim(line).empty()) {
      finish_sample();
      continue;
    }
    if (line.front() == '\t') {
      if (sample.active()) sample.add_frame_line(line);
      continue;
    }
    if (!sample.active() && trim(line).front() == '#') continue;  // perf's comments
    finish_sample();
    sample.start(parse_header(line));
  }
  finish_sample();
  if (options.keep_order) return ordered;
  flamegraph::FoldedStacks merged;
  for (auto& [stack, count] : counts) merged.add(stack, count);
  return merged;
}

}  // namespace hotpath::cli
