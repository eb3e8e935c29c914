// hotpath for C++: the one header to include. Instrumented code (plugin or
// rewriter) and manual instrumentation both need only this.
#ifndef HOTPATH_HOTPATH_HPP
#define HOTPATH_HOTPATH_HPP

#include "hotpath/coroutine_guard.hpp"
#include "hotpath/default_template_arguments.hpp"
#include "hotpath/gauges.hpp"
#include "hotpath/lambda_locations.hpp"
#include "hotpath/locks.hpp"
#include "hotpath/macros.hpp"
#include "hotpath/report.hpp"
#include "hotpath/scope_guard.hpp"
#include "hotpath/session.hpp"
#include "hotpath/site.hpp"

#endif  // HOTPATH_HOTPATH_HPP
