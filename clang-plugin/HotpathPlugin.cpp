// hotpath.so: the Clang plugin. It registers the attributes (Attributes.cpp) and
// adds, before code generation, a consumer that asks the instrumentation plan about
// every function definition Clang hands over and injects the planned guards.
//
// Options (-fplugin-arg-hotpath-<option>):
//   verbose                     a remark for every instrumented function, and for
//                               every function measure-all left out as too small
//   measure-all-files=<regex>   measure every function defined in matching files
//   measure-all-root=<dir>      a measure-all-files pattern that starts with neither
//                               `/` nor `^/` sees paths relative to <dir>
//   filter=<file>               measure-all leaves out the functions <file> lists
//                               (plan/FunctionFilter.h)
//   filter-digest=<sha1>        the SHA-1 the filter file must have: a changed file
//                               is a changed command line for compiler caches
//   min-tokens=<n>              measure-all leaves out bodies of fewer tokens, and
//                               straight-line ones (0: neither)
//                               (default 12; 0 takes every function)
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "AttributeTracker.h"
#include "ClangCompat.h"
#include "GuardInjector.h"
#include "MisspelledAttributes.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/SemaConsumer.h"
#include "plan/DefinitionWalker.h"
#include "plan/FunctionNames.h"
#include "plan/InstrumentationPlan.h"

namespace {

struct PluginOptions {
  bool Verbose = false;
  hotpath::plan::PlanOptions Plan;
};

/// Defined in every precompiled header built with the plugin. A PCH built without
/// it has lost its [[hotpath::...]] attributes (Clang drops unknown attributes while
/// parsing), which would otherwise go unnoticed.
constexpr llvm::StringLiteral kPchMarker = "__hotpath_plugin_pch";

class PchCheck {
 public:
  explicit PchCheck(clang::CompilerInstance& CI)
      : PchFile(CI.getPreprocessorOpts().ImplicitPCHInclude) {
    if (CI.getFrontendOpts().ProgramAction == clang::frontend::GeneratePCH) {
      clang::Preprocessor& PP = CI.getPreprocessor();
      PP.setPredefines(PP.getPredefines() + "#define " + kPchMarker.str() + " 1\n");
    }
  }

  /// Warns when the translation unit used a PCH that was built without the plugin.
  void check(clang::Sema& S) const {
    if (PchFile.empty() || S.getPreprocessor().isMacroDefined(kPchMarker)) return;
    clang::DiagnosticsEngine& Diags = S.getDiagnostics();
    Diags.Report(Diags.getCustomDiagID(
        clang::DiagnosticsEngine::Warning,
        "precompiled header '%0' was built without the hotpath plugin: hotpath attributes "
        "in the headers it contains were dropped and those functions are not measured; "
        "build it with the same -fplugin flags"))
        << PchFile;
  }

 private:
  std::string PchFile;
};

class InstrumentingConsumer : public clang::SemaConsumer {
 public:
  InstrumentingConsumer(PluginOptions Options, PchCheck Pch)
      : Options(std::move(Options)), Pch(std::move(Pch)) {}

  void InitializeSema(clang::Sema& Sema) override {
    S = &Sema;
    AttributesAtStart = hotpath::appliedAttributeCount();
    AlwaysActive = !Options.Plan.MeasureAllFilesPattern.empty();
    // A fresh plan per translation unit: one clang invocation may compile several.
    hotpath::plan::PlanOptions Plan = Options.Plan;
    if (Options.Verbose) {
      Plan.OnTooSmall = [this](const clang::FunctionDecl& Function, unsigned Tokens) {
        clang::DiagnosticsEngine& Diags = S->getDiagnostics();
        Diags.Report(Function.getLocation(),
                     Diags.getCustomDiagID(clang::DiagnosticsEngine::Remark,
                                           "hotpath: not measuring '%0': its body is %1 tokens, "
                                           "under measure-all's minimum of %2 "
                                           "(-fplugin-arg-hotpath-min-tokens=0 measures it)"))
            << hotpath::plan::qualifiedFunctionName(Function) << Tokens
            << this->Options.Plan.MinimumTokens;
      };
      Plan.OnFiltered = [this](const clang::FunctionDecl& Function,
                               const hotpath::plan::FunctionFilter::Entry& Entry) {
        clang::DiagnosticsEngine& Diags = S->getDiagnostics();
        Diags.Report(Function.getLocation(),
                     Diags.getCustomDiagID(clang::DiagnosticsEngine::Remark,
                                           "hotpath: not measuring '%0': the filter file "
                                           "lists it ('%1', %2:%3)"))
            << hotpath::plan::qualifiedFunctionName(Function) << Entry.Text
            << this->Options.Plan.Filter->path() << Entry.Line;
      };
      Plan.OnStraightLine = [this](const clang::FunctionDecl& Function) {
        clang::DiagnosticsEngine& Diags = S->getDiagnostics();
        Diags.Report(Function.getLocation(),
                     Diags.getCustomDiagID(clang::DiagnosticsEngine::Remark,
                                           "hotpath: not measuring '%0': it is straight-line "
                                           "code (no loop, no call but of straight-line code), "
                                           "so measure-all leaves it out "
                                           "(-fplugin-arg-hotpath-min-tokens=0 measures it)"))
            << hotpath::plan::qualifiedFunctionName(Function);
      };
    }
    Planner = std::make_unique<hotpath::plan::InstrumentationPlanner>(Sema.getASTContext(),
                                                                      std::move(Plan));
    Injector = std::make_unique<hotpath::GuardInjector>(Sema);
    Misspellings = std::make_unique<hotpath::MisspelledAttributes>(Sema.getDiagnostics());
  }

  void HandleTranslationUnit(clang::ASTContext&) override {
    if (S == nullptr) return;
    Pch.check(*S);
    // Before code generation, which emits template instances at its own end.
    for (const hotpath::plan::PlannedFunction& Planned : Planner->planInstances()) inject(Planned);
    Planner->finishTranslationUnit();
    Misspellings->reportPending();
  }

  void ForgetSema() override {
    Misspellings.reset();
    Planner.reset();
    Injector.reset();
    S = nullptr;
  }

  bool HandleTopLevelDecl(clang::DeclGroupRef Group) override {
    if (Misspellings) Misspellings->reportPending();
    for (clang::Decl* D : Group) visitDecl(D);
    return true;
  }

  void HandleInlineFunctionDefinition(clang::FunctionDecl* Function) override {
    visitFunction(Function);
  }

 private:
  /// False while the translation unit has shown no hotpath attribute: then there
  /// is nothing to instrument, and the plugin costs nothing.
  bool active() const {
    // Declarations read from a PCH or a module (whose reader appears with the first
    // import) carry annotations that no attribute handler saw in this run.
    return AlwaysActive || hotpath::appliedAttributeCount() != AttributesAtStart ||
           S->getASTContext().getExternalSource() != nullptr;
  }

  void visitDecl(clang::Decl* D) {
    if (S != nullptr && active()) Walker.walkDecl(D);
  }

  void visitFunction(clang::FunctionDecl* Function) {
    if (S != nullptr && active()) Walker.walkFunction(Function);
  }

  void instrument(clang::FunctionDecl& Function) {
    if (std::optional<hotpath::plan::PlannedFunction> Planned = Planner->plan(Function))
      inject(*Planned);
  }

  void inject(const hotpath::plan::PlannedFunction& Planned) {
    const clang::FunctionDecl& Function = *Planned.Function;
    const std::string Signature =
        Planned.Signature.Text.empty() ? "" : Planner->completeSignature(Function);
    if (!Injector->inject(Planned, Signature) || !Options.Verbose) return;
    clang::DiagnosticsEngine& Diags = S->getDiagnostics();
    Diags.Report(Function.getLocation(),
                 Diags.getCustomDiagID(clang::DiagnosticsEngine::Remark, "hotpath: measuring '%0'"))
        << Planned.Name;
  }

  PluginOptions Options;
  PchCheck Pch;
  clang::Sema* S = nullptr;
  std::uint64_t AttributesAtStart = 0;
  bool AlwaysActive = false;
  std::unique_ptr<hotpath::plan::InstrumentationPlanner> Planner;
  std::unique_ptr<hotpath::GuardInjector> Injector;
  std::unique_ptr<hotpath::MisspelledAttributes> Misspellings;
  hotpath::plan::DefinitionWalker Walker{[this](clang::FunctionDecl& F) { instrument(F); }};
};

class HotpathAction : public clang::PluginASTAction {
 protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& CI,
                                                        llvm::StringRef) override {
    hotpath::compat::watchAttributeArguments(CI.getPreprocessor());
    return std::make_unique<InstrumentingConsumer>(Options, PchCheck(CI));
  }

  bool ParseArgs(const clang::CompilerInstance& CI, const std::vector<std::string>& Args) override {
    clang::DiagnosticsEngine& Diags = CI.getDiagnostics();
    std::string FilterDigest;
    for (const std::string& Arg : Args) {
      llvm::StringRef Text(Arg);
      if (Text == "verbose") {
        Options.Verbose = true;
      } else if (hotpath::compat::startsWith(Text, "measure-all-files=")) {
        Options.Plan.MeasureAllFilesPattern = Text.drop_front(18).str();
        std::string Error;
        if (!hotpath::plan::InstrumentationPlanner::isValidFilePattern(
                Options.Plan.MeasureAllFilesPattern, Error)) {
          Diags.Report(Diags.getCustomDiagID(
              clang::DiagnosticsEngine::Error,
              "invalid -fplugin-arg-hotpath-measure-all-files pattern '%0': %1"))
              << Options.Plan.MeasureAllFilesPattern << Error;
          return false;
        }
      } else if (hotpath::compat::startsWith(Text, "measure-all-root=")) {
        Options.Plan.MeasureAllRoot = Text.drop_front(17).str();
      } else if (hotpath::compat::startsWith(Text, "filter-digest=")) {
        FilterDigest = Text.drop_front(14).lower();
      } else if (hotpath::compat::startsWith(Text, "filter=")) {
        std::string Error;
        std::optional<hotpath::plan::FunctionFilter> Filter =
            hotpath::plan::FunctionFilter::read(Text.drop_front(7), Error);
        if (!Filter) {
          Diags.Report(Diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                             "invalid -fplugin-arg-hotpath-filter file: %0"))
              << Error;
          return false;
        }
        Options.Plan.Filter =
            std::make_shared<const hotpath::plan::FunctionFilter>(std::move(*Filter));
      } else if (hotpath::compat::startsWith(Text, "min-tokens=")) {
        if (Text.drop_front(11).getAsInteger(10, Options.Plan.MinimumTokens)) {
          Diags.Report(Diags.getCustomDiagID(
              clang::DiagnosticsEngine::Error,
              "invalid -fplugin-arg-hotpath-min-tokens value '%0': expected a whole number of "
              "tokens (0 measures every function)"))
              << Text.drop_front(11);
          return false;
        }
      } else {
        Diags.Report(
            Diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                  "unknown hotpath plugin option '%0' (expected 'verbose', "
                                  "'measure-all-files=<regex>', 'measure-all-root=<dir>', "
                                  "'filter=<file>', 'filter-digest=<sha1>' or 'min-tokens=<n>')"))
            << Arg;
        return false;
      }
    }
    if (!FilterDigest.empty() && Options.Plan.Filter &&
        FilterDigest != Options.Plan.Filter->digest()) {
      // A compiler cache keys on the command line, not on the file's text: an old
      // object could come back for a changed filter.
      Diags.Report(Diags.getCustomDiagID(
          clang::DiagnosticsEngine::Error,
          "filter file '%0' changed since the build was configured (its SHA-1 is %1, "
          "-fplugin-arg-hotpath-filter-digest says %2): configure the build again"))
          << Options.Plan.Filter->path() << Options.Plan.Filter->digest() << FilterDigest;
      return false;
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

 private:
  PluginOptions Options;
};

/// A plugin built for one Clang major version loads into another without any
/// error and silently recognizes nothing; refuse to run instead.
struct VersionCheck {
  VersionCheck() {
    const std::string Host = clang::getClangFullVersion();
    const std::string Built = CLANG_VERSION_STRING;
    const std::string Major = std::to_string(CLANG_VERSION_MAJOR) + ".";
    const std::size_t Version = Host.find(" version ");
    const bool Same =
        Version != std::string::npos && Host.compare(Version + 9, Major.size(), Major) == 0;
    if (!Same) {
      const std::string HostMajor =
          Version == std::string::npos
              ? "N"
              : Host.substr(Version + 9, Host.find('.', Version + 9) - (Version + 9));
      std::fprintf(stderr,
                   "fatal error: the hotpath plugin was built for Clang %s but was loaded into "
                   "'%s'; load the plugin built for that Clang (pkg-config --variable=plugin "
                   "hotpath-clang-%s), or compile with the clang++ of version %s "
                   "(pkg-config --variable=clangxx hotpath-clang-%d)\n",
                   Built.c_str(), Host.c_str(), HostMajor.c_str(), Built.c_str(),
                   CLANG_VERSION_MAJOR);
      std::fflush(stderr);
      std::_Exit(1);
    }
  }
};
const VersionCheck CheckVersionAtLoad;

clang::FrontendPluginRegistry::Add<HotpathAction> RegisterAction(
    "hotpath", "measure functions marked with [[hotpath::measure]]");

}  // namespace
