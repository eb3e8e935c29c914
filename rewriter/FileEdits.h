// The edits clang-hotpath-rewrite makes to one file (a source or a header), how
// the edits of several translation units that include the same header combine,
// and the text that results.
#ifndef HOTPATH_REWRITER_FILEEDITS_H
#define HOTPATH_REWRITER_FILEEDITS_H

#include <map>
#include <set>
#include <string>

namespace hotpath::rewrite {

/// Guards to insert into one file, and macro invocations to expand for guards.
struct FileEdits {
  std::string Path;      ///< absolute, normalized
  std::string Original;  ///< the file's text as parsed
  /// Offset just after a body's `{` => guard text; an empty text marks an
  /// enclosing function's signature that is already there (a re-run).
  std::map<unsigned, std::string> Insertions;
  /// A macro invocation whose expansion has the `{` of bodies: its text
  /// replaced by the expansion with their guards.
  struct Replacement {
    unsigned Length = 0;
    std::string Text;
  };
  /// Offset of an invocation => its replacement.
  std::map<unsigned, Replacement> Replacements;
  /// Offsets just after the `{` of bodies the filter file left out, as one
  /// translation unit saw them. The text is shared, and another translation unit
  /// may name the same function otherwise (a namespace a macro gives, an
  /// anonymous namespace's file): a function the filter lists under any of its
  /// names gets no guard.
  std::set<unsigned> Filtered;

  /// Guards this rewrite adds.
  unsigned addedGuards() const;
  /// True when the rewrite adds anything.
  bool changes() const;
};

/// Adds the insertions of `From` (the same file, seen by another translation
/// unit: other template instantiations) to `Into`, and what it filtered.
void mergeInto(FileEdits& Into, const FileEdits& From);

/// Removes the guards of the bodies Filtered lists, once every translation unit's
/// edits are merged (an insertion that also declares an enclosing function's
/// signature for a lambda's guard stays whole).
void dropFiltered(FileEdits& Edits);

/// The rewritten text: the insertions and, when a guard was added to a file
/// without one and `WithPrologue`, the prologue (a compile that includes hotpath's
/// header itself, as hotpath-cxx's do, needs none). Equal to the original when
/// nothing is added.
std::string rewrittenText(const FileEdits& Edits, bool WithPrologue = true);

}  // namespace hotpath::rewrite

#endif  // HOTPATH_REWRITER_FILEEDITS_H
