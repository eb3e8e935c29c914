// The live server's reports (see the header).
#include "live/live_reports.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <mutex>

#include "env_config.hpp"
#include "live/prometheus_text.hpp"
#include "own_threads/background_work.hpp"

namespace hotpath::detail {
namespace {

using Clock = std::chrono::steady_clock;

/// A report is answered from as it is for this long after it was taken, or for as
/// long as taking it lasted, if longer: a server under load takes a new report at
/// most half of the time.
constexpr Clock::duration kRecentFor = std::chrono::milliseconds(100);
/// Past that, it is still answered from while the next is taken, for this long or
/// four times what taking one lasts, so that a steady stream of requests never
/// waits for a report.
constexpr Clock::duration kServedWhileRenewedFor = std::chrono::seconds(1);
/// The background task runs when asked to; its own period is only a formality.
constexpr std::uint32_t kTaskPeriodMs = 3'600'000;
/// After a request for every row's durations, the background thread takes reports
/// with them for this long: a client polling /report?limit=0 is answered at once.
constexpr Clock::duration kEveryRowWantedFor = std::chrono::seconds(10);

struct LiveReports {
  std::mutex mutex;
  std::shared_ptr<const ReportNow> latest;
  Clock::time_point latest_started;  ///< when taking `latest` began
  Clock::time_point latest_taken;    ///< when it was there
  Clock::duration taking_lasts{};    ///< how long taking the latest report lasted
  bool renewal_asked = false;        ///< the background thread is to take the next
  bool task_added = false;
  Clock::time_point every_row_wanted_until{};
};

/// Never destroyed: the server may ask for a report while the program exits.
LiveReports& reports() {
  static auto* const state = new LiveReports;
  return *state;
}

/// The rows of a report that get durations besides those the session shows:
/// /metrics' functions (0: every row).
std::size_t rows_routes_show() {
  static const std::size_t rows = env_metrics_limit().value_or(live::kDefaultMetricsLimit);
  return rows;
}

/// Takes a report and makes it the latest unless one begun later is already there.
std::shared_ptr<const ReportNow> take_report(bool every_row) {
  const Clock::time_point started = Clock::now();
  auto report = std::make_shared<const ReportNow>(report_now(every_row ? 0 : rows_routes_show()));
  const Clock::time_point taken = Clock::now();
  LiveReports& state = reports();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.taking_lasts = taken - started;
  if (!state.latest || started >= state.latest_started) {
    state.latest = report;
    state.latest_started = started;
    state.latest_taken = taken;
  }
  return report;
}

/// The background task: takes the next report when one was asked for.
void renew_report() noexcept {
  LiveReports& state = reports();
  bool every_row = false;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (!state.renewal_asked) return;
    every_row = Clock::now() < state.every_row_wanted_until;
  }
  try {
    take_report(every_row);
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: the live report failed: %s\n", failure.what());
  }
  std::lock_guard<std::mutex> lock(state.mutex);
  state.renewal_asked = false;
}

}  // namespace

std::shared_ptr<const ReportNow> live_report(ReportNeed need) {
  LiveReports& state = reports();
  const bool every_row = need == ReportNeed::EveryRow;
  bool take_every_row = every_row;
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (every_row) state.every_row_wanted_until = Clock::now() + kEveryRowWantedFor;
    take_every_row = take_every_row || Clock::now() < state.every_row_wanted_until;
    if (need == ReportNeed::Names && state.latest) return state.latest;
    const bool fresh = need == ReportNeed::Fresh;
    if (state.latest && (!every_row || state.latest->rows_with_durations == 0)) {
      const Clock::duration age = Clock::now() - state.latest_taken;
      const Clock::duration recent_for = std::max(kRecentFor, state.taking_lasts);
      if (age <= recent_for) return state.latest;
      if (!fresh && age <= recent_for + std::max(kServedWhileRenewedFor, 4 * state.taking_lasts)) {
        if (!state.renewal_asked) {
          state.renewal_asked = true;
          if (!state.task_added) add_background_task(renew_report, kTaskPeriodMs);
          state.task_added = true;
          run_background_task_soon(renew_report);
        }
        return state.latest;
      }
    }
  }
  return take_report(take_every_row);
}

}  // namespace hotpath::detail
