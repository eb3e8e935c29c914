// Finds the function definitions in what Clang hands an AST consumer: functions,
// the contents of namespaces, linkage specifications and classes, and the lambdas
// in bodies and initializers (lambdas, those of template instantiations included,
// never reach a consumer on their own). The plugin and the rewriter both walk with
// it, so they see the same functions.
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_DEFINITIONWALKER_H
#define HOTPATH_CLANG_PLUGIN_PLAN_DEFINITIONWALKER_H

#include <functional>

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace hotpath::plan {

class DefinitionWalker {
 public:
  /// `Visit` is called for every function definition found (it may be called
  /// again for a function seen before; the planner decides each function once).
  explicit DefinitionWalker(std::function<void(clang::FunctionDecl&)> Visit)
      : Visit(std::move(Visit)) {}

  /// A declaration from HandleTopLevelDecl.
  void walkDecl(clang::Decl* D);
  /// A function definition, e.g. from HandleInlineFunctionDefinition.
  void walkFunction(clang::FunctionDecl* Function);

 private:
  void walkLambdasIn(clang::Stmt* Code);

  std::function<void(clang::FunctionDecl&)> Visit;
};

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_DEFINITIONWALKER_H
