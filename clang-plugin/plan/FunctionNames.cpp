// Qualified names with Clang's printing policy, plus readable lambda names.
#include "plan/FunctionNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace hotpath::plan {
namespace {

/// The name of whatever encloses a lambda: a function, a class, a namespace.
std::string enclosingName(const clang::DeclContext* Context) {
  for (; Context != nullptr; Context = Context->getParent()) {
    if (const auto* Function = llvm::dyn_cast<clang::FunctionDecl>(Context))
      return qualifiedFunctionName(*Function);
    if (const auto* Named = llvm::dyn_cast<clang::NamedDecl>(Context)) {
      std::string Name;
      llvm::raw_string_ostream Out(Name);
      Named->getNameForDiagnostic(Out, namePolicy(Named->getASTContext()), /*Qualified=*/true);
      return Name;
    }
  }
  return "";
}

std::string lambdaName(const clang::CXXRecordDecl& Lambda) {
  const clang::SourceManager& SM = Lambda.getASTContext().getSourceManager();
  const clang::PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Lambda.getLocation()));
  std::string Name = enclosingName(Lambda.getDeclContext());
  if (!Name.empty()) Name += "::";
  Name += "(lambda at ";
  Name += Where.isValid() ? llvm::sys::path::filename(Where.getFilename()).str() : "?";
  Name += ':';
  Name += std::to_string(Where.isValid() ? Where.getLine() : 0);
  Name += ')';
  return Name;
}

}  // namespace

clang::PrintingPolicy namePolicy(const clang::ASTContext& Ctx) {
  clang::PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressUnwrittenScope = false;  // keep "(anonymous namespace)"
  Policy.AnonymousTagLocations = false;
  Policy.SuppressInlineNamespace = true;  // std::vector, not std::__1::vector
  Policy.PrintCanonicalTypes = false;
  return Policy;
}

std::string qualifiedFunctionName(const clang::FunctionDecl& Function) {
  if (const auto* Method = llvm::dyn_cast<clang::CXXMethodDecl>(&Function)) {
    if (Method->getParent()->isLambda()) {
      std::string Name = lambdaName(*Method->getParent());
      // A generic lambda has one call operator per argument type.
      if (const clang::TemplateArgumentList* Args = Function.getTemplateSpecializationArgs()) {
        llvm::raw_string_ostream Out(Name);
        clang::printTemplateArgumentList(Out, Args->asArray(),
                                         namePolicy(Function.getASTContext()));
      }
      return Name;
    }
  }
  std::string Name;
  llvm::raw_string_ostream Out(Name);
  Function.getNameForDiagnostic(Out, namePolicy(Function.getASTContext()), /*Qualified=*/true);
  return Name;
}

}  // namespace hotpath::plan
