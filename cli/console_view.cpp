// The console's screen as lines of text (see the header). Every line fits the
// width it is given, so that a resize only means rendering again.
#include "console_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <string_view>
#include <unordered_map>

#include "units.hpp"

namespace hotpath::cli {
namespace {

/// Terminal columns of UTF-8 `text`: its characters (none is wide here).
std::size_t columns_of(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

/// The byte length of `text`'s first `columns` characters.
std::size_t bytes_for_columns(const std::string& text, std::size_t columns) {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      if (seen == columns) return i;
      ++seen;
    }
  }
  return text.size();
}

const char* order_name(ConsoleView::Order order) {
  switch (order) {
    case ConsoleView::Order::Total:
      return "total";
    case ConsoleView::Order::Average:
      return "avg";
    case ConsoleView::Order::Calls:
      return "calls";
    case ConsoleView::Order::Name:
      return "name";
  }
  return "total";
}

constexpr std::size_t kNumberColumn = 11;

}  // namespace

std::string fit(const std::string& text, std::size_t columns, bool right) {
  const std::size_t have = columns_of(text);
  if (have > columns) {
    if (columns <= 3) return text.substr(0, bytes_for_columns(text, columns));
    return text.substr(0, bytes_for_columns(text, columns - 3)) + "...";
  }
  const std::string padding(columns - have, ' ');
  return right ? padding + text : text + padding;
}

void ConsoleView::set_report(Report report, std::string updated_at) {
  change_rows([&] {
    report_ = std::move(report);
    updated_at_ = std::move(updated_at);
    error_.clear();
  });
}

void ConsoleView::set_detail(std::vector<ConsoleCall> calls, ConsoleHistogram histogram) {
  calls_ = std::move(calls);
  histogram_ = std::move(histogram);
}

void ConsoleView::next_order() {
  change_rows([&] {
    order_ = order_ == Order::Total     ? Order::Average
             : order_ == Order::Average ? Order::Calls
             : order_ == Order::Calls   ? Order::Name
                                        : Order::Total;
  });
}

void ConsoleView::move_selection(int rows) {
  const auto count = static_cast<long>(visible_rows().size());
  const long moved = std::clamp(static_cast<long>(selected_) + rows, 0L, std::max(0L, count - 1));
  selected_ = static_cast<std::size_t>(moved);
}

bool ConsoleView::open_detail() {
  const std::optional<std::string> function = selected_function();
  if (!function) return false;
  if (*function != detail_function_) {
    calls_.clear();
    histogram_ = ConsoleHistogram{};
  }
  detail_function_ = *function;
  detail_open_ = true;
  return true;
}

void ConsoleView::type_filter(char c) {
  change_rows([&] { filter_ += c; });
}

void ConsoleView::erase_filter_character() {
  change_rows([&] {
    if (!filter_.empty()) filter_.pop_back();
  });
}

void ConsoleView::clear_filter() {
  change_rows([&] {
    filter_.clear();
    editing_filter_ = false;
  });
}

std::vector<std::string> ConsoleView::visible_names() const {
  std::vector<std::string> names;
  for (const FunctionRow* row : visible_rows()) names.push_back(row->name);
  return names;
}

void ConsoleView::keep_selection(const std::vector<std::string>& before) {
  const std::vector<const FunctionRow*> rows = visible_rows();
  std::unordered_map<std::string_view, std::size_t> position;
  for (std::size_t i = 0; i < rows.size(); ++i) position.emplace(rows[i]->name, i);
  const auto select_if_shown = [&](const std::string& name) {
    const auto found = position.find(name);
    if (found != position.end()) selected_ = found->second;
    return found != position.end();
  };
  if (selected_ < before.size()) {
    // The selected function, or else the nearest of its old neighbours still shown:
    // those below it first (the row that moves up into its place), then those above.
    for (std::size_t i = selected_; i < before.size(); ++i) {
      if (select_if_shown(before[i])) return;
    }
    for (std::size_t i = selected_; i-- > 0;) {
      if (select_if_shown(before[i])) return;
    }
  }
  if (selected_ >= rows.size()) selected_ = rows.empty() ? 0 : rows.size() - 1;
}

std::optional<std::string> ConsoleView::selected_function() const {
  if (detail_open_) return detail_function_;
  const std::vector<const FunctionRow*> rows = visible_rows();
  if (selected_ >= rows.size()) return std::nullopt;
  return rows[selected_]->name;
}

std::vector<const FunctionRow*> ConsoleView::visible_rows() const {
  std::vector<const FunctionRow*> rows;
  if (!report_) return rows;
  std::optional<std::regex> pattern;
  try {
    if (!filter_.empty()) pattern.emplace(filter_, std::regex::ECMAScript | std::regex::icase);
  } catch (const std::regex_error&) {
    pattern.reset();  // while it is being typed, a pattern may not be one yet: a plain text
  }
  for (const FunctionRow& row : report_->rows) {
    const bool matches = filter_.empty() || (pattern ? std::regex_search(row.name, *pattern)
                                                     : row.name.find(filter_) != std::string::npos);
    if (matches) rows.push_back(&row);
  }
  const Order order = order_;
  std::stable_sort(rows.begin(), rows.end(), [order](const FunctionRow* a, const FunctionRow* b) {
    switch (order) {
      case Order::Average:
        return a->avg_ns > b->avg_ns;
      case Order::Calls:
        return a->calls > b->calls;
      case Order::Name:
        return a->name < b->name;
      case Order::Total:
        break;
    }
    return a->total_ns > b->total_ns;
  });
  return rows;
}

std::vector<std::string> ConsoleView::render(std::size_t width, std::size_t height) const {
  std::vector<std::string> lines;
  std::string title = "hotpath console  " + url_;
  if (report_)
    title +=
        fmt::format("  {}: {}", report_->session_name, detail::format_duration(report_->wall_ns));
  title += error_.empty() ? "  updated " + updated_at_ : "  no answer: " + error_;
  lines.push_back(fit(title, width));
  const bool functions = tab_ == Tab::Functions;
  std::string tabs = functions ? "[Functions] threads(t)" : "functions(f) [Threads]";
  if (functions) {
    tabs += fmt::format("   sort: {} (s)   filter: {}{}", order_name(order_),
                        filter_.empty() && !editing_filter_ ? "none" : filter_,
                        editing_filter_ ? "_  (Enter ends, Esc clears)" : " (/)");
  }
  lines.push_back(fit(tabs + "   q quits", width));
  if (!report_) {
    lines.push_back(fit(error_.empty() ? "waiting for the program..." : "", width));
  } else if (functions) {
    render_functions(lines, width, height);
  } else {
    render_threads(lines, width);
  }
  lines.resize(std::max(height, std::size_t{1}), std::string());
  if (lines.size() > height) lines.resize(height);
  for (std::string& line : lines) line = fit(line, width);
  return lines;
}

void ConsoleView::render_functions(std::vector<std::string>& lines, std::size_t width,
                                   std::size_t height) const {
  const std::vector<double>& percentiles = report_->percentiles;
  const std::size_t numbers = 4 + percentiles.size();  // calls, avg, p.., total, %
  const std::size_t name_width =
      width > numbers * kNumberColumn + 10 ? width - numbers * kNumberColumn - 2 : 10;
  std::string header = "  " + fit("Function", name_width);
  std::vector<std::string> titles{"Calls", "Avg"};
  for (double p : percentiles) titles.push_back(fmt::format("P{}", p));
  titles.push_back("Total");
  titles.push_back("% Total");
  for (const std::string& title : titles) header += fit(title, kNumberColumn, true);
  lines.push_back(header);
  const std::vector<const FunctionRow*> rows = visible_rows();
  // The detail takes the lower half of the screen.
  const std::size_t table_lines =
      detail_open_ ? std::max<std::size_t>(3, height / 2) - 3 : (height > 4 ? height - 4 : 1);
  const std::size_t first =
      selected_ >= table_lines ? selected_ - table_lines + 1 : 0;  // keeps the selection shown
  for (std::size_t i = first; i < rows.size() && i < first + table_lines; ++i) {
    const FunctionRow& row = *rows[i];
    std::string line = (i == selected_ ? "> " : "  ") + fit(row.name, name_width);
    line += fit(fmt::format("{}", row.calls), kNumberColumn, true);
    line += fit(detail::format_duration(row.avg_ns), kNumberColumn, true);
    for (std::size_t p = 0; p < percentiles.size(); ++p) {
      const std::uint64_t value = p < row.percentile_ns.size() ? row.percentile_ns[p] : 0;
      line += fit(detail::format_duration(value), kNumberColumn, true);
    }
    line += fit(detail::format_duration(row.total_ns), kNumberColumn, true);
    line += fit(detail::format_percent(row.percent_total), kNumberColumn, true);
    lines.push_back(line);
  }
  if (rows.empty()) lines.push_back("  (no function matches)");
  if (detail_open_) render_detail(lines, width, height);
}

void ConsoleView::render_detail(std::vector<std::string>& lines, std::size_t width,
                                std::size_t height) const {
  while (lines.size() < height / 2) lines.emplace_back();
  lines.push_back(std::string(width, '-'));
  lines.push_back(fit(detail_function_ + "   (Esc closes)", width));
  // Left: the histogram as bars; right: the recent calls.
  std::vector<std::string> left;
  std::uint64_t most = 1;
  for (std::uint64_t count : histogram_.counts) most = std::max(most, count);
  std::uint64_t lower = 0;
  for (std::size_t i = 0; i < histogram_.counts.size() && i < histogram_.bounds_ns.size(); ++i) {
    const std::optional<std::uint64_t>& upper = histogram_.bounds_ns[i];
    if (histogram_.counts[i] != 0) {
      const std::string range =
          upper ? "<= " + detail::format_duration(*upper) : "> " + detail::format_duration(lower);
      const std::size_t bar = static_cast<std::size_t>(20 * histogram_.counts[i] / most);
      left.push_back(fit(range, 12, true) + " " + std::string(std::max<std::size_t>(bar, 1), '#') +
                     " " + std::to_string(histogram_.counts[i]));
    }
    if (upper) lower = *upper;
  }
  std::vector<std::string> right{"Ended          Duration     Thread"};
  const std::uint64_t now = report_ ? report_->wall_ns : 0;
  for (const ConsoleCall& call : calls_) {
    right.push_back(
        fit(detail::format_duration(now > call.end_ns ? now - call.end_ns : 0) + " ago", 14) +
        fit(detail::format_duration(call.duration_ns), 10, true) +
        fit(std::to_string(call.tid), 11, true));
  }
  const std::size_t half = width / 2;
  for (std::size_t i = 0; i < std::max(left.size(), right.size()) && lines.size() < height; ++i) {
    lines.push_back(fit(i < left.size() ? left[i] : "", half) + (i < right.size() ? right[i] : ""));
  }
}

void ConsoleView::render_threads(std::vector<std::string>& lines, std::size_t width) const {
  if (report_->threads.empty()) {
    lines.push_back(
        "  (no threads: the program has neither the threads monitor nor hotpath-alloc)");
    return;
  }
  const bool monitored = report_->threads_monitored;
  const bool alloc = report_->alloc_tracked;
  const std::size_t name_width = std::min<std::size_t>(32, width / 3);
  std::string header = "  " + fit("Thread", name_width);
  if (monitored) {
    for (const char* title : {"TID", "Status", "CPU max", "CPU avg", "CPU time"})
      header += fit(title, kNumberColumn, true);
  }
  if (alloc) {
    for (const char* title : {"Allocated", "Freed"}) header += fit(title, kNumberColumn, true);
  }
  lines.push_back(header);
  for (const ThreadAllocRow& thread : report_->threads) {
    std::string line = "  " + fit(thread.name, name_width);
    if (monitored) {
      line += fit(std::to_string(thread.tid), kNumberColumn, true);
      line += fit(thread.status.empty() ? "-" : thread.status, kNumberColumn, true);
      line += fit(detail::format_percent(thread.cpu_percent_max), kNumberColumn, true);
      line += fit(detail::format_percent(thread.cpu_percent_avg), kNumberColumn, true);
      line += fit(detail::format_duration(thread.cpu_ns), kNumberColumn, true);
    }
    if (alloc) {
      line += fit(detail::format_bytes(thread.alloc_bytes), kNumberColumn, true);
      line += fit(detail::format_bytes(thread.dealloc_bytes), kNumberColumn, true);
    }
    lines.push_back(line);
  }
}

}  // namespace hotpath::cli
