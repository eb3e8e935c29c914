// The default template arguments of the class templates a translation unit
// uses. GCC spells some specializations with their default arguments
// (`fmt::join_view<int *, int *, char>`) where Clang leaves them out; so that a
// g++ build names rows as the plugin does, clang-hotpath-rewrite writes these at
// the end of every source it instruments, and the report leaves arguments equal
// to their defaults out of names.
#ifndef HOTPATH_DEFAULT_TEMPLATE_ARGUMENTS_HPP
#define HOTPATH_DEFAULT_TEMPLATE_ARGUMENTS_HPP

#include "hotpath/detail/platform.hpp"

namespace hotpath {

/// Registers the parameter lists of class templates when constructed; must have
/// static storage duration. An entry is a template's qualified name and its
/// parameters as a signature pattern writes them, or an explicit specialization
/// as Clang's __PRETTY_FUNCTION__ spells it (with the arguments its declaration
/// writes) and as its arguments are:
///
///   static const char* const entries[] = {"app::Map<${K}, ${V=std::string}>",
///                                         "std::hash<string> = std::hash<std::string>", nullptr};
///   static const hotpath::DefaultTemplateArguments defaults(entries);
class HOTPATH_API DefaultTemplateArguments {
 public:
  /// `entries`: a null-terminated array of entries, copied.
  explicit DefaultTemplateArguments(const char* const* entries) noexcept;
};

}  // namespace hotpath

#endif  // HOTPATH_DEFAULT_TEMPLATE_ARGUMENTS_HPP
