// --perf and --perfdata without perf: one line that says how to install it, exit 1,
// and no SVG. $PERF names the perf to use; otherwise perf is looked up in PATH.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t.svg %t.bin && mkdir %t.bin
// RUN: env PERF=/nonexistent %hotpath flamegraph --perf -o %t.svg -- true 2> %t.err; \
// RUN:   test $? -eq 1
// RUN: FileCheck %s --check-prefix=PERF --match-full-lines < %t.err
// RUN: env -u PERF PATH=%t.bin %hotpath flamegraph --perf -o %t.svg -- true 2> %t.path.err; \
// RUN:   test $? -eq 1
// RUN: FileCheck %s --check-prefix=PERF --match-full-lines < %t.path.err
// RUN: env PERF=/nonexistent %hotpath flamegraph --perfdata perf.data -o %t.svg 2> %t.data.err; \
// RUN:   test $? -eq 1
// RUN: FileCheck %s --check-prefix=PERFDATA --match-full-lines < %t.data.err
// RUN: test ! -e %t.svg

// PERF: hotpath flamegraph: --perf needs perf, which is not installed (Debian: apt-get install linux-perf)
// PERFDATA: hotpath flamegraph: --perfdata needs perf, which is not installed (Debian: apt-get install linux-perf)
