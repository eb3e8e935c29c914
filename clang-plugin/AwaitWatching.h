// Routes each suspension point of a measured coroutine through its guard: every
// `co_await` and `co_yield` of the body becomes a co_await of
//   hotpath::detail::watch_await(__hotpath_guard, <the awaiter it obtained>)
// rebuilt through Sema, after await_transform and operator co_await were applied,
// so that the coroutine's promise sees exactly what it saw before. The guard then
// learns when the coroutine suspends and when it resumes.
#ifndef HOTPATH_CLANG_PLUGIN_AWAITWATCHING_H
#define HOTPATH_CLANG_PLUGIN_AWAITWATCHING_H

#include "clang/AST/StmtCXX.h"
#include "clang/Sema/Sema.h"

namespace hotpath {

/// Wraps every suspension point of `Body`, the statements of the coroutine
/// `Function` (whose coroutine body is `Coroutine`), with `Guard`. Call it in the
/// function's context and scope. All or nothing: when one suspension point cannot
/// be wrapped (or cannot be reached), `Body` is left as it was and it returns
/// false, and the guard must not expect to be told of suspensions.
bool watchAwaits(clang::Sema& S, clang::CoroutineBodyStmt& Coroutine, clang::Stmt*& Body,
                 clang::VarDecl& Guard, clang::NamespaceDecl& Hotpath);

}  // namespace hotpath

#endif  // HOTPATH_CLANG_PLUGIN_AWAITWATCHING_H
