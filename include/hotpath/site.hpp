// The static descriptor of one measured function or block. Instrumented code emits
// one constant-initialized Site per function (per template instantiation when it is
// declared inside a template); the runtime registers it lazily on first use.
#ifndef HOTPATH_SITE_HPP
#define HOTPATH_SITE_HPP

#include <atomic>
#include <cstdint>

namespace hotpath {

/// Describes one measured function or block: its report name and source location.
/// Must have static storage duration; it is never copied.
///
///   static hotpath::Site site("app::parse", __PRETTY_FUNCTION__, __FILE__, __LINE__);
class Site {
 public:
  /// `display_name` is the row's name; when null it is derived from `signature`,
  /// which is the compiler's pretty function string (e.g. `__PRETTY_FUNCTION__`).
  /// `signature` is also what tells two overloads with the same name apart.
  ///
  /// With `enclosing_signature` (the pretty function of the function a lambda is
  /// written in), `display_name` is relative to it: the row is named
  /// "<enclosing function>::<display_name>", followed by the lambda's own template
  /// arguments (taken from `signature`) when it is generic. clang-hotpath-rewrite
  /// names lambdas inside templates so, as the plugin does.
  constexpr Site(const char* display_name, const char* signature, const char* file,
                 std::uint32_t line, const char* enclosing_signature = nullptr) noexcept
      : name_(display_name),
        signature_(signature),
        file_(file),
        enclosing_signature_(enclosing_signature),
        line_(line),
        id_(0) {}

  Site(const Site&) = delete;
  Site& operator=(const Site&) = delete;

  /// The explicit row name, or null when it comes from the signature.
  const char* explicit_name() const noexcept { return name_; }
  /// The compiler's pretty function string, or null for a labelled block.
  const char* signature() const noexcept { return signature_; }
  const char* file() const noexcept { return file_; }
  /// The pretty function of the function around a lambda, or null.
  const char* enclosing_signature() const noexcept { return enclosing_signature_; }
  std::uint32_t line() const noexcept { return line_; }

  /// Process-wide id assigned at registration; 0 until then.
  std::uint32_t id() const noexcept { return id_.load(std::memory_order_acquire); }
  /// Used by the runtime's registry only.
  void assign_id(std::uint32_t value) const noexcept {
    id_.store(value, std::memory_order_release);
  }

 private:
  const char* name_;
  const char* signature_;
  const char* file_;
  const char* enclosing_signature_;
  std::uint32_t line_;
  // Mutable so that a site can be a `static constexpr` local, which C++20 constant
  // evaluation accepts in a constexpr function (objects with a mutable member are
  // never placed in read-only memory).
  mutable std::atomic<std::uint32_t> id_;
};

}  // namespace hotpath

#endif  // HOTPATH_SITE_HPP
