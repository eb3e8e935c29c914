// GNU sort (coreutils) installs a handler for SIGPROF among its cleanup signals. The
// sampler's perf events send a real-time signal instead, so sort is sampled from
// start to end: hotpath exits with sort's status (0), sort's output is what it is
// without hotpath, and the graph holds sort's frames. A program that uses too little
// CPU to be sampled even once (/bin/true, at 1 Hz: at 997 Hz, a thread's random
// first period may end within the little CPU it uses) is no failure either: hotpath
// says why there is nothing to draw, writes no SVG, and exits with the program's
// status.
//
// REQUIRES: cpu, hotpath-cli
// RUN: rm -rf %t.tmp %t.svg %t.true.svg && mkdir %t.tmp
// RUN: %python -c "import random; r = random.Random(7); \
// RUN:   print('\n'.join('%%016x %%d' % (r.getrandbits(64), i) for i in range(400000)))" > %t.in
// RUN: env LC_ALL=C sort %t.in > %t.expected
//
// RUN: env LC_ALL=C TMPDIR=%t.tmp %hotpath flamegraph -o %t.svg \
// RUN:   --post-process 'tee %t.folded' -- sort %t.in > %t.out 2> %t.err
// RUN: cmp %t.out %t.expected
// RUN: FileCheck %s --check-prefix=WROTE < %t.err
// RUN: %python %S/Inputs/svg_frames.py %t.svg sort@1 "sort>=20"
// RUN: FileCheck %s --check-prefix=FOLDED < %t.folded
// RUN: ls -A %t.tmp | count 0
//
// RUN: env TMPDIR=%t.tmp %hotpath flamegraph --freq 1 -o %t.true.svg -- /bin/true 2> %t.true.err
// RUN: FileCheck %s --check-prefix=TRUE --match-full-lines < %t.true.err
// RUN: test ! -e %t.true.svg
// RUN: env TMPDIR=%t.tmp %hotpath flamegraph --freq 1 -o %t.true.svg -- /bin/false 2> /dev/null; \
// RUN:   test $? -eq 1
// RUN: test ! -e %t.true.svg
// RUN: ls -A %t.tmp | count 0

// WROTE: hotpath: wrote {{.*}}.svg ({{[0-9,]+}} samples)
// WROTE-NOT: hotpath
// FOLDED: {{^}}sort;{{.*}}sort+0x
// TRUE: hotpath: no samples, so no flame graph was written: "true" used less than one sampling period of CPU time (1.00 s at 1 Hz) in its own code: try a higher --freq, or --children and --follow-exec if its work runs in other processes, or --perf to see time spent in the kernel
