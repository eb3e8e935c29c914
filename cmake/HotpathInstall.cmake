# What `cmake --install <build> --prefix P` puts into P: the public headers, libhotpath,
# libhotpath-alloc and libhotpath-cpu, the `hotpath` command, the CMake package
# (`find_package(hotpath)` -> `hotpath::runtime`, `hotpath::alloc`, `hotpath::cpu`,
# `hotpath_instrument()`), the pkg-config files P/lib/pkgconfig/hotpath-runtime.pc
# (runtime alone), hotpath-alloc.pc (allocation tracking), hotpath-cpu.pc (CPU
# sampling) and hotpath.pc (code instrumented by the plugin; not in runtime-only
# builds), the Clang plugin P/lib/hotpath/hotpath.so and clang-hotpath-rewrite when
# they are built, and for each older Clang version N the plugin is built for,
# P/lib/hotpath/clang-N/hotpath.so and hotpath-clang-N.pc (hotpath-clang-19.pc too).
# Included at the end of the top-level CMakeLists.txt, after every target is defined.
include(CMakePackageConfigHelpers)

set(HOTPATH_CMAKE_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/hotpath")
# The plugin's place is part of the pkg-config contract (`plugin` variable):
# ${libdir}/hotpath/hotpath.so. The plugin target must therefore be named
# hotpath_plugin and produce hotpath.so (MODULE library, PREFIX "", OUTPUT_NAME hotpath).
set(HOTPATH_PLUGIN_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}/hotpath")
set(HOTPATH_PLUGIN_INSTALL_PATH "${HOTPATH_PLUGIN_INSTALL_DIR}/hotpath.so")
# hotpath_instrument() runs the rewriter from here for compilers the plugin cannot
# load into.
set(HOTPATH_REWRITER_INSTALL_PATH
  "${CMAKE_INSTALL_BINDIR}/clang-hotpath-rewrite${CMAKE_EXECUTABLE_SUFFIX}")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/hotpath"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
  COMPONENT hotpath_development
  FILES_MATCHING PATTERN "*.hpp")

install(TARGETS hotpath_runtime EXPORT hotpathTargets
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
    COMPONENT hotpath_runtime
    NAMELINK_COMPONENT hotpath_development
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT hotpath_development
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT hotpath_runtime)

# Allocation tracking is part of the runtime component: the exported targets must
# exist in every installation that has hotpathTargets.cmake. Not built with sanitizers.
foreach(optional_library IN ITEMS hotpath_alloc hotpath_cpu hotpath_wait)
  if(TARGET ${optional_library})
    install(TARGETS ${optional_library} EXPORT hotpathTargets
      LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
        COMPONENT hotpath_runtime
        NAMELINK_COMPONENT hotpath_development)
  endif()
endforeach()

# Live metrics: a module libhotpath loads from its own directory.
if(TARGET hotpath_live)
  install(TARGETS hotpath_live
    LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT hotpath_runtime)
endif()

# The front ends install here when their targets exist, so that every install
# location is decided in this one file.
if(TARGET hotpath_plugin)
  install(TARGETS hotpath_plugin
    LIBRARY DESTINATION "${HOTPATH_PLUGIN_INSTALL_DIR}" COMPONENT hotpath_plugin)
endif()
# The plugins of the older Clang versions, each in a directory of its own.
foreach(version IN LISTS HOTPATH_PLUGIN_CLANG_VERSIONS)
  if(TARGET hotpath_plugin_clang${version})
    install(TARGETS hotpath_plugin_clang${version}
      LIBRARY DESTINATION "${HOTPATH_PLUGIN_INSTALL_DIR}/clang-${version}"
      COMPONENT hotpath_plugin)
  endif()
endforeach()
if(TARGET clang-hotpath-rewrite)
  install(TARGETS clang-hotpath-rewrite
    RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT hotpath_rewriter)
endif()
if(TARGET hotpath)
  install(TARGETS hotpath RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT hotpath_cli)
endif()
# hotpath-cxx, and the names that stand in for a compiler (links to it).
if(TARGET hotpath-cxx)
  install(TARGETS hotpath-cxx RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
    COMPONENT hotpath_rewriter)
  foreach(name IN LISTS HOTPATH_COMPILER_NAMES)
    install(CODE "file(CREATE_LINK hotpath-cxx
        \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/${name}\" SYMBOLIC)"
      COMPONENT hotpath_rewriter)
  endforeach()
endif()

install(EXPORT hotpathTargets
  NAMESPACE hotpath::
  FILE hotpathTargets.cmake
  DESTINATION "${HOTPATH_CMAKE_INSTALL_DIR}"
  COMPONENT hotpath_development)

# HOTPATH_CLANGXX and the Clang version are only known when the plugin is built (not
# in runtime-only builds).
# For each Clang version with a plugin, VERSION=CLANGXX=PLUGIN (PLUGIN relative to the
# prefix), in hotpathConfig.cmake and in the pkg-config files.
set(HOTPATH_CONFIG_PLUGINS "")
if(TARGET hotpath_plugin)
  set(HOTPATH_CONFIG_CLANGXX "${HOTPATH_CLANGXX}")
  set(HOTPATH_CONFIG_CLANG_VERSION_MAJOR "${LLVM_VERSION_MAJOR}")
  foreach(version IN LISTS HOTPATH_PLUGIN_CLANG_VERSIONS)
    if(version EQUAL LLVM_VERSION_MAJOR)
      list(APPEND HOTPATH_CONFIG_PLUGINS "${version}=${HOTPATH_CLANGXX}=${HOTPATH_PLUGIN_INSTALL_PATH}")
    else()
      list(APPEND HOTPATH_CONFIG_PLUGINS
        "${version}=${HOTPATH_CLANG_${version}_CLANGXX}=${HOTPATH_PLUGIN_INSTALL_DIR}/clang-${version}/hotpath.so")
    endif()
  endforeach()
else()
  set(HOTPATH_CONFIG_CLANGXX "")
  set(HOTPATH_CONFIG_CLANG_VERSION_MAJOR "")
endif()

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/hotpathConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cmake/hotpathConfig.cmake"
  INSTALL_DESTINATION "${HOTPATH_CMAKE_INSTALL_DIR}"
  PATH_VARS HOTPATH_PLUGIN_INSTALL_PATH HOTPATH_REWRITER_INSTALL_PATH)
# 0.x releases may break compatibility between minor versions.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/cmake/hotpathConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/cmake/hotpathConfig.cmake"
  "${PROJECT_BINARY_DIR}/cmake/hotpathConfigVersion.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/HotpathInstrument.cmake"
  DESTINATION "${HOTPATH_CMAKE_INSTALL_DIR}"
  COMPONENT hotpath_development)

# The .pc files are written at install time, when the real prefix (`--prefix P`) is
# known, so that every path in them is absolute and clean: `pkg-config --variable=plugin
# hotpath` is pasted into -fplugin= by users and scripts. The templates are read from
# the source tree; the values known now are baked into the install script. ${libdir}
# stays a pkg-config variable; the plugin's place is relative to it.
set(HOTPATH_PC_FILES hotpath-runtime)
if(TARGET hotpath_alloc)
  list(APPEND HOTPATH_PC_FILES hotpath-alloc)
endif()
if(TARGET hotpath_cpu)
  list(APPEND HOTPATH_PC_FILES hotpath-cpu)
endif()
if(TARGET hotpath_wait)
  list(APPEND HOTPATH_PC_FILES hotpath-wait)
endif()
if(TARGET hotpath_plugin)
  list(APPEND HOTPATH_PC_FILES hotpath)
endif()
file(RELATIVE_PATH HOTPATH_PC_PLUGIN_IN_LIBDIR
  "/${CMAKE_INSTALL_LIBDIR}" "/${HOTPATH_PLUGIN_INSTALL_PATH}")
# hotpath-clang-N.pc for each Clang version with a plugin: hotpath.pc with that
# version's plugin and clang++ (hotpath.pc has the newest's).
set(HOTPATH_PC_CLANG_FILES_CODE "")
foreach(entry IN LISTS HOTPATH_CONFIG_PLUGINS)
  string(REPLACE "=" ";" parts "${entry}")
  list(GET parts 0 version)
  list(GET parts 1 clangxx)
  list(GET parts 2 plugin_path)
  file(RELATIVE_PATH in_libdir "/${CMAKE_INSTALL_LIBDIR}" "/${plugin_path}")
  string(APPEND HOTPATH_PC_CLANG_FILES_CODE "
  set(HOTPATH_PC_CLANGXX \"${clangxx}\")
  set(HOTPATH_PC_PLUGIN_IN_LIBDIR \"${in_libdir}\")
  set(HOTPATH_PC_FILE \"\$ENV{DESTDIR}\${HOTPATH_PC_LIBDIR}/pkgconfig/hotpath-clang-${version}.pc\")
  message(STATUS \"Installing: \${HOTPATH_PC_FILE}\")
  configure_file(\"${CMAKE_CURRENT_LIST_DIR}/hotpath.pc.in\" \"\${HOTPATH_PC_FILE}\" @ONLY)
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${HOTPATH_PC_FILE}\")")
endforeach()
install(CODE "
  set(HOTPATH_PC_VERSION \"${PROJECT_VERSION}\")
  set(HOTPATH_PC_CLANGXX \"${HOTPATH_CONFIG_CLANGXX}\")
  set(HOTPATH_PC_PLUGIN_IN_LIBDIR \"${HOTPATH_PC_PLUGIN_IN_LIBDIR}\")
  set(HOTPATH_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  cmake_path(ABSOLUTE_PATH HOTPATH_PC_PREFIX NORMALIZE)
  string(REGEX REPLACE \"(.)/$\" \"\\\\1\" HOTPATH_PC_PREFIX \"\${HOTPATH_PC_PREFIX}\")
  set(HOTPATH_PC_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  cmake_path(ABSOLUTE_PATH HOTPATH_PC_LIBDIR BASE_DIRECTORY \"\${HOTPATH_PC_PREFIX}\" NORMALIZE)
  set(HOTPATH_PC_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  cmake_path(ABSOLUTE_PATH HOTPATH_PC_INCLUDEDIR BASE_DIRECTORY \"\${HOTPATH_PC_PREFIX}\" NORMALIZE)
  foreach(HOTPATH_PC_NAME IN ITEMS ${HOTPATH_PC_FILES})
    set(HOTPATH_PC_FILE \"\$ENV{DESTDIR}\${HOTPATH_PC_LIBDIR}/pkgconfig/\${HOTPATH_PC_NAME}.pc\")
    message(STATUS \"Installing: \${HOTPATH_PC_FILE}\")
    configure_file(\"${CMAKE_CURRENT_LIST_DIR}/\${HOTPATH_PC_NAME}.pc.in\" \"\${HOTPATH_PC_FILE}\" @ONLY)
    list(APPEND CMAKE_INSTALL_MANIFEST_FILES \"\${HOTPATH_PC_FILE}\")
  endforeach()
${HOTPATH_PC_CLANG_FILES_CODE}
" COMPONENT hotpath_development)
