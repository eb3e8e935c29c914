// The instrumented copies of a compile live under a private root, at their
// originals' absolute paths. What the compiler writes about them (__FILE__, debug
// information, diagnostics, the dependency file) must name the originals as the
// build spelled them: the copies are gone when the compile ends.
#ifndef HOTPATH_LAUNCHER_PATH_MAPS_HPP
#define HOTPATH_LAUNCHER_PATH_MAPS_HPP

#include <string>
#include <vector>

namespace hotpath::launcher {

/// `path` made absolute against `working_directory`, without `.` and `..`.
std::string absolute_path(const std::string& path, const std::string& working_directory);

class PathMaps {
 public:
  /// Copies under `copies_root`; the build runs in `working_directory` and spells
  /// some of its paths relative to it when `relative_spellings`.
  PathMaps(std::string copies_root, std::string working_directory, bool relative_spellings);

  /// Where the copy of `path` (as the build spells it) is: a path to give the
  /// compiler, relative ones through working_directory_copy(), which must exist.
  std::string copy_of(const std::string& path) const;
  /// The copy of the working directory.
  std::string working_directory_copy() const;

  /// The compiler options that give __FILE__ and debug information the originals'
  /// paths (GCC takes the last matching map, Clang the longest: the order suits both).
  std::vector<std::string> compiler_options() const;

  /// `text` with every copy's path replaced by its original's.
  std::string restore(std::string text) const;

 private:
  std::string copies_root_;
  std::string working_directory_;
  bool relative_spellings_;
};

}  // namespace hotpath::launcher

#endif  // HOTPATH_LAUNCHER_PATH_MAPS_HPP
