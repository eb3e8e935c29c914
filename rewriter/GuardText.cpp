// Guard and prologue text.
#include "GuardText.h"

#include <cstdio>

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "plan/FunctionNames.h"

namespace hotpath::rewrite {
namespace {

using plan::GuardKind;
using plan::PlannedFunction;

constexpr llvm::StringLiteral kIncludeLine = "#include <hotpath/hotpath.hpp>\n";
constexpr llvm::StringLiteral kLinePrefix = "#line 1 \"";

}  // namespace

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

namespace {

constexpr llvm::StringLiteral kEnclosingName = "__hotpath_enclosing";

const clang::CXXMethodDecl* asLambdaCallOperator(const clang::DeclContext* Context) {
  const auto* Method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(Context);
  return Method != nullptr && Method->getParent()->isLambda() ? Method : nullptr;
}

/// Removes a template argument list at the end of `Name`, if any.
llvm::StringRef withoutTrailingArguments(llvm::StringRef Name) {
  if (!Name.ends_with(">")) return Name;
  int Depth = 0;
  for (std::size_t I = Name.size(); I > 0; --I) {
    if (Name[I - 1] == '>') ++Depth;
    if (Name[I - 1] == '<' && --Depth == 0) return Name.take_front(I - 1);
  }
  return Name;
}

/// "" for a function at namespace or class scope, "1" for one inside a function
/// (a lambda, a member of a local class), "2" one level deeper...: the names a
/// guard declares never shadow those of the guard around it (-Wshadow).
std::string nestingSuffix(const clang::FunctionDecl& Function) {
  unsigned Depth = 0;
  for (const clang::DeclContext* Context = Function.getParent(); Context != nullptr;
       Context = Context->getParent()) {
    if (llvm::isa<clang::FunctionDecl>(Context)) ++Depth;
  }
  return Depth == 0 ? std::string() : std::to_string(Depth);
}

}  // namespace

std::optional<LambdaInTemplate> lambdaInTemplate(const PlannedFunction& Planned) {
  const clang::FunctionDecl& Function = *Planned.Function;
  if (asLambdaCallOperator(&Function) == nullptr || Planned.Signature.empty() ||
      !isFromTemplate(Function))
    return std::nullopt;
  // Out through the closure classes to the function the outermost lambda is in.
  const clang::DeclContext* Context = Function.getParent()->getParent();
  while (const clang::CXXMethodDecl* Outer = asLambdaCallOperator(Context)) {
    if (Outer->isFunctionTemplateSpecialization()) return std::nullopt;
    Context = Outer->getParent()->getParent();
  }
  const auto* Enclosing = llvm::dyn_cast_or_null<clang::FunctionDecl>(Context);
  if (Enclosing == nullptr) return std::nullopt;
  // The text is the template's: its body exists even while the instantiation's
  // is still being built (a generic lambda is instantiated when it is called).
  const clang::FunctionDecl* Written = Enclosing->getTemplateInstantiationPattern();
  if (Written == nullptr) Written = Enclosing;
  if (!Written->doesThisDeclarationHaveABody()) return std::nullopt;
  // Before C++14 a constexpr function cannot declare a variable.
  if (Enclosing->isConstexpr() && !Enclosing->getASTContext().getLangOpts().CPlusPlus14)
    return std::nullopt;
  const std::string Prefix = plan::qualifiedFunctionName(*Enclosing) + "::";
  if (!llvm::StringRef(Planned.Name).starts_with(Prefix)) return std::nullopt;
  llvm::StringRef Relative = llvm::StringRef(Planned.Name).drop_front(Prefix.size());
  // A generic lambda's own arguments come from its __PRETTY_FUNCTION__ at run time.
  if (Function.isFunctionTemplateSpecialization()) Relative = withoutTrailingArguments(Relative);
  return LambdaInTemplate{Written, Relative.str()};
}

std::string enclosingSignatureText(const clang::FunctionDecl& Enclosing) {
  return " __attribute__((unused)) constexpr const char* " + kEnclosingName.str() +
         nestingSuffix(Enclosing) + " = __PRETTY_FUNCTION__;";
}

std::string guardText(const PlannedFunction& Planned, bool FromTemplate,
                      const LambdaInTemplate* Lambda) {
  const std::string Where = quoted(Planned.File) + ", " + std::to_string(Planned.Line);
  const std::string Suffix = nestingSuffix(*Planned.Function);
  const std::string SiteName = "__hotpath_site" + Suffix;
  const std::string GuardName = "__hotpath_guard" + Suffix;
  if (Planned.Guard == GuardKind::Main) {
    return " ::hotpath::MainGuard " + GuardName + "(" + quoted(Planned.Name) + ", " +
           quoted(Planned.MainOptions) + ", " + Where + ");";
  }
  const bool CustomName = Planned.Signature.empty();
  std::string Name = FromTemplate && !CustomName ? "nullptr" : quoted(Planned.Name);
  std::string Enclosing;
  if (Lambda != nullptr) {
    Name = quoted(Lambda->RelativeName);
    Enclosing = ", " + kEnclosingName.str() + nestingSuffix(*Lambda->Enclosing);
  }
  const std::string Signature = CustomName ? "nullptr" : "__PRETTY_FUNCTION__";
  const char* Site = Planned.Guard == GuardKind::Constexpr ? "static constexpr ::hotpath::Site"
                                                           : "static ::hotpath::Site";
  const char* Guard = Planned.Guard == GuardKind::Constexpr   ? "ConstexprScopeGuard"
                      : Planned.Guard == GuardKind::Coroutine ? "CoroutineGuard"
                                                              : "ScopeGuard";
  return " " + std::string(Site) + " " + SiteName + "(" + Name + ", " + Signature + ", " + Where +
         Enclosing + "); ::hotpath::" + Guard + " " + GuardName + "(" + SiteName + ");";
}

unsigned guardsIn(llvm::StringRef Inserted) {
  return static_cast<unsigned>(Inserted.count(" __hotpath_guard"));
}

bool alreadyInstrumented(llvm::StringRef After) {
  After = After.ltrim();
  const llvm::StringRef First = After.take_until([](char C) { return C == ';' || C == '}'; });
  return First.contains("__hotpath_site") || First.contains("__hotpath_guard") ||
         First.contains(kEnclosingName);
}

std::string prologue(llvm::StringRef OriginalFileName) {
  return kIncludeLine.str() + "#line 1 " + quoted(OriginalFileName) + "\n";
}

bool hasPrologue(llvm::StringRef Source) {
  return Source.starts_with(kIncludeLine) &&
         Source.drop_front(kIncludeLine.size()).starts_with(kLinePrefix);
}

}  // namespace hotpath::rewrite
