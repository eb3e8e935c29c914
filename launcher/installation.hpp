// Where hotpath-cxx finds what it uses: clang-hotpath-rewrite, hotpath's headers
// and its libraries. Installed, they are next to it (<prefix>/bin,
// <prefix>/include, <prefix>/<libdir>); in a build tree, where that build put them.
#ifndef HOTPATH_LAUNCHER_INSTALLATION_HPP
#define HOTPATH_LAUNCHER_INSTALLATION_HPP

#include <optional>
#include <string>

namespace hotpath::launcher {

struct Installation {
  std::string rewriter;           ///< clang-hotpath-rewrite
  std::string include_directory;  ///< holds hotpath/hotpath.hpp
  std::string runtime_directory;  ///< libhotpath
  std::string alloc_directory;    ///< libhotpath-alloc (empty when not built)
  std::string cpu_directory;      ///< libhotpath-cpu (empty when not built)
};

/// The installation of the running hotpath-cxx (`executable`: its path). Nothing,
/// with `error` set, when neither layout has the rewriter.
std::optional<Installation> find_installation(const std::string& executable, std::string& error);

}  // namespace hotpath::launcher

#endif  // HOTPATH_LAUNCHER_INSTALLATION_HPP
