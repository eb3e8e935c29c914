// `hotpath report` shows a saved JSON report again: as the runtime's table (the
// default), as Markdown, as CSV and as JSON; --limit, --sort (total, avg, calls, a
// percentile) and --focus choose the rows, -o writes a file. The saved report holds
// 4 of its 6 functions: every format says so (CSV and JSON on stderr).
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t && mkdir %t
//
// RUN: %hotpath report %S/Inputs/report_run.json > %t/table.txt 2> %t/table.err
// RUN: FileCheck %s --check-prefix=TABLE < %t/table.txt
// RUN: count 0 < %t/table.err
//
// RUN: %hotpath report %S/Inputs/report_run.json --format markdown --sort calls --limit 3 \
// RUN:   -o %t/report.md
// RUN: FileCheck %s --check-prefix=MARKDOWN --match-full-lines --strict-whitespace < %t/report.md
//
// RUN: %hotpath report %S/Inputs/report_run.json --format=csv --sort p99.9 --limit 0 \
// RUN:   > %t/report.csv 2> %t/csv.err
// RUN: FileCheck %s --check-prefix=CSV --match-full-lines < %t/report.csv
// RUN: FileCheck %s --check-prefix=CSV-ERR --match-full-lines < %t/csv.err
//
// The JSON of a whole report is the report itself, byte for byte (written compact).
// RUN: %hotpath report %S/Inputs/report_run.json --format json -o %t/again.json 2> /dev/null
// RUN: %python -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1])), separators=(',', ':')))" \
// RUN:   %S/Inputs/report_run.json > %t/compact.json
// RUN: diff %t/compact.json %t/again.json
//
// RUN: %hotpath report %S/Inputs/report_run.json --sort avg --limit 2 > %t/avg.txt
// RUN: FileCheck %s --check-prefix=AVG < %t/avg.txt
//
// RUN: %hotpath report %S/Inputs/report_run.json --focus 'parse_request$' --format markdown \
// RUN:   > %t/focus.md
// RUN: FileCheck %s --check-prefix=FOCUS --match-full-lines < %t/focus.md
// RUN: %hotpath report %S/Inputs/report_run.json --focus 'parse_request$' --format json \
// RUN:   2> /dev/null | FileCheck %s --check-prefix=FOCUS-JSON
//
// RUN: %hotpath report --help | FileCheck %s --check-prefix=HELP
// RUN: %hotpath --help | FileCheck %s --check-prefix=USAGE

// TABLE: [hotpath] timing - execution duration of functions (inclusive).
// TABLE-NEXT: main: 500.00 ms
// TABLE: | main                     | 1      | 480.00 ms |
// TABLE: | app::Server::handle      | 200    | 2.00 ms   |
// TABLE: | app::parse_request       | 200    | 500.00 µs |
// TABLE: | std::map<int, int>::find | 100000 | 300 ns    |
// TABLE: [hotpath] allocations - bytes allocated by functions (exclusive).
// TABLE: [hotpath] threads - allocations per thread.
// TABLE: [hotpath] cpu - CPU samples of functions (self).
// TABLE: note: 4 of 6 functions in the saved report; record with HOTPATH_LIMIT=0 for all
// TABLE-NOT: {{.}}

// MARKDOWN:### hotpath timing (inclusive)
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:main: 500.00 ms
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:| Function | Calls | Avg | P50 | P95 | P99.9 | Total | % Total |
// MARKDOWN-NEXT:| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
// MARKDOWN-NEXT:| `std::map<int, int>::find` | 100000 | 300 ns | 250 ns | 600 ns | 50.00 ms | 30.00 ms | 6.00% |
// MARKDOWN-NEXT:| `app::Server::handle` | 200 | 2.00 ms | 1.50 ms | 4.00 ms | 9.00 ms | 400.00 ms | 80.00% |
// MARKDOWN-NEXT:| `app::parse_request` | 200 | 500.00 µs | 450.00 µs | 900.00 µs | 2.00 ms | 100.00 ms | 20.00% |
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:### hotpath allocations (exclusive)
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:main: 3.00 MiB
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:| Function | Calls | Avg bytes | P50 bytes | P95 bytes | P99.9 bytes | Total bytes | Allocs | % Total |
// MARKDOWN-NEXT:| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
// MARKDOWN-NEXT:| `app::parse_request` | 200 | 10.24 KiB | 8.00 KiB | 16.00 KiB | 32.00 KiB | 2.00 MiB | 400 | 66.67% |
// MARKDOWN-NEXT:| `app::Server::handle` | 200 | 5.12 KiB | 4.00 KiB | 8.00 KiB | 8.00 KiB | 1.00 MiB | 200 | 33.33% |
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:### hotpath threads
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:| Thread | Allocated | Allocs | Freed | Frees | Difference |
// MARKDOWN-NEXT:| :--- | ---: | ---: | ---: | ---: | ---: |
// MARKDOWN-NEXT:| `main` | 3.00 MiB | 600 | 3.00 MiB | 600 | 0 B |
// MARKDOWN-NEXT:| `worker` | 4.00 KiB | 1 | 0 B | 0 | 4.00 KiB |
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:### hotpath cpu (self)
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:main: 450 samples at 997 Hz (perf\_event); the process used 460.00 ms of CPU
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:| Function | Samples | % Total |
// MARKDOWN-NEXT:| :--- | ---: | ---: |
// MARKDOWN-NEXT:| `app::parse_request` | 250 | 55.56% |
// MARKDOWN-NEXT:| `app::Server::handle` | 120 | 26.67% |
// MARKDOWN-NEXT:| `std::map<int, int>::find` | 60 | 13.33% |
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:### hotpath call tree
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:| Function | Calls | Total | Self |
// MARKDOWN-NEXT:| :--- | ---: | ---: | ---: |
// MARKDOWN-NEXT:| `main` | 1 | 480.00 ms | 10.00 ms |
// MARKDOWN-NEXT:| &nbsp;&nbsp;&nbsp;&nbsp;`app::Server::handle` | 200 | 400.00 ms | 300.00 ms |
// MARKDOWN-NEXT:| &nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;`app::parse_request` | 200 | 100.00 ms | 70.00 ms |
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:_2 more call paths not shown (limit 3)._
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:> 4 of 6 functions in the saved report; record with HOTPATH\_LIMIT=0 for all
// MARKDOWN-NEXT:>
// MARKDOWN-NEXT:> 3 of 4 functions shown (--limit 3; --limit 0 shows all)
// MARKDOWN-NEXT:>
// MARKDOWN-NEXT:> 3 of 4 CPU rows shown (--limit 3; --limit 0 shows all)
// MARKDOWN-NOT:{{.}}

// CSV:name,signature,file,line,calls,avg_ns,p50_ns,p95_ns,p99.9_ns,total_ns,percent_total
// CSV-NEXT:main,main(),server.cpp,90,1,480000000,480000000,480000000,480000000,480000000,96.00
// CSV-NEXT:"std::map<int, int>::find","std::map<int, int>::find(const int &)",/usr/include/c++/12/bits/stl_map.h,1218,100000,300,250,600,50000000,30000000,6.00
// CSV-NEXT:app::Server::handle,app::Server::handle(const app::Request &),server.cpp,40,200,2000000,1500000,4000000,9000000,400000000,80.00
// CSV-NEXT:app::parse_request,app::parse_request(std::string_view),parse.cpp,12,200,500000,450000,900000,2000000,100000000,20.00
// CSV-NOT: {{.}}
// CSV-ERR:hotpath report: note: 4 of 6 functions in the saved report; record with HOTPATH_LIMIT=0 for all
// CSV-ERR-NEXT:hotpath report: note: the CSV holds the timing rows only; --format markdown or json shows the other sections
// CSV-ERR-NOT: {{.}}

// AVG: | main                |
// AVG-NEXT: +---
// AVG-NEXT: | app::Server::handle |
// AVG-NEXT: +---
// AVG-NOT: parse_request |
// AVG: [hotpath] allocations
// AVG: note: 4 of 6 functions in the saved report; record with HOTPATH_LIMIT=0 for all
// AVG-NEXT: note: 2 of 4 functions shown (--limit 2; --limit 0 shows all)
// AVG-NEXT: note: 2 of 4 CPU rows shown (--limit 2; --limit 0 shows all)

// The matching function, its callers and its callees in the call tree.
// FOCUS: | `app::parse_request` | 200 | 500.00 µs | 450.00 µs | 900.00 µs | 2.00 ms | 100.00 ms | 20.00% |
// FOCUS-EMPTY:
// FOCUS: ### hotpath call tree
// FOCUS: | `main` | 1 | 480.00 ms | 10.00 ms |
// FOCUS-NEXT: | &nbsp;&nbsp;&nbsp;&nbsp;`app::Server::handle` | 200 | 400.00 ms | 300.00 ms |
// FOCUS-NEXT: | &nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;`app::parse_request` | 200 | 100.00 ms | 70.00 ms |
// FOCUS-NEXT: | &nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;`std::map<int, int>::find` | 100000 | 30.00 ms | 30.00 ms |
// FOCUS-EMPTY:
// FOCUS-NEXT: > 4 of 6 functions in the saved report; record with HOTPATH\_LIMIT=0 for all
// FOCUS-NEXT: >
// FOCUS-NEXT: > --focus "parse\_request$" matches 1 of 4 functions

// One row matches; the 2 functions the saved report never held still count.
// FOCUS-JSON: "total_functions":3,"data":[{"name":"app::parse_request",
// FOCUS-JSON-SAME: }]},"functions_alloc":

// HELP: Usage: hotpath report [options] REPORT.json
// HELP: --sort KEY
// USAGE: report       show a saved JSON report again
// USAGE: diff         compare two saved JSON reports
