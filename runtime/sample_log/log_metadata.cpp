// The modules and thread names of the sample log.
#include "sample_log/log_metadata.hpp"

#include <errno.h>
#include <link.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

namespace hotpath::cpu {
namespace {

/// What dl_iterate_phdr's callback passes on, and whether the next module is the
/// first (the main program, listed without a name).
struct ModuleVisit {
  void (*visit)(const char*, std::uint64_t, void*);
  void* context;
  bool first;
};

}  // namespace

std::string log_program_name() {
  const char* name = ::program_invocation_short_name;
  return name != nullptr && *name != '\0' ? name : "program";
}

void for_each_module(void (*visit)(const char* path, std::uint64_t load_bias, void* context),
                     void* context) noexcept {
  ModuleVisit modules{visit, context, true};
  ::dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* given) -> int {
        ModuleVisit& listing = *static_cast<ModuleVisit*>(given);
        const char* name = info->dlpi_name;
        char executable[4096];
        if (listing.first && (name == nullptr || *name == '\0')) {
          // The main program is listed first, without a name.
          const ssize_t length = ::readlink("/proc/self/exe", executable, sizeof executable - 1);
          if (length > 0) {
            executable[length] = '\0';
            name = executable;
          }
        }
        listing.first = false;
        if (name != nullptr && *name != '\0') listing.visit(name, info->dlpi_addr, listing.context);
        return 0;
      },
      &modules);
}

void append_modules(SampleLogWriter& log, pid_t writer) noexcept {
  struct Appending {
    SampleLogWriter* log;
    pid_t writer;
  } appending{&log, writer};
  for_each_module(
      [](const char* path, std::uint64_t load_bias, void* context) {
        auto& into = *static_cast<Appending*>(context);
        into.log->append_module(into.writer, path, load_bias);
      },
      &appending);
}

void append_thread_names(SampleLogWriter& log, pid_t writer,
                         const std::vector<pid_t>& tids) noexcept {
  for (pid_t tid : tids) {
    char path[64];
    char name[64] = {};
    std::snprintf(path, sizeof path, "/proc/self/task/%d/comm", static_cast<int>(tid));
    if (FILE* file = std::fopen(path, "re")) {
      if (std::fgets(name, sizeof name, file) != nullptr) name[std::strcspn(name, "\n")] = '\0';
      std::fclose(file);
    }
    if (name[0] != '\0') log.append_thread_name(writer, tid, name);
  }
}

}  // namespace hotpath::cpu
