// The environment variables that configure the report: HOTPATH_LIMIT,
// HOTPATH_PERCENTILES, HOTPATH_OUTPUT_FORMAT, HOTPATH_OUTPUT_PATH and
// HOTPATH_TIME_EXCLUSIVE. An invalid value warns on stderr, naming the variable and
// its value, and the default is used; the program still exits 0.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
//
// The defaults: a table with a P95 column and every row.
// RUN: %t | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
//
// RUN: env HOTPATH_LIMIT=2 %t | FileCheck %s --check-prefix=LIMIT
// RUN: env HOTPATH_LIMIT=0 %t | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
// RUN: env HOTPATH_LIMIT=2 HOTPATH_OUTPUT_FORMAT=json %t | FileCheck %s --check-prefix=LIMIT-JSON
//
// RUN: env HOTPATH_PERCENTILES=50,95,99.9 %t | FileCheck %s --check-prefix=PCT
// RUN: env HOTPATH_PERCENTILES=50,95,99.9 HOTPATH_OUTPUT_FORMAT=json %t \
// RUN:   | FileCheck %s --check-prefix=PCT-JSON
//
// RUN: env HOTPATH_OUTPUT_FORMAT=json-pretty %t > %t.pretty
// RUN: FileCheck %s --check-prefix=PRETTY < %t.pretty
// RUN: %python -m json.tool %t.pretty > /dev/null
//
// RUN: env HOTPATH_OUTPUT_FORMAT=table %t | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
//
// A variable no part of hotpath reads is a warning, with the one probably meant.
// RUN: env HOTPATH_LIMT=2 HOTPATH_BOGUS=1 %t 2>&1 > /dev/null | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN-DAG: hotpath: ignoring HOTPATH_LIMT: no such variable; did you mean HOTPATH_LIMIT?
// UNKNOWN-DAG: hotpath: ignoring HOTPATH_BOGUS: no such variable
// RUN: env HOTPATH_OUTPUT_FORMAT=none %t > %t.none 2>&1
// RUN: count 0 < %t.none
//
// The report goes to the file, and nothing to stdout.
// RUN: rm -f %t.report.txt %t.report.json
// RUN: env HOTPATH_OUTPUT_PATH=%t.report.txt %t > %t.stdout
// RUN: count 0 < %t.stdout
// RUN: FileCheck %s --check-prefixes=DEFAULT,ALLROWS < %t.report.txt
// RUN: env HOTPATH_OUTPUT_PATH=%t.report.json HOTPATH_OUTPUT_FORMAT=json %t > %t.stdout
// RUN: count 0 < %t.stdout
// RUN: %python -m json.tool %t.report.json > /dev/null
// A report that cannot be written says why on stderr and the program still exits 0.
// RUN: env HOTPATH_OUTPUT_PATH=%t.missing-dir/report.txt %t 2> %t.unwritable.err
// RUN: FileCheck %s --check-prefix=UNWRITABLE < %t.unwritable.err
//
// RUN: env HOTPATH_TIME_EXCLUSIVE=1 %t | FileCheck %s --check-prefix=EXCL
// RUN: env HOTPATH_TIME_EXCLUSIVE=1 HOTPATH_OUTPUT_FORMAT=json %t \
// RUN:   | FileCheck %s --check-prefix=EXCL-JSON
//
// Invalid values: a warning naming the variable and its value, then the defaults.
// RUN: env HOTPATH_LIMIT=abc %t 2> %t.err | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
// RUN: FileCheck %s --check-prefix=BAD-LIMIT < %t.err
// RUN: env HOTPATH_LIMIT=-3 %t 2> %t.err | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
// RUN: FileCheck %s --check-prefix=BAD-LIMIT-NEG < %t.err
// RUN: env HOTPATH_PERCENTILES=50,abc %t 2> %t.err | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
// RUN: FileCheck %s --check-prefix=BAD-PCT < %t.err
// RUN: env HOTPATH_PERCENTILES=150 %t 2> %t.err | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
// RUN: FileCheck %s --check-prefix=BAD-PCT-RANGE < %t.err
// RUN: env HOTPATH_OUTPUT_FORMAT=xml %t 2> %t.err | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
// RUN: FileCheck %s --check-prefix=BAD-FORMAT < %t.err
// RUN: env HOTPATH_TIME_EXCLUSIVE=maybe %t 2> %t.err \
// RUN:   | FileCheck %s --check-prefixes=DEFAULT,ALLROWS
// RUN: FileCheck %s --check-prefix=BAD-EXCL < %t.err

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <thread>

// Durations far apart, so that the order of the rows (by total time) is certain.
void slow() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(40));
}

void medium() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(4));
}

int fast(int value) {
  HOTPATH_MEASURE();
  return value + 1;
}

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  slow();
  medium();
  medium();
  int sum = 0;
  for (int i = 0; i < 3; ++i) sum = fast(sum);
  return sum == 3 ? 0 : 1;
}

// DEFAULT:      [hotpath] timing - execution duration of functions (inclusive).
// DEFAULT-NEXT: {{^}}main: {{[0-9.]+ [^ ]+$}}
// DEFAULT-NEXT: guard overhead removed: {{[0-9.]+}} ns per call, {{[0-9.]+}} ns per nested measured call (HOTPATH_COMPENSATE=0 keeps it)
// DEFAULT-NEXT: {{^\+-+\+-+\+-+\+-+\+-+\+-+\+$}}
// DEFAULT-NEXT: {{^}}| Function | Calls | Avg | P95 | Total | % Total |{{$}}

// ALLROWS: {{^}}| main | 1 |
// ALLROWS: {{^}}| slow | 1 |
// ALLROWS: {{^}}| medium | 2 |
// ALLROWS: {{^}}| fast | 3 |

// LIMIT: {{^}}| Function | Calls | Avg | P95 | Total | % Total |{{$}}
// LIMIT: {{^}}| main | 1 |
// LIMIT: {{^}}| slow | 1 |
// LIMIT-NOT: {{^}}| medium |
// LIMIT-NOT: {{^}}| fast |
// LIMIT-JSON: "limit":2,"total_functions":4,

// PCT: {{^}}| Function | Calls | Avg | P50 | P95 | P99.9 | Total | % Total |{{$}}
// PCT: {{^}}| slow | 1 |
// PCT-JSON: "percentiles":[50,95,99.9],

// PRETTY:      {{^\{$}}
// PRETTY-NEXT: {{^ +}}"schema_version": 1,
// PRETTY:      "caller_name": "main",
// PRETTY:      "name": "slow",
// PRETTY-NEXT: "signature": "slow()",
// PRETTY-NEXT: "calls": 1,

// UNWRITABLE: missing-dir/report.txt

// EXCL:      [hotpath] timing - {{.*}}exclusive
// EXCL:      {{^}}| slow | 1 |
// EXCL-JSON: "time_mode":"exclusive"

// BAD-LIMIT: HOTPATH_LIMIT{{.*}}abc
// BAD-LIMIT-NEG: HOTPATH_LIMIT{{.*}}-3
// BAD-PCT: HOTPATH_PERCENTILES{{.*}}50,abc
// BAD-PCT-RANGE: HOTPATH_PERCENTILES{{.*}}150
// BAD-FORMAT: HOTPATH_OUTPUT_FORMAT{{.*}}xml
// BAD-EXCL: HOTPATH_TIME_EXCLUSIVE{{.*}}maybe
