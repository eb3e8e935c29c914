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

/// `Path` relative to the working directory when it is inside it, else as is.
std::string displayPath(llvm::StringRef Path);

/// Where --output-dir puts `Path`: `OutputDir` + its path relative to `Root`.
std::string mirroredPath(llvm::StringRef OutputDir, llvm::StringRef Root, llvm::StringRef Path);

/// A Makefile rule: every target depends on every prerequisite (duplicates
/// dropped, names escaped as Make reads them).
std::string makeRule(const std::vector<std::string>& Targets,
                     const std::vector<std::string>& Prerequisites);

/// Makes `Link` a symbolic link to `Target`, creating missing directories; an
/// existing `Link` is kept. Explains failures on stderr.
bool linkFile(const std::string& Link, const std::string& Target);

/// Writes through a temporary file in the same directory, then renames it, so that
/// `Path` is never half-written; creates missing directories; explains failures
/// on stderr.
bool writeFile(const std::string& Path, llvm::StringRef Contents);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_OUTPUTFILES_H
