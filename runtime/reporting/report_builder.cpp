// Assembly of the Report from a registry snapshot.
#include "reporting/report_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <tuple>

#include "core/call_tree.hpp"
#include "core/gauge_registry.hpp"
#include "naming/row_names.hpp"
#include "naming/site_signatures.hpp"
#include "reporting/call_tree_report.hpp"
#include "reporting/coroutine_tree.hpp"
#include "reporting/duration_buckets.hpp"
#include "reporting/lock_rows.hpp"

namespace hotpath::detail {
namespace {

/// The calls of one function: the sites of one signature, merged across the
/// executable and the shared libraries that each hold a copy of the function.
struct MergedRow {
  SiteSignature signature;
  const SiteRecord* first_site = nullptr;
  /// The row's totals: its one site's (most rows: not copied), or those of its
  /// sites merged in `merged`.
  const FunctionTotals* totals = nullptr;
  std::unique_ptr<FunctionTotals> merged;
  std::vector<std::uint32_t> site_ids;

  void add(std::uint32_t site_id, const FunctionTotals& site) {
    site_ids.push_back(site_id);
    if (totals == nullptr) {
      totals = &site;
      return;
    }
    if (merged == nullptr) {
      merged = std::make_unique<FunctionTotals>();
      merged->merge(*totals);
      totals = merged.get();
    }
    merged->merge(site);
  }
};

constexpr std::size_t kNoRow = static_cast<std::size_t>(-1);

/// A site already given a row.
struct SeenSite {
  std::size_t row;
  const SiteRecord* site;
};

/// The row of an earlier site of the same signature that `site` joins, or kNoRow.
/// Within one module a site is one function, so two sites of one module with the
/// same signature are distinct functions the compiler spells alike (GCC's lambdas,
/// local classes) and keep rows of their own; a site of another module is a copy of
/// the same function (an inline function) and joins the first row.
std::size_t row_joined(const std::vector<SeenSite>& same, const SiteRecord& site) {
  for (const SeenSite& seen : same) {
    if (seen.site->module() == site.module()) return kNoRow;
  }
  return same.empty() ? kNoRow : same.front().row;
}

/// Groups sites into rows by signature (row_joined() tells the functions of one
/// signature apart). `row_of_site` gets each site's row (by site id - 1),
/// kNoRow for sites unused.
std::vector<MergedRow> merge_rows(const RegistrySnapshot& snapshot,
                                  std::vector<std::size_t>& row_of_site) {
  std::vector<MergedRow> rows;
  row_of_site.assign(snapshot.sites.size(), kNoRow);
  const std::vector<bool> in_call_tree =
      sites_on_called_paths(snapshot.call_tree, snapshot.sites.size());
  std::map<std::pair<bool, std::string>, std::vector<SeenSite>> by_signature;
  std::vector<bool> used(snapshot.sites.size());
  for (std::size_t index = 0; index < snapshot.sites.size(); ++index) {
    const FunctionTotals& totals = snapshot.totals[index];
    used[index] = totals.calls != 0 || totals.untimed_calls != 0 || totals.cpu_samples != 0 ||
                  !totals.waits.empty() || in_call_tree[index];
  }
  std::vector<SiteSignature> signatures =
      signatures_of_sites(snapshot.sites, used, snapshot.registered_sites);
  for (std::size_t index = 0; index < snapshot.sites.size(); ++index) {
    if (!used[index]) continue;
    const FunctionTotals& totals = snapshot.totals[index];
    const SiteRecord& site = *snapshot.sites[index];
    SiteSignature signature = std::move(signatures[index]);
    std::vector<SeenSite>& same = by_signature[{signature.user_named, signature.signature}];
    // A user's name is one row wherever it is used.
    std::size_t row =
        signature.user_named && !same.empty() ? same.front().row : row_joined(same, site);
    if (row == kNoRow) {
      row = rows.size();
      rows.push_back({std::move(signature), &site, nullptr, nullptr, {}});
    }
    same.push_back({row, &site});
    rows[row].add(static_cast<std::uint32_t>(index + 1), totals);
    row_of_site[index] = row;
  }
  return rows;
}
/// Time sampling: the call tree with its counts scaled to all calls, in `scaled`,
/// when some calls were untimed; otherwise the recorded tree.
const CallTreeTotals& call_tree_of_all_calls(const RegistrySnapshot& snapshot,
                                             CallTreeTotals& scaled) {
  std::vector<SiteScale> scale_of_site;
  bool sampled = false;
  for (const FunctionTotals& totals : snapshot.totals) {
    const std::uint64_t calls = totals.calls + totals.untimed_calls;
    // The durations scale like the function's row: its estimate against its sums.
    const auto ratio = [&](std::uint64_t sum, std::uint64_t exact_sum) {
      return UntimedScale{
          estimate_for_all_calls(calls, totals.calls, totals.exact_calls, sum, exact_sum), sum};
    };
    scale_of_site.push_back({UntimedScale{calls, totals.calls},
                             ratio(totals.total_ticks, totals.exact_total_ticks),
                             ratio(totals.self_ticks, totals.exact_self_ticks)});
    sampled = sampled || totals.untimed_calls != 0;
  }
  if (!sampled) return snapshot.call_tree;
  scaled = snapshot.call_tree;
  scaled.scale_to_all_calls(scale_of_site);
  return scaled;
}

double round_to_hundredths(double value) { return std::round(value * 100.0) / 100.0; }

AllocRow alloc_row(const FunctionRow& function_row, const FunctionTotals& function,
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
  row.name = function_row.name;
  row.signature = function_row.signature;
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

CpuRow cpu_row(std::string name, std::string signature, std::uint64_t samples,
               const CpuSamplingTotals& cpu) {
  CpuRow row;
  row.name = std::move(name);
  row.signature = std::move(signature);
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
    report.cpu_rows.push_back(cpu_row("(not measured)", "", cpu.unmeasured_samples, cpu));
  std::sort(report.cpu_rows.begin(), report.cpu_rows.end(), [](const CpuRow& a, const CpuRow& b) {
    return std::tie(b.samples, a.name) < std::tie(a.samples, b.name);
  });
}

// The recorded causes and the report's are the same list, in the same order.
static_assert(kWaitCauses == kWaitCauseCount, "a cause of waits is missing from the report");

WaitRow wait_row(std::string name, std::string signature, const WaitTotals& waits,
                 const TickConverter& ticks, std::uint64_t wall_ns) {
  WaitRow row;
  row.name = std::move(name);
  row.signature = std::move(signature);
  for (unsigned index = 0; index < kWaitCauses; ++index) {
    const WaitCauseTotals& totals = waits.causes[index];
    WaitCauseRow& cause = row.causes[index];
    cause.count = totals.count;
    cause.total_ns = ticks.to_ns(totals.ticks);
    cause.self_count = totals.self_count;
    cause.self_ns = ticks.to_ns(totals.self_ticks);
    row.count += cause.count;
    row.total_ns += cause.total_ns;
    row.self_count += cause.self_count;
    row.self_ns += cause.self_ns;
  }
  row.io_bytes = waits.io_bytes;
  row.self_io_bytes = waits.self_io_bytes;
  if (wall_ns != 0) {
    row.percent_wall = round_to_hundredths(100.0 * static_cast<double>(row.total_ns) /
                                           static_cast<double>(wall_ns));
  }
  return row;
}

CoroutineRow coroutine_row(std::string name, std::string signature, const CoroutineTotals& totals,
                           const std::vector<double>& percentiles, const TickConverter& ticks) {
  CoroutineRow row;
  row.name = std::move(name);
  row.signature = std::move(signature);
  row.instances = totals.started;
  row.completed = totals.completed;
  row.destroyed = totals.destroyed;
  row.resumes = totals.resumes;
  row.running_ns = ticks.to_ns(totals.running_ticks);
  row.suspended_ns = ticks.to_ns(totals.suspended_ticks);
  const std::uint64_t ended = totals.ended();
  if (ended != 0) {
    row.avg_running_ns = row.running_ns / ended;
    row.avg_suspended_ns = row.suspended_ns / ended;
  }
  for (double p : percentiles) {
    row.running_percentile_ns.push_back(
        ended == 0
            ? 0
            : ticks.to_ns(totals.running.percentile(p, totals.min_running, totals.max_running)));
    row.suspended_percentile_ns.push_back(
        ended == 0 ? 0
                   : ticks.to_ns(totals.suspended.percentile(p, totals.min_suspended,
                                                             totals.max_suspended)));
  }
  return row;
}

// By name: a user finds a gauge where the alphabet puts it, report after report.
std::vector<GaugeRow> gauge_rows() {
  std::vector<GaugeRow> rows;
  for (GaugeReading& reading : read_gauges()) {
    GaugeRow row;
    row.name = std::move(reading.name);
    row.kind = reading.kind;
    row.value = reading.value;
    row.total = reading.total;
    row.min = reading.min;
    row.max = reading.max;
    row.updates = reading.updates;
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end(),
            [](const GaugeRow& a, const GaugeRow& b) { return a.name < b.name; });
  return rows;
}
/// The durations' figures of `row` from its histogram: percentiles and buckets.
void add_durations(FunctionRow& row, const FunctionTotals& totals, const ReportSettings& settings,
                   const TickConverter& ticks) {
  // When some calls were untimed, the timed calls stand for all of them.
  const UntimedScale scale{row.calls, row.timed_calls};
  for (double p : settings.percentiles) {
    row.percentile_ns.push_back(
        ticks.to_ns(totals.histogram.percentile(p, totals.min_value, totals.max_value)));
  }
  row.duration_buckets = duration_buckets(totals.histogram, totals.min_value, totals.max_value,
                                          ticks, scale, row.calls);
}

/// Rows before `a` in the report: larger totals first, then by name (names are
/// unique after disambiguation, so this order is total).
bool comes_first(const FunctionRow& a, const FunctionRow& b) {
  return std::tie(b.total_ns, a.name) < std::tie(a.total_ns, b.name);
}

/// A snapshot taken with DurationHistograms::Later: reads the histograms of the
/// first `settings.rows_with_durations` rows' sites and gives those rows their
/// durations' figures. `merged_of_row` gives each row's MergedRow.
void add_durations_of_shown_rows(Report& report, std::vector<MergedRow>& merged,
                                 const std::vector<std::size_t>& merged_of_row,
                                 RegistrySnapshot& snapshot, const ReportSettings& settings,
                                 const TickConverter& ticks, const DurationHistogramReader& read) {
  std::vector<std::size_t> order(report.rows.size());
  for (std::size_t index = 0; index < order.size(); ++index) order[index] = index;
  const std::size_t shown = settings.rows_with_durations == 0
                                ? order.size()
                                : std::min(order.size(), settings.rows_with_durations);
  std::partial_sort(
      order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(),
      [&](std::size_t a, std::size_t b) { return comes_first(report.rows[a], report.rows[b]); });
  order.resize(shown);
  std::vector<std::uint32_t> site_ids;
  for (std::size_t row : order) {
    const MergedRow& source = merged[merged_of_row[row]];
    site_ids.insert(site_ids.end(), source.site_ids.begin(), source.site_ids.end());
  }
  read(snapshot, site_ids);
  for (std::size_t row : order) {
    MergedRow& source = merged[merged_of_row[row]];
    // A row of several sites merged their totals before the histograms were read.
    if (source.merged != nullptr) {
      for (std::uint32_t site : source.site_ids)
        source.merged->histogram.merge(snapshot.totals[site - 1].histogram);
    }
    add_durations(report.rows[row], *source.totals, settings, ticks);
  }
}

/// build_report() of either kind of snapshot: with `read`, `later` is the
/// snapshot, whose histograms are read for the rows shown.
Report build(const RegistrySnapshot& snapshot, const ReportSettings& settings,
             const TickConverter& ticks, std::vector<std::string>* site_names,
             RegistrySnapshot* later, const DurationHistogramReader* read) {
  std::vector<std::size_t> row_of_site;
  std::vector<MergedRow> merged = merge_rows(snapshot, row_of_site);
  std::vector<std::size_t> merged_of_row;
  std::vector<SiteSignature> signatures;
  signatures.reserve(merged.size());
  for (const MergedRow& row : merged) signatures.push_back(row.signature);
  const std::vector<std::string> names = row_names(signatures);

  Report report;
  report.session_name = settings.session_name;
  report.wall_ns = settings.wall_ns;
  report.percentiles = settings.percentiles;
  report.limit = settings.limit;
  report.name_width = settings.name_width;
  report.time_mode = settings.time_mode;
  report.compensation = settings.compensation;
  report.time_sampling_rate = settings.time_sampling_rate;
  report.adaptive_timing = settings.adaptive_timing;
  report.rows.reserve(merged.size());
  const bool exclusive = settings.time_mode == TimeMode::Exclusive;
  const bool self_cpu = settings.cpu_mode == CpuMode::Self;
  for (std::size_t index = 0; index < merged.size(); ++index) {
    const MergedRow& merged_row = merged[index];
    const FunctionTotals& totals = *merged_row.totals;
    FunctionRow row;
    row.name = names[index];
    row.signature = merged_row.signature.signature;
    const std::uint64_t samples = self_cpu ? totals.cpu_self_samples : totals.cpu_samples;
    if (settings.cpu_sampled && samples != 0)
      report.cpu_rows.push_back(cpu_row(row.name, row.signature, samples, settings.cpu));
    if (settings.waits_tracked && !totals.waits.empty()) {
      report.wait_rows.push_back(
          wait_row(row.name, row.signature, totals.waits, ticks, settings.wall_ns));
    }
    // A coroutine still running has segments before its instance ends.
    if (!totals.coroutine.empty()) {
      report.coroutine_rows.push_back(
          coroutine_row(row.name, row.signature, totals.coroutine, settings.percentiles, ticks));
    }
    // A first call still running when the report is made has samples, no timing.
    if (totals.calls == 0 && totals.untimed_calls == 0) continue;
    row.file = merged_row.first_site->file() != nullptr ? merged_row.first_site->file() : "";
    row.line = merged_row.first_site->line();
    row.calls = totals.calls + totals.untimed_calls;
    row.timed_calls = totals.calls;
    row.adaptive = totals.adaptive && row.timed_calls != row.calls;
    // When some calls were untimed, the timed calls stand for all of them.
    const auto estimate = [&](std::uint64_t sum, std::uint64_t exact_sum) {
      return estimate_for_all_calls(row.calls, row.timed_calls, totals.exact_calls, sum, exact_sum);
    };
    row.total_ns = ticks.to_ns(exclusive ? estimate(totals.self_ticks, totals.exact_self_ticks)
                                         : estimate(totals.total_ticks, totals.exact_total_ticks));
    row.measured_total_ns =
        ticks.to_ns(estimate(totals.total_ticks + totals.overhead_ticks,
                             totals.exact_total_ticks + totals.exact_overhead_ticks));
    row.avg_ns = row.total_ns / row.calls;
    if (read == nullptr) add_durations(row, totals, settings, ticks);
    row.percent_total = settings.wall_ns == 0
                            ? 0.0
                            : round_to_hundredths(100.0 * static_cast<double>(row.total_ns) /
                                                  static_cast<double>(settings.wall_ns));
    // Allocations are recorded by timed calls (an untimed call's go to its caller).
    if (settings.alloc_tracked && totals.calls != 0)
      report.alloc_rows.push_back(alloc_row(row, totals, settings));
    report.rows.push_back(std::move(row));
    merged_of_row.push_back(index);
  }
  if (read != nullptr)
    add_durations_of_shown_rows(report, merged, merged_of_row, *later, settings, ticks, *read);
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
  std::sort(report.coroutine_rows.begin(), report.coroutine_rows.end(),
            [](const CoroutineRow& a, const CoroutineRow& b) {
              return std::make_tuple(b.running_ns + b.suspended_ns, a.name) <
                     std::make_tuple(a.running_ns + a.suspended_ns, b.name);
            });
  report.waits_tracked = settings.waits_tracked;
  std::sort(
      report.wait_rows.begin(), report.wait_rows.end(), [](const WaitRow& a, const WaitRow& b) {
        return std::tie(b.total_ns, b.self_ns, a.name) < std::tie(a.total_ns, a.self_ns, b.name);
      });
  const auto name_of_site = [&](std::uint32_t site) -> const std::string* {
    const std::size_t row = site - 1 < row_of_site.size() ? row_of_site[site - 1] : kNoRow;
    return row != kNoRow ? &names[row] : nullptr;
  };
  if (settings.waits_tracked) {
    report.lock_rows = lock_rows(settings.locks, settings.lock_descriptions, name_of_site, ticks);
    report.untracked_lock_waits = settings.untracked_lock_waits;
  }
  report.coroutine_tree = build_coroutine_tree(snapshot.coroutine_paths, name_of_site, ticks);
  report.coroutine_tree_overflow = snapshot.coroutine_paths.overflow_instances;
  CallTreeTotals scaled_call_tree;
  report.call_tree =
      build_call_tree(call_tree_of_all_calls(snapshot, scaled_call_tree), name_of_site, ticks);
  report.call_tree_node_limit = call_tree_node_limit();
  if (site_names != nullptr) {
    site_names->assign(row_of_site.size(), std::string());
    for (std::size_t site = 0; site < row_of_site.size(); ++site)
      if (row_of_site[site] != kNoRow) (*site_names)[site] = names[row_of_site[site]];
  }
  report.show_call_tree = settings.show_call_tree;
  report.gauge_rows = gauge_rows();
  std::sort(report.rows.begin(), report.rows.end(), comes_first);
  return report;
}

}  // namespace

Report build_report(const RegistrySnapshot& snapshot, const ReportSettings& settings,
                    const TickConverter& ticks, std::vector<std::string>* site_names) {
  return build(snapshot, settings, ticks, site_names, nullptr, nullptr);
}

Report build_report(RegistrySnapshot& snapshot, const ReportSettings& settings,
                    const TickConverter& ticks, const DurationHistogramReader& read,
                    std::vector<std::string>* site_names) {
  if (!snapshot.histograms_later)
    return build(snapshot, settings, ticks, site_names, nullptr, nullptr);
  return build(snapshot, settings, ticks, site_names, &snapshot, &read);
}

}  // namespace hotpath::detail
