// The lambdas of a translation unit numbered as g++ numbers them in the mangled
// names of their types (`main::{lambda()#2}`), with where each is written. A g++
// build of clang-hotpath-rewrite's output registers them
// (include/hotpath/lambda_locations.hpp), so that a lambda passed as a template
// argument is named by its location there too (names/lambda_locations.hpp).
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_LAMBDANUMBERS_H
#define HOTPATH_CLANG_PLUGIN_PLAN_LAMBDANUMBERS_H

#include <string>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace hotpath::plan {

/// One lambda: the `Number`th (from 1) of the function `Context`.
struct NumberedLambda {
  std::string Context;   ///< the function, `app::v1::run(T, int)` (`main` for main)
  unsigned Number = 0;   ///< as g++ 12 numbers it: in the order they are written
  std::string Location;  ///< `(lambda at a.cpp:12)`
};

/// The lambdas written directly in the bodies of the functions defined where
/// `InScope` says, numbered as g++ numbers the lambdas of a function: in the
/// order they are written, whatever their parameters, those in a lambda or a
/// local class counting for that one. Functions whose lambdas g++ may number
/// otherwise in each instantiation (a template with a lambda in an
/// `if constexpr`) and lambdas in lambdas are left out.
std::vector<NumberedLambda> numberedLambdas(
    clang::ASTContext& Ctx, llvm::function_ref<bool(clang::SourceLocation)> InScope);

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_LAMBDANUMBERS_H
