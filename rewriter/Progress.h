// What clang-hotpath-rewrite prints on stderr while it works: each translation
// unit's diagnostics in one piece (never interleaved with another's), and a
// progress line `[12/340] src/parser.cpp`. On a terminal the progress line is
// rewritten in place; otherwise (with --progress) it is one line per file.
#ifndef HOTPATH_REWRITER_PROGRESS_H
#define HOTPATH_REWRITER_PROGRESS_H

#include <cstddef>
#include <mutex>
#include <string>

namespace hotpath::rewrite {

class Progress {
 public:
  /// `Total` files; `Show`: print progress lines; `Terminal`: stderr is a terminal.
  Progress(std::size_t Total, bool Show, bool Terminal);

  /// One file is finished; `Diagnostics` is what the compiler printed for it.
  /// Called from any thread.
  void fileDone(const std::string& Source, const std::string& Diagnostics);

  /// Ends an in-place progress line, before the summary.
  void finish();

 private:
  void clearLine();

  std::mutex Lock;
  const std::size_t Total;
  const bool Show;
  const bool Terminal;
  std::size_t Done = 0;
  bool LineOpen = false;
};

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_PROGRESS_H
