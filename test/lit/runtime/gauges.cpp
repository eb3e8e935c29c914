// Gauges and counters in a program built with the plugin (Inputs/gauge_program.cpp
// says what it records): exact totals from four threads, a gauge's last, least and
// greatest value, a counter added to before main, a UTF-8 name, the error for a name
// used as both kinds said once, and updates during exit, after the report, that
// change nothing and crash nothing. The table, the JSON read back by `hotpath
// report`, HOTPATH_REPORT without the section; main unmeasured (the report at exit
// then has the static destructors' updates); the same program built with g++ (no
// plugin: a session of its own), and with HOTPATH_DISABLE (no library at all).
//
// REQUIRES: plugin, hotpath-cli
// RUN: %clangxx -std=c++17 -O2 -g -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %S/Inputs/gauge_program.cpp \
// RUN:   -o %t %hotpath_libs -pthread
// RUN: %t > %t.table 2> %t.err
// RUN: FileCheck %s --check-prefix=TABLE < %t.table
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json 2> /dev/null
// RUN: %python %S/Inputs/gauge_rows.py %t.json | FileCheck %s --check-prefix=JSON
// RUN: %hotpath report %t.json > %t.saved
// RUN: FileCheck %s --check-prefix=TABLE < %t.saved
// RUN: %hotpath report %t.json --format json | %python %S/Inputs/gauge_rows.py \
// RUN:   | FileCheck %s --check-prefix=JSON
// RUN: %hotpath report %t.json --format markdown | FileCheck %s --check-prefix=MARKDOWN
// RUN: env HOTPATH_REPORT=timing %t 2> /dev/null | FileCheck %s --check-prefix=NOGAUGES
// RUN: env HOTPATH_REPORT=gauges %t 2> /dev/null | FileCheck %s --check-prefix=ONLY
//
// Without a session, the report at exit has the updates of the static destructors.
// RUN: %clangxx -std=c++17 -O2 -g -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -DGAUGE_PROGRAM_UNMEASURED_MAIN \
// RUN:   %S/Inputs/gauge_program.cpp -o %t.nomain %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.nomain 2> /dev/null | %python %S/Inputs/gauge_rows.py \
// RUN:   | FileCheck %s --check-prefix=NOMAIN
//
// RUN: %gxx -std=c++11 -O2 -Wall -Wextra -Wshadow -pedantic -Werror -Wno-attributes=hotpath:: \
// RUN:   -DGAUGE_PROGRAM_SESSION %hotpath_cflags %S/Inputs/gauge_program.cpp -o %t.gcc \
// RUN:   %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.gcc 2> %t.gcc.err | %python %S/Inputs/gauge_rows.py \
// RUN:   | FileCheck %s --check-prefix=JSON
// RUN: FileCheck %s --check-prefix=ERR < %t.gcc.err
// RUN: %gxx -std=c++11 -O2 -Wall -Wextra -Wshadow -pedantic -Werror -Wno-attributes=hotpath:: \
// RUN:   -DHOTPATH_DISABLE %hotpath_cflags %S/Inputs/gauge_program.cpp -o %t.off -pthread
// RUN: %t.off > %t.off.out 2>&1
// RUN: count 0 < %t.off.out
//
// TABLE:      [hotpath] gauges - values the program recorded: a gauge's last, least and greatest value, a counter's total.
// TABLE-NEXT: +-------------+---------+------------+-----+-----+---------+
// TABLE-NEXT: | Name        | Kind    | Last/Total | Min | Max | Updates |
// TABLE-NEXT: +-------------+---------+------------+-----+-----+---------+
// TABLE-NEXT: | app.bytes   | counter | 45000      | -   | -   | 10000   |
// TABLE-NEXT: +-------------+---------+------------+-----+-----+---------+
// TABLE-NEXT: | app.depth   | gauge   | 3          | -5  | 15  | 4       |
// TABLE-NEXT: +-------------+---------+------------+-----+-----+---------+
// TABLE-NEXT: | app.items   | counter | 10000      | -   | -   | 10000   |
// TABLE-NEXT: +-------------+---------+------------+-----+-----+---------+
// TABLE-NEXT: | app.started | counter | 1          | -   | -   | 1       |
// TABLE-NEXT: +-------------+---------+------------+-----+-----+---------+
// TABLE-NEXT: | latency µs  | gauge   | 250        | 250 | 250 | 1       |
// TABLE-NEXT: +-------------+---------+------------+-----+-----+---------+
// TABLE-NOT:  app.after_exit
//
// ERR:     hotpath: error: "app.depth" is a gauge, not a counter: hotpath::counter("app.depth") records nothing (a name is either a gauge or a counter)
// ERR-NOT: hotpath: error
//
// JSON:      total_gauges 5
// JSON-NEXT: {"kind": "counter", "max": null, "min": null, "name": "app.bytes", "updates": 10000, "value": 45000}
// JSON-NEXT: {"kind": "gauge", "max": 15, "min": -5, "name": "app.depth", "updates": 4, "value": 3}
// JSON-NEXT: {"kind": "counter", "max": null, "min": null, "name": "app.items", "updates": 10000, "value": 10000}
// JSON-NEXT: {"kind": "counter", "max": null, "min": null, "name": "app.started", "updates": 1, "value": 1}
// JSON-NEXT: {"kind": "gauge", "max": 250, "min": 250, "name": "latency µs", "updates": 1, "value": 250}
// JSON-EMPTY:
//
// NOMAIN:      total_gauges 6
// NOMAIN-NEXT: {"kind": "gauge", "max": 1, "min": 1, "name": "app.after_exit", "updates": 1, "value": 1}
// NOMAIN-NEXT: {"kind": "counter", "max": null, "min": null, "name": "app.bytes", "updates": 10000, "value": 45000}
// NOMAIN-NEXT: {"kind": "gauge", "max": 15, "min": -100, "name": "app.depth", "updates": 5, "value": -100}
// NOMAIN-NEXT: {"kind": "counter", "max": null, "min": null, "name": "app.items", "updates": 10001, "value": 10001}
//
// MARKDOWN:      ### hotpath gauges
// MARKDOWN:      | `app.depth` | gauge | 3 | -5 | 15 | 4 |
//
// NOGAUGES:     app::handle
// NOGAUGES-NOT: gauges
//
// ONLY-NOT: app::handle
// ONLY:     [hotpath] gauges
