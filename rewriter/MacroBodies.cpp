// Expanding macro invocations whose expansion has bodies to instrument.
#include "MacroBodies.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseMap.h"

namespace hotpath::rewrite {

namespace {

/// Notes the invocations whose expansion has a `_Pragma`.
class PragmaWatcher : public clang::PPCallbacks {
 public:
  PragmaWatcher(const clang::SourceManager& SM,
                std::shared_ptr<llvm::DenseSet<clang::SourceLocation::UIntTy>> Invocations)
      : SM(SM), Invocations(std::move(Invocations)) {}

  void PragmaDirective(clang::SourceLocation Where, clang::PragmaIntroducerKind) override {
    if (Where.isMacroID()) Invocations->insert(SM.getExpansionLoc(Where).getRawEncoding());
  }

 private:
  const clang::SourceManager& SM;
  std::shared_ptr<llvm::DenseSet<clang::SourceLocation::UIntTy>> Invocations;
};

}  // namespace

MacroBodies::MacroBodies(clang::Preprocessor& Preprocessor)
    : Preprocessor(Preprocessor),
      WithPragmas(std::make_shared<llvm::DenseSet<clang::SourceLocation::UIntTy>>()) {
  Preprocessor.addPPCallbacks(
      std::make_unique<PragmaWatcher>(Preprocessor.getSourceManager(), WithPragmas));
  Preprocessor.setTokenWatcher([this](const clang::Token& Token) {
    // Backtracking parses lex some tokens twice: the first time counts.
    if (Token.getLocation().isMacroID() && Seen.insert(Token.getLocation().getRawEncoding()).second)
      Expanded.push_back(Token);
  });
}

bool MacroBodies::plan(clang::SourceLocation Brace, const std::string& Guard,
                       const std::string& Name) {
  const clang::SourceManager& SM = Preprocessor.getSourceManager();
  const clang::CharSourceRange Range = SM.getExpansionRange(Brace);
  if (!Range.getBegin().isFileID() || !Range.getEnd().isFileID()) return false;
  const auto [File, Offset] = SM.getDecomposedLoc(Range.getBegin());
  Invocation& Planned = Invocations[{File, Offset}];
  Planned.Range = Range;
  for (const struct Guard& Known : Planned.Guards) {
    if (Known.Brace == Brace) return true;  // another instantiation of the same function
  }
  Planned.Guards.push_back({Brace, Guard, Name});
  return true;
}

void MacroBodies::write(
    llvm::function_ref<FileEdits&(clang::FileID)> EditsOf,
    llvm::function_ref<void(clang::SourceLocation, const std::string&)> NotInstrumented) const {
  if (Invocations.empty()) return;
  const clang::SourceManager& SM = Preprocessor.getSourceManager();
  // The tokens of each planned invocation, by the location it starts at.
  llvm::DenseMap<clang::SourceLocation::UIntTy, std::vector<const clang::Token*>> TokensOf;
  for (const auto& [Key, Planned] : Invocations)
    TokensOf[Planned.Range.getBegin().getRawEncoding()];
  for (const clang::Token& Token : Expanded) {
    const auto Found = TokensOf.find(SM.getExpansionLoc(Token.getLocation()).getRawEncoding());
    if (Found != TokensOf.end()) Found->second.push_back(&Token);
  }
  for (const auto& [Key, Planned] : Invocations) {
    const std::vector<const clang::Token*>& Tokens =
        TokensOf.find(Planned.Range.getBegin().getRawEncoding())->second;
    std::string Text;
    unsigned Written = 0;
    bool Spelled =
        !Tokens.empty() && !WithPragmas->contains(Planned.Range.getBegin().getRawEncoding());
    for (const clang::Token* Token : Tokens) {
      if (Token->isAnnotation()) Spelled = false;
      if (!Spelled) break;
      if (!Text.empty()) Text += ' ';
      Text += Preprocessor.getSpelling(*Token);
      for (const struct Guard& Each : Planned.Guards) {
        if (Each.Brace != Token->getLocation()) continue;
        Text += Each.Text;
        ++Written;
      }
    }
    if (!Spelled || Written != Planned.Guards.size()) {
      for (const struct Guard& Unwritten : Planned.Guards)
        NotInstrumented(Unwritten.Brace, Unwritten.Function);
      continue;
    }
    // The expansion takes the invocation's lines: those after it keep theirs.
    const unsigned Begin = SM.getFileOffset(Planned.Range.getBegin());
    clang::SourceLocation End = Planned.Range.getEnd();
    if (Planned.Range.isTokenRange())
      End = clang::Lexer::getLocForEndOfToken(End, 0, SM, Preprocessor.getLangOpts());
    const unsigned Length = SM.getFileOffset(End) - Begin;
    const llvm::StringRef Original = SM.getBufferData(Key.first).substr(Begin, Length);
    // A raw string literal spelled over lines keeps its line breaks in the text.
    const std::size_t Lines = Original.count('\n');
    const std::size_t Breaks = llvm::StringRef(Text).count('\n');
    if (Lines > Breaks) Text.append(Lines - Breaks, '\n');
    EditsOf(Key.first).Replacements[Begin] = {Length, std::move(Text)};
  }
}

}  // namespace hotpath::rewrite
