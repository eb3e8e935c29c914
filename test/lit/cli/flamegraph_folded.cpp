// `hotpath flamegraph --folded FILE` draws existing folded stacks: the title, subtitle
// and notes given, upright or inverted, in the palette asked for, at the width asked
// for; --min-width drops narrow frames; --flamechart keeps the input order. A
// malformed line is reported with the file and the line, and nothing is written.
//
// REQUIRES: hotpath-cli
// RUN: rm -f %t.*.svg
// RUN: %hotpath flamegraph --folded %S/Inputs/sample.folded -o %t.default.svg \
// RUN:   --title 'Custom <Title>' --subtitle 'a subtitle' --notes 'some notes' \
// RUN:   --deterministic 2> %t.err
// RUN: FileCheck %s --check-prefix=WROTE < %t.err
// RUN: FileCheck %s --check-prefix=TEXTS < %t.default.svg
// RUN: %python %S/Inputs/svg_frames.py %t.default.svg upright fill=hot app@1 main@2 \
// RUN:   "multiply>=125" "compute>parse" "compute<<parse"
//
// RUN: %hotpath flamegraph --folded %S/Inputs/sample.folded -o %t.inverted.svg -i \
// RUN:   --palette blue 2> /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.inverted.svg inverted fill=blue "multiply>=125"
// RUN: FileCheck %s --check-prefix=DEFAULT-TITLE < %t.inverted.svg
//
// RUN: %hotpath flamegraph --folded %S/Inputs/sample.folded -o %t.narrow.svg \
// RUN:   --image-width 600 --min-width 100 2> /dev/null
// RUN: FileCheck %s --check-prefix=WIDTH < %t.narrow.svg
// RUN: %python %S/Inputs/svg_frames.py %t.narrow.svg multiply parse !read_file !worker
//
// RUN: %hotpath flamegraph --folded %S/Inputs/sample.folded -o %t.chart.svg --flamechart \
// RUN:   2> /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.chart.svg "parse<<compute"
//
// RUN: printf 'a;b 1\nbroken line\n' > %t.bad.folded
// RUN: %hotpath flamegraph --folded %t.bad.folded -o %t.bad.svg 2> %t.bad.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=BAD < %t.bad.err
// RUN: test ! -e %t.bad.svg

// WROTE: hotpath: wrote {{.*}}.default.svg (200 samples)
// TEXTS: <desc id="notes">some notes</desc>
// TEXTS: <text id="title" {{[^>]*}}>Custom &lt;Title&gt;</text>
// TEXTS: <text id="subtitle" {{[^>]*}}>a subtitle</text>
// DEFAULT-TITLE: <text id="title" {{[^>]*}}>Flame Graph</text>
// DEFAULT-TITLE: <text id="subtitle" {{[^>]*}}>{{.*}}sample.folded — 200 samples</text>
// WIDTH: <svg {{.*}} width="600"
// BAD: hotpath flamegraph: {{.*}}.bad.folded: line 2: count "line" is not a number
