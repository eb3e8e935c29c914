// The registry's own copy of a Site. A Site lives in the executable or shared
// library that holds its function, and a library can be unloaded (dlclose) before
// the report is made: everything a report reads of a site is copied when the site
// registers, so that the rows of an unloaded library stay in the report. A record
// also says where its Site is in its module, which a library loaded again keeps.
#ifndef HOTPATH_RUNTIME_SITE_RECORD_HPP
#define HOTPATH_RUNTIME_SITE_RECORD_HPP

#include <cstdint>
#include <memory>
#include <string>

#include "hotpath/site.hpp"

namespace hotpath::detail {

/// What a report reads of a registered Site, owned by the runtime. The accessors
/// answer as Site's do (null where the Site had null).
class SiteRecord {
 public:
  /// Copies `site` and finds the module it is in. May take the dynamic loader's
  /// lock (dladdr, for a library still being loaded): never call it while holding
  /// a lock that a library's initializer, which runs under the loader's lock, may
  /// wait for.
  static std::unique_ptr<SiteRecord> copy_of(const Site& site);
  /// A record of `site` as if it were at `offset` in the module `module`.
  static std::unique_ptr<SiteRecord> copy_of(const Site& site, std::string module,
                                             std::uintptr_t offset = 0);

  const char* explicit_name() const noexcept { return text(explicit_name_); }
  const char* signature() const noexcept { return text(signature_); }
  const char* file() const noexcept { return text(file_); }
  const char* pretty_function() const noexcept { return text(pretty_function_); }
  const char* enclosing_pretty_function() const noexcept {
    return text(enclosing_pretty_function_);
  }
  const char* type_arguments() const noexcept { return text(type_arguments_); }
  /// The mangled name of Site::type_argument_types(), or null.
  const char* type_argument_types_name() const noexcept { return text(type_argument_types_name_); }
  std::uint32_t line() const noexcept { return line_; }
  /// The path of the executable or shared library the site is in (empty when the
  /// loader does not know it). A library loaded again has the same path.
  const std::string& module() const noexcept { return module_; }
  /// Where the Site is in its module (its address less the module's load address):
  /// the same in every load of the module.
  std::uintptr_t offset_in_module() const noexcept { return offset_in_module_; }

 private:
  /// A copied string; `present` is false where the Site had null.
  struct Text {
    bool present = false;
    std::string value;
  };
  static Text copy(const char* text);
  static const char* text(const Text& copied) noexcept {
    return copied.present ? copied.value.c_str() : nullptr;
  }

  Text explicit_name_;
  Text signature_;
  Text file_;
  Text pretty_function_;
  Text enclosing_pretty_function_;
  Text type_arguments_;
  Text type_argument_types_name_;
  std::uint32_t line_ = 0;
  std::string module_;
  std::uintptr_t offset_in_module_ = 0;
};

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_SITE_RECORD_HPP
