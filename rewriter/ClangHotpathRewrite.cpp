// clang-hotpath-rewrite: writes instrumented copies of C++ sources, for compilers
// that cannot load the hotpath plugin (g++, another Clang, MSVC through a copy).
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
//   #line 1 "<original file>"
//
// so that line numbers and file names stay the original's. A template is written
// once, so instantiations take their names from the compiler at build time
// (a null display name: the runtime derives it from __PRETTY_FUNCTION__).
// Re-running on the output changes nothing. A file that does not compile is
// named with its first error and left untouched; the others are still written,
// and the exit status says that some failed.
#include <map>
#include <string>
#include <vector>

#include "OutputFiles.h"
#include "SourceRewriter.h"
#include "UnifiedDiff.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
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
cl::opt<bool> Diff("diff", cl::desc("Print what the rewrite would change, as a unified diff"),
                   cl::cat(RewriteCategory));
cl::opt<bool> InPlace("in-place", cl::desc("Replace the input files with the rewritten ones"),
                      cl::cat(RewriteCategory));
cl::extrahelp MoreHelp(
    "\nEvery function hotpath's Clang plugin would measure gets its guard written after\n"
    "the `{` of its body, on the same line. Nothing is written if a file does not compile.\n");

}  // namespace

int main(int argc, const char** argv) {
  auto Parser =
      clang::tooling::CommonOptionsParser::create(argc, argv, RewriteCategory, cl::OneOrMore);
  if (!Parser) {
    llvm::errs() << Parser.takeError();
    return 2;
  }
  const int Modes = int(Print) + int(Diff) + int(!OutputDir.empty()) + int(InPlace);
  if (Modes != 1) {
    llvm::errs() << "clang-hotpath-rewrite: error: give exactly one of --print, --diff, "
                    "--output-dir=<dir> and --in-place\n";
    return 2;
  }

  const std::vector<std::string>& Sources = Parser->getSourcePathList();
  clang::tooling::ClangTool Tool(Parser->getCompilations(), Sources);
  Tool.setPrintErrorMessage(false);
  Tool.appendArgumentsAdjuster(
      [](const clang::tooling::CommandLineArguments& Args, llvm::StringRef) {
        for (const std::string& Arg : Args) {
          if (llvm::StringRef(Arg).starts_with("-resource-dir")) return Args;
        }
        clang::tooling::CommandLineArguments Adjusted = Args;
        Adjusted.insert(Adjusted.begin() + (Adjusted.empty() ? 0 : 1),
                        "-resource-dir=" HOTPATH_CLANG_RESOURCE_DIR);
        return Adjusted;
      });

  clang::DiagnosticOptions* DiagOpts = new clang::DiagnosticOptions();
  DiagOpts->ShowColors = false;
  RecordingPrinter Printer(llvm::errs(), DiagOpts);
  Tool.setDiagnosticConsumer(&Printer);

  std::map<std::string, FileResult> Results;
  const auto Factory = makeRewriteActionFactory(Results, Printer);
  Tool.run(Factory.get());

  // Files that compiled are written; the others are named, left untouched, and
  // make the exit status non-zero.
  std::vector<std::string> Absolute;
  std::vector<std::string> Failed;
  for (const std::string& Source : Sources) {
    Absolute.push_back(absolutePath(Source));
    auto Found = Results.find(Absolute.back());
    if (Found == Results.end() || !Found->second.Compiled) {
      Failed.push_back(Source);
      llvm::errs() << "clang-hotpath-rewrite: error: '" << Source << "' does not compile";
      if (Found != Results.end() && !Found->second.FirstError.empty())
        llvm::errs() << " (first error: " << Found->second.FirstError << ")";
      llvm::errs() << "\n";
    }
  }

  const std::string Root = commonDirectory(Absolute);
  bool Ok = Failed.empty();
  std::size_t Written = 0;
  for (std::size_t I = 0; I < Sources.size(); ++I) {
    auto Found = Results.find(Absolute[I]);
    if (Found == Results.end() || !Found->second.Compiled) continue;
    const FileResult& Result = Found->second;
    bool FileOk = true;
    if (Diff) {
      llvm::outs() << unifiedDiff(Sources[I], Result.Original, Result.Rewritten);
    } else if (Print) {
      if (Sources.size() > 1) llvm::outs() << "//--- " << Sources[I] << "\n";
      llvm::outs() << Result.Rewritten;
    } else if (InPlace) {
      if (Result.Rewritten != Result.Original) FileOk = writeFile(Absolute[I], Result.Rewritten);
    } else {
      llvm::StringRef Relative(Absolute[I]);
      if (!Root.empty() && Relative.starts_with(Root)) Relative = Relative.drop_front(Root.size());
      Relative = Relative.ltrim("/");
      llvm::SmallString<256> Target(OutputDir);
      llvm::sys::path::append(Target, Relative);
      FileOk = writeFile(std::string(Target), Result.Rewritten);
    }
    if (FileOk) {
      ++Written;
    } else {
      Failed.push_back(Sources[I]);
    }
    Ok = Ok && FileOk;
  }
  if (!Failed.empty()) {
    llvm::errs() << "clang-hotpath-rewrite: " << Written << " of " << Sources.size()
                 << " files done; failed:";
    for (const std::string& Source : Failed) llvm::errs() << " " << Source;
    llvm::errs() << "\n";
  }
  return Ok ? 0 : 1;
}
