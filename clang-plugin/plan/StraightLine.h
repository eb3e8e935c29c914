// Functions that cannot take long: measure-all leaves them out, as a guard would
// cost more than the function and keep it from being inlined.
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_STRAIGHTLINE_H
#define HOTPATH_CLANG_PLUGIN_PLAN_STRAIGHTLINE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace hotpath::plan {

/// True when `Function`'s time is bounded by its size: its body (and constructor
/// initializers) has no loop, no goto, no call (compiler builtins aside, memcpy-like
/// ones only with a constant size, calls of functions that never return such as a
/// failed assert's, and direct calls of straight-line functions defined earlier in
/// the translation unit), no construction or destruction of
/// an object with a non-trivial constructor or destructor, no new, delete, throw,
/// lambda or coroutine, and no expression whose type depends on template arguments
/// (a template's instantiation is judged by the template; a value that depends on
/// them, such as a bool parameter tested, is fine). Destructors never are: they
/// destroy members and bases.
bool isStraightLine(const clang::FunctionDecl& Function, clang::ASTContext& Ctx);

/// True for an instance of a template (or a member of one) that the compiler
/// instantiates where it is used, not one explicitly instantiated or specialized.
bool isImplicitInstance(const clang::FunctionDecl& Function);

/// isStraightLine() of a template's instance, judged as instantiated: its own body,
/// where nothing depends on template arguments any more, following the direct calls
/// of straight-line functions whatever the order of their definitions, deeper than
/// as written. Asked at the end of the translation unit, when the instances it
/// calls have their bodies.
bool isStraightLineAsInstantiated(const clang::FunctionDecl& Instance, clang::ASTContext& Ctx);

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_STRAIGHTLINE_H
