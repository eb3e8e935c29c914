// The front end of clang-hotpath-rewrite: parses each file, asks the plugin's
// instrumentation plan what to measure, and produces the rewritten text.
//
//   file => AST => planned functions => edits after `{` => rewritten text
#ifndef HOTPATH_REWRITER_SOURCEREWRITER_H
#define HOTPATH_REWRITER_SOURCEREWRITER_H

#include <map>
#include <memory>
#include <string>

#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"

namespace hotpath::rewrite {

/// What happened to one input.
struct FileResult {
  bool Compiled = false;
  std::string FirstError;  ///< "file:line:col: message" of the first error
  std::string Original;
  std::string Rewritten;
  unsigned Instrumented = 0;
};

/// Prints diagnostics as clang does and remembers the first error of the file
/// being processed.
class RecordingPrinter : public clang::TextDiagnosticPrinter {
 public:
  using clang::TextDiagnosticPrinter::TextDiagnosticPrinter;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic& Info) override {
    clang::TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error || !FirstError.empty()) return;
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      const clang::SourceManager& SM = Info.getSourceManager();
      const clang::PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Info.getLocation()));
      if (Where.isValid()) {
        FirstError = std::string(Where.getFilename()) + ":" + std::to_string(Where.getLine()) +
                     ":" + std::to_string(Where.getColumn()) + ": ";
      }
    }
    FirstError += std::string(Message);
  }

  std::string takeFirstError() { return std::exchange(FirstError, std::string()); }

 private:
  std::string FirstError;
};

/// The action factory for ClangTool: results land in `Results`, keyed by the
/// absolute path of each file.
std::unique_ptr<clang::tooling::FrontendActionFactory> makeRewriteActionFactory(
    std::map<std::string, FileResult>& Results, RecordingPrinter& Printer);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_SOURCEREWRITER_H
