// A differential flame graph of Go's own CPU profiles (runtime/pprof, Debian
// golang-go): a Go program run twice, the second time with main.transform doing twice
// the work, each run profiling itself. `hotpath diff --flamegraph` reads both (sample
// types samples/count and cpu/nanoseconds, cpu compared by default), and headless
// Chromium shows main.transform red, clearly saturated, and the program's other frames
// (main.*) near-white or blue. About 5 s of CPU time, for some 200 samples a run.
//
// REQUIRES: hotpath-cli, chromium
// RUN: rm -rf %t && mkdir %t
// RUN: env GOCACHE=%t/gocache GOPATH=%t/gopath GO111MODULE=off \
// RUN:   go build -o %t/slowed %S/Inputs/diff_flamegraph_slowed.go
// RUN: %t/slowed %t/base.pb.gz
// RUN: env DIFF_FLAMEGRAPH_SLOW=1 %t/slowed %t/head.pb.gz
// RUN: cd %t && %hotpath diff --flamegraph base.pb.gz head.pb.gz -o go.svg 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WROTE
// WROTE: hotpath diff: wrote go.svg: head.pb.gz against base.pb.gz, cpu (nanoseconds)
// RUN: %python %S/Inputs/diff_flamegraph_in_browser.py %t/go.svg %t/go.png \
// RUN:   main.transform neutral-or-blue '^main\.' | FileCheck %s
//
// CHECK:      title: Differential Flame Graph
// CHECK-NEXT: subtitle: cpu (nanoseconds) of head.pb.gz, colored by the change from base.pb.gz; base scaled to head's total
// CHECK-NEXT: legend: red: self grew from base to head, blue: shrank, white: same; full color at ±{{[0-9,]+}} ns; pure red: new in head
// CHECK-NEXT: main.transform: regression, (255, {{[0-9]+}}, {{[0-9]+}})
// CHECK-NEXT: tooltip: main.transform (head {{[0-9,]+}} ns, {{[0-9.]+}}%; base {{[0-9,]+}} ns, {{[0-9.]+}}%; self +{{[0-9.]+}}%)
// CHECK-NEXT: others: 3 frames neutral-or-blue
// CHECK-NEXT: search: main.transform matched, others kept their colors: True
// CHECK-NEXT: zoom: main.transform spans the width in its color
// CHECK-NEXT: screenshot: PNG, main.transform painted as a regression
//
// Samples, the other sample type, give the same picture.
// RUN: cd %t && %hotpath diff --flamegraph --sample-type samples base.pb.gz head.pb.gz -o samples.svg
// RUN: %python %S/Inputs/diff_flamegraph_in_browser.py %t/samples.svg %t/samples.png \
// RUN:   main.transform neutral-or-blue '^main\.' | FileCheck %s --check-prefix=SAMPLES
// SAMPLES: subtitle: samples (count) of head.pb.gz, colored by the change from base.pb.gz; base scaled to head's total
// SAMPLES: main.transform: regression
// SAMPLES: tooltip: main.transform (head {{[0-9,]+}} samples, {{[0-9.]+}}%;
