// REQUIRES: plugin
// [[hotpath::main]] opens the report session: the report has a row named `main`
// (or the session's `name`) at 100% of the wall time, and the attribute's options
// (limit, percentiles, format, output, name) configure it; the environment
// variables still override them.
//
// DEFINE: %{build} = %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// DEFINE:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs
//
// Without options: the default table, every row.
// RUN: %{build} -DVARIANT=1 -o %t.1
// RUN: %t.1 | FileCheck %s --check-prefix=TABLE
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.1 | FileCheck %s --check-prefix=DEFAULT-JSON
//
// limit, percentiles and format.
// RUN: %{build} -DVARIANT=2 -o %t.2
// RUN: %t.2 | FileCheck %s --check-prefix=OPTS
// RUN: env HOTPATH_LIMIT=0 %t.2 | FileCheck %s --check-prefix=OPTS-ALL
// RUN: env HOTPATH_PERCENTILES=95 %t.2 | FileCheck %s --check-prefix=OPTS-P95
// RUN: env HOTPATH_OUTPUT_FORMAT=table %t.2 | FileCheck %s --check-prefix=OPTS-TABLE
//
// Five options: output file, name, pretty JSON.
// RUN: rm -f %t.report.json %t.other.json
// RUN: %{build} -DVARIANT=3 '-DREPORT_PATH="%t.report.json"' -o %t.3
// RUN: %t.3 > %t.3.stdout
// RUN: count 0 < %t.3.stdout
// RUN: FileCheck %s --check-prefix=FILE < %t.report.json
// RUN: %python -m json.tool %t.report.json > /dev/null
// RUN: env HOTPATH_OUTPUT_PATH=%t.other.json HOTPATH_OUTPUT_FORMAT=json %t.3 > %t.3.stdout
// RUN: count 0 < %t.3.stdout
// RUN: FileCheck %s --check-prefix=FILE-ENV < %t.other.json
//
// The GNU spelling.
// RUN: %{build} -DVARIANT=4 -o %t.4
// RUN: %t.4 | FileCheck %s --check-prefix=GNU
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

#include <chrono>
#include <thread>

#if VARIANT == 1
#define MAIN [[hotpath::main]]
#elif VARIANT == 2
#define MAIN [[hotpath::main("limit=2", "percentiles=50,99", "format=json")]]
#elif VARIANT == 3
#define MAIN \
  [[hotpath::main("format=json-pretty", "output=" REPORT_PATH, "name=server", "limit=0", "percentiles=90")]]
#elif VARIANT == 4
#define MAIN __attribute__((hotpath_main("format=json", "limit=0")))
#endif

// Durations far apart, so that the order of the rows (by total time) is certain.
[[hotpath::measure]] void slow() { std::this_thread::sleep_for(std::chrono::milliseconds(40)); }
[[hotpath::measure]] void medium() { std::this_thread::sleep_for(std::chrono::milliseconds(4)); }
[[hotpath::measure]] int fast(int x) { return x + 1; }

MAIN int main() {
  slow();
  medium();
  medium();
  int sum = 0;
  for (int i = 0; i < 3; ++i) sum = fast(sum);
  return sum == 3 ? 0 : 1;
}

// TABLE:      [hotpath] timing - execution duration of functions (inclusive).
// TABLE-NEXT: {{^}}main: {{[0-9.]+ [^ ]+$}}
// TABLE-NEXT: guard overhead removed: {{[0-9.]+}} ns per call, {{[0-9.]+}} ns per nested measured call (HOTPATH_COMPENSATE=0 keeps it)
// TABLE-NEXT: {{^\+-+\+-+\+-+\+-+\+-+\+-+\+$}}
// TABLE-NEXT: {{^}}| Function | Calls | Avg | P95 | Total | % Total |{{$}}
// TABLE:      {{^}}| main | 1 | {{.*}} | 100.00% |{{$}}
// TABLE:      {{^}}| slow | 1 |
// TABLE:      {{^}}| medium | 2 |
// TABLE:      {{^}}| fast | 3 |

// DEFAULT-JSON: "caller_name":"main",
// DEFAULT-JSON-SAME: "percentiles":[95],"limit":15,"total_functions":4,"data":[
// DEFAULT-JSON-SAME: {"name":"main","signature":"main","calls":1,{{.*}}"percent_total":100.0,
// DEFAULT-JSON-SAME: {"name":"slow","signature":"slow()","calls":1,
// DEFAULT-JSON-SAME: {"name":"medium","signature":"medium()","calls":2,

// OPTS: {"schema_version":1,"functions_timing":{"caller_name":"main",
// OPTS-SAME: "percentiles":[50,99],"limit":2,"total_functions":4,"data":[
// OPTS-SAME: {"name":"main","signature":"main","calls":1,"avg_ns":{{[0-9]+}},"p50_ns":{{[0-9]+}},"p99_ns":{{[0-9]+}},"total_ns":{{[0-9]+}},"percent_total":100.0,
// OPTS-SAME: {"name":"slow","signature":"slow()","calls":1,"avg_ns":{{[0-9]+}},"p50_ns":{{[0-9]+}},"p99_ns":{{[0-9]+}},"total_ns":
// OPTS-NOT: medium
// OPTS-NOT: fast
// OPTS-SAME: "call_tree":

// OPTS-ALL: "percentiles":[50,99],"limit":0,"total_functions":4,
// OPTS-ALL-SAME: {"name":"main","signature":"main","calls":1,
// OPTS-ALL-SAME: {"name":"slow","signature":"slow()","calls":1,
// OPTS-ALL-SAME: {"name":"medium","signature":"medium()","calls":2,
// OPTS-ALL-SAME: {"name":"fast","signature":"fast(int)","calls":3,

// OPTS-P95: "percentiles":[95],"limit":2,
// OPTS-P95-SAME: {"name":"main","signature":"main","calls":1,"avg_ns":{{[0-9]+}},"p95_ns":{{[0-9]+}},"total_ns":

// OPTS-TABLE: {{^}}| Function | Calls | Avg | P50 | P99 | Total | % Total |{{$}}
// OPTS-TABLE: {{^}}| main | 1 |
// OPTS-TABLE: {{^}}| slow | 1 |
// OPTS-TABLE-NOT: {{^}}| medium |

// FILE:      {{^\{$}}
// FILE-NEXT: "schema_version": 1,
// FILE:      "caller_name": "server",
// FILE:      "percentiles": [
// FILE-NEXT: 90
// FILE-NEXT: ],
// FILE-NEXT: "limit": 0,
// FILE-NEXT: "total_functions": 4,
// FILE:      "name": "server",
// FILE-NEXT: "signature": "server",
// FILE-NEXT: "calls": 1,
// FILE-NEXT: "avg_ns": {{[0-9]+}},
// FILE-NEXT: "p90_ns": {{[0-9]+}},
// FILE-NEXT: "total_ns": {{[0-9]+}},
// FILE-NEXT: "percent_total": 100.0,
// FILE:      "name": "fast",
// FILE-NEXT: "signature": "fast(int)",
// FILE-NEXT: "calls": 3,
// FILE-NOT:  "name": "main"

// FILE-ENV: {"schema_version":1,"functions_timing":{"caller_name":"server",
// FILE-ENV-SAME: "limit":0,"total_functions":4,
// FILE-ENV-SAME: {"name":"server","signature":"server","calls":1,

// GNU: "caller_name":"main",
// GNU-SAME: "limit":0,"total_functions":4,
// GNU-SAME: {"name":"main","signature":"main","calls":1,{{.*}}"percent_total":100.0,
// GNU-SAME: {"name":"fast","signature":"fast(int)","calls":3,
