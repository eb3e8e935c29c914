// Assembly of the Report from a registry snapshot.
#include "report_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include <tsl/robin_map.h>

#include "function_name.hpp"

namespace hotpath::detail {
namespace {

struct RowKey {
  std::string name;
  std::string parameters;
  bool operator<(const RowKey& other) const {
    return std::tie(name, parameters) < std::tie(other.name, other.parameters);
  }
};

struct MergedRow {
  const Site* first_site = nullptr;
  FunctionTotals totals;
};

RowKey key_of(const Site& site) {
  RowKey key;
  ParsedSignature parsed;
  if (site.signature() != nullptr) parsed = parse_pretty_function(site.signature());
  key.name = site.explicit_name() != nullptr ? site.explicit_name() : parsed.qualified_name;
  key.parameters = std::move(parsed.parameters);
  if (site.enclosing_signature() != nullptr && site.explicit_name() != nullptr) {
    key.name = parse_pretty_function(site.enclosing_signature()).qualified_name +
               "::" + site.explicit_name();
    if (site.signature() != nullptr)
      key.name += lambda_template_arguments(site.signature(), site.enclosing_signature());
  }
  return key;
}

double round_to_hundredths(double value) { return std::round(value * 100.0) / 100.0; }

AllocRow alloc_row(const std::string& name, const FunctionTotals& function,
                   const ReportSettings& settings) {
  // Calls that neither allocated nor freed have no record of their own: they are
  // the function's calls minus the recorded ones, each of 0 bytes. (Read from a
  // live thread, the two counts may be one call apart.)
  AllocTotals totals;
  totals.merge(function.alloc);
  if (function.calls > totals.calls) {
    const std::uint64_t idle_calls = function.calls - totals.calls;
    totals.histogram.add(0, idle_calls);
    totals.calls = function.calls;
    totals.min_bytes = 0;
  }
  AllocRow row;
  row.name = name;
  row.calls = totals.calls;
  row.alloc_bytes = totals.alloc_bytes;
  row.alloc_count = totals.alloc_count;
  row.dealloc_bytes = totals.dealloc_bytes;
  row.dealloc_count = totals.dealloc_count;
  row.avg_bytes = totals.alloc_bytes / totals.calls;
  for (double p : settings.percentiles) {
    row.percentile_bytes.push_back(
        totals.histogram.percentile(p, totals.min_bytes, totals.max_bytes));
  }
  return row;
}

CpuRow cpu_row(std::string name, std::uint64_t samples, const CpuSamplingTotals& cpu) {
  CpuRow row;
  row.name = std::move(name);
  row.samples = samples;
  row.cpu_ns = samples * cpu.period_ns;
  if (cpu.samples != 0) {
    row.percent_total = round_to_hundredths(100.0 * static_cast<double>(samples) /
                                            static_cast<double>(cpu.samples));
  }
  return row;
}

// One row per function with samples, and "(not measured)" for the samples taken
// outside every measured call: in self mode the rows add up to all samples.
void add_cpu_section(Report& report, const ReportSettings& settings) {
  const CpuSamplingTotals& cpu = settings.cpu;
  report.cpu_sampled = true;
  report.cpu_mode = settings.cpu_mode;
  report.cpu.timer = cpu.timer;
  report.cpu.frequency_hz = cpu.frequency_hz;
  report.cpu.samples = cpu.samples;
  report.cpu.period_ns = cpu.period_ns;
  report.cpu.cpu_ns = cpu.cpu_ns;
  report.cpu.lost_samples = cpu.lost_samples;
  report.cpu.stopped_early = cpu.stopped_early;
  if (cpu.unmeasured_samples != 0)
    report.cpu_rows.push_back(cpu_row("(not measured)", cpu.unmeasured_samples, cpu));
  std::sort(report.cpu_rows.begin(), report.cpu_rows.end(), [](const CpuRow& a, const CpuRow& b) {
    return std::tie(b.samples, a.name) < std::tie(a.samples, b.name);
  });
}

}  // namespace

Report build_report(const RegistrySnapshot& snapshot, const ReportSettings& settings,
                    const TickConverter& ticks) {
  // std::map keeps the merge order deterministic; the sort below decides the output.
  std::map<RowKey, MergedRow> merged;
  for (std::size_t index = 0; index < snapshot.sites.size(); ++index) {
    const FunctionTotals& totals = snapshot.totals[index];
    if (totals.calls == 0 && totals.cpu_samples == 0) continue;
    MergedRow& row = merged[key_of(*snapshot.sites[index])];
    if (row.first_site == nullptr) row.first_site = snapshot.sites[index];
    row.totals.merge(totals);
  }

  tsl::robin_map<std::string, std::size_t> variants_per_name;
  for (const auto& entry : merged) ++variants_per_name[entry.first.name];

  Report report;
  report.session_name = settings.session_name;
  report.wall_ns = settings.wall_ns;
  report.percentiles = settings.percentiles;
  report.limit = settings.limit;
  report.name_width = settings.name_width;
  report.time_mode = settings.time_mode;
  report.rows.reserve(merged.size());
  const bool exclusive = settings.time_mode == TimeMode::Exclusive;
  const bool self_cpu = settings.cpu_mode == CpuMode::Self;
  for (const auto& [key, merged_row] : merged) {
    const FunctionTotals& totals = merged_row.totals;
    FunctionRow row;
    row.name = variants_per_name[key.name] > 1 ? key.name + key.parameters : key.name;
    const std::uint64_t samples = self_cpu ? totals.cpu_self_samples : totals.cpu_samples;
    if (settings.cpu_sampled && samples != 0)
      report.cpu_rows.push_back(cpu_row(row.name, samples, settings.cpu));
    // A first call still running when the report is made has samples, no timing.
    if (totals.calls == 0) continue;
    row.file = merged_row.first_site->file() != nullptr ? merged_row.first_site->file() : "";
    row.line = merged_row.first_site->line();
    row.calls = totals.calls;
    row.total_ns = ticks.to_ns(exclusive ? totals.self_ticks : totals.total_ticks);
    row.avg_ns = row.total_ns / totals.calls;
    for (double p : settings.percentiles) {
      row.percentile_ns.push_back(
          ticks.to_ns(totals.histogram.percentile(p, totals.min_value, totals.max_value)));
    }
    row.percent_total = settings.wall_ns == 0
                            ? 0.0
                            : round_to_hundredths(100.0 * static_cast<double>(row.total_ns) /
                                                  static_cast<double>(settings.wall_ns));
    if (settings.alloc_tracked)
      report.alloc_rows.push_back(alloc_row(row.name, merged_row.totals, settings));
    report.rows.push_back(std::move(row));
  }
  report.alloc_tracked = settings.alloc_tracked;
  report.alloc_mode = settings.alloc_mode;
  if (settings.alloc_tracked) {
    report.threads = snapshot.threads;
    for (const ThreadAllocRow& thread : report.threads)
      report.alloc_total_bytes += thread.alloc_bytes;
    for (AllocRow& row : report.alloc_rows) {
      row.percent_total = report.alloc_total_bytes == 0
                              ? 0.0
                              : round_to_hundredths(100.0 * static_cast<double>(row.alloc_bytes) /
                                                    static_cast<double>(report.alloc_total_bytes));
    }
    std::sort(report.alloc_rows.begin(), report.alloc_rows.end(),
              [](const AllocRow& a, const AllocRow& b) {
                return std::tie(b.alloc_bytes, a.name) < std::tie(a.alloc_bytes, b.name);
              });
  }
  if (settings.cpu_sampled) add_cpu_section(report, settings);
  // Names are unique after disambiguation, so this order is total.
  std::sort(report.rows.begin(), report.rows.end(), [](const FunctionRow& a, const FunctionRow& b) {
    return std::tie(b.total_ns, a.name) < std::tie(a.total_ns, b.name);
  });
  return report;
}

}  // namespace hotpath::detail
