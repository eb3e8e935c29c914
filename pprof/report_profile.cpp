// A report as a pprof profile (report_profile.hpp).
#include "report_profile.hpp"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "gzip.hpp"
#include "profile_builder.hpp"

namespace hotpath::pprof {
namespace {

constexpr std::size_t kCalls = 0;
constexpr std::size_t kWall = 1;
constexpr std::size_t kAllocObjects = 2;
constexpr std::size_t kAllocSpace = 3;

std::int64_t as_value(std::uint64_t value) {
  return value > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX
                                                       : static_cast<std::int64_t>(value);
}

}  // namespace

std::string report_profile(const Report& report) {
  std::vector<ValueType> types{{"calls", "count"}, {"wall", "nanoseconds"}};
  if (report.alloc_tracked) {
    types.push_back({"alloc_objects", "count"});
    types.push_back({"alloc_space", "bytes"});
  }
  const std::size_t value_count = types.size();
  ProfileBuilder profile(std::move(types));
  profile.set_period({"wall", "nanoseconds"}, 1);
  profile.set_default_sample_type("wall");
  profile.set_time(0, as_value(report.wall_ns));
  profile.add_comment("hotpath: measured wall time of the call tree, each path's self time");

  // The file and line of each row, for the frames.
  std::map<std::string, const FunctionRow*> rows;
  for (const FunctionRow& row : report.rows) rows.emplace(row.name, &row);
  const auto function_of = [&](const std::string& name) {
    FunctionKey key;
    key.name = name;
    if (const auto row = rows.find(name); row != rows.end()) {
      key.file = row->second->file;
      key.start_line = row->second->line;
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
      values[kAllocObjects] = as_value(row.alloc_count);
      values[kAllocSpace] = as_value(row.alloc_bytes);
      profile.add_sample({profile.location_of(function_of(row.name))}, std::move(values));
    }
  }
  return gzip(profile.serialize());
}

}  // namespace hotpath::pprof
