// A CPU sample log, symbolized into the shape profile formats share
// (pprof/native_samples.hpp): for the pprof profile and the speedscope file a
// process writes of its own samples.
#ifndef HOTPATH_RUNTIME_SAMPLE_LOG_SYMBOLIZED_SAMPLES_HPP
#define HOTPATH_RUNTIME_SAMPLE_LOG_SYMBOLIZED_SAMPLES_HPP

#include "native_samples.hpp"
#include "sample_log/sample_log_reader.hpp"

namespace hotpath::cpu {

/// The samples of `log` with their locations named, each distinct address
/// symbolized once, and the log's modules as mappings.
pprof::NativeSamples native_samples(const SampleLog& log);

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_SAMPLE_LOG_SYMBOLIZED_SAMPLES_HPP
