// Processes: by default only the program is sampled; --children samples its forked
// children too, each into its own log, and each process's stacks start with a root
// frame of its own, `program [pid]`, in the SVG and in the folded stacks alike;
// --follow-exec keeps the sampler in programs it executes.
//
// REQUIRES: cpu, hotpath-cli
// RUN: %gxx -std=c++17 -O2 -g -I%S/Inputs %s -o %t.exe
// RUN: rm -f %t.*.svg
//
// RUN: %hotpath flamegraph -o %t.fork.svg -- %t.exe fork > /dev/null 2> /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.fork.svg heavy !light
// RUN: %hotpath flamegraph --children -o %t.children.svg --post-process 'tee %t.children.folded' \
// RUN:   -- %t.exe fork > %t.children.out 2> /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.children.svg heavy "light>=20"
// RUN: %python %S/Inputs/process_roots.py %t.children.svg %t.children.folded %t.exe %t.children.out
//
// RUN: %hotpath flamegraph -o %t.exec.svg -- %t.exe exec > %t.exec.out 2> /dev/null
// RUN: FileCheck %s --check-prefix=EXEC < %t.exec.out
// RUN: %python %S/Inputs/svg_frames.py %t.exec.svg heavy !light
// The executed program keeps the pid, and with it the log's name: its log is the next
// name, so the samples taken before the exec are kept too.
// RUN: %hotpath flamegraph --follow-exec -o %t.follow.svg -- %t.exe exec > /dev/null 2> /dev/null
// RUN: %python %S/Inputs/svg_frames.py %t.follow.svg heavy "light>=20"

// EXEC: executed: light

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "burn.hpp"

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  if (std::strcmp(mode, "light") == 0) {
    g_sink = light(kLightIterations);
    std::printf("executed: light\n");
    return 0;
  }
  g_sink = heavy(kLightIterations);
  if (std::strcmp(mode, "fork") == 0) {
    const pid_t child = fork();
    if (child == 0) {
      g_sink = light(kLightIterations);
      std::printf("ran light in %d\n", static_cast<int>(getpid()));
      std::fflush(stdout);
      _exit(0);
    }
    waitpid(child, nullptr, 0);
    std::printf("ran heavy in %d\n", static_cast<int>(getpid()));
  }
  if (std::strcmp(mode, "exec") == 0) {
    std::fflush(stdout);
    execl(argv[0], argv[0], "light", static_cast<char*>(nullptr));
    return 1;
  }
  return 0;
}
