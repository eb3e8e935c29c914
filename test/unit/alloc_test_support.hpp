// Helpers shared by the tests of hotpath-alloc. Those programs link the shared
// runtime and libhotpath-alloc exactly as users do, so they see only the public API:
// a session with a reporter that keeps the Report, and the rows in it.
#ifndef HOTPATH_TEST_UNIT_ALLOC_TEST_SUPPORT_HPP
#define HOTPATH_TEST_UNIT_ALLOC_TEST_SUPPORT_HPP

#include <stdlib.h>

#include <functional>
#include <memory>
#include <string>

#include "capturing_reporter.hpp"
#include "hotpath/report.hpp"
#include "hotpath/session.hpp"

namespace hotpath::test {

/// Runs `body` inside a session named `name` and returns its report: what `body`
/// did (a session leaves out what happened before it).
inline Report report_of(const std::string& name, const std::function<void()>& body) {
  // These would replace the reporter (ctest sets the format to keep the output quiet).
  for (const char* variable :
       {"HOTPATH_OUTPUT_FORMAT", "HOTPATH_OUTPUT_PATH", "HOTPATH_LIMIT", "HOTPATH_PERCENTILES"}) {
    unsetenv(variable);
  }
  auto report = std::make_shared<Report>();
  {
    SessionGuard session = GuardBuilder(name)
                               .percentiles({0, 50, 100})
                               .limit(0)
                               .reporter(std::make_unique<CapturingReporter>(report))
                               .build();
    body();
  }
  return *report;
}

/// The allocation row of function `name`, or null.
inline const AllocRow* alloc_row(const Report& report, const std::string& name) {
  for (const AllocRow& row : report.alloc_rows) {
    if (row.name == name) return &row;
  }
  return nullptr;
}

/// The row of the thread named `name`, or null.
inline const ThreadAllocRow* thread_row(const Report& report, const std::string& name) {
  for (const ThreadAllocRow& row : report.threads) {
    if (row.name == name) return &row;
  }
  return nullptr;
}

/// Keeps the compiler from removing an allocation whose result looks unused (new
/// and delete pairs may be elided since C++14).
inline void escape(void* pointer) { asm volatile("" : : "g"(pointer) : "memory"); }

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_ALLOC_TEST_SUPPORT_HPP
