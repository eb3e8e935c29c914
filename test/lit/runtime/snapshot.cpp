// hotpath::snapshot(): the report so far, while the program runs. In a program
// linked with hotpath-cpu it has the CPU section as sampled until now, and taking
// it does not stop sampling: a later snapshot and the report at exit have more
// samples. Calls still running are not in it.
//
// REQUIRES: cpu
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %s -o %t %hotpath_cpu_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t | FileCheck %s
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); \
// RUN:   print('final samples', r['functions_cpu']['total_samples'] > int(sys.argv[2]))" \
// RUN:   %t.json $(cat %t.json.first) | FileCheck %s --check-prefix=FINAL
//
// CHECK: first: session main, app::spin 1 calls, cpu sampled 1, samples above 0: 1
// CHECK-NEXT: first: row of main: 0
// CHECK-NEXT: second: app::spin 2 calls, more samples: 1
// FINAL: final samples True

#include <hotpath/hotpath.hpp>

#include <cstdio>
#include <fstream>
#include <string>

#include "cpu_burn.hpp"

namespace app {

__attribute__((noinline)) void spin() {
  HOTPATH_MEASURE();
  burn_cpu(0.1);
}

std::uint64_t calls_of(const hotpath::Report& report, const std::string& name) {
  for (const hotpath::FunctionRow& row : report.rows) {
    if (row.name == name) return row.calls;
  }
  return 0;
}

}  // namespace app

int main(int, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  app::spin();
  const hotpath::Report first = hotpath::snapshot();
  std::printf("first: session %s, app::spin %llu calls, cpu sampled %d, samples above 0: %d\n",
              first.session_name.c_str(),
              static_cast<unsigned long long>(app::calls_of(first, "app::spin")),
              first.cpu_sampled ? 1 : 0, first.cpu.samples > 0 ? 1 : 0);
  std::printf("first: row of main: %llu\n",
              static_cast<unsigned long long>(app::calls_of(first, "main")));
  app::spin();
  const hotpath::Report second = hotpath::snapshot();
  std::printf("second: app::spin %llu calls, more samples: %d\n",
              static_cast<unsigned long long>(app::calls_of(second, "app::spin")),
              second.cpu.samples > first.cpu.samples ? 1 : 0);
  std::fflush(stdout);
  // The report at exit must count more samples than the second snapshot.
  std::ofstream(std::string(argv[0]) + ".json.first") << second.cpu.samples << "\n";
  app::spin();
}
