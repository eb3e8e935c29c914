// Fuzzes the other stack readers of `hotpath flamegraph`: the output of `perf
// script` (when it profiles with perf) and folded stacks (`a;b;c 42`, which it also
// takes as input). Any text gives stacks or an error saying why, never a crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "folded_stacks.hpp"
#include "perf_script_collapse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  hotpath::cli::collapse_perf_script(text);
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    hotpath::cli::perf_frame_name(text.substr(start, end - start));
    start = end + 1;
  }
  std::string error;
  if (!hotpath::flamegraph::parse_folded(text, error) && error.empty()) __builtin_trap();
  return 0;
}
