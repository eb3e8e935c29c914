// Manual instrumentation end to end: HOTPATH_MEASURE() in a namespaced free function,
// a member, a template member and a function template (two instantiations each),
// overloads, a function in an anonymous namespace, a recursive function, a function
// run by 4 threads and a lambda in a function template (GCC names its enclosing
// function with template arguments, Clang without), plus a labelled block. Names,
// signatures (in the canonical spelling: `unsigned int`, `std::vector<int> &`) and
// exact call counts must be the same whichever compiler built the program.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t.clang %hotpath_libs
// RUN: %t.clang > %t.clang.table
// RUN: FileCheck %s --check-prefixes=TABLE < %t.clang.table
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.clang > %t.clang.json
// RUN: FileCheck %s --check-prefixes=JSON < %t.clang.json
// RUN: %python -m json.tool %t.clang.json > /dev/null
//
// RUN: %gxx -std=c++17 -O1 %hotpath_cflags %s -o %t.gxx %hotpath_libs
// RUN: %t.gxx > %t.gxx.table
// RUN: FileCheck %s --check-prefixes=TABLE < %t.gxx.table
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.gxx > %t.gxx.json
// RUN: FileCheck %s --check-prefixes=JSON < %t.gxx.json
// RUN: %python -m json.tool %t.gxx.json > /dev/null

#include <hotpath/hotpath.hpp>

#include <thread>
#include <vector>

namespace app {

// The JSON report: one compact line, keys in the documented order; rows sorted by
// total time, so their order is not checked. Exact row for app::parse, including
// its source location.
// clang-format off
// JSON: {"schema_version":1,"functions_timing":{"caller_name":"main","time_mode":"inclusive","total_elapsed_ns":{{[0-9]+}},"percentiles":[95],"limit":15,"total_functions":15,"data":[
// JSON-DAG: {"name":"main","signature":"main","calls":1,"avg_ns":
// JSON-DAG: {"name":"app::Worker::run","signature":"app::Worker::run()","calls":3,"avg_ns":
// JSON-DAG: {"name":"app::Stack<int>::push","signature":"app::Stack<int>::push(int)","calls":4,"avg_ns":
// JSON-DAG: {"name":"app::Stack<double>::push","signature":"app::Stack<double>::push(double)","calls":2,"avg_ns":
// JSON-DAG: {"name":"app::f(int)","signature":"app::f(int)","calls":6,"avg_ns":
// JSON-DAG: {"name":"app::f(double)","signature":"app::f(double)","calls":7,"avg_ns":
// JSON-DAG: {"name":"app::fib","signature":"app::fib(unsigned int)","calls":177,"avg_ns":
// JSON-DAG: {"name":"app::thread_task","signature":"app::thread_task(std::vector<int> &, int)","calls":100,"avg_ns":
// JSON-DAG: {"name":"setup","signature":"setup","calls":2,"avg_ns":
// JSON-DAG: {"name":"app::twice<int>","signature":"app::twice<int>(int)","calls":3,"avg_ns":
// JSON-DAG: {"name":"app::twice<double>","signature":"app::twice<double>(double)","calls":1,"avg_ns":
// JSON-DAG: {"name":"app::scaled(int)::(lambda)","signature":"app::scaled(int)::(lambda)","calls":2,"avg_ns":
// JSON-DAG: {"name":"app::scaled(double)::(lambda)","signature":"app::scaled(double)::(lambda)","calls":1,"avg_ns":
// JSON-DAG: {"name":"app::(anonymous namespace)::helper","signature":"app::(anonymous namespace)::helper(int)","calls":1,"avg_ns":
// JSON-DAG: {"name":"app::parse","signature":"app::parse(int)","calls":5,"avg_ns":{{[0-9]+}},"p95_ns":{{[0-9]+}},"total_ns":{{[0-9]+}},"percent_total":{{[0-9.e+-]+}},"location":{"file":"{{[^"]*}}manual_macros.cpp","line":[[@LINE+1]]},"measured_total_ns":{{[0-9]+}}}
int parse(int value) { HOTPATH_MEASURE(); return value * 2; }
// JSON: ]}}
// JSON-NOT: {{.}}
// clang-format on

class Worker {
 public:
  void run() {
    HOTPATH_MEASURE();
    ++runs_;
  }
  int runs() const { return runs_; }

 private:
  int runs_ = 0;
};

template <typename T>
class Stack {
 public:
  void push(T value) {
    HOTPATH_MEASURE();
    items_.push_back(value);
  }
  std::size_t size() const { return items_.size(); }

 private:
  std::vector<T> items_;
};

int f(int value) {
  HOTPATH_MEASURE();
  return value + 1;
}

double f(double value) {
  HOTPATH_MEASURE();
  return value + 1;
}

unsigned fib(unsigned n) {
  HOTPATH_MEASURE();
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

void thread_task(std::vector<int>& out, int value) {
  HOTPATH_MEASURE();
  out.push_back(value);
}

template <typename T>
T twice(T value) {
  HOTPATH_MEASURE();
  return value + value;
}

template <typename T>
T scaled(T value) {
  auto times_three = [](T item) {
    HOTPATH_MEASURE();
    return item * 3;
  };
  return times_three(value);
}

namespace {

int helper(int value) {
  HOTPATH_MEASURE();
  return value - 1;
}

}  // namespace

}  // namespace app

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  int sum = 0;
  for (int i = 0; i < 5; ++i) sum += app::parse(i);

  app::Worker worker;
  for (int i = 0; i < 3; ++i) worker.run();

  app::Stack<int> ints;
  for (int i = 0; i < 4; ++i) ints.push(i);
  app::Stack<double> doubles;
  for (int i = 0; i < 2; ++i) doubles.push(i * 0.5);

  for (int i = 0; i < 6; ++i) sum += app::f(i);
  double real = 0;
  for (int i = 0; i < 7; ++i) real += app::f(i * 1.0);

  const unsigned fib10 = app::fib(10);  // 177 calls

  for (int i = 0; i < 3; ++i) sum += app::twice(i);
  real += app::twice(0.25);
  sum += app::helper(1);
  sum += app::scaled(1) + app::scaled(2);
  real += app::scaled(0.5);

  std::vector<std::thread> threads;
  std::vector<std::vector<int>> outputs(4);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&outputs, t] {
      for (int i = 0; i < 25; ++i) app::thread_task(outputs[t], i);
    });
  }
  for (std::thread& thread : threads) thread.join();

  for (int i = 0; i < 2; ++i) {
    HOTPATH_MEASURE_BLOCK("setup");
    sum += i;
  }

  const bool ok = sum > 0 && real > 0 && fib10 == 55 && worker.runs() == 3 && ints.size() == 4 &&
                  doubles.size() == 2 && outputs[3].size() == 25;
  return ok ? 0 : 1;
}

// The table, in the format of the contract; rows are sorted by total time, which
// varies, so only the header is checked in order.
// TABLE:      [hotpath] timing - execution duration of functions (inclusive).
// TABLE-NEXT: {{^}}main: {{[0-9]+(\.[0-9]+)? [^ ]+$}}
// TABLE-NEXT: guard overhead removed: {{[0-9.]+}} ns per call, {{[0-9.]+}} ns per nested measured call (HOTPATH_COMPENSATE=0 keeps it)
// TABLE-NEXT: {{^\+-+\+-+\+-+\+-+\+-+\+-+\+$}}
// TABLE-NEXT: {{^}}| Function | Calls | Avg | P95 | Total | % Total |{{$}}
// TABLE-NEXT: {{^\+-+\+-+\+-+\+-+\+-+\+-+\+$}}
// TABLE-DAG:  {{^}}| main | 1 | {{[^|]+}} | {{[^|]+}} | {{[^|]+}} | {{[0-9]+\.[0-9]+}}% |{{$}}
// TABLE-DAG:  {{^}}| app::parse | 5 |
// TABLE-DAG:  {{^}}| app::Worker::run | 3 |
// TABLE-DAG:  {{^}}| app::Stack<int>::push | 4 |
// TABLE-DAG:  {{^}}| app::Stack<double>::push | 2 |
// TABLE-DAG:  {{^}}| app::f(int) | 6 |
// TABLE-DAG:  {{^}}| app::f(double) | 7 |
// TABLE-DAG:  {{^}}| app::fib | 177 |
// TABLE-DAG:  {{^}}| app::thread_task | 100 |
// TABLE-DAG:  {{^}}| setup | 2 |
// TABLE-DAG:  {{^}}| app::twice<int> | 3 |
// TABLE-DAG:  {{^}}| app::twice<double> | 1 |
// TABLE-DAG:  {{^}}| app::scaled(int)::(lambda) | 2 |
// TABLE-DAG:  {{^}}| app::scaled(double)::(lambda) | 1 |
// TABLE-DAG:  {{^}}| app::(anonymous namespace)::helper | 1 |
// TABLE:      {{^\+-+\+-+\+-+\+-+\+-+\+-+\+$}}
// TABLE-NOT:  {{.}}
