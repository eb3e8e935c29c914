// The [[hotpath::...]] attributes: spellings, where each may appear, argument
// checks, and the annotation each leaves for the planner.
//
// Each attribute is registered with three spellings: `hotpath::measure` (what users
// write), `measure` (Clang keeps the arguments of a scoped plugin attribute, and
// answers __has_cpp_attribute for it, only when an unscoped spelling exists too;
// uses without the `hotpath` scope are then rejected here) and the GNU
// `hotpath_measure`.
#include <optional>
#include <string>
#include <vector>

#include "AttributeTracker.h"
#include "ClangCompat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaDiagnostic.h"
#include "plan/Annotations.h"
#include "value_parsers.hpp"

namespace hotpath {
namespace {
// Clang parses one translation unit at a time, on one thread.
std::uint64_t AppliedAttributes = 0;
}  // namespace

void noteAttributeApplied() { ++AppliedAttributes; }
std::uint64_t appliedAttributeCount() { return AppliedAttributes; }

}  // namespace hotpath

namespace {

using clang::ParsedAttr;
using clang::ParsedAttrInfo;

/// What an attribute may be written on.
enum class Subjects { Functions, ClassesAndNamespaces, FunctionsClassesAndNamespaces };

const char* describe(Subjects Allowed) {
  switch (Allowed) {
    case Subjects::Functions:
      return "functions";
    case Subjects::ClassesAndNamespaces:
      return "classes, structs and namespaces";
    case Subjects::FunctionsClassesAndNamespaces:
      return "functions, classes, structs and namespaces";
  }
  return "";
}

bool isAllowed(Subjects Allowed, const clang::Decl* D) {
  const bool IsFunction = llvm::isa<clang::FunctionDecl, clang::FunctionTemplateDecl>(D);
  const bool IsScope =
      llvm::isa<clang::NamespaceDecl>(D) ||
      (llvm::isa<clang::CXXRecordDecl>(D) && !llvm::cast<clang::CXXRecordDecl>(D)->isUnion()) ||
      llvm::isa<clang::ClassTemplateDecl>(D);
  switch (Allowed) {
    case Subjects::Functions:
      return IsFunction;
    case Subjects::ClassesAndNamespaces:
      return IsScope;
    case Subjects::FunctionsClassesAndNamespaces:
      return IsFunction || IsScope;
  }
  return false;
}

/// Uses spelled `[[measure]]` or `[[other::measure]]` are not ours.
bool hasHotpathScope(const ParsedAttr& Attr) {
  if (!hotpath::compat::isDoubleBracketSyntax(Attr)) return true;
  return Attr.getScopeName() != nullptr && Attr.getScopeName()->getName() == "hotpath";
}

void rejectForeignScope(clang::Sema& S, const ParsedAttr& Attr) {
  S.Diag(Attr.getLoc(), clang::diag::warn_unknown_attribute_ignored) << Attr << Attr.getRange();
}

/// The declaration the annotation goes on: a function template's pattern.
clang::Decl* annotationTarget(clang::Decl* D) {
  if (auto* Template = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
    return Template->getTemplatedDecl();
  if (auto* Template = llvm::dyn_cast<clang::ClassTemplateDecl>(D))
    return Template->getTemplatedDecl();
  return D;
}

class HotpathAttrInfo : public ParsedAttrInfo {
 public:
  HotpathAttrInfo(llvm::StringLiteral Key, Subjects Allowed, unsigned OptionalArgs)
      : Key(Key), Allowed(Allowed) {
    OptArgs = OptionalArgs;
    IsStmt = 1;  // so that a use on a statement reaches diagAppertainsToStmt
  }

  bool diagAppertainsToDecl(clang::Sema& S, const ParsedAttr& Attr,
                            const clang::Decl* D) const override {
    if (!hasHotpathScope(Attr)) return true;  // reported by handleDeclAttribute
    if (isAllowed(Allowed, D)) return true;
    hotpath::compat::diagnoseWrongSubject(S, Attr, describe(Allowed));
    return false;
  }

  bool diagAppertainsToStmt(clang::Sema& S, const ParsedAttr& Attr,
                            const clang::Stmt*) const override {
    if (!hasHotpathScope(Attr)) {
      rejectForeignScope(S, Attr);
      return false;
    }
    hotpath::compat::diagnoseOnStatement(S, Attr);
    return false;
  }

  AttrHandling handleDeclAttribute(clang::Sema& S, clang::Decl* D,
                                   const ParsedAttr& Attr) const override {
    if (!hasHotpathScope(Attr)) {
      rejectForeignScope(S, Attr);
      return AttributeNotApplied;
    }
    const std::optional<std::vector<hotpath::compat::StringArgument>> Arguments =
        hotpath::compat::stringArguments(S, Attr, OptArgs);
    if (!Arguments) return AttributeNotApplied;
    llvm::SmallVector<clang::Expr*, 4> Args;
    for (const hotpath::compat::StringArgument& Argument : *Arguments) {
      if (!checkArgument(S, Argument.Text, Argument.Where)) return AttributeNotApplied;
      Args.push_back(Argument.Expression);
    }
    // As Clang does for [[clang::annotate]]: code generation expects the arguments
    // of an annotation folded into constants, should one ever reach it.
    if (!hotpath::compat::foldAnnotationArguments(S, Attr, Args)) return AttributeNotApplied;
    clang::Decl* Target = annotationTarget(D);
    Target->addAttr(
        clang::AnnotateAttr::Create(S.Context, Key, Args.data(), Args.size(), Attr.getRange()));
    hotpath::noteAttributeApplied();
    return AttributeApplied;
  }

 protected:
  /// Checks one argument's text; diagnoses and returns false when it is wrong.
  virtual bool checkArgument(clang::Sema& S, llvm::StringRef Text,
                             clang::SourceLocation Where) const {
    if (!Text.empty()) return true;
    S.Diag(Where, S.getDiagnostics().getCustomDiagID(clang::DiagnosticsEngine::Error,
                                                     "'hotpath::measure' needs a non-empty "
                                                     "name"));
    return false;
  }

 private:
  llvm::StringLiteral Key;
  Subjects Allowed;
};

struct MeasureAttrInfo : HotpathAttrInfo {
  static constexpr Spelling Spellings_[] = {{ParsedAttr::AS_CXX11, "hotpath::measure"},
                                            {ParsedAttr::AS_CXX11, "measure"},
                                            {ParsedAttr::AS_GNU, "hotpath_measure"}};
  MeasureAttrInfo() : HotpathAttrInfo(hotpath::plan::kMeasureKey, Subjects::Functions, 1) {
    Spellings = Spellings_;
  }
};

struct MeasureAllAttrInfo : HotpathAttrInfo {
  static constexpr Spelling Spellings_[] = {{ParsedAttr::AS_CXX11, "hotpath::measure_all"},
                                            {ParsedAttr::AS_CXX11, "measure_all"},
                                            {ParsedAttr::AS_GNU, "hotpath_measure_all"}};
  MeasureAllAttrInfo()
      : HotpathAttrInfo(hotpath::plan::kMeasureAllKey, Subjects::ClassesAndNamespaces, 0) {
    Spellings = Spellings_;
  }
};

struct SkipAttrInfo : HotpathAttrInfo {
  static constexpr Spelling Spellings_[] = {{ParsedAttr::AS_CXX11, "hotpath::skip"},
                                            {ParsedAttr::AS_CXX11, "skip"},
                                            {ParsedAttr::AS_GNU, "hotpath_skip"}};
  SkipAttrInfo()
      : HotpathAttrInfo(hotpath::plan::kSkipKey, Subjects::FunctionsClassesAndNamespaces, 0) {
    Spellings = Spellings_;
  }
};

/// [[hotpath::main("limit=20", "percentiles=50,95,99.9", "format=json",
/// "output=profile.json", "name=server")]]: each argument one session option.
struct MainAttrInfo : HotpathAttrInfo {
  static constexpr Spelling Spellings_[] = {{ParsedAttr::AS_CXX11, "hotpath::main"},
                                            {ParsedAttr::AS_CXX11, "main"},
                                            {ParsedAttr::AS_GNU, "hotpath_main"}};
  MainAttrInfo() : HotpathAttrInfo(hotpath::plan::kMainKey, Subjects::Functions, 5) {
    Spellings = Spellings_;
  }

 protected:
  bool checkArgument(clang::Sema& S, llvm::StringRef Text,
                     clang::SourceLocation Where) const override {
    std::string Error;
    if (hotpath::detail::parse_main_options(std::string_view(Text.data(), Text.size()), Error))
      return true;
    S.Diag(Where, S.getDiagnostics().getCustomDiagID(clang::DiagnosticsEngine::Error,
                                                     "invalid 'hotpath::main' option '%0': %1"))
        << Text << Error;
    return false;
  }
};

clang::ParsedAttrInfoRegistry::Add<MeasureAttrInfo> RegisterMeasure("hotpath_measure",
                                                                    "measure a function");
clang::ParsedAttrInfoRegistry::Add<MeasureAllAttrInfo> RegisterMeasureAll(
    "hotpath_measure_all", "measure every function of a class or namespace");
clang::ParsedAttrInfoRegistry::Add<SkipAttrInfo> RegisterSkip("hotpath_skip", "exclude a function");
clang::ParsedAttrInfoRegistry::Add<MainAttrInfo> RegisterMain("hotpath_main",
                                                              "open the report session");

}  // namespace
