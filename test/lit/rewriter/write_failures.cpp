// REQUIRES: rewriter
// Whatever fails while writing, no file is ever half-written: the output goes to
// a temporary file in the same directory, renamed over the target only when it
// is complete. Each failure names the file and the reason and makes the exit
// status non-zero; the other files are still written.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/source.cpp && cp %s %t/other.cpp
//
// An output directory that cannot be made (a file is in the way).
// RUN: touch %t/blocker
// RUN: not %hotpath_rewrite --output-dir=%t/blocker/out %t/source.cpp -- -std=c++17 \
// RUN:   %hotpath_cflags 2> %t/blocked.txt
// RUN: FileCheck %s --check-prefix=BLOCKED < %t/blocked.txt
// BLOCKED: clang-hotpath-rewrite: error: cannot create directory '{{.*}}blocker/out': Not a directory
// BLOCKED: clang-hotpath-rewrite: 0 of 1 files done, 0 guards added; failed: {{.*}}source.cpp
//
// A full disk (a file size limit, with SIGXFSZ ignored so that write() fails):
// the originals stay as they were, and no temporary file is left behind.
// RUN: not bash -c 'trap "" XFSZ; ulimit -f 1; exec "$0" "$@"' %hotpath_rewrite --in-place \
// RUN:   %t/source.cpp %t/other.cpp -- -std=c++17 %hotpath_cflags 2> %t/full.txt
// RUN: FileCheck %s --check-prefix=FULL < %t/full.txt
// FULL: clang-hotpath-rewrite: error: cannot write '{{.*}}source.cpp': File too large
// FULL: clang-hotpath-rewrite: 0 of 2 files done, 0 guards added; failed: {{.*}}source.cpp {{.*}}other.cpp
// RUN: diff %s %t/source.cpp
// RUN: diff %s %t/other.cpp
// RUN: not ls %t/*.tmp
//
// Killed while writing (SIGXFSZ's default action): the originals are intact.
// RUN: not --crash bash -c 'ulimit -f 1; exec "$0" "$@"' %hotpath_rewrite --in-place %t/source.cpp \
// RUN:   -- -std=c++17 %hotpath_cflags
// RUN: diff %s %t/source.cpp
//
// The same file written where it can be: it has its guards.
// RUN: %hotpath_rewrite --in-place %t/source.cpp -- -std=c++17 %hotpath_cflags
// RUN: grep -v RUN: %t/source.cpp | grep -c ScopeGuard | FileCheck %s --check-prefix=GUARDS
// GUARDS: 3

namespace app {

// The rewritten file must be larger than the 1 KiB limit above: these comments
// and the functions below make sure of that.
[[hotpath::measure]] int first(int x) { return x + 1; }
[[hotpath::measure]] int second(int x) { return x * 2; }
[[hotpath::measure]] int third(int x) { return x - 3; }

}  // namespace app
