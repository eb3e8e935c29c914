// Guard and prologue text.
#include "GuardText.h"

#include <cstdio>

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include "plan/SignaturePatterns.h"

namespace hotpath::rewrite {
namespace {

using plan::GuardKind;
using plan::PlannedFunction;

constexpr llvm::StringLiteral kIncludeLine = "#include <hotpath/hotpath.hpp>\n";
constexpr llvm::StringLiteral kLineDirective = "#line 1";
constexpr llvm::StringLiteral kByteOrderMark = "\xEF\xBB\xBF";

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

namespace {

constexpr llvm::StringLiteral kEnclosingName = "__hotpath_enclosing";
constexpr llvm::StringLiteral kDefaultsName = "__hotpath_default_template_arguments";
constexpr llvm::StringLiteral kLambdasName = "__hotpath_lambda_locations";
constexpr llvm::StringLiteral kPrettyFunction = "__PRETTY_FUNCTION__";

const clang::CXXMethodDecl* asLambdaCallOperator(const clang::DeclContext* Context) {
  const auto* Method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(Context);
  return Method != nullptr && Method->getParent()->isLambda() ? Method : nullptr;
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

/// `::hotpath::TypeArguments<K, ::hotpath::TypeArguments<::hotpath::TypePack<Ts...>,
/// void>>::text()`, and its `types()`: the arguments of the parameters, spelled
/// whole by any compiler (a template template parameter's as
/// `::hotpath::TemplateNames<H>`).
std::string typeArgumentsText(const std::vector<plan::TypeParameter>& Parameters) {
  std::vector<std::string> Arguments;
  for (const plan::TypeParameter& Parameter : Parameters) {
    const std::string Name = Parameter.unnamed() ? writtenParameterName(Parameter) : Parameter.Name;
    const std::string Bare = llvm::StringRef(Name).rtrim('.').str();
    std::string Written = Parameter.pack() ? Bare + "..." : Name;
    if (Parameter.Value != nullptr) {
      Written = "::hotpath::Value<decltype(" + Bare + "), " + Bare + ">";
      if (Parameter.pack()) Written += "...";
    }
    Arguments.push_back(plan::typeArgumentsItem(Written, Parameter.pack(),
                                                Parameter.Template != nullptr, "::hotpath::"));
  }
  const std::string List = plan::nestedTypeArguments(Arguments, "::hotpath::");
  return List + "::text(), " + List + "::types()";
}

}  // namespace

std::string writtenParameterName(const plan::TypeParameter& Parameter) {
  const clang::TemplateTypeParmDecl& Declaration = *Parameter.Declaration;
  return "__hotpath_t" + std::to_string(Declaration.getDepth() + 1) + "_" +
         std::to_string(Declaration.getIndex() + 1);
}

std::optional<LambdaInTemplate> lambdaInTemplate(const PlannedFunction& Planned) {
  const clang::FunctionDecl& Function = *Planned.Function;
  if (asLambdaCallOperator(&Function) == nullptr || !Planned.Signature.Dependent)
    return std::nullopt;
  const clang::FunctionDecl* Enclosing = plan::enclosingFunctionOfLambda(Function);
  if (Enclosing == nullptr) return std::nullopt;
  // The text is the template's: its body exists even while the instantiation's
  // is still being built (a generic lambda is instantiated when it is called).
  const clang::FunctionDecl* Written = Enclosing->getTemplateInstantiationPattern();
  if (Written == nullptr) Written = Enclosing;
  if (!Written->doesThisDeclarationHaveABody()) return std::nullopt;
  // Before C++14 a constexpr function cannot declare a variable.
  if (Enclosing->isConstexpr() && !Enclosing->getASTContext().getLangOpts().CPlusPlus14)
    return std::nullopt;
  return LambdaInTemplate{Written};
}

std::string enclosingSignatureText(const clang::FunctionDecl& Enclosing) {
  return " __attribute__((unused)) constexpr const char* " + kEnclosingName.str() +
         nestingSuffix(Enclosing) + " = __PRETTY_FUNCTION__;";
}

std::string guardName(const clang::FunctionDecl& Function) {
  return "__hotpath_guard" + nestingSuffix(Function);
}

std::string guardText(const PlannedFunction& Planned, const LambdaInTemplate* Lambda,
                      bool AwaitsWatched) {
  const std::string Where = quoted(Planned.File) + ", " + std::to_string(Planned.Line);
  const std::string Suffix = nestingSuffix(*Planned.Function);
  const std::string SiteName = "__hotpath_site" + Suffix;
  const std::string GuardName = guardName(*Planned.Function);
  if (Planned.Guard == GuardKind::Main) {
    return " ::hotpath::MainGuard " + GuardName + "(" + quoted(Planned.Name) + ", " +
           quoted(Planned.MainOptions) + ", " + Where + ");";
  }
  const plan::SignaturePattern& Signature = Planned.Signature;
  std::string Arguments;
  if (Signature.Text.empty()) {
    Arguments = quoted(Planned.Name) + ", nullptr, " + Where;  // the user's row name
  } else {
    // A function with internal linkage is one per translation unit, which the
    // compiler names (a header's text is shared by several).
    const std::string Text =
        quoted(Signature.Text) + (Signature.Internal ? " \" [\" __BASE_FILE__ \"]\"" : "");
    Arguments = "nullptr, " + Text + ", " + Where;
    if (Signature.Dependent) Arguments += ", __PRETTY_FUNCTION__";
    if (Lambda != nullptr) {
      Arguments += ", " + kEnclosingName.str() + nestingSuffix(*Lambda->Enclosing);
    } else if (!Signature.TypeParameters.empty()) {
      Arguments += ", nullptr";
    }
    if (!Signature.TypeParameters.empty())
      Arguments += ", " + typeArgumentsText(Signature.TypeParameters);
  }
  if (Planned.Guard == GuardKind::Constexpr) {
    // g++ before 13 refuses a static variable in a constexpr function, even one that
    // constant evaluation never reaches: the site lives in a lambda, which the guard
    // calls at run time only, with the function's own __PRETTY_FUNCTION__.
    const std::string Pretty = "__hotpath_pretty" + Suffix;
    for (std::size_t At = Arguments.find(kPrettyFunction); At != std::string::npos;
         At = Arguments.find(kPrettyFunction, At + Pretty.size()))
      Arguments.replace(At, kPrettyFunction.size(), Pretty);
    return " ::hotpath::ConstexprScopeGuard " + GuardName +
           "([](__attribute__((unused)) const char* " + Pretty +
           ") -> const ::hotpath::Site& { static ::hotpath::Site " + SiteName + "(" + Arguments +
           "); return " + SiteName + "; }, __PRETTY_FUNCTION__);";
  }
  const bool Coroutine = Planned.Guard == GuardKind::Coroutine;
  return " static ::hotpath::Site " + SiteName + "(" + Arguments +
         "); ::hotpath::" + (Coroutine ? "CoroutineGuard " : "ScopeGuard ") + GuardName + "(" +
         SiteName + (Coroutine && AwaitsWatched ? ", true);" : ");");
}

namespace {

/// A null-terminated array of entries, `Lines` of them (quoted, comma-separated)
/// a line, and the object of class `Class` that registers it, both named after
/// `Name` and the source's path.
std::string registrationText(llvm::StringRef Name, llvm::StringRef Class,
                             const std::vector<std::string>& Lines, llvm::StringRef Path) {
  const std::string Object = Name.str() + "_" + llvm::utohexstr(llvm::xxh3_64bits(Path));
  std::string Text = "static const char* const " + Object + "_entries[] = {\n";
  for (const std::string& Line : Lines) Text += "    " + Line + ",\n";
  Text += "    nullptr};\n";
  Text += "static const ::hotpath::" + Class.str() + " " + Object + "(" + Object + "_entries);\n";
  return Text;
}

}  // namespace

std::string translationUnitNamesText(const std::vector<std::string>& DefaultArguments,
                                     const std::vector<plan::NumberedLambda>& Lambdas,
                                     llvm::StringRef Path) {
  std::string Text;
  if (!DefaultArguments.empty()) {
    std::vector<std::string> Lines;
    for (const std::string& Entry : DefaultArguments) Lines.push_back(quoted(Entry));
    Text += "\n// Default template arguments, for the names of rows (hotpath).\n";
    Text += registrationText(kDefaultsName, "DefaultTemplateArguments", Lines, Path);
  }
  if (!Lambdas.empty()) {
    std::vector<std::string> Lines;
    for (const plan::NumberedLambda& Lambda : Lambdas) {
      Lines.push_back(quoted(Lambda.Context) + ", \"" + std::to_string(Lambda.Number) + "\", " +
                      quoted(Lambda.Location));
    }
    Text += "\n// Where lambdas are, for the names of rows (hotpath).\n";
    Text += registrationText(kLambdasName, "LambdaLocations", Lines, Path);
  }
  return Text;
}

bool hasTranslationUnitNames(llvm::StringRef Source) {
  // The registering objects, not the arrays' names, which a test may show.
  return Source.contains(("::hotpath::DefaultTemplateArguments " + kDefaultsName).str()) ||
         Source.contains(("::hotpath::LambdaLocations " + kLambdasName).str());
}

unsigned guardsIn(llvm::StringRef Inserted) {
  return static_cast<unsigned>(Inserted.count(" __hotpath_guard"));
}

bool declaresEnclosingName(llvm::StringRef Inserted) { return Inserted.contains(kEnclosingName); }

bool declaresEnclosingSignature(llvm::StringRef After) {
  After = After.ltrim();
  const llvm::StringRef First = After.take_until([](char C) { return C == ';' || C == '}'; });
  return First.contains(kEnclosingName);
}

std::string prologue() {
  // No file name: the file keeps the name the compiler is given. Another name
  // makes g++ take the source for a header (-Wsubobject-linkage and kin).
  return kIncludeLine.str() + kLineDirective.str() + "\n";
}

llvm::StringRef byteOrderMark(llvm::StringRef Source) {
  return Source.starts_with(kByteOrderMark) ? llvm::StringRef(kByteOrderMark) : llvm::StringRef();
}

bool hasPrologue(llvm::StringRef Source) {
  Source = Source.drop_front(byteOrderMark(Source).size());
  const llvm::StringRef Include = kIncludeLine.drop_back();  // the line, without "\n"
  if (!Source.consume_front(Include)) return false;
  Source.consume_front("\r");
  // "#line 1", or "#line 1 \"<file>\"" as earlier versions wrote it.
  return Source.consume_front("\n") && Source.consume_front(kLineDirective) &&
         (Source.starts_with(" \"") || Source.starts_with("\n") || Source.starts_with("\r\n"));
}

}  // namespace hotpath::rewrite
