// Guard and prologue text.
#include "GuardText.h"

#include <cstdio>

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

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

std::string guardText(const PlannedFunction& Planned, bool FromTemplate) {
  const std::string Where = quoted(Planned.File) + ", " + std::to_string(Planned.Line);
  if (Planned.Guard == GuardKind::Main) {
    return " ::hotpath::MainGuard __hotpath_guard(" + quoted(Planned.Name) + ", " +
           quoted(Planned.MainOptions) + ", " + Where + ");";
  }
  const bool CustomName = Planned.Signature.empty();
  const std::string Name = FromTemplate && !CustomName ? "nullptr" : quoted(Planned.Name);
  const std::string Signature = CustomName ? "nullptr" : "__PRETTY_FUNCTION__";
  const char* Site = Planned.Guard == GuardKind::Constexpr ? "static constexpr ::hotpath::Site"
                                                           : "static ::hotpath::Site";
  const char* Guard = Planned.Guard == GuardKind::Constexpr   ? "ConstexprScopeGuard"
                      : Planned.Guard == GuardKind::Coroutine ? "CoroutineGuard"
                                                              : "ScopeGuard";
  return " " + std::string(Site) + " __hotpath_site(" + Name + ", " + Signature + ", " + Where +
         "); ::hotpath::" + Guard + " __hotpath_guard(__hotpath_site);";
}

bool alreadyInstrumented(llvm::StringRef After) {
  After = After.ltrim();
  const llvm::StringRef First = After.take_until([](char C) { return C == ';' || C == '}'; });
  return First.contains("__hotpath_site") || First.contains("__hotpath_guard");
}

std::string prologue(llvm::StringRef OriginalFileName) {
  return kIncludeLine.str() + "#line 1 " + quoted(OriginalFileName) + "\n";
}

bool hasPrologue(llvm::StringRef Source) {
  return Source.starts_with(kIncludeLine) &&
         Source.drop_front(kIncludeLine.size()).starts_with(kLinePrefix);
}

}  // namespace hotpath::rewrite
