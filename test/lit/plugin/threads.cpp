// REQUIRES: plugin
// Several threads call the same measured functions; some threads exit long before
// main returns, others just before. Every call is counted exactly once, whatever
// thread made it: a thread that exits hands its measurements over.
//
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t | FileCheck %s
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t | FileCheck %s
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t | FileCheck %s
//
// CHECK: "total_functions":5,

#include <atomic>
#include <thread>
#include <vector>

volatile int sink = 0;

namespace app {

[[hotpath::measure]] int leaf(int x) { return x + sink; }

[[hotpath::measure]] int work(int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += leaf(i);
  return total;
}

[[hotpath::measure]] void thread_body(int id, std::atomic<int>* result) {
  *result += work(100) + id;
}

struct [[hotpath::measure_all]] Counter {
  void add(int x) { value += x + sink; }
  std::atomic<int> value{0};
};

}  // namespace app

[[hotpath::main("limit=0")]] int main() {
  std::atomic<int> result{0};
  app::Counter counter;
  // Four short-lived threads, joined (and gone) before the others start.
  {
    std::vector<std::thread> early;
    for (int id = 0; id < 4; ++id) early.emplace_back(app::thread_body, id, &result);
    for (std::thread& thread : early) thread.join();
  }
  // Four more that also use a shared object, joined at the end of main.
  std::vector<std::thread> late;
  for (int id = 0; id < 4; ++id) {
    late.emplace_back([id, &result, &counter] {
      app::thread_body(id, &result);
      for (int i = 0; i < 250; ++i) counter.add(i);
    });
  }
  // The main thread works too.
  result += app::work(50);
  for (std::thread& thread : late) thread.join();
  return result > 0 && counter.value > 0 ? 0 : 1;
}

// leaf: 8 threads x 100 + 50 from main.
// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::leaf","signature":"app::leaf(int)","calls":850,
// CHECK-DAG: {"name":"app::work","signature":"app::work(int)","calls":9,
// CHECK-DAG: {"name":"app::thread_body","signature":"app::thread_body(int, std::atomic<int> *)","calls":8,
// CHECK-DAG: {"name":"app::Counter::add","signature":"app::Counter::add(int)","calls":1000,
