// REQUIRES: plugin
// Free functions: report names are fully qualified as a C++ user writes them
// (namespaces, nested namespaces, the anonymous namespace, static functions);
// overloads get their parameter types appended; a label replaces the name. Each
// row counts exactly the calls made. Unannotated functions have no row.
//
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.json
//
// The GNU spelling measures too.
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -DGNU_SPELLING %s %hotpath_libs -o %t.gnu
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.gnu > %t.gnu.json
// RUN: FileCheck %s < %t.gnu.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.gnu.json

#ifdef GNU_SPELLING
#define MEASURE __attribute__((hotpath_measure))
#define MEASURE_AS(label) __attribute__((hotpath_measure(label)))
#else
#define MEASURE [[hotpath::measure]]
#define MEASURE_AS(label) [[hotpath::measure(label)]]
#endif

// Keeps the optimizer from folding the calls away.
volatile int sink = 0;

MEASURE int global_function(int x) { return x + sink; }

MEASURE static int static_function(int x) { return x * 2 + sink; }

int not_measured(int x) { return x - 1 + sink; }

namespace app {

MEASURE int f(int x) { return x + 1 + sink; }
MEASURE int f(double x) { return static_cast<int>(x) + 2 + sink; }

MEASURE_AS("custom label") int labelled(int x) { return x + 3 + sink; }

// A declaration carries the attribute; the definition below inherits it.
MEASURE int declared_first(int x);

namespace {
MEASURE int helper(int x) { return x + 4 + sink; }
}  // namespace

namespace inner::deeper {
MEASURE int nested(int x) { return x + 5 + sink; }
}  // namespace inner::deeper

}  // namespace app

int app::declared_first(int x) { return x + 6 + sink; }

namespace {
MEASURE int top_anonymous(int x) { return x + 7 + sink; }
}  // namespace

[[hotpath::main("limit=0")]] int main() {
  int total = 0;
  for (int i = 0; i < 3; ++i) total += global_function(i);
  for (int i = 0; i < 2; ++i) total += static_function(i);
  total += not_measured(1);
  for (int i = 0; i < 4; ++i) total += app::f(i);
  for (int i = 0; i < 5; ++i) total += app::f(static_cast<double>(i));
  for (int i = 0; i < 6; ++i) total += app::labelled(i);
  for (int i = 0; i < 7; ++i) total += app::declared_first(i);
  for (int i = 0; i < 8; ++i) total += app::helper(i);
  for (int i = 0; i < 9; ++i) total += app::inner::deeper::nested(i);
  for (int i = 0; i < 10; ++i) total += top_anonymous(i);
  return total > 0 ? 0 : 1;
}

// CHECK: {"schema_version":1,"functions_timing":{"caller_name":"main",
// CHECK-SAME: "limit":0,"total_functions":10,"data":[
// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"global_function","signature":"global_function(int)","calls":3,
// CHECK-DAG: {"name":"static_function","signature":"static_function(int) [free_functions.cpp]","calls":2,
// CHECK-DAG: {"name":"app::f(int)","signature":"app::f(int)","calls":4,
// CHECK-DAG: {"name":"app::f(double)","signature":"app::f(double)","calls":5,
// CHECK-DAG: {"name":"custom label","signature":"custom label","calls":6,
// CHECK-DAG: {"name":"app::declared_first","signature":"app::declared_first(int)","calls":7,
// CHECK-DAG: {"name":"app::(anonymous namespace)::helper","signature":"app::(anonymous namespace)::helper(int) [free_functions.cpp]","calls":8,
// CHECK-DAG: {"name":"app::inner::deeper::nested","signature":"app::inner::deeper::nested(int)","calls":9,
// CHECK-DAG: {"name":"(anonymous namespace)::top_anonymous","signature":"(anonymous namespace)::top_anonymous(int) [free_functions.cpp]","calls":10,
// ABSENT-NOT: not_measured
