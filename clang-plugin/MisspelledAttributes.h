// "Did you mean" for misspelled hotpath attributes. Clang warns about
// `[[hotpath::mesure]]` as about any unknown attribute, and no plugin hook sees it:
// this diagnostic consumer, put in front of the compiler's own, forwards every
// diagnostic and notes those that name an unknown attribute in the `hotpath` scope.
// A diagnostic cannot be reported while one is being handled, so the suggestions
// are reported afterwards, by reportPending().
#ifndef HOTPATH_CLANG_PLUGIN_MISSPELLEDATTRIBUTES_H
#define HOTPATH_CLANG_PLUGIN_MISSPELLEDATTRIBUTES_H

#include <memory>
#include <string>
#include <vector>

#include "clang/Basic/Diagnostic.h"

namespace hotpath {

class MisspelledAttributes : public clang::DiagnosticConsumer {
 public:
  /// Puts itself in front of `Diags`'s consumer, until it is destroyed.
  explicit MisspelledAttributes(clang::DiagnosticsEngine& Diags);
  ~MisspelledAttributes() override;
  MisspelledAttributes(const MisspelledAttributes&) = delete;
  MisspelledAttributes& operator=(const MisspelledAttributes&) = delete;

  /// Warns, with a fix-it, about each misspelled attribute seen since the last call.
  void reportPending();

  void BeginSourceFile(const clang::LangOptions& LangOpts, const clang::Preprocessor* PP) override;
  void EndSourceFile() override;
  void finish() override;
  bool IncludeInDiagnosticCounts() const override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic& Info) override;

 private:
  struct Misspelling {
    clang::CharSourceRange Name;
    std::string Written;
    std::string Meant;
  };

  clang::DiagnosticsEngine& Diags;
  clang::DiagnosticConsumer* Inner;
  std::unique_ptr<clang::DiagnosticConsumer> OwnedInner;
  std::vector<Misspelling> Pending;
};

}  // namespace hotpath

#endif  // HOTPATH_CLANG_PLUGIN_MISSPELLEDATTRIBUTES_H
