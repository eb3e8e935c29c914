// Both inputs are read and compared before anything is written: a mistake in either
// leaves no file behind.
#include "flamegraph_diff.hpp"

#include <cstdio>
#include <initializer_list>
#include <vector>

#include <fmt/format.h>

#include "command_output.hpp"
#include "differential.hpp"
#include "options.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kPrefix = "hotpath diff: ";

int fail(const std::string& message) {
  fmt::print(stderr, "{}{}\n", kPrefix, message);
  return 2;
}

std::string quoted_text(const std::string& text) { return "\"" + text + "\""; }

// The index of `type` in `file`, or an error naming what the file has.
std::optional<std::size_t> index_of(const StackFile& file, const std::string& type,
                                    std::string& error) {
  const std::optional<std::size_t> index = file.sample_type_index(type);
  if (!index)
    error = file.path() + " has no sample type " + quoted_text(type) + " (its " +
            file.format_name() + " has: " + file.sample_type_names() + ")";
  return index;
}

// The preferred type among those both files have; std::nullopt when they share none.
std::optional<std::string> preferred_common_type(const StackFile& base, const StackFile& head) {
  std::vector<std::string> common;
  for (const pprof::ValueType& type : head.sample_types())
    if (base.sample_type_index(type.type)) common.push_back(type.type);
  if (common.empty()) return std::nullopt;
  const auto is_common = [&common](const std::string& name) {
    for (const std::string& type : common)
      if (type == name) return true;
    return false;
  };
  for (const std::string& name : {std::string("cpu"), std::string("samples"),
                                  head.default_sample_type(), base.default_sample_type()})
    if (!name.empty() && is_common(name)) return name;
  return common.back();
}

// "wall (nanoseconds) of head.json, colored by the change from base.json; base scaled
// to head's total": what is drawn, against what, and how the two were made comparable.
std::string subtitle_of(const DiffOptions& options, const std::string& what) {
  const std::string compared = options.negate
                                   ? fmt::format("{} of {} (base), colored by the change to {}",
                                                 what, options.base, options.head)
                                   : fmt::format("{} of {}, colored by the change from {}", what,
                                                 options.head, options.base);
  const char* scaling = !options.normalize ? "raw values, not normalized"
                        : options.negate   ? "head scaled to base's total"
                                           : "base scaled to head's total";
  return compared + "; " + scaling;
}

}  // namespace

std::optional<ChosenSampleType> choose_sample_type(const StackFile& base, const StackFile& head,
                                                   const std::string& requested,
                                                   std::string& error) {
  ChosenSampleType chosen;
  const bool base_typed = !base.sample_types().empty();
  const bool head_typed = !head.sample_types().empty();
  if (!base_typed && !head_typed) {
    if (!requested.empty()) {
      error = "--sample-type " + requested + ": " + base.path() + " and " + head.path() +
              " are folded stacks, which have no sample types";
      return std::nullopt;
    }
    return chosen;
  }
  std::string type = requested;
  if (type.empty()) {
    if (base_typed && head_typed) {
      const std::optional<std::string> common = preferred_common_type(base, head);
      if (!common) {
        error = "no sample type in common: " + base.path() + " has " + base.sample_type_names() +
                ", " + head.path() + " has " + head.sample_type_names() +
                " (compare profiles of the same kind, or choose with --sample-type)";
        return std::nullopt;
      }
      type = *common;
    } else {
      const StackFile& typed = base_typed ? base : head;
      type = typed.sample_types()[*typed.preferred_sample_type()].type;
    }
  }
  for (const bool is_base : {true, false}) {
    const StackFile* file = is_base ? &base : &head;
    if (file->sample_types().empty()) continue;
    const std::optional<std::size_t> index = index_of(*file, type, error);
    if (!index) return std::nullopt;
    const std::string& unit = file->sample_types()[*index].unit;
    if (chosen.type.empty()) {
      chosen.type = type;
      chosen.unit = unit;
    } else if (unit != chosen.unit) {
      error = "sample type " + quoted_text(type) + " is in " + chosen.unit + " in " + base.path() +
              " but in " + unit + " in " + head.path();
      return std::nullopt;
    }
    (is_base ? chosen.base : chosen.head) = index;
  }
  return chosen;
}

std::string count_name_of(const ChosenSampleType& chosen) {
  if (chosen.type.empty()) return "samples";
  if (chosen.unit == "nanoseconds") return "ns";
  if (chosen.unit == "count" || chosen.unit.empty()) return chosen.type;
  return chosen.unit;
}

int run_flamegraph_diff(const DiffOptions& options) {
  std::string error;
  const std::optional<StackFile> base = StackFile::read(options.base, error);
  if (!base) return fail(error);
  const std::optional<StackFile> head = StackFile::read(options.head, error);
  if (!head) return fail(error);
  const std::optional<ChosenSampleType> chosen =
      choose_sample_type(*base, *head, options.sample_type, error);
  if (!chosen) return fail(error);

  const std::string of_type = chosen->type.empty() ? "" : " of sample type " + chosen->type;
  const flamegraph::FoldedStacks base_stacks = base->stacks(chosen->base.value_or(0));
  const flamegraph::FoldedStacks head_stacks = head->stacks(chosen->head.value_or(0));
  for (const auto& [file, stacks] : {std::pair{&*base, &base_stacks}, {&*head, &head_stacks}}) {
    if (!stacks->empty()) continue;
    if (file->format() == StackFileFormat::Report)
      return fail(file->path() + " has no call tree to draw (no measured call" +
                  (chosen->type == "calls" ? " completed)" : " took time)"));
    return fail(file->path() + " has no samples" + of_type);
  }

  flamegraph::DifferentialSettings settings;
  settings.normalize = options.normalize;
  settings.negate = options.negate;
  const flamegraph::DifferentialProfile profile(base_stacks, head_stacks, settings);

  flamegraph::Options render;
  render.title = options.title.empty() ? "Differential Flame Graph" : options.title;
  render.count_name = count_name_of(*chosen);
  const std::string what = chosen->type.empty()
                               ? std::string("samples")
                               : fmt::format("{} ({})", chosen->type, chosen->unit);
  render.subtitle = subtitle_of(options, what);
  render.legend = flamegraph::differential_legend(profile, render.count_name);
  render.notes = render.subtitle + "\n" + render.legend;
  const std::string svg = flamegraph::render_differential_svg(profile, render);

  if (!write_command_output(options.output, svg, error)) return fail(error);
  if (!options.output.empty())
    fmt::print(stderr, "{}wrote {}: {} against {}, {}\n", kPrefix, options.output, options.head,
               options.base, what);
  return 0;
}

}  // namespace hotpath::cli
