// A strict reader of the XML subset the renderer writes (prolog, elements, attributes,
// text, comments, CDATA), to prove that any name, however odd, leaves the document
// well-formed.
#ifndef HOTPATH_TEST_UNIT_FLAMEGRAPH_XML_WELL_FORMEDNESS_HPP
#define HOTPATH_TEST_UNIT_FLAMEGRAPH_XML_WELL_FORMEDNESS_HPP

#include <string>
#include <string_view>

namespace hotpath::flamegraph::testing {

/// "" when `document` is well-formed XML 1.0 (no DTD), else the first problem and its byte
/// offset.
std::string xml_error(std::string_view document);

}  // namespace hotpath::flamegraph::testing

#endif  // HOTPATH_TEST_UNIT_FLAMEGRAPH_XML_WELL_FORMEDNESS_HPP
