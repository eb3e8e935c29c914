// The errors of `hotpath` and `hotpath flamegraph`, each one line on stderr: a program
// that does not exist (127) or cannot be executed (126), command line mistakes (2), an
// unknown subcommand (2, with the usage), an output directory that does not exist
// (checked before the program runs). Help and version go to stdout.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t.tmp %t.ran && mkdir %t.tmp
// RUN: env TMPDIR=%t.tmp %hotpath flamegraph -o %t.svg -- hotpath-no-such-program 2> %t.err; \
// RUN:   test $? -eq 127
// RUN: FileCheck %s --check-prefix=NOTFOUND --match-full-lines < %t.err
// RUN: ls -A %t.tmp | count 0
// RUN: %hotpath flamegraph -o %t.svg -- %S/Inputs/sample.folded 2> %t.err; test $? -eq 126
// RUN: FileCheck %s --check-prefix=NOTEXEC --match-full-lines < %t.err
//
// RUN: %hotpath flamegraph --freq abc -- true 2> %t.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=FREQ --match-full-lines < %t.err
// RUN: %hotpath flamegraph --pid 1 2> %t.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=PID --match-full-lines < %t.err
// RUN: %hotpath flamegraph 2> %t.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NOPROGRAM --match-full-lines < %t.err
// RUN: %hotpath bogus 2> %t.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=UNKNOWN < %t.err
//
// RUN: %hotpath flamegraph -o %t.missing/out.svg -- sh -c 'touch %t.ran' 2> %t.err; \
// RUN:   test $? -eq 1
// RUN: FileCheck %s --check-prefix=OUTPUT --match-full-lines < %t.err
// RUN: test ! -e %t.ran
//
// RUN: %hotpath --version | FileCheck %s --check-prefix=VERSION
// RUN: %hotpath flamegraph --help | FileCheck %s --check-prefix=HELP
// RUN: %hotpath --help | FileCheck %s --check-prefix=USAGE

// NOTFOUND: hotpath flamegraph: cannot run "hotpath-no-such-program": No such file or directory
// NOTEXEC: hotpath flamegraph: cannot run "{{.*}}sample.folded": Permission denied
// FREQ: hotpath flamegraph: --freq expects a number of Hz from 1 to 100000, got "abc"
// PID: hotpath flamegraph: --pid needs --perf: the sampler cannot attach to a running process
// NOPROGRAM: hotpath flamegraph: no program to run (usage: hotpath flamegraph [options] [--] program [args...])
// UNKNOWN: hotpath: unknown command "bogus"
// UNKNOWN-NEXT: Usage: hotpath <command> [options]
// OUTPUT: hotpath flamegraph: cannot write "{{.*}}.missing/out.svg": there is no directory "{{.*}}.missing"
// VERSION: hotpath {{[0-9]+\.[0-9]+\.[0-9]+}}
// HELP: Usage: hotpath flamegraph [options] [--] program [args...]
// HELP: --perf
// USAGE: flamegraph
