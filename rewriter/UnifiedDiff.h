// The unified diff that --diff prints: what the rewrite changes in a file.
#ifndef HOTPATH_REWRITER_UNIFIEDDIFF_H
#define HOTPATH_REWRITER_UNIFIEDDIFF_H

#include <string>

#include "llvm/ADT/StringRef.h"

namespace hotpath::rewrite {

/// A unified diff (3 lines of context) from `Original` to `Rewritten`, headed
/// with `Path`; empty when they are equal. A rewrite only inserts whole lines at
/// the top (the prologue) and text inside existing lines, so after the inserted
/// lines the two texts correspond line by line.
std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Original, llvm::StringRef Rewritten);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_UNIFIEDDIFF_H
