// The report as GitHub-flavoured Markdown, ready to paste into a pull request or a
// wiki page: per section a heading, the session line and a table, in the order and
// with the columns of TableReporter; the call tree as an indented table.
#ifndef HOTPATH_REPORT_MARKDOWN_REPORTER_HPP
#define HOTPATH_REPORT_MARKDOWN_REPORTER_HPP

#include <ostream>

#include "hotpath/report.hpp"

namespace hotpath {

/// Writes a Report as Markdown. Shows `limit` rows per section, as the table does,
/// and says how many it left out; names are inline code, never abbreviated. The call
/// tree is shown when `show_call_tree` is set, cut to its hottest paths as in the table.
class MarkdownReporter : public Reporter {
 public:
  void write(const Report& report, std::ostream& out) override;
};

}  // namespace hotpath

#endif  // HOTPATH_REPORT_MARKDOWN_REPORTER_HPP
