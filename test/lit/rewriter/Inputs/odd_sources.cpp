// Odd but valid C++ for the rewriter (see odd_sources.cpp): a raw string that looks
// like code, digraphs, line continuations, comments with braces, a #line directive,
// an attribute through a macro and a body written by a macro. Its layout is the test:
// clang-format off
#include <cstdio>
#include <cstring>

#define MEASURED [[hotpath::measure]]
#define DEFINE_GETTER(name, value) \
  [[hotpath::measure]] int name() { return value; }

namespace odd {

// A raw string with braces, quotes and what looks like an attribute.
MEASURED const char* raw() {
  return R"x(int f() { return 1; } [[hotpath::measure]] "}" {)x";
}

// Digraphs for the braces of the body.
[[hotpath::measure]] int digraphs() <%
  int values<:2:> = {1, 2};
  return values<:0:> + values<:1:>;
%>

// A line continuation inside the declarator and the body.
[[hotpath::measure]] int contin\
ued(int x) {
  return x * \
         2;
}

DEFINE_GETTER(from_macro, 7)

// Comments with braces: { } and a string "{" before the body's brace.
[[hotpath::measure]] int comments(/* { */ int x /* } */) /* { */ {
  const char* s = "{";  // }
  return x + static_cast<int>(std::strlen(s));
}

#line 200 "renamed.cpp"
[[hotpath::measure]] int after_line_directive() { return __LINE__; }

}  // namespace odd

int main() {
  int sum = odd::digraphs() + odd::continued(2) + odd::from_macro() + odd::comments(1);
  std::printf("%s %d %d\n", odd::raw(), sum, odd::after_line_directive());
  return 0;
}
