// The compile commands the rewriter parses with: where they come from (-p, or the
// flags after --) and what it changes in them so that Clang 19 can parse what
// another compiler builds.
#ifndef HOTPATH_REWRITER_COMPILECOMMANDS_H
#define HOTPATH_REWRITER_COMPILECOMMANDS_H

#include <string>
#include <vector>

#include "clang/Tooling/ArgumentsAdjusters.h"

namespace hotpath::rewrite {

/// The directory given with -p (before `--`), if any; empty otherwise.
std::string databaseDirectory(int argc, const char** argv);

/// True when `Directory` or one above it has a compilation database (without one,
/// libTooling would go on without flags).
bool hasDatabase(const std::string& Directory);

/// What every command gets: Clang's builtin headers (which libTooling looks for next
/// to the tool's binary, not where Debian installs them), hotpath's own headers
/// after every other include directory (a source rewritten before includes
/// <hotpath/hotpath.hpp> even when its build does not know hotpath), and no option
/// that Clang does not know (GCC's own, from a g++ build's database), each dropped
/// with a note on stderr, once, when `NoteDroppedOptions`; and none of Clang's
/// warnings about the code but unknown attributes (the build's compiler has its own
/// say on the code).
clang::tooling::ArgumentsAdjuster commandAdjuster(const char* Argv0, bool NoteDroppedOptions);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_COMPILECOMMANDS_H
