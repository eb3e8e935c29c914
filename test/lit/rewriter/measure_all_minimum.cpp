// REQUIRES: rewriter, plugin
// Measure-all leaves out the functions whose body is shorter than its minimum (12
// tokens by default): getters, setters and one-liners, which a guard would slow
// down more than it measures them; and straight-line functions, without a loop or
// a call (a memcpy of a constant size is no call, nor is a call of a straight-line
// function defined earlier), whatever their size. A template is judged as written
// first: an expression whose type depends on its arguments may call, one whose
// value alone does may not. What may call as written is judged again as
// instantiated, at the end of the translation unit: `value * factor` of ints calls
// nothing, a memcpy of a size given as template argument has a constant size, and a
// class template's accessor reaches its data through members defined later and
// std::unique_ptr, all straight-line. A branch marked unlikely (by
// __builtin_expect) is the exception, not the common path: what it calls does not
// count. A function marked
// [[hotpath::measure]] is measured whatever it is, min-tokens=0 takes every
// function, and the plugin's verbose mode says which functions were left out and
// why. The plugin and the rewriter leave out the same ones.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-verbose \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=measure_all_minimum\.cpp$' \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t/plugin 2> %t/remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t/remarks
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
//
// RUN: %hotpath_rewrite --output-dir=%t/rw --measure-all %s -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -Wno-attributes %hotpath_cflags %t/rw/measure_all_minimum.cpp \
// RUN:   %hotpath_libs -o %t/rw/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/rw/program > %t/rw.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/rw.json | FileCheck %s
//
// RUN: %clangxx -std=c++17 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=0 \
// RUN:   '-fplugin-arg-hotpath-measure-all-files=measure_all_minimum\.cpp$' \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t/all
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/all > %t/all.json
// RUN: %hotpath_rewrite --output-dir=%t/rw-all --min-tokens=0 --measure-all %s -- -std=c++17 \
// RUN:   %hotpath_cflags
// RUN: %gxx -std=c++17 -Wno-attributes %hotpath_cflags %t/rw-all/measure_all_minimum.cpp \
// RUN:   %hotpath_libs -o %t/rw-all/program
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t/rw-all/program > %t/rw-all.json
// RUN: %python %S/Inputs/compare_rows.py %t/all.json %t/rw-all.json | FileCheck %s --check-prefix=ALL
//
// RUN: not %clangxx -std=c++17 -fplugin=%hotpath_plugin -fplugin-arg-hotpath-min-tokens=few \
// RUN:   -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD

// REMARKS-DAG: remark: hotpath: not measuring 'app::Counter::value': its body is 5 tokens, under measure-all's minimum of 12 (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::Counter::set': its body is 6 tokens, under measure-all's minimum of 12 (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::Counter::Counter': its body is 6 tokens, under measure-all's minimum of 12 (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::decode': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::forward': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::later': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::load': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::pick<true>': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::pick<false>': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::scaled<int>': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::fill<2UL>': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::Table<int>::has': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::Table<int>::data': its body is 9 tokens, under measure-all's minimum of 12 (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::Buffer::put': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: not measuring 'app::Buffer::take': it is straight-line code (no loop, no call but of straight-line code), so measure-all leaves it out (-fplugin-arg-hotpath-min-tokens=0 measures it)
// REMARKS-DAG: remark: hotpath: measuring 'app::Buffer::flush'
// REMARKS-DAG: remark: hotpath: measuring 'app::Counter::add_all'
// REMARKS-DAG: remark: hotpath: measuring 'app::twice'
// REMARKS-DAG: remark: hotpath: measuring 'app::copy'
// REMARKS-DAG: remark: hotpath: measuring 'app::squared<app::Wide>'
// REMARKS-DAG: remark: hotpath: measuring 'app::Wide::operator*'
// REMARKS-DAG: remark: hotpath: measuring 'app::Table<int>::Table'
// REMARKS-DAG: remark: hotpath: measuring 'app::mixed'
// REMARKS-DAG: remark: hotpath: measuring 'main'

// CHECK:      app::Buffer::flush 1
// CHECK-NEXT: app::Counter::add_all 1
// CHECK-NEXT: app::Table<int>::Table 1
// CHECK-NEXT: app::Wide::operator* 1
// CHECK-NEXT: app::copy 1
// CHECK-NEXT: app::mixed 1
// CHECK-NEXT: app::squared<app::Wide> 1
// CHECK-NEXT: app::twice 3
// CHECK-NEXT: main 1
// CHECK-NOT:  {{.}}

// ALL:      app::Buffer::flush 1
// ALL-NEXT: app::Buffer::put 2
// ALL-NEXT: app::Buffer::take 3
// ALL-NEXT: app::Counter::Counter 1
// ALL-NEXT: app::Counter::add_all 1
// ALL-NEXT: app::Counter::set 2
// ALL-NEXT: app::Counter::value 5
// ALL-NEXT: app::Table<int>::Table 1
// ALL-NEXT: app::Table<int>::data 3
// ALL-NEXT: app::Table<int>::has 2
// ALL-NEXT: app::Table<int>::size 2
// ALL-NEXT: app::Wide::operator* 1
// ALL-NEXT: app::copy 1
// ALL-NEXT: app::decode 4
// ALL-NEXT: app::fill<2> 1
// ALL-NEXT: app::forward 1
// ALL-NEXT: app::later 2
// ALL-NEXT: app::load 2
// ALL-NEXT: app::mixed 1
// ALL-NEXT: app::pick<false> 1
// ALL-NEXT: app::pick<true> 1
// ALL-NEXT: app::scaled<int> 1
// ALL-NEXT: app::squared<app::Wide> 1
// ALL-NEXT: app::twice 3
// ALL-NEXT: main 1
// ALL-NOT:  {{.}}

// BAD: error: invalid -fplugin-arg-hotpath-min-tokens value 'few': expected a whole number of tokens (0 measures every function)

#include <cassert>
#include <cstddef>
#include <cstring>
#include <memory>

namespace app {

class Counter {
 public:
  explicit Counter(int start) : value_(start) {}
  int value() const { return value_; }
  void set(int value) { value_ = value; }
  // Long enough to be measured: 17 tokens.
  void add_all(const int* values, int count) {
    for (int i = 0; i < count; ++i) value_ += values[i];
  }

 private:
  int value_;
};

// Short, but marked: measured.
[[hotpath::measure]] int twice(int x) { return 2 * x; }

// Straight-line: no loop, no call. Left out.
#define CHECK_BYTES(bytes) \
  do {                     \
    assert(bytes);         \
  } while (false)
unsigned decode(const unsigned char* bytes) {
  assert(bytes != nullptr);  // a call, of a function that never returns
  CHECK_BYTES(bytes);        // a loop that runs once, as macros write it
  const unsigned low = static_cast<unsigned>(bytes[0]) | static_cast<unsigned>(bytes[1]) << 8;
  return bytes[2] > 0x7f ? low | 0x10000u : low;
}
unsigned load(const void* from) {
  unsigned value;
  std::memcpy(&value, from, sizeof(value));
  return value ^ 0x5a5a5a5au;
}

// A memcpy of any size can take long: measured.
void copy(void* to, const void* from, std::size_t bytes) {
  std::memcpy(to, from, bytes);
  static_cast<char*>(to)[0] = 1;
}

// As written, `value * factor` could call an operator; as instantiated with int, it
// calls nothing. Left out.
template <typename T>
T scaled(T value, T factor) {
  const T result = value * factor;
  return result + result - value;
}

// Judged as written too, but only a value depends on the template's argument: the
// bool parameter tested picks between straight-line calls, and a failed assert
// (whose function name's type does depend on it) ends the run. Left out.
template <bool Wide>
unsigned pick(const unsigned char* bytes) {
  assert(Wide == (bytes[0] != 0) || !Wide);
  if (Wide) return load(bytes) + 1;
  return decode(bytes) + decode(bytes + 1);
}

// The size of this memcpy is a template argument, no constant of the template, but
// one of its instance: left out.
template <std::size_t Size>
void fill(unsigned char* to, const unsigned char* from) {
  std::memcpy(to, from, Size);
  to[0] = from[Size - 1];
}

// Forwards to a straight-line function defined before it: straight-line too.
unsigned forward(const unsigned char* bytes) { return decode(bytes) + decode(bytes + 1) + 1; }

// Calls a function defined after it, which neither tool has seen when it decides:
// measured.
unsigned later(const unsigned char* bytes);
unsigned mixed(const unsigned char* bytes) { return later(bytes) + later(bytes + 1) + 1; }
unsigned later(const unsigned char* bytes) { return bytes[0] * 3u + bytes[1]; }

// An operator that loops, and a template whose instance calls it: both measured.
struct Wide {
  unsigned words[4];
  Wide operator*(const Wide& other) const {
    Wide product{};
    for (int i = 0; i < 4; ++i) product.words[i] = words[i] * other.words[i];
    return product;
  }
};
template <typename T>
T squared(const T& value) {
  const T result = value * value;
  return result;
}

// A class template's accessors, as RE2's sparse arrays have them: `has` calls
// members defined after it and, through `data`, std::unique_ptr<T[]>::get(), which
// calls the library's tuple members. Straight-line as instantiated: left out.
template <typename T>
class Table {
 public:
  explicit Table(int size) : items_(new T[static_cast<std::size_t>(size)]()), size_(size) {
    for (int i = 0; i < size; ++i) items_[static_cast<std::size_t>(i)] = T(i);
  }
  bool has(int i) const { return i >= 0 && i < size() && data()[i] != T() && data()[i] == T(i); }
  T* data() const { return items_.get(); }
  int size() const { return size_; }

 private:
  std::unique_ptr<T[]> items_;
  int size_;
};

// A buffer's put and take: their calls are in branches marked unlikely, so both
// are straight-line; the loop they call when the buffer is full or empty is
// measured.
struct Buffer {
  char data[4];
  int used = 0;
  void flush() {
    for (int i = 0; i < used; ++i) data[i] = 0;
    used = 0;
  }
  void put(char c) {
    if (__builtin_expect(used == 4, 0)) flush();
    data[used++] = c;
  }
  char take() {
    if (__builtin_expect(used > 0, 1)) {
      return data[--used];
    } else {
      flush();
      return 0;
    }
  }
};

}  // namespace app

int main() {
  app::Counter counter(1);
  const int values[] = {1, 2, 3};
  counter.add_all(values, 3);
  counter.set(counter.value() + app::twice(counter.value()));
  counter.set(app::twice(counter.value()) + app::twice(counter.value()));
  unsigned char bytes[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  app::copy(bytes + 4, bytes, 4);
  app::fill<2>(bytes + 6, bytes);
  const unsigned sum = app::mixed(bytes) + app::forward(bytes) + app::load(bytes) +
                       app::scaled(2, 3) + app::pick<true>(bytes) + app::pick<false>(bytes);
  const app::Wide wide = app::squared(app::Wide{{1, 2, 3, 4}});
  const app::Table<int> table(3);
  const bool found = table.has(2) && !table.has(0);
  app::Buffer buffer;
  buffer.put('a');
  buffer.put('b');
  const bool taken = buffer.take() == 'b' && buffer.take() == 'a' && buffer.take() == 0;
  return counter.value() > 0 && sum > 0 && wide.words[3] == 16 && found && taken ? 0 : 1;
}
