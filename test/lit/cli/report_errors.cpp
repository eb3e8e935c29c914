// Every bad input of `hotpath report` fails with exit status 2, exactly one line on
// stderr naming the file and where in it (line:column for JSON syntax, line and JSON
// path for the schema), and no output file: a missing file, truncated JSON, another
// schema version, a field of the wrong type, a missing field, a call tree whose
// parent is not an earlier node, an unknown option and bad option values.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t && mkdir %t
//
// RUN: %hotpath report %t/missing.json -o %t/out.txt 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=MISSING --match-full-lines < %t/err
// RUN: test ! -e %t/out.txt
//
// RUN: %hotpath report %S/Inputs/report_truncated.json -o %t/out.txt 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=TRUNCATED --match-full-lines < %t/err
// RUN: test ! -e %t/out.txt
//
// RUN: %hotpath report %S/Inputs/report_schema_version_2.json -o %t/out.txt 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=VERSION --match-full-lines < %t/err
// RUN: test ! -e %t/out.txt
//
// RUN: %hotpath report %S/Inputs/report_wrong_type.json -o %t/out.txt 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=TYPE --match-full-lines < %t/err
// RUN: test ! -e %t/out.txt
// The line it names is the line of the value.
// RUN: sed -n 63p %S/Inputs/report_wrong_type.json | FileCheck %s --check-prefix=TYPE-LINE
//
// RUN: %hotpath report %S/Inputs/report_missing_field.json -o %t/out.txt 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=FIELD --match-full-lines < %t/err
// RUN: test ! -e %t/out.txt
//
// RUN: %hotpath report %S/Inputs/report_bad_parent.json -o %t/out.txt 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=PARENT --match-full-lines < %t/err
// RUN: test ! -e %t/out.txt
// RUN: sed -n 199p %S/Inputs/report_bad_parent.json | FileCheck %s --check-prefix=PARENT-LINE
//
// RUN: %hotpath report %S/Inputs/report_run.json --sort p90 -o %t/out.txt 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=SORT --match-full-lines < %t/err
// RUN: test ! -e %t/out.txt
//
// RUN: %hotpath report %S/Inputs/report_run.json --bogus -o %t/out.txt 2> %t/err; test $? -eq 2
// RUN: count 1 < %t/err
// RUN: FileCheck %s --check-prefix=UNKNOWN --match-full-lines < %t/err
// RUN: %hotpath report %S/Inputs/report_run.json --limit ten -o %t/out.txt 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: FileCheck %s --check-prefix=LIMIT --match-full-lines < %t/err
// RUN: %hotpath report %S/Inputs/report_run.json --format xml -o %t/out.txt 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: FileCheck %s --check-prefix=FORMAT --match-full-lines < %t/err
// RUN: %hotpath report %S/Inputs/report_run.json --focus '(' -o %t/out.txt 2> %t/err; \
// RUN:   test $? -eq 2
// RUN: FileCheck %s --check-prefix=FOCUS --match-full-lines < %t/err
// RUN: %hotpath report -o %t/out.txt 2> %t/err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NOINPUT --match-full-lines < %t/err
// RUN: test ! -e %t/out.txt
//
// An existing output file stays as it was.
// RUN: echo before > %t/kept.txt
// RUN: %hotpath report %S/Inputs/report_truncated.json -o %t/kept.txt 2> /dev/null; test $? -eq 2
// RUN: FileCheck %s --check-prefix=KEPT < %t/kept.txt
// RUN: ls %t | count 2

// MISSING: hotpath report: cannot read "{{.*}}/missing.json": No such file or directory
// TRUNCATED: hotpath report: {{.*}}report_truncated.json:20:26: syntax error while parsing object - unexpected end of input; expected '}'
// VERSION: hotpath report: {{.*}}report_schema_version_2.json:2: /schema_version: unsupported schema version 2 (this hotpath reads version 1)
// TYPE: hotpath report: {{.*}}report_wrong_type.json:63: /functions_timing/data/3/calls: expected an unsigned integer, got "100000"
// TYPE-LINE: "calls": "100000",
// FIELD: hotpath report: {{.*}}report_missing_field.json:30: /functions_timing/data/1/total_ns: missing (expected an unsigned integer)
// PARENT: hotpath report: {{.*}}report_bad_parent.json:199: /call_tree/nodes/2/parent: 3 is not the index of an earlier node
// PARENT-LINE: "parent": 3,
// SORT: hotpath report: {{.*}}report_run.json: --sort p90: the report has no such percentile (it has p50, p95, p99.9)
// UNKNOWN: hotpath report: unknown option "--bogus" (see hotpath report --help)
// LIMIT: hotpath report: --limit expects a number of rows (a whole number, 0 for all), got "ten"
// FORMAT: hotpath report: --format expects one of table, markdown, csv, json, got "xml"
// FOCUS: hotpath report: --focus expects a regular expression (ECMAScript), got "(": {{.+}}
// NOINPUT: hotpath report: no report to read (usage: hotpath report [options] REPORT.json)
// KEPT: before
