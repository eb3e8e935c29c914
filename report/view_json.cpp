// The counts are set on JsonReporter's own output, read back in order, so that
// every other byte stays as JsonReporter writes it.
#include "view_json.hpp"

#include <sstream>

#include <nlohmann/json.hpp>

namespace hotpath {

std::string view_json(const ReportView& view) {
  std::ostringstream out;
  JsonReporter().write(view.report, out);
  if (view.timing_functions == view.report.rows.size() &&
      view.alloc_functions == view.report.alloc_rows.size() &&
      view.cpu_functions == view.report.cpu_rows.size() &&
      view.wait_functions == view.report.wait_rows.size() &&
      view.coroutine_functions == view.report.coroutine_rows.size())
    return out.str();

  using Json = nlohmann::ordered_json;
  Json document = Json::parse(out.str());
  document["functions_timing"]["total_functions"] = view.timing_functions;
  if (document.contains("functions_alloc"))
    document["functions_alloc"]["total_functions"] = view.alloc_functions;
  if (document.contains("functions_cpu"))
    document["functions_cpu"]["total_functions"] = view.cpu_functions;
  if (document.contains("functions_wait"))
    document["functions_wait"]["total_functions"] = view.wait_functions;
  if (document.contains("coroutines"))
    document["coroutines"]["total_functions"] = view.coroutine_functions;
  return document.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace hotpath
