// --open hands the SVG to xdg-open when it is installed, and otherwise says how to open
// it; neither way changes the exit status, and xdg-open's output goes to stderr.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t.bin %t.empty %t.opened && mkdir %t.bin %t.empty
// RUN: printf '#!/bin/sh\necho "$1" > %t.opened\necho viewer output\n' > %t.bin/xdg-open
// RUN: chmod +x %t.bin/xdg-open
// RUN: env PATH=%t.bin %hotpath flamegraph --folded %S/Inputs/sample.folded -o %t.svg --open \
// RUN:   > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OPENED < %t.opened
// RUN: count 0 < %t.out
// RUN: FileCheck %s --check-prefix=VIEWER < %t.err
//
// RUN: env PATH=%t.empty %hotpath flamegraph --folded %S/Inputs/sample.folded -o %t.svg --open \
// RUN:   2> %t.none.err
// RUN: FileCheck %s --check-prefix=NONE < %t.none.err

// OPENED: {{.*}}.svg
// VIEWER: hotpath: wrote {{.*}}.svg (200 samples)
// VIEWER: viewer output
// NONE: hotpath: wrote {{.*}}.svg (200 samples)
// NONE-NEXT: hotpath: open {{.*}}.svg in a web browser (xdg-open is not installed)
