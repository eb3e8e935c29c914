// REQUIRES: launcher, plugin
// Names from the plugin, from hotpath-g++ and from hotpath-clang++ (the rewriter
// with Clang 19) alike where they once differed or were wrong in all three:
// - a class or class template that is a member of a class template, in a
//   parameter's type, is in the instantiation's class (`List<double>::Node`), not
//   in whichever specialization of the template Clang's printer would pick;
// - a class or enumeration of a specialization, as a template argument, has the
//   defaults of the specialization's arguments left out also when their templates
//   were first declared without them (`Regex<UTF8<>>::Range`, where Clang prints
//   `UTF8<char>`);
// - a template first declared without parameter names and used before its
//   definition has its arguments named: no `?` from the plugin (whose AST takes
//   the names from the declaration that was visible) or from Clang's pretty
//   function (which then lists no argument, and no non-type argument otherwise).
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
// CHECK: app::Array<false, app::Value<int>>::size | app::Array<false, app::Value<int>>::size() const | 1
// CHECK-NEXT: app::List<double>::iterator<long>::operator== | app::List<double>::iterator<long>::operator==(const app::List<double>::iterator<long> &) const | 1
// CHECK-NEXT: app::List<double>::iterator<long>::take | app::List<double>::iterator<long>::take(app::List<double>::Node *, app::List<double>::iterator<int> *) const | 1
// CHECK-NEXT: app::List<double>::size | app::List<double>::size(const app::List<double>::Node *, const app::List<double> &, app::List<char> *) const | 1
// CHECK-NEXT: app::List<int>::size | app::List<int>::size(const app::List<int>::Node *, const app::List<int> &, app::List<char> *) const | 1
// CHECK-NEXT: app::Stack::bottom<app::Regex<app::UTF8<>>::Operator> | app::Stack::bottom<app::Regex<app::UTF8<>>::Operator>(app::Regex<app::UTF8<>>::Operator *) | 1
// CHECK-NEXT: app::Stack::bottom<app::Regex<app::UTF8<>>::Range> | app::Stack::bottom<app::Regex<app::UTF8<>>::Range>(app::Regex<app::UTF8<>>::Range *) | 1
// CHECK-NEXT: app::scaled<app::Value<int>, 2> | app::scaled<app::Value<int>, 2>(int) | 1
// CHECK-NEXT: main | main | 1
// CHECK-NEXT: 9 rows

namespace app {

// Declared before their definitions without parameter names, and used there.
template <bool, typename>
class Array;
template <typename, int>
int scaled(int);

template <typename E>
struct Value {
  typedef Array<false, Value> Mutable;
  Mutable array() { return Mutable(*this); }
  int twice() { return scaled<Value, 2>(1); }
};

template <bool Const, typename ValueT>
class Array {
 public:
  explicit Array(ValueT& value) : value_(&value) {}
  [[hotpath::measure]] int size() const { return Const ? 1 : 2; }

 private:
  ValueT* value_;
};

template <typename T, int N>
[[hotpath::measure]] int scaled(int x) {
  return x * N;
}

// Classes and class templates that are members of a class template, in the
// parameters of its members.
template <typename V>
class List {
 public:
  struct Node {
    V data;
  };
  template <typename D>
  struct iterator {
    [[hotpath::measure]] bool operator==(const iterator& other) const { return this == &other; }
    [[hotpath::measure]] int take(Node* node, iterator<int>* other) const {
      return node != nullptr && other == nullptr;
    }
  };
  [[hotpath::measure]] int size(const Node* node, const List& list, List<char>* other) const {
    return node != nullptr && &list == this && other == nullptr;
  }
};

// Declared first without their default arguments.
template <typename CharType>
struct UTF8;
struct Crt {};
template <typename Encoding, typename Allocator>
class Regex;
typedef Regex<UTF8<char>, Crt> CharRegex;
template <typename CharType = char>
struct UTF8 {};
template <typename Encoding, typename Allocator = Crt>
class Regex {
 public:
  struct Range {
    int low;
  };
  enum Operator { kStar, kPlus };
};
struct Stack {
  template <typename T>
  [[hotpath::measure]] int bottom(T* item) {
    return item != nullptr ? 1 : 0;
  }
};

}  // namespace app

[[hotpath::main]] int main() {
  app::Value<int> value;
  app::List<char> chars;
  app::List<int> ints;
  app::List<double> doubles;
  app::List<int>::Node node{1};
  app::List<double>::Node other{2.0};
  app::List<double>::iterator<long> it;
  app::CharRegex::Range range{0};
  app::CharRegex::Operator star = app::CharRegex::kStar;
  const int sizes = ints.size(&node, ints, nullptr) + doubles.size(&other, doubles, &chars);
  return value.array().size() + value.twice() + sizes + (it == it) + it.take(&other, nullptr) +
                     app::Stack().bottom(&range) + app::Stack().bottom(&star) ==
                 9
             ? 0
             : 1;
}
