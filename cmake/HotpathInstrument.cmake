# hotpath_instrument(<target> [ALLOC] [CPU] [MEASURE_ALL_FILES <regex>] [MIN_TOKENS <n>]
#                    [FILTER <file>]): measures the
# functions of <target> marked [[hotpath::measure]] (and the other [[hotpath::...]]
# attributes), and links hotpath::runtime; ALLOC also links hotpath::alloc
# (allocations per function), CPU hotpath::cpu (CPU samples per function, flame
# graphs); MEASURE_ALL_FILES also measures every function defined in a file whose
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
# is compiled with that plugin. With any other compiler (g++, another Clang),
# clang-hotpath-rewrite writes an instrumented copy of each C++ source of the target
# into the build tree at build time, and the copies are compiled instead of the
# sources; an installation without
# the rewriter makes that a configure-time error. With the cache option
# HOTPATH_INSTRUMENT=OFF the target only links the runtime: the attributes are then
# ignored, and the warnings about them are turned off. The rewriter reads the
# original sources, so MEASURE_ALL_FILES, MIN_TOKENS and FILTER select the same
# functions both ways.
include_guard(GLOBAL)

# The rewriter's depfiles name each copy by its absolute path, where Ninja knows it by
# a path relative to the build directory. With NEW, CMake rewrites the depfiles into
# Ninja's paths; with OLD, Ninja would take them for another output's and rewrite on
# every build. (Functions keep the policies in effect where they are defined, and
# include() limits this setting to this file.)
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW)
endif()

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

# Sets <out> to a generator expression giving the -std= option that <target> is
# compiled with, chosen as CMake does: the highest of its CXX_STANDARD (without one,
# the compiler's default) and of the cxx_std_NN features it requires, also through
# linked targets; gnu++NN unless CXX_EXTENSIONS is off. Empty when nothing is known:
# the rewriter's Clang then uses its own default.
function(_hotpath_std_option out target)
  set(standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(standard "$<IF:$<BOOL:${standard}>,${standard},${CMAKE_CXX_STANDARD_DEFAULT}>")
  set(features "$<TARGET_PROPERTY:${target},COMPILE_FEATURES>")
  # CMAKE_CXX_EXTENSIONS_DEFAULT exists since CMake 3.22; extensions were on before.
  set(extensions "$<TARGET_PROPERTY:${target},CXX_EXTENSIONS>")
  if(DEFINED CMAKE_CXX_EXTENSIONS_DEFAULT)
    set(extensions_default "${CMAKE_CXX_EXTENSIONS_DEFAULT}")
  else()
    set(extensions_default ON)
  endif()
  set(extensions "$<IF:$<STREQUAL:${extensions},>,${extensions_default},${extensions}>")
  set(dialect "$<IF:$<BOOL:${extensions}>,gnu++,c++>")
  set(option "")
  # From the oldest standard to the newest: each one found wins over the older ones.
  foreach(version IN ITEMS 98 11 14 17 20 23 26)
    set(found "$<OR:$<STREQUAL:${standard},${version}>,$<IN_LIST:cxx_std_${version},${features}>>")
    set(option "$<IF:${found},-std=${dialect}${version},${option}>")
  endforeach()
  set("${out}" "${option}" PARENT_SCOPE)
endfunction()

# Sets <out> to <text> with `>` and `,` written so that a generator expression
# passes them on as they are.
function(_hotpath_escape_genex out text)
  string(REPLACE ">" "$<ANGLE-R>" text "${text}")
  string(REPLACE "," "$<COMMA>" text "${text}")
  set("${out}" "${text}" PARENT_SCOPE)
endfunction()

# Replaces each C++ source of <target> with an instrumented copy that
# clang-hotpath-rewrite writes at build time under
# ${CMAKE_CURRENT_BINARY_DIR}/hotpath-rewrite/<target>/. Runs at the end of the
# target's directory, so that it also sees the sources added after hotpath_instrument().
function(_hotpath_rewrite_sources target)
  get_property(rewriter GLOBAL PROPERTY HOTPATH_INSTRUMENT_REWRITER)
  get_target_property(sources "${target}" SOURCES)
  get_target_property(source_dir "${target}" SOURCE_DIR)
  set(output_root "${CMAKE_CURRENT_BINARY_DIR}/hotpath-rewrite/${target}")

  # The rewriter parses with its own Clang: it gets only the options every compiler
  # shares, not the target's compile options (which may be g++'s).
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defines "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  _hotpath_std_option(std "${target}")
  get_target_property(measure_all_files "${target}" HOTPATH_MEASURE_ALL_FILES)
  get_target_property(min_tokens "${target}" HOTPATH_MIN_TOKENS)
  get_target_property(filter "${target}" HOTPATH_FILTER)
  set(measure_all "")
  if(measure_all_files)
    set(measure_all "--measure-all=${measure_all_files}" "--measure-all-root=${source_dir}")
  endif()
  if(NOT min_tokens STREQUAL "")
    list(APPEND measure_all "--min-tokens=${min_tokens}")
  endif()
  if(filter)
    list(APPEND measure_all "--filter=${filter}")
  endif()

  set(rewritten_sources "")
  foreach(entry IN LISTS sources)
    # Generator expressions are only known at generate time: left as they are.
    if(entry MATCHES "\\$<")
      list(APPEND rewritten_sources "${entry}")
      continue()
    endif()
    cmake_path(ABSOLUTE_PATH entry BASE_DIRECTORY "${source_dir}" NORMALIZE
      OUTPUT_VARIABLE source)
    get_source_file_property(language "${source}" LANGUAGE)
    get_source_file_property(header_only "${source}" HEADER_FILE_ONLY)
    if(language STREQUAL "NOTFOUND")
      if(source MATCHES "\\.(cpp|cc|cxx|C|c\\+\\+)$")
        set(language CXX)
      endif()
    endif()
    if(NOT language STREQUAL "CXX" OR header_only)
      list(APPEND rewritten_sources "${entry}")
      continue()
    endif()

    # The copies mirror the sources' places in the project, so that sources of the
    # same name stay apart; a source outside the project goes to a directory named
    # after a hash of its own.
    cmake_path(GET source PARENT_PATH directory)
    file(RELATIVE_PATH shown "${CMAKE_CURRENT_SOURCE_DIR}" "${source}")
    if(IS_ABSOLUTE "${shown}" OR shown MATCHES "^\\.\\./")
      string(SHA1 hash "${directory}")
      string(SUBSTRING "${hash}" 0 12 hash)
      cmake_path(GET source FILENAME name)
      set(copy "${output_root}/${hash}/${name}")
      set(shown "${source}")
    else()
      set(copy "${output_root}/${shown}")
    endif()
    cmake_path(GET copy PARENT_PATH output_dir)

    add_custom_command(
      OUTPUT "${copy}"
      COMMAND "${rewriter}" --quiet "--output-dir=${output_dir}" "--depfile=${copy}.d"
        ${measure_all} "${source}" --
        "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
        "$<$<BOOL:${defines}>:-D$<JOIN:${defines},;-D>>"
        "${std}"
      # The depfile adds the headers the source includes; the rewriter itself is
      # here so that a new version of hotpath rewrites everything again, and the
      # filter file so that a new filter does.
      DEPENDS "${source}" "${rewriter}" ${filter}
      DEPFILE "${copy}.d"
      COMMENT "Instrumenting ${shown} with clang-hotpath-rewrite"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    # The copy is compiled from the build tree: its #include "..." must still find
    # the files next to the source. GCC and Clang both take -iquote<dir> as one word,
    # which no removal of duplicate options can split.
    set_source_files_properties("${copy}" PROPERTIES COMPILE_OPTIONS "-iquote${directory}")
    list(APPEND rewritten_sources "${copy}")
  endforeach()
  set_property(TARGET "${target}" PROPERTY SOURCES "${rewritten_sources}")
endfunction()

function(hotpath_instrument target)
  cmake_parse_arguments(PARSE_ARGV 1 option "ALLOC;CPU" "MEASURE_ALL_FILES;MIN_TOKENS;FILTER" "")
  if(DEFINED option_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hotpath_instrument(${target}): unexpected arguments "
                        "'${option_UNPARSED_ARGUMENTS}' (it takes one target, then ALLOC, "
                        "CPU, MEASURE_ALL_FILES <regex>, MIN_TOKENS <n> and FILTER <file>)")
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
  foreach(feature IN ITEMS ALLOC CPU)
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
  # DEPFILE with Makefile generators, and CMP0116, came with CMake 3.20.
  if(CMAKE_VERSION VERSION_LESS 3.20)
    message(FATAL_ERROR
      "hotpath_instrument(${target}): with ${compiler}, which the hotpath Clang plugin "
      "cannot load into, the sources are instrumented by clang-hotpath-rewrite, which "
      "needs CMake 3.20 or later; this is CMake ${CMAKE_VERSION}.")
  endif()
  get_target_property(target_dir "${target}" SOURCE_DIR)
  if(NOT target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    # The copies are outputs of custom commands, which only the targets of the same
    # directory can compile with every generator.
    message(FATAL_ERROR
      "hotpath_instrument(${target}): call it in ${target_dir}, the directory that "
      "defines '${target}': with ${compiler} its sources are instrumented by "
      "clang-hotpath-rewrite, in that directory")
  endif()
  get_target_property(scheduled "${target}" HOTPATH_REWRITE_SCHEDULED)
  if(scheduled)
    return()
  endif()
  set_property(TARGET "${target}" PROPERTY HOTPATH_REWRITE_SCHEDULED TRUE)
  set_property(TARGET "${target}" PROPERTY HOTPATH_MEASURE_ALL_FILES "${measure_all_files}")
  set_property(TARGET "${target}" PROPERTY HOTPATH_MIN_TOKENS "${min_tokens}")
  set_property(TARGET "${target}" PROPERTY HOTPATH_FILTER "${filter}")

  message(STATUS "hotpath: ${target} is instrumented through clang-hotpath-rewrite "
                 "because the C++ compiler is ${compiler}, which the plugin cannot load "
                 "into (it is installed for Clang ${plugin_versions}); functions defined "
                 "in headers (inline functions, templates) are measured only with the "
                 "plugin's Clang (${CLANGXX})")
  # The copies keep the attributes, which the compiler does not know.
  _hotpath_ignore_attributes("${target}")
  # The brackets pass the name itself: a deferred call reads variables only when it runs.
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _hotpath_rewrite_sources [[${target}]])")
endfunction()
