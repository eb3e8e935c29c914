// The view keeps the saved order among equal rows, so that a view sorted by total
// time is the saved report itself.
#include "report_view.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>

#include <fmt/format.h>

#include "percentile_names.hpp"

namespace hotpath {
namespace {

std::uint64_t sort_value(const FunctionRow& row, RowOrder::Key key, std::size_t percentile) {
  switch (key) {
    case RowOrder::Key::Total:
      return row.total_ns;
    case RowOrder::Key::Average:
      return row.avg_ns;
    case RowOrder::Key::Calls:
      return row.calls;
    case RowOrder::Key::Percentile:
      return percentile < row.percentile_ns.size() ? row.percentile_ns[percentile] : 0;
  }
  return 0;
}

// Largest first, equal values in their saved order. Not std::stable_sort: with
// Clang and libstdc++ 12 it warns about the deprecated get_temporary_buffer.
std::vector<FunctionRow> sorted_rows(std::vector<FunctionRow> rows, RowOrder::Key key,
                                     std::size_t percentile) {
  std::vector<std::size_t> order(rows.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t left, std::size_t right) {
    const std::uint64_t left_value = sort_value(rows[left], key, percentile);
    const std::uint64_t right_value = sort_value(rows[right], key, percentile);
    return left_value != right_value ? left_value > right_value : left < right;
  });
  std::vector<FunctionRow> sorted;
  sorted.reserve(rows.size());
  for (std::size_t index : order) sorted.push_back(std::move(rows[index]));
  return sorted;
}

template <typename Row>
std::vector<Row> matching_rows(const std::vector<Row>& rows,
                               const std::optional<std::regex>& focus) {
  if (!focus) return rows;
  std::vector<Row> kept;
  for (const Row& row : rows)
    if (std::regex_search(row.name, *focus)) kept.push_back(row);
  return kept;
}

/// Words the notes of one function section: what the saved report lacks, what the
/// limit hides. `rows` names its rows ("functions", "allocation rows").
void add_section_notes(std::vector<std::string>& notes, const char* rows, std::size_t measured,
                       std::size_t saved, std::size_t matched, std::size_t limit) {
  if (measured > saved)
    notes.push_back(
        fmt::format("{} of {} {} in the saved report; record with HOTPATH_LIMIT=0 for all", saved,
                    measured, rows));
  if (limit != 0 && matched > limit)
    notes.push_back(fmt::format("{} of {} {} shown (--limit {}; --limit 0 shows all)", limit,
                                matched, rows, limit));
}

// Functions the saved report counted but did not hold.
std::size_t never_saved(std::size_t measured, std::size_t saved) {
  return measured > saved ? measured - saved : 0;
}

template <typename Row>
void cut(std::vector<Row>& rows, std::size_t visible) {
  rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(visible), rows.end());
}

}  // namespace

std::optional<RowOrder> parse_row_order(const std::string& text) {
  if (text == "total") return RowOrder{RowOrder::Key::Total, 0};
  if (text == "avg") return RowOrder{RowOrder::Key::Average, 0};
  if (text == "calls") return RowOrder{RowOrder::Key::Calls, 0};
  const std::optional<double> percentile = detail::parse_percentile_name(text);
  if (!percentile) return std::nullopt;
  return RowOrder{RowOrder::Key::Percentile, *percentile};
}

std::string row_order_name(const RowOrder& order) {
  switch (order.key) {
    case RowOrder::Key::Total:
      return "total";
    case RowOrder::Key::Average:
      return "avg";
    case RowOrder::Key::Calls:
      return "calls";
    case RowOrder::Key::Percentile:
      return detail::percentile_name(order.percentile);
  }
  return "";
}

bool make_report_view(const SavedReport& saved, const ViewOptions& options, ReportView& view,
                      std::string& error) {
  view.report = saved.report;
  Report& report = view.report;
  std::size_t percentile = 0;
  if (options.order.key == RowOrder::Key::Percentile) {
    const std::optional<std::size_t> index =
        detail::find_percentile(report, options.order.percentile);
    if (!index) {
      error = detail::missing_percentile_message("--sort", options.order.percentile, report);
      return false;
    }
    percentile = *index;
  }

  report.rows = matching_rows(report.rows, options.focus);
  report.alloc_rows = matching_rows(report.alloc_rows, options.focus);
  report.cpu_rows = matching_rows(report.cpu_rows, options.focus);
  report.wait_rows = matching_rows(report.wait_rows, options.focus);
  report.coroutine_rows = matching_rows(report.coroutine_rows, options.focus);
  if (options.focus) report.call_tree = focus_call_tree(report.call_tree, *options.focus);
  report.show_call_tree = !report.call_tree.empty();

  report.rows = sorted_rows(std::move(report.rows), options.order.key, percentile);
  report.limit = options.limit.value_or(saved.report.limit);

  view.timing_functions =
      report.rows.size() + never_saved(saved.timing_functions, saved.report.rows.size());
  view.alloc_functions =
      report.alloc_rows.size() + never_saved(saved.alloc_functions, saved.report.alloc_rows.size());
  view.cpu_functions =
      report.cpu_rows.size() + never_saved(saved.cpu_functions, saved.report.cpu_rows.size());
  view.wait_functions =
      report.wait_rows.size() + never_saved(saved.wait_functions, saved.report.wait_rows.size());
  view.coroutine_functions =
      report.coroutine_rows.size() +
      never_saved(saved.coroutine_functions, saved.report.coroutine_rows.size());

  view.notes.clear();
  add_section_notes(view.notes, "functions", saved.timing_functions, saved.report.rows.size(),
                    report.rows.size(), report.limit);
  if (options.focus)
    view.notes.push_back(fmt::format("--focus \"{}\" matches {} of {} functions",
                                     options.focus_pattern, report.rows.size(),
                                     saved.report.rows.size()));
  if (report.alloc_tracked)
    add_section_notes(view.notes, "allocation rows", saved.alloc_functions,
                      saved.report.alloc_rows.size(), report.alloc_rows.size(), report.limit);
  if (report.cpu_sampled)
    add_section_notes(view.notes, "CPU rows", saved.cpu_functions, saved.report.cpu_rows.size(),
                      report.cpu_rows.size(), report.limit);
  if (report.waits_tracked)
    add_section_notes(view.notes, "wait rows", saved.wait_functions, saved.report.wait_rows.size(),
                      report.wait_rows.size(), report.limit);
  if (saved.coroutine_functions != 0)
    add_section_notes(view.notes, "coroutine rows", saved.coroutine_functions,
                      saved.report.coroutine_rows.size(), report.coroutine_rows.size(),
                      report.limit);
  return true;
}

Report shown_rows_only(const Report& report) {
  Report shown = report;
  cut(shown.rows, report.visible_row_count());
  cut(shown.alloc_rows, report.visible_alloc_row_count());
  cut(shown.cpu_rows, report.visible_cpu_row_count());
  cut(shown.wait_rows, report.visible_wait_row_count());
  cut(shown.coroutine_rows, report.visible_coroutine_row_count());
  return shown;
}

std::vector<CallTreeNode> focus_call_tree(const std::vector<CallTreeNode>& tree,
                                          const std::regex& focus) {
  const std::size_t count = tree.size();
  std::vector<bool> matches(count), under_match(count), above_match(count);
  for (std::size_t i = 0; i < count; ++i) {
    matches[i] = std::regex_search(tree[i].name, focus);
    const std::size_t parent = tree[i].parent;
    // Parents come first: theirs is known by now.
    if (parent != CallTreeNode::kNoParent) under_match[i] = matches[parent] || under_match[parent];
  }
  for (std::size_t i = count; i-- > 0;) {
    const std::size_t parent = tree[i].parent;
    if (parent != CallTreeNode::kNoParent && (matches[i] || above_match[i]))
      above_match[parent] = true;
  }

  // A kept node's parent is kept too: it is a caller of a match, a match, or under one.
  std::vector<std::size_t> new_index(count, CallTreeNode::kNoParent);
  std::vector<CallTreeNode> kept;
  for (std::size_t i = 0; i < count; ++i) {
    if (!matches[i] && !under_match[i] && !above_match[i]) continue;
    new_index[i] = kept.size();
    CallTreeNode node = tree[i];
    if (node.parent != CallTreeNode::kNoParent) node.parent = new_index[node.parent];
    kept.push_back(std::move(node));
  }
  return kept;
}

}  // namespace hotpath
