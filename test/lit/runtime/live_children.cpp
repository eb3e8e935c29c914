// A program served live (HOTPATH_LIVE=1, HOTPATH_DUMP_SIGNAL) runs a program of its
// own: the child inherits neither variable, so it neither tries to serve on a port
// nor installs a handler of the signal; the parent's server and dump go on. With
// HOTPATH_LIVE_CHILDREN=1, the child inherits both and serves metrics of its own.
//
// REQUIRES: live
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: env HOTPATH_LIVE=1 HOTPATH_METRICS_PORT=0 HOTPATH_DUMP_SIGNAL=USR2 \
// RUN:   HOTPATH_OUTPUT_FORMAT=none %t 2>&1 | FileCheck %s --check-prefix=ALONE
// RUN: env HOTPATH_LIVE=1 HOTPATH_METRICS_PORT=0 HOTPATH_DUMP_SIGNAL=USR2 \
// RUN:   HOTPATH_LIVE_CHILDREN=1 HOTPATH_OUTPUT_FORMAT=none %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHILDREN
//
// ALONE:     hotpath: live metrics at http://127.0.0.1:{{[0-9]+}}/
// ALONE-NOT: live metrics at
// ALONE:     child: HOTPATH_LIVE unset, HOTPATH_DUMP_SIGNAL unset, SIGUSR2 default
// ALONE-NEXT: parent: SIGUSR2 handled
// ALONE-NOT: live metrics at
//
// CHILDREN:      hotpath: live metrics at http://127.0.0.1:{{[0-9]+}}/
// CHILDREN:      hotpath: live metrics at http://127.0.0.1:{{[0-9]+}}/
// CHILDREN:      child: HOTPATH_LIVE=1, HOTPATH_DUMP_SIGNAL=USR2, SIGUSR2 handled
// CHILDREN-NEXT: parent: SIGUSR2 handled
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "hotpath/hotpath.hpp"

namespace {

const char* handled(int signal_number) {
  struct sigaction action {};
  sigaction(signal_number, nullptr, &action);
  return action.sa_handler == SIG_DFL ? "default" : "handled";
}

void print_variable(const char* name, const char* separator) {
  const char* value = std::getenv(name);
  if (value == nullptr) {
    std::fprintf(stderr, "%s unset%s", name, separator);
  } else {
    std::fprintf(stderr, "%s=%s%s", name, value, separator);
  }
}

void work() { HOTPATH_MEASURE(); }

}  // namespace

int main(int argc, char** argv) {
  work();
  if (argc > 1 && std::strcmp(argv[1], "child") == 0) {
    std::fprintf(stderr, "child: ");
    print_variable("HOTPATH_LIVE", ", ");
    print_variable("HOTPATH_DUMP_SIGNAL", ", ");
    std::fprintf(stderr, "SIGUSR2 %s\n", handled(SIGUSR2));
    return 0;
  }
  const pid_t child = fork();
  if (child == 0) {
    execl(argv[0], argv[0], "child", static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(child, &status, 0);
  std::fprintf(stderr, "parent: SIGUSR2 %s\n", handled(SIGUSR2));
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
