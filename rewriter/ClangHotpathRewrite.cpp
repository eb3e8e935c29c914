// clang-hotpath-rewrite: writes instrumented copies of C++ sources, for compilers
// that cannot load the hotpath plugin (g++, another Clang).
//
//   clang-hotpath-rewrite [--print | --diff | --output-dir=DIR | --in-place] <files...> -- <flags>
//   clang-hotpath-rewrite [...] -p <build dir> <files...>
//
// Each file is parsed with the attributes registered (Attributes.cpp is compiled
// in) and the plugin's instrumentation plan decides what is measured; the guard
// the plugin would inject into the AST is written as text right after the body's
// `{`, on the same line, and the file gets a prologue
//
//   #include <hotpath/hotpath.hpp>
//   #line 1
//
// so that line numbers stay the original's. A template is written
// once, so instantiations take their names from the compiler at build time
// (a null display name: the runtime derives it from __PRETTY_FUNCTION__).
// Headers matching --header-filter get their guards too, from every translation
// unit that includes them. Re-running on the output changes nothing. A file that
// does not compile is named with its first error and left untouched; the others
// are still written, and the exit status says that some failed.
#include <unistd.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "CompileCommands.h"
#include "FileEdits.h"
#include "OutputFiles.h"
#include "Progress.h"
#include "SourceRewriter.h"
#include "UnifiedDiff.h"
#include "clang/Tooling/AllTUsExecution.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

namespace {

namespace cl = llvm::cl;
using namespace hotpath::rewrite;

cl::OptionCategory RewriteCategory("clang-hotpath-rewrite options");
cl::opt<bool> Print("print", cl::desc("Print the rewritten files to standard output"),
                    cl::cat(RewriteCategory));
cl::opt<std::string> OutputDir("output-dir",
                               cl::desc("Write the rewritten files under <dir>, mirroring their "
                                        "paths relative to the inputs' common directory"),
                               cl::value_desc("dir"), cl::cat(RewriteCategory));
cl::opt<std::string> OutputRoot(
    "output-root",
    cl::desc("Write each rewritten file to <dir> followed by its absolute path (for compiler "
             "launchers: every copy keeps its place relative to the others)"),
    cl::value_desc("dir"), cl::cat(RewriteCategory));
cl::opt<bool> NoPrologue(
    "no-prologue",
    cl::desc("Write no prologue (the #include of hotpath's header and #line): the compile "
             "includes the header itself (-include), and every line keeps its number"),
    cl::cat(RewriteCategory));
cl::opt<bool> Diff("diff", cl::desc("Print what the rewrite would change, as a unified diff"),
                   cl::cat(RewriteCategory));
cl::opt<bool> InPlace("in-place", cl::desc("Replace the input files with the rewritten ones"),
                      cl::cat(RewriteCategory));
cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Rewrite the headers whose absolute path matches <regex> too (their inline "
             "functions and templates); system headers never"),
    cl::value_desc("regex"), cl::cat(RewriteCategory));
cl::opt<std::string> MeasureAll(
    "measure-all",
    cl::desc("Measure every function defined in the rewritten files, or with =<regex> in "
             "those whose name (as __FILE__ gives it) matches, without attributes"),
    cl::value_desc("regex"), cl::ValueOptional, cl::cat(RewriteCategory));
cl::opt<std::string> MeasureAllRoot(
    "measure-all-root",
    cl::desc("Match a --measure-all=<regex> that starts with neither '/' nor '^/' against "
             "the path relative to <dir>"),
    cl::value_desc("dir"), cl::cat(RewriteCategory));
constexpr const char* kFilterDescription =
    "Leave out of --measure-all (and [[hotpath::measure_all]]) the functions <file> lists, one "
    "report row signature a line (hotpath filter writes it)";
cl::opt<std::string> FilterFile("filter-file", cl::desc("The same as --filter=<file>"),
                                cl::value_desc("file"), cl::cat(RewriteCategory));

cl::opt<unsigned> MinTokens(
    "min-tokens",
    cl::desc("With --measure-all, leave out the functions whose body has fewer than <n> "
             "tokens (getters, setters, one-liners; default 12), and those without a loop "
             "or a call; 0 measures every one. [[hotpath::measure]] always measures"),
    cl::value_desc("n"), cl::init(hotpath::plan::kDefaultMinimumTokens), cl::cat(RewriteCategory));
cl::opt<unsigned> Jobs("j", cl::desc("Rewrite <n> files at a time (default: one per core)"),
                       cl::value_desc("n"), cl::init(0), cl::Prefix, cl::cat(RewriteCategory));
cl::opt<bool> ShowProgress("progress",
                           cl::desc("Print [done/total] file lines on stderr even when it is "
                                    "not a terminal"),
                           cl::cat(RewriteCategory));
cl::opt<bool> Quiet("quiet",
                    cl::desc("No summary line when every file is done, and no note of the "
                             "options Clang does not know (for build systems)"),
                    cl::cat(RewriteCategory));
cl::opt<std::string> Depfile(
    "depfile",
    cl::desc("With --output-dir or --output-root: write a Makefile rule to "
             "<file>, the "
             "written files depending on every file read"),
    cl::value_desc("file"), cl::cat(RewriteCategory));
cl::extrahelp MoreHelp(
    "\nEvery function hotpath's Clang plugin would measure gets its guard written after\n"
    "the `{` of its body, on the same line. Nothing is written for a file that does not\n"
    "compile.\n");

constexpr const char* kTool = "clang-hotpath-rewrite";

/// --filter=<file>. libTooling registers "filter" for its all-TUs executor, which
/// this tool does not use: the option is taken over, described as this tool's.
void takeOverFilterOption() {
  clang::tooling::Filter.setDescription(kFilterDescription);
  clang::tooling::Filter.setValueStr("file");
  clang::tooling::Filter.addCategory(RewriteCategory);
}

/// The filter file named by --filter or --filter-file, empty without one; false
/// (after saying why) when the two name different files.
bool filterFileOption(std::string& Path) {
  const bool ByFilter = clang::tooling::Filter.getNumOccurrences() > 0;
  if (ByFilter && !FilterFile.empty() && FilterFile != clang::tooling::Filter) {
    llvm::errs() << kTool << ": error: --filter='" << clang::tooling::Filter
                 << "' and --filter-file='" << FilterFile << "' name different files\n";
    return false;
  }
  Path = ByFilter ? std::string(clang::tooling::Filter) : std::string(FilterFile);
  return true;
}

bool checkOptions() {
  const int Modes =
      int(Print) + int(Diff) + int(!OutputDir.empty()) + int(!OutputRoot.empty()) + int(InPlace);
  if (Modes != 1) {
    llvm::errs() << kTool
                 << ": error: give exactly one of --print, --diff, --output-dir=<dir>, "
                    "--output-root=<dir> and --in-place\n";
    return false;
  }
  std::string Error;
  if (!HeaderFilter.empty() && !llvm::Regex(HeaderFilter).isValid(Error)) {
    llvm::errs() << kTool << ": error: --header-filter='" << HeaderFilter
                 << "' is not a valid regular expression: " << Error << "\n";
    return false;
  }
  if (!MeasureAll.empty() && !llvm::Regex(MeasureAll).isValid(Error)) {
    llvm::errs() << kTool << ": error: --measure-all='" << MeasureAll
                 << "' is not a valid regular expression: " << Error << "\n";
    return false;
  }
  if (!Depfile.empty() && OutputDir.empty() && OutputRoot.empty()) {
    llvm::errs() << kTool << ": error: --depfile needs --output-dir or --output-root\n";
    return false;
  }
  return true;
}

/// Each source once, in the order given.
std::vector<std::string> uniqueSources(const std::vector<std::string>& Given) {
  std::vector<std::string> Sources;
  llvm::StringSet<> Seen;
  for (const std::string& Source : Given) {
    if (Seen.insert(absolutePath(Source)).second) Sources.push_back(Source);
  }
  return Sources;
}

/// One file to write: a source, or a header that gets guards.
struct Output {
  std::string Shown;  ///< the name in messages: as given for a source
  FileEdits Edits;
};

}  // namespace

int main(int argc, const char** argv) {
  // libTooling would go on without flags (and say so) when -p finds no database.
  const std::string DatabaseDirectory = databaseDirectory(argc, argv);
  if (!DatabaseDirectory.empty() && !hasDatabase(DatabaseDirectory)) {
    llvm::errs() << kTool << ": error: -p '" << DatabaseDirectory
                 << "': no compilation database (compile_commands.json) there or above\n";
    return 2;
  }
  takeOverFilterOption();
  auto Parser =
      clang::tooling::CommonOptionsParser::create(argc, argv, RewriteCategory, cl::OneOrMore);
  if (!Parser) {
    llvm::errs() << Parser.takeError();
    return 2;
  }
  if (!checkOptions()) return 2;

  RewriteSettings Settings;
  std::string FilterPath;
  if (!filterFileOption(FilterPath)) return 2;
  if (!FilterPath.empty()) {
    std::string Error;
    std::optional<hotpath::plan::FunctionFilter> Filter =
        hotpath::plan::FunctionFilter::read(FilterPath, Error);
    if (!Filter) {
      llvm::errs() << kTool << ": error: --filter: " << Error << "\n";
      return 2;
    }
    Settings.Filter = std::make_shared<const hotpath::plan::FunctionFilter>(std::move(*Filter));
  }
  Settings.HeaderFilter = HeaderFilter;
  Settings.MeasureAll = MeasureAll.getNumOccurrences() != 0;
  Settings.MeasureAllPattern = MeasureAll;
  Settings.MeasureAllRoot = MeasureAllRoot;
  Settings.MinimumTokens = MinTokens;
  Settings.Adjuster = commandAdjuster(argv[0], /*NoteDroppedOptions=*/!Quiet);

  // Parse every translation unit, a thread each (ClangTool is not shared). A source
  // that does not exist is said so, not parsed.
  std::vector<std::string> Failed;
  std::vector<std::string> Sources;
  for (const std::string& Source : uniqueSources(Parser->getSourcePathList())) {
    if (llvm::sys::fs::is_regular_file(Source)) {
      Sources.push_back(Source);
      continue;
    }
    llvm::errs() << kTool << ": error: '" << Source
                 << "': " << (llvm::sys::fs::exists(Source) ? "not a file" : "no such file")
                 << "\n";
    Failed.push_back(Source);
  }
  const std::size_t Given = Sources.size() + Failed.size();
  std::vector<TranslationUnitResult> Results(Sources.size());
  const bool Terminal = isatty(STDERR_FILENO) != 0;
  Progress Shown(Sources.size(), ShowProgress || (Terminal && Sources.size() > 1), Terminal);
  auto RewriteOne = [&](std::size_t I) {
    Results[I] = rewriteTranslationUnit(Parser->getCompilations(), Sources[I], Settings);
    Shown.fileDone(Sources[I], Results[I].Diagnostics);
  };
  const unsigned Threads = llvm::hardware_concurrency(Jobs).compute_thread_count();
  if (Threads <= 1 || Sources.size() <= 1) {
    for (std::size_t I = 0; I < Sources.size(); ++I) RewriteOne(I);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
    for (std::size_t I = 0; I < Sources.size(); ++I) Pool.async(RewriteOne, I);
    Pool.wait();
  }
  Shown.finish();

  // Sources that compiled, in the order given, then the headers that get guards
  // (the edits of every translation unit that includes them; a source included by
  // another gets those edits too).
  std::vector<Output> Outputs;
  std::map<std::string, std::size_t> OutputOfPath;
  std::map<std::string, FileEdits> Headers;
  std::vector<std::string> Inputs;
  std::vector<std::string> UserInputs;
  for (TranslationUnitResult& Result : Results) {
    if (!Result.Compiled) {
      Failed.push_back(Result.Source);
      llvm::errs() << kTool << ": error: '" << Result.Source << "' does not compile";
      if (!Result.FirstError.empty()) llvm::errs() << " (first error: " << Result.FirstError << ")";
      llvm::errs() << "\n";
      continue;
    }
    OutputOfPath.emplace(Result.Path, Outputs.size());
    Outputs.push_back({Result.Source, std::move(Result.Files[Result.Path])});
    for (auto& [Path, Edits] : Result.Files) {
      if (Path == Result.Path) continue;
      auto [Found, New] = Headers.try_emplace(Path, std::move(Edits));
      if (!New) mergeInto(Found->second, Edits);
    }
    Inputs.insert(Inputs.end(), Result.Inputs.begin(), Result.Inputs.end());
    UserInputs.insert(UserInputs.end(), Result.UserInputs.begin(), Result.UserInputs.end());
  }
  const std::size_t SourcesDone = Outputs.size();
  for (auto& [Path, Edits] : Headers) {
    const auto Source = OutputOfPath.find(Path);
    if (Source != OutputOfPath.end()) {
      mergeInto(Outputs[Source->second].Edits, Edits);
    } else if (!Edits.Insertions.empty() || !Edits.Replacements.empty()) {
      // (A header the filter left functions out of, and none planned a guard in,
      // stays as it is.)
      Outputs.push_back({displayPath(Path), std::move(Edits)});
    }
  }

  for (Output& File : Outputs) dropFiltered(File.Edits);
  std::vector<std::string> OutputPaths;
  for (const Output& File : Outputs) OutputPaths.push_back(File.Edits.Path);
  const std::string Root = commonDirectory(OutputPaths);
  std::vector<std::string> Written;  // by --output-dir, for the depfile
  unsigned Guards = 0;
  std::size_t SourcesWritten = 0;
  std::size_t HeadersWritten = 0;
  for (std::size_t I = 0; I < Outputs.size(); ++I) {
    const Output& File = Outputs[I];
    const std::string Text = rewrittenText(File.Edits, !NoPrologue);
    bool Ok = true;
    if (Diff) {
      llvm::outs() << unifiedDiff(File.Shown, File.Edits.Original, Text);
    } else if (Print) {
      if (Outputs.size() > 1) llvm::outs() << "//--- " << File.Shown << "\n";
      llvm::outs() << Text;
    } else if (InPlace) {
      if (Text != File.Edits.Original) Ok = writeFile(File.Edits.Path, Text);
    } else {
      const std::string Target = OutputRoot.empty()
                                     ? mirroredPath(OutputDir, Root, File.Edits.Path)
                                     : mirroredPath(OutputRoot, "/", File.Edits.Path);
      Ok = writeFile(Target, Text);
      if (Ok) Written.push_back(Target);
    }
    if (!Ok) {
      Failed.push_back(File.Shown);
      continue;
    }
    Guards += File.Edits.addedGuards();
    ++(I < SourcesDone ? SourcesWritten : HeadersWritten);
  }
  if (!OutputRoot.empty()) {
    // Every other file the sources read that is not a system header is linked in
    // beside the copies: a copy's #include "..." finds the copies next to it, and a
    // header that includes a rewritten one (a library compiled as one header)
    // finds that one's copy. A link is the file itself for #pragma once.
    std::set<std::string> Copied;
    for (const Output& File : Outputs) Copied.insert(File.Edits.Path);
    for (const std::string& Path : UserInputs) {
      if (Copied.insert(Path).second && !linkFile(mirroredPath(OutputRoot, "/", Path), Path))
        Failed.push_back(displayPath(Path));
    }
  }
  if (!Depfile.empty() && !writeFile(Depfile, makeRule(Written, Inputs))) {
    Failed.push_back(Depfile);
  }

  if (Quiet && Failed.empty()) return 0;
  llvm::errs() << kTool << ": " << SourcesWritten << " of " << Given << " files done";
  if (HeadersWritten != 0)
    llvm::errs() << " (and " << HeadersWritten << (HeadersWritten == 1 ? " header)" : " headers)");
  llvm::errs() << ", " << Guards << (Guards == 1 ? " guard" : " guards") << " added";
  if (!Failed.empty()) {
    llvm::errs() << "; failed:";
    for (const std::string& Name : Failed) llvm::errs() << " " << Name;
  }
  llvm::errs() << "\n";
  return Failed.empty() ? 0 : 1;
}
