// Copies of registered sites.
#include "site_record.hpp"

#include <dlfcn.h>

#include <utility>

namespace hotpath::detail {

SiteRecord::Text SiteRecord::copy(const char* text) {
  Text copied;
  if (text != nullptr) {
    copied.present = true;
    copied.value = text;
  }
  return copied;
}

std::unique_ptr<SiteRecord> SiteRecord::copy_of(const Site& site) {
  Dl_info info{};
  if (dladdr(&site, &info) == 0 || info.dli_fname == nullptr) return copy_of(site, "");
  const auto address = reinterpret_cast<std::uintptr_t>(&site);
  return copy_of(site, info.dli_fname, address - reinterpret_cast<std::uintptr_t>(info.dli_fbase));
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
