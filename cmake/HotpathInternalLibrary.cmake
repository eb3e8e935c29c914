# hotpath_internal_library(<name> <sources>...): a static library of the project's
# own, linked into its shared libraries (the runtime, hotpath-cpu) and its tools:
# position-independent code, hidden symbols (nothing of it is exported by the shared
# libraries), the project's warnings, and its folder as the public include path.
function(hotpath_internal_library name)
  add_library(${name} STATIC ${ARGN})
  set_target_properties(${name} PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_compile_options(${name} PRIVATE -Wall -Wextra -Wshadow -pedantic)
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
endfunction()
