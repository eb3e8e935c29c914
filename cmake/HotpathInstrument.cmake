# hotpath_instrument(<target>): compiles <target> with the hotpath Clang plugin, so
# that functions marked [[hotpath::measure]] (and the other [[hotpath::...]]
# attributes) are measured, and links hotpath::runtime. Installed next to
# hotpathConfig.cmake, which calls _hotpath_instrument_configure() with the values of
# the installation before any use.
#
#   find_package(hotpath REQUIRED)
#   add_executable(app main.cpp)
#   hotpath_instrument(app)
#
# The plugin loads only into the Clang it was built for, so the project's C++
# compiler must be that Clang (hotpath_CLANGXX); any other compiler is a
# configure-time error that says which compiler to select. With the cache option
# HOTPATH_INSTRUMENT=OFF the target only links the runtime: the attributes are then
# ignored, and the warnings about them are turned off.
include_guard(GLOBAL)

# Stores the installation's values where hotpath_instrument() finds them from any
# directory of the project: PLUGIN (absolute path of hotpath.so, empty when it is not
# installed), CLANGXX, CLANG_VERSION_MAJOR and RUNTIME (the target to link).
function(_hotpath_instrument_configure)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "PLUGIN;CLANGXX;CLANG_VERSION_MAJOR;RUNTIME" "")
  foreach(key IN ITEMS PLUGIN CLANGXX CLANG_VERSION_MAJOR RUNTIME)
    set_property(GLOBAL PROPERTY HOTPATH_INSTRUMENT_${key} "${arg_${key}}")
  endforeach()
endfunction()

function(hotpath_instrument target)
  if(NOT ARGC EQUAL 1)
    message(FATAL_ERROR "hotpath_instrument() takes exactly one target, got: ${ARGV}")
  endif()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "hotpath_instrument(${target}): there is no target named '${target}'")
  endif()
  get_target_property(type "${target}" TYPE)
  get_target_property(imported "${target}" IMPORTED)
  if(imported OR type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
    message(FATAL_ERROR "hotpath_instrument(${target}): '${target}' compiles no sources "
                        "of its own (${type}); instrument the targets that compile them")
  endif()
  foreach(key IN ITEMS PLUGIN CLANGXX CLANG_VERSION_MAJOR RUNTIME)
    get_property(${key} GLOBAL PROPERTY HOTPATH_INSTRUMENT_${key})
  endforeach()

  target_link_libraries("${target}" PRIVATE "${RUNTIME}")

  if(DEFINED HOTPATH_INSTRUMENT AND NOT HOTPATH_INSTRUMENT)
    # Not instrumented: the attributes are unknown to the compiler, and must not
    # break builds with -Werror.
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
      target_compile_options("${target}" PRIVATE
        "$<$<COMPILE_LANGUAGE:CXX>:-Wno-unknown-attributes>")
    elseif(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      # -Wno-attributes=<namespace>:: exists since GCC 12; older ones only have the
      # switch for every attribute. (GCC still warns about attributes on namespaces.)
      if(CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12)
        set(flag "-Wno-attributes=hotpath::")
      else()
        set(flag "-Wno-attributes")
      endif()
      target_compile_options("${target}" PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${flag}>")
    endif()
    return()
  endif()

  if(PLUGIN STREQUAL "")
    message(FATAL_ERROR
      "hotpath_instrument(${target}): this installation of hotpath has no Clang plugin "
      "(it was built with HOTPATH_RUNTIME_ONLY). Install a full build of hotpath, or "
      "configure with -DHOTPATH_INSTRUMENT=OFF to build without measuring.")
  endif()

  set(required "Clang ${CLANG_VERSION_MAJOR}")
  if(NOT CMAKE_CXX_COMPILER_ID)
    set(found "none (the C++ language is not enabled in this project)")
  else()
    set(found "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} (${CMAKE_CXX_COMPILER})")
  endif()
  set(next_major "${CLANG_VERSION_MAJOR}")
  math(EXPR next_major "${next_major} + 1")
  # clang-cl takes MSVC's options, not -fplugin=.
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang"
     OR CMAKE_CXX_COMPILER_VERSION VERSION_LESS "${CLANG_VERSION_MAJOR}"
     OR NOT CMAKE_CXX_COMPILER_VERSION VERSION_LESS "${next_major}"
     OR (CMAKE_CXX_COMPILER_FRONTEND_VARIANT AND
         NOT CMAKE_CXX_COMPILER_FRONTEND_VARIANT STREQUAL "GNU"))
    message(FATAL_ERROR
      "hotpath_instrument(${target}): the hotpath Clang plugin needs ${required}, the "
      "compiler it was built for, but the C++ compiler of this project is ${found}.\n"
      "Select that Clang when configuring a new build directory:\n"
      "  cmake -DCMAKE_CXX_COMPILER=${CLANGXX} ...\n"
      "or configure with -DHOTPATH_INSTRUMENT=OFF to build without measuring.")
  endif()

  # SHELL: keeps "-include <header>" together (compile options are de-duplicated).
  target_compile_options("${target}" PRIVATE
    "$<$<COMPILE_LANGUAGE:CXX>:-fplugin=${PLUGIN}>"
    "$<$<COMPILE_LANGUAGE:CXX>:SHELL:-include hotpath/hotpath.hpp>")
endfunction()
