// Turns merged registry data into a Report: one row per function, names derived
// and disambiguated, ticks converted to nanoseconds, rows sorted by total time.
#ifndef HOTPATH_RUNTIME_REPORT_BUILDER_HPP
#define HOTPATH_RUNTIME_REPORT_BUILDER_HPP

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/clock_calibration.hpp"
#include "core/registry.hpp"
#include "cpu/cpu_recording.hpp"
#include "hotpath/report.hpp"
#include "waits/lock_records.hpp"

namespace hotpath::detail {

/// What a report shows besides the measurements.
struct ReportSettings {
  std::string session_name;
  std::uint64_t wall_ns = 0;
  std::vector<double> percentiles{95};
  std::size_t limit = 15;
  std::size_t name_width = kNameWidthToFit;
  TimeMode time_mode = TimeMode::Inclusive;
  Compensation compensation;
  std::uint32_t time_sampling_rate = 1;
  AdaptiveTiming adaptive_timing;
  bool alloc_tracked = false;  ///< hotpath-alloc is loaded: fill the allocation sections
  AllocMode alloc_mode = AllocMode::Exclusive;
  bool cpu_sampled = false;  ///< hotpath-cpu is loaded: fill the CPU section
  CpuMode cpu_mode = CpuMode::Self;
  CpuSamplingTotals cpu;
  bool waits_tracked = false;     ///< hotpath-wait is loaded: fill the wait section
  std::vector<LockTotals> locks;  ///< the contended locks (hotpath-wait)
  std::vector<LockDescription> lock_descriptions;  ///< of `locks`, in their order
  std::uint64_t untracked_lock_waits = 0;
  bool show_call_tree = false;  ///< the table prints the call tree section
  /// Of a snapshot taken with DurationHistograms::Later: the rows that get their
  /// percentiles and duration buckets, the first this many by total time (0: all).
  /// The others have neither: no view of the report shows them.
  std::size_t rows_with_durations = 0;
};

/// Reads the durations' histograms of the sites `site_ids` into a snapshot taken
/// with DurationHistograms::Later (Registry::add_duration_histograms()).
using DurationHistogramReader =
    std::function<void(RegistrySnapshot& snapshot, const std::vector<std::uint32_t>& site_ids)>;

/// Builds the report. Sites with the same name and parameters (a labelled block
/// used twice, an inline function seen from two libraries) share one row; sites
/// with the same name and different parameters (overloads, or instantiations that
/// print alike) get their parameter list appended.
/// `site_names`, when given, gets each site's row name by site id - 1 (empty for
/// sites without a row).
Report build_report(const RegistrySnapshot& snapshot, const ReportSettings& settings,
                    const TickConverter& ticks, std::vector<std::string>* site_names = nullptr);
/// The same, of a snapshot taken with DurationHistograms::Later: `read` reads the
/// histograms of the first ReportSettings::rows_with_durations rows only, which
/// most of a large program's report costs otherwise.
Report build_report(RegistrySnapshot& snapshot, const ReportSettings& settings,
                    const TickConverter& ticks, const DurationHistogramReader& read,
                    std::vector<std::string>* site_names = nullptr);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_REPORT_BUILDER_HPP
