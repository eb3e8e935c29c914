// hotpath's own warnings (see the header).
#include "plan/Warnings.h"

namespace hotpath::plan {

std::optional<clang::DiagnosticBuilder> reportWarning(clang::DiagnosticsEngine& Diags,
                                                      clang::SourceLocation Where,
                                                      llvm::StringRef Message) {
  if (Diags.getIgnoreAllWarnings()) return std::nullopt;
  const auto Level = Diags.getWarningsAsErrors() ? clang::DiagnosticsEngine::Error
                                                 : clang::DiagnosticsEngine::Warning;
  clang::DiagnosticBuilder Warning = Diags.Report(Where, Diags.getCustomDiagID(Level, "%0"));
  Warning << Message;
  return Warning;
}

}  // namespace hotpath::plan
