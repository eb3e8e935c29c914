// What instrumented translation units registered for the names of rows: the
// default template arguments of their class templates and where their lambdas
// are (hotpath::DefaultTemplateArguments, hotpath::LambdaLocations).
#ifndef HOTPATH_RUNTIME_NAME_REGISTRATIONS_HPP
#define HOTPATH_RUNTIME_NAME_REGISTRATIONS_HPP

#include <cstddef>

#include "lambda_locations.hpp"
#include "template_defaults.hpp"

namespace hotpath::detail {

/// The entries of every hotpath::DefaultTemplateArguments constructed so far
/// (the first entry of a template counts).
names::TemplateDefaults registered_template_defaults();

/// The entries of every hotpath::LambdaLocations constructed so far.
names::LambdaLocations registered_lambda_locations();

/// How many entries of either kind were registered so far: entries are never
/// removed, so names resolved with the same count would resolve the same.
std::size_t registered_entry_count();

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_NAME_REGISTRATIONS_HPP
