// The filter file: functions that measure-all leaves out, one row signature a line,
// as `hotpath filter` writes them from reports:
//
//   # 22,500,000 calls, 3 ns average, guards ~450 ms = 15x its own time
//   app::(anonymous namespace)::match(const char *, const char *)
//   ns::Box<int>::get() const
//
// `#` at the start of a line or after a blank starts a comment; blank lines are
// ignored. An entry is matched against a function's signature pattern
// (names/signature_match.hpp): an instantiation listed leaves out its template's
// whole definition, every instantiation, since one guard serves them all.
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_FUNCTIONFILTER_H
#define HOTPATH_CLANG_PLUGIN_PLAN_FUNCTIONFILTER_H

#include <optional>
#include <string>
#include <vector>

#include "llvm/ADT/StringRef.h"
#include "signature_match.hpp"

namespace hotpath::plan {

class FunctionFilter {
 public:
  /// One line of the file that names functions.
  struct Entry {
    std::string Text;  ///< as written, without comment and surrounding blanks
    unsigned Line = 0;
    names::SignatureEntry Signature;
  };

  /// Reads the file at `Path`; on failure sets `Error` to "<path>:<line>: <what>"
  /// (or "<path>: <what>" when it cannot be read) and returns nothing.
  static std::optional<FunctionFilter> read(llvm::StringRef Path, std::string& Error);

  /// Reads the text of a filter file named `Path` in errors.
  static std::optional<FunctionFilter> parse(llvm::StringRef Text, llvm::StringRef Path,
                                             std::string& Error);

  /// The first entry that names a function whose signature pattern is `Pattern`;
  /// `File`: the translation unit's file name for internal linkage, "" otherwise.
  const Entry* find(llvm::StringRef Pattern, llvm::StringRef File) const;

  const std::string& path() const { return Path; }

  /// The SHA-1 of the file's text, in lowercase hexadecimal.
  const std::string& digest() const { return Digest; }

 private:
  std::string Path;
  std::string Digest;
  std::vector<Entry> Entries;
};

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_FUNCTIONFILTER_H
