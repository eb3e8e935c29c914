// Sampled native stacks, symbolized: what a CPU profile is made of once the
// addresses are named. The process that sampled fills it from its sample log
// (runtime/sample_log/symbolized_samples.hpp); the pprof profile and the speedscope
// file are written from it. Plain data, the same shape as pprof's: mappings,
// locations (an address with its inlined frames), samples naming locations.
#ifndef HOTPATH_PPROF_NATIVE_SAMPLES_HPP
#define HOTPATH_PPROF_NATIVE_SAMPLES_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::pprof {

/// A loaded ELF object.
struct NativeMapping {
  std::uint64_t start = 0;  ///< lowest run-time address of its segments
  std::uint64_t limit = 0;  ///< one past the highest; 0 when its file could not be read
  std::string file;         ///< its path
  std::string build_id;     ///< GNU build id, lowercase hex; empty when unknown
};

/// One function at a place in it: a frame of a location.
struct NativeLine {
  std::string function;   ///< demangled name
  std::string file;       ///< source file, or empty
  std::int64_t line = 0;  ///< 0 when unknown
};

/// An instruction address and the frames it stands for.
struct NativeLocation {
  std::uint64_t address = 0;
  std::size_t mapping = 0;  ///< index into NativeSamples::mappings + 1; 0 outside every mapping
  /// Innermost first: the functions inlined at the address, then the out-of-line
  /// function they were inlined into (last). Never empty.
  std::vector<NativeLine> lines;
};

/// Samples with the same stack, taken one after the other on one thread.
struct NativeSample {
  std::string thread;              ///< the thread's name (the program's when unnamed)
  std::vector<std::size_t> stack;  ///< indexes into NativeSamples::locations, innermost first
  std::uint64_t count = 0;         ///< samples in the run
};

/// A process's CPU samples.
struct NativeSamples {
  double frequency_hz = 0;      ///< requested sampling frequency
  std::uint64_t period_ns = 0;  ///< CPU time one sample stands for
  std::vector<NativeMapping> mappings;
  std::vector<NativeLocation> locations;
  /// In the order each thread took them (threads one after the other); consecutive
  /// samples of one thread with the same stack are one entry.
  std::vector<NativeSample> samples;
};

}  // namespace hotpath::pprof

#endif  // HOTPATH_PPROF_NATIVE_SAMPLES_HPP
