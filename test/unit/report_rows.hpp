// Hand-made rows and call-tree nodes for the reporters' tests.
#ifndef HOTPATH_TEST_UNIT_REPORT_ROWS_HPP
#define HOTPATH_TEST_UNIT_REPORT_ROWS_HPP

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::test {

inline FunctionRow timing_row(std::string name, std::string signature, std::uint64_t calls,
                              std::uint64_t avg_ns, std::vector<std::uint64_t> percentile_ns,
                              std::uint64_t total_ns, double percent_total) {
  FunctionRow row;
  row.name = std::move(name);
  row.signature = std::move(signature);
  row.file = "src/app.cpp";
  row.line = 10;
  row.calls = calls;
  row.avg_ns = avg_ns;
  row.percentile_ns = std::move(percentile_ns);
  row.total_ns = total_ns;
  row.percent_total = percent_total;
  return row;
}

/// A thread as the threads monitor reports it.
inline ThreadAllocRow monitored_thread(std::string name, std::uint64_t tid, std::string status,
                                       double cpu_percent_max, double cpu_percent_avg,
                                       std::uint64_t cpu_ns) {
  ThreadAllocRow row;
  row.name = std::move(name);
  row.tid = tid;
  row.status = std::move(status);
  row.cpu_percent_max = cpu_percent_max;
  row.cpu_percent_avg = cpu_percent_avg;
  row.cpu_ns = cpu_ns;
  return row;
}

inline CallTreeNode tree_node(std::string name, std::size_t parent, std::uint64_t calls,
                              std::uint64_t total_ns, std::uint64_t self_ns) {
  CallTreeNode node;
  node.name = std::move(name);
  node.parent = parent;
  node.calls = calls;
  node.total_ns = total_ns;
  node.self_ns = self_ns;
  return node;
}

inline CoroutineTreeNode coroutine_node(std::string name, std::size_t parent,
                                        std::uint64_t instances, std::uint64_t total_ns,
                                        std::uint64_t running_ns) {
  CoroutineTreeNode node;
  node.name = std::move(name);
  node.parent = parent;
  node.instances = instances;
  node.total_ns = total_ns;
  node.running_ns = running_ns;
  return node;
}

inline AllocRow make_alloc_row(std::string name, std::uint64_t calls, std::uint64_t alloc_bytes,
                               std::uint64_t alloc_count, std::uint64_t dealloc_bytes,
                               std::uint64_t dealloc_count, std::uint64_t avg_bytes,
                               std::vector<std::uint64_t> percentile_bytes, double percent_total) {
  AllocRow row;
  row.name = std::move(name);
  row.calls = calls;
  row.alloc_bytes = alloc_bytes;
  row.alloc_count = alloc_count;
  row.dealloc_bytes = dealloc_bytes;
  row.dealloc_count = dealloc_count;
  row.avg_bytes = avg_bytes;
  row.percentile_bytes = std::move(percentile_bytes);
  row.percent_total = percent_total;
  return row;
}

inline ThreadAllocRow make_thread(std::string name, std::uint64_t alloc_bytes,
                                  std::uint64_t alloc_count, std::uint64_t dealloc_bytes,
                                  std::uint64_t dealloc_count) {
  ThreadAllocRow row;
  row.name = std::move(name);
  row.alloc_bytes = alloc_bytes;
  row.alloc_count = alloc_count;
  row.dealloc_bytes = dealloc_bytes;
  row.dealloc_count = dealloc_count;
  return row;
}

inline CpuRow make_cpu_row(std::string name, std::uint64_t samples, std::uint64_t cpu_ns,
                           double percent_total) {
  CpuRow row;
  row.name = std::move(name);
  row.samples = samples;
  row.cpu_ns = cpu_ns;
  row.percent_total = percent_total;
  return row;
}

/// A coroutine's row, its averages per instance that ended (0 when none did); the
/// signature is the name with "()".
inline CoroutineRow coroutine_row(std::string name, std::uint64_t instances,
                                  std::uint64_t completed, std::uint64_t destroyed,
                                  std::uint64_t resumes, std::uint64_t running_ns,
                                  std::uint64_t suspended_ns,
                                  std::vector<std::uint64_t> running_percentile_ns,
                                  std::vector<std::uint64_t> suspended_percentile_ns) {
  CoroutineRow row;
  row.name = std::move(name);
  row.signature = row.name + "()";
  row.instances = instances;
  row.completed = completed;
  row.destroyed = destroyed;
  row.resumes = resumes;
  row.running_ns = running_ns;
  row.suspended_ns = suspended_ns;
  const std::uint64_t ended = completed + destroyed;
  row.avg_running_ns = ended == 0 ? 0 : running_ns / ended;
  row.avg_suspended_ns = ended == 0 ? 0 : suspended_ns / ended;
  row.running_percentile_ns = std::move(running_percentile_ns);
  row.suspended_percentile_ns = std::move(suspended_percentile_ns);
  return row;
}

/// A CPU section of 1,000 samples at 997 Hz: two functions and the rest.
inline void add_cpu_section(Report& report) {
  report.cpu_sampled = true;
  report.cpu.timer = "perf_event";
  report.cpu.frequency_hz = 997;
  report.cpu.samples = 1000;
  report.cpu.period_ns = 1'003'009;
  report.cpu.cpu_ns = 1'100'000'000;
  report.cpu_rows.push_back(make_cpu_row("heavy_work", 790, 792'377'110, 79.0));
  report.cpu_rows.push_back(make_cpu_row("light_work", 200, 200'601'800, 20.0));
  report.cpu_rows.push_back(make_cpu_row("(not measured)", 10, 10'030'090, 1.0));
}

}  // namespace hotpath::test

#endif  // HOTPATH_TEST_UNIT_REPORT_ROWS_HPP
