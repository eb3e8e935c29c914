// The static descriptor of one measured function or block. Instrumented code emits
// one constant-initialized Site per function (per template instantiation when it is
// declared inside a template); the runtime registers it lazily on first use. Within
// one executable or shared library a Site is one function; the report merges the
// Sites of one function that several libraries hold copies of by their signature.
#ifndef HOTPATH_SITE_HPP
#define HOTPATH_SITE_HPP

#include <atomic>
#include <cstdint>
#include <typeinfo>

namespace hotpath {

/// Describes one measured function or block: what its row is named by, and its
/// source location. Must have static storage duration; it is never copied.
///
///   static hotpath::Site site(nullptr, "app::parse(const char *)", __FILE__, __LINE__);
class Site {
 public:
  /// - `name`: a row name the user chose (rows with the same name are one row),
  ///   or null for a function's own name.
  /// - `signature`: the function's canonical signature; when it is a pattern
  ///   (`${T}` placeholders for template parameters), `pretty_function` (the
  ///   function's `__PRETTY_FUNCTION__`) completes it, and for a lambda in a
  ///   template, `enclosing_pretty_function` (that of the function around it).
  ///   Null when only `pretty_function` is known (the HOTPATH_MEASURE() macro).
  /// - `type_arguments`: `TypeArguments<...>::text()` for the type parameters the
  ///   pattern lists in `${types=...}`, taken before those of `pretty_function`.
  /// - `type_argument_types`: `TypeArguments<...>::types()`, whose mangled name
  ///   numbers the lambdas among them (null without RTTI).
  constexpr Site(const char* name, const char* signature, const char* file, std::uint32_t line,
                 const char* pretty_function = nullptr,
                 const char* enclosing_pretty_function = nullptr,
                 const char* type_arguments = nullptr,
                 const std::type_info* type_argument_types = nullptr) noexcept
      : name_(name),
        signature_(signature),
        file_(file),
        pretty_function_(pretty_function),
        enclosing_pretty_function_(enclosing_pretty_function),
        type_arguments_(type_arguments),
        type_argument_types_(type_argument_types),
        line_(line),
        id_(0) {}

  Site(const Site&) = delete;
  Site& operator=(const Site&) = delete;

  /// The user's row name, or null.
  const char* explicit_name() const noexcept { return name_; }
  /// The canonical signature or signature pattern, or null.
  const char* signature() const noexcept { return signature_; }
  const char* file() const noexcept { return file_; }
  /// The compiler's pretty function string, or null.
  const char* pretty_function() const noexcept { return pretty_function_; }
  /// The pretty function of the function around a lambda, or null.
  const char* enclosing_pretty_function() const noexcept { return enclosing_pretty_function_; }
  /// The pretty function of a TypeArguments instantiation, or null.
  const char* type_arguments() const noexcept { return type_arguments_; }
  /// The type_info of a pointer to that TypeArguments instantiation, or null.
  const std::type_info* type_argument_types() const noexcept { return type_argument_types_; }
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
  const char* pretty_function_;
  const char* enclosing_pretty_function_;
  const char* type_arguments_;
  const std::type_info* type_argument_types_;
  std::uint32_t line_;
  // Mutable so that a site can be a `static constexpr` local, which C++20 constant
  // evaluation accepts in a constexpr function (objects with a mutable member are
  // never placed in read-only memory).
  mutable std::atomic<std::uint32_t> id_;
};

/// The arguments of a template parameter pack, as one type for TypeArguments.
template <class... Types>
struct TypePack;

/// The argument of a template template parameter, or those of a pack of them, as
/// one type for TypeArguments: `TemplateNames<Handler>`, `TemplateNames<Hs...>`.
/// It takes the templates whose parameters are all types.
template <template <class...> class... Templates>
struct TemplateNames;

/// The argument of a non-type template parameter, as one type for TypeArguments:
/// `Value<decltype(N), N>`. Clang's pretty function of a member of a local class
/// in a function template, or of a partial specialization, leaves some of them
/// out.
template <class Type, Type Argument>
struct Value;

/// Spells template arguments whole. In a function's own pretty function g++
/// writes types relative to the function's namespace (`Tick` for `app::Tick` in
/// `app::call`); in a member of this class it writes them in full. The rewriter
/// passes a list of them to a template's Site, one parameter after the other:
/// `TypeArguments<K, TypeArguments<TypePack<Ts...>, void>>::text()`; a template
/// template parameter is passed as `TemplateNames<H>`.
template <class Type, class Rest>
struct TypeArguments {
  /// "... [with Type = app::Tick; Rest = void]" (g++), "... [Type = app::Tick,
  /// Rest = void]" (Clang).
  static constexpr const char* text() noexcept { return __PRETTY_FUNCTION__; }

  /// The type of a pointer to this list (which needs no complete argument):
  /// g++'s pretty function writes a lambda as `main()::<lambda()>`, the mangled
  /// name of its type says which lambda of `main` it is. Null without RTTI.
  static constexpr const std::type_info* types() noexcept {
#if defined(__GXX_RTTI) || defined(__cpp_rtti)
    return &typeid(TypeArguments*);
#else
    return nullptr;
#endif
  }
};

}  // namespace hotpath

#endif  // HOTPATH_SITE_HPP
