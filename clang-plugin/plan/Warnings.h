// hotpath's own warnings. Clang 19 applies no warning options to custom
// diagnostics, so -w and -Werror are applied here: the warnings behave like Clang's.
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_WARNINGS_H
#define HOTPATH_CLANG_PLUGIN_PLAN_WARNINGS_H

#include <optional>

#include "clang/Basic/Diagnostic.h"

namespace hotpath::plan {

/// Starts the warning `Message` at `Where` (an error under -Werror; nothing under
/// -w); a fix-it can be streamed into it before it is emitted.
std::optional<clang::DiagnosticBuilder> reportWarning(clang::DiagnosticsEngine& Diags,
                                                      clang::SourceLocation Where,
                                                      llvm::StringRef Message);

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_WARNINGS_H
