// clang-hotpath-rewrite: writes instrumented copies of C++ sources, for compilers
// that cannot load the hotpath plugin (g++, another Clang, MSVC through a copy).
//
//   clang-hotpath-rewrite [--print | --output-dir=DIR | --in-place] <files...> -- <flags>
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
// Re-running on the output changes nothing. If any file does not compile,
// nothing is written.
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "plan/DefinitionWalker.h"
#include "plan/InstrumentationPlan.h"

namespace {

namespace cl = llvm::cl;
using hotpath::plan::GuardKind;
using hotpath::plan::PlannedFunction;

cl::OptionCategory RewriteCategory("clang-hotpath-rewrite options");
cl::opt<bool> Print("print", cl::desc("Print the rewritten files to standard output"),
                    cl::cat(RewriteCategory));
cl::opt<std::string> OutputDir("output-dir",
                               cl::desc("Write the rewritten files under <dir>, mirroring their "
                                        "paths relative to the inputs' common directory"),
                               cl::value_desc("dir"), cl::cat(RewriteCategory));
cl::opt<bool> InPlace("in-place", cl::desc("Replace the input files with the rewritten ones"),
                      cl::cat(RewriteCategory));
cl::extrahelp MoreHelp(
    "\nEvery function hotpath's Clang plugin would measure gets its guard written after\n"
    "the `{` of its body, on the same line. Nothing is written if a file does not compile.\n");

constexpr llvm::StringLiteral kIncludeLine = "#include <hotpath/hotpath.hpp>\n";
constexpr llvm::StringLiteral kLinePrefix = "#line 1 \"";

/// A C string literal with `Text` in it.
std::string quoted(llvm::StringRef Text) {
  std::string Out = "\"";
  for (char C : Text) {
    switch (C) {
      case '"':
        Out += "\\\"";
        break;
      case '\\':
        Out += "\\\\";
        break;
      case '\n':
        Out += "\\n";
        break;
      case '\t':
        Out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(C) < 0x20) {
          char Buffer[8];
          std::snprintf(Buffer, sizeof Buffer, "\\%03o", static_cast<unsigned char>(C));
          Out += Buffer;
        } else {
          Out += C;
        }
    }
  }
  return Out + "\"";
}

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

/// What happened to one input.
struct FileResult {
  bool Compiled = false;
  std::string FirstError;  ///< "file:line:col: message" of the first error
  std::string Original;
  std::string Rewritten;
  unsigned Instrumented = 0;
};

/// Prints diagnostics as clang does and remembers the first error of the file
/// being processed.
class RecordingPrinter : public clang::TextDiagnosticPrinter {
 public:
  using clang::TextDiagnosticPrinter::TextDiagnosticPrinter;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic& Info) override {
    clang::TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error || !FirstError.empty()) return;
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      const clang::SourceManager& SM = Info.getSourceManager();
      const clang::PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Info.getLocation()));
      if (Where.isValid()) {
        FirstError = std::string(Where.getFilename()) + ":" + std::to_string(Where.getLine()) +
                     ":" + std::to_string(Where.getColumn()) + ": ";
      }
    }
    FirstError += std::string(Message);
  }

  std::string takeFirstError() { return std::exchange(FirstError, std::string()); }

 private:
  std::string FirstError;
};

/// True when the function's text is shared by several instantiations: a template
/// instantiation, a member of one, or anything defined inside one.
bool isFromTemplate(const clang::FunctionDecl& Function) {
  for (const clang::DeclContext* Context = &Function; Context != nullptr;
       Context = Context->getParent()) {
    if (const auto* F = llvm::dyn_cast<clang::FunctionDecl>(Context)) {
      if (F->getTemplateInstantiationPattern() != nullptr || F->isTemplateInstantiation())
        return true;
    } else if (const auto* Record = llvm::dyn_cast<clang::CXXRecordDecl>(Context)) {
      if (Record->getTemplateInstantiationPattern() != nullptr ||
          llvm::isa<clang::ClassTemplateSpecializationDecl>(Record))
        return true;
    }
  }
  return false;
}

/// The guard text written after the `{`.
std::string guardText(const PlannedFunction& Planned, bool FromTemplate) {
  const std::string Where = quoted(Planned.File) + ", " + std::to_string(Planned.Line);
  if (Planned.Guard == GuardKind::Main) {
    return " ::hotpath::MainGuard __hotpath_guard(" + quoted(Planned.Name) + ", " +
           quoted(Planned.MainOptions) + ", " + Where + ");";
  }
  const bool CustomName = Planned.Signature.empty();
  const std::string Name = FromTemplate && !CustomName ? "nullptr" : quoted(Planned.Name);
  const std::string Signature = CustomName ? "nullptr" : "__PRETTY_FUNCTION__";
  const char* Site = Planned.Guard == GuardKind::Constexpr ? "static constexpr ::hotpath::Site"
                                                           : "static ::hotpath::Site";
  const char* Guard = Planned.Guard == GuardKind::Constexpr   ? "ConstexprScopeGuard"
                      : Planned.Guard == GuardKind::Coroutine ? "CoroutineGuard"
                                                              : "ScopeGuard";
  return " " + std::string(Site) + " __hotpath_site(" + Name + ", " + Signature + ", " + Where +
         "); ::hotpath::" + Guard + " __hotpath_guard(__hotpath_site);";
}

/// True when the text after a `{` already starts with a hotpath guard.
bool alreadyInstrumented(llvm::StringRef After) {
  After = After.ltrim();
  const llvm::StringRef First = After.take_until([](char C) { return C == ';' || C == '}'; });
  return First.contains("__hotpath_site") || First.contains("__hotpath_guard");
}

class RewriteConsumer : public clang::ASTConsumer {
 public:
  explicit RewriteConsumer(clang::CompilerInstance& CI) : CI(CI) {}

  void Initialize(clang::ASTContext& Context) override {
    Ctx = &Context;
    Planner = std::make_unique<hotpath::plan::InstrumentationPlanner>(Context,
                                                                      hotpath::plan::PlanOptions{});
  }

  bool HandleTopLevelDecl(clang::DeclGroupRef Group) override {
    for (clang::Decl* D : Group) Walker.walkDecl(D);
    return true;
  }

  void HandleInlineFunctionDefinition(clang::FunctionDecl* Function) override {
    Walker.walkFunction(Function);
  }

  /// Insertions into the main file: offset just after a `{` => guard text.
  const std::map<unsigned, std::string>& edits() const { return Edits; }

 private:
  void addEdit(const PlannedFunction& Planned) {
    clang::Stmt* Body = Planned.Function->getBody();
    if (auto* Try = llvm::dyn_cast_or_null<clang::CXXTryStmt>(Body)) Body = Try->getTryBlock();
    if (auto* Coroutine = llvm::dyn_cast_or_null<clang::CoroutineBodyStmt>(Body))
      Body = Coroutine->getBody();
    const auto* Compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(Body);
    if (Compound == nullptr) return;
    // An instantiated body keeps the pattern's source locations: every
    // instantiation of a template maps to the same `{`.
    const clang::SourceLocation Brace = Compound->getLBracLoc();
    const clang::SourceManager& SM = Ctx->getSourceManager();
    if (Brace.isMacroID()) {
      warn(Brace, "'" + Planned.Name +
                      "' is not instrumented: the '{' of its body comes from a macro expansion");
      return;
    }
    if (!SM.isWrittenInMainFile(Brace)) return;  // headers are not rewritten (yet)
    const unsigned Offset = SM.getFileOffset(Brace) + 1;
    if (Edits.count(Offset) != 0) return;
    const llvm::StringRef Buffer = SM.getBufferData(SM.getMainFileID());
    if (Offset > Buffer.size() || Buffer[Offset - 1] != '{') return;
    if (alreadyInstrumented(Buffer.substr(Offset))) {
      Edits.emplace(Offset, std::string());  // recognized: left as it is
      return;
    }
    Edits.emplace(Offset, guardText(Planned, isFromTemplate(*Planned.Function)));
  }

  void warn(clang::SourceLocation Where, const std::string& Message) {
    clang::DiagnosticsEngine& Diags = CI.getDiagnostics();
    Diags.Report(Where, Diags.getCustomDiagID(clang::DiagnosticsEngine::Warning, "%0")) << Message;
  }

  clang::CompilerInstance& CI;
  clang::ASTContext* Ctx = nullptr;
  std::unique_ptr<hotpath::plan::InstrumentationPlanner> Planner;
  std::map<unsigned, std::string> Edits;
  hotpath::plan::DefinitionWalker Walker{[this](clang::FunctionDecl& Function) {
    if (std::optional<PlannedFunction> Planned = Planner->plan(Function)) addEdit(*Planned);
  }};
};

class RewriteAction : public clang::ASTFrontendAction {
 public:
  RewriteAction(std::map<std::string, FileResult>& Results, RecordingPrinter& Printer)
      : Results(Results), Printer(Printer) {}

 protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& CI,
                                                        llvm::StringRef) override {
    auto Consumer = std::make_unique<RewriteConsumer>(CI);
    Active = Consumer.get();
    return Consumer;
  }

  void EndSourceFileAction() override {
    clang::CompilerInstance& CI = getCompilerInstance();
    const clang::SourceManager& SM = CI.getSourceManager();
    llvm::SmallString<256> Path(getCurrentFile());
    CI.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    FileResult& Result = Results[std::string(Path)];
    Result.Compiled = !CI.getDiagnostics().hasErrorOccurred();
    Result.FirstError = Printer.takeFirstError();
    if (!Result.Compiled || Active == nullptr) return;

    const llvm::StringRef Original = SM.getBufferData(SM.getMainFileID());
    Result.Original = Original.str();
    std::string Out;
    bool Changed = false;
    unsigned Copied = 0;
    for (const auto& [Offset, Text] : Active->edits()) {
      Out.append(Original.data() + Copied, Offset - Copied);
      Out += Text;
      Copied = Offset;
      if (!Text.empty()) {
        Changed = true;
        ++Result.Instrumented;
      }
    }
    Out.append(Original.data() + Copied, Original.size() - Copied);
    const bool HasPrologue = Original.starts_with(kIncludeLine) &&
                             Original.drop_front(kIncludeLine.size()).starts_with(kLinePrefix);
    if (Changed && !HasPrologue) {
      const clang::PresumedLoc Start =
          SM.getPresumedLoc(SM.getLocForStartOfFile(SM.getMainFileID()));
      const std::string Name = Start.isValid() ? Start.getFilename() : std::string(Path);
      Out = kIncludeLine.str() + "#line 1 " + quoted(Name) + "\n" + Out;
    }
    Result.Rewritten = std::move(Out);
  }

 private:
  std::map<std::string, FileResult>& Results;
  RecordingPrinter& Printer;
  RewriteConsumer* Active = nullptr;
};

class RewriteActionFactory : public clang::tooling::FrontendActionFactory {
 public:
  RewriteActionFactory(std::map<std::string, FileResult>& Results, RecordingPrinter& Printer)
      : Results(Results), Printer(Printer) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<RewriteAction>(Results, Printer);
  }

 private:
  std::map<std::string, FileResult>& Results;
  RecordingPrinter& Printer;
};

/// The deepest directory containing every path.
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

/// Writes through a temporary file in the same directory, then renames it.
bool writeFile(const std::string& Path, llvm::StringRef Contents) {
  const llvm::StringRef Directory = llvm::sys::path::parent_path(Path);
  if (!Directory.empty()) {
    if (std::error_code Error = llvm::sys::fs::create_directories(Directory)) {
      llvm::errs() << "clang-hotpath-rewrite: error: cannot create directory '" << Directory
                   << "': " << Error.message() << "\n";
      return false;
    }
  }
  llvm::SmallString<256> Temporary;
  int FD = -1;
  if (std::error_code Error =
          llvm::sys::fs::createUniqueFile(Path + ".hotpath-%%%%%%.tmp", FD, Temporary)) {
    llvm::errs() << "clang-hotpath-rewrite: error: cannot write '" << Path
                 << "': " << Error.message() << "\n";
    return false;
  }
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out << Contents;
    Out.close();
    if (Out.has_error()) {
      llvm::errs() << "clang-hotpath-rewrite: error: cannot write '" << Path
                   << "': " << Out.error().message() << "\n";
      Out.clear_error();
      llvm::sys::fs::remove(Temporary);
      return false;
    }
  }
  // Keep the permissions of a file that is replaced.
  if (llvm::ErrorOr<llvm::sys::fs::perms> Perms = llvm::sys::fs::getPermissions(Path))
    llvm::sys::fs::setPermissions(Temporary, *Perms);
  if (std::error_code Error = llvm::sys::fs::rename(Temporary, Path)) {
    llvm::errs() << "clang-hotpath-rewrite: error: cannot write '" << Path
                 << "': " << Error.message() << "\n";
    llvm::sys::fs::remove(Temporary);
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, const char** argv) {
  auto Parser =
      clang::tooling::CommonOptionsParser::create(argc, argv, RewriteCategory, cl::OneOrMore);
  if (!Parser) {
    llvm::errs() << Parser.takeError();
    return 2;
  }
  const int Modes = int(Print) + int(!OutputDir.empty()) + int(InPlace);
  if (Modes != 1) {
    llvm::errs() << "clang-hotpath-rewrite: error: give exactly one of --print, "
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
  RewriteActionFactory Factory(Results, Printer);
  Tool.run(&Factory);

  // Nothing is written unless every file compiled.
  std::vector<std::string> Absolute;
  bool AllCompiled = true;
  for (const std::string& Source : Sources) {
    Absolute.push_back(absolutePath(Source));
    auto Found = Results.find(Absolute.back());
    if (Found == Results.end() || !Found->second.Compiled) {
      AllCompiled = false;
      llvm::errs() << "clang-hotpath-rewrite: error: '" << Source << "' does not compile";
      if (Found != Results.end() && !Found->second.FirstError.empty())
        llvm::errs() << " (first error: " << Found->second.FirstError << ")";
      llvm::errs() << "\n";
    }
  }
  if (!AllCompiled) {
    llvm::errs() << "clang-hotpath-rewrite: nothing was written\n";
    return 1;
  }

  const std::string Root = commonDirectory(Absolute);
  bool Ok = true;
  for (std::size_t I = 0; I < Sources.size(); ++I) {
    const FileResult& Result = Results[Absolute[I]];
    if (Print) {
      if (Sources.size() > 1) llvm::outs() << "//--- " << Sources[I] << "\n";
      llvm::outs() << Result.Rewritten;
    } else if (InPlace) {
      if (Result.Rewritten != Result.Original) Ok = writeFile(Absolute[I], Result.Rewritten) && Ok;
    } else {
      llvm::StringRef Relative(Absolute[I]);
      if (!Root.empty() && Relative.starts_with(Root)) Relative = Relative.drop_front(Root.size());
      Relative = Relative.ltrim("/");
      llvm::SmallString<256> Target(OutputDir);
      llvm::sys::path::append(Target, Relative);
      Ok = writeFile(std::string(Target), Result.Rewritten) && Ok;
    }
  }
  return Ok ? 0 : 1;
}
