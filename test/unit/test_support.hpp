// Helpers shared by the runtime's unit tests.
#ifndef HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP
#define HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP

#include <chrono>
#include <string>
#include <thread>

#include "core/registry.hpp"
#include "hotpath/report.hpp"
#include "hotpath/site.hpp"
#include "scoped_env.hpp"
#include "totals/histogram_snapshot.hpp"

namespace hotpath::test {

/// Everything recorded for `site` so far, over all threads.
inline detail::FunctionTotals totals_for(const Site& site) {
  // The id first: a site that registers meanwhile is then not looked for in a
  // snapshot taken before it was there.
  const std::uint32_t id = site.id();
  detail::RegistrySnapshot snapshot = detail::Registry::instance().snapshot();
  detail::FunctionTotals result;
  if (id != 0 && id <= snapshot.totals.size()) result.merge(snapshot.totals[id - 1]);
  return result;
}

/// The row of `report` named `name`; null when there is none.
inline const FunctionRow* find_row(const Report& report, const std::string& name) {
  for (const FunctionRow& row : report.rows) {
    if (row.name == name) return &row;
  }
  return nullptr;
}

/// Waits up to 5 s for `condition`.
template <typename Condition>
bool eventually(Condition condition) {
  for (int i = 0; i < 500; ++i) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return condition();
}

/// Turns overhead compensation off on the calling thread for its lifetime: tests
/// that record made-up durations get them back exactly.
class WithoutCompensation {
 public:
  WithoutCompensation() noexcept : own_(registered_own()), nested_(0) {
    nested_ = detail::t_thread_state.nested_overhead_ticks;
    detail::t_thread_state.own_overhead_ticks = 0;
    detail::t_thread_state.nested_overhead_ticks = 0;
  }
  ~WithoutCompensation() {
    detail::t_thread_state.own_overhead_ticks = own_;
    detail::t_thread_state.nested_overhead_ticks = nested_;
  }
  WithoutCompensation(const WithoutCompensation&) = delete;
  WithoutCompensation& operator=(const WithoutCompensation&) = delete;

 private:
  /// Registers the thread first: registration gives it the runtime's figures.
  static std::uint64_t registered_own() noexcept {
    static Site registration("test.thread_registration", nullptr, __FILE__, __LINE__);
    detail::slot_for(detail::t_thread_state, registration);
    return detail::t_thread_state.own_overhead_ticks;
  }

  std::uint64_t own_;
  std::uint64_t nested_;
};

/// Times one call in `rate` for the lifetime of the object (every call after it).
/// A function keeps the countdown it had: tests use sites of their own.
class WithTimeSamplingRate {
 public:
  explicit WithTimeSamplingRate(std::uint32_t rate) {
    detail::Registry::instance().set_time_sampling_rate(rate);
  }
  ~WithTimeSamplingRate() { detail::Registry::instance().set_time_sampling_rate(1); }
  WithTimeSamplingRate(const WithTimeSamplingRate&) = delete;
  WithTimeSamplingRate& operator=(const WithTimeSamplingRate&) = delete;
};

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_TEST_SUPPORT_HPP
