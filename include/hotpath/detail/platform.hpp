// Compiler and visibility helpers shared by the public headers. The headers are
// included into instrumented user code, so they must stay C++11 and warning-free
// under -Wall -Wextra -Wshadow -pedantic.
#ifndef HOTPATH_DETAIL_PLATFORM_HPP
#define HOTPATH_DETAIL_PLATFORM_HPP

#if defined(HOTPATH_BUILDING_RUNTIME)
#define HOTPATH_API __attribute__((visibility("default")))
#else
#define HOTPATH_API
#endif

#define HOTPATH_LIKELY(x) __builtin_expect(!!(x), 1)
#define HOTPATH_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define HOTPATH_ALWAYS_INLINE inline __attribute__((always_inline))
#define HOTPATH_NOINLINE __attribute__((noinline))

#if __cplusplus >= 201703L
#define HOTPATH_NODISCARD [[nodiscard]]
#else
#define HOTPATH_NODISCARD __attribute__((warn_unused_result))
#endif

#define HOTPATH_DETAIL_CONCAT2(a, b) a##b
#define HOTPATH_DETAIL_CONCAT(a, b) HOTPATH_DETAIL_CONCAT2(a, b)

#endif  // HOTPATH_DETAIL_PLATFORM_HPP
