// REQUIRES: rewriter, plugin
// A filter file (-fplugin-arg-hotpath-filter=<file>, --filter=<file>) lists
// functions that measure-all leaves out, by their report rows' signatures: only the
// listed overload goes, a listed template instantiation takes the template's
// definition with it (both Box<int> and Box<double>), a function with internal
// linkage is listed with its file, [[hotpath::measure_all]] on a class is filtered
// too, a function marked [[hotpath::measure]] stays, and an entry that names
// nothing is no error. Every other row keeps its exact calls, and the rewriter
// (built with g++) leaves out the same functions as the plugin.
//
// DEFINE: %{plugin} = %clangxx -std=c++17 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// DEFINE:   '-fplugin-arg-hotpath-measure-all-files=filter\.cpp$' -include hotpath/hotpath.hpp \
// DEFINE:   %hotpath_cflags %s %hotpath_libs
// RUN: rm -rf %t && mkdir -p %t
// RUN: %{plugin} -o %t/all
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/all > %t/all.json
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/all.json %t/all.json | FileCheck %s --check-prefix=ALL
//
// RUN: %{plugin} -fplugin-arg-hotpath-filter=%S/Inputs/filter_list.txt -fplugin-arg-hotpath-verbose \
// RUN:   -o %t/plugin 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t/remarks
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
// RUN: %python %S/Inputs/compare_rows.py --signatures %t/plugin.json %t/plugin.json | FileCheck %s
//
// filter-digest=<sha1> (what hotpath_instrument() passes, so that ccache sees a
// changed filter) must be the file's SHA-1.
// RUN: %{plugin} -fplugin-arg-hotpath-filter=%S/Inputs/filter_list.txt -fsyntax-only \
// RUN:   -fplugin-arg-hotpath-filter-digest=`sha1sum < %S/Inputs/filter_list.txt | cut -c1-40`
// RUN: not %{plugin} -fplugin-arg-hotpath-filter=%S/Inputs/filter_list.txt -fsyntax-only \
// RUN:   -fplugin-arg-hotpath-filter-digest=0123456789abcdef0123456789abcdef01234567 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIGEST
// DIGEST: error: filter file '{{.*}}filter_list.txt' changed since the build was configured (its SHA-1 is {{[0-9a-f]+}}, -fplugin-arg-hotpath-filter-digest says 0123456789abcdef0123456789abcdef01234567): configure the build again
//
// RUN: %hotpath_rewrite --output-dir=%t/rw --min-tokens=0 --measure-all \
// RUN:   --filter=%S/Inputs/filter_list.txt %s -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -Wno-attributes %hotpath_cflags %t/rw/filter.cpp %hotpath_libs -o %t/rw/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/rw/program > %t/rw.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/rw.json
//
// A line that is no signature, and a file that cannot be read, are errors that
// name the file (and the line).
// RUN: printf 'app::twice(int)\n\n  # comment\n"name": "app::twice"\n' > %t/bad.filter
// RUN: not %{plugin} -fplugin-arg-hotpath-filter=%t/bad.filter -o %t/bad 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-PLUGIN -DFILE=%t/bad.filter
// RUN: not %hotpath_rewrite --print --measure-all --filter=%t/bad.filter %s -- -std=c++17 \
// RUN:   %hotpath_cflags 2>&1 | FileCheck %s --check-prefix=BAD-REWRITER -DFILE=%t/bad.filter
// RUN: printf 'ns::Box<${T}>::get() const\n' > %t/placeholder.filter
// RUN: not %hotpath_rewrite --print --measure-all --filter-file=%t/placeholder.filter %s -- \
// RUN:   -std=c++17 %hotpath_cflags 2>&1 | FileCheck %s --check-prefix=PLACEHOLDER
// RUN: not %{plugin} -fplugin-arg-hotpath-filter=%t/missing.filter -o %t/bad 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING-PLUGIN -DFILE=%t/missing.filter
// RUN: not %hotpath_rewrite --print --measure-all --filter-file=%t/missing.filter %s -- \
// RUN:   -std=c++17 %hotpath_cflags 2>&1 | FileCheck %s --check-prefix=MISSING-REWRITER -DFILE=%t/missing.filter
// RUN: not %hotpath_rewrite --print --measure-all --filter=%t/bad.filter \
// RUN:   --filter-file=%t/missing.filter %s -- -std=c++17 %hotpath_cflags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOTH -DBAD=%t/bad.filter -DMISSING=%t/missing.filter
// BOTH: clang-hotpath-rewrite: error: --filter='[[BAD]]' and --filter-file='[[MISSING]]' name different files
//
// BAD-PLUGIN: error: invalid -fplugin-arg-hotpath-filter file: [[FILE]]:4: '"name": "app::twice"' is not a function's signature (it starts with '"')
// BAD-REWRITER: clang-hotpath-rewrite: error: --filter: [[FILE]]:4: '"name": "app::twice"' is not a function's signature (it starts with '"')
// PLACEHOLDER: placeholder.filter:1: 'ns::Box<${T}>::get() const' has a placeholder '${': list a row's signature as a report shows it (ns::Box<int>::get() const)
// MISSING-PLUGIN: error: invalid -fplugin-arg-hotpath-filter file: [[FILE]]: cannot read the filter file: No such file or directory
// MISSING-REWRITER: clang-hotpath-rewrite: error: --filter: [[FILE]]: cannot read the filter file: No such file or directory
//
// ALL:      app::Measured::run | app::Measured::run() | 1
// ALL-NEXT: app::Measured::stop | app::Measured::stop() | 2
// ALL-NEXT: app::marked | app::marked(int) | 1
// ALL-NEXT: app::twice(double) | app::twice(double) | 5
// ALL-NEXT: app::twice(int) | app::twice(int) | 4
// ALL-NEXT: helper | helper() [filter.cpp] | 15
// ALL-NEXT: main | main | 1
// ALL-NEXT: ns::Box<double>::get | ns::Box<double>::get() const | 2
// ALL-NEXT: ns::Box<int>::get | ns::Box<int>::get() const | 3
// ALL-NEXT: 9 rows
//
// CHECK:      app::Measured::stop | app::Measured::stop() | 2
// CHECK-NEXT: app::marked | app::marked(int) | 1
// CHECK-NEXT: app::twice | app::twice(double) | 5
// CHECK-NEXT: main | main | 1
// CHECK-NEXT: 4 rows
//
// REMARKS-DAG: remark: hotpath: not measuring 'app::twice': the filter file lists it ('app::twice(int)', {{.*}}filter_list.txt:3)
// REMARKS-DAG: remark: hotpath: not measuring 'ns::Box<int>::get': the filter file lists it ('ns::Box<int>::get() const', {{.*}}filter_list.txt:4)
// REMARKS-DAG: remark: hotpath: not measuring 'ns::Box<double>::get': the filter file lists it ('ns::Box<int>::get() const', {{.*}}filter_list.txt:4)
// REMARKS-DAG: remark: hotpath: not measuring 'helper': the filter file lists it ('helper() [filter.cpp]', {{.*}}filter_list.txt:5)
// REMARKS-DAG: remark: hotpath: not measuring 'app::Measured::run': the filter file lists it ('app::Measured::run()', {{.*}}filter_list.txt:6)
// REMARKS-NOT: not measuring 'app::marked'

volatile int sink = 0;

static int helper() { return sink + 1; }

namespace ns {
template <class T>
struct Box {
  T value;
  T get() const { return value + static_cast<T>(helper()); }
};
}  // namespace ns

namespace app {

int twice(int x) { return x * 2 + helper(); }
double twice(double x) { return x * 2 + helper(); }

[[hotpath::measure]] int marked(int x) { return x + helper(); }

class [[hotpath::measure_all]] Measured {
 public:
  void run() { sink = sink + 1; }
  void stop() { sink = sink - 1; }
};

}  // namespace app

[[hotpath::main]] int main() {
  ns::Box<int> box{1};
  ns::Box<double> other{2.0};
  for (int i = 0; i < 3; ++i) sink = sink + box.get();
  for (int i = 0; i < 2; ++i) sink = sink + static_cast<int>(other.get());
  for (int i = 0; i < 4; ++i) sink = sink + app::twice(i);
  for (int i = 0; i < 5; ++i) sink = sink + static_cast<int>(app::twice(1.5));
  sink = sink + app::marked(1);
  app::Measured measured;
  measured.run();
  measured.stop();
  measured.stop();
  return 0;
}
