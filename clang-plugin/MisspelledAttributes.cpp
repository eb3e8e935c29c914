// "Did you mean" for misspelled hotpath attributes (see the header).
#include "MisspelledAttributes.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "plan/Warnings.h"

namespace hotpath {
namespace {

constexpr llvm::StringLiteral kAttributes[] = {"measure", "measure_all", "skip", "main"};

/// The attribute the user probably meant by `Written`, or "" when none is close.
std::string closestAttribute(llvm::StringRef Written) {
  llvm::StringRef Best;
  unsigned BestDistance = 3;  // further than 2 edits is not a typo
  for (llvm::StringRef Known : kAttributes) {
    const unsigned Distance = Written.edit_distance(Known, true, BestDistance);
    if (Distance < BestDistance) {
      BestDistance = Distance;
      Best = Known;
    }
  }
  return Best.str();
}

/// The offset and length of `name` in `hotpath::name` at the start of `Text`;
/// length 0 when the text is not that.
std::pair<std::size_t, std::size_t> scopedName(llvm::StringRef Text) {
  const std::size_t Size = Text.size();
  if (!Text.consume_front("hotpath")) return {0, 0};
  Text = Text.ltrim();
  if (!Text.consume_front("::")) return {0, 0};
  Text = Text.ltrim();
  const std::size_t Offset = Size - Text.size();
  const std::size_t Length =
      Text.take_while([](char C) { return clang::isAsciiIdentifierContinue(C); }).size();
  return {Offset, Length};
}

}  // namespace

MisspelledAttributes::MisspelledAttributes(clang::DiagnosticsEngine& Engine)
    : Diags(Engine), Inner(Engine.getClient()) {
  if (Engine.ownsClient()) OwnedInner = Engine.takeClient();
  Engine.setClient(this, /*ShouldOwnClient=*/false);
}

MisspelledAttributes::~MisspelledAttributes() {
  if (Diags.getClient() != this) return;
  if (OwnedInner != nullptr) {
    Diags.setClient(OwnedInner.release(), /*ShouldOwnClient=*/true);
  } else {
    Diags.setClient(Inner, /*ShouldOwnClient=*/false);
  }
}

void MisspelledAttributes::reportPending() {
  std::vector<Misspelling> Found;
  Found.swap(Pending);
  for (const Misspelling& Each : Found) {
    auto Warning = plan::reportWarning(Diags, Each.Name.getBegin(),
                                       "'hotpath::" + Each.Written +
                                           "' is not a hotpath attribute; did you mean "
                                           "'hotpath::" +
                                           Each.Meant + "'?");
    if (Warning) *Warning << clang::FixItHint::CreateReplacement(Each.Name, Each.Meant);
  }
}

void MisspelledAttributes::BeginSourceFile(const clang::LangOptions& LangOpts,
                                           const clang::Preprocessor* PP) {
  Inner->BeginSourceFile(LangOpts, PP);
}

void MisspelledAttributes::EndSourceFile() { Inner->EndSourceFile(); }

void MisspelledAttributes::finish() { Inner->finish(); }

bool MisspelledAttributes::IncludeInDiagnosticCounts() const {
  return Inner->IncludeInDiagnosticCounts();
}

void MisspelledAttributes::HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                                            const clang::Diagnostic& Info) {
  Inner->HandleDiagnostic(Level, Info);
  if (Info.getID() != clang::diag::warn_unknown_attribute_ignored || !Info.hasSourceManager() ||
      !Info.getLocation().isFileID())
    return;
  // The warning points at the scope: `hotpath::mesure`.
  const clang::SourceManager& SM = Info.getSourceManager();
  bool Invalid = false;
  const llvm::StringRef Text = SM.getCharacterData(Info.getLocation(), &Invalid);
  if (Invalid) return;
  const auto [Offset, Length] = scopedName(Text.take_front(256));
  if (Length == 0) return;
  const std::string Written = Text.substr(Offset, Length).str();
  std::string Meant = closestAttribute(Written);
  if (Meant.empty()) return;
  const clang::SourceLocation Start = Info.getLocation().getLocWithOffset(Offset);
  Pending.push_back({clang::CharSourceRange::getCharRange(Start, Start.getLocWithOffset(Length)),
                     Written, std::move(Meant)});
}

}  // namespace hotpath
