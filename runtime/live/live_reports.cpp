// The live server's reports (see the header).
#include "live/live_reports.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <mutex>

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

struct LiveReports {
  std::mutex mutex;
  std::shared_ptr<const ReportNow> latest;
  Clock::time_point latest_started;  ///< when taking `latest` began
  Clock::time_point latest_taken;    ///< when it was there
  Clock::duration taking_lasts{};    ///< how long taking the latest report lasted
  bool renewal_asked = false;        ///< the background thread is to take the next
  bool task_added = false;
};

/// Never destroyed: the server may ask for a report while the program exits.
LiveReports& reports() {
  static auto* const state = new LiveReports;
  return *state;
}

/// Takes a report and makes it the latest unless one begun later is already there.
std::shared_ptr<const ReportNow> take_report() {
  const Clock::time_point started = Clock::now();
  auto report = std::make_shared<const ReportNow>(report_now());
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
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (!state.renewal_asked) return;
  }
  try {
    take_report();
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: the live report failed: %s\n", failure.what());
  }
  std::lock_guard<std::mutex> lock(state.mutex);
  state.renewal_asked = false;
}

}  // namespace

std::shared_ptr<const ReportNow> live_report() {
  LiveReports& state = reports();
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (state.latest) {
      const Clock::duration age = Clock::now() - state.latest_taken;
      const Clock::duration recent_for = std::max(kRecentFor, state.taking_lasts);
      if (age <= recent_for) return state.latest;
      if (age <= recent_for + std::max(kServedWhileRenewedFor, 4 * state.taking_lasts)) {
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
  return take_report();
}

}  // namespace hotpath::detail
