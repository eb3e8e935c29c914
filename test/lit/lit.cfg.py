# lit configuration of hotpath's end-to-end tests: each test compiles a program
# against the headers and the runtime of this build, runs it, and checks the report
# with FileCheck. Run through ctest, or `lit.py -sv <build>/test/lit`.
import os

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

if config.hotpath_plugin:
    config.available_features.add("plugin")
    config.substitutions.append(("%hotpath_plugin", config.hotpath_plugin))

_rewrite = os.path.join(config.hotpath_obj_root, "rewriter", "clang-hotpath-rewrite")
if os.path.exists(_rewrite):
    config.available_features.add("rewriter")
    config.substitutions.append(("%hotpath_rewrite", _rewrite))
