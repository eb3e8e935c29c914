// Every bad input of `hotpath filter` fails with exit status 2, exactly one line on
// stderr naming the file or option, and leaves the output file as it was: a missing
// report, a JSON file that is no report, a trace, bad option values, no report at
// all, an output that cannot be written. A report cut by its row limit is read,
// with a note that the functions left out of it were not considered.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t && mkdir %t
// RUN: echo 'kept' > %t/out.filter
//
// RUN: %hotpath filter %S/Inputs/filter_run_a.json %t/missing.json -o %t/out.filter \
// RUN:   2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=MISSING --match-full-lines -DT=%t < %t/err
// RUN: echo '{"name": "main", "calls": 1}' > %t/not_report.json
// RUN: %hotpath filter %t/not_report.json -o %t/out.filter 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=NOT-REPORT --match-full-lines -DT=%t < %t/err
// RUN: echo '{"traceEvents": []}' > %t/trace.json
// RUN: %hotpath filter %t/trace.json -o %t/out.filter 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=TRACE -DT=%t < %t/err
// RUN: %hotpath filter --min-ratio -1 %S/Inputs/filter_run_a.json -o %t/out.filter 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=RATIO --match-full-lines < %t/err
// RUN: %hotpath filter --guard-ns 0 %S/Inputs/filter_run_a.json -o %t/out.filter 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=GUARD --match-full-lines < %t/err
// RUN: %hotpath filter --min-share ten %S/Inputs/filter_run_a.json -o %t/out.filter 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SHARE --match-full-lines < %t/err
// RUN: %hotpath filter --budget=-2 %S/Inputs/filter_run_a.json -o %t/out.filter 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=BUDGET --match-full-lines < %t/err
// RUN: %hotpath filter -o %t/out.filter 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NONE --match-full-lines < %t/err
// RUN: %hotpath filter %S/Inputs/filter_run_a.json -o %t/no/such/dir/out.filter 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=WRITE --match-full-lines -DT=%t < %t/err
// RUN: test ! -e %t/no
// RUN: FileCheck %s --check-prefix=KEPT --match-full-lines < %t/out.filter
// RUN: ls %t | FileCheck %s --check-prefix=NO-TEMPORARY --implicit-check-not=out.filter.
//
// RUN: %hotpath filter %S/Inputs/report_run.json -o %t/limited.filter 2> %t/err
// RUN: FileCheck %s --check-prefix=LIMITED --match-full-lines -DDIR=%S/Inputs < %t/err
//
// MISSING: hotpath filter: cannot read "[[T]]/missing.json": No such file or directory
// NOT-REPORT: hotpath filter: [[T]]/not_report.json:1: /schema_version: missing (expected an unsigned integer)
// TRACE: hotpath filter: [[T]]/trace.json is a trace, not a report: {{.*}}
// RATIO: hotpath filter: --min-ratio expects a ratio of guard cost to the function's own time, such as 0.25, got "-1"
// GUARD: hotpath filter: --guard-ns expects a guard's cost per call in nanoseconds, such as 25, got "0"
// SHARE: hotpath filter: --min-share expects a percentage of the run's wall time, such as 1 or 0.5%, got "ten"
// BUDGET: hotpath filter: --budget expects a percentage of the run's wall time, such as 2 or 0.5%, got "-2"
// NONE: hotpath filter: no report to read (usage: hotpath filter [options] REPORT.json [MORE.json ...])
// WRITE: hotpath filter: cannot write "[[T]]/no/such/dir/out.filter": cannot create a temporary file next to it: No such file or directory
// KEPT: kept
// NO-TEMPORARY: out.filter
// LIMITED: hotpath filter: note: [[DIR]]/report_run.json holds 4 of its 6 functions (written with a row limit): the others are not considered; record with HOTPATH_LIMIT=0
