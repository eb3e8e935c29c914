// What hotpath-cxx includes first in every compile it instruments (-include):
// hotpath's header, which the guards written into the sources' copies use, and for
// g++ the hotpath attributes the copies still carry made known. g++ would warn
// that it ignores them, when the guards written from them are what measures.
#ifndef HOTPATH_DETAIL_REWRITTEN_SOURCE_HPP
#define HOTPATH_DETAIL_REWRITTEN_SOURCE_HPP

#include "hotpath/hotpath.hpp"

#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic ignored_attributes "hotpath::"
#endif

#endif  // HOTPATH_DETAIL_REWRITTEN_SOURCE_HPP
