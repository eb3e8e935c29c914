# Turns the live page (INPUT) into a C++ source (OUTPUT) that defines
# hotpath::live::kLivePage: the page is served from the program's memory.
file(READ "${INPUT}" page)
string(FIND "${page}" ")hotpath_page\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw string delimiter )hotpath_page\"")
endif()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from runtime/live/web/index.html by embed_page.cmake: do not edit.\n"
  "#include \"live/live_page.hpp\"\n\n"
  "namespace hotpath::live {\n\n"
  "const char* const kLivePage = R\"hotpath_page(${page})hotpath_page\";\n\n"
  "}  // namespace hotpath::live\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
