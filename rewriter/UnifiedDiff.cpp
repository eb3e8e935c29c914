// Unified diffs of rewritten files.
#include "UnifiedDiff.h"

#include <algorithm>
#include <vector>

#include "llvm/ADT/SmallVector.h"

namespace hotpath::rewrite {
namespace {

constexpr std::size_t kContext = 3;

std::vector<llvm::StringRef> splitLines(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  if (!Lines.empty() && Lines.back().empty()) Lines.pop_back();  // final newline
  return std::vector<llvm::StringRef>(Lines.begin(), Lines.end());
}

}  // namespace

std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Original, llvm::StringRef Rewritten) {
  if (Original == Rewritten) return "";
  const std::vector<llvm::StringRef> Old = splitLines(Original);
  const std::vector<llvm::StringRef> New = splitLines(Rewritten);
  // Lines the rewrite added at the top; after them, line I of Old is line I + Added of New.
  const std::size_t Added = New.size() > Old.size() ? New.size() - Old.size() : 0;

  // The whole file as a list of operations, then hunks around the changes.
  enum class Op { Insert, Keep, Replace };
  struct Step {
    Op Kind;
    std::size_t OldLine;  // Keep, Replace: index into Old; Insert: Old line it precedes
    std::size_t NewLine;
  };
  std::vector<Step> Steps;
  for (std::size_t I = 0; I < Added; ++I) Steps.push_back({Op::Insert, 0, I});
  for (std::size_t I = 0; I < Old.size(); ++I)
    Steps.push_back({Old[I] == New[I + Added] ? Op::Keep : Op::Replace, I, I + Added});

  std::string Out = "--- " + Path.str() + "\n+++ " + Path.str() + "\n";
  std::size_t At = 0;
  while (At < Steps.size()) {
    while (At < Steps.size() && Steps[At].Kind == Op::Keep) ++At;
    if (At == Steps.size()) break;
    const std::size_t Begin = At > kContext ? At - kContext : 0;
    std::size_t End = At;  // one past the last change of the hunk
    std::size_t Scan = At;
    while (Scan < Steps.size()) {
      if (Steps[Scan].Kind != Op::Keep) {
        End = Scan + 1;
      } else if (Scan >= End + 2 * kContext) {
        break;
      }
      ++Scan;
    }
    const std::size_t Stop = std::min(Steps.size(), End + kContext);
    std::size_t OldCount = 0, NewCount = 0;
    std::string Body;
    for (std::size_t I = Begin; I < Stop; ++I) {
      const Step& S = Steps[I];
      if (S.Kind == Op::Insert) {
        Body += "+" + New[S.NewLine].str() + "\n";
        ++NewCount;
      } else if (S.Kind == Op::Keep) {
        Body += " " + Old[S.OldLine].str() + "\n";
        ++OldCount;
        ++NewCount;
      } else {
        Body += "-" + Old[S.OldLine].str() + "\n+" + New[S.NewLine].str() + "\n";
        ++OldCount;
        ++NewCount;
      }
    }
    const Step& Front = Steps[Begin];
    Out += "@@ -" + std::to_string(Front.OldLine + 1) + "," + std::to_string(OldCount) + " +" +
           std::to_string(Front.NewLine + 1) + "," + std::to_string(NewCount) + " @@\n" + Body;
    At = Stop;
  }
  return Out;
}

}  // namespace hotpath::rewrite
