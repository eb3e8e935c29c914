// `hotpath diff` of reports that share no function but main says on stderr that
// they seem to come from different programs, after the comparison, and keeps the
// documented exit status (0 here, even with --fail-on-regression: nothing could
// regress). Reports of one program say nothing of the kind. An empty file and a
// trace (HOTPATH_TRACE) given as a report are called what they are, with exit
// status 2, in `hotpath diff` and `hotpath report` alike.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t && mkdir %t
//
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_other_program.json \
// RUN:   --fail-on-regression > %t/out 2> %t/err
// RUN: FileCheck %s --check-prefix=UNRELATED-OUT --match-full-lines < %t/out
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=UNRELATED -DDIR=%S --match-full-lines < %t/err
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_head.json > %t/out 2> %t/err
// RUN: count 0 < %t/err
//
// RUN: touch %t/empty.json
// RUN: %hotpath diff %t/empty.json %S/Inputs/diff_head.json -o %t/out.md 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=EMPTY -DDIR=%t --match-full-lines < %t/err
// RUN: test ! -e %t/out.md
// RUN: %hotpath report %t/empty.json 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=EMPTY-REPORT -DDIR=%t --match-full-lines < %t/err
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t/traced %hotpath_libs
// RUN: env HOTPATH_TRACE=%t/trace.json HOTPATH_OUTPUT_FORMAT=none %t/traced
// RUN: %hotpath diff %S/Inputs/diff_base.json %t/trace.json -o %t/out.md 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=TRACE -DDIR=%t --match-full-lines < %t/err
// RUN: test ! -e %t/out.md
// RUN: %hotpath report %t/trace.json 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=TRACE-REPORT -DDIR=%t --match-full-lines < %t/err

// UNRELATED-OUT:0 regressions, 0 improvements, 2 new, 5 removed
// UNRELATED:hotpath diff: note: [[DIR]]/Inputs/diff_base.json and [[DIR]]/Inputs/diff_other_program.json have no function in common (main aside): they seem to come from different programs, so every function is new, removed or unknown

// EMPTY:hotpath diff: [[DIR]]/empty.json is empty: a report is the JSON a program writes with HOTPATH_OUTPUT_FORMAT=json
// EMPTY-REPORT:hotpath report: [[DIR]]/empty.json is empty: a report is the JSON a program writes with HOTPATH_OUTPUT_FORMAT=json

// TRACE:hotpath diff: [[DIR]]/trace.json is a trace, not a report: HOTPATH_TRACE writes a timeline of calls (Chrome trace-event JSON, for ui.perfetto.dev); a report is what HOTPATH_OUTPUT_FORMAT=json writes
// TRACE-REPORT:hotpath report: [[DIR]]/trace.json is a trace, not a report: HOTPATH_TRACE writes a timeline of calls (Chrome trace-event JSON, for ui.perfetto.dev); a report is what HOTPATH_OUTPUT_FORMAT=json writes

#include <hotpath/hotpath.hpp>

int traced(int value) {
  HOTPATH_MEASURE();
  return value + 1;
}

int main() { return traced(1) == 2 ? 0 : 1; }
