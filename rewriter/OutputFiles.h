// Where and how clang-hotpath-rewrite writes its results: paths relative to the
// inputs' common directory, and files replaced atomically.
#ifndef HOTPATH_REWRITER_OUTPUTFILES_H
#define HOTPATH_REWRITER_OUTPUTFILES_H

#include <string>
#include <vector>

#include "llvm/ADT/StringRef.h"

namespace hotpath::rewrite {

/// `Path` made absolute, with `.` and `..` removed.
std::string absolutePath(llvm::StringRef Path);

/// The deepest directory containing every path.
std::string commonDirectory(const std::vector<std::string>& Paths);

/// Writes through a temporary file in the same directory, then renames it, so that
/// `Path` is never half-written; creates missing directories; explains failures
/// on stderr.
bool writeFile(const std::string& Path, llvm::StringRef Contents);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_OUTPUTFILES_H
