// Telling the formats apart by content: JSON starts with `{`; gzip with its magic bytes
// (a pprof profile, or gzipped folded text); of the rest, bytes that decode as a
// profile are one (a profile needs a string table starting with "", which text never
// has), and text that parses as folded stacks is that.
#include "flamegraph_diff_input.hpp"

#include <string_view>
#include <utility>

#include "call_tree_folding.hpp"
#include "gunzip.hpp"
#include "input_file.hpp"

namespace hotpath::cli {
namespace {

// A report's sample types, by index.
constexpr std::size_t kWall = 0;
constexpr std::size_t kCalls = 1;
constexpr std::size_t kCoroutines = 2;

std::string_view without_leading_blanks(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos ? std::string_view() : text.substr(first);
}

// Control characters other than white space: what text files do not have.
bool looks_binary(std::string_view bytes) {
  for (const char c : bytes.substr(0, 4096)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 && byte != '\n' && byte != '\r' && byte != '\t') return true;
  }
  return false;
}

}  // namespace

std::optional<StackFile> StackFile::read(const std::string& path, std::string& error) {
  std::optional<std::string> bytes = detail::read_input_file(path, error);
  if (!bytes) return std::nullopt;
  StackFile file;
  file.path_ = path;
  std::string_view content = *bytes;
  std::optional<std::string> inflated;
  if (pprof::is_gzip(content)) {
    inflated = pprof::gunzip(content, error);
    if (!inflated) {
      error = path + ": " + error;
      return std::nullopt;
    }
    content = *inflated;
  }
  if (without_leading_blanks(content).empty()) {
    error = path + " is empty: it holds no stacks";
    return std::nullopt;
  }

  if (without_leading_blanks(content).front() == '{') {
    ReportReadError report_error;
    file.report_ = read_report_json(content, report_error);
    if (!file.report_) {
      error = report_error.describe(path);
      return std::nullopt;
    }
    file.format_ = StackFileFormat::Report;
    file.sample_types_ = {{"wall", "nanoseconds"}, {"calls", "count"}};
    // The logical tree of coroutines, when a measured coroutine ran.
    if (!file.report_->report.coroutine_tree.empty())
      file.sample_types_.push_back({"coroutines", "nanoseconds"});
    return file;
  }

  std::string profile_error;
  file.profile_ = pprof::read_profile(content, profile_error);
  if (file.profile_) {
    file.format_ = StackFileFormat::Pprof;
    file.sample_types_ = file.profile_->sample_types;
    return file;
  }
  std::string folded_error;
  file.folded_ = flamegraph::parse_folded(content, folded_error);
  if (file.folded_ && !file.folded_->empty()) {
    file.format_ = StackFileFormat::Folded;
    return file;
  }
  if (file.folded_) {
    error = path + " holds no stacks";
  } else if (looks_binary(content)) {
    // Binary: as a profile is what it most likely meant to be.
    error = path + ": " + profile_error;
  } else {
    error = path + ": unknown format: not folded stacks (" + folded_error +
            "), a pprof profile or a JSON report";
  }
  return std::nullopt;
}

const char* StackFile::format_name() const noexcept {
  switch (format_) {
    case StackFileFormat::Folded:
      return "folded stacks";
    case StackFileFormat::Pprof:
      return "pprof profile";
    case StackFileFormat::Report:
      return "JSON report";
  }
  return "";
}

std::optional<std::size_t> StackFile::preferred_sample_type() const {
  if (profile_) return profile_->preferred_sample_type();
  if (report_) return kWall;
  return std::nullopt;
}

std::string StackFile::default_sample_type() const {
  if (profile_) return profile_->default_sample_type;
  if (report_) return "wall";
  return "";
}

std::optional<std::size_t> StackFile::sample_type_index(const std::string& type) const {
  for (std::size_t index = 0; index < sample_types_.size(); ++index)
    if (sample_types_[index].type == type) return index;
  return std::nullopt;
}

std::string StackFile::sample_type_names() const {
  std::string names;
  for (const pprof::ValueType& type : sample_types_) {
    if (!names.empty()) names += ", ";
    names += type.type;
  }
  return names;
}

flamegraph::FoldedStacks StackFile::stacks(std::size_t type) const {
  if (folded_) return *folded_;
  if (report_) {
    if (type == kCoroutines) return detail::fold_coroutine_tree(report_->report.coroutine_tree);
    return type == kCalls ? detail::fold_call_tree(report_->report.call_tree, &CallTreeNode::calls)
                          : detail::fold_call_tree(report_->report.call_tree);
  }
  flamegraph::FoldedStacks stacks;
  if (!profile_) return stacks;
  for (const pprof::ReadSample& sample : profile_->samples) {
    if (type >= sample.values.size() || sample.values[type] <= 0) continue;
    stacks.add(sample.frames, static_cast<std::uint64_t>(sample.values[type]));
  }
  return stacks;
}

}  // namespace hotpath::cli
