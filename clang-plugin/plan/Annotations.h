// How an attribute is remembered between parsing and instrumentation: the
// attribute handlers attach an AnnotateAttr with one of these keys (annotations
// are inherited by redeclarations and template instantiations and survive in
// PCHs), and the planner reads them back and strips them once it has decided, so
// that code generation never sees them.
#ifndef HOTPATH_CLANG_PLUGIN_PLAN_ANNOTATIONS_H
#define HOTPATH_CLANG_PLUGIN_PLAN_ANNOTATIONS_H

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringRef.h"

namespace hotpath::plan {

inline constexpr llvm::StringLiteral kMeasureKey = "hotpath::measure";
inline constexpr llvm::StringLiteral kMeasureAllKey = "hotpath::measure_all";
inline constexpr llvm::StringLiteral kSkipKey = "hotpath::skip";
inline constexpr llvm::StringLiteral kMainKey = "hotpath::main";

/// The hotpath annotation with `Key` on `D` itself (not its redeclarations).
inline const clang::AnnotateAttr* findAnnotation(const clang::Decl& D, llvm::StringRef Key) {
  for (const auto* Annotation : D.specific_attrs<clang::AnnotateAttr>()) {
    if (Annotation->getAnnotation() == Key) return Annotation;
  }
  return nullptr;
}

/// The annotation with `Key` on any redeclaration of `D`.
inline const clang::AnnotateAttr* findAnnotationOnAnyRedecl(const clang::Decl& D,
                                                            llvm::StringRef Key) {
  for (const clang::Decl* Redecl : D.redecls()) {
    if (const auto* Annotation = findAnnotation(*Redecl, Key)) return Annotation;
  }
  return nullptr;
}

/// True for annotations hotpath attached.
inline bool isHotpathAnnotation(const clang::Attr* A) {
  const auto* Annotation = llvm::dyn_cast<clang::AnnotateAttr>(A);
  if (Annotation == nullptr) return false;
  llvm::StringRef Key = Annotation->getAnnotation();
  return Key == kMeasureKey || Key == kMeasureAllKey || Key == kSkipKey || Key == kMainKey;
}

}  // namespace hotpath::plan

#endif  // HOTPATH_CLANG_PLUGIN_PLAN_ANNOTATIONS_H
