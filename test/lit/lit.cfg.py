# lit configuration of hotpath's end-to-end tests: each test compiles a program
# against the headers and the runtime of this build, runs it, and checks the report
# with FileCheck. Run through ctest, or `lit.py -sv <build>/test/lit`.
import os
import re
import shutil
import subprocess

import lit.formats

config.name = "hotpath"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cpp"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.hotpath_obj_root, "test", "lit")

# FileCheck, not and count come from the LLVM the project is built against.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")]
)
# A report's format must come from the test, never from the caller's environment.
for name in list(config.environment):
    if name.startswith("HOTPATH_"):
        del config.environment[name]

runtime_dir = config.hotpath_runtime_dir
config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%gxx", config.gxx))
config.substitutions.append(
    ("%hotpath_cflags", "-I" + os.path.join(config.hotpath_src_root, "include"))
)
config.substitutions.append(
    (
        "%hotpath_libs",
        "-L{0} -Wl,-rpath,{0} -lhotpath -pthread".format(runtime_dir),
    )
)
config.substitutions.append(("%python", config.python_executable))

# Live metrics: the module libhotpath loads from its own directory (not built with
# sanitizers); its page is tested in headless Chromium.
if os.path.exists(os.path.join(runtime_dir, "libhotpath-live.so")):
    config.available_features.add("live")
if shutil.which("chromium"):
    config.available_features.add("chromium")
# A real Prometheus server scraping /metrics (Debian's prometheus).
if shutil.which("prometheus"):
    config.available_features.add("prometheus")
# speedscope's page, installed by scripts/install-npm-tools.sh.
_speedscope_page = os.path.join(
    config.hotpath_src_root, ".npm-tools",
    "node_modules", "speedscope", "dist", "release", "index.html")
if os.path.exists(_speedscope_page):
    config.available_features.add("speedscope")
    config.substitutions.append(("%speedscope_page", _speedscope_page))
# The MCP TypeScript SDK, installed by scripts/install-npm-tools.sh, and node to run
# it: %npm_tools is where it is installed.
_npm_tools = os.path.join(config.hotpath_src_root, ".npm-tools")
_node = shutil.which("node")
if _node and os.path.exists(os.path.join(
        _npm_tools, "node_modules", "@modelcontextprotocol", "sdk", "package.json")):
    config.available_features.add("mcp-sdk")
    config.substitutions.append(("%npm_tools", _npm_tools))
    config.substitutions.append(("%node", _node))
# The console (`hotpath console`) is tested in a terminal that tmux emulates.
if shutil.which("tmux"):
    config.available_features.add("tmux")

# The libraries linked apart (not built with sanitizers): the lit feature, and
# %hotpath_<name>_libs, the link flags that put lib<hotpath-name>.so before
# %hotpath_libs, as its .pc file does. A library the program calls nothing in is
# linked with --no-as-needed, and %hotpath_<name>_lib is its path, for preloading.
def add_optional_library(feature, name, directory, called_by_the_program):
    if not directory:
        return
    config.available_features.add(feature)
    library = "-lhotpath-" + name
    if not called_by_the_program:
        library = "-Wl,--push-state,--no-as-needed {} -Wl,--pop-state".format(library)
    # The longer name first: lit substitutes in order.
    config.substitutions.append(
        ("%hotpath_{}_libs".format(name), "-L{0} -Wl,-rpath,{0} {1}".format(directory, library))
    )
    if not called_by_the_program:
        config.substitutions.append(
            ("%hotpath_{}_lib".format(name), os.path.join(directory, "libhotpath-{}.so".format(name)))
        )


# Allocation tracking (the program's operator new and malloc are its), CPU sampling
# and waits by cause.
add_optional_library("alloc", "alloc", config.hotpath_alloc_dir, True)
add_optional_library("cpu", "cpu", config.hotpath_cpu_dir, False)
add_optional_library("waits", "wait", config.hotpath_wait_dir, False)

# --param hotpath_clang=N: the plugin's tests with Clang N and its plugin, in a
# directory of their own.
_clang_version = lit_config.params.get("hotpath_clang")
if _clang_version is not None:
    if _clang_version not in config.hotpath_plugins_by_clang:
        lit_config.fatal(
            "hotpath_clang=%s: no plugin was built for that Clang (built for: %s)"
            % (_clang_version, ", ".join(sorted(config.hotpath_plugins_by_clang, key=int)))
        )
    config.hotpath_plugin, config.clangxx = config.hotpath_plugins_by_clang[_clang_version]
    config.name = "hotpath-clang-" + _clang_version
    config.test_exec_root = os.path.join(config.test_exec_root, "clang-" + _clang_version)
    config.substitutions = [
        (name, config.clangxx if name == "%clangxx" else value)
        for name, value in config.substitutions
    ]

# Every plugin built, as VERSION=PLUGIN=CLANGXX,... for the test that compares them.
config.substitutions.append(
    (
        "%hotpath_plugins_by_clang",
        ",".join(
            "%s=%s=%s" % (version, plugin, clangxx)
            for version, (plugin, clangxx) in sorted(
                config.hotpath_plugins_by_clang.items(), key=lambda item: int(item[0])
            )
        ),
    )
)

if config.hotpath_plugin:
    config.available_features.add("plugin")
    config.substitutions.append(("%hotpath_plugin", config.hotpath_plugin))

_rewrite = os.path.join(config.hotpath_obj_root, "rewriter", "clang-hotpath-rewrite")
if os.path.exists(_rewrite):
    config.available_features.add("rewriter")
    config.substitutions.append(("%hotpath_rewrite", _rewrite))

# hotpath-cxx and the compiler names that link to it (hotpath-g++...), in one
# directory: %hotpath_launcher_dir.
_launcher_dir = os.path.join(config.hotpath_obj_root, "launcher")
if os.path.exists(os.path.join(_launcher_dir, "hotpath-cxx")):
    config.available_features.add("launcher")
    config.substitutions.append(("%hotpath_launcher_dir", _launcher_dir))
if shutil.which("meson") is not None:
    config.available_features.add("meson")

# A clang++ of another major version than the one the plugin was built for, if
# this machine has one: the plugin must refuse to load into it, and the
# rewriter's output must build with it. Provides `other-clang` and `%other_clangxx`.
def _clang_major(path):
    try:
        result = subprocess.run(
            [path, "--version"], capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"clang version (\d+)\.", result.stdout)
    return found.group(1) if found else None


_built_major = _clang_major(config.clangxx)
_candidates = ["clang++"] + ["clang++-%d" % major for major in range(30, 10, -1)]
for _name in _candidates:
    _path = shutil.which(_name)
    if _path is None:
        continue
    _major = _clang_major(_path)
    if _major is not None and _built_major is not None and _major != _built_major:
        config.available_features.add("other-clang")
        config.substitutions.append(("%other_clangxx", _path))
        break

# The `hotpath` command: %hotpath runs it (\b keeps %hotpath_* apart), and `perf` marks
# machines where perf can record a program run by this user.
_hotpath_command = os.path.join(config.hotpath_obj_root, "cli", "hotpath")
if os.path.exists(_hotpath_command):
    config.available_features.add("hotpath-cli")
    config.substitutions.append((r"%hotpath\b", _hotpath_command))
_perf = shutil.which("perf")
if _perf is not None:
    try:
        _probe = subprocess.run(
            [_perf, "record", "-q", "-o", os.devnull, "--", "true"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=60,
        )
        if _probe.returncode == 0:
            config.available_features.add("perf")
    except (OSError, subprocess.SubprocessError):
        pass
