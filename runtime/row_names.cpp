// Row signatures and whole-program disambiguation of row names.
#include "row_names.hpp"

#include <tsl/robin_map.h>

#include "pattern.hpp"
#include "pretty_function.hpp"
#include "signature.hpp"

namespace hotpath::detail {
namespace {

/// How much of a signature a name shows.
enum class Detail { Name, Parameters, Qualifiers, File, Ordinal };

std::string name_with(const names::SignatureParts& parts, Detail detail) {
  std::string name = parts.name;
  if (detail >= Detail::Parameters) name += parts.parameters;
  if (detail >= Detail::Qualifiers && !parts.qualifiers.empty()) name += " " + parts.qualifiers;
  if (detail >= Detail::File && !parts.file.empty()) name += " [" + parts.file + "]";
  return name;
}

}  // namespace

SiteSignature signature_of(const Site& site) {
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
    result.signature = names::resolve_pattern(site.signature(), pretty, enclosing);
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
      continue;
    }
    // The least detail under which every row of the group has a name of its own.
    for (Detail detail : {Detail::Parameters, Detail::Qualifiers, Detail::File, Detail::Ordinal}) {
      tsl::robin_map<std::string, std::size_t> seen;
      for (std::size_t row : group) {
        names[row] = rows[row].user_named ? rows[row].signature : name_with(parts[row], detail);
        if (detail == Detail::Ordinal && seen.count(names[row]) != 0)
          names[row] += " #" + std::to_string(seen[names[row]] + 1);
        ++seen[name_with(parts[row], detail)];
      }
      if (detail == Detail::Ordinal) break;
      bool distinct = true;
      for (const auto& entry : seen) distinct = distinct && entry.second == 1;
      if (distinct) break;
    }
  }
  return names;
}

}  // namespace hotpath::detail
