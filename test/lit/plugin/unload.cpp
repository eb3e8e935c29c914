// REQUIRES: plugin, rewriter
// A host loads a library built with the plugin, calls its measured functions,
// unloads it (dlclose), loads and unloads it again, and goes on. The library's
// rows stay in every report made after the unload: hotpath::snapshot(), a report
// on the dump signal, and the report at exit, with the calls of both loads in one
// row per function. The host's own buffered output is not lost. The same for the
// library rewritten and built with g++ (whose template sites carry type lists and
// a lambda table; -fno-gnu-unique lets g++'s library be unloaded at all).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -O1 -fPIC -shared -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %S/Inputs/unload/plugin.cpp \
// RUN:   %hotpath_libs -o %t/libplugin.so
// RUN: %clangxx -std=c++17 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -ldl -o %t/host
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/end.json HOTPATH_LIMIT=0 \
// RUN:   HOTPATH_DUMP_SIGNAL=SIGUSR1 %t/host %t/libplugin.so %t/end.json > %t/out.txt
// RUN: FileCheck %s --check-prefix=HOST < %t/out.txt
// RUN: %python %S/Inputs/unload/rows.py %t/end.json.dump | FileCheck %s --check-prefix=DUMP
// RUN: %python %S/Inputs/unload/rows.py %t/end.json | FileCheck %s --check-prefix=END
//
// RUN: %hotpath_rewrite --output-dir=%t/rw %S/Inputs/unload/plugin.cpp -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -O1 -fPIC -shared -fno-gnu-unique -Wall -Wextra -Werror \
// RUN:   -Wno-attributes=hotpath:: %hotpath_cflags %t/rw/plugin.cpp %hotpath_libs -o %t/libplugin-gxx.so
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/end.json HOTPATH_LIMIT=0 \
// RUN:   HOTPATH_DUMP_SIGNAL=SIGUSR1 %t/host %t/libplugin-gxx.so %t/end.json > %t/out.txt
// RUN: FileCheck %s --check-prefix=HOST < %t/out.txt
// RUN: %python %S/Inputs/unload/rows.py %t/end.json.dump | FileCheck %s --check-prefix=DUMP
// RUN: %python %S/Inputs/unload/rows.py %t/end.json | FileCheck %s --check-prefix=END
//
// HOST: unloaded: yes
// HOST-NEXT: unloaded again: yes
// HOST-NEXT: snapshot: plugin.block 2
// HOST-NEXT: snapshot: plugin::Stack<long>::push 7
// HOST-NEXT: snapshot: plugin::apply<(lambda at plugin.cpp:23)> 2
// HOST-NEXT: snapshot: plugin::work 2
// HOST-NEXT: host done
//
// DUMP: plugin.block 2 plugin.cpp
// DUMP-NEXT: plugin::Stack<long>::push 7 plugin.cpp
// DUMP-NEXT: plugin::apply<(lambda at plugin.cpp:23)> 2 plugin.cpp
// DUMP-NEXT: plugin::work 2 plugin.cpp
// DUMP-NOT: {{.}}
//
// END: main 1 unload.cpp
// END-NEXT: plugin.block 2 plugin.cpp
// END-NEXT: plugin::Stack<long>::push 7 plugin.cpp
// END-NEXT: plugin::apply<(lambda at plugin.cpp:23)> 2 plugin.cpp
// END-NEXT: plugin::work 2 plugin.cpp
// END-NOT: {{.}}

#include <dlfcn.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <thread>

namespace {

/// Loads the library, runs it for `rounds` and unloads it; true when it is gone
/// from the process afterwards.
bool run_once(const char* path, int rounds) {
  void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    std::printf("dlopen: %s\n", dlerror());
    return false;
  }
  auto* run = reinterpret_cast<void (*)(int)>(dlsym(library, "plugin_run"));
  if (run != nullptr) run(rounds);
  dlclose(library);
  return dlopen(path, RTLD_NOW | RTLD_NOLOAD) == nullptr;
}

/// Asks for a report on the dump signal and waits until it is written.
void dump_report(const std::string& path) {
  std::remove(path.c_str());
  kill(getpid(), SIGUSR1);
  const std::string dump = path + ".dump";
  for (int i = 0; i < 1000 && std::rename(path.c_str(), dump.c_str()) != 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

}  // namespace

// argv[1]: the library; argv[2]: where the report goes (the dump is moved beside it).
[[hotpath::main]] int main(int argc, char** argv) {
  if (argc < 3) return 2;
  std::printf("unloaded: %s\n", run_once(argv[1], 3) ? "yes" : "no");
  std::printf("unloaded again: %s\n", run_once(argv[1], 4) ? "yes" : "no");
  std::map<std::string, unsigned long long> calls;  // by name
  for (const hotpath::FunctionRow& row : hotpath::snapshot().rows) calls[row.name] = row.calls;
  for (const auto& [name, count] : calls) {
    if (name.rfind("plugin", 0) == 0) std::printf("snapshot: %s %llu\n", name.c_str(), count);
  }
  dump_report(argv[2]);
  // Buffered (stdout is a file): lost if the report at exit crashed the program.
  std::printf("host done\n");
  return 0;
}
