// The round trip of a filter: a measure-all build with the plugin, run; `hotpath
// filter` on its report lists the two tiny functions called 6,400,000 times each,
// a member of a class template among them, and not the function that calls them
// (20,000 calls, a microsecond of work each); the plugin build with that filter,
// and the rewriter's with it (built with g++), measure everything else with the
// same exact calls, and neither tiny one.
// A filter made from the rewriter build's report lists the same functions.
//
// The default rule weighs guards against the run's wall time, which a loaded
// machine stretches. Here each tiny function's guards cost about 19% of the run
// and the caller's 0.6%: against the 2% budget, the lists stay the same while the
// run takes from a third to nine times as long as on an idle machine.
//
// REQUIRES: hotpath-cli, plugin, rewriter
// RUN: rm -rf %t && mkdir %t
// RUN: %clangxx -std=c++17 -O1 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=filter_end_to_end\.cpp$' -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s %hotpath_libs -o %t/all
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 HOTPATH_OUTPUT_PATH=%t/all.json %t/all
// RUN: %hotpath filter %t/all.json -o %t/hotpath.filter
// RUN: grep -v '^#' %t/hotpath.filter | sort | FileCheck %s --check-prefix=LISTED --match-full-lines
//
// RUN: %clangxx -std=c++17 -O1 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=filter_end_to_end\.cpp$' -include hotpath/hotpath.hpp \
// RUN:   -fplugin-arg-hotpath-filter=%t/hotpath.filter %hotpath_cflags %s %hotpath_libs -o %t/filtered
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/filtered > %t/filtered.json
// RUN: %python %S/../rewriter/Inputs/compare_rows.py %t/filtered.json %t/filtered.json \
// RUN:   | FileCheck %s --check-prefix=FILTERED --match-full-lines
//
// RUN: %hotpath_rewrite --output-dir=%t/rw --min-tokens=0 --measure-all --filter=%t/hotpath.filter \
// RUN:   %s -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -O1 -Wno-attributes %hotpath_cflags %t/rw/filter_end_to_end.cpp %hotpath_libs \
// RUN:   -o %t/rw/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/rw/program > %t/rw.json
// RUN: %python %S/../rewriter/Inputs/compare_rows.py %t/filtered.json %t/rw.json
//
// The rewriter's measure-all build (g++) gives a report whose filter lists the same
// functions, by the same signatures.
// RUN: %hotpath_rewrite --output-dir=%t/rw-all --min-tokens=0 --measure-all %s -- -std=c++17 \
// RUN:   %hotpath_cflags
// RUN: %gxx -std=c++17 -O1 -Wno-attributes %hotpath_cflags %t/rw-all/filter_end_to_end.cpp \
// RUN:   %hotpath_libs -o %t/rw-all/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 HOTPATH_OUTPUT_PATH=%t/rw-all.json %t/rw-all/program
// RUN: %hotpath filter %t/rw-all.json | grep -v '^#' | sort \
// RUN:   | FileCheck %s --check-prefix=LISTED --match-full-lines
//
// LISTED:      app::Classifier<char>::is_space(char) const
// LISTED-NEXT: app::is_digit(char)
// LISTED-EMPTY:
//
// FILTERED:      app::count 20000
// FILTERED-NEXT: app::run 1
// FILTERED-NEXT: main 1
// FILTERED-EMPTY:

namespace app {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

template <class C>
struct Classifier {
  bool is_space(C c) const { return c == ' ' || c == '\t'; }
};

// A microsecond of work of its own a call: its guard is a few percent of it, however
// far the compensation of the 640 calls it makes is off.
int count(const char* text) {
  Classifier<char> classifier;
  int found = 0;
  for (int pass = 0; pass < 8; ++pass) {
    for (const char* at = text; *at != '\0'; ++at) {
      if (is_digit(*at)) ++found;
      if (classifier.is_space(*at)) ++found;
    }
  }
  unsigned long mixed = static_cast<unsigned long>(found);
  for (int i = 0; i < 1000; ++i) {
    mixed ^= mixed >> 7;
    mixed *= 0x9E3779B97F4A7C15ul;
  }
  return static_cast<int>(mixed & 0xff);
}

int run() {
  static const char kText[] = "a1 b2 c3 d4 e5 f6 g7 h8 i9 j0 k1 l2 m3 n";
  int total = 0;
  // 40 characters read 8 times a call: 6,400,000 calls of each tiny function.
  for (int i = 0; i < 20000; ++i) total += count(kText);
  return total;
}

}  // namespace app

[[hotpath::main]] int main() {
  volatile int sink = app::run();
  (void)sink;
  return 0;
}
