// `hotpath console`: a curses screen over ConsoleView. Keys change the view, the
// program is asked every second, the screen is drawn again after both, at the
// terminal's size of the moment (a resize is only a new size).
#include "console_command.hpp"

#include <curses.h>

#include <chrono>
#include <clocale>
#include <cstdio>
#include <ctime>

#include "console_client.hpp"
#include "console_view.hpp"

namespace hotpath::cli {
namespace {

constexpr const char* kDefaultUrl = "http://127.0.0.1:6770";
constexpr auto kRefreshPeriod = std::chrono::seconds(1);
constexpr int kEscape = 27;

constexpr const char* kHelp =
    "Usage: hotpath console [URL]\n"
    "\n"
    "Shows the live metrics of a running program, refreshed every second. The program\n"
    "serves them when it runs with HOTPATH_LIVE=1 (or [[hotpath::main(\"live\")]]).\n"
    "URL is its server, http://127.0.0.1:6770 by default; HOTPATH_METRICS_AUTH_TOKEN\n"
    "is sent as the bearer token when set.\n"
    "\n"
    "Keys: Up/Down (or k/j) select a function, Enter shows its histogram and recent\n"
    "calls, Esc closes them; s changes the order (total, avg, calls, name); / filters\n"
    "by a regular expression (Enter ends, Esc clears); t shows the threads, f the\n"
    "functions; q quits.\n";

std::string clock_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%H:%M:%S", &local);
  return text;
}

void fetch(ConsoleClient& client, ConsoleView& view) {
  std::string error;
  if (std::optional<Report> report = client.report(error)) {
    view.set_report(std::move(*report), clock_now());
  } else {
    view.set_error(error);
    return;
  }
  if (!view.detail_open()) return;
  std::vector<ConsoleCall> calls;
  ConsoleHistogram histogram;
  if (client.detail(*view.selected_function(), calls, histogram, error)) {
    view.set_detail(std::move(calls), std::move(histogram));
  } else {
    view.set_error(error);
  }
}

void draw(const ConsoleView& view) {
  const std::vector<std::string> lines =
      view.render(static_cast<std::size_t>(COLS), static_cast<std::size_t>(LINES));
  erase();
  for (std::size_t row = 0; row < lines.size(); ++row) {
    if (lines[row].rfind("> ", 0) == 0) attron(A_REVERSE);
    mvaddstr(static_cast<int>(row), 0, lines[row].c_str());
    attroff(A_REVERSE);
  }
  refresh();
}

/// Applies `key`; false when it quits.
bool handle_key(int key, ConsoleView& view, bool& fetch_now) {
  if (view.editing_filter()) {
    if (key == '\n' || key == KEY_ENTER) {
      view.end_filter();
    } else if (key == kEscape) {
      view.clear_filter();
    } else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
      view.erase_filter_character();
    } else if (key >= ' ' && key < 127) {
      view.type_filter(static_cast<char>(key));
    }
    return true;
  }
  switch (key) {
    case 'q':
    case 'Q':
      return false;
    case KEY_UP:
    case 'k':
      view.move_selection(-1);
      break;
    case KEY_DOWN:
    case 'j':
      view.move_selection(1);
      break;
    case KEY_PPAGE:
      view.move_selection(-10);
      break;
    case KEY_NPAGE:
      view.move_selection(10);
      break;
    case '\n':
    case KEY_ENTER:
      fetch_now = view.open_detail();
      break;
    case kEscape:
      view.close_detail();
      break;
    case 's':
      view.next_order();
      break;
    case '/':
      view.start_filter();
      break;
    case 't':
      view.show(ConsoleView::Tab::Threads);
      break;
    case 'f':
      view.show(ConsoleView::Tab::Functions);
      break;
    default:
      break;
  }
  return true;
}

}  // namespace

int run_console_command(const std::vector<std::string>& arguments) {
  std::string url = kDefaultUrl;
  for (const std::string& argument : arguments) {
    if (argument == "-h" || argument == "--help") {
      std::fputs(kHelp, stdout);
      return 0;
    }
  }
  if (arguments.size() > 1) {
    std::fprintf(stderr, "hotpath console: expected at most one URL, got %zu arguments\n%s",
                 arguments.size(), kHelp);
    return 2;
  }
  if (!arguments.empty()) url = arguments.front();
  if (url.rfind("http://", 0) != 0) {
    std::fprintf(stderr,
                 "hotpath console: \"%s\" is not an http:// URL (for example "
                 "http://127.0.0.1:6770)\n",
                 url.c_str());
    return 2;
  }
  ConsoleClient client(url);
  ConsoleView view(url);

  std::setlocale(LC_ALL, "");
  if (initscr() == nullptr) {
    std::fputs("hotpath console: cannot use this terminal\n", stderr);
    return 1;
  }
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  set_escdelay(25);
  timeout(100);
  auto next_fetch = std::chrono::steady_clock::now();
  bool running = true;
  while (running) {
    bool fetch_now = false;
    if (std::chrono::steady_clock::now() >= next_fetch) fetch_now = true;
    if (fetch_now) {
      fetch(client, view);
      next_fetch = std::chrono::steady_clock::now() + kRefreshPeriod;
    }
    draw(view);
    const int key = getch();
    if (key == ERR || key == KEY_RESIZE) continue;
    fetch_now = false;
    running = handle_key(key, view, fetch_now);
    if (fetch_now) next_fetch = std::chrono::steady_clock::now();
  }
  endwin();
  return 0;
}

}  // namespace hotpath::cli
