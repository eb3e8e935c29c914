// REQUIRES: rewriter, plugin
// Measure-all judges a template's instance as instantiated when the template, as
// written, may call: at the end of the translation unit, when the instances it
// calls have their bodies. The plugin measures each instance as it is: `sum_of` of
// ints is straight-line and left out, `sum_of` of a type whose operator loops is
// measured. The rewriter writes one guard in the template's text for all its
// instances, so it measures every instance once one needs it. Recursion counts as
// a loop; an explicitly instantiated template is emitted before the end of the
// translation unit, so it is judged as written. Counts are exact, optimized too.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -O2 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-verbose \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=measure_all_instances\.cpp$' \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t/plugin 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t/remarks
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/plugin.json | FileCheck %s --check-prefix=PLUGIN
//
// RUN: %hotpath_rewrite --output-dir=%t/rw --measure-all %s -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -O2 -Wno-attributes %hotpath_cflags %t/rw/measure_all_instances.cpp \
// RUN:   %hotpath_libs -o %t/rw/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/rw/program > %t/rw.json
// RUN: %python %S/Inputs/compare_rows.py %t/rw.json %t/rw.json | FileCheck %s --check-prefix=REWRITE

// REMARKS-DAG: remark: hotpath: not measuring 'app::sum_of<int>': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: measuring 'app::sum_of<app::Wide>'
// REMARKS-DAG: remark: hotpath: measuring 'app::Wide::operator+'
// REMARKS-DAG: remark: hotpath: measuring 'app::countdown<int>'
// REMARKS-DAG: remark: hotpath: measuring 'app::scaled<int>'

// PLUGIN:      app::Wide::operator+ 2
// PLUGIN-NEXT: app::countdown<int> 4
// PLUGIN-NEXT: app::scaled<int> 1
// PLUGIN-NEXT: app::sum_of<app::Wide> 1
// PLUGIN-NEXT: main 1
// PLUGIN-NOT:  {{.}}

// REWRITE:      app::Wide::operator+ 2
// REWRITE-NEXT: app::countdown<int> 4
// REWRITE-NEXT: app::scaled<int> 1
// REWRITE-NEXT: app::sum_of<app::Wide> 1
// REWRITE-NEXT: app::sum_of<int> 1
// REWRITE-NEXT: main 1
// REWRITE-NOT:  {{.}}

namespace app {

struct Wide {
  unsigned words[4];
  Wide operator+(const Wide& other) const {
    Wide sum{};
    for (int i = 0; i < 4; ++i) sum.words[i] = words[i] + other.words[i];
    return sum;
  }
};

template <typename T>
T sum_of(const T& a, const T& b) {
  const T total = a + b;
  return total + a;
}

template <typename T>
T countdown(T n) {
  return n == T(0) ? n + T(0) : countdown(static_cast<T>(n - 1));
}

template <typename T>
T scaled(T value, T factor) {
  const T result = value * factor;
  return result + result - value;
}
template int scaled<int>(int, int);

}  // namespace app

int main(int argc, char**) {
  const int small = app::sum_of(argc, 2);
  const app::Wide wide = app::sum_of(app::Wide{{1, 2, 3, 4}}, app::Wide{{4, 3, 2, 1}});
  const int rest = app::countdown(argc + 2) + app::scaled(argc, 3);
  return small == 4 && wide.words[0] == 6 && rest == 5 ? 0 : 1;
}
