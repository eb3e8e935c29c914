// What a compiler command line does, read as GCC and Clang read it: which of its
// arguments are C++ sources, whether it compiles, links or only preprocesses, and
// where it writes its dependency file.
#ifndef HOTPATH_LAUNCHER_COMPILE_COMMAND_HPP
#define HOTPATH_LAUNCHER_COMPILE_COMMAND_HPP

#include <cstddef>
#include <string>
#include <vector>

namespace hotpath::launcher {

/// A directory of the include search path the command gives.
struct IncludeDirectory {
  std::string path;         ///< as written
  bool quote_only = false;  ///< -iquote (for "file" includes only), else -I
};

/// One compiler command line, without the compiler itself.
struct CompileCommand {
  std::vector<std::string> arguments;
  /// The indexes in `arguments` of the C++ sources it compiles (by extension, or
  /// after `-x c++`).
  std::vector<std::size_t> cxx_sources;
  /// The include directories given with -I and -iquote, in order.
  std::vector<IncludeDirectory> include_directories;
  /// It compiles (-c, -S, or compiles and links): sources get guards.
  bool compiles = false;
  /// It links (no -c, -S, -E, -M, -MM or -fsyntax-only, and some input).
  bool links = false;
  /// The dependency file it writes (-MD or -MMD: -MF, else the output or the
  /// source's name with `.d`); empty when it writes none.
  std::string dependency_file;
};

/// Reads `arguments` (the compiler's, without argv[0]).
CompileCommand read_compile_command(std::vector<std::string> arguments);

/// True for a file name a C++ compiler takes as C++ source by its extension.
bool has_cxx_source_extension(const std::string& path);

}  // namespace hotpath::launcher

#endif  // HOTPATH_LAUNCHER_COMPILE_COMMAND_HPP
