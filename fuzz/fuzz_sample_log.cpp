// Fuzzes the reader of CPU sample logs, the files `hotpath flamegraph` reads after a
// run (a program killed while writing one leaves it cut anywhere). Any bytes give a
// log or an error saying why, never a crash or a read past the end.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sample_log/sample_log_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string error;
  const auto log = hotpath::cpu::read_sample_log(reinterpret_cast<const char*>(data), size, error);
  if (!log && error.empty()) __builtin_trap();
  return 0;
}
