// Tests for the CSV of the timing rows: the header with one column per percentile,
// the values in base units, RFC 4180 quoting, and the row limit.
#include "csv_reporter.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "report_samples.hpp"

namespace hotpath {
namespace {

std::string csv(const Report& report) {
  std::ostringstream out;
  CsvReporter().write(report, out);
  return out.str();
}

TEST(CsvReporter, HeaderAndRows) {
  EXPECT_EQ(csv(test::full_report()),
            "name,signature,file,line,calls,avg_ns,p50_ns,p95_ns,p99.9_ns,total_ns,percent_total\n"
            "main,main(),src/app.cpp,10,1,100000000,100000000,100000000,100000000,100000000,33.33\n"
            "app::parse,app::parse(const std::string &),src/parse.cpp,42,1000,90000,80000,150000,"
            "310000,90000000,30.00\n"
            "\"std::map<int, int>::find\",\"std::map<int, int>::find(int)\",src/app.cpp,10,5000,"
            "2000,1500,4000,9000,10000000,3.33\n");
}

TEST(CsvReporter, RowLimitAndNoPercentiles) {
  Report report;
  report.limit = 1;
  report.rows.push_back(test::timing_row("a", "a()", 1, 2, {}, 2, 50.0));
  report.rows.push_back(test::timing_row("b", "b()", 1, 1, {}, 1, 25.0));
  EXPECT_EQ(csv(report),
            "name,signature,file,line,calls,avg_ns,total_ns,percent_total\n"
            "a,a(),src/app.cpp,10,1,2,2,50.00\n");
}

TEST(CsvReporter, QuotesAsRfc4180Says) {
  EXPECT_EQ(detail::csv_field("plain name"), "plain name");
  EXPECT_EQ(detail::csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(detail::csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(detail::csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(detail::csv_field("cr\r"), "\"cr\r\"");
  EXPECT_EQ(detail::csv_field(""), "");
}

}  // namespace
}  // namespace hotpath
