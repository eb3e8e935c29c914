// Time sampling: what a function's timed calls recorded, scaled to all its calls.
#ifndef HOTPATH_RUNTIME_UNTIMED_SCALE_HPP
#define HOTPATH_RUNTIME_UNTIMED_SCALE_HPP

#include <cstdint>
#include <limits>

namespace hotpath::detail {

/// Scales a sum over a function's timed calls to an estimate over all its calls:
/// each timed call stands for calls / timed_calls of them. Identity when every call
/// was timed.
struct UntimedScale {
  std::uint64_t calls = 1;
  std::uint64_t timed_calls = 1;

  std::uint64_t operator()(std::uint64_t timed_sum) const noexcept {
    if (timed_calls == calls || timed_calls == 0) return timed_sum;
    // In long double (64 bits of mantissa or more): a sum of ticks times a count of
    // calls can pass 2^64.
    const long double scaled = static_cast<long double>(timed_sum) *
                               static_cast<long double>(calls) /
                               static_cast<long double>(timed_calls);
    constexpr auto kMax = std::numeric_limits<std::uint64_t>::max();
    return scaled >= static_cast<long double>(kMax) ? kMax : static_cast<std::uint64_t>(scaled);
  }
};

/// How a function's call-tree figures scale to all its calls: its calls by calls
/// over timed calls, its durations like the function's row.
struct SiteScale {
  UntimedScale calls;
  UntimedScale total_ticks;
  UntimedScale self_ticks;
};

/// A sum over a function's calls, estimated for all of them from its timed calls
/// when some were untimed: `exact_sum`, the part recorded by the `exact_calls`
/// timed calls that stand for themselves only, plus the rest scaled to the rest of
/// the calls. `timed_calls` of `calls` were timed; `sum` is over all timed calls.
inline std::uint64_t estimate_for_all_calls(std::uint64_t calls, std::uint64_t timed_calls,
                                            std::uint64_t exact_calls, std::uint64_t sum,
                                            std::uint64_t exact_sum) noexcept {
  // No timed call beyond the exact ones: they are all there is to scale.
  if (exact_calls >= timed_calls || exact_sum > sum) return UntimedScale{calls, timed_calls}(sum);
  return exact_sum + UntimedScale{calls - exact_calls, timed_calls - exact_calls}(sum - exact_sum);
}

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_UNTIMED_SCALE_HPP
