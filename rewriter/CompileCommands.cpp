// Adjusting the compile commands the rewriter parses with (see the header).
#include "CompileCommands.h"

#include <memory>
#include <mutex>
#include <set>

#include "clang/Driver/Options.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace hotpath::rewrite {
namespace {

using clang::tooling::CommandLineArguments;

/// hotpath's headers: next to an installed tool (<prefix>/bin and <prefix>/include),
/// else those of the source tree it was built from.
std::string hotpathIncludeDirectory(const char* Argv0) {
  static int Anchor = 0;
  const std::string Executable = llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
  llvm::SmallString<256> Installed(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Executable)));
  llvm::sys::path::append(Installed, "include");
  llvm::SmallString<256> Header(Installed);
  llvm::sys::path::append(Header, "hotpath", "hotpath.hpp");
  if (llvm::sys::fs::exists(Header)) return std::string(Installed);
  return HOTPATH_SOURCE_INCLUDE_DIR;
}

/// Notes each dropped option once, whichever thread parses the command (or none,
/// for a build system that runs the rewriter on every compile).
class DroppedOptions {
 public:
  explicit DroppedOptions(bool Noting) : Noting(Noting) {}

  void note(const std::string& Option) {
    if (!Noting) return;
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Noted.insert(Option).second) return;
    llvm::errs() << "clang-hotpath-rewrite: note: ignoring '" << Option
                 << "', an option Clang does not know\n";
  }

 private:
  const bool Noting;
  std::mutex Mutex;
  std::set<std::string> Noted;
};

/// The command without the options Clang's driver does not know.
CommandLineArguments withoutUnknownOptions(const CommandLineArguments& Args,
                                           DroppedOptions& Dropped) {
  if (Args.size() < 2) return Args;
  std::vector<const char*> Argv;
  for (std::size_t I = 1; I < Args.size(); ++I) Argv.push_back(Args[I].c_str());
  unsigned MissingIndex = 0;
  unsigned MissingCount = 0;
  const llvm::opt::InputArgList Parsed = clang::driver::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount, llvm::opt::Visibility(clang::driver::options::ClangOption));
  std::set<unsigned> Unknown;
  for (const llvm::opt::Arg* Arg : Parsed.filtered(clang::driver::options::OPT_UNKNOWN)) {
    Unknown.insert(Arg->getIndex() + 1);  // the index in Argv, plus argv[0]
    Dropped.note(Arg->getAsString(Parsed));
  }
  if (Unknown.empty()) return Args;
  CommandLineArguments Kept;
  for (std::size_t I = 0; I < Args.size(); ++I) {
    if (Unknown.count(static_cast<unsigned>(I)) == 0) Kept.push_back(Args[I]);
  }
  return Kept;
}

}  // namespace

std::string databaseDirectory(int argc, const char** argv) {
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef Arg = argv[I];
    if (Arg == "--") break;
    if ((Arg == "-p" || Arg == "--p") && I + 1 < argc) return argv[I + 1];
    if (Arg.consume_front("-p=") || Arg.consume_front("--p=")) return Arg.str();
  }
  return "";
}

bool hasDatabase(const std::string& Directory) {
  std::string Error;
  return clang::tooling::CompilationDatabase::autoDetectFromDirectory(Directory, Error) != nullptr;
}

clang::tooling::ArgumentsAdjuster commandAdjuster(const char* Argv0, bool NoteDroppedOptions) {
  auto Dropped = std::make_shared<DroppedOptions>(NoteDroppedOptions);
  const std::string Include = hotpathIncludeDirectory(Argv0);
  return [Dropped, Include](const CommandLineArguments& Given, llvm::StringRef) {
    CommandLineArguments Args = withoutUnknownOptions(Given, *Dropped);
    bool HasResourceDir = false;
    for (const std::string& Arg : Args) {
      if (llvm::StringRef(Arg).starts_with("-resource-dir")) HasResourceDir = true;
    }
    if (!HasResourceDir) {
      Args.insert(Args.begin() + (Args.empty() ? 0 : 1),
                  "-resource-dir=" HOTPATH_CLANG_RESOURCE_DIR);
    }
    Args.push_back("-idirafter");
    Args.push_back(Include);
    // The build's own compiler warns about the code; the parse only says what
    // concerns hotpath (its own warnings, and unknown attributes: a misspelled
    // hotpath one). g++'s own warning options are then no concern either.
    Args.push_back("-Wno-everything");
    Args.push_back("-Wunknown-attributes");
    return Args;
  };
}

}  // namespace hotpath::rewrite
