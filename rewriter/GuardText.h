// The text clang-hotpath-rewrite writes into a source file: the guard after a
// body's `{` (the same guard the plugin injects into the AST) and the prologue
// that includes the runtime and keeps line numbers and file names.
#ifndef HOTPATH_REWRITER_GUARDTEXT_H
#define HOTPATH_REWRITER_GUARDTEXT_H

#include <string>

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringRef.h"
#include "plan/InstrumentationPlan.h"

namespace hotpath::rewrite {

/// A C string literal with `Text` in it.
std::string quoted(llvm::StringRef Text);

/// True when the function's text is shared by several instantiations: a template
/// instantiation, a member of one, or anything defined inside one.
bool isFromTemplate(const clang::FunctionDecl& Function);

/// The guard text written after the `{` (starts with a space, one line).
std::string guardText(const plan::PlannedFunction& Planned, bool FromTemplate);

/// True when the text after a `{` already starts with a hotpath guard.
bool alreadyInstrumented(llvm::StringRef After);

/// "#include <hotpath/hotpath.hpp>" and "#line 1 \"<file>\"", two lines.
std::string prologue(llvm::StringRef OriginalFileName);
/// True when `Source` already starts with a prologue.
bool hasPrologue(llvm::StringRef Source);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_GUARDTEXT_H
