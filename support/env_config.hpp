// The environment variables that configure a run. Each reader returns the parsed
// value, or nothing when the variable is unset or invalid; an invalid value also
// prints one warning on stderr that names the variable, what it held and what was
// expected, so a typo never silently changes a report; once per process, however
// many parts of hotpath read the variable.
#ifndef HOTPATH_RUNTIME_ENV_CONFIG_HPP
#define HOTPATH_RUNTIME_ENV_CONFIG_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hotpath/session.hpp"
#include "value_parsers.hpp"

namespace hotpath::detail {

/// The HOTPATH_ variables of `environment` (entries "NAME=value") that no part of
/// hotpath reads, each with the known one it was probably meant to be ("" if none
/// is close).
std::vector<std::pair<std::string, std::string>> unknown_variables(const char* const* environment);

/// Warns on stderr, once per process, about each HOTPATH_ variable that no part of
/// hotpath reads: a misspelled one would otherwise change nothing, silently.
void warn_unknown_variables();

/// Keeps HOTPATH_LIVE and HOTPATH_DUMP_SIGNAL for this process and removes them
/// from its environment, so that the programs it executes do not start a live
/// server on the same port or dump on the same signal, unless
/// HOTPATH_LIVE_CHILDREN=1. This library's readers of the two (env_live(),
/// env_dump_signal()) see the kept values. Called once, before main, by the
/// runtime (hotpath-cpu and hotpath-wait read neither).
void keep_process_only_variables() noexcept;

/// HOTPATH_OUTPUT_FORMAT: table, json, json-pretty, none.
std::optional<Format> env_output_format();
/// HOTPATH_OUTPUT_PATH: a file to write the report to (non-empty).
std::optional<std::string> env_output_path();
/// HOTPATH_LIMIT: rows shown, 0 = all.
std::optional<std::size_t> env_limit();
/// HOTPATH_NAME_WIDTH: widest function name in a table, in columns; 0 = never
/// abbreviate.
std::optional<std::size_t> env_name_width();
/// HOTPATH_PERCENTILES: e.g. 50,95,99.9.
std::optional<std::vector<double>> env_percentiles();
/// HOTPATH_TIME_EXCLUSIVE: 1 reports self time instead of inclusive time.
std::optional<bool> env_time_exclusive();
/// HOTPATH_COMPENSATE: 0 keeps the guards' own overhead in the reported times.
std::optional<bool> env_compensate();
/// HOTPATH_ADAPTIVE: 0 times every call of every function (no adaptive timing).
std::optional<bool> env_adaptive();
/// HOTPATH_TIME_SAMPLING_RATE: time one call in k per function and thread.
std::optional<std::uint32_t> env_time_sampling_rate();
/// HOTPATH_ALLOC_CUMULATIVE: 1 counts a function's allocations with its callees'.
std::optional<bool> env_alloc_cumulative();
/// HOTPATH_CPU_INCLUSIVE: 1 counts a CPU sample for every measured function on the stack.
std::optional<bool> env_cpu_inclusive();
/// HOTPATH_CPU: 0 turns off the sampling of a program that links hotpath-cpu.
std::optional<bool> env_cpu_enabled();
/// HOTPATH_CPU_FREQ: samples per second of CPU time, 1 to 100000.
std::optional<unsigned> env_cpu_frequency();
/// HOTPATH_CPU_SIGNAL: the signal the CPU sampler's perf events send (SIGPROF or a
/// real-time signal); unset, the sampler picks a free real-time signal itself.
std::optional<int> env_cpu_signal();
/// HOTPATH_FLAMEGRAPH: the SVG flame graph to write (hotpath-cpu); `%p` is the pid, `%t` the time.
std::optional<std::string> env_flamegraph_path();
/// HOTPATH_FOLDED: the folded stacks to write (hotpath-cpu); `%p` is the pid, `%t` the time.
std::optional<std::string> env_folded_path();
/// HOTPATH_CPU_LOG: the raw sample log to write as the program runs; `%p` is the pid, `%t` the
/// time.
std::optional<std::string> env_cpu_log_path();
/// HOTPATH_FLAMEGRAPH_WALL: the wall-clock flame graph (SVG) of the call tree to write.
std::optional<std::string> env_wall_flamegraph_path();
/// HOTPATH_FOLDED_WALL: the call tree's folded stacks (nanoseconds) to write.
std::optional<std::string> env_wall_folded_path();
/// HOTPATH_FLAMEGRAPH_COROUTINES: the flame graph (SVG) of the logical tree of
/// coroutines to write.
std::optional<std::string> env_coroutine_flamegraph_path();
/// HOTPATH_FOLDED_COROUTINES: the logical tree of coroutines as folded stacks to write.
std::optional<std::string> env_coroutine_folded_path();
/// HOTPATH_PPROF: the report as a gzipped pprof profile to write.
std::optional<std::string> env_pprof_path();
/// HOTPATH_SPEEDSCOPE: the timeline in speedscope's format to write; setting it
/// turns the timeline on, as HOTPATH_TRACE does.
std::optional<std::string> env_speedscope_path();
/// HOTPATH_TRACE: the timeline trace (Chrome trace-event JSON) to write; setting it
/// turns tracing on.
std::optional<std::string> env_trace_path();
/// HOTPATH_FLAMEGRAPH_OFFCPU: the off-CPU flame graph to write (hotpath-wait); `%p`, `%t` as above.
std::optional<std::string> env_offcpu_flamegraph_path();
/// HOTPATH_FOLDED_OFFCPU: the off-CPU stacks to write folded, in microseconds (hotpath-wait).
std::optional<std::string> env_offcpu_folded_path();
/// HOTPATH_OFFCPU_LOG: where hotpath-wait logs its off-CPU stacks for the `hotpath` command.
std::optional<std::string> env_offcpu_log_path();
/// HOTPATH_OFFCPU_MIN_US: the shortest wait whose stack is kept, in microseconds.
std::optional<std::uint32_t> env_offcpu_min_us();
/// HOTPATH_LIVE: 1 serves the metrics over HTTP while the program runs.
std::optional<bool> env_live();
/// HOTPATH_METRICS_PORT: the live server's TCP port (default 6770; 0: any free port).
std::optional<std::uint16_t> env_metrics_port();
/// HOTPATH_METRICS_HOST: the address the live server listens on (default 127.0.0.1).
std::optional<std::string> env_metrics_host();
/// HOTPATH_METRICS_AUTH_TOKEN: a bearer token every request to the live server must carry.
/// Nothing when unset. A value that cannot be a token is not ignored like other invalid
/// values (no token would open the server): it gives nothing and says why in `problem`,
/// without repeating the value; it prints nothing.
std::optional<std::string> env_metrics_auth_token(std::string& problem);
/// HOTPATH_THREADS_INTERVAL_MS: how often the threads monitor samples (default 250).
std::optional<std::uint32_t> env_threads_interval_ms();
/// HOTPATH_LOGS_LIMIT: recent calls the live server keeps per function and thread (default 50).
std::optional<std::uint32_t> env_logs_limit();
/// HOTPATH_METRICS_LIMIT: the functions /metrics writes, those of the largest total
/// time (default 50; 0: all).
std::optional<std::uint32_t> env_metrics_limit();
/// HOTPATH_METRICS_THREADS: 1 adds the per-thread families to /metrics.
std::optional<bool> env_metrics_threads();
/// HOTPATH_DUMP_SIGNAL: the signal on which the report so far is written.
std::optional<int> env_dump_signal();
/// HOTPATH_TRACE_MB: the size of each thread's ring of traced calls, in MiB.
std::optional<std::size_t> env_trace_megabytes();
/// HOTPATH_REPORT: the sections of the table report.
std::optional<ReportSections> env_report_sections();
/// The largest HOTPATH_CALL_TREE_NODES (2 GiB of nodes per thread).
constexpr std::uint32_t kMaxCallTreeNodes = 1u << 24;
/// HOTPATH_CALL_TREE_NODES: call-tree nodes a thread creates at most.
std::optional<std::uint32_t> env_call_tree_node_limit();
/// HOTPATH_CPU_CHILDREN: 0 stops a forked child from sampling itself.
std::optional<bool> env_cpu_children();
/// HOTPATH_CPU_FOLLOW_EXEC: 1 keeps hotpath-cpu preloaded into programs the
/// profiled program executes.
std::optional<bool> env_cpu_follow_exec();

/// `path` with every `%p` replaced by `pid`, `%t` by `unix_seconds` (the time
/// in seconds since the Epoch) and `%%` by `%`.
std::string expand_path_pattern(std::string_view path, long pid, long long unix_seconds);
/// HOTPATH_CLOCK: "cycles" (default where reliable) or "monotonic".
std::optional<bool> env_prefer_cycle_counter();

/// Prints "hotpath: ignoring NAME=\"value\": expected <expected>" on stderr, once
/// per process for each value of a variable: readers in several parts of hotpath,
/// and every session, share the warning.
void warn_invalid_env(const char* name, std::string_view value, std::string_view expected);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_ENV_CONFIG_HPP
