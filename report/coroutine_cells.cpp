// Cells of the coroutines table. The titles of the per-instance columns are short
// ("Avg run", "P95 run", "Avg susp"): with the full words the table of the default
// percentile leaves less than 20 columns of 120 to the names.
#include "coroutine_cells.hpp"

#include <cstddef>
#include <cstdint>

#include <fmt/format.h>

#include "units.hpp"

namespace hotpath::detail {
namespace {

// An instance still running has no time of its own yet: its averages and
// percentiles are those of no instance.
std::string per_instance_cell(const CoroutineRow& row, std::uint64_t ns) {
  return row.completed + row.destroyed == 0 ? "-" : format_duration(ns);
}

}  // namespace

CoroutineColumns coroutine_columns(const Report& report) {
  CoroutineColumns columns;
  const std::size_t visible = report.visible_coroutine_row_count();
  for (std::size_t row = 0; row < visible; ++row)
    columns.destroyed = columns.destroyed || report.coroutine_rows[row].destroyed != 0;
  columns.percentiles = report.percentiles;
  return columns;
}

std::vector<std::string> coroutine_column_titles(const CoroutineColumns& columns) {
  std::vector<std::string> titles{"Function", "Instances", "Completed"};
  if (columns.destroyed) titles.emplace_back("Destroyed");
  for (const char* title : {"Resumes", "Running", "Avg run"}) titles.emplace_back(title);
  for (double p : columns.percentiles) titles.push_back(percentile_label(p) + " run");
  for (const char* title : {"Suspended", "Avg susp"}) titles.emplace_back(title);
  return titles;
}

std::vector<std::string> coroutine_cells(const CoroutineColumns& columns, const CoroutineRow& row) {
  std::vector<std::string> cells{row.name, fmt::format("{}", row.instances),
                                 fmt::format("{}", row.completed)};
  if (columns.destroyed) cells.push_back(fmt::format("{}", row.destroyed));
  cells.push_back(fmt::format("{}", row.resumes));
  cells.push_back(format_duration(row.running_ns));
  cells.push_back(per_instance_cell(row, row.avg_running_ns));
  for (std::size_t i = 0; i < columns.percentiles.size(); ++i) {
    // A row built with fewer percentiles than the report gets a placeholder.
    cells.push_back(i < row.running_percentile_ns.size()
                        ? per_instance_cell(row, row.running_percentile_ns[i])
                        : "-");
  }
  cells.push_back(format_duration(row.suspended_ns));
  cells.push_back(per_instance_cell(row, row.avg_suspended_ns));
  return cells;
}

std::string coroutine_section_title() {
  return "[hotpath] coroutines - instances, resumes, and how their time split between running "
         "and suspended.";
}

std::string coroutine_summary(const Report& report) {
  std::uint64_t instances = 0;
  std::uint64_t running_ns = 0;
  std::uint64_t suspended_ns = 0;
  for (const CoroutineRow& row : report.coroutine_rows) {
    instances += row.instances;
    running_ns += row.running_ns;
    suspended_ns += row.suspended_ns;
  }
  std::string figures = "Avg";
  for (std::size_t i = 0; i < report.percentiles.size(); ++i) {
    figures += i + 1 == report.percentiles.size() ? " and " : ", ";
    figures += percentile_label(report.percentiles[i]);
  }
  return fmt::format("{}: {} {}, {} running and {} suspended; {} per instance that ended",
                     report.session_name, instances, instances == 1 ? "instance" : "instances",
                     format_duration(running_ns), format_duration(suspended_ns), figures);
}

}  // namespace hotpath::detail
