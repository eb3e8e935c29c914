// REQUIRES: plugin
// A translation unit without any hotpath attribute compiles to the same code with
// and without the plugin (same .text sections, same sizes; the same LLVM IR).
// Unused annotated inline functions, templates and classes cost nothing: no
// llvm.global.annotations (which would keep them alive), no code for them.
//
// DEFINE: %{cc} = %clangxx -std=c++20 -O2 -include hotpath/hotpath.hpp %hotpath_cflags
// DEFINE: %{plugin} = -fplugin=%hotpath_plugin
// DEFINE: %{sizes} = llvm-size -A
//
// No attributes.
// RUN: %{cc} -c %s -o %t.plain.o
// RUN: %{cc} %{plugin} -c %s -o %t.plugin.o
// RUN: %{sizes} %t.plain.o | grep '^\.text' > %t.plain.sizes
// RUN: %{sizes} %t.plugin.o | grep '^\.text' > %t.plugin.sizes
// RUN: FileCheck %s --check-prefix=SIZES < %t.plain.sizes
// RUN: diff %t.plain.sizes %t.plugin.sizes
// RUN: %{cc} -S -emit-llvm %s -o %t.plain.ll
// RUN: %{cc} %{plugin} -S -emit-llvm %s -o %t.plugin.ll
// RUN: diff %t.plain.ll %t.plugin.ll
//
// Annotated but unused: nothing emitted, same sizes as without the plugin (where
// the attributes are ignored).
// RUN: %{cc} %{plugin} -DUNUSED_ANNOTATED -S -emit-llvm %s -o %t.unused.ll
// RUN: FileCheck %s --check-prefix=UNUSED < %t.unused.ll
// RUN: FileCheck %s --check-prefix=UNUSED-DEF < %t.unused.ll
// RUN: %{cc} -Wno-unknown-attributes -DUNUSED_ANNOTATED -c %s -o %t.unused.plain.o
// RUN: %{cc} %{plugin} -DUNUSED_ANNOTATED -c %s -o %t.unused.plugin.o
// RUN: %{sizes} %t.unused.plain.o | grep '^\.text' > %t.unused.plain.sizes
// RUN: %{sizes} %t.unused.plugin.o | grep '^\.text' > %t.unused.plugin.sizes
// RUN: diff %t.unused.plain.sizes %t.unused.plugin.sizes
//
// Annotated and used: instrumented, and still no llvm.global.annotations.
// RUN: %{cc} %{plugin} -DUNUSED_ANNOTATED -DUSE_THEM -S -emit-llvm %s -o %t.used.ll
// RUN: FileCheck %s --check-prefix=USED < %t.used.ll
// RUN: FileCheck %s --check-prefix=NO-ANNOTATIONS < %t.used.ll
//
// SIZES: .text
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

#include <map>
#include <string>
#include <vector>

namespace app {

#ifdef UNUSED_ANNOTATED
[[hotpath::measure]] inline int unused_inline(int x) { return x * 7; }

template <typename T>
[[hotpath::measure]] T unused_template(T x) {
  return x + x;
}

class [[hotpath::measure_all]] UnusedClass {
 public:
  int get() const { return value_; }
  void set(int value) { value_ = value; }

 private:
  int value_ = 0;
};

namespace [[hotpath::measure_all]] unused_space {
inline int helper(int x) { return x - 1; }
}  // namespace hotpath::measure_all]]unused_space
#endif

inline int square(int x) { return x * x; }

template <typename T>
T accumulate(const std::vector<T>& values) {
  T total{};
  for (const T& value : values) total += value;
  return total;
}

class Counter {
 public:
  void add(const std::string& key) { ++counts_[key]; }
  int get(const std::string& key) const {
    auto found = counts_.find(key);
    return found == counts_.end() ? 0 : found->second;
  }

 private:
  std::map<std::string, int> counts_;
};

}  // namespace app

int compute(int n) {
  std::vector<int> values;
  for (int i = 0; i < n; ++i) values.push_back(app::square(i));
  app::Counter counter;
  counter.add("a");
  counter.add("b");
  auto lambda = [n](int x) { return x * n; };
  return app::accumulate(values) + counter.get("a") + lambda(3);
}

#ifdef USE_THEM
int use_them(int x) {
  app::UnusedClass object;
  object.set(x);
  return app::unused_inline(x) + app::unused_template(x) + object.get() +
         app::unused_space::helper(x);
}
#endif

// UNUSED-NOT: llvm.global.annotations
// UNUSED-NOT: hotpath::measure
// UNUSED-NOT: unused_inline
// UNUSED-NOT: unused_template
// UNUSED-NOT: UnusedClass
// UNUSED-NOT: unused_space
// UNUSED-NOT: __hotpath
// UNUSED-DEF: define {{.*}}compute

// USED-DAG: c"app::unused_inline(int)\00"
// USED-DAG: c"app::unused_template<int>(int)\00"
// USED-DAG: c"app::UnusedClass::get() const\00"
// USED-DAG: c"app::UnusedClass::set(int)\00"
// USED-DAG: c"app::unused_space::helper(int)\00"
// NO-ANNOTATIONS-NOT: llvm.global.annotations
// NO-ANNOTATIONS-NOT: hotpath::measure
