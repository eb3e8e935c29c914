// Every difference between the Clang versions hotpath supports lives here, so that
// adding a version touches only this file. Built and tested with Clang 19.
#ifndef HOTPATH_CLANG_PLUGIN_CLANGCOMPAT_H
#define HOTPATH_CLANG_PLUGIN_CLANGCOMPAT_H

#include <string>

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Version.h"

#if CLANG_VERSION_MAJOR >= 19
#include "clang/Basic/ParsedAttrInfo.h"
#endif
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaDiagnostic.h"

namespace hotpath::compat {

/// An ordinary narrow string literal with the given contents.
inline clang::StringLiteral* makeStringLiteral(clang::ASTContext& Ctx, llvm::StringRef Text,
                                               clang::SourceLocation Loc) {
  clang::QualType Type = Ctx.getStringLiteralArrayType(Ctx.CharTy, Text.size());
#if CLANG_VERSION_MAJOR >= 18
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteralKind::Ordinary,
                                      /*Pascal=*/false, Type, Loc);
#else
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteral::Ordinary,
                                      /*Pascal=*/false, Type, Loc);
#endif
}

/// A compound statement with the given statements and braces.
inline clang::CompoundStmt* makeCompoundStmt(clang::ASTContext& Ctx,
                                             llvm::ArrayRef<clang::Stmt*> Stmts,
                                             clang::SourceLocation LBrace,
                                             clang::SourceLocation RBrace) {
#if CLANG_VERSION_MAJOR >= 15
  return clang::CompoundStmt::Create(Ctx, Stmts, clang::FPOptionsOverride(), LBrace, RBrace);
#else
  return clang::CompoundStmt::Create(Ctx, Stmts, LBrace, RBrace);
#endif
}

/// The default argument of a template parameter, printed; "" when it has none.
inline std::string templateDefaultArgument(const clang::NamedDecl& Parameter,
                                           const clang::PrintingPolicy& Policy) {
  std::string Text;
  llvm::raw_string_ostream Out(Text);
  if (const auto* Type = llvm::dyn_cast<clang::TemplateTypeParmDecl>(&Parameter)) {
    if (!Type->hasDefaultArgument()) return "";
#if CLANG_VERSION_MAJOR >= 19
    Type->getDefaultArgument().getArgument().print(Policy, Out, /*IncludeType=*/false);
#else
    Type->getDefaultArgument().print(Out, Policy);
#endif
  } else if (const auto* Value = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(&Parameter)) {
    if (!Value->hasDefaultArgument()) return "";
#if CLANG_VERSION_MAJOR >= 19
    Value->getDefaultArgument().getArgument().print(Policy, Out, /*IncludeType=*/false);
#else
    Value->getDefaultArgument()->printPretty(Out, nullptr, Policy);
#endif
  } else if (const auto* Template = llvm::dyn_cast<clang::TemplateTemplateParmDecl>(&Parameter)) {
    if (!Template->hasDefaultArgument()) return "";
    Template->getDefaultArgument().getArgument().print(Policy, Out, /*IncludeType=*/false);
  }
  return Text;
}

/// The default argument of a type template parameter; null when it has none.
inline clang::QualType typeDefaultArgument(const clang::TemplateTypeParmDecl& Parameter) {
  if (!Parameter.hasDefaultArgument()) return clang::QualType();
#if CLANG_VERSION_MAJOR >= 19
  return Parameter.getDefaultArgument().getArgument().getAsType();
#else
  return Parameter.getDefaultArgument();
#endif
}

/// The default argument of a non-type template parameter; null when it has none.
inline const clang::Expr* nonTypeDefaultArgument(const clang::NonTypeTemplateParmDecl& Parameter) {
  if (!Parameter.hasDefaultArgument()) return nullptr;
#if CLANG_VERSION_MAJOR >= 19
  return Parameter.getDefaultArgument().getArgument().getAsExpr();
#else
  return Parameter.getDefaultArgument();
#endif
}

/// True for a function with internal linkage (static, in an anonymous namespace).
inline bool hasInternalLinkage(const clang::FunctionDecl& Function) {
#if CLANG_VERSION_MAJOR >= 18
  return Function.getFormalLinkage() == clang::Linkage::Internal;
#else
  return Function.getFormalLinkage() == clang::InternalLinkage;
#endif
}

/// The `__PRETTY_FUNCTION__` string of a function.
inline std::string prettyFunction(const clang::FunctionDecl& Function) {
#if CLANG_VERSION_MAJOR >= 18
  return clang::PredefinedExpr::ComputeName(clang::PredefinedIdentKind::PrettyFunction, &Function);
#else
  return clang::PredefinedExpr::ComputeName(clang::PredefinedExpr::PrettyFunction, &Function);
#endif
}

/// True for the `[[scope::name]]` spellings (C++11, and C23 where it exists).
inline bool isDoubleBracketSyntax(const clang::ParsedAttr& Attr) {
#if CLANG_VERSION_MAJOR >= 18
  return Attr.getSyntax() == clang::ParsedAttr::AS_CXX11 ||
         Attr.getSyntax() == clang::ParsedAttr::AS_C23;
#else
  return Attr.getSyntax() == clang::ParsedAttr::AS_CXX11 ||
         Attr.getSyntax() == clang::ParsedAttr::AS_C2x;
#endif
}

/// Clang's "'x' attribute only applies to <Subjects>" warning.
inline void diagnoseWrongSubject(clang::Sema& S, const clang::ParsedAttr& Attr,
                                 const char* Subjects) {
#if CLANG_VERSION_MAJOR >= 17
  S.Diag(Attr.getLoc(), clang::diag::warn_attribute_wrong_decl_type_str)
      << Attr << Attr.isRegularKeywordAttribute() << Subjects;
#else
  S.Diag(Attr.getLoc(), clang::diag::warn_attribute_wrong_decl_type_str) << Attr << Subjects;
#endif
}

/// Clang's "'x' attribute cannot be applied to a statement" error.
inline void diagnoseOnStatement(clang::Sema& S, const clang::ParsedAttr& Attr) {
#if CLANG_VERSION_MAJOR >= 17
  S.Diag(Attr.getLoc(), clang::diag::err_decl_attribute_invalid_on_stmt)
      << Attr << Attr.isRegularKeywordAttribute();
#else
  S.Diag(Attr.getLoc(), clang::diag::err_decl_attribute_invalid_on_stmt) << Attr;
#endif
}

inline bool startsWith(llvm::StringRef Text, llvm::StringRef Prefix) {
#if CLANG_VERSION_MAJOR >= 16
  return Text.starts_with(Prefix);
#else
  return Text.startswith(Prefix);
#endif
}

}  // namespace hotpath::compat

#endif  // HOTPATH_CLANG_PLUGIN_CLANGCOMPAT_H
