// Parsing, planning and text edits for clang-hotpath-rewrite.
#include "SourceRewriter.h"

#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "AwaitEdits.h"
#include "GuardText.h"
#include "MacroBodies.h"
#include "OutputFiles.h"
#include "SpecializationSpellings.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "plan/DefinitionWalker.h"
#include "plan/ExistingGuards.h"
#include "plan/InstrumentationPlan.h"
#include "plan/LambdaNumbers.h"

namespace hotpath::rewrite {
namespace {

using plan::PlannedFunction;

/// Prints diagnostics as clang does, into the translation unit's buffer, and
/// remembers the first error.
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

  const std::string& firstError() const { return FirstError; }

 private:
  std::string FirstError;
};

/// The files of one translation unit that get guards: the main file, and the
/// headers that match the header filter (never system headers).
class RewrittenFiles {
 public:
  RewrittenFiles(const clang::SourceManager& SM, clang::FileManager& FM,
                 const RewriteSettings& Settings)
      : SM(SM), FM(FM) {
    if (!Settings.HeaderFilter.empty()) HeaderFilter.emplace(Settings.HeaderFilter);
  }

  /// True when guards may be written into the file of `Location`.
  bool contains(clang::SourceLocation Location) {
    const clang::FileID File = SM.getFileID(Location);
    if (File == SM.getMainFileID()) return true;
    if (!HeaderFilter) return false;
    auto [Known, New] = Decided.try_emplace(File, false);
    if (New) {
      const std::string Path = SM.isInSystemHeader(Location) ? std::string() : pathOf(File);
      Known->second = !Path.empty() && HeaderFilter->match(Path);
    }
    return Known->second;
  }

  /// The absolute path of a file of the translation unit.
  std::string pathOf(clang::FileID File) const {
    const clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    if (!Entry) return std::string();
    llvm::SmallString<256> Path(Entry->getName());
    FM.makeAbsolutePath(Path);
    return absolutePath(Path);
  }

 private:
  const clang::SourceManager& SM;
  clang::FileManager& FM;
  std::optional<llvm::Regex> HeaderFilter;
  llvm::DenseMap<clang::FileID, bool> Decided;
};

class RewriteConsumer : public clang::ASTConsumer {
 public:
  RewriteConsumer(clang::CompilerInstance& CI, const RewriteSettings& Settings,
                  TranslationUnitResult& Result)
      : CI(CI), Settings(Settings), Result(Result), Macros(CI.getPreprocessor()) {}

  void Initialize(clang::ASTContext& Context) override {
    Ctx = &Context;
    Files.emplace(Context.getSourceManager(), CI.getFileManager(), Settings);
    hotpath::plan::PlanOptions Options;
    Options.MinimumTokens = Settings.MinimumTokens;
    Options.Filter = Settings.Filter;
    Options.OnFiltered = [this](const clang::FunctionDecl& Function,
                                const hotpath::plan::FunctionFilter::Entry&) {
      noteFiltered(Function);
    };
    Options.MeasureAllRoot = Settings.MeasureAllRoot;
    if (Settings.MeasureAll) {
      Options.MeasureAllFilesPattern = Settings.MeasureAllPattern;
      Options.MeasureAllAt = [this](clang::SourceLocation Location) {
        return Settings.MeasureAllPattern.empty() && Files->contains(Location);
      };
    }
    Planner = std::make_unique<hotpath::plan::InstrumentationPlanner>(Context, std::move(Options));
  }

  bool HandleTopLevelDecl(clang::DeclGroupRef Group) override {
    for (clang::Decl* D : Group) Walker.walkDecl(D);
    return true;
  }

  void HandleInlineFunctionDefinition(clang::FunctionDecl* Function) override {
    Walker.walkFunction(Function);
  }

  /// A source whose translation unit gets guards (in it or in its headers, as
  /// a source that only includes the definitions of a header) also registers the
  /// default template arguments and the lambdas of the translation unit, at its end.
  void HandleTranslationUnit(clang::ASTContext& Context) override {
    for (const hotpath::plan::PlannedFunction& Planned : Planner->planInstances()) addEdit(Planned);
    Planner->finishTranslationUnit();
    Macros.write([this](clang::FileID File) -> FileEdits& { return editsOf(File); },
                 [this](clang::SourceLocation Brace, const std::string& Name) {
                   warn(Brace, "'" + Name +
                                   "' is not instrumented: the macro expansion its body's '{' "
                                   "comes from has a _Pragma or annotation tokens");
                 });
    const clang::SourceManager& SM = Context.getSourceManager();
    const clang::FileID Main = SM.getMainFileID();
    if (!Files->contains(SM.getLocForStartOfFile(Main))) return;
    FileEdits& Edits = editsOf(Main);
    bool Guarded = false;
    for (const auto& [File, Edited] : EditsOfFile) Guarded = Guarded || Edited->addedGuards() > 0;
    if (!Guarded || hasTranslationUnitNames(Edits.Original)) return;
    const auto InScope = [this](clang::SourceLocation Location) {
      return Files->contains(Location);
    };
    std::vector<std::string> Entries = hotpath::plan::defaultTemplateArgumentEntries(Context);
    // Only the arguments a pretty function gives can be spelled as written.
    if (DependentGuards) {
      for (std::string& Spelling : specializationSpellings(Context, Entries))
        Entries.push_back(std::move(Spelling));
    }
    const std::string Text = translationUnitNamesText(
        Entries, hotpath::plan::numberedLambdas(Context, InScope), Edits.Path);
    // A source compiled by several commands (one per target) is seen once each:
    // like a guard, the registration is written once, the first one seen.
    if (!Text.empty())
      Edits.Insertions.try_emplace(static_cast<unsigned>(Edits.Original.size()), Text);
  }

  /// The edits of a file of the translation unit, made on first use.
  FileEdits& editsOf(clang::FileID File) {
    FileEdits*& Known = EditsOfFile[File];
    if (Known != nullptr) return *Known;
    const clang::SourceManager& SM = Ctx->getSourceManager();
    const std::string Path = Files->pathOf(File);
    // A header included twice (no include guard) has two FileIDs: one entry.
    auto [Found, New] = Result.Files.try_emplace(Path);
    Known = &Found->second;
    if (New) {
      FileEdits& Edits = Found->second;
      Edits.Path = Path;
      Edits.Original = SM.getBufferData(File).str();
    }
    return Found->second;
  }

 private:
  void addEdit(const PlannedFunction& Planned) {
    const clang::SourceLocation Brace = bodyBrace(*Planned.Function);
    if (Brace.isInvalid()) return;
    const clang::SourceManager& SM = Ctx->getSourceManager();
    if (!Files->contains(SM.getExpansionLoc(Brace))) return;
    std::optional<LambdaInTemplate> Lambda = lambdaInTemplate(Planned);
    if (Brace.isMacroID()) {
      // The macro's invocation is written out, expanded, with the guard in it; a
      // lambda in a template would need its enclosing function's `{` too.
      if (Lambda || !Macros.plan(Brace, guardText(withNamedTypeParameters(Planned)), Planned.Name))
        warn(Brace, "'" + Planned.Name +
                        "' is not instrumented: the '{' of its body comes from a macro expansion");
      else
        DependentGuards = DependentGuards || Planned.Signature.Dependent;
      return;
    }
    if (Lambda) {
      const clang::SourceLocation EnclosingBrace = bodyBrace(*Lambda->Enclosing);
      if (EnclosingBrace.isInvalid() || EnclosingBrace.isMacroID() ||
          !Files->contains(EnclosingBrace) ||
          !insertAfter(EnclosingBrace, enclosingSignatureText(*Lambda->Enclosing)))
        Lambda.reset();
    }
    const bool AwaitsWatched =
        Planned.Guard == hotpath::plan::GuardKind::Coroutine && watchAwaits(Planned, Brace);
    if (!insertAfter(Brace, guardText(withNamedTypeParameters(Planned), Lambda ? &*Lambda : nullptr,
                                      AwaitsWatched)))
      warn(Brace, "'" + Planned.Name + "' is not instrumented: its body does not start with '{'");
    else
      DependentGuards = DependentGuards || Planned.Signature.Dependent;
  }

  /// `Planned` with the type parameters its guard can name: an unnamed one gets
  /// a name written into its declaration (`template <class..., class S>` becomes
  /// `template <class... __hotpath_t1_1, class S>`). The list ends before one that
  /// cannot be named (declared by a macro); the runtime takes the arguments of
  /// the parameters after it from the pretty function.
  PlannedFunction withNamedTypeParameters(const PlannedFunction& Planned) {
    PlannedFunction Named = Planned;
    std::vector<hotpath::plan::TypeParameter>& Parameters = Named.Signature.TypeParameters;
    for (auto It = Parameters.begin(); It != Parameters.end(); ++It) {
      if (!It->unnamed()) continue;
      // An unnamed parameter's location is that of the token after it.
      const clang::SourceLocation Where = It->Declaration->getLocation();
      if (Where.isInvalid() || Where.isMacroID() || !Files->contains(Where)) {
        Parameters.erase(It, Parameters.end());
        break;
      }
      insertAt(Where, " " + writtenParameterName(*It));
    }
    return Named;
  }

  /// Routes the co_awaits of the coroutine of `Planned`, whose body opens at
  /// `Brace`, through its guard, when all of them can be (AwaitEdits.h); the
  /// decision is taken once for the text every instantiation shares.
  bool watchAwaits(const PlannedFunction& Planned, clang::SourceLocation Brace) {
    const clang::SourceManager& SM = Ctx->getSourceManager();
    const std::pair<clang::FileID, unsigned> Key{SM.getFileID(Brace), SM.getFileOffset(Brace)};
    const std::optional<std::vector<AwaitOperand>> Operands =
        wrappableAwaits(*Planned.Function, SM, Ctx->getLangOpts(),
                        [this](clang::SourceLocation Where) { return Files->contains(Where); });
    auto [Known, New] = AwaitsWatchedAt.try_emplace(Key, Operands.has_value());
    if (!New) {
      if (Known->second && !Operands) {
        warn(Brace, "'" + Planned.Name +
                        "': the co_awaits of this coroutine report to its guard, which this "
                        "instantiation's promise type (it has await_transform) does not allow");
      }
      return Known->second;
    }
    if (!Operands) return false;
    const std::string Prefix = watchOperandPrefix(guardName(*Planned.Function));
    for (const AwaitOperand& Operand : *Operands) {
      appendAt(Operand.Begin, Prefix);
      appendAt(Operand.End, ")");
    }
    return true;
  }

  /// Adds `Text` to what is inserted before the character at `Where`.
  void appendAt(clang::SourceLocation Where, const std::string& Text) {
    const clang::SourceManager& SM = Ctx->getSourceManager();
    editsOf(SM.getFileID(Where)).Insertions[SM.getFileOffset(Where)] += Text;
  }

  /// Inserts `Text` before the character at `Where`, once.
  void insertAt(clang::SourceLocation Where, const std::string& Text) {
    const clang::SourceManager& SM = Ctx->getSourceManager();
    FileEdits& Edits = editsOf(SM.getFileID(Where));
    auto [Found, New] = Edits.Insertions.try_emplace(SM.getFileOffset(Where), Text);
    if (!New && Found->second.find(Text) == std::string::npos) Found->second += Text;
  }

  /// The `{` of a function's body (inside a function-try-block or a coroutine's
  /// body); invalid when there is none. An instantiated body keeps the pattern's
  /// source locations: every instantiation of a template maps to the same `{`.
  static clang::SourceLocation bodyBrace(const clang::FunctionDecl& Function) {
    const clang::CompoundStmt* Body = hotpath::plan::writtenBody(Function);
    return Body != nullptr ? Body->getLBracLoc() : clang::SourceLocation();
  }

  /// Inserts `Text` after the `{` (or `<%`) at `Brace` (after what is already
  /// inserted there). An enclosing function's signature declared by an earlier run
  /// is left as it is (guards of an earlier run are the plan's: it plans no second
  /// one). False when `Brace` is not a `{` of the file.
  /// Records that the filter left out `Function` here: its guard, planned by
  /// another translation unit that names it otherwise, goes too (dropFiltered).
  void noteFiltered(const clang::FunctionDecl& Function) {
    const clang::SourceLocation Brace = bodyBrace(Function);
    if (Brace.isInvalid() || Brace.isMacroID() || !Files->contains(Brace)) return;
    const clang::SourceManager& SM = Ctx->getSourceManager();
    FileEdits& Edits = editsOf(SM.getFileID(Brace));
    if (const std::optional<unsigned> Offset = offsetAfter(Brace, Edits))
      Edits.Filtered.insert(*Offset);
  }

  /// The offset just after the body's `{` at `Brace` (or its digraph `<%`), in the
  /// file whose edits are `Edits`; none when no brace is there.
  std::optional<unsigned> offsetAfter(clang::SourceLocation Brace, const FileEdits& Edits) const {
    const unsigned BraceOffset = Ctx->getSourceManager().getFileOffset(Brace);
    const llvm::StringRef BraceText = llvm::StringRef(Edits.Original).substr(BraceOffset, 2);
    if (BraceText.starts_with("<%")) return BraceOffset + 2;
    if (BraceText.starts_with("{")) return BraceOffset + 1;
    return std::nullopt;
  }

  bool insertAfter(clang::SourceLocation Brace, const std::string& Text) {
    FileEdits& Edits = editsOf(Ctx->getSourceManager().getFileID(Brace));
    const std::optional<unsigned> Offset = offsetAfter(Brace, Edits);
    if (!Offset) return false;
    auto [Found, New] = Edits.Insertions.try_emplace(*Offset);
    if (New) {
      if (!declaresEnclosingSignature(llvm::StringRef(Edits.Original).substr(*Offset)))
        Found->second = Text;
    } else if (!Found->second.empty() && Found->second.find(Text) == std::string::npos) {
      Found->second += Text;
    }
    return true;
  }

  void warn(clang::SourceLocation Where, const std::string& Message) {
    clang::DiagnosticsEngine& Diags = CI.getDiagnostics();
    Diags.Report(Where, Diags.getCustomDiagID(clang::DiagnosticsEngine::Warning, "%0")) << Message;
  }

  clang::CompilerInstance& CI;
  const RewriteSettings& Settings;
  TranslationUnitResult& Result;
  clang::ASTContext* Ctx = nullptr;
  std::optional<RewrittenFiles> Files;
  llvm::DenseMap<clang::FileID, FileEdits*> EditsOfFile;  // into Result.Files
  std::unique_ptr<hotpath::plan::InstrumentationPlanner> Planner;
  MacroBodies Macros;
  /// Whether the co_awaits of the coroutine whose body opens at a `{` (file,
  /// offset) report to its guard.
  std::map<std::pair<clang::FileID, unsigned>, bool> AwaitsWatchedAt;
  /// A guard's name has template arguments from a pretty function.
  bool DependentGuards = false;
  hotpath::plan::DefinitionWalker Walker{[this](clang::FunctionDecl& Function) {
    if (std::optional<PlannedFunction> Planned = Planner->plan(Function)) addEdit(*Planned);
  }};
};

class RewriteAction : public clang::ASTFrontendAction {
 public:
  RewriteAction(const RewriteSettings& Settings, TranslationUnitResult& Result,
                llvm::raw_ostream& Diagnostics)
      : Settings(Settings), Result(Result), Diagnostics(Diagnostics) {}

 protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& CI,
                                                        llvm::StringRef) override {
    // "N warnings generated." goes with the diagnostics, not straight to stderr.
    CI.setVerboseOutputStream(Diagnostics);
    auto Consumer = std::make_unique<RewriteConsumer>(CI, Settings, Result);
    Active = Consumer.get();
    return Consumer;
  }

  void EndSourceFileAction() override {
    clang::CompilerInstance& CI = getCompilerInstance();
    Result.Compiled = !CI.getDiagnostics().hasErrorOccurred() && Active != nullptr;
    if (!Result.Compiled) {
      Result.Files.clear();
      return;
    }
    const clang::SourceManager& SM = CI.getSourceManager();
    const clang::HeaderSearch& Headers = CI.getPreprocessor().getHeaderSearchInfo();
    Active->editsOf(SM.getMainFileID());  // a source is always an output
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      llvm::SmallString<256> Path(It->first.getName());
      CI.getFileManager().makeAbsolutePath(Path);
      Result.Inputs.push_back(absolutePath(Path));
      const clang::HeaderFileInfo* Info = Headers.getExistingFileInfo(It->first);
      if (Info == nullptr || Info->DirInfo == clang::SrcMgr::C_User)
        Result.UserInputs.push_back(Result.Inputs.back());
    }
  }

 private:
  const RewriteSettings& Settings;
  TranslationUnitResult& Result;
  llvm::raw_ostream& Diagnostics;
  RewriteConsumer* Active = nullptr;
};

class RewriteActionFactory : public clang::tooling::FrontendActionFactory {
 public:
  RewriteActionFactory(const RewriteSettings& Settings, TranslationUnitResult& Result,
                       llvm::raw_ostream& Diagnostics)
      : Settings(Settings), Result(Result), Diagnostics(Diagnostics) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<RewriteAction>(Settings, Result, Diagnostics);
  }

 private:
  const RewriteSettings& Settings;
  TranslationUnitResult& Result;
  llvm::raw_ostream& Diagnostics;
};

}  // namespace

TranslationUnitResult rewriteTranslationUnit(
    const clang::tooling::CompilationDatabase& Compilations, const std::string& Source,
    const RewriteSettings& Settings) {
  TranslationUnitResult Result;
  Result.Source = Source;
  Result.Path = absolutePath(Source);

  // Each translation unit has its own file system object: ClangTool changes the
  // working directory of the one it is given.
  clang::tooling::ClangTool Tool(Compilations, {Source},
                                 std::make_shared<clang::PCHContainerOperations>(),
                                 llvm::vfs::createPhysicalFileSystem());
  Tool.setPrintErrorMessage(false);
  if (Settings.Adjuster) Tool.appendArgumentsAdjuster(Settings.Adjuster);

  llvm::raw_string_ostream Diagnostics(Result.Diagnostics);
  clang::DiagnosticOptions* DiagOpts = new clang::DiagnosticOptions();
  DiagOpts->ShowColors = false;
  RecordingPrinter Printer(Diagnostics, DiagOpts);
  Tool.setDiagnosticConsumer(&Printer);

  RewriteActionFactory Factory(Settings, Result, Diagnostics);
  Tool.run(&Factory);
  Diagnostics.flush();
  Result.FirstError = Printer.firstError();
  return Result;
}

}  // namespace hotpath::rewrite
