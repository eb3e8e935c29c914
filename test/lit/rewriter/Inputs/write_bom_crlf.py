"""Writes the source of bom_crlf.cpp: a byte order mark, then CR LF line endings."""
import sys

LINES = [
    "#include <hotpath/hotpath.hpp>",
    "namespace app {",
    "template <typename T, typename Tag = void> struct Box { T value; };",
    "[[hotpath::measure]] int first() { return 1; }",
    "[[hotpath::measure]] int second(Box<int> box) { return box.value; }",
    "}  // namespace app",
    "int main() { return app::first() + app::second({2}) == 3 ? 0 : 1; }",
]

with open(sys.argv[1], "wb") as source:
    source.write(b"\xef\xbb\xbf" + "".join(line + "\r\n" for line in LINES).encode())
