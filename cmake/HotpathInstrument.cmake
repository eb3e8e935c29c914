# hotpath_instrument(<target> [ALLOC] [CPU] [WAIT] [MEASURE_ALL_FILES <regex>] [MIN_TOKENS <n>]
#                    [FILTER <file>]): measures the
# functions of <target> marked [[hotpath::measure]] (and the other [[hotpath::...]]
# attributes), and links hotpath::runtime; ALLOC also links hotpath::alloc
# (allocations per function), CPU hotpath::cpu (CPU samples per function, flame
# graphs), WAIT hotpath::wait (time blocked per function, by cause); MEASURE_ALL_FILES also measures every function defined in a file whose
# path matches <regex>, passed on as it is written (CMake quotes it for the build
# tool; only a `;` cannot be in it). A <regex> that starts with neither `/` nor `^/`
# is matched against the path relative to the target's SOURCE_DIR (and never
# matches a file outside it); one that does is matched against absolute paths.
# MIN_TOKENS sets measure-all's minimum body size (default 12; 0 measures every
# function). FILTER names a filter file (`hotpath filter` writes one from reports;
# a relative name is relative to the target's SOURCE_DIR): measure-all leaves out
# the functions it lists, and the target's sources are built again when it
# changes (with the plugin, a change configures again and the compile commands
# carry the file's SHA-1, which compiler caches key on). Installed next to
# hotpathConfig.cmake, which calls _hotpath_instrument_configure() with the values
# of the installation before any use.
#
#   find_package(hotpath REQUIRED)
#   add_executable(app main.cpp)
#   hotpath_instrument(app CPU)
#   hotpath_instrument(tool MEASURE_ALL_FILES "^src/" FILTER hotpath.filter)
#
# A Clang plugin loads only into the Clang it was built for. When the project's C++
# compiler is a Clang whose plugin is installed (hotpath_CLANG_VERSIONS), the target
# is compiled with that plugin. With any other compiler (g++, another Clang), each
# compile of the target runs through hotpath-cxx (its CXX_COMPILER_LAUNCHER), which
# has clang-hotpath-rewrite write instrumented copies of the compile's sources and
# headers and compiles those; an installation without the rewriter makes that a
# configure-time error. With the cache option
# HOTPATH_INSTRUMENT=OFF the target only links the runtime: the attributes are then
# ignored, and the warnings about them are turned off. The rewriter reads the
# original sources, so MEASURE_ALL_FILES, MIN_TOKENS and FILTER select the same
# functions both ways.
include_guard(GLOBAL)

# Stores the installation's values where hotpath_instrument() finds them from any
# directory of the project: PLUGIN (absolute path of hotpath.so, empty when it is not
# installed), REWRITER (absolute path of clang-hotpath-rewrite, empty when it is not
# installed), CLANGXX, CLANG_VERSION_MAJOR and RUNTIME (the target to link).
# PLUGINS lists the plugin of each Clang version installed, as VERSION=PATH.
function(_hotpath_instrument_configure)
  cmake_parse_arguments(PARSE_ARGV 0 arg ""
    "PLUGIN;REWRITER;CLANGXX;CLANG_VERSION_MAJOR;RUNTIME" "PLUGINS")
  foreach(key IN ITEMS PLUGIN REWRITER CLANGXX CLANG_VERSION_MAJOR RUNTIME)
    set_property(GLOBAL PROPERTY HOTPATH_INSTRUMENT_${key} "${arg_${key}}")
  endforeach()
  set(versions "")
  foreach(entry IN LISTS arg_PLUGINS)
    string(REPLACE "=" ";" parts "${entry}")
    list(GET parts 0 version)
    list(GET parts 1 path)
    list(APPEND versions ${version})
    set_property(GLOBAL PROPERTY HOTPATH_INSTRUMENT_PLUGIN_${version} "${path}")
  endforeach()
  set_property(GLOBAL PROPERTY HOTPATH_INSTRUMENT_PLUGIN_VERSIONS "${versions}")
endfunction()

# Turns off the C++ compiler's warnings about the [[hotpath::...]] attributes, which it
# does not know, so that they do not break builds with -Werror.
function(_hotpath_ignore_attributes target)
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
endfunction()

# Sets <out> to <text> with `>` and `,` written so that a generator expression
# passes them on as they are.
function(_hotpath_escape_genex out text)
  string(REPLACE ">" "$<ANGLE-R>" text "${text}")
  string(REPLACE "," "$<COMMA>" text "${text}")
  set("${out}" "${text}" PARENT_SCOPE)
endfunction()

function(hotpath_instrument target)
  cmake_parse_arguments(PARSE_ARGV 1 option "ALLOC;CPU;WAIT" "MEASURE_ALL_FILES;MIN_TOKENS;FILTER" "")
  if(DEFINED option_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hotpath_instrument(${target}): unexpected arguments "
                        "'${option_UNPARSED_ARGUMENTS}' (it takes one target, then ALLOC, "
                        "CPU, WAIT, MEASURE_ALL_FILES <regex>, MIN_TOKENS <n> and FILTER <file>)")
  endif()
  if("MEASURE_ALL_FILES" IN_LIST option_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "hotpath_instrument(${target}): MEASURE_ALL_FILES needs a regular "
                        "expression")
  endif()
  if("FILTER" IN_LIST option_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "hotpath_instrument(${target}): FILTER needs a file name")
  endif()
  set(measure_all_files "${option_MEASURE_ALL_FILES}")
  set(min_tokens "${option_MIN_TOKENS}")
  if("MIN_TOKENS" IN_LIST option_KEYWORDS_MISSING_VALUES OR
     (DEFINED option_MIN_TOKENS AND NOT min_tokens MATCHES "^[0-9]+$"))
    message(FATAL_ERROR "hotpath_instrument(${target}): MIN_TOKENS needs a whole number of "
                        "tokens (0 measures every function), not '${min_tokens}'")
  endif()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "hotpath_instrument(${target}): there is no target named '${target}'")
  endif()
  get_target_property(target_source_dir "${target}" SOURCE_DIR)
  set(filter "")
  if(DEFINED option_FILTER)
    cmake_path(ABSOLUTE_PATH option_FILTER BASE_DIRECTORY "${target_source_dir}" NORMALIZE
      OUTPUT_VARIABLE filter)
  endif()
  get_target_property(type "${target}" TYPE)
  get_target_property(imported "${target}" IMPORTED)
  if(imported OR type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
    message(FATAL_ERROR "hotpath_instrument(${target}): '${target}' compiles no sources "
                        "of its own (${type}); instrument the targets that compile them")
  endif()
  foreach(key IN ITEMS PLUGIN REWRITER CLANGXX CLANG_VERSION_MAJOR RUNTIME)
    get_property(${key} GLOBAL PROPERTY HOTPATH_INSTRUMENT_${key})
  endforeach()

  # The optional libraries come first on the link line: hotpath-alloc's operator
  # new must be found before the standard library's.
  foreach(feature IN ITEMS ALLOC CPU WAIT)
    if(option_${feature})
      string(TOLOWER "${feature}" library)
      if(NOT TARGET hotpath::${library})
        message(FATAL_ERROR "hotpath_instrument(${target} ${feature}): this installation of "
                            "hotpath has no hotpath::${library} (it was built with sanitizers)")
      endif()
      target_link_libraries("${target}" PRIVATE hotpath::${library})
    endif()
  endforeach()
  target_link_libraries("${target}" PRIVATE "${RUNTIME}")

  if(DEFINED HOTPATH_INSTRUMENT AND NOT HOTPATH_INSTRUMENT)
    _hotpath_ignore_attributes("${target}")
    return()
  endif()
  # Only a build that measures reads the filter.
  if(NOT filter STREQUAL "" AND (NOT EXISTS "${filter}" OR IS_DIRECTORY "${filter}"))
    message(FATAL_ERROR "hotpath_instrument(${target}): FILTER file '${filter}' does not "
                        "exist (`hotpath filter report.json -o <file>` writes one)")
  endif()

  if(NOT CMAKE_CXX_COMPILER_ID)
    message(FATAL_ERROR "hotpath_instrument(${target}): the C++ language is not "
                        "enabled in this project")
  endif()
  set(compiler "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} (${CMAKE_CXX_COMPILER})")

  # A plugin loads into the Clang of its major version only: the one of the
  # compiler's version, if installed. clang-cl takes MSVC's options, not -fplugin=.
  get_property(plugin_versions GLOBAL PROPERTY HOTPATH_INSTRUMENT_PLUGIN_VERSIONS)
  # "14, 16 or 19", for the messages.
  set(last_version "")
  if(NOT plugin_versions STREQUAL "")
    list(POP_BACK plugin_versions last_version)
  endif()
  list(JOIN plugin_versions ", " plugin_versions)
  if(plugin_versions STREQUAL "")
    set(plugin_versions "${last_version}")
  else()
    string(APPEND plugin_versions " or ${last_version}")
  endif()
  set(compiler_plugin "")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang"
     AND (NOT CMAKE_CXX_COMPILER_FRONTEND_VARIANT OR
          CMAKE_CXX_COMPILER_FRONTEND_VARIANT STREQUAL "GNU"))
    string(REGEX MATCH "^[0-9]+" compiler_major "${CMAKE_CXX_COMPILER_VERSION}")
    get_property(compiler_plugin GLOBAL PROPERTY HOTPATH_INSTRUMENT_PLUGIN_${compiler_major})
  endif()
  if(NOT "${compiler_plugin}" STREQUAL "")
    # SHELL: keeps "-include <header>" together (compile options are de-duplicated).
    target_compile_options("${target}" PRIVATE
      "$<$<COMPILE_LANGUAGE:CXX>:-fplugin=${compiler_plugin}>"
      "$<$<COMPILE_LANGUAGE:CXX>:SHELL:-include hotpath/hotpath.hpp>")
    if(NOT measure_all_files STREQUAL "")
      _hotpath_escape_genex(pattern "${measure_all_files}")
      _hotpath_escape_genex(root "${target_source_dir}")
      target_compile_options("${target}" PRIVATE
        "$<$<COMPILE_LANGUAGE:CXX>:-fplugin-arg-hotpath-measure-all-files=${pattern}>"
        "$<$<COMPILE_LANGUAGE:CXX>:-fplugin-arg-hotpath-measure-all-root=${root}>")
    endif()
    if(NOT min_tokens STREQUAL "")
      target_compile_options("${target}" PRIVATE
        "$<$<COMPILE_LANGUAGE:CXX>:-fplugin-arg-hotpath-min-tokens=${min_tokens}>")
    endif()
    if(NOT filter STREQUAL "")
      # The file's SHA-1 on the command line: a changed filter is a changed command,
      # which the build tool compiles again and a compiler cache (ccache) does not
      # answer from an old entry. A change of the file configures the build again.
      file(SHA1 "${filter}" digest)
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${filter}")
      _hotpath_escape_genex(filter_option "${filter}")
      target_compile_options("${target}" PRIVATE
        "$<$<COMPILE_LANGUAGE:CXX>:-fplugin-arg-hotpath-filter=${filter_option}>"
        "$<$<COMPILE_LANGUAGE:CXX>:-fplugin-arg-hotpath-filter-digest=${digest}>")
    endif()
    return()
  endif()

  if(REWRITER STREQUAL "")
    if(PLUGIN STREQUAL "")
      message(FATAL_ERROR
        "hotpath_instrument(${target}): this installation of hotpath is runtime-only: "
        "it has neither the Clang plugin nor clang-hotpath-rewrite. Install a full "
        "build of hotpath, or configure with -DHOTPATH_INSTRUMENT=OFF to build without "
        "measuring.")
    endif()
    message(FATAL_ERROR
      "hotpath_instrument(${target}): the hotpath Clang plugin needs Clang "
      "${plugin_versions}, the compilers it was built for, but the C++ compiler of "
      "this project is ${compiler}, and this installation of hotpath has no "
      "clang-hotpath-rewrite to instrument the sources for other compilers.\n"
      "Select that Clang when configuring a new build directory:\n"
      "  cmake -DCMAKE_CXX_COMPILER=${CLANGXX} ...\n"
      "or configure with -DHOTPATH_INSTRUMENT=OFF to build without measuring.")
  endif()
  cmake_path(GET REWRITER PARENT_PATH rewriter_dir)
  set(launcher "${rewriter_dir}/hotpath-cxx")
  if(NOT EXISTS "${launcher}")
    message(FATAL_ERROR
      "hotpath_instrument(${target}): with ${compiler}, which the hotpath Clang plugin "
      "cannot load into, the sources are instrumented by hotpath-cxx, which this "
      "installation of hotpath lacks (${launcher}); install all of hotpath's components")
  endif()
  # Each compile of the target runs through hotpath-cxx, which rewrites its sources
  # (and the headers that get guards) with the compile's own flags, then compiles
  # the copies: the same functions as with the plugin.
  set(options "")
  if(NOT measure_all_files STREQUAL "")
    list(APPEND options "--hotpath-measure-all=${measure_all_files}"
      "--hotpath-measure-all-root=${target_source_dir}")
  endif()
  if(NOT min_tokens STREQUAL "")
    list(APPEND options "--hotpath-min-tokens=${min_tokens}")
  endif()
  if(NOT filter STREQUAL "")
    # As with the plugin: a changed filter configures again and changes the
    # commands, so that the sources are compiled again.
    file(SHA1 "${filter}" digest)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${filter}")
    list(APPEND options "--hotpath-filter=${filter}" "--hotpath-filter-digest=${digest}")
  endif()
  # A launcher the target already has (ccache) runs the compiler under hotpath-cxx.
  get_target_property(previous "${target}" CXX_COMPILER_LAUNCHER)
  if(NOT previous)
    set(previous "")
  endif()
  set_property(TARGET "${target}" PROPERTY CXX_COMPILER_LAUNCHER
    "${launcher}" ${options} ${previous})
  message(STATUS "hotpath: ${target} is instrumented through clang-hotpath-rewrite, "
                 "which hotpath-cxx runs at each compile, because the C++ compiler is "
                 "${compiler}, which the plugin cannot load into (it is installed for "
                 "Clang ${plugin_versions}); functions defined in headers are measured "
                 "as with the plugin")
  # The attributes g++ 12 and later accept once hotpath-cxx's header is included;
  # older compilers need the switch.
  _hotpath_ignore_attributes("${target}")
endfunction()
