// A reporter for tests: keeps a copy of the report it is given.
#ifndef HOTPATH_TEST_UNIT_CAPTURING_REPORTER_HPP
#define HOTPATH_TEST_UNIT_CAPTURING_REPORTER_HPP

#include <memory>
#include <ostream>
#include <utility>

#include "hotpath/report.hpp"

namespace hotpath::test {

/// Keeps a copy of the last report it was given in `sink`.
class CapturingReporter : public Reporter {
 public:
  explicit CapturingReporter(std::shared_ptr<Report> sink) : sink_(std::move(sink)) {}
  void write(const Report& report, std::ostream&) override { *sink_ = report; }

 private:
  std::shared_ptr<Report> sink_;
};

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_CAPTURING_REPORTER_HPP
