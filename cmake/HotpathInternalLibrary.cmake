# hotpath_internal_library(<name> [INCLUDE_ROOT <dir>] <sources>...): a static library
# of the project's own, linked into its shared libraries (the runtime, hotpath-cpu)
# and its tools: position-independent code, hidden symbols (nothing of it is exported
# by the shared libraries), the project's warnings, and a public include path: its
# folder, or INCLUDE_ROOT for a library whose headers are named by their path under
# that folder (the runtime's, "sample_log/stack_folding.hpp").
function(hotpath_internal_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "INCLUDE_ROOT" "")
  if(NOT arg_INCLUDE_ROOT)
    set(arg_INCLUDE_ROOT ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  add_library(${name} STATIC ${arg_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_compile_options(${name} PRIVATE -Wall -Wextra -Wshadow -pedantic)
  target_include_directories(${name} PUBLIC ${arg_INCLUDE_ROOT})
endfunction()
