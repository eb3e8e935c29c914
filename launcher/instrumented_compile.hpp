// One compile, instrumented: its C++ sources rewritten by clang-hotpath-rewrite
// into a private directory (with the headers that get guards), the real compiler
// run on the copies with the build's own flags, and what it writes mapped back to
// the originals. Commands that do not compile C++ run as they are; a link gets
// libhotpath.
#ifndef HOTPATH_LAUNCHER_INSTRUMENTED_COMPILE_HPP
#define HOTPATH_LAUNCHER_INSTRUMENTED_COMPILE_HPP

#include <string>

#include "launch_options.hpp"

namespace hotpath::launcher {

/// Runs `launch`; returns the exit status for the build: the compiler's, or 2 when
/// hotpath cannot instrument the compile (said on stderr). `executable` is the
/// launcher's own path.
int run_launch(const Launch& launch, const std::string& executable);

}  // namespace hotpath::launcher

#endif  // HOTPATH_LAUNCHER_INSTRUMENTED_COMPILE_HPP
