// A report as a pprof profile (report_profile.hpp).
#include "report_profile.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "function_names.hpp"
#include "gzip.hpp"
#include "profile_builder.hpp"

namespace hotpath::pprof {
namespace {

constexpr std::size_t kCalls = 0;
constexpr std::size_t kWall = 1;

std::int64_t as_value(std::uint64_t value) {
  return value > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX
                                                       : static_cast<std::int64_t>(value);
}

/// Adds the CPU samples, values at `first` (samples) and `first + 1` (CPU time).
void add_cpu_samples(ProfileBuilder& profile, const NativeSamples& cpu, std::size_t value_count,
                     std::size_t first) {
  std::vector<std::uint64_t> mapping_ids;
  for (const NativeMapping& mapping : cpu.mappings)
    mapping_ids.push_back(
        profile.add_mapping({mapping.start, mapping.limit, 0, mapping.file, mapping.build_id}));
  std::vector<std::uint64_t> location_ids;
  for (const NativeLocation& location : cpu.locations) {
    std::vector<Line> lines;
    for (const NativeLine& line : location.lines) {
      // Named as the report names functions; the full symbol as the system name.
      std::string name = short_function_name(line.function);
      std::string symbol = name == line.function ? std::string() : line.function;
      lines.push_back({{std::move(name), line.file, 0, std::move(symbol)}, line.line});
    }
    const std::uint64_t mapping_id = location.mapping == 0 ? 0 : mapping_ids[location.mapping - 1];
    location_ids.push_back(profile.add_native_location(location.address, mapping_id, lines));
  }
  // One sample per stack and thread, however many runs of it the samples have.
  std::map<std::pair<std::string, std::vector<std::size_t>>, std::uint64_t> counts;
  for (const NativeSample& sample : cpu.samples)
    counts[{sample.thread, sample.stack}] += sample.count;
  const auto period = as_value(cpu.period_ns);
  for (const auto& [key, count] : counts) {
    std::vector<std::uint64_t> stack;
    for (std::size_t location : key.second) stack.push_back(location_ids[location]);
    std::vector<std::int64_t> values(value_count, 0);
    values[first] = as_value(count);
    values[first + 1] = values[first] * period;
    profile.add_sample(std::move(stack), std::move(values), {{"thread", key.first}});
  }
}

}  // namespace

std::string report_profile(const Report& report, const NativeSamples* cpu) {
  std::vector<ValueType> types{{"calls", "count"}, {"wall", "nanoseconds"}};
  const std::size_t alloc_objects = types.size();
  if (report.alloc_tracked) {
    types.push_back({"alloc_objects", "count"});
    types.push_back({"alloc_space", "bytes"});
  }
  const std::size_t cpu_samples = types.size();
  if (cpu != nullptr) {
    types.push_back({"samples", "count"});
    types.push_back({"cpu", "nanoseconds"});
  }
  const std::size_t value_count = types.size();
  ProfileBuilder profile(std::move(types));
  if (cpu != nullptr) {
    profile.set_period({"cpu", "nanoseconds"}, as_value(cpu->period_ns));
  } else {
    profile.set_period({"wall", "nanoseconds"}, 1);
  }
  // A program that measured nothing (sampled with libhotpath-cpu preloaded) has only
  // its CPU samples to show first.
  const bool measured = !report.call_tree.empty();
  profile.set_default_sample_type(measured || cpu == nullptr ? "wall" : "cpu");
  profile.set_time(0, as_value(report.wall_ns));
  if (measured)
    profile.add_comment("hotpath: measured wall time of the call tree, each path's self time");
  if (cpu != nullptr)
    profile.add_comment("hotpath: CPU samples of the process, native stacks (-sample_index=cpu)");

  // The file and line of each row, for the frames.
  std::map<std::string, const FunctionRow*> rows;
  for (const FunctionRow& row : report.rows) rows.emplace(row.name, &row);
  const auto function_of = [&](const std::string& name) {
    FunctionKey key;
    key.name = name;
    if (const auto row = rows.find(name); row != rows.end()) {
      key.file = row->second->file;
      key.start_line = row->second->line;
      // A system name of its own tells go tool pprof the name is already
      // demangled: it then shows it whole, template arguments too, as it shows
      // the CPU samples' native frames.
      if (row->second->signature != name) key.system_name = row->second->signature;
    }
    return key;
  };

  // A node comes after its caller: its stack is its own location, then its caller's.
  std::vector<std::vector<std::uint64_t>> stacks;
  stacks.reserve(report.call_tree.size());
  for (const CallTreeNode& node : report.call_tree) {
    std::vector<std::uint64_t> stack{profile.location_of(function_of(node.name))};
    if (node.parent != CallTreeNode::kNoParent && node.parent < stacks.size()) {
      const std::vector<std::uint64_t>& callers = stacks[node.parent];
      stack.insert(stack.end(), callers.begin(), callers.end());
    }
    std::vector<std::int64_t> values(value_count, 0);
    values[kCalls] = as_value(node.calls);
    values[kWall] = as_value(node.self_ns);
    if (node.calls != 0 || node.self_ns != 0) profile.add_sample(stack, std::move(values));
    stacks.push_back(std::move(stack));
  }
  if (report.alloc_tracked) {
    for (const AllocRow& row : report.alloc_rows) {
      if (row.alloc_count == 0) continue;
      std::vector<std::int64_t> values(value_count, 0);
      values[alloc_objects] = as_value(row.alloc_count);
      values[alloc_objects + 1] = as_value(row.alloc_bytes);
      profile.add_sample({profile.location_of(function_of(row.name))}, std::move(values));
    }
  }
  if (cpu != nullptr) add_cpu_samples(profile, *cpu, value_count, cpu_samples);
  return gzip(profile.serialize());
}

}  // namespace hotpath::pprof
