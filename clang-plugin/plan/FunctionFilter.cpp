// Reading filter files and looking functions up in them.
#include "plan/FunctionFilter.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA1.h"

namespace hotpath::plan {
namespace {

/// The line without its comment and surrounding blanks.
llvm::StringRef withoutComment(llvm::StringRef Line) {
  for (std::size_t At = Line.find('#'); At != llvm::StringRef::npos; At = Line.find('#', At + 1)) {
    if (At == 0 || clang::isHorizontalWhitespace(Line[At - 1])) return Line.take_front(At).trim();
  }
  return Line.trim();
}

/// Why an entry cannot be a row's signature, or "" when it can.
std::string entryProblem(llvm::StringRef Entry) {
  if (Entry.contains("${"))
    return "'" + Entry.str() +
           "' has a placeholder '${': list a row's signature as a report shows it "
           "(ns::Box<int>::get() const)";
  const char First = Entry.front();
  if (!clang::isAsciiIdentifierStart(First) && First != ':' && First != '~' && First != '(')
    return "'" + Entry.str() + "' is not a function's signature (it starts with '" +
           std::string(1, First) + "')";
  int Depth[3] = {0, 0, 0};  // () [] {}
  for (const char C : Entry) {
    const std::size_t Open = llvm::StringRef("([{").find(C);
    const std::size_t Close = llvm::StringRef(")]}").find(C);
    if (Open != llvm::StringRef::npos) ++Depth[Open];
    if (Close != llvm::StringRef::npos && --Depth[Close] < 0) break;
  }
  for (const int D : Depth) {
    if (D != 0) return "'" + Entry.str() + "' is not a function's signature (unbalanced brackets)";
  }
  return "";
}

}  // namespace

std::optional<FunctionFilter> FunctionFilter::read(llvm::StringRef Path, std::string& Error) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    Error = Path.str() + ": cannot read the filter file: " + Buffer.getError().message();
    return std::nullopt;
  }
  return parse((*Buffer)->getBuffer(), Path, Error);
}

std::optional<FunctionFilter> FunctionFilter::parse(llvm::StringRef Text, llvm::StringRef Path,
                                                    std::string& Error) {
  FunctionFilter Filter;
  Filter.Path = Path.str();
  Filter.Digest = llvm::toHex(llvm::SHA1::hash(llvm::arrayRefFromStringRef(Text)),
                              /*LowerCase=*/true);
  unsigned Number = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    ++Number;
    const llvm::StringRef Entry = withoutComment(Line);
    if (Entry.empty()) continue;
    const std::string Problem = entryProblem(Entry);
    if (!Problem.empty()) {
      Error = Path.str() + ":" + std::to_string(Number) + ": " + Problem;
      return std::nullopt;
    }
    Filter.Entries.push_back(
        {Entry.str(), Number, names::read_signature_entry({Entry.data(), Entry.size()})});
  }
  return Filter;
}

const FunctionFilter::Entry* FunctionFilter::find(llvm::StringRef Pattern,
                                                  llvm::StringRef File) const {
  if (Entries.empty()) return nullptr;
  const names::PatternNodes Nodes = names::read_pattern({Pattern.data(), Pattern.size()});
  for (const Entry& Listed : Entries) {
    if (names::signature_matches_pattern(Listed.Signature, Nodes, {File.data(), File.size()}))
      return &Listed;
  }
  return nullptr;
}

}  // namespace hotpath::plan
