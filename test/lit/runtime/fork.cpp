// fork(): the child starts empty and reports only its own calls, from the fork on
// (a call in progress at the fork counts in the child from there); the parent's
// report is untouched. `%p` in the output path keeps the two reports apart; a path
// without it gets `.<pid>` in the child, which never replaces its parent's report.
// Without a session, a child that made measured calls and exits reports at exit;
// one that leaves with _exit() or made no call says nothing.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.dir/report.%%p.json %t > %t.pids
// RUN: %python %S/Inputs/fork_reports.py %t.pids %t.dir/report.{parent}.json %t.dir/report.{child}.json
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.dir/report.json %t > %t.pids
// RUN: %python %S/Inputs/fork_reports.py %t.pids %t.dir/report.json %t.dir/report.json.{child}
// RUN: ls %t.dir | count 2
//
// RUN: %clangxx -std=c++17 -O1 -DNO_SESSION %hotpath_cflags %s -o %t.exit %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.exit | FileCheck %s --check-prefix=EXIT
// EXIT:      {"schema_version":1,"functions_timing":{"caller_name":"fork.cpp.tmp.exit",
// EXIT-SAME: {"name":"app::spanning","signature":"app::spanning()","calls":1,
// EXIT-SAME: {"name":"app::work","signature":"app::work(int)","calls":2,
// EXIT-NEXT: {{^[0-9]+ [0-9]+$}}
// EXIT-NEXT: {"schema_version":1,"functions_timing":{"caller_name":"fork.cpp.tmp.exit",
// EXIT-SAME: {"name":"app::work","signature":"app::work(int)","calls":4,
// EXIT-NOT:  schema_version

#include <hotpath/hotpath.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace app {

int work(int value) {
  HOTPATH_MEASURE();
  return value + 1;
}

// Forks while measured: the child's call ends in the child.
pid_t spanning() {
  HOTPATH_MEASURE();
  std::fflush(stdout);
  return fork();
}

}  // namespace app

int main() {
#ifndef NO_SESSION
  auto session = hotpath::GuardBuilder("main").build();
#endif
  for (int i = 0; i < 3; ++i) app::work(i);
  const pid_t child = app::spanning();
  if (child == 0) {
    app::work(10);
    app::work(11);
    return 0;  // the child's report: its session ends, or it exits
  }
  // A child that leaves with _exit() reports nothing.
  const pid_t quiet = fork();
  if (quiet == 0) {
    app::work(12);
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  waitpid(quiet, &status, 0);
  app::work(3);
  std::printf("%d %d\n", static_cast<int>(getpid()), static_cast<int>(child));
  std::fflush(stdout);
  return 0;
}
