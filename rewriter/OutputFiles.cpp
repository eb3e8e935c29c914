// Output paths and atomic writes.
#include "OutputFiles.h"

#include <set>
#include <string_view>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "output_file.hpp"

namespace hotpath::rewrite {

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

std::string commonDirectory(const std::vector<std::string>& Paths) {
  std::vector<llvm::StringRef> Common;
  bool First = true;
  for (const std::string& Path : Paths) {
    const llvm::StringRef Directory = llvm::sys::path::parent_path(Path);
    std::vector<llvm::StringRef> Parts(llvm::sys::path::begin(Directory),
                                       llvm::sys::path::end(Directory));
    if (First) {
      Common = Parts;
      First = false;
      continue;
    }
    std::size_t Same = 0;
    while (Same < Common.size() && Same < Parts.size() && Common[Same] == Parts[Same]) ++Same;
    Common.resize(Same);
  }
  llvm::SmallString<256> Joined;
  for (llvm::StringRef Part : Common) llvm::sys::path::append(Joined, Part);
  return std::string(Joined);
}

std::string displayPath(llvm::StringRef Path) {
  llvm::SmallString<256> Relative(Path);
  llvm::SmallString<256> WorkingDirectory;
  if (!llvm::sys::fs::current_path(WorkingDirectory) &&
      llvm::sys::path::replace_path_prefix(Relative, WorkingDirectory, "")) {
    return std::string(llvm::StringRef(Relative).ltrim("/"));
  }
  return std::string(Path);
}

std::string mirroredPath(llvm::StringRef OutputDir, llvm::StringRef Root, llvm::StringRef Path) {
  llvm::SmallString<256> Relative(Path);
  llvm::sys::path::replace_path_prefix(Relative, Root, "");
  llvm::SmallString<256> Target(OutputDir);
  llvm::sys::path::append(Target, llvm::StringRef(Relative).ltrim("/"));
  return std::string(Target);
}

namespace {

/// A file name as Make reads it in a rule.
std::string makeEscaped(llvm::StringRef Name) {
  std::string Out;
  for (char C : Name) {
    if (C == ' ' || C == '#') Out += '\\';
    if (C == '$') Out += '$';
    Out += C;
  }
  return Out;
}

}  // namespace

std::string makeRule(const std::vector<std::string>& Targets,
                     const std::vector<std::string>& Prerequisites) {
  std::string Rule;
  for (const std::string& Target : Targets) {
    if (!Rule.empty()) Rule += ' ';
    Rule += makeEscaped(Target);
  }
  Rule += ':';
  std::set<std::string> Unique(Prerequisites.begin(), Prerequisites.end());
  for (const std::string& Prerequisite : Unique) Rule += " \\\n  " + makeEscaped(Prerequisite);
  return Rule + "\n";
}

bool linkFile(const std::string& Link, const std::string& Target) {
  if (llvm::sys::fs::exists(Link)) return true;
  std::error_code Error = llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Link));
  if (!Error) Error = llvm::sys::fs::create_link(Target, Link);
  if (!Error || llvm::sys::fs::exists(Link)) return true;
  llvm::errs() << "clang-hotpath-rewrite: error: cannot link '" << Link << "' to '" << Target
               << "': " << Error.message() << "\n";
  return false;
}

bool writeFile(const std::string& Path, llvm::StringRef Contents) {
  const llvm::StringRef Directory = llvm::sys::path::parent_path(Path);
  if (!Directory.empty()) {
    if (std::error_code Error = llvm::sys::fs::create_directories(Directory)) {
      llvm::errs() << "clang-hotpath-rewrite: error: cannot create directory '" << Directory
                   << "': " << Error.message() << "\n";
      return false;
    }
  }
  // Through a symbolic link its target is rewritten, and the link stays.
  std::string Error;
  if (!detail::write_output_file(Path, std::string_view(Contents.data(), Contents.size()), Error)) {
    llvm::errs() << "clang-hotpath-rewrite: error: cannot write '" << Path << "': " << Error
                 << "\n";
    return false;
  }
  return true;
}

}  // namespace hotpath::rewrite
