// Manual instrumentation, for code built without the plugin. With HOTPATH_DISABLE
// defined every macro compiles to nothing.
#ifndef HOTPATH_MACROS_HPP
#define HOTPATH_MACROS_HPP

#include "hotpath/detail/platform.hpp"

#if defined(HOTPATH_DISABLE)

#define HOTPATH_MEASURE() static_cast<void>(0)
#define HOTPATH_MEASURE_BLOCK(label) static_cast<void>(0)

#else

#include "hotpath/scope_guard.hpp"
#include "hotpath/site.hpp"

#define HOTPATH_DETAIL_GUARD(name_expr, pretty_expr, id)                                        \
  static ::hotpath::Site HOTPATH_DETAIL_CONCAT(hotpath_site_, id)(name_expr, nullptr, __FILE__, \
                                                                  __LINE__, pretty_expr);       \
  const ::hotpath::ScopeGuard HOTPATH_DETAIL_CONCAT(hotpath_guard_,                             \
                                                    id)(HOTPATH_DETAIL_CONCAT(hotpath_site_, id))

/// Measures the enclosing function until the end of the scope; the row's name is
/// the function's qualified name, taken from the compiler.
#define HOTPATH_MEASURE() HOTPATH_DETAIL_GUARD(nullptr, __PRETTY_FUNCTION__, __COUNTER__)

/// Measures from here to the end of the enclosing scope as a row named `label`.
#define HOTPATH_MEASURE_BLOCK(label) HOTPATH_DETAIL_GUARD(label, nullptr, __COUNTER__)

#endif

#endif  // HOTPATH_MACROS_HPP
