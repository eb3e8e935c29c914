// What `hotpath console` shows, without a terminal: the state of the screen (tab,
// sort, filter, selection, detail) and the lines it draws for a given size. The
// terminal side (console_command.cpp) turns keys into these calls and draws the
// lines; the unit tests check them directly.
#ifndef HOTPATH_CLI_CONSOLE_VIEW_HPP
#define HOTPATH_CLI_CONSOLE_VIEW_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hotpath/report.hpp"

namespace hotpath::cli {

/// One of a function's recent calls, as /functions/{name}/logs gives them.
struct ConsoleCall {
  std::uint64_t duration_ns = 0;
  std::uint64_t end_ns = 0;
  std::uint64_t tid = 0;
};

/// A function's calls by duration bucket, as /functions/{name}/histogram gives them.
struct ConsoleHistogram {
  std::vector<std::optional<std::uint64_t>> bounds_ns;  ///< upper bounds; none for the last
  std::vector<std::uint64_t> counts;
};

/// The console's state and what it last fetched.
class ConsoleView {
 public:
  enum class Tab { Functions, Threads };
  enum class Order { Total, Average, Calls, Name };

  explicit ConsoleView(std::string url) : url_(std::move(url)) {}

  // What the program sent, or why it did not answer.
  void set_report(Report report, std::string updated_at);
  void set_error(std::string error) { error_ = std::move(error); }
  void set_detail(std::vector<ConsoleCall> calls, ConsoleHistogram histogram);

  // Keys.
  void show(Tab tab) { tab_ = tab; }
  void next_order();
  void move_selection(int rows);
  /// Opens the selected function's detail; false when no function is selected.
  bool open_detail();
  void close_detail() { detail_open_ = false; }
  void start_filter() { editing_filter_ = true; }
  /// A character typed while editing the filter; Enter ends the edit.
  void type_filter(char c);
  void erase_filter_character();
  void end_filter() { editing_filter_ = false; }
  void clear_filter();

  bool editing_filter() const noexcept { return editing_filter_; }
  bool detail_open() const noexcept { return detail_open_; }
  /// The function whose detail is open or would be: the selected row's.
  std::optional<std::string> selected_function() const;

  /// The screen, `height` lines of at most `width` columns.
  std::vector<std::string> render(std::size_t width, std::size_t height) const;

 private:
  std::vector<const FunctionRow*> visible_rows() const;
  std::vector<std::string> visible_names() const;
  /// After the rows changed (a new report, order or filter): selects again the
  /// function that was selected in `before` (the names shown until then), so that
  /// the selection follows the function, not its place; if it is no longer shown,
  /// its nearest neighbour in `before` that is.
  void keep_selection(const std::vector<std::string>& before);
  /// Runs `change` (of the report, order or filter) with the selection kept.
  template <typename Change>
  void change_rows(Change change) {
    const std::vector<std::string> before = visible_names();
    change();
    keep_selection(before);
  }
  void render_functions(std::vector<std::string>& lines, std::size_t width,
                        std::size_t height) const;
  void render_detail(std::vector<std::string>& lines, std::size_t width, std::size_t height) const;
  void render_threads(std::vector<std::string>& lines, std::size_t width) const;

  std::string url_;
  std::optional<Report> report_;
  std::string updated_at_;
  std::string error_;
  Tab tab_ = Tab::Functions;
  Order order_ = Order::Total;
  std::string filter_;
  bool editing_filter_ = false;
  std::size_t selected_ = 0;
  bool detail_open_ = false;
  std::string detail_function_;
  std::vector<ConsoleCall> calls_;
  ConsoleHistogram histogram_;
};

/// `text` cut or padded to `columns` terminal columns (UTF-8 aware); `right`
/// aligns it to the right.
std::string fit(const std::string& text, std::size_t columns, bool right = false);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_CONSOLE_VIEW_HPP
