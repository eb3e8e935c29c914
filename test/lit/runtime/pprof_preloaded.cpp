// REQUIRES: cpu
// A program that measures nothing, run with libhotpath-cpu preloaded, still writes
// the files of its CPU samples it asks for (HOTPATH_PPROF, HOTPATH_SPEEDSCOPE), next
// to its folded stacks: the same samples in each, CPU the profile's default sample
// type, the hot loop first in `go tool pprof -top`, named as the report names
// functions (the full symbol as the system name). No table is printed.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gxx -std=c++17 -O2 -g %S/Inputs/pprof_preloaded_program.cpp -o %t/program
// RUN: env LD_PRELOAD=%hotpath_cpu_lib HOTPATH_PPROF=%t/profile.pb.gz \
// RUN:   HOTPATH_SPEEDSCOPE=%t/speedscope.json HOTPATH_FOLDED=%t/folded.txt %t/program \
// RUN:   > %t/out.txt 2> %t/err.txt
// RUN: FileCheck %s --check-prefix=OUT --allow-empty < %t/err.txt
// RUN: FileCheck %s --check-prefix=PROGRAM < %t/out.txt
// RUN: %python %S/Inputs/pprof_preloaded_check.py %t/profile.pb.gz %t/speedscope.json \
// RUN:   %t/folded.txt | FileCheck %s
//
// OUT-NOT:     {{.}}
// PROGRAM:     {{^1$}}
// PROGRAM-NOT: {{.}}
// CHECK:      pprof: [[SAMPLES:[1-9][0-9]+]] samples, folded stacks: [[SAMPLES]]
// CHECK-NEXT: pprof: default sample type cpu, wall 0
// CHECK-NEXT: pprof top: heavy, light
// CHECK-NEXT: pprof system names: heavy heavy(int), light light(int)
// CHECK-NEXT: speedscope: profiles [('sampled', 'nanoseconds')]
// CHECK-NEXT: speedscope: [[SAMPLES]] periods of samples, folded stacks: [[SAMPLES]]
// CHECK-NEXT: speedscope: heavy(int) named
