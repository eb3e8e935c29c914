// Report names of functions, as a C++ user writes them: `app::Worker::run`,
// `app::Stack<int>::push`, `app::(anonymous namespace)::helper`, and for lambdas,
// which Clang prints as `(anonymous class)::operator()`, the enclosing function's
// name followed by `(lambda at file:line)`.
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_FUNCTIONNAMES_H
#define HOTPATH_CLANG_PLUGIN_PLAN_FUNCTIONNAMES_H

#include <string>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/PrettyPrinter.h"

namespace hotpath::plan {

/// How names are printed: `(anonymous namespace)` kept, inline namespaces left
/// out (`std::vector`, not `std::__1::vector`), types as written.
clang::PrintingPolicy namePolicy(const clang::ASTContext& Ctx);

/// The fully qualified name of `Function`, with template arguments.
std::string qualifiedFunctionName(const clang::FunctionDecl& Function);

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_FUNCTIONNAMES_H
