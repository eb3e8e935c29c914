// Copies of registered sites.
#include "core/site_record.hpp"

#include <dlfcn.h>
#include <link.h>

#include <cerrno>
#include <utility>

namespace hotpath::detail {
namespace {

/// The module that holds an address: its path and where it is loaded.
struct Module {
  std::string path;
  std::uintptr_t base = 0;
};

/// Finds the module of `address` with dladdr, which also looks for the nearest
/// symbol: it walks the module's whole dynamic symbol table, tens of microseconds
/// in a large program.
bool module_by_symbols(const void* address, Module& module) {
  Dl_info info{};
  if (dladdr(address, &info) == 0 || info.dli_fname == nullptr) return false;
  module = {info.dli_fname, reinterpret_cast<std::uintptr_t>(info.dli_fbase)};
  return true;
}

/// Finds the module of `address` among the loader's sorted list of mappings,
/// without a lock and without reading symbols: a measure-all program registers
/// thousands of sites. It does not find a library whose dlopen is still running
/// its initializers; dladdr does.
bool module_by_mapping(const void* address, Module& module) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
  dl_find_object found{};
  if (_dl_find_object(const_cast<void*>(address), &found) != 0 || found.dlfo_link_map == nullptr)
    return false;
  const char* path = found.dlfo_link_map->l_name;
  // The main program's entry has no name; dladdr names it as it was started.
  if (path == nullptr || path[0] == '\0') path = program_invocation_name;
  module = {path, reinterpret_cast<std::uintptr_t>(found.dlfo_map_start)};
  return true;
#else
  (void)address;
  (void)module;
  return false;
#endif
}

}  // namespace

SiteRecord::Text SiteRecord::copy(const char* text) {
  Text copied;
  if (text != nullptr) {
    copied.present = true;
    copied.value = text;
  }
  return copied;
}

std::unique_ptr<SiteRecord> SiteRecord::copy_of(const Site& site) {
  Module module;
  if (!module_by_mapping(&site, module) && !module_by_symbols(&site, module))
    return copy_of(site, "");
  const auto address = reinterpret_cast<std::uintptr_t>(&site);
  return copy_of(site, std::move(module.path), address - module.base);
}

std::unique_ptr<SiteRecord> SiteRecord::copy_of(const Site& site, std::string module,
                                                std::uintptr_t offset) {
  auto record = std::make_unique<SiteRecord>();
  record->explicit_name_ = copy(site.explicit_name());
  record->signature_ = copy(site.signature());
  record->file_ = copy(site.file());
  record->pretty_function_ = copy(site.pretty_function());
  record->enclosing_pretty_function_ = copy(site.enclosing_pretty_function());
  record->type_arguments_ = copy(site.type_arguments());
  if (const std::type_info* types = site.type_argument_types())
    record->type_argument_types_name_ = copy(types->name());
  record->line_ = site.line();
  record->module_ = std::move(module);
  record->offset_in_module_ = offset;
  return record;
}

}  // namespace hotpath::detail
