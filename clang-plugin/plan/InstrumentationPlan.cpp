// Selection rules, in order of precedence:
//   1. [[hotpath::main]] or [[hotpath::measure]] on the function (any redeclaration,
//      or the template it was instantiated from) measures it.
//   2. [[hotpath::skip]] on the function, or on a class or namespace around it,
//      excludes it from what follows.
//   3. [[hotpath::measure_all]] on its class (the class it is a member of) or on a
//      namespace block it is defined in, or a file pattern matching the file it is
//      defined in, measures it. Lambdas are never implied: only an attribute on
//      the lambda itself measures it.
// Only definitions that are not dependent (templates are measured per
// instantiation) and that the user wrote (not implicit or defaulted) are planned.
#include "plan/InstrumentationPlan.h"

#include "ClangCompat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "plan/Annotations.h"
#include "plan/ExistingGuards.h"
#include "plan/FunctionNames.h"
#include "plan/StraightLine.h"
#include "plan/Warnings.h"

namespace hotpath::plan {
namespace {

/// The declaration the attributes were written on: the template pattern of an
/// instantiation, the function itself otherwise.
const clang::FunctionDecl& writtenFunction(const clang::FunctionDecl& Function) {
  const clang::FunctionDecl* Pattern = Function.getTemplateInstantiationPattern();
  return Pattern != nullptr ? *Pattern : Function;
}

const clang::AnnotateAttr* functionAnnotation(const clang::FunctionDecl& Function,
                                              llvm::StringRef Key) {
  if (const auto* Found = findAnnotationOnAnyRedecl(Function, Key)) return Found;
  return findAnnotationOnAnyRedecl(writtenFunction(Function), Key);
}

/// The class template a specialization was instantiated from, or the class itself.
const clang::CXXRecordDecl& writtenRecord(const clang::CXXRecordDecl& Record) {
  if (const auto* Pattern = Record.getTemplateInstantiationPattern()) return *Pattern;
  return Record;
}

bool recordHas(const clang::CXXRecordDecl& Record, llvm::StringRef Key) {
  return findAnnotationOnAnyRedecl(Record, Key) != nullptr ||
         findAnnotationOnAnyRedecl(writtenRecord(Record), Key) != nullptr;
}

bool isLambdaCallOperator(const clang::FunctionDecl& Function) {
  const auto* Method = llvm::dyn_cast<clang::CXXMethodDecl>(&Function);
  return Method != nullptr && Method->getParent()->isLambda();
}

/// The first string argument of an annotation, if any.
std::optional<std::string> stringArgument(const clang::AnnotateAttr& Annotation, unsigned Index) {
  if (Annotation.args_size() <= Index) return std::nullopt;
  const clang::Expr* Arg = *(Annotation.args_begin() + Index);
  if (const auto* Literal = llvm::dyn_cast<clang::StringLiteral>(Arg->IgnoreParenImpCasts())) {
    return Literal->getString().str();
  }
  return std::nullopt;
}

/// True when the `constexpr` keyword is written on a lambda (Clang marks lambdas
/// constexpr implicitly from C++17, with the same flag).
bool writtenConstexpr(const clang::FunctionDecl& CallOperator) {
  const clang::Stmt* Body = CallOperator.getBody();
  if (Body == nullptr) return false;
  const clang::ASTContext& Ctx = CallOperator.getASTContext();
  const clang::CharSourceRange Range =
      clang::CharSourceRange::getCharRange(CallOperator.getBeginLoc(), Body->getBeginLoc());
  bool Invalid = false;
  const llvm::StringRef Text =
      clang::Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts(), &Invalid);
  if (Invalid) return true;  // cannot tell: keep the lambda constexpr
  for (std::size_t At = Text.find("constexpr"); At != llvm::StringRef::npos;
       At = Text.find("constexpr", At + 1)) {
    const bool Starts = At == 0 || !clang::isAsciiIdentifierContinue(Text[At - 1]);
    const std::size_t End = At + 9;
    if (Starts && (End >= Text.size() || !clang::isAsciiIdentifierContinue(Text[End]))) return true;
  }
  return false;
}

}  // namespace

InstrumentationPlanner::InstrumentationPlanner(clang::ASTContext& Context, PlanOptions Options)
    : Ctx(Context),
      Diags(Context.getDiagnostics()),
      MeasureAllAt(std::move(Options.MeasureAllAt)),
      MinimumTokens(Options.MinimumTokens),
      OnTooSmall(std::move(Options.OnTooSmall)),
      OnStraightLine(std::move(Options.OnStraightLine)),
      Filter(std::move(Options.Filter)),
      OnFiltered(std::move(Options.OnFiltered)),
      Signatures(Context) {
  if (!Options.MeasureAllFilesPattern.empty()) {
    FilePattern.emplace(Options.MeasureAllFilesPattern);
    FilePatternIsAbsolute = isAbsoluteFilePattern(Options.MeasureAllFilesPattern);
    if (!Options.MeasureAllRoot.empty() && !FilePatternIsAbsolute) {
      llvm::SmallString<256> Root(Options.MeasureAllRoot);
      llvm::sys::fs::make_absolute(Root);
      llvm::sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
      MeasureAllRoot = Root.str().rtrim('/').str();
    }
  }
}

void InstrumentationPlanner::finishTranslationUnit() {
  for (const clang::FunctionDecl* Function : MarkedPureVirtual) {
    // A definition of its own (`void Base::f() {}`) was planned and measured.
    if (Function->isDefined() || !Decided.insert(Function).second) continue;
    warn(Function->getLocation(), "'hotpath::measure' ignored on pure virtual function '" +
                                      qualifiedFunctionName(*Function) +
                                      "': it has no body to measure; measure the functions "
                                      "that override it");
  }
  MarkedPureVirtual.clear();
}

bool InstrumentationPlanner::isValidFilePattern(const std::string& Pattern, std::string& Error) {
  return llvm::Regex(Pattern).isValid(Error);
}

bool InstrumentationPlanner::isAbsoluteFilePattern(llvm::StringRef Pattern) {
  return compat::startsWith(Pattern, "/") || compat::startsWith(Pattern, "^/");
}

bool InstrumentationPlanner::fileMatches(const clang::FunctionDecl& Function) const {
  if (!FilePattern && !MeasureAllAt) return false;
  const clang::SourceManager& SM = Ctx.getSourceManager();
  const clang::SourceLocation Location =
      SM.getExpansionLoc(writtenFunction(Function).getLocation());
  if (MeasureAllAt && MeasureAllAt(Location)) return true;
  const clang::PresumedLoc Where = SM.getPresumedLoc(Location);
  if (!FilePattern || !Where.isValid()) return false;
  // `-Isrc/.` makes a header `src/./util.h`, `-Isrc/../src` `src/../src/util.h`: the
  // pattern sees the path without those steps.
  llvm::SmallString<256> Path(Where.getFilename());
  // A source named relatively (`clang++ src/a.cpp`) has a relative presumed path:
  // an absolute pattern or a root must see it from `/`.
  if (FilePatternIsAbsolute || !MeasureAllRoot.empty()) llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  if (MeasureAllRoot.empty()) return FilePattern->match(Path);
  llvm::StringRef Relative(Path);
  // Only the files under the root, by whole path components.
  if (!Relative.consume_front(MeasureAllRoot) || !Relative.consume_front("/")) return false;
  return FilePattern->match(Relative);
}

const FunctionFilter::Entry* InstrumentationPlanner::filterEntry(
    const clang::FunctionDecl& Function) {
  if (!Filter) return nullptr;
  const SignaturePattern Pattern = Signatures.pattern(Function);
  std::string File;
  if (Pattern.Internal) {
    // The file of the ` [file]` tag the report adds (SignaturePrinter::complete).
    const clang::SourceManager& SM = Ctx.getSourceManager();
    if (const auto Main = SM.getFileEntryRefForID(SM.getMainFileID()))
      File = llvm::sys::path::filename(Main->getName()).str();
  }
  return Filter->find(Pattern.Text, File);
}

InstrumentationPlanner::Selection InstrumentationPlanner::select(
    const clang::FunctionDecl& Function) const {
  if (functionAnnotation(Function, kMainKey) || functionAnnotation(Function, kMeasureKey))
    return Selection::Explicit;
  if (functionAnnotation(Function, kSkipKey) || isLambdaCallOperator(Function))
    return Selection::None;

  bool Implied = false;
  if (const auto* Method = llvm::dyn_cast<clang::CXXMethodDecl>(&Function)) {
    if (recordHas(*Method->getParent(), kSkipKey)) return Selection::None;
    Implied = recordHas(*Method->getParent(), kMeasureAllKey);
  }
  // Scopes the definition is written in, innermost first: the nearest skip (on a
  // class or namespace) or measure_all (on a namespace block) decides. A class's
  // measure_all covers its own members only, checked above: not nested classes,
  // nor friend functions defined inside it.
  for (const clang::DeclContext* Context = writtenFunction(Function).getLexicalDeclContext();
       Context != nullptr && !Implied; Context = Context->getLexicalParent()) {
    const auto* Scope = llvm::dyn_cast<clang::Decl>(Context);
    if (!llvm::isa_and_nonnull<clang::NamespaceDecl, clang::CXXRecordDecl>(Scope)) continue;
    if (findAnnotation(*Scope, kSkipKey)) return Selection::None;
    if (llvm::isa<clang::NamespaceDecl>(Scope) && findAnnotation(*Scope, kMeasureAllKey))
      Implied = true;
  }
  if (Implied) return Selection::Implied;
  return fileMatches(Function) ? Selection::ImpliedByFile : Selection::None;
}

unsigned InstrumentationPlanner::bodyTokens(const clang::FunctionDecl& Function) const {
  constexpr unsigned kLarge = ~0u;
  const clang::Stmt* Body = Function.getBody();
  if (Body == nullptr) return kLarge;
  const clang::SourceManager& SM = Ctx.getSourceManager();
  clang::SourceLocation Begin = Body->getBeginLoc();
  if (const auto* Constructor = llvm::dyn_cast<clang::CXXConstructorDecl>(&Function)) {
    for (const clang::CXXCtorInitializer* Init : Constructor->inits()) {
      if (Init->isWritten() && Init->getSourceLocation().isValid()) {
        Begin = Init->getSourceLocation();
        break;
      }
    }
  }
  Begin = SM.getExpansionLoc(Begin);
  const clang::SourceLocation End = SM.getExpansionLoc(Body->getEndLoc());
  const auto [BeginFile, BeginOffset] = SM.getDecomposedLoc(Begin);
  const auto [EndFile, EndOffset] = SM.getDecomposedLoc(End);
  if (BeginFile != EndFile || EndOffset < BeginOffset) return kLarge;
  const llvm::StringRef Buffer = SM.getBufferData(BeginFile);
  clang::Lexer Lexer(SM.getLocForStartOfFile(BeginFile), Ctx.getLangOpts(), Buffer.begin(),
                     Buffer.begin() + BeginOffset, Buffer.end());
  unsigned Tokens = 0;
  clang::Token Token;
  do {
    Lexer.LexFromRawLexer(Token);
    if (Token.is(clang::tok::eof)) break;
    ++Tokens;
  } while (SM.getFileOffset(Token.getLocation()) < EndOffset);
  return Tokens;
}

void InstrumentationPlanner::stripAnnotations(const clang::FunctionDecl& Function) {
  // The annotations would otherwise reach code generation as
  // llvm.global.annotations, which keeps dead inline functions alive.
  for (clang::FunctionDecl* Redecl : Function.redecls()) {
    if (!Redecl->hasAttrs()) continue;
    clang::AttrVec& Attrs = Redecl->getAttrs();
    llvm::erase_if(Attrs, isHotpathAnnotation);
    if (Attrs.empty()) Redecl->dropAttrs();
  }
}

void InstrumentationPlanner::warn(clang::SourceLocation Where, llvm::StringRef Message) {
  reportWarning(Diags, Where, Message);
}

std::optional<PlannedFunction> InstrumentationPlanner::plan(const clang::FunctionDecl& Function) {
  if (Function.isDependentContext() || Function.isInvalidDecl() || Function.isImplicit())
    return std::nullopt;
  if ((Function.isDefaulted() || Function.isDeleted()) && Decided.insert(&Function).second &&
      (functionAnnotation(Function, kMeasureKey) || functionAnnotation(Function, kMainKey))) {
    warn(Function.getLocation(), "'hotpath::measure' ignored on " +
                                     std::string(Function.isDeleted() ? "deleted" : "defaulted") +
                                     " function '" + qualifiedFunctionName(Function) +
                                     "': it has no body to measure");
    stripAnnotations(Function);
    return std::nullopt;
  }
  if (!Function.doesThisDeclarationHaveABody() && compat::isPureVirtual(Function) &&
      functionAnnotation(Function, kMeasureKey)) {
    MarkedPureVirtual.push_back(&Function);
    return std::nullopt;
  }
  if (!Function.doesThisDeclarationHaveABody() || Function.isDefaulted() || Function.isDeleted())
    return std::nullopt;
  if (!Decided.insert(&Function).second) return std::nullopt;

  const Selection Selected = select(Function);
  const clang::AnnotateAttr* Main = functionAnnotation(Function, kMainKey);
  const clang::AnnotateAttr* Measure = functionAnnotation(Function, kMeasureKey);
  stripAnnotations(Function);
  if (Selected == Selection::None) return std::nullopt;
  if (Selected != Selection::Explicit) {
    if (const FunctionFilter::Entry* Listed = filterEntry(Function)) {
      if (OnFiltered) OnFiltered(Function, *Listed);
      return std::nullopt;
    }
  }
  if (Selected == Selection::ImpliedByFile && MinimumTokens != 0) {
    const unsigned Tokens = bodyTokens(Function);
    if (Tokens < MinimumTokens) {
      if (OnTooSmall) OnTooSmall(Function, Tokens);
      return std::nullopt;
    }
    if (isStraightLine(Function, Ctx)) {
      if (OnStraightLine) OnStraightLine(Function);
      return std::nullopt;
    }
    // What the template may call, its instance may not: asked again at the end of
    // the translation unit, as instantiated (planInstances).
    if (isImplicitInstance(Function)) {
      Instances.push_back(&Function);
      return std::nullopt;
    }
  }
  return planMeasured(Function, Selected, Main, Measure);
}

std::vector<PlannedFunction> InstrumentationPlanner::planInstances() {
  std::vector<PlannedFunction> Planned;
  for (const clang::FunctionDecl* Instance : Instances) {
    if (isStraightLineAsInstantiated(*Instance, Ctx)) {
      if (OnStraightLine) OnStraightLine(*Instance);
      continue;
    }
    if (std::optional<PlannedFunction> Measured =
            planMeasured(*Instance, Selection::ImpliedByFile, nullptr, nullptr))
      Planned.push_back(std::move(*Measured));
  }
  Instances.clear();
  return Planned;
}

std::optional<PlannedFunction> InstrumentationPlanner::planMeasured(
    const clang::FunctionDecl& Function, Selection Selected, const clang::AnnotateAttr* Main,
    const clang::AnnotateAttr* Measure) {
  const bool Explicit = Selected == Selection::Explicit;
  const std::string Attribute = Main != nullptr ? "'hotpath::main'" : "'hotpath::measure'";
  const std::string Name = "'" + qualifiedFunctionName(Function) + "'";
  // One guard a function: the rewriter's output is measured already, and so is a
  // function with HOTPATH_MEASURE() (but main's session is the attribute's own).
  const ExistingGuard Existing = existingFunctionGuard(Function);
  if (Existing == ExistingGuard::Rewriter) return std::nullopt;
  if (Existing == ExistingGuard::Macro && Main == nullptr) {
    if (Explicit) {
      warn(Function.getLocation(), Attribute + " on " + Name +
                                       " has no effect: HOTPATH_MEASURE() in its body measures "
                                       "it already, and it is measured once");
    }
    return std::nullopt;
  }
  PlannedFunction Planned;
  Planned.Function = &Function;
  if (Function.isConsteval()) {
    if (Explicit) {
      warn(Function.getLocation(), Attribute + " ignored on consteval function " + Name +
                                       ": it runs only at compile time, so it is not measured");
    }
    return std::nullopt;
  }
  if (Function.isConstexpr()) {
    if (Ctx.getLangOpts().CPlusPlus20) {
      Planned.Guard = GuardKind::Constexpr;
    } else if (isLambdaCallOperator(Function) && !writtenConstexpr(Function) && Explicit) {
      // Lambdas are implicitly constexpr from C++17: measuring one makes it an
      // ordinary function, as if the guard had been written in its body.
      const_cast<clang::FunctionDecl&>(Function).setConstexprKind(
          clang::ConstexprSpecKind::Unspecified);
    } else {
      if (Explicit) {
        warn(Function.getLocation(), Attribute + " ignored on constexpr function " + Name +
                                         " before C++20: it is not measured (compile with "
                                         "-std=c++20 or later to measure it)");
      }
      return std::nullopt;
    }
  }
  if (llvm::isa_and_nonnull<clang::CoroutineBodyStmt>(Function.getBody()))
    Planned.Guard = GuardKind::Coroutine;
  if (Main != nullptr && Planned.Guard == GuardKind::Scope) {
    Planned.Guard = GuardKind::Main;
    llvm::StringSet<> Keys;
    for (unsigned I = 0; I < Main->args_size(); ++I) {
      if (std::optional<std::string> Option = stringArgument(*Main, I)) {
        const std::string Key = llvm::StringRef(*Option).split('=').first.trim().lower();
        if (!Keys.insert(Key).second) {
          warn(Main->getLocation(), "'hotpath::main' option '" + Key +
                                        "' is given more than once; the last one, '" + *Option +
                                        "', is used");
        }
        if (!Planned.MainOptions.empty()) Planned.MainOptions += ';';
        Planned.MainOptions += *Option;
      }
    }
  }

  std::optional<std::string> CustomName;
  if (Measure != nullptr) CustomName = stringArgument(*Measure, 0);
  if (CustomName) {
    Planned.Name = *CustomName;
  } else {
    Planned.Name = qualifiedFunctionName(Function);
    Planned.Signature = Signatures.pattern(Function);
  }
  const clang::SourceManager& SM = Ctx.getSourceManager();
  const clang::PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Function.getLocation()));
  if (Where.isValid()) {
    Planned.File = Where.getFilename();
    Planned.Line = Where.getLine();
  }
  return Planned;
}

}  // namespace hotpath::plan
