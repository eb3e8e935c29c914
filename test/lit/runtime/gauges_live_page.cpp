// The live page's Gauges tab and the gauges of /gauges and /metrics, in the program
// of gauges.cpp built with the plugin (Inputs/gauge_program.cpp says what it
// records): a link opens the tab, whose table has every gauge and counter by name
// with its exact values; /metrics has the counter and gauge families, which
// promtool accepts. A screenshot is taken.
//
// REQUIRES: live, chromium, plugin
// RUN: %clangxx -std=c++17 -O2 -g -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %S/Inputs/gauge_program.cpp \
// RUN:   -o %t %hotpath_libs -pthread
// RUN: %python %S/Inputs/gauge_live_page_check.py %t %t.stop %t.png | FileCheck %s
//
// CHECK:      gauges tab: open, shown, table shown: True
// CHECK-NEXT: columns: Name, Kind, Last/Total, Min, Max, Updates
// CHECK-NEXT: row: app.bytes | counter | 45,000 | - | - | 10,000
// CHECK-NEXT: row: app.depth | gauge | 3 | -5 | 15 | 4
// CHECK-NEXT: row: app.items | counter | 10,000 | - | - | 10,000
// CHECK-NEXT: row: app.started | counter | 1 | - | - | 1
// CHECK-NEXT: row: latency µs | gauge | 250 | 250 | 250 | 1
// CHECK-NEXT: summary: 5 of 5 gauges and counters
// CHECK-NEXT: /gauges: {"total_gauges":5,"data":[{"name":"app.bytes","kind":"counter","value":45000,"min":null,"max":null,"updates":10000},{"name":"app.depth","kind":"gauge","value":3,"min":-5,"max":15,"updates":4},{"name":"app.items","kind":"counter","value":10000,"min":null,"max":null,"updates":10000},{"name":"app.started","kind":"counter","value":1,"min":null,"max":null,"updates":1},{"name":"latency µs","kind":"gauge","value":250,"min":250,"max":250,"updates":1}]}
// CHECK-NEXT: metrics: promtool exit 0
// CHECK-NEXT: # TYPE hotpath_counters_total counter
// CHECK-NEXT: hotpath_counters_total{name="app.bytes"} 45000
// CHECK-NEXT: hotpath_counters_total{name="app.items"} 10000
// CHECK-NEXT: hotpath_counters_total{name="app.started"} 1
// CHECK-NEXT: # TYPE hotpath_counters_adds_total counter
// CHECK-NEXT: hotpath_counters_adds_total{name="app.bytes"} 10000
// CHECK-NEXT: hotpath_counters_adds_total{name="app.items"} 10000
// CHECK-NEXT: hotpath_counters_adds_total{name="app.started"} 1
// CHECK-NEXT: # TYPE hotpath_gauges gauge
// CHECK-NEXT: hotpath_gauges{name="app.depth"} 3
// CHECK-NEXT: hotpath_gauges{name="latency µs"} 250
// CHECK-NEXT: # TYPE hotpath_gauges_min gauge
// CHECK-NEXT: hotpath_gauges_min{name="app.depth"} -5
// CHECK-NEXT: hotpath_gauges_min{name="latency µs"} 250
// CHECK-NEXT: # TYPE hotpath_gauges_max gauge
// CHECK-NEXT: hotpath_gauges_max{name="app.depth"} 15
// CHECK-NEXT: hotpath_gauges_max{name="latency µs"} 250
// CHECK-NEXT: # TYPE hotpath_gauges_updates_total counter
// CHECK-NEXT: hotpath_gauges_updates_total{name="app.depth"} 4
// CHECK-NEXT: hotpath_gauges_updates_total{name="latency µs"} 1
// CHECK-NEXT: screenshot: PNG 1280x800
