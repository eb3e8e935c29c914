// Combining and applying the edits of a file.
#include "FileEdits.h"

#include "GuardText.h"

namespace hotpath::rewrite {

unsigned FileEdits::addedGuards() const {
  unsigned Added = 0;
  for (const auto& Insertion : Insertions) Added += guardsIn(Insertion.second);
  for (const auto& [Offset, Replaced] : Replacements) Added += guardsIn(Replaced.Text);
  return Added;
}

bool FileEdits::changes() const {
  for (const auto& Insertion : Insertions) {
    if (!Insertion.second.empty()) return true;
  }
  return !Replacements.empty();
}

void mergeInto(FileEdits& Into, const FileEdits& From) {
  // Every translation unit plans a function the same way, so a `{` seen twice
  // gets the same text: the first one stays.
  for (const auto& Insertion : From.Insertions) Into.Insertions.insert(Insertion);
  Into.Filtered.insert(From.Filtered.begin(), From.Filtered.end());
  // An expansion planned with more functions (instantiated in another
  // translation unit) has more guards: it wins.
  for (const auto& [Offset, Replaced] : From.Replacements) {
    auto [Found, New] = Into.Replacements.try_emplace(Offset, Replaced);
    if (!New && guardsIn(Replaced.Text) > guardsIn(Found->second.Text)) Found->second = Replaced;
  }
}

void dropFiltered(FileEdits& Edits) {
  for (const unsigned Offset : Edits.Filtered) {
    const auto Found = Edits.Insertions.find(Offset);
    if (Found != Edits.Insertions.end() && !declaresEnclosingName(Found->second))
      Edits.Insertions.erase(Found);
  }
}

namespace {

/// True when the file's lines end with CR LF (judged by its first line).
bool usesCrLf(const std::string& Text) {
  const std::size_t End = Text.find('\n');
  return End != std::string::npos && End > 0 && Text[End - 1] == '\r';
}

/// `Text` with the file's own line endings.
std::string withLineEndings(std::string Text, bool CrLf) {
  if (!CrLf) return Text;
  for (std::size_t At = Text.find('\n'); At != std::string::npos; At = Text.find('\n', At + 2))
    Text.insert(At, 1, '\r');
  return Text;
}

}  // namespace

std::string rewrittenText(const FileEdits& Edits, bool WithPrologue) {
  if (!Edits.changes()) return Edits.Original;
  const bool CrLf = usesCrLf(Edits.Original);
  std::string Out;
  Out.reserve(Edits.Original.size() + 256 * Edits.Insertions.size());
  std::size_t Copied = 0;
  // A byte order mark stays the file's first bytes, before the prologue.
  const llvm::StringRef Mark = byteOrderMark(Edits.Original);
  Out += Mark;
  Copied = Mark.size();
  if (WithPrologue && !hasPrologue(Edits.Original)) Out += withLineEndings(prologue(), CrLf);
  auto Insertion = Edits.Insertions.begin();
  auto Replacement = Edits.Replacements.begin();
  while (Insertion != Edits.Insertions.end() || Replacement != Edits.Replacements.end()) {
    const bool Insert =
        Replacement == Edits.Replacements.end() ||
        (Insertion != Edits.Insertions.end() && Insertion->first < Replacement->first);
    const unsigned Offset = Insert ? Insertion->first : Replacement->first;
    if (Offset < Copied) {  // inside a replaced invocation: its text has it
      if (Insert) {
        ++Insertion;
      } else {
        ++Replacement;
      }
      continue;
    }
    Out.append(Edits.Original, Copied, Offset - Copied);
    if (Insert) {
      Out += withLineEndings(Insertion->second, CrLf);
      Copied = Offset;
      ++Insertion;
    } else {
      Out += withLineEndings(Replacement->second.Text, CrLf);
      Copied = Offset + Replacement->second.Length;
      ++Replacement;
    }
  }
  Out.append(Edits.Original, Copied, std::string::npos);
  return Out;
}

}  // namespace hotpath::rewrite
