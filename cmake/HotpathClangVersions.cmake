# Which Clang versions the plugin is built for. A plugin loads only into the Clang
# major version whose headers it was compiled against, so hotpath builds one per
# version: HOTPATH_CLANG_VERSIONS="14;15;16;19", or by default every supported
# version whose headers (llvm-N-dev, libclang-N-dev) and clang++ (clang-N) are
# installed. The newest, 19, is always among them: the rewriter and the plugin at the
# usual place are built against it.
#
# Sets HOTPATH_PLUGIN_CLANG_VERSIONS (ascending) and, for each version N,
# HOTPATH_CLANG_<N>_INCLUDE_DIR (its LLVM and Clang headers) and HOTPATH_CLANG_<N>_CLANGXX.

set(HOTPATH_SUPPORTED_CLANG_VERSIONS 14 15 16 19)
set(HOTPATH_CLANG_VERSIONS "" CACHE STRING
    "Clang major versions to build the plugin for (14, 15, 16, 19; empty: every one installed)")

# True in `result` when Debian's packages of Clang `version` are there.
function(_hotpath_clang_installed version result)
  set(root "/usr/lib/llvm-${version}")
  if(EXISTS "${root}/include/clang/Basic/Version.h"
     AND EXISTS "${root}/include/llvm/Config/llvm-config.h" AND EXISTS "${root}/bin/clang++")
    set(${result} TRUE PARENT_SCOPE)
  else()
    set(${result} FALSE PARENT_SCOPE)
  endif()
endfunction()

if(HOTPATH_CLANG_VERSIONS STREQUAL "")
  set(_hotpath_versions "")
  foreach(_version IN LISTS HOTPATH_SUPPORTED_CLANG_VERSIONS)
    _hotpath_clang_installed(${_version} _installed)
    if(_installed)
      list(APPEND _hotpath_versions ${_version})
    endif()
  endforeach()
else()
  set(_hotpath_versions ${HOTPATH_CLANG_VERSIONS})
endif()
if(NOT "${LLVM_VERSION_MAJOR}" IN_LIST _hotpath_versions)
  list(APPEND _hotpath_versions ${LLVM_VERSION_MAJOR})
endif()
list(REMOVE_DUPLICATES _hotpath_versions)
list(SORT _hotpath_versions COMPARE NATURAL)

foreach(_version IN LISTS _hotpath_versions)
  if(NOT _version IN_LIST HOTPATH_SUPPORTED_CLANG_VERSIONS)
    string(REPLACE ";" ", " _supported "${HOTPATH_SUPPORTED_CLANG_VERSIONS}")
    message(FATAL_ERROR "hotpath: HOTPATH_CLANG_VERSIONS has '${_version}', which is not a "
                        "Clang version hotpath supports (${_supported})")
  endif()
  _hotpath_clang_installed(${_version} _installed)
  if(NOT _installed)
    message(FATAL_ERROR "hotpath: the plugin for Clang ${_version} needs its headers and "
                        "clang++ under /usr/lib/llvm-${_version}: install the Debian packages "
                        "llvm-${_version}-dev libclang-${_version}-dev clang-${_version} "
                        "(scripts/install-deps.sh does with HOTPATH_CLANG_VERSIONS set)")
  endif()
  set(HOTPATH_CLANG_${_version}_INCLUDE_DIR "/usr/lib/llvm-${_version}/include")
  set(HOTPATH_CLANG_${_version}_CLANGXX "/usr/lib/llvm-${_version}/bin/clang++")
endforeach()
set(HOTPATH_PLUGIN_CLANG_VERSIONS ${_hotpath_versions})
string(REPLACE ";" ", " _shown "${HOTPATH_PLUGIN_CLANG_VERSIONS}")
message(STATUS "hotpath: the plugin is built for Clang ${_shown}")
