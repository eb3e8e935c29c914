// Where clang-hotpath-rewrite routes a coroutine's suspension points through its
// guard, as text: each `co_await x` becomes
//   co_await ::hotpath::detail::watch_operand(__hotpath_guard, x)
// which applies operator co_await to x as co_await would. Text cannot reach what
// await_transform returns, nor the awaiter of a co_yield: a coroutine whose promise
// has await_transform, or that yields, keeps a guard that measures its logical
// life only (the Clang plugin wraps those too).
#ifndef HOTPATH_REWRITER_AWAITEDITS_H
#define HOTPATH_REWRITER_AWAITEDITS_H

#include <optional>
#include <string>
#include <vector>

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/FunctionExtras.h"

namespace hotpath::rewrite {

/// The operand of one `co_await`, from its first character to just after it.
struct AwaitOperand {
  clang::SourceLocation Begin;
  clang::SourceLocation End;
};

/// The operands of the co_awaits of the coroutine `Function` (an instantiation
/// or a plain function), when every suspension point of its body can be wrapped
/// as text in a file `Writable` accepts; nothing otherwise.
std::optional<std::vector<AwaitOperand>> wrappableAwaits(
    const clang::FunctionDecl& Function, const clang::SourceManager& SM,
    const clang::LangOptions& LangOpts, llvm::function_ref<bool(clang::SourceLocation)> Writable);

/// The text written before an operand, for the guard named `GuardName`.
std::string watchOperandPrefix(const std::string& GuardName);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_AWAITEDITS_H
