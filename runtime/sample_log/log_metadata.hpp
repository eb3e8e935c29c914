// What the sample log records besides stacks, so that they can be read after the
// process is gone: the modules loaded (to symbolize addresses) and the threads'
// names (to label their stacks).
#ifndef HOTPATH_RUNTIME_SAMPLE_LOG_LOG_METADATA_HPP
#define HOTPATH_RUNTIME_SAMPLE_LOG_LOG_METADATA_HPP

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sample_log/sample_log_writer.hpp"

namespace hotpath::cpu {

/// The program's name for a log's header: its short invocation name, or "program".
std::string log_program_name();

/// Calls `visit` with the path and load bias of every module loaded now, the
/// executable first under its real path.
void for_each_module(void (*visit)(const char* path, std::uint64_t load_bias, void* context),
                     void* context) noexcept;

/// Appends every module loaded now (the executable under its path) with its load
/// address; `writer` is the calling thread's id.
void append_modules(SampleLogWriter& log, pid_t writer) noexcept;

/// Appends the names of the threads `tids` that are still alive, as the kernel
/// has them (/proc/self/task/TID/comm); `writer` is the calling thread's id.
void append_thread_names(SampleLogWriter& log, pid_t writer,
                         const std::vector<pid_t>& tids) noexcept;

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_SAMPLE_LOG_LOG_METADATA_HPP
