// What the sample log records besides stacks, so that they can be read after the
// process is gone: the modules loaded (to symbolize addresses) and the threads'
// names (to label their stacks).
#ifndef HOTPATH_RUNTIME_CPU_LOG_METADATA_HPP
#define HOTPATH_RUNTIME_CPU_LOG_METADATA_HPP

#include <sys/types.h>

#include <vector>

#include "sample_log/sample_log_writer.hpp"

namespace hotpath::cpu {

/// Appends every module loaded now (the executable under its path) with its load
/// address; `writer` is the calling thread's id.
void append_modules(SampleLogWriter& log, pid_t writer) noexcept;

/// Appends the names of the threads `tids` that are still alive, as the kernel
/// has them (/proc/self/task/TID/comm); `writer` is the calling thread's id.
void append_thread_names(SampleLogWriter& log, pid_t writer,
                         const std::vector<pid_t>& tids) noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_LOG_METADATA_HPP
