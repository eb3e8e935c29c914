// REQUIRES: launcher, plugin
// Names the builds once spelled differently, now the same from the plugin, from
// hotpath-g++ and from hotpath-clang++ (the rewriter with Clang 19): a function
// template called with its default argument is named with it, a parameter's own
// const is not part of the signature, and an enumerator of an anonymous namespace
// given as a template argument is in (anonymous namespace), which GCC writes
// `<unnamed>` there, a member of a local class is in its function with the
// function's parameters, as the demangler writes it, and a friend defined in a
// class template (a hidden friend) has the instantiation's arguments, one row for
// each (the class template's defaults left out), and a default argument that
// Clang 19 prints with the sugar it was substituted with (`std::hash<string>`
// after `using namespace std`: it is the spelling of libstdc++'s explicit
// specialization `hash<string>`, which the rewriter registers with its own) is
// left out like any default, and so is one whose own default argument the plugin's
// AST writes (`Value<int>` for `Value<int, Pool<Crt>>`, `A = Pool<>`).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags \
// RUN:   %s %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/plugin > %t/plugin.json
// RUN: %hotpath_launcher_dir/hotpath-g++ -std=c++17 %s -o %t/gxx
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/gxx > %t/gxx.json
// RUN: env HOTPATH_CXX=%clangxx %hotpath_launcher_dir/hotpath-clang++ -std=c++17 %s -o %t/clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/clang > %t/clang.json
// RUN: %python %S/../rewriter/Inputs/compare_rows.py --signatures %t/plugin.json %t/gxx.json | FileCheck %s
// RUN: %python %S/../rewriter/Inputs/compare_rows.py --signatures %t/plugin.json %t/clang.json | FileCheck %s
//
// CHECK: Plan::ComputeCriticalPath(int) const::TopoSort::VisitTarget | Plan::ComputeCriticalPath(int) const::TopoSort::VisitTarget() | 1
// CHECK-NEXT: find_filled_slot<int> | find_filled_slot<int>(int) | 1
// CHECK-NEXT: main | main | 1
// CHECK-NEXT: maps::Map<std::string>::first | maps::Map<std::string>::first() const | 1
// CHECK-NEXT: pools::Value<int>::get | pools::Value<int>::get() const | 1
// CHECK-NEXT: pugi::impl::(anonymous namespace)::node::step<pugi::impl::(anonymous namespace)::axis_to_type<pugi::impl::(anonymous namespace)::axis_child>> | {{.*}} | 1
// CHECK-NEXT: store::operator==(const store::table<int, int> &, const store::table<int, int> &) | store::operator==(const store::table<int, int> &, const store::table<int, int> &) | 1
// CHECK-NEXT: store::operator==(const store::table<long, int> &, const store::table<long, int> &) | store::operator==(const store::table<long, int> &, const store::table<long, int> &) | 1
// CHECK-NEXT: with_const | with_const(unsigned int, char *, const char *) | 1
// CHECK-NEXT: 9 rows

#include <functional>
#include <string>

namespace pugi {
namespace impl {
namespace {

enum axis_t { axis_ancestor, axis_child };
template <axis_t N>
struct axis_to_type {};

struct node {
  template <class T>
  [[hotpath::measure]] int step(T) {
    return 1;
  }
};

}  // namespace
}  // namespace impl
}  // namespace pugi

namespace maps {

using namespace std;

template <typename K, typename H = std::hash<K>>
struct Map {
  [[hotpath::measure]] int first() const { return 1; }
};

inline int use() { return Map<string>().first(); }

}  // namespace maps

namespace pools {

struct Crt {};
template <class Base = Crt>
class Pool {};
template <class E, class A = Pool<>>
class Value {
 public:
  [[hotpath::measure]] int get() const { return 1; }
};

}  // namespace pools

namespace store {

template <class Key, class T, class Hash = std::hash<Key>>
class table {
 public:
  [[hotpath::measure]] friend bool operator==(const table& left, const table& right) {
    return &left == &right;
  }
};

}  // namespace store

struct Plan {
  int ComputeCriticalPath(int depth) const {
    struct TopoSort {
      [[hotpath::measure]] int VisitTarget() { return 1; }
    };
    return TopoSort().VisitTarget() + depth;
  }
};

template <typename T = int>
[[hotpath::measure]] int find_filled_slot(T value) {
  return static_cast<int>(value);
}

[[hotpath::measure]] int with_const(const unsigned int value, char* const text,
                                    const char* const other) {
  return static_cast<int>(value) + (text == other ? 1 : 0);
}

[[hotpath::main]] int main() {
  char text[] = "x";
  pugi::impl::node().step(pugi::impl::axis_to_type<pugi::impl::axis_child>());
  const store::table<int, int> ints;
  const store::table<long, int> longs;
  const bool equal =
      ints == ints && longs == longs && maps::use() == 1 && pools::Value<int>().get() == 1;
  return find_filled_slot(0) + with_const(1u, text, "y") + Plan().ComputeCriticalPath(-1) == 1 &&
                 equal
             ? 0
             : 1;
}
