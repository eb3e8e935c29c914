// The default template arguments instrumented translation units registered.
#ifndef HOTPATH_RUNTIME_DEFAULT_TEMPLATE_ARGUMENTS_HPP
#define HOTPATH_RUNTIME_DEFAULT_TEMPLATE_ARGUMENTS_HPP

#include "template_defaults.hpp"

namespace hotpath::detail {

/// The entries of every hotpath::DefaultTemplateArguments constructed so far
/// (the first entry of a template counts).
names::TemplateDefaults registered_template_defaults();

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_DEFAULT_TEMPLATE_ARGUMENTS_HPP
