// Every difference between the Clang versions hotpath supports (14, 15, 16 and 19)
// lives here, so that adding a version touches only this file. Each branch names
// the version that changed the API.
#ifndef HOTPATH_CLANG_PLUGIN_CLANGCOMPAT_H
#define HOTPATH_CLANG_PLUGIN_CLANGCOMPAT_H

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"

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
#if CLANG_VERSION_MAJOR >= 18  // the kinds became the scoped enum StringLiteralKind
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteralKind::Ordinary,
                                      /*Pascal=*/false, Type, Loc);
#elif CLANG_VERSION_MAJOR >= 15  // Ascii was renamed Ordinary
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteral::Ordinary,
                                      /*Pascal=*/false, Type, Loc);
#else
  return clang::StringLiteral::Create(Ctx, Text, clang::StringLiteral::Ascii,
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

/// True for a pure virtual function (`= 0`).
inline bool isPureVirtual(const clang::FunctionDecl& Function) {
#if CLANG_VERSION_MAJOR >= 18  // isPure() was renamed isPureVirtual()
  return Function.isPureVirtual();
#else
  return Function.isPure();
#endif
}

/// The value of an integer constant expression; none when it is not one.
inline std::optional<llvm::APSInt> integerConstant(const clang::Expr& Expression,
                                                   const clang::ASTContext& Ctx) {
#if CLANG_VERSION_MAJOR >= 16  // llvm::Optional gave way to std::optional
  return Expression.getIntegerConstantExpr(Ctx);
#else
  if (llvm::Optional<llvm::APSInt> Value = Expression.getIntegerConstantExpr(Ctx)) return *Value;
  return std::nullopt;
#endif
}

/// Folds an annotation's arguments into constants, as Clang does for
/// [[clang::annotate]]; false (diagnosed) when one cannot be.
inline bool foldAnnotationArguments(clang::Sema& S, const clang::ParsedAttr& Attr,
                                    llvm::MutableArrayRef<clang::Expr*> Args) {
#if CLANG_VERSION_MAJOR >= 15  // annotations took any constant argument and folded them
  return S.ConstantFoldAttrArgs(Attr, Args);
#else  // string literals only, used as they are
  (void)S;
  (void)Attr;
  (void)Args;
  return true;
#endif
}

/// One string argument of an attribute: its value, where it is written, and the
/// expression an annotation keeps.
struct StringArgument {
  std::string Text;
  clang::SourceLocation Where;
  clang::Expr* Expression;
};

/// The arguments of a hotpath attribute as Clang parsed them, each checked to be a
/// string literal; none (diagnosed) when one is not.
inline std::optional<std::vector<StringArgument>> parsedStringArguments(
    clang::Sema& S, const clang::ParsedAttr& Attr) {
  std::vector<StringArgument> Arguments;
  for (unsigned I = 0; I < Attr.getNumArgs(); ++I) {
    llvm::StringRef Text;
    clang::SourceLocation Where;
    if (!S.checkStringLiteralArgumentAttr(Attr, I, Text, &Where)) return std::nullopt;
    Arguments.push_back({Text.str(), Where, Attr.getArgAsExpr(I)});
  }
  return Arguments;
}

#if CLANG_VERSION_MAJOR < 17
/// The tokens between the parentheses of each `[[hotpath::name(...)]]`, by the
/// location of `name`, as the preprocessor handed them to the parser (macros
/// expanded). One compilation per process: the plugin runs in clang -cc1.
inline llvm::DenseMap<unsigned, std::vector<clang::Token>>& attributeArgumentTokens() {
  static llvm::DenseMap<unsigned, std::vector<clang::Token>> Tokens;
  return Tokens;
}

/// The arguments of `Attr` from attributeArgumentTokens(): string literals (adjacent
/// ones joined) separated by commas. None (diagnosed) when something else is
/// written there, or more than `MaxArguments`.
inline std::optional<std::vector<StringArgument>> watchedStringArguments(
    clang::Sema& S, const clang::ParsedAttr& Attr, unsigned MaxArguments) {
  std::vector<StringArgument> Arguments;
  const auto Found = attributeArgumentTokens().find(Attr.getRange().getEnd().getRawEncoding());
  if (Found == attributeArgumentTokens().end()) return Arguments;
  std::vector<clang::Token> Pieces;
  const std::vector<clang::Token>& Tokens = Found->second;
  for (std::size_t I = 0; I <= Tokens.size(); ++I) {
    if (I < Tokens.size() && Tokens[I].is(clang::tok::string_literal)) {
      Pieces.push_back(Tokens[I]);
      continue;
    }
    if (Pieces.empty() || (I < Tokens.size() && Tokens[I].isNot(clang::tok::comma))) {
      if (Tokens.empty()) break;  // `()`
      S.Diag(I < Tokens.size() ? Tokens[I].getLocation() : Attr.getLoc(),
             clang::diag::err_attribute_argument_type)
          << Attr << clang::AANT_ArgumentString;
      return std::nullopt;
    }
    clang::StringLiteralParser Literal(Pieces, S.getPreprocessor());
    if (Literal.hadError) return std::nullopt;  // the lexer has said why
    const std::string Text = Literal.GetString().str();
    Arguments.push_back({Text, Pieces.front().getLocation(),
                         makeStringLiteral(S.Context, Text, Pieces.front().getLocation())});
    Pieces.clear();
  }
  if (Arguments.size() > MaxArguments) {  // worded as Clang words it
    S.Diag(Attr.getLoc(), MaxArguments == 0 ? clang::diag::err_attribute_wrong_number_arguments
                                            : clang::diag::err_attribute_too_many_arguments)
        << Attr << MaxArguments;
    return std::nullopt;
  }
  return Arguments;
}
#endif

/// Makes the arguments of hotpath's `[[attributes]]` reach stringArguments(): from
/// the start of the compilation of `PP`'s source.
inline void watchAttributeArguments(clang::Preprocessor& PP) {
#if CLANG_VERSION_MAJOR < 17  // the parser skips the arguments of an attribute its own
                              // tables do not know: keep them as the tokens go by
  struct Watch {
    Watch() {
      Previous[0].startToken();
      Previous[1].startToken();
    }
    clang::Token Previous[2];  ///< the two tokens before this one, [0] the nearer
    bool AfterName = false;    ///< the previous token was the name of an attribute of ours
    int Depth = -1;            ///< parentheses open inside the arguments; -1: outside
    unsigned Name = 0;         ///< where the name is
    std::vector<clang::Token> Arguments;
  };
  auto State = std::make_shared<Watch>();
  PP.setTokenWatcher([State](const clang::Token& Tok) {
    Watch& W = *State;
    if (W.Depth >= 0) {
      if (Tok.is(clang::tok::r_paren) && W.Depth == 0) {
        attributeArgumentTokens()[W.Name] = std::move(W.Arguments);
        W.Arguments.clear();
        W.Depth = -1;
      } else {
        if (Tok.is(clang::tok::l_paren)) ++W.Depth;
        if (Tok.is(clang::tok::r_paren)) --W.Depth;
        W.Arguments.push_back(Tok);
      }
    } else if (W.AfterName && Tok.is(clang::tok::l_paren)) {
      W.Depth = 0;
    }
    W.AfterName = false;
    if (W.Depth < 0 && Tok.is(clang::tok::identifier)) {
      const llvm::StringRef Name = Tok.getIdentifierInfo()->getName();
      const bool Ours =
          Name == "measure" || Name == "measure_all" || Name == "skip" || Name == "main";
      const bool Scoped = W.Previous[0].is(clang::tok::coloncolon) &&
                          W.Previous[1].is(clang::tok::identifier) &&
                          W.Previous[1].getIdentifierInfo()->getName() == "hotpath";
      const bool Unscoped =
          W.Previous[0].is(clang::tok::l_square) && W.Previous[1].is(clang::tok::l_square);
      if (Ours && (Scoped || Unscoped)) {
        W.AfterName = true;
        W.Name = Tok.getLocation().getRawEncoding();
      }
    }
    W.Previous[1] = W.Previous[0];
    W.Previous[0] = Tok;
  });
#else
  (void)PP;
#endif
}

/// The arguments of a hotpath attribute, each checked to be a string literal; none
/// (diagnosed) when one is not, or when there are more than `MaxArguments`.
inline std::optional<std::vector<StringArgument>> stringArguments(clang::Sema& S,
                                                                  const clang::ParsedAttr& Attr,
                                                                  unsigned MaxArguments) {
#if CLANG_VERSION_MAJOR >= 17  // the parser keeps the arguments of a plugin's [[attribute]]
  (void)MaxArguments;          // Clang has checked the count
  return parsedStringArguments(S, Attr);
#else  // it skips them, for an attribute its own tables do not know: read them back
  if (Attr.getNumArgs() != 0 || !isDoubleBracketSyntax(Attr)) return parsedStringArguments(S, Attr);
  return watchedStringArguments(S, Attr, MaxArguments);
#endif
}

/// `Text.starts_with(Prefix)`.
inline bool startsWith(llvm::StringRef Text, llvm::StringRef Prefix) {
#if CLANG_VERSION_MAJOR >= 16  // startswith() was renamed starts_with()
  return Text.starts_with(Prefix);
#else
  return Text.startswith(Prefix);
#endif
}

/// True when `Arg`, the argument of `Param` in `Args`, is the parameter's default
/// argument. Clang 19 keeps the sugar of such an argument as the default was
/// substituted (`std::hash<string>` for `Map<std::string>` after `using namespace
/// std`); Clang 14 already printed it canonically, and says false here.
inline bool isSubstitutedDefault(const clang::ASTContext& Ctx, const clang::TemplateArgument& Arg,
                                 const clang::NamedDecl& Param,
                                 llvm::ArrayRef<clang::TemplateArgument> Args, unsigned Depth) {
#if CLANG_VERSION_MAJOR >= 19
  return clang::isSubstitutedDefaultArgument(const_cast<clang::ASTContext&>(Ctx), Arg, &Param, Args,
                                             Depth);
#else
  (void)Ctx, (void)Arg, (void)Param, (void)Args, (void)Depth;
  return false;
#endif
}

namespace detail {
// Clang 15 keeps the operand of a co_await apart from its awaiter: its
// BuildResolvedCoawaitExpr takes both. Chosen by the call that compiles.
template <typename SemaType>
auto buildResolvedCoawait(SemaType& S, clang::SourceLocation Loc, clang::Expr* Operand,
                          clang::Expr* Awaiter, bool Implicit, int)
    -> decltype(S.BuildResolvedCoawaitExpr(Loc, Operand, Awaiter, Implicit)) {
  return S.BuildResolvedCoawaitExpr(Loc, Operand, Awaiter, Implicit);
}
template <typename SemaType>
clang::ExprResult buildResolvedCoawait(SemaType& S, clang::SourceLocation Loc, clang::Expr*,
                                       clang::Expr* Awaiter, bool Implicit, long) {
  return S.BuildResolvedCoawaitExpr(Loc, Awaiter, Implicit);
}
}  // namespace detail

/// A `co_await` of `Awaiter`, an awaiter already obtained (no await_transform, no
/// operator co_await applied); `Operand` is what the code shows as its operand.
/// `Implicit` for those of initial_suspend and final_suspend.
inline clang::ExprResult buildResolvedCoawait(clang::Sema& S, clang::SourceLocation Loc,
                                              clang::Expr* Operand, clang::Expr* Awaiter,
                                              bool Implicit = false) {
  return detail::buildResolvedCoawait(S, Loc, Operand, Awaiter, Implicit, 0);
}

}  // namespace hotpath::compat

#endif  // HOTPATH_CLANG_PLUGIN_CLANGCOMPAT_H
