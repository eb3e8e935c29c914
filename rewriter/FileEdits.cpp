// Combining and applying the edits of a file.
#include "FileEdits.h"

#include "GuardText.h"

namespace hotpath::rewrite {

unsigned FileEdits::addedGuards() const {
  unsigned Added = 0;
  for (const auto& Insertion : Insertions) Added += guardsIn(Insertion.second);
  return Added;
}

bool FileEdits::changes() const {
  for (const auto& Insertion : Insertions) {
    if (!Insertion.second.empty()) return true;
  }
  return false;
}

void mergeInto(FileEdits& Into, const FileEdits& From) {
  // Every translation unit plans a function the same way, so a `{` seen twice
  // gets the same text: the first one stays.
  for (const auto& Insertion : From.Insertions) Into.Insertions.insert(Insertion);
}

std::string rewrittenText(const FileEdits& Edits) {
  if (!Edits.changes()) return Edits.Original;
  std::string Out;
  Out.reserve(Edits.Original.size() + 256 * Edits.Insertions.size());
  if (!hasPrologue(Edits.Original)) Out = prologue(Edits.PresumedName);
  std::size_t Copied = 0;
  for (const auto& [Offset, Text] : Edits.Insertions) {
    Out.append(Edits.Original, Copied, Offset - Copied);
    Out += Text;
    Copied = Offset;
  }
  Out.append(Edits.Original, Copied, std::string::npos);
  return Out;
}

}  // namespace hotpath::rewrite
