// Parsing, planning and text edits for clang-hotpath-rewrite.
#include "SourceRewriter.h"

#include <optional>
#include <utility>

#include "GuardText.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "llvm/Support/Path.h"
#include "plan/DefinitionWalker.h"
#include "plan/InstrumentationPlan.h"

namespace hotpath::rewrite {
namespace {

using plan::PlannedFunction;

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
    if (Changed && !hasPrologue(Original)) {
      const clang::PresumedLoc Start =
          SM.getPresumedLoc(SM.getLocForStartOfFile(SM.getMainFileID()));
      const std::string Name = Start.isValid() ? Start.getFilename() : std::string(Path);
      Out = prologue(Name) + Out;
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

}  // namespace

std::unique_ptr<clang::tooling::FrontendActionFactory> makeRewriteActionFactory(
    std::map<std::string, FileResult>& Results, RecordingPrinter& Printer) {
  return std::make_unique<RewriteActionFactory>(Results, Printer);
}

}  // namespace hotpath::rewrite
