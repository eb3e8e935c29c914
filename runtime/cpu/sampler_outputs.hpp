// The files a sampled program writes when sampling ends: the flame graph
// (HOTPATH_FLAMEGRAPH) and the folded stacks (HOTPATH_FOLDED); and the samples
// kept symbolized for the files the report writes with them (HOTPATH_PPROF,
// HOTPATH_SPEEDSCOPE).
#ifndef HOTPATH_RUNTIME_CPU_SAMPLER_OUTPUTS_HPP
#define HOTPATH_RUNTIME_CPU_SAMPLER_OUTPUTS_HPP

#include "native_samples.hpp"
#include "sample_log/log_outputs.hpp"
#include "sample_log/sample_log_writer.hpp"

namespace hotpath::cpu {

/// Symbolizes the samples of `log`, this process's, and writes the outputs (each
/// atomically: a file is whole or untouched). Failures are explained on stderr.
void write_outputs(const SampleLogWriter& log, const OutputPaths& outputs, long pid) noexcept;

/// Symbolizes the samples of `log`, this process's, and keeps them for
/// kept_native_samples(). Failures are explained on stderr.
void keep_native_samples(const SampleLogWriter& log) noexcept;

/// The samples keep_native_samples() kept; null before, or when it failed.
const pprof::NativeSamples* kept_native_samples() noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_SAMPLER_OUTPUTS_HPP
