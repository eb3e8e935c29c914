// A bad environment variable warns once per process, however many parts of hotpath
// read it (HOTPATH_LIVE: the live server's loader and every session;
// HOTPATH_TIME_SAMPLING_RATE: the recorder and every session) and however many
// sessions open. A forked child inherits what its parent was warned about and does
// not repeat it. A boolean takes 1/true/yes/on and 0/false/no/off in any case.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: env HOTPATH_LIVE=2 HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_OUTPUT_FORMAT=none %t 2> %t.err
// RUN: count 2 < %t.err
// RUN: sort %t.err | FileCheck %s --match-full-lines --check-prefix=ONCE
// ONCE:      hotpath: ignoring HOTPATH_LIVE="2": expected 1/true/yes/on or 0/false/no/off (any case)
// ONCE-NEXT: hotpath: ignoring HOTPATH_TIME_SAMPLING_RATE="0": expected a whole number k from 1 to 1000000 (time one call in k)
//
// The other spellings of a boolean are read silently.
// RUN: env HOTPATH_LIVE=No HOTPATH_TIME_EXCLUSIVE=TRUE HOTPATH_COMPENSATE=off %t 2> %t.err \
// RUN:   | FileCheck %s --check-prefix=EXCL
// RUN: count 0 < %t.err
// EXCL: [hotpath] timing - execution duration of functions (exclusive).

#include <hotpath/hotpath.hpp>

#include <sys/wait.h>
#include <unistd.h>

void work() { HOTPATH_MEASURE(); }

int main() {
  {
    auto first = hotpath::GuardBuilder("first").build();
    work();
  }
  {
    auto second = hotpath::GuardBuilder("second").build();
    work();
  }
  const pid_t child = fork();
  if (child == 0) {
    auto in_child = hotpath::GuardBuilder("child").build();
    work();
    in_child.finish();
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
