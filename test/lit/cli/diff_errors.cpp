// Every bad input of `hotpath diff` fails with exit status 2 (even with
// --fail-on-regression), exactly one line on stderr naming the file and where in
// it, and no output file: a missing report, truncated JSON, another schema version,
// a field of the wrong type, --metric alloc on a report without allocations, a
// percentile the reports do not have, a wrong number of reports, an unknown option
// and bad option values.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t && mkdir %t
//
// RUN: %hotpath diff %S/Inputs/diff_base.json %t/missing.json --fail-on-regression \
// RUN:   -o %t/out.md 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=MISSING --match-full-lines < %t/err
// RUN: test ! -e %t/out.md
//
// RUN: %hotpath diff %S/Inputs/report_truncated.json %S/Inputs/diff_head.json -o %t/out.md \
// RUN:   2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=TRUNCATED --match-full-lines < %t/err
// RUN: test ! -e %t/out.md
//
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/report_schema_version_2.json \
// RUN:   -o %t/out.md 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=VERSION --match-full-lines < %t/err
// RUN: test ! -e %t/out.md
//
// RUN: %hotpath diff %S/Inputs/report_wrong_type.json %S/Inputs/diff_head.json -o %t/out.md \
// RUN:   2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=TYPE --match-full-lines < %t/err
// RUN: test ! -e %t/out.md
//
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_head_no_alloc.json --metric alloc \
// RUN:   -o %t/out.md 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=ALLOC --match-full-lines < %t/err
// RUN: test ! -e %t/out.md
//
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_head.json --metric p99 \
// RUN:   -o %t/out.md 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=PERCENTILE --match-full-lines < %t/err
// RUN: test ! -e %t/out.md
//
// RUN: %hotpath diff %S/Inputs/diff_base.json -o %t/out.md 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=ONE --match-full-lines < %t/err
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_head.json --bogus 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: FileCheck %s --check-prefix=UNKNOWN --match-full-lines < %t/err
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_head.json --threshold x% 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: FileCheck %s --check-prefix=THRESHOLD --match-full-lines < %t/err
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_head.json --min-calls -3 \
// RUN:   2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=MINCALLS --match-full-lines < %t/err
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_head.json --format csv 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: FileCheck %s --check-prefix=FORMAT --match-full-lines < %t/err
// RUN: %hotpath diff %S/Inputs/diff_base.json %S/Inputs/diff_head.json --metric median \
// RUN:   2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=METRIC --match-full-lines < %t/err
// RUN: test ! -e %t/out.md

// MISSING: hotpath diff: cannot read "{{.*}}/missing.json": No such file or directory
// TRUNCATED: hotpath diff: {{.*}}report_truncated.json:20:26: syntax error while parsing object - unexpected end of input; expected '}'
// VERSION: hotpath diff: {{.*}}report_schema_version_2.json:2: /schema_version: unsupported schema version 2 (this hotpath reads version 1)
// TYPE: hotpath diff: {{.*}}report_wrong_type.json:63: /functions_timing/data/3/calls: expected an unsigned integer, got "100000"
// ALLOC: hotpath diff: {{.*}}diff_head_no_alloc.json: --metric alloc needs the allocation section (functions_alloc), which only programs linked with hotpath-alloc have
// PERCENTILE: hotpath diff: {{.*}}diff_base.json: --metric p99: the report has no such percentile (it has p95)
// ONE: hotpath diff: expects two reports, base and head, got 1 (usage: hotpath diff [options] BASE.json HEAD.json)
// UNKNOWN: hotpath diff: unknown option "--bogus" (see hotpath diff --help)
// THRESHOLD: hotpath diff: --threshold expects a percentage such as 10%, got "x%"
// MINCALLS: hotpath diff: --min-calls expects a number of calls (a whole number), got "-3"
// FORMAT: hotpath diff: --format expects one of table, markdown, json, got "csv"
// METRIC: hotpath diff: --metric expects one of avg, total, alloc, wait, resumes, running, suspended or a percentile such as p95, got "median"
