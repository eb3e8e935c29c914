// Injects a planned guard into a function's body through Sema, before code
// generation sees the function:
//   static hotpath::Site __hotpath_site("name", "signature", "file", line);
//   hotpath::ScopeGuard __hotpath_guard(__hotpath_site);
// (hotpath::MainGuard __hotpath_guard("main", "options", "file", line) for
// [[hotpath::main]]). Overload resolution and the marking of constructors and
// destructors as used are Sema's, exactly as for code the user wrote.
#ifndef HOTPATH_CLANG_PLUGIN_GUARDINJECTOR_H
#define HOTPATH_CLANG_PLUGIN_GUARDINJECTOR_H

#include "clang/Sema/Sema.h"
#include "plan/InstrumentationPlan.h"

namespace hotpath {

class GuardInjector {
 public:
  explicit GuardInjector(clang::Sema& S) : S(S) {}

  /// Injects the guard, whose site names the row by `Signature` (the complete
  /// signature; empty for a row the user named). False (with an error) when the
  /// runtime's types are missing.
  bool inject(const plan::PlannedFunction& Planned, const std::string& Signature);

 private:
  clang::CXXRecordDecl* findRuntimeClass(llvm::StringRef Name, clang::SourceLocation Where);
  clang::VarDecl* makeVariable(clang::FunctionDecl& Function, llvm::StringRef Name,
                               clang::CXXRecordDecl& Type, clang::StorageClass Storage,
                               bool Constexpr, llvm::ArrayRef<clang::Expr*> Args,
                               clang::SourceLocation Where);

  /// The guard of a coroutine, whose suspension points in `Statements` are made to
  /// report to it when all of them can be (AwaitWatching.h).
  clang::VarDecl* makeCoroutineGuard(clang::FunctionDecl& Function, clang::CompoundStmt& Statements,
                                     clang::VarDecl& Site, clang::CXXRecordDecl& GuardClass);

  clang::Sema& S;
  clang::NamespaceDecl* HotpathNamespace = nullptr;
  bool ReportedMissingRuntime = false;
};

}  // namespace hotpath

#endif  // HOTPATH_CLANG_PLUGIN_GUARDINJECTOR_H
