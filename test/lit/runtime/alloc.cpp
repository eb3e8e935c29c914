// Allocation tracking end to end: a program linked with hotpath-alloc (ahead of the
// runtime, as hotpath-alloc.pc puts it) reports the exact bytes of its measured
// functions in JSON, in exclusive and in cumulative mode, built by g++ and by
// clang++. std::vector frees with a sized delete, so freed bytes are exact too.
//
// REQUIRES: alloc
// RUN: %gxx -std=c++17 -O1 %hotpath_cflags %s -o %t.gxx %hotpath_alloc_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.gxx | FileCheck %s --check-prefixes=JSON,EXCLUSIVE
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_ALLOC_CUMULATIVE=1 %t.gxx \
// RUN:   | FileCheck %s --check-prefixes=JSON,CUMULATIVE
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t.clang %hotpath_alloc_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.clang | FileCheck %s --check-prefixes=JSON,EXCLUSIVE
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_ALLOC_CUMULATIVE=1 %t.clang \
// RUN:   | FileCheck %s --check-prefixes=JSON,CUMULATIVE
//
// Without hotpath-alloc the report has no allocation sections.
// RUN: %gxx -std=c++17 -O1 %hotpath_cflags %s -o %t.untracked %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.untracked | FileCheck %s --check-prefix=UNTRACKED

#include <hotpath/hotpath.hpp>

#include <vector>

// clang-format off
// JSON: "functions_alloc":{
// EXCLUSIVE-SAME: "mode":"exclusive"
// CUMULATIVE-SAME: "mode":"cumulative"
// JSON-SAME: "data":[
// JSON-DAG: {"name":"app::inner","signature":"app::inner()","calls":8,"alloc_bytes":8192,"alloc_count":8,"dealloc_bytes":8192,"dealloc_count":8,"avg_bytes":1024,"p50_bytes":1024,
// EXCLUSIVE-DAG: {"name":"app::outer","signature":"app::outer()","calls":2,"alloc_bytes":512,"alloc_count":2,"dealloc_bytes":512,"dealloc_count":2,"avg_bytes":256,"p50_bytes":256,
// CUMULATIVE-DAG: {"name":"app::outer","signature":"app::outer()","calls":2,"alloc_bytes":8704,"alloc_count":10,"dealloc_bytes":8704,"dealloc_count":10,"avg_bytes":4352,"p50_bytes":4352,
// JSON: "threads":{"data":[{"name":"main","alloc_bytes":
// UNTRACKED-NOT: "functions_alloc"
// UNTRACKED-NOT: "threads"
// clang-format on

namespace app {

void escape(const void* pointer) { asm volatile("" : : "g"(pointer) : "memory"); }

void inner() {
  HOTPATH_MEASURE();
  std::vector<char> bytes(1024);
  escape(bytes.data());
}

void outer() {
  HOTPATH_MEASURE();
  std::vector<char> own(256);
  escape(own.data());
  for (int i = 0; i < 4; ++i) inner();
}

}  // namespace app

int main() {
  auto session = hotpath::GuardBuilder("main").percentiles({50}).build();
  app::outer();
  app::outer();
  return 0;
}
