// Progress and diagnostics output.
#include "Progress.h"

#include "llvm/Support/raw_ostream.h"

namespace hotpath::rewrite {

Progress::Progress(std::size_t Total, bool Show, bool Terminal)
    : Total(Total), Show(Show), Terminal(Terminal) {}

void Progress::clearLine() {
  if (!LineOpen) return;
  llvm::errs() << "\r\x1b[K";  // carriage return, erase to the end of the line
  LineOpen = false;
}

void Progress::fileDone(const std::string& Source, const std::string& Diagnostics) {
  std::lock_guard<std::mutex> Held(Lock);
  ++Done;
  if (!Diagnostics.empty()) {
    clearLine();
    llvm::errs() << Diagnostics;
  }
  if (!Show) return;
  clearLine();
  llvm::errs() << "[" << Done << "/" << Total << "] " << Source;
  if (Terminal) {
    LineOpen = true;
  } else {
    llvm::errs() << "\n";
  }
  llvm::errs().flush();
}

void Progress::finish() {
  std::lock_guard<std::mutex> Held(Lock);
  if (LineOpen) llvm::errs() << "\n";
  LineOpen = false;
}

}  // namespace hotpath::rewrite
