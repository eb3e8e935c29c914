// Printing signature patterns from the AST.
#include "plan/SignaturePatterns.h"

#include <functional>
#include <optional>

#include "ClangCompat.h"
#include "canonical.hpp"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "pattern.hpp"
#include "plan/FunctionNames.h"
#include "syntax.hpp"

namespace hotpath::plan {
namespace {

clang::PrintingPolicy signaturePolicy(const clang::ASTContext& Ctx) {
  clang::PrintingPolicy Policy = namePolicy(Ctx);
  Policy.FullyQualifiedName = true;
  return Policy;
}

/// An integer or bool template argument as both compilers print it (`500`,
/// `true`); "" for other types (characters and enumerators are printed
/// differently by each).
std::string integerText(clang::QualType Type, const llvm::APSInt& Value) {
  if (Type->isBooleanType()) return Value.getBoolValue() ? "true" : "false";
  if (!Type->isIntegerType() || Type->isAnyCharacterType() || Type->isEnumeralType()) return "";
  return llvm::toString(Value, 10);
}

const clang::CXXRecordDecl* lambdaOf(const clang::DeclContext* Context) {
  const auto* Record = llvm::dyn_cast_or_null<clang::CXXRecordDecl>(Context);
  return Record != nullptr && Record->isLambda() ? Record : nullptr;
}

bool isLambdaCallOperator(const clang::FunctionDecl& Function) {
  return lambdaOf(Function.getDeclContext()) != nullptr;
}

/// "(lambda at a.cpp:4)": the file and line of the lambda's introducer.
std::string lambdaLabel(const clang::CXXRecordDecl& Lambda) {
  const clang::SourceManager& SM = Lambda.getASTContext().getSourceManager();
  const clang::PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Lambda.getLocation()));
  std::string Label = "(lambda at ";
  Label += Where.isValid() ? llvm::sys::path::filename(Where.getFilename()).str() : "?";
  Label += ':';
  Label += std::to_string(Where.isValid() ? Where.getLine() : 0);
  return Label + ')';
}

/// Builds one pattern: collects the template parameters in scope while printing,
/// then turns the words that name them into placeholders.
class PatternBuilder {
 public:
  explicit PatternBuilder(const clang::ASTContext& Ctx) : Ctx(Ctx), Policy(signaturePolicy(Ctx)) {}

  std::string build(const clang::FunctionDecl& Written) {
    PrintedFunction = &Written;
    // A friend defined in a class template (a hidden friend) is named in its
    // namespace, but its parameters are written with the class template's: those
    // are placeholders too, which each instantiation binds.
    if (Written.getFriendObjectKind() != clang::Decl::FOK_None) {
      for (const clang::DeclContext* Context = Written.getLexicalDeclContext(); Context != nullptr;
           Context = Context->getLexicalParent()) {
        const auto* Record = llvm::dyn_cast<clang::CXXRecordDecl>(Context);
        const clang::ClassTemplateDecl* Template =
            Record != nullptr ? Record->getDescribedClassTemplate() : nullptr;
        if (Template == nullptr) continue;
        for (const clang::NamedDecl* Param : *Template->getTemplateParameters())
          if (!Param->getName().empty()) Parameters.insert(Param->getName().str());
      }
    }
    std::string Text = qualifiedName(Written) + parameters(Written) + qualifiers(Written);
    names::Nodes Nodes = names::parse(Text);
    markParameters(Nodes);
    names::canonicalize(Nodes);
    return names::print(Nodes);
  }

  const clang::PrintingPolicy& policy() const { return Policy; }

  /// The type members of enclosing class templates that the last built pattern
  /// has as placeholders.
  std::vector<const clang::TypedefNameDecl*> memberTypes() const {
    std::vector<const clang::TypedefNameDecl*> Members;
    for (const auto& [Member, Placeholder] : MemberTypes) Members.push_back(Member);
    return Members;
  }

  /// `app::Map<${K}, ${V=std::string}>`: a class template's name and parameters.
  std::string classTemplate(const clang::ClassTemplateDecl& Template) {
    names::Nodes Nodes = names::parse(qualifiedName(*Template.getTemplatedDecl()));
    markParameters(Nodes);
    names::canonicalize(Nodes);
    return names::print(Nodes);
  }

 private:
  std::string typeText(clang::QualType Type) const {
    return clang::TypeName::getFullyQualifiedName(Type, Ctx, Policy,
                                                  /*WithGlobalNsPrefix=*/false);
  }

  /// "<${K}, ${V=std::string}>" for a template parameter list; remembers the names.
  /// Without `WithDefaults` no parameter has a default: a function template's
  /// arguments are always named (`find<int>`, never `find<>`), as deduction gives
  /// them.
  std::string parameterList(const clang::TemplateParameterList& Params, bool WithDefaults = true) {
    std::string Text = "<";
    for (unsigned Index = 0; Index < Params.size(); ++Index) {
      const clang::NamedDecl* Param = Params.getParam(Index);
      if (Index > 0) Text += ", ";
      std::string Name = Param->getName().str();
      if (Param->isImplicit()) {
        Name = "auto#" + std::to_string(Invented++);
      } else if (Name.empty()) {
        // GCC's <template-parameter-1-2>; Clang does not list unnamed ones.
        Name = unnamedParameterName(Params.getDepth(), Index);
      } else {
        Parameters.insert(Name);
      }
      Text += "${" + Name;
      const std::string Default = WithDefaults ? defaultArgument(*Param) : "";
      if (!Default.empty()) Text += "=" + Default;
      Text += "}";
      if (Param->isTemplateParameterPack()) Text += "...";
    }
    return Text + ">";
  }

  /// A default argument as the compilers print the arguments that equal it: a
  /// type fully qualified (`ErrorHandler = error_handler` in `fmt::detail` is
  /// `fmt::detail::error_handler`), a constant integer or bool by its value
  /// (`SIZE = inline_buffer_size` is `500`), anything else as written.
  std::string defaultArgument(const clang::NamedDecl& Param) const {
    if (const auto* Type = llvm::dyn_cast<clang::TemplateTypeParmDecl>(&Param)) {
      const clang::QualType Default = compat::typeDefaultArgument(*Type);
      if (!Default.isNull()) return typeText(Default);
    }
    if (const auto* Value = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(&Param)) {
      const clang::Expr* Default = compat::nonTypeDefaultArgument(*Value);
      const clang::QualType Type = Value->getType();
      if (Default != nullptr && !Type->isDependentType() && !Default->isValueDependent()) {
        if (const std::optional<llvm::APSInt> Constant = compat::integerConstant(*Default, Ctx)) {
          std::string Text = integerText(Type, *Constant);
          if (!Text.empty()) return Text;
        }
      }
    }
    return compat::templateDefaultArgument(Param, Policy);
  }

  std::string argumentList(llvm::ArrayRef<clang::TemplateArgument> Args,
                           const clang::TemplateParameterList* Params) const {
    std::string Text;
    llvm::raw_string_ostream Out(Text);
    clang::printTemplateArgumentList(Out, Args, Policy, Params);
    return Text;
  }

  /// The arguments of a partial specialization as written (its own arguments
  /// are in terms of its parameters' positions: `type-parameter-0-0`).
  /// A parameter of the partial specialization given where the primary template
  /// has a default is left out like the default (`${Char=char}`).
  std::string writtenArgumentList(const clang::ASTTemplateArgumentListInfo& Args,
                                  const clang::TemplateParameterList& Primary) const {
    std::string Text = "<";
    llvm::raw_string_ostream Out(Text);
    for (unsigned Index = 0; Index < Args.NumTemplateArgs; ++Index) {
      if (Index > 0) Out << ", ";
      const clang::TemplateArgumentLoc& Arg = Args[Index];
      if (Arg.getArgument().getKind() == clang::TemplateArgument::Type) {
        const clang::QualType Type = Arg.getTypeSourceInfo()->getType();
        const auto* Param = llvm::dyn_cast<clang::TemplateTypeParmType>(Type.getTypePtr());
        const std::string Default =
            Param != nullptr && Param->getDecl() != nullptr && Index < Primary.size()
                ? compat::templateDefaultArgument(*Primary.getParam(Index), Policy)
                : "";
        if (!Default.empty()) {
          Out << "${" << Param->getDecl()->getName() << "=" << Default << "}";
        } else {
          Out << typeText(Type);
        }
      } else {
        Arg.getArgument().print(Policy, Out, /*IncludeType=*/true);
      }
    }
    Out << ">";
    return Text;
  }

  /// One scope or the function itself: its name and template arguments.
  std::string component(const clang::Decl& Decl) {
    if (const auto* Namespace = llvm::dyn_cast<clang::NamespaceDecl>(&Decl)) {
      if (Namespace->isInline()) return "";
      return Namespace->isAnonymousNamespace() ? "(anonymous namespace)"
                                               : Namespace->getName().str();
    }
    if (const auto* Record = llvm::dyn_cast<clang::CXXRecordDecl>(&Decl)) {
      if (Record->isLambda()) return lambdaLabel(*Record);
      std::string Name = Record->getName().empty() ? "(unnamed)" : Record->getName().str();
      if (const auto* Partial =
              llvm::dyn_cast<clang::ClassTemplatePartialSpecializationDecl>(Record)) {
        for (const clang::NamedDecl* Param : *Partial->getTemplateParameters())
          if (!Param->getName().empty()) Parameters.insert(Param->getName().str());
        return Name +
               writtenArgumentList(*Partial->getTemplateArgsAsWritten(),
                                   *Partial->getSpecializedTemplate()->getTemplateParameters());
      }
      if (const auto* Specialization =
              llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(Record)) {
        return Name +
               argumentList(Specialization->getTemplateArgs().asArray(),
                            Specialization->getSpecializedTemplate()->getTemplateParameters());
      }
      if (const clang::ClassTemplateDecl* Template = Record->getDescribedClassTemplate())
        return Name + parameterList(*Template->getTemplateParameters());
      return Name;
    }
    if (const auto* Function = llvm::dyn_cast<clang::FunctionDecl>(&Decl)) {
      if (isLambdaCallOperator(*Function)) {
        // The closure class printed the label; a generic lambda adds its arguments.
        const clang::FunctionTemplateDecl* Template = Function->getDescribedFunctionTemplate();
        return Template != nullptr ? parameterList(*Template->getTemplateParameters()) : "";
      }
      return functionName(*Function);
    }
    return "";
  }

  std::string functionName(const clang::FunctionDecl& Function) {
    for (unsigned I = 0; I < Function.getNumTemplateParameterLists(); ++I) {
      for (const clang::NamedDecl* Param : *Function.getTemplateParameterList(I))
        if (!Param->getName().empty()) Parameters.insert(Param->getName().str());
    }
    std::string Name;
    if (const auto* Constructor = llvm::dyn_cast<clang::CXXConstructorDecl>(&Function)) {
      Name = Constructor->getParent()->getName().str();
    } else if (const auto* Destructor = llvm::dyn_cast<clang::CXXDestructorDecl>(&Function)) {
      Name = "~" + Destructor->getParent()->getName().str();
    } else if (const auto* Conversion = llvm::dyn_cast<clang::CXXConversionDecl>(&Function)) {
      Name = "operator " + typeText(Conversion->getConversionType());
    } else {
      Name = Function.getDeclName().getAsString();
    }
    if (const clang::FunctionTemplateDecl* Template = Function.getDescribedFunctionTemplate())
      return Name + parameterList(*Template->getTemplateParameters(), /*WithDefaults=*/false);
    // Every argument of a specialization, defaults too (without the parameters,
    // Clang's printer has none to leave out).
    if (const clang::TemplateArgumentList* Args = Function.getTemplateSpecializationArgs())
      return Name + argumentList(Args->asArray(), nullptr);
    return Name;
  }

  std::string qualifiedName(const clang::Decl& Named) {
    std::string Name = scopeName(Named);
    const std::string Own = component(Named);
    if (!Own.empty() && !Name.empty() && Own[0] != '<') Name += "::";
    return Name + Own;
  }

  /// The scopes `Named` is in, as qualifiedName() prints them (`app::Map<${K}>`).
  std::string scopeName(const clang::Decl& Named) {
    llvm::SmallVector<const clang::Decl*, 8> Chain;
    for (const clang::DeclContext* Context = Named.getDeclContext(); Context != nullptr;
         Context = Context->getParent()) {
      if (const auto* Decl = llvm::dyn_cast<clang::Decl>(Context)) Chain.push_back(Decl);
    }
    std::string Name;
    for (std::size_t Index = Chain.size(); Index-- > 0;) {
      std::string Part = component(*Chain[Index]);
      if (Part.empty()) continue;
      // A local class is in its function with the function's parameters, as both
      // compilers' pretty functions and the demangler write it: `f(int)::Local`
      // (a lambda is named by where it is written instead).
      const clang::Decl* Inner = Index > 0 ? Chain[Index - 1] : &Named;
      const auto* Function = llvm::dyn_cast<clang::FunctionDecl>(Chain[Index]);
      const auto* Local = llvm::dyn_cast<clang::CXXRecordDecl>(Inner);
      if (Function != nullptr && Local != nullptr && !Local->isLambda())
        Part += parameters(*Function) + qualifiers(*Function);
      // A generic lambda's template arguments follow its label directly.
      if (!Name.empty() && Part[0] != '<') Name += "::";
      Name += Part;
    }
    return Name;
  }

  std::string parameters(const clang::FunctionDecl& Function) {
    std::string Text = "(";
    for (unsigned I = 0; I < Function.getNumParams(); ++I) {
      if (I > 0) Text += ", ";
      Text += parameterTypeText(Function.getParamDecl(I)->getType());
    }
    if (Function.isVariadic()) Text += Function.getNumParams() > 0 ? ", ..." : "...";
    return Text + ")";
  }

  static std::string qualifiers(const clang::FunctionDecl& Function) {
    const auto* Method = llvm::dyn_cast<clang::CXXMethodDecl>(&Function);
    if (Method == nullptr || isLambdaCallOperator(Function)) return "";
    std::string Text;
    if (Method->isConst()) Text += " const";
    if (Method->isVolatile()) Text += " volatile";
    if (Method->getRefQualifier() == clang::RQ_LValue) Text += " &";
    if (Method->getRefQualifier() == clang::RQ_RValue) Text += " &&";
    return Text;
  }

  /// Words naming template parameters become placeholders; a generic lambda's
  /// `auto` parameters become its invented parameters, in order.
  void markParameters(names::Nodes& Nodes) {
    unsigned Auto = 0;
    mark(Nodes, Auto);
  }
  void mark(names::Nodes& Nodes, unsigned& Auto) {
    for (std::size_t I = 0; I < Nodes.size(); ++I) {
      names::Node& Node = Nodes[I];
      mark(Node.children, Auto);
      if (Node.kind != names::Node::Kind::Word) continue;
      if (I > 0 && Nodes[I - 1].is_punct("::")) continue;  // a member's name
      if (Node.text == "auto" && Auto < Invented) {
        Node.kind = names::Node::Kind::Placeholder;
        Node.text = "auto#" + std::to_string(Auto++);
      } else if (Parameters.contains(Node.text)) {
        Node.kind = names::Node::Kind::Placeholder;
      }
    }
  }

  /// A parameter's type, its member types and the classes nested in class
  /// templates written with placeholders.
  std::string parameterTypeText(clang::QualType Type) {
    std::string Text = typeText(withMemberTypesNamed(Type));
    for (const auto& [Marker, Scoped] : ScopedTypes) {
      for (std::size_t At = Text.find(Marker); At != std::string::npos;
           At = Text.find(Marker, At + Scoped.size()))
        Text.replace(At, Marker.size(), Scoped);
    }
    return Text;
  }

  /// The class of a record type, or of the injected class name of a class
  /// template, when it is a member of a class template as written (`Node`,
  /// `iterator<D>` in `List<V>`); null for another type. Clang's printer would
  /// qualify it with one specialization of the enclosing template, picked among
  /// those of the translation unit (`List<char>::Node` in `List<double>`).
  static const clang::CXXRecordDecl* memberOfClassTemplate(const clang::Type& Type) {
    const clang::CXXRecordDecl* Record = nullptr;
    if (const auto* Injected = llvm::dyn_cast<clang::InjectedClassNameType>(&Type))
      Record = Injected->getDecl();
    else if (const auto* Tag = llvm::dyn_cast<clang::RecordType>(&Type))
      Record = llvm::dyn_cast<clang::CXXRecordDecl>(Tag->getDecl());
    return Record != nullptr && isInClassTemplate(*Record) ? Record : nullptr;
  }

  /// True when `Decl` is a member of a class template as written (or of a class in
  /// one), not of one of its specializations.
  static bool isInClassTemplate(const clang::Decl& Decl) {
    const auto* Parent = llvm::dyn_cast<clang::CXXRecordDecl>(Decl.getDeclContext());
    return Parent != nullptr && Parent->isDependentContext();
  }

  /// A class template that is a member of a class template as written
  /// (`iterator` in `List<V>`), for a specialization of it; null for another.
  static const clang::ClassTemplateDecl* memberTemplateOfClassTemplate(
      const clang::TemplateSpecializationType& Type) {
    const auto* Template = llvm::dyn_cast_or_null<clang::ClassTemplateDecl>(
        Type.getTemplateName().getAsTemplateDecl());
    return Template != nullptr && isInClassTemplate(*Template) ? Template : nullptr;
  }

  /// `List<${V}>::iterator<int>` for `iterator<int>` in `List<V>`.
  std::string memberSpecializationText(const clang::ClassTemplateDecl& Template,
                                       const clang::TemplateSpecializationType& Type) {
    std::string Text = scopeName(*Template.getTemplatedDecl()) + "::" + Template.getName().str();
    Text += "<";
    bool First = true;
    for (const clang::TemplateArgument& Argument : Type.template_arguments()) {
      if (!First) Text += ", ";
      First = false;
      if (Argument.getKind() == clang::TemplateArgument::Type) {
        Text += parameterTypeText(Argument.getAsType());
        continue;
      }
      llvm::raw_string_ostream Out(Text);
      Argument.print(Policy, Out, /*IncludeType=*/true);
    }
    return Text + ">";
  }

  /// A type printed as `Marker`, which parameterTypeText() replaces by `Text`.
  clang::QualType scopedTypePlaceholder(std::string Text) {
    auto& Types = const_cast<clang::ASTContext&>(Ctx);
    constexpr unsigned kDepth = 1001;
    const auto Position = static_cast<unsigned>(ScopedTypes.size());
    const std::string Marker = "__hotpath_scoped_" + std::to_string(Position);
    ScopedTypes.emplace_back(Marker, std::move(Text));
    auto* Named = clang::TemplateTypeParmDecl::Create(
        Types, Types.getTranslationUnitDecl(), clang::SourceLocation(), clang::SourceLocation(),
        kDepth, Position, &Types.Idents.get(Marker), /*Typename=*/true, /*ParameterPack=*/false);
    return Types.getTemplateTypeParmType(kDepth, Position, /*ParameterPack=*/false, Named);
  }

  /// `Type` with each type member of a class template the function belongs to
  /// (`const char_type *`) as a placeholder of its name: what it stands for
  /// depends on the instantiation, like a template parameter (Clang would qualify
  /// it with one specialization picked among those of the translation unit).
  clang::QualType withMemberTypesNamed(clang::QualType Type) {
    // Only types are made in the context: the program's declarations are unchanged.
    auto& Types = const_cast<clang::ASTContext&>(Ctx);
    const clang::SplitQualType Split = Type.split();
    clang::QualType Inner;
    if (const auto* Pointer = llvm::dyn_cast<clang::PointerType>(Split.Ty)) {
      const clang::QualType Pointee = withMemberTypesNamed(Pointer->getPointeeType());
      if (Pointee == Pointer->getPointeeType()) return Type;
      Inner = Types.getPointerType(Pointee);
    } else if (const auto* Reference = llvm::dyn_cast<clang::ReferenceType>(Split.Ty)) {
      const clang::QualType Pointee = withMemberTypesNamed(Reference->getPointeeTypeAsWritten());
      if (Pointee == Reference->getPointeeTypeAsWritten()) return Type;
      Inner = llvm::isa<clang::LValueReferenceType>(Reference)
                  ? Types.getLValueReferenceType(Pointee)
                  : Types.getRValueReferenceType(Pointee);
    } else if (const auto* Elaborated = llvm::dyn_cast<clang::ElaboratedType>(Split.Ty)) {
      Inner = withMemberTypesNamed(Elaborated->getNamedType());
      if (Inner == Elaborated->getNamedType()) return Type;
    } else if (const auto* Typedef = llvm::dyn_cast<clang::TypedefType>(Split.Ty)) {
      if (!isMemberTypeOfEnclosingTemplate(*Typedef->getDecl())) return Type;
      Inner = memberTypePlaceholder(*Typedef->getDecl());
    } else if (const clang::CXXRecordDecl* Member = memberOfClassTemplate(*Split.Ty)) {
      Inner = scopedTypePlaceholder(qualifiedName(*Member));
    } else if (const auto* Specialization =
                   llvm::dyn_cast<clang::TemplateSpecializationType>(Split.Ty)) {
      if (const clang::ClassTemplateDecl* Member = memberTemplateOfClassTemplate(*Specialization))
        return Types.getQualifiedType(
            scopedTypePlaceholder(memberSpecializationText(*Member, *Specialization)), Split.Quals);
      // `dynamic_format_specs<char_type> &`
      llvm::SmallVector<clang::TemplateArgument, 4> Arguments;
      bool Changed = false;
      for (const clang::TemplateArgument& Argument : Specialization->template_arguments()) {
        if (Argument.getKind() != clang::TemplateArgument::Type) {
          Arguments.push_back(Argument);
          continue;
        }
        const clang::QualType Named = withMemberTypesNamed(Argument.getAsType());
        Changed = Changed || Named != Argument.getAsType();
        Arguments.push_back(clang::TemplateArgument(Named));
      }
      if (!Changed) return Type;
      Inner = Types.getTemplateSpecializationType(Specialization->getTemplateName(), Arguments);
    } else {
      return Type;
    }
    return Types.getQualifiedType(Inner, Split.Quals);
  }

  bool isMemberTypeOfEnclosingTemplate(const clang::TypedefNameDecl& Member) const {
    const auto* Record = llvm::dyn_cast<clang::CXXRecordDecl>(Member.getDeclContext());
    if (Record == nullptr || !Record->isDependentContext() || PrintedFunction == nullptr)
      return false;
    for (const clang::DeclContext* Context = PrintedFunction->getDeclContext(); Context != nullptr;
         Context = Context->getParent()) {
      if (Context->getPrimaryContext() == Record->getPrimaryContext()) return true;
    }
    return false;
  }

  /// A type printed as the member's name, which markParameters then turns into
  /// a placeholder.
  clang::QualType memberTypePlaceholder(const clang::TypedefNameDecl& Member) {
    auto [Found, New] = MemberTypes.insert({&Member, clang::QualType()});
    if (!New) return Found->second;
    auto& Types = const_cast<clang::ASTContext&>(Ctx);
    Parameters.insert(Member.getName());
    // Depth and position only keep these types apart from the program's own.
    constexpr unsigned kDepth = 1000;
    const unsigned Position = static_cast<unsigned>(MemberTypes.size());
    auto* Named = clang::TemplateTypeParmDecl::Create(
        Types, Types.getTranslationUnitDecl(), clang::SourceLocation(), clang::SourceLocation(),
        kDepth, Position, Member.getIdentifier(), /*Typename=*/true, /*ParameterPack=*/false);
    Found->second = Types.getTemplateTypeParmType(kDepth, Position, /*ParameterPack=*/false, Named);
    return Found->second;
  }

  const clang::ASTContext& Ctx;
  clang::PrintingPolicy Policy;
  llvm::StringSet<> Parameters;
  /// Each member type placeholder, made once.
  llvm::MapVector<const clang::TypedefNameDecl*, clang::QualType> MemberTypes;
  /// Each marker of a class nested in a class template and its text.
  std::vector<std::pair<std::string, std::string>> ScopedTypes;
  const clang::FunctionDecl* PrintedFunction = nullptr;
  unsigned Invented = 0;
};

/// The definition the function's text comes from.
const clang::FunctionDecl& writtenFunction(const clang::FunctionDecl& Function) {
  const clang::FunctionDecl* Written = Function.getTemplateInstantiationPattern();
  if (Written == nullptr) Written = &Function;
  // A generic lambda in a function template: the pattern Clang gives is the call
  // operator template of one instantiation's closure, which records the written
  // one as the member template it was instantiated from.
  const clang::FunctionTemplateDecl* Template = Written->getDescribedFunctionTemplate();
  if (Template == nullptr || Template->getInstantiatedFromMemberTemplate() == nullptr)
    return *Written;
  while (const clang::FunctionTemplateDecl* From = Template->getInstantiatedFromMemberTemplate())
    Template = From;
  return *Template->getTemplatedDecl();
}

/// The name a pattern gives a template parameter: its own, or `#1-2`.
std::string parameterName(const clang::TemplateTypeParmDecl& Param) {
  return Param.getName().empty() ? unnamedParameterName(Param.getDepth(), Param.getIndex())
                                 : Param.getName().str();
}

/// True for a named template template parameter that `hotpath::TemplateNames`
/// (`template <class...> class...`) takes: its own parameters are all types.
bool isTemplateOfTypes(const clang::TemplateTemplateParmDecl& Param) {
  if (Param.getName().empty()) return false;
  for (const clang::NamedDecl* Inner : *Param.getTemplateParameters()) {
    if (!llvm::isa<clang::TemplateTypeParmDecl>(Inner)) return false;
  }
  return true;
}

void addTypeParameters(const clang::TemplateParameterList& Params,
                       std::vector<TypeParameter>& Out) {
  for (const clang::NamedDecl* Param : Params) {
    if (const auto* Template = llvm::dyn_cast<clang::TemplateTemplateParmDecl>(Param)) {
      if (!isTemplateOfTypes(*Template)) continue;
      TypeParameter Parameter;
      Parameter.Name = Template->getName().str() + (Template->isParameterPack() ? "..." : "");
      Parameter.Template = Template;
      Out.push_back(std::move(Parameter));
      continue;
    }
    if (const auto* Value = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(Param)) {
      if (Value->getName().empty()) continue;
      TypeParameter Parameter;
      Parameter.Name = Value->getName().str() + (Value->isParameterPack() ? "..." : "");
      Parameter.Value = Value;
      Out.push_back(std::move(Parameter));
      continue;
    }
    const auto* Type = llvm::dyn_cast<clang::TemplateTypeParmDecl>(Param);
    if (Type == nullptr || Type->isImplicit()) continue;
    Out.push_back({parameterName(*Type) + (Type->isParameterPack() ? "..." : ""), Type});
  }
}

/// The type template parameters (and template template parameters of types) in
/// scope in the body of `Written`: those of the
/// templates it is lexically inside (for a member defined out of line, the lists
/// written before its name).
std::vector<TypeParameter> typeParametersInScope(const clang::FunctionDecl& Written) {
  std::vector<TypeParameter> Names;
  for (const clang::Decl* Decl = &Written; Decl != nullptr;
       Decl = llvm::dyn_cast_or_null<clang::Decl>(Decl->getLexicalDeclContext())) {
    if (const auto* Declarator = llvm::dyn_cast<clang::DeclaratorDecl>(Decl)) {
      for (unsigned I = 0; I < Declarator->getNumTemplateParameterLists(); ++I)
        addTypeParameters(*Declarator->getTemplateParameterList(I), Names);
    }
    if (const auto* Tag = llvm::dyn_cast<clang::TagDecl>(Decl)) {
      for (unsigned I = 0; I < Tag->getNumTemplateParameterLists(); ++I)
        addTypeParameters(*Tag->getTemplateParameterList(I), Names);
    }
    if (const auto* Function = llvm::dyn_cast<clang::FunctionDecl>(Decl)) {
      if (const clang::FunctionTemplateDecl* Template = Function->getDescribedFunctionTemplate())
        addTypeParameters(*Template->getTemplateParameters(), Names);
    } else if (const auto* Partial =
                   llvm::dyn_cast<clang::ClassTemplatePartialSpecializationDecl>(Decl)) {
      addTypeParameters(*Partial->getTemplateParameters(), Names);
    } else if (const auto* Record = llvm::dyn_cast<clang::CXXRecordDecl>(Decl)) {
      if (const clang::ClassTemplateDecl* Template = Record->getDescribedClassTemplate())
        addTypeParameters(*Template->getTemplateParameters(), Names);
    }
  }
  return Names;
}

/// True when `Text` has the placeholder `${Name}` or `${Name=...}`.
bool hasPlaceholder(const std::string& Text, llvm::StringRef Name) {
  const std::string Open = "${" + Name.str();
  for (std::size_t At = Text.find(Open); At != std::string::npos; At = Text.find(Open, At + 1)) {
    const char After = At + Open.size() < Text.size() ? Text[At + Open.size()] : '\0';
    if (After == '}' || After == '=') return true;
  }
  return false;
}

void collectInlineNamespaces(const clang::DeclContext& Context, const std::string& Scope,
                             llvm::StringSet<>& Seen, std::vector<std::string>& Out) {
  for (const clang::Decl* Decl : Context.decls()) {
    const auto* Namespace = llvm::dyn_cast<clang::NamespaceDecl>(Decl);
    if (Namespace == nullptr || Namespace->isAnonymousNamespace()) continue;
    const std::string Name =
        Scope.empty() ? Namespace->getName().str() : Scope + "::" + Namespace->getName().str();
    // The standard library's own are known to the runtime; `__gnu_cxx`'s and the
    // like never name what users pass.
    if (Name.rfind("std", 0) == 0 && (Name.size() == 3 || Name[3] == ':')) continue;
    if (Name.rfind("__", 0) == 0) continue;
    if (Namespace->isInline() && Seen.insert(Name).second) Out.push_back(Name);
    collectInlineNamespaces(*Namespace, Name, Seen, Out);
  }
}

/// The parameter list of a template as its definition names the parameters: a
/// declaration before it may leave the names out (`template <bool, class> class
/// Array;`), and a specialization refers to the declaration that was visible
/// where it was named.
const clang::TemplateParameterList& namedParameters(
    const clang::RedeclarableTemplateDecl& Template) {
  for (const clang::RedeclarableTemplateDecl* Declaration : Template.redecls()) {
    const clang::NamedDecl* Templated = Declaration->getTemplatedDecl();
    const auto* Record = llvm::dyn_cast<clang::CXXRecordDecl>(Templated);
    const auto* Function = llvm::dyn_cast<clang::FunctionDecl>(Templated);
    if ((Record != nullptr && Record->isThisDeclarationADefinition()) ||
        (Function != nullptr && Function->isThisDeclarationADefinition()))
      return *Declaration->getTemplateParameters();
  }
  return *Template.getMostRecentDecl()->getTemplateParameters();
}

/// The template arguments of an instantiated function and of the templates
/// around it, by the name of their parameter: a pack's are its elements.
class InstantiationArguments {
 public:
  InstantiationArguments(const clang::FunctionDecl& Function, const clang::ASTContext& Ctx)
      : Ctx(Ctx), Policy(signaturePolicy(Ctx)) {
    Policy.AnonymousTagLocations = true;  // `(lambda at a.cpp:4:9)`, as in a pretty function
    // Class templates in the parameter types (`buf<T, SIZE, A> &`) have their
    // defaults left out too.
    for (const clang::ParmVarDecl* Parameter : Function.parameters())
      collectTemplates(Parameter->getType());
    // A friend defined in a class template is instantiated with the class, which is
    // its lexical context (its semantic one is the namespace): its arguments too.
    const bool Friend = Function.getFriendObjectKind() != clang::Decl::FOK_None;
    for (const clang::DeclContext* Context = &Function; Context != nullptr;
         Context = Friend ? Context->getLexicalParent() : Context->getParent()) {
      if (const auto* F = llvm::dyn_cast<clang::FunctionDecl>(Context)) {
        const clang::FunctionTemplateDecl* Template = F->getPrimaryTemplate();
        if (Template != nullptr && F->getTemplateSpecializationArgs() != nullptr)
          add(namedParameters(*Template), F->getTemplateSpecializationArgs()->asArray());
      } else if (const auto* S = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(Context)) {
        // An instantiation of a partial specialization binds the partial's own
        // parameters (Clang's pretty function names the primary template's).
        const auto From = S->getSpecializedTemplateOrPartial();
        if (const auto* Partial = From.dyn_cast<clang::ClassTemplatePartialSpecializationDecl*>()) {
          add(*Partial->getTemplateParameters(), S->getTemplateInstantiationArgs().asArray());
          // The templates the partial specialization's arguments are written with
          // (`formatter<join_view<It, Sentinel, Char>>`) have their defaults left
          // out too; a primary template's arguments are the ones add() collects.
          for (const clang::TemplateArgument& Arg : S->getTemplateArgs().asArray()) {
            if (Arg.getKind() == clang::TemplateArgument::Type) collectTemplates(Arg.getAsType());
          }
        } else {
          add(namedParameters(*S->getSpecializedTemplate()), S->getTemplateArgs().asArray());
        }
      }
    }
  }

  /// Binds a member type of the pattern to what it is in the instantiation: the
  /// member of that name of the innermost class of `Function` that has one.
  void addMemberType(const clang::FunctionDecl& Function, const clang::TypedefNameDecl& Member) {
    for (const clang::DeclContext* Context = Function.getDeclContext(); Context != nullptr;
         Context = Context->getParent()) {
      const auto* Record = llvm::dyn_cast<clang::CXXRecordDecl>(Context);
      if (Record == nullptr || Record->isDependentContext()) continue;
      for (const clang::NamedDecl* Found : Record->lookup(Member.getDeclName())) {
        const auto* Instantiated = llvm::dyn_cast<clang::TypedefNameDecl>(Found);
        if (Instantiated == nullptr) continue;
        const clang::QualType Type = Instantiated->getUnderlyingType();
        Arguments.try_emplace(Member.getName(), Argument{typeText(Type), false});
        collectTemplates(Type);
        return;
      }
    }
  }

  /// The class templates of the arguments' specializations (`std::vector` for
  /// `std::vector<int> *`), with those of their arguments.
  llvm::ArrayRef<const clang::ClassTemplateDecl*> templates() const {
    return Templates.getArrayRef();
  }

  /// The integral arguments as a pretty function's binding list.
  std::string valueBindings() const {
    std::string List;
    for (const auto& Value : Values) {
      if (!List.empty()) List += ", ";
      List += Value.getKey().str() + " = " + Value.getValue();
    }
    return List.empty() ? "" : "void f() [" + List + "]";
  }

  /// `hotpath::TypeArguments<A, hotpath::TypeArguments<B, void>>` for the listed
  /// parameters, as Clang prints it in a pretty function; "" when one is missing.
  std::string typeArguments(const std::vector<TypeParameter>& Parameters) const {
    std::vector<std::string> Texts;
    for (const TypeParameter& Parameter : Parameters) {
      if (Parameter.Value != nullptr) {
        // Its argument is in the pretty function or valueBindings().
        Texts.push_back("hotpath::Value<>");
        continue;
      }
      const auto Found = Arguments.find(llvm::StringRef(Parameter.Name).rtrim('.'));
      if (Found == Arguments.end()) return "";
      const Argument& Value = Found->second;
      Texts.push_back(typeArgumentsItem(Value.Text, Value.Pack, Value.Template, "hotpath::"));
    }
    if (Texts.empty()) return "";
    return "text() [Type = " + Texts[0] +
           ", Rest = " + nestedTypeArguments(llvm::ArrayRef(Texts).drop_front(), "hotpath::") + "]";
  }

 private:
  struct Argument {
    std::string Text;  ///< a pack's elements comma-separated
    bool Pack = false;
    bool Template = false;  ///< of a template template parameter
  };

  void add(const clang::TemplateParameterList& Params,
           llvm::ArrayRef<clang::TemplateArgument> Args) {
    for (unsigned Index = 0; Index < Params.size() && Index < Args.size(); ++Index) {
      addValue(*Params.getParam(Index), Args[Index]);
      if (const auto* Template =
              llvm::dyn_cast<clang::TemplateTemplateParmDecl>(Params.getParam(Index))) {
        addTemplate(*Template, Args[Index]);
        continue;
      }
      const auto* Param = llvm::dyn_cast<clang::TemplateTypeParmDecl>(Params.getParam(Index));
      if (Param == nullptr || Param->isImplicit()) continue;
      // A default argument is written canonically: with the sugar it was substituted
      // with (`std::hash<string>`) it would not be recognized as the default.
      const bool Default =
          compat::isSubstitutedDefault(Ctx, Args[Index], *Param, Args, Params.getDepth());
      std::optional<Argument> Value = argumentOf(Args[Index], clang::TemplateArgument::Type,
                                                 [&](const clang::TemplateArgument& Element) {
                                                   collectTemplates(Element.getAsType());
                                                   return typeText(Element.getAsType(), Default);
                                                 });
      // The innermost binding of a name counts.
      if (Value) Arguments.try_emplace(parameterName(*Param), std::move(*Value));
    }
  }

  /// The argument of a template template parameter that TemplateNames takes,
  /// fully qualified (g++ writes it relative to the function's namespace).
  void addTemplate(const clang::TemplateTemplateParmDecl& Param,
                   const clang::TemplateArgument& Arg) {
    if (!isTemplateOfTypes(Param)) return;
    std::optional<Argument> Value = argumentOf(Arg, clang::TemplateArgument::Template,
                                               [&](const clang::TemplateArgument& Element) {
                                                 return templateText(Element.getAsTemplate());
                                               });
    if (!Value) return;
    Value->Template = true;
    Arguments.try_emplace(Param.getName(), std::move(*Value));
  }

  /// An argument of kind `Kind`, or a pack of them, each element's text by
  /// `TextOf`; nothing for another kind.
  static std::optional<Argument> argumentOf(
      const clang::TemplateArgument& Arg, clang::TemplateArgument::ArgKind Kind,
      llvm::function_ref<std::string(const clang::TemplateArgument&)> TextOf) {
    Argument Value;
    if (Arg.getKind() == Kind) {
      Value.Text = TextOf(Arg);
      return Value;
    }
    if (Arg.getKind() != clang::TemplateArgument::Pack) return std::nullopt;
    Value.Pack = true;
    for (const clang::TemplateArgument& Element : Arg.pack_elements()) {
      if (Element.getKind() != Kind) return std::nullopt;
      if (!Value.Text.empty()) Value.Text += ", ";
      Value.Text += TextOf(Element);
    }
    return Value;
  }

  std::string templateText(clang::TemplateName Name) const {
    const clang::TemplateDecl* Template = Name.getAsTemplateDecl();
    if (Template == nullptr) return "";
    std::string Text;
    llvm::raw_string_ostream Out(Text);
    Template->printQualifiedName(Out, Policy);
    return Text;
  }

  /// An integer, bool, character or enumerator argument of a named non-type
  /// parameter, for the binding list: Clang's __PRETTY_FUNCTION__ of a member of a
  /// local class or of a partial specialization does not list them all.
  void addValue(const clang::NamedDecl& Param, const clang::TemplateArgument& Arg) {
    const auto* Value = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(&Param);
    if (Value == nullptr || Value->getName().empty() ||
        Arg.getKind() != clang::TemplateArgument::Integral)
      return;
    std::string Text = integerText(Arg.getIntegralType(), Arg.getAsIntegral());
    // A character or an enumerator as Clang writes it in a specialization's name
    // (`'x'`, `app::Color::green`), as the runtime reads both compilers' spellings.
    if (Text.empty()) {
      llvm::raw_string_ostream Out(Text);
      Arg.print(Policy, Out, /*IncludeType=*/true);
    }
    Values.try_emplace(Value->getName(), std::move(Text));
  }

  /// The class or enumeration a type is, under pointers, references and arrays;
  /// null for another type.
  static const clang::TagDecl* tagIn(clang::QualType Type) {
    const clang::Type* Canonical = Type.getCanonicalType().getTypePtr();
    while (Canonical->isAnyPointerType() || Canonical->isReferenceType() ||
           Canonical->isArrayType()) {
      Canonical = Canonical->isArrayType() ? Canonical->getArrayElementTypeNoTypeQual()
                                           : Canonical->getPointeeType().getTypePtr();
      Canonical = Canonical->getCanonicalTypeInternal().getTypePtr();
    }
    return Canonical->getAsTagDecl();
  }

  /// The class template specialization a type is, under pointers, references
  /// and arrays; null for another type.
  static const clang::ClassTemplateSpecializationDecl* specializationIn(clang::QualType Type) {
    return llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(tagIn(Type));
  }

  /// The class templates of the specializations a type is made of: it, its
  /// arguments, and the classes it is a member of (`Regex<UTF8<>>` for
  /// `Regex<UTF8<>>::Range` or an enumeration of it), whose printing keeps a
  /// default argument when the template was first declared without it.
  void collectTemplates(clang::QualType Type) {
    for (const clang::DeclContext* Context = tagIn(Type); Context != nullptr;
         Context = Context->getParent()) {
      if (const auto* Specialization =
              llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(Context))
        collectSpecialization(*Specialization);
    }
  }

  void collectSpecialization(const clang::ClassTemplateSpecializationDecl& Specialization) {
    if (!Specializations.insert(&Specialization).second) return;
    Templates.insert(Specialization.getSpecializedTemplate());
    for (const clang::TemplateArgument& Arg : Specialization.getTemplateArgs().asArray()) {
      if (Arg.getKind() == clang::TemplateArgument::Type) collectTemplates(Arg.getAsType());
      if (Arg.getKind() != clang::TemplateArgument::Pack) continue;
      for (const clang::TemplateArgument& Element : Arg.pack_elements())
        if (Element.getKind() == clang::TemplateArgument::Type)
          collectTemplates(Element.getAsType());
    }
  }

  /// As g++ and Clang print the arguments of a template: without typedefs. The
  /// printer qualifies every name of a canonical type, the elements of packs
  /// included (TypeName::getFullyQualifiedName leaves those as they are).
  /// `Canonical` prints the canonical type's own arguments too: a default
  /// argument's, which Clang 19 keeps with the sugar it was substituted with
  /// (`std::hash<string>`), so that TemplateDefaults recognizes the default.
  std::string typeText(clang::QualType Type, bool Canonical = false) const {
    // Clang prints an explicit specialization's arguments as its declaration
    // writes them (`formatter<test_string>`); g++ as they are
    // (`formatter<basic_test_string<char>>`). Canonical printing gives those, and
    // keeps default arguments, which TemplateDefaults then leaves out.
    clang::PrintingPolicy Printing = Policy;
    Printing.PrintCanonicalTypes = Canonical || hasExplicitSpecialization(Type);
    return Type.getCanonicalType().getAsString(Printing);
  }

  /// True when the type is or has among its arguments an explicit
  /// specialization of a class template outside the standard library.
  static bool hasExplicitSpecialization(clang::QualType Type) {
    const clang::ClassTemplateSpecializationDecl* Specialization = specializationIn(Type);
    if (Specialization == nullptr) return false;
    // The standard library's (`char_traits<char>`) are written as they are.
    if (Specialization->isExplicitSpecialization() && !Specialization->isInStdNamespace())
      return true;
    for (const clang::TemplateArgument& Arg : Specialization->getTemplateArgs().asArray()) {
      if (Arg.getKind() == clang::TemplateArgument::Type &&
          hasExplicitSpecialization(Arg.getAsType()))
        return true;
    }
    return false;
  }

  const clang::ASTContext& Ctx;
  clang::PrintingPolicy Policy;
  llvm::StringMap<Argument> Arguments;
  llvm::StringMap<std::string> Values;  ///< the innermost binding of a name counts
  llvm::SetVector<const clang::ClassTemplateDecl*> Templates;
  llvm::DenseSet<const clang::ClassTemplateSpecializationDecl*> Specializations;  ///< visited
};

/// A namespace whose class templates users name: not the standard library's
/// (known to the runtime), not `__gnu_cxx` and the like, not an anonymous one
/// (one file's).
bool isNamedNamespace(const clang::NamespaceDecl& Namespace) {
  const llvm::StringRef Name = Namespace.getName();
  const bool Outermost = Namespace.getParent()->getRedeclContext()->isTranslationUnit();
  return !Namespace.isAnonymousNamespace() && !compat::startsWith(Name, "__") &&
         !(Outermost && Name == "std");
}

/// The DefaultTemplateArguments entry of a class template that is a member of
/// named namespaces and has a default argument; "" for others.
std::string templateEntry(const clang::ClassTemplateDecl& Template, PatternBuilder& Builder) {
  for (const clang::DeclContext* Context = Template.getDeclContext(); !Context->isTranslationUnit();
       Context = Context->getParent()) {
    const auto* Namespace = llvm::dyn_cast<clang::NamespaceDecl>(Context);
    if (Namespace != nullptr
            ? !isNamedNamespace(*Namespace)
            : !llvm::isa<clang::LinkageSpecDecl>(Context) && !llvm::isa<clang::ExportDecl>(Context))
      return "";
  }
  // Default arguments may be given by any declaration; the last one has them all.
  const clang::ClassTemplateDecl& Latest = *Template.getMostRecentDecl();
  bool HasDefault = false;
  for (const clang::NamedDecl* Param : *Latest.getTemplateParameters())
    HasDefault = HasDefault || !compat::templateDefaultArgument(*Param, Builder.policy()).empty();
  return HasDefault ? Builder.classTemplate(Latest) : "";
}

}  // namespace

const clang::FunctionDecl* enclosingFunctionOfLambda(const clang::FunctionDecl& Function) {
  if (!isLambdaCallOperator(Function)) return nullptr;
  const clang::DeclContext* Context = Function.getDeclContext();
  for (; Context != nullptr; Context = Context->getParent()) {
    const auto* Enclosing = llvm::dyn_cast<clang::FunctionDecl>(Context);
    if (Enclosing != nullptr && !isLambdaCallOperator(*Enclosing)) return Enclosing;
  }
  return nullptr;
}

std::vector<std::string> defaultTemplateArgumentEntries(const clang::ASTContext& Ctx) {
  std::vector<std::string> Entries;
  llvm::StringSet<> Seen;
  PatternBuilder Builder(Ctx);
  const std::function<void(const clang::DeclContext&)> Visit =
      [&](const clang::DeclContext& Scope) {
        for (const clang::Decl* Decl : Scope.decls()) {
          if (const auto* Namespace = llvm::dyn_cast<clang::NamespaceDecl>(Decl)) {
            if (isNamedNamespace(*Namespace)) Visit(*Namespace);
          } else if (llvm::isa<clang::LinkageSpecDecl>(Decl) ||
                     llvm::isa<clang::ExportDecl>(Decl)) {
            Visit(*llvm::cast<clang::DeclContext>(Decl));
          } else if (const auto* Template = llvm::dyn_cast<clang::ClassTemplateDecl>(Decl)) {
            if (Template->specializations().empty()) continue;
            std::string Entry = templateEntry(*Template, Builder);
            if (!Entry.empty() && Seen.insert(Entry).second) Entries.push_back(std::move(Entry));
          }
        }
      };
  Visit(*Ctx.getTranslationUnitDecl());
  return Entries;
}

std::string unnamedParameterName(unsigned Depth, unsigned Index) {
  return "#" + std::to_string(Depth + 1) + "-" + std::to_string(Index + 1);
}

std::string nestedTypeArguments(llvm::ArrayRef<std::string> Arguments, llvm::StringRef Scope) {
  std::string Text = "void";
  for (auto It = Arguments.rbegin(); It != Arguments.rend(); ++It)
    Text = Scope.str() + "TypeArguments<" + *It + ", " + Text + ">";
  return Text;
}

std::string typeArgumentsItem(llvm::StringRef Argument, bool Pack, bool Template,
                              llvm::StringRef Scope) {
  if (Template) return Scope.str() + "TemplateNames<" + Argument.str() + ">";
  return Pack ? Scope.str() + "TypePack<" + Argument.str() + ">" : Argument.str();
}

const std::vector<std::string>& SignaturePrinter::inlineNamespaces() {
  if (!InlineNamespaces) {
    InlineNamespaces.emplace();
    llvm::StringSet<> Seen;
    collectInlineNamespaces(*Ctx.getTranslationUnitDecl(), "", Seen, *InlineNamespaces);
  }
  return *InlineNamespaces;
}

const std::string& SignaturePrinter::defaultTemplateArgumentEntry(
    const clang::ClassTemplateDecl& Template) {
  const clang::ClassTemplateDecl* Canonical = Template.getCanonicalDecl();
  auto [Found, New] = TemplateEntries.try_emplace(Canonical);
  if (New) {
    PatternBuilder Builder(Ctx);
    Found->second = templateEntry(*Canonical, Builder);
  }
  return Found->second;
}

SignaturePattern SignaturePrinter::pattern(const clang::FunctionDecl& Function) {
  const clang::FunctionDecl& Written = writtenFunction(Function);
  SignaturePattern Result;
  PatternBuilder Builder(Ctx);
  Result.Text = Builder.build(Written);
  Result.Dependent = names::has_placeholders(Result.Text);
  Result.Internal = compat::hasInternalLinkage(Function) && !isLambdaCallOperator(Function);
  if (Result.Dependent) {
    for (TypeParameter& Parameter : typeParametersInScope(Written)) {
      if (hasPlaceholder(Result.Text, llvm::StringRef(Parameter.Name).rtrim('.')))
        Result.TypeParameters.push_back(std::move(Parameter));
    }
    for (const clang::TypedefNameDecl* Member : Builder.memberTypes()) {
      if (hasPlaceholder(Result.Text, Member->getName()))
        Result.TypeParameters.push_back({Member->getName().str(), nullptr, Member});
    }
  }
  if (!Result.TypeParameters.empty()) {
    std::string Field = "${types=";
    for (const TypeParameter& Parameter : Result.TypeParameters) {
      if (Field.back() != '=') Field += ';';
      Field += Parameter.Name;
    }
    Result.Text = Field + "}" + Result.Text;
  }
  if (Result.Dependent && !inlineNamespaces().empty()) {
    std::string Prefix = "${inline=";
    for (const std::string& Name : inlineNamespaces()) {
      if (Prefix.back() != '=') Prefix += ';';
      Prefix += Name;
    }
    Result.Text = Prefix + "}" + Result.Text;
  }
  return Result;
}

std::string SignaturePrinter::complete(const clang::FunctionDecl& Function) {
  const SignaturePattern Pattern = pattern(Function);
  std::string Text = Pattern.Text;
  if (Pattern.Dependent) {
    const clang::FunctionDecl* Enclosing = enclosingFunctionOfLambda(Function);
    InstantiationArguments Arguments(Function, Ctx);
    for (const TypeParameter& Parameter : Pattern.TypeParameters) {
      if (Parameter.MemberType != nullptr) Arguments.addMemberType(Function, *Parameter.MemberType);
    }
    names::TemplateDefaults Defaults;
    for (const clang::ClassTemplateDecl* Template : Arguments.templates()) {
      const std::string& Entry = defaultTemplateArgumentEntry(*Template);
      if (!Entry.empty()) Defaults.add(Entry);
    }
    const std::string Pretty = compat::prettyFunction(Function);
    const std::string EnclosingPretty =
        Enclosing != nullptr ? compat::prettyFunction(*Enclosing) : "";
    const std::string Values = Arguments.valueBindings();
    Text = names::resolve_pattern(Text, {Pretty, EnclosingPretty, Values},
                                  Arguments.typeArguments(Pattern.TypeParameters), &Defaults);
  }
  if (Pattern.Internal) {
    const clang::SourceManager& SM = Ctx.getSourceManager();
    const auto Main = SM.getFileEntryRefForID(SM.getMainFileID());
    Text += " [" + (Main ? llvm::sys::path::filename(Main->getName()).str() : "?") + "]";
  }
  return Text;
}

}  // namespace hotpath::plan
