// Row signatures and whole-program disambiguation of row names.
#include "naming/row_names.hpp"

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>

#include <cxxabi.h>

#include <tsl/robin_map.h>

#include "pattern.hpp"
#include "pretty_function.hpp"
#include "signature.hpp"

namespace hotpath::detail {
namespace {

/// Which parts of a signature a name shows besides the qualified name.
struct Detail {
  bool parameters = false;
  bool qualifiers = false;  // shown after the parameters, as C++ spells them
  bool file = false;
};

/// The details tried in turn for rows sharing a name: the first under which every
/// row has a name of its own wins, so a suffix is as short as it can be.
constexpr Detail kDetails[] = {
    {true, false, false}, {true, true, false}, {false, false, true},
    {true, false, true},  {true, true, true},
};

std::string name_with(const names::SignatureParts& parts, Detail detail) {
  std::string name = parts.name;
  if (detail.parameters) name += parts.parameters;
  if (detail.qualifiers && !parts.qualifiers.empty()) name += " " + parts.qualifiers;
  if (detail.file && !parts.file.empty()) name += " [" + parts.file + "]";
  return name;
}

/// Names every row of `group` (rows sharing a name) with the least detail that
/// tells them apart; rows still alike (the same signature from distinct functions)
/// are numbered " #2", " #3"... in their order.
void name_group(const std::vector<std::size_t>& group, const std::vector<SiteSignature>& rows,
                const std::vector<names::SignatureParts>& parts, std::vector<std::string>& names) {
  const auto name_of = [&](std::size_t row, Detail detail) {
    return rows[row].user_named ? rows[row].signature : name_with(parts[row], detail);
  };
  for (const Detail detail : kDetails) {
    tsl::robin_map<std::string, std::size_t> seen;
    bool distinct = true;
    for (std::size_t row : group) distinct = ++seen[name_of(row, detail)] == 1 && distinct;
    if (!distinct) continue;
    for (std::size_t row : group) names[row] = name_of(row, detail);
    return;
  }
  bool alike = true;
  for (std::size_t row : group) alike = alike && rows[row].signature == rows[group[0]].signature;
  const Detail detail = alike ? Detail{} : kDetails[std::size(kDetails) - 1];
  tsl::robin_map<std::string, std::size_t> seen;
  for (std::size_t row : group) {
    names[row] = name_of(row, detail);
    const std::size_t ordinal = ++seen[names[row]];
    if (ordinal > 1) names[row] += " #" + std::to_string(ordinal);
  }
}

/// The locations of the lambdas among a site's type arguments, when g++ wrote
/// them as `(lambda)` (`main()::<lambda()>`); empty otherwise.
std::vector<std::string> lambda_locations_of(const SiteRecord& site,
                                             const names::LambdaLocations& registered) {
  const char* types = site.type_arguments();
  if (registered.empty() || site.type_argument_types_name() == nullptr || types == nullptr ||
      std::strstr(types, "<lambda(") == nullptr)
    return {};
  int status = 0;
  const std::unique_ptr<char, void (*)(void*)> demangled(
      abi::__cxa_demangle(site.type_argument_types_name(), nullptr, nullptr, &status), std::free);
  return demangled != nullptr ? registered.locate(demangled.get()) : std::vector<std::string>();
}

}  // namespace

SiteSignature signature_of(const SiteRecord& site, const NameRegistrations* registered,
                           names::BindingsCache* cache) {
  SiteSignature result;
  if (site.explicit_name() != nullptr) {
    result.signature = site.explicit_name();
    result.user_named = true;
    return result;
  }
  const char* pretty = site.pretty_function() != nullptr ? site.pretty_function() : "";
  const char* enclosing =
      site.enclosing_pretty_function() != nullptr ? site.enclosing_pretty_function() : "";
  if (site.signature() == nullptr) {
    result.signature = names::signature_of_pretty_function(pretty);
  } else {
    const char* types = site.type_arguments() != nullptr ? site.type_arguments() : "";
    const std::vector<std::string> lambdas =
        registered != nullptr ? lambda_locations_of(site, registered->lambda_locations)
                              : std::vector<std::string>();
    result.signature =
        names::resolve_pattern(site.signature(), {pretty, enclosing}, types,
                               registered != nullptr ? &registered->template_defaults : nullptr,
                               lambdas.empty() ? nullptr : &lambdas, cache);
  }
  return result;
}

std::vector<std::string> row_names(const std::vector<SiteSignature>& rows) {
  std::vector<names::SignatureParts> parts(rows.size());
  tsl::robin_map<std::string, std::vector<std::size_t>> by_name;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].user_named) {
      parts[i].name = rows[i].signature;
    } else {
      parts[i] = names::split_signature(rows[i].signature);
    }
    by_name[parts[i].name].push_back(i);
  }
  std::vector<std::string> names(rows.size());
  for (const auto& [name, group] : by_name) {
    if (group.size() == 1) {
      names[group[0]] = name;
    } else {
      name_group(group, rows, parts, names);
    }
  }
  return names;
}

}  // namespace hotpath::detail
