// Bodies whose `{` comes from a macro (`auto f() FMT_DECLTYPE_RETURN(x)`, a mock
// method, a lambda in a macro's text): a guard cannot be written into the macro's
// text, so the invocation is replaced by its expansion, the tokens the parser
// got, on the invocation's lines, with the guards after the braces.
#ifndef HOTPATH_REWRITER_MACROBODIES_H
#define HOTPATH_REWRITER_MACROBODIES_H

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "FileEdits.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace hotpath::rewrite {

class MacroBodies {
 public:
  /// Records the tokens macros expand to from now on; `Preprocessor` must
  /// outlive this object, and must not have started.
  explicit MacroBodies(clang::Preprocessor& Preprocessor);

  /// Plans `Guard` after the `{` at `Brace` of the function `Name`, a location in
  /// a macro expansion whose outermost invocation is in a file. False when it is not.
  bool plan(clang::SourceLocation Brace, const std::string& Guard, const std::string& Name);

  /// Writes the expansion of each invocation with guards planned into the edits
  /// of its file; `NotInstrumented` is told of each function whose guard could not
  /// be written (the expansion has a `_Pragma`, which has no tokens to write, or
  /// annotation tokens).
  void write(
      llvm::function_ref<FileEdits&(clang::FileID)> EditsOf,
      llvm::function_ref<void(clang::SourceLocation, const std::string&)> NotInstrumented) const;

 private:
  struct Guard {
    clang::SourceLocation Brace;
    std::string Text;
    std::string Function;
  };
  struct Invocation {
    clang::CharSourceRange Range;  ///< in the file
    std::vector<Guard> Guards;
  };

  clang::Preprocessor& Preprocessor;
  std::vector<clang::Token> Expanded;  ///< tokens from macro expansions, in order
  llvm::DenseSet<clang::SourceLocation::UIntTy> Seen;
  /// Where the invocations start that have a `_Pragma` in their expansion.
  std::shared_ptr<llvm::DenseSet<clang::SourceLocation::UIntTy>> WithPragmas;
  std::map<std::pair<clang::FileID, unsigned>, Invocation> Invocations;
};

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_MACROBODIES_H
