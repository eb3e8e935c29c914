// Where a lock was first contended, and what a lock is called when the program
// gave it no name. Both are worked out when the report is made, from addresses
// kept while the program ran: the native stack of the first lock call that
// waited, and the lock's own address.
#include "waits/lock_contention.hpp"

#include <dlfcn.h>

#include <string>
#include <string_view>
#include <vector>

#include "hotpath/detail/recording.hpp"
#include "sample_log/log_metadata.hpp"
#include "sample_log/stack_capture.hpp"
#include "symbolizer.hpp"

namespace hotpath::waits {
namespace {

using detail::LockDescription;
using detail::LockTotals;

/// Frames between capture_own_stack()'s caller and the lock call's caller: this
/// function and the interposer.
constexpr unsigned kOwnFrames = 2;

std::vector<symbolize::Module> loaded_modules() {
  std::vector<symbolize::Module> modules;
  cpu::for_each_module(
      [](const char* path, std::uint64_t load_bias, void* context) {
        static_cast<std::vector<symbolize::Module>*>(context)->push_back({path, load_bias});
      },
      &modules);
  return modules;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

/// True for a frame of the program's own source: not of a system header (the
/// standard library's std::mutex::lock, inlined into its caller) or of a file
/// the build did not give.
bool in_program_source(const symbolize::Frame& frame) {
  return !frame.file.empty() && !starts_with(frame.file, "/usr/include/") &&
         !starts_with(frame.file, "/usr/lib/");
}

/// True for an address in a system library (the C and C++ libraries, a
/// distribution's packages) or in hotpath's own: not the program's code.
bool in_library_code(std::uint64_t address) {
  Dl_info info;
  if (::dladdr(reinterpret_cast<void*>(address), &info) == 0 || info.dli_fname == nullptr)
    return false;
  const std::string_view module = info.dli_fname;
  return starts_with(module, "/lib/") || starts_with(module, "/lib64/") ||
         starts_with(module, "/usr/lib/") || module.find("libhotpath") != std::string_view::npos;
}

std::string file_name(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// "file.cpp:42": the source line of the innermost frame of the program's own
/// source on the lock call's stack, outside the system's and hotpath's libraries;
/// empty when no frame has one (no debug info).
std::string contention_location(const std::vector<std::uint64_t>& stack,
                                symbolize::Symbolizer& symbolizer) {
  for (std::uint64_t address : stack) {
    if (in_library_code(address)) continue;
    const std::vector<symbolize::Frame>& frames = symbolizer.symbolize(address, true);
    // Outermost first: the innermost inlined function is last.
    for (auto frame = frames.rbegin(); frame != frames.rend(); ++frame) {
      if (in_program_source(*frame))
        return file_name(frame->file) + ":" + std::to_string(frame->line);
    }
  }
  return {};
}

/// The variable a lock with static storage is (the symbol at its address), or
/// empty for a lock on the heap or a stack.
std::string variable_name(std::uintptr_t address, symbolize::Symbolizer& symbolizer) {
  Dl_info info;
  if (::dladdr(reinterpret_cast<void*>(address), &info) == 0) return {};
  const std::vector<symbolize::Frame>& frames = symbolizer.symbolize(address, false);
  const std::string& name = frames.front().function;
  // An address no symbol covers prints as "module+0x..." or "[unknown]".
  if (name.empty() || name.front() == '[' || name.find("+0x") != std::string::npos) return {};
  return name;
}

void describe(const std::vector<LockTotals>& locks, std::vector<LockDescription>& descriptions) {
  symbolize::Symbolizer symbolizer(loaded_modules());
  for (const LockTotals& lock : locks) {
    LockDescription description;
    description.derived_name = variable_name(lock.address, symbolizer);
    description.location = contention_location(lock.first_stack, symbolizer);
    descriptions.push_back(std::move(description));
  }
}

}  // namespace

void keep_first_contention(detail::LockRecord* record) noexcept {
  // The unwinder may allocate on a thread's first stack: not the program's.
  detail::RuntimeScope runtime;
  std::uint64_t addresses[detail::kLockCallFrames];
  const unsigned count = cpu::capture_own_stack(addresses, detail::kLockCallFrames, kOwnFrames);
  detail::set_first_contention_stack(record, addresses, count);
}

void install_lock_descriptions() noexcept { detail::install_lock_describer(describe); }

}  // namespace hotpath::waits
