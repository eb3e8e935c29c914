// REQUIRES: plugin
// The layout of this file is part of the test (diagnostics and dump checks refer to
// lines and columns): clang-format must leave it alone.
// clang-format off
// What the plugin injects, seen in the AST: at the top of the body (before the
// user's first statement) a `static` hotpath::Site `__hotpath_site` constructed
// from a null name (the label, for a labelled function), the function's canonical
// signature (null for a label), the file and the line, then a `__hotpath_guard`:
// hotpath::ScopeGuard in an ordinary function, hotpath::ConstexprScopeGuard with a
// `static constexpr` site in a C++20 constexpr function, hotpath::CoroutineGuard
// in a coroutine (inside the coroutine body), hotpath::MainGuard (no site) in
// main. The hotpath annotations are gone once the decision is made.
//
// DEFINE: %{dump} = %clangxx -std=c++20 -fsyntax-only -fplugin=%hotpath_plugin \
// DEFINE:   -include hotpath/hotpath.hpp %hotpath_cflags %s -Xclang -ast-dump -Xclang -ast-dump-filter -Xclang
//
// RUN: %{dump} app::plain | FileCheck %s --check-prefix=PLAIN
// RUN: %{dump} app::labelled | FileCheck %s --check-prefix=LABEL
// RUN: %{dump} app::square | FileCheck %s --check-prefix=CONSTEXPR
// RUN: %{dump} app::generate | FileCheck %s --check-prefix=CORO
// RUN: %{dump} app::guarded | FileCheck %s --check-prefix=TRY
// RUN: %{dump} main | FileCheck %s --check-prefix=MAIN
// RUN: %{dump} app::unmeasured | FileCheck %s --check-prefix=NONE

#include <coroutine>

namespace app {

[[hotpath::measure]] int plain(int x) {
  int y = x + 1;
  return y;
}
// PLAIN:      FunctionDecl {{.*}} plain 'int (int)'
// PLAIN-NEXT: ParmVarDecl {{.*}} x 'int'
// PLAIN-NEXT: CompoundStmt
// PLAIN-NEXT: DeclStmt
// PLAIN-NEXT: VarDecl {{.*}} implicit referenced __hotpath_site 'hotpath::Site' static callinit
// PLAIN-NEXT: CXXConstructExpr {{.*}} 'hotpath::Site' 'void (const char *, const char *, const char *, std::uint32_t, const char *, const char *, const char *, const std::type_info *) noexcept'
// PLAIN-NEXT: ImplicitCastExpr {{.*}} <NullToPointer>
// PLAIN-NEXT: CXXNullPtrLiteralExpr
// PLAIN-NEXT: ImplicitCastExpr
// PLAIN-NEXT: StringLiteral {{.*}} "app::plain(int)"{{$}}
// PLAIN-NEXT: ImplicitCastExpr
// PLAIN-NEXT: StringLiteral {{.*}} "{{.*}}ast_dump.cpp"
// PLAIN-NEXT: IntegerLiteral {{.*}} 'unsigned int' [[#@LINE-16]]
// The site's other arguments are its defaults (Clang 18 and later also dump the
// default's expression under each).
// PLAIN-NEXT: CXXDefaultArgExpr {{.*}} 'const char *'
// PLAIN:      CXXDefaultArgExpr {{.*}} 'const char *'
// PLAIN:      CXXDefaultArgExpr {{.*}} 'const char *'
// PLAIN:      CXXDefaultArgExpr {{.*}} 'const std::type_info *'
// PLAIN-NOT:  StringLiteral
// PLAIN:      DeclStmt
// PLAIN-NEXT: VarDecl {{.*}} implicit referenced __hotpath_guard 'hotpath::ScopeGuard' callinit destroyed
// PLAIN-NEXT: CXXConstructExpr {{.*}} 'hotpath::ScopeGuard' 'void (const {{(hotpath::)?}}Site &) noexcept'
// PLAIN-NEXT: ImplicitCastExpr
// PLAIN-NEXT: DeclRefExpr {{.*}} '__hotpath_site'
// The user's statements follow.
// PLAIN-NEXT: DeclStmt
// PLAIN-NEXT: VarDecl {{.*}} y 'int'
// PLAIN-NOT:  AnnotateAttr

// A label: the site's name is the label, with no signature.
[[hotpath::measure("my label")]] int labelled(int x) { return x; }
// LABEL:      FunctionDecl {{.*}} labelled 'int (int)'
// LABEL:      VarDecl {{.*}} implicit referenced __hotpath_site 'hotpath::Site' static callinit
// LABEL-NEXT: CXXConstructExpr {{.*}} 'hotpath::Site'
// LABEL-NEXT: ImplicitCastExpr
// LABEL-NEXT: StringLiteral {{.*}} "my label"
// LABEL-NEXT: ImplicitCastExpr {{.*}} <NullToPointer>
// LABEL-NEXT: CXXNullPtrLiteralExpr
// LABEL:      VarDecl {{.*}} __hotpath_guard 'hotpath::ScopeGuard'
// LABEL-NOT:  AnnotateAttr

[[hotpath::measure]] constexpr int square(int x) { return x * x; }
static_assert(square(3) == 9);
// Constant evaluation never reaches the site's definition: the guard gets its
// address, null at compile time.
// CONSTEXPR:      FunctionDecl {{.*}} constexpr square 'int (int)'
// CONSTEXPR-NEXT: ParmVarDecl
// CONSTEXPR-NEXT: CompoundStmt
// CONSTEXPR-NEXT: DeclStmt
// CONSTEXPR-NEXT: VarDecl {{.*}} implicit referenced __hotpath_site_address 'const hotpath::Site *' cinit
// CONSTEXPR-NEXT: ImplicitCastExpr {{.*}} <NullToPointer>
// CONSTEXPR-NEXT: CXXNullPtrLiteralExpr
// CONSTEXPR-NEXT: IfStmt
// CONSTEXPR-NEXT: UnaryOperator {{.*}} 'bool' prefix '!'
// CONSTEXPR-NEXT: CallExpr
// CONSTEXPR-NEXT: ImplicitCastExpr
// CONSTEXPR-NEXT: DeclRefExpr {{.*}} '__builtin_is_constant_evaluated'
// CONSTEXPR-NEXT: CompoundStmt
// CONSTEXPR-NEXT: DeclStmt
// CONSTEXPR-NEXT: VarDecl {{.*}} implicit referenced __hotpath_site 'const hotpath::Site' static constexpr callinit
// CONSTEXPR:      StringLiteral {{.*}} "app::square(int)"{{$}}
// CONSTEXPR:      BinaryOperator {{.*}} 'const hotpath::Site *' lvalue '='
// CONSTEXPR-NEXT: DeclRefExpr {{.*}} '__hotpath_site_address'
// CONSTEXPR-NEXT: UnaryOperator {{.*}} prefix '&'
// CONSTEXPR-NEXT: DeclRefExpr {{.*}} '__hotpath_site'
// CONSTEXPR-NEXT: DeclStmt
// CONSTEXPR-NEXT: VarDecl {{.*}} implicit referenced __hotpath_guard 'hotpath::ConstexprScopeGuard' callinit destroyed
// CONSTEXPR-NEXT: CXXConstructExpr {{.*}} 'hotpath::ConstexprScopeGuard' 'void (const {{(hotpath::)?}}Site *) noexcept'
// CONSTEXPR-NEXT: ImplicitCastExpr {{.*}} <LValueToRValue>
// CONSTEXPR-NEXT: DeclRefExpr {{.*}} '__hotpath_site_address'
// CONSTEXPR-NEXT: ReturnStmt
// CONSTEXPR-NOT:  AnnotateAttr

struct Generator {
  struct promise_type {
    Generator get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept {}
  };
};

// A coroutine's guard is told of each suspension: the awaiter each co_await
// obtained (after await_transform and operator co_await) is wrapped.
[[hotpath::measure]] Generator generate() {
  co_await std::suspend_never{};
  co_return;
}
// CORO:      FunctionDecl {{.*}} generate '{{(app::)?}}Generator ()'
// CORO-NEXT: CoroutineBodyStmt
// CORO-NEXT: CompoundStmt
// CORO-NEXT: DeclStmt
// CORO-NEXT: VarDecl {{.*}} implicit referenced __hotpath_site 'hotpath::Site' static callinit
// CORO:      StringLiteral {{.*}} "app::generate()"{{$}}
// CORO:      DeclStmt
// CORO-NEXT: VarDecl {{.*}} implicit referenced __hotpath_guard 'hotpath::CoroutineGuard' callinit destroyed
// CORO-NEXT: CXXConstructExpr {{.*}} 'hotpath::CoroutineGuard' 'void (const {{(hotpath::)?}}Site &, bool) noexcept'
// CORO:      DeclRefExpr {{.*}} '__hotpath_site'
// CORO-NEXT: CXXBoolLiteralExpr {{.*}} true
// CORO:      CoawaitExpr
// CORO:      MaterializeTemporaryExpr {{.*}}AwaitWatcher<std::suspend_never>' lvalue
// CORO-NEXT: CallExpr
// CORO-NEXT: ImplicitCastExpr
// CORO-NEXT: DeclRefExpr {{.*}} Function {{.*}} 'watch_await'
// CORO-NEXT: DeclRefExpr {{.*}} '__hotpath_guard'
// CORO-NEXT: MaterializeTemporaryExpr {{.*}} 'std::suspend_never'{{.*}} lvalue
// CORO:      CoreturnStmt
// CORO-NOT:  AnnotateAttr

// A function-try-block: the guard goes inside the try block.
[[hotpath::measure]] int guarded(int x) try { return x; } catch (...) { return 0; }
// TRY:      FunctionDecl {{.*}} guarded 'int (int)'
// TRY-NEXT: ParmVarDecl
// TRY-NEXT: CXXTryStmt
// TRY-NEXT: CompoundStmt
// TRY-NEXT: DeclStmt
// TRY-NEXT: VarDecl {{.*}} __hotpath_site 'hotpath::Site' static
// TRY:      DeclStmt
// TRY-NEXT: VarDecl {{.*}} __hotpath_guard 'hotpath::ScopeGuard'
// TRY:      ReturnStmt
// TRY:      CXXCatchStmt

int unmeasured(int x) { return x; }
// NONE:      FunctionDecl {{.*}} unmeasured 'int (int)'
// NONE-NEXT: ParmVarDecl
// NONE-NEXT: CompoundStmt
// NONE-NEXT: ReturnStmt
// NONE-NOT:  __hotpath

}  // namespace app

[[hotpath::main("limit=0", "format=json")]] int main() {
  return app::plain(1) + app::labelled(2) + app::guarded(3) - 6;
}
// MAIN:      FunctionDecl {{.*}} main 'int ()'
// MAIN-NEXT: CompoundStmt
// MAIN-NEXT: DeclStmt
// MAIN-NEXT: VarDecl {{.*}} implicit referenced __hotpath_guard 'hotpath::MainGuard' callinit destroyed
// MAIN-NEXT: CXXConstructExpr {{.*}} 'hotpath::MainGuard' 'void (const char *, const char *, const char *, std::uint32_t)'
// MAIN-NEXT: ImplicitCastExpr
// MAIN-NEXT: StringLiteral {{.*}} "main"
// MAIN-NEXT: ImplicitCastExpr
// MAIN-NEXT: StringLiteral {{.*}} "limit=0;format=json"
// MAIN-NEXT: ImplicitCastExpr
// MAIN-NEXT: StringLiteral {{.*}} "{{.*}}ast_dump.cpp"
// MAIN-NEXT: IntegerLiteral {{.*}} 'unsigned int' [[#@LINE-14]]
// MAIN-NEXT: ReturnStmt
// MAIN-NOT:  AnnotateAttr
