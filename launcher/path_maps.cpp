// A relative spelling is restored by mapping the copy of the working directory to
// nothing; every other copy's path loses the root. The copies themselves are at
// their originals' normalized absolute paths, where clang-hotpath-rewrite writes
// them.
#include "path_maps.hpp"

#include <filesystem>
#include <utility>

namespace hotpath::launcher {
namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

std::string absolute_path(const std::string& path, const std::string& working_directory) {
  std::filesystem::path absolute(path);
  if (absolute.is_relative()) absolute = std::filesystem::path(working_directory) / absolute;
  std::string normal = absolute.lexically_normal().string();
  if (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  return normal;
}

PathMaps::PathMaps(std::string copies_root, std::string working_directory, bool relative_spellings)
    : copies_root_(std::move(copies_root)),
      working_directory_(std::move(working_directory)),
      relative_spellings_(relative_spellings) {}

std::string PathMaps::copy_of(const std::string& path) const {
  // A relative path keeps its spelling below the copy of the working directory
  // ("../src/a.cpp" too, once that directory exists): __FILE__ and the dependency
  // file then give it back exactly.
  if (!path.empty() && path[0] != '/') return copies_root_ + working_directory_ + "/" + path;
  return copies_root_ + absolute_path(path, working_directory_);
}

std::string PathMaps::working_directory_copy() const { return copies_root_ + working_directory_; }

std::vector<std::string> PathMaps::compiler_options() const {
  std::vector<std::string> options{"-ffile-prefix-map=" + copies_root_ + "="};
  if (relative_spellings_)
    options.push_back("-ffile-prefix-map=" + copies_root_ + working_directory_ + "/=");
  return options;
}

std::string PathMaps::restore(std::string text) const {
  if (relative_spellings_) replace_all(text, copies_root_ + working_directory_ + "/", "");
  replace_all(text, copies_root_ + "/", "/");
  return text;
}

}  // namespace hotpath::launcher
