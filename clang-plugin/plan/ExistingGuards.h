// Guards already written in a function's body. A source that clang-hotpath-rewrite
// instrumented, built again with the plugin (or rewritten again), and a function
// with both [[hotpath::measure]] and HOTPATH_MEASURE(), would otherwise be measured
// twice: every call counted twice, and a second session refused.
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_EXISTINGGUARDS_H
#define HOTPATH_CLANG_PLUGIN_PLAN_EXISTINGGUARDS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace hotpath::plan {

/// Who already measures a function from inside its body.
enum class ExistingGuard {
  None,
  Rewriter,  ///< the guard clang-hotpath-rewrite writes (`__hotpath_guard`)
  Macro,     ///< HOTPATH_MEASURE()
};

/// The braces around the statements the user wrote as `Function`'s body: the body,
/// a function-try-block's try block, or a coroutine's body as written; null when
/// it has none.
const clang::CompoundStmt* writtenBody(const clang::FunctionDecl& Function);

/// The guard among the statements at the top level of `Function`'s body that
/// measures the function itself. HOTPATH_MEASURE_BLOCK() measures a region under a
/// name of its own, so it is none.
ExistingGuard existingFunctionGuard(const clang::FunctionDecl& Function);

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_EXISTINGGUARDS_H
