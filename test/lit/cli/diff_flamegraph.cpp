// A differential flame graph end to end: this program, built once with the plugin, runs
// twice; the second run (DIFF_FLAMEGRAPH_SLOW=1) makes app::transform twice as slow.
// Each run writes its call tree three ways: folded stacks (HOTPATH_FOLDED_WALL), a
// pprof profile (HOTPATH_PPROF) and a JSON report. `hotpath diff --flamegraph` draws
// head against base from each kind, and from files whose names say nothing of their
// format, and headless Chromium shows app::transform red, clearly saturated, and every
// other frame near-white or blue (normalized to the same total, the others' share
// shrank). The functions' time is dominated by sleeps of 5 ms (10 ms when slow), so that
// a busy machine moves the others much less than that.
//
// REQUIRES: plugin, hotpath-cli, chromium
// RUN: rm -rf %t && mkdir %t
// RUN: %clangxx -std=c++17 -O1 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s -o %t/program %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/base.json \
// RUN:   HOTPATH_FOLDED_WALL=%t/base.folded HOTPATH_PPROF=%t/base.pb.gz %t/program
// RUN: env DIFF_FLAMEGRAPH_SLOW=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/head.json \
// RUN:   HOTPATH_FOLDED_WALL=%t/head.folded HOTPATH_PPROF=%t/head.pb.gz %t/program
//
// (a) folded stacks, (b) pprof profiles, (c) JSON reports.
// RUN: cd %t && %hotpath diff --flamegraph base.folded head.folded -o folded.svg 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WROTE
// WROTE: hotpath diff: wrote folded.svg: head.folded against base.folded, samples
// RUN: %python %S/Inputs/diff_flamegraph_in_browser.py %t/folded.svg %t/folded.png \
// RUN:   app::transform neutral-or-blue | FileCheck %s --check-prefixes=CHECK,FOLDED
//
// RUN: cd %t && %hotpath diff --flamegraph base.pb.gz head.pb.gz -o pprof.svg
// RUN: %python %S/Inputs/diff_flamegraph_in_browser.py %t/pprof.svg %t/pprof.png \
// RUN:   app::transform neutral-or-blue | FileCheck %s --check-prefixes=CHECK,WALL
//
// RUN: cd %t && %hotpath diff --flamegraph base.json head.json -o json.svg
// RUN: %python %S/Inputs/diff_flamegraph_in_browser.py %t/json.svg %t/json.png \
// RUN:   app::transform neutral-or-blue | FileCheck %s --check-prefixes=CHECK,WALL
//
// CHECK:       title: Differential Flame Graph
// FOLDED-NEXT: subtitle: samples of head.folded, colored by the change from base.folded; base scaled to head's total
// WALL-NEXT:   subtitle: wall (nanoseconds) of head.{{json|pb.gz}}, colored by the change from base.{{json|pb.gz}}; base scaled to head's total
// CHECK-NEXT:  legend: red: self grew from base to head, blue: shrank, white: same; full color at ±{{[0-9,]+}} {{ns|samples}}; pure red: new in head
// CHECK-NEXT: app::transform: regression, (255, {{[0-9]+}}, {{[0-9]+}})
// CHECK-NEXT: tooltip: app::transform (head {{[0-9,]+}} {{ns|samples}}, {{[0-9.]+}}%; base {{[0-9,]+}} {{ns|samples}}, {{[0-9.]+}}%; self +{{[0-9.]+}}%)
// CHECK-NEXT: others: 4 frames neutral-or-blue
// CHECK-NEXT: search: app::transform matched, others kept their colors: True
// CHECK-NEXT: zoom: app::transform spans the width in its color
// CHECK-NEXT: screenshot: PNG, app::transform painted as a regression
//
// The three graphs are the same graph: the same stacks, the same values.
// RUN: grep -o 'data-name="[^"]*" data-count="[0-9]*"' %t/pprof.svg > %t/pprof.frames
// RUN: grep -o 'data-name="[^"]*" data-count="[0-9]*"' %t/json.svg > %t/json.frames
// RUN: grep -o 'data-name="[^"]*" data-count="[0-9]*"' %t/folded.svg > %t/folded.frames
// RUN: cmp %t/pprof.frames %t/json.frames
// RUN: cmp %t/folded.frames %t/json.frames
//
// Formats come from the content: a plain (gunzipped) profile and a report under names
// that say nothing, mixed, compare their common sample type (wall).
// RUN: gunzip -c %t/base.pb.gz > %t/base-profile
// RUN: cp %t/head.json %t/head-report
// RUN: cd %t && %hotpath diff --flamegraph base-profile head-report -o mixed.svg
// RUN: grep -o 'data-name="[^"]*" data-count="[0-9]*"' %t/mixed.svg | cmp - %t/json.frames
// RUN: grep -c 'fill="rgb(255,45,45)"' %t/mixed.svg | FileCheck %s --check-prefix=ONE-RED
// ONE-RED: 1
//
// Raw values: the others did not change, so they stay near-white.
// RUN: cd %t && %hotpath diff --flamegraph --no-normalize base.json head.json -o raw.svg
// RUN: %python %S/Inputs/diff_flamegraph_in_browser.py %t/raw.svg %t/raw.png \
// RUN:   app::transform neutral | FileCheck %s --check-prefix=RAW
// RAW: subtitle: wall (nanoseconds) of head.json, colored by the change from base.json; raw values, not normalized
// RAW: app::transform: regression, (255, {{[0-9]+}}, {{[0-9]+}})
// RAW: others: 4 frames neutral
//
// Negated: base drawn, app::transform still red (it grew from base to head).
// RUN: cd %t && %hotpath diff --flamegraph --negate base.json head.json -o negated.svg
// RUN: %python %S/Inputs/diff_flamegraph_in_browser.py %t/negated.svg %t/negated.png \
// RUN:   app::transform neutral-or-blue | FileCheck %s --check-prefix=NEGATED
// NEGATED: subtitle: wall (nanoseconds) of base.json (base), colored by the change to head.json; head scaled to base's total
// NEGATED: legend: {{.*}}; pure blue: not in head
// NEGATED: app::transform: regression, (255, {{[0-9]+}}, {{[0-9]+}})
// NEGATED: tooltip: app::transform (base {{[0-9,]+}} ns, {{[0-9.]+}}%; head {{[0-9,]+}} ns, {{[0-9.]+}}%; self +{{[0-9.]+}}%)
//
// Another sample type: the calls did not change, so nothing is colored.
// RUN: cd %t && %hotpath diff --flamegraph --sample-type calls base.json head.pb.gz -o calls.svg
// RUN: FileCheck %s --check-prefix=CALLS --input-file %t/calls.svg
// CALLS: <text id="subtitle" {{.*}}>calls (count) of head.pb.gz, colored by the change from base.json; base scaled to head&apos;s total</text>
// CALLS: <title>app::transform (head 20 calls, {{[0-9.]+}}%; base 20 calls, {{[0-9.]+}}%; self +0.0%)</title><rect {{.*}} fill="rgb(255,255,255)"/>
//
// Errors: one line naming the file and what is wrong, exit status 2, no file written.
// RUN: cd %t && not %hotpath diff --flamegraph missing.folded head.folded -o error.svg 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: hotpath diff: cannot read "missing.folded": No such file or directory
// RUN: printf 'hello world\n' > %t/unknown.txt
// RUN: cd %t && not %hotpath diff --flamegraph unknown.txt head.folded -o error.svg 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: hotpath diff: unknown.txt: unknown format: not folded stacks (line 1: count "world" is not a number), a pprof profile or a JSON report
// RUN: head -c 100 %t/base-profile > %t/truncated-profile
// RUN: cd %t && not %hotpath diff --flamegraph truncated-profile head.pb.gz -o error.svg 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: hotpath diff: truncated-profile: truncated pprof profile: field {{[0-9]+}} at byte {{[0-9]+}} says {{[0-9]+}} bytes, {{[0-9]+}} are left
// RUN: cd %t && not %hotpath diff --flamegraph --sample-type cpu base.json head.pb.gz -o error.svg 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-TYPE
// NO-TYPE: hotpath diff: base.json has no sample type "cpu" (its JSON report has: wall, calls)
// RUN: %python %S/Inputs/write_cpu_profile.py %t/go-cpu.pb.gz
// RUN: cd %t && not %hotpath diff --flamegraph base.pb.gz go-cpu.pb.gz -o error.svg 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISMATCHED
// MISMATCHED: hotpath diff: no sample type in common: base.pb.gz has calls, wall, go-cpu.pb.gz has samples, cpu (compare profiles of the same kind, or choose with --sample-type)
// RUN: cd %t && not %hotpath diff --flamegraph --threshold 5% base.json head.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TABLE-ONLY
// TABLE-ONLY: hotpath diff: --threshold compares the table of functions, not --flamegraph
// RUN: test ! -e %t/error.svg

#include <chrono>
#include <cstdlib>
#include <thread>

namespace app {

void pause_ms(int milliseconds) {
  std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds));
}

[[hotpath::measure]] void parse() { pause_ms(5); }

[[hotpath::measure]] void transform(int factor) { pause_ms(5 * factor); }

[[hotpath::measure]] void write() { pause_ms(5); }

}  // namespace app

[[hotpath::main]] int main() {
  const int factor = std::getenv("DIFF_FLAMEGRAPH_SLOW") ? 2 : 1;
  for (int i = 0; i < 20; ++i) {
    app::parse();
    app::transform(factor);
    app::write();
  }
}
