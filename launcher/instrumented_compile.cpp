// The copies are compiled where the originals would be found: each copy's original
// directory is searched for quoted includes right after the copy's own, and the
// copies of rewritten headers come before the include directories they were found
// in. hotpath's headers come last, after every directory of the build.
#include "instrumented_compile.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

#include "compile_command.hpp"
#include "installation.hpp"
#include "output_file.hpp"
#include "path_maps.hpp"
#include "program_runner.hpp"
#include "temporary_directory.hpp"

namespace hotpath::launcher {
namespace {

constexpr const char* kTool = "hotpath-cxx";

bool path_exists(const std::string& path) {
  std::error_code error;
  return std::filesystem::exists(path, error);
}

std::string parent_directory(const std::string& path) {
  return std::filesystem::path(path).parent_path().string();
}

/// Runs `argv` with the launcher's stdin, stdout and stderr; the status for the build.
int run_plainly(const std::vector<std::string>& argv) {
  cli::ForegroundRun run;
  run.argv = argv;
  int error_number = 0;
  const std::optional<cli::ProgramExit> exit = cli::run_in_foreground(run, error_number);
  if (!exit) {
    std::fprintf(stderr, "%s: error: cannot run %s: %s\n", kTool, argv[0].c_str(),
                 std::strerror(error_number));
    return cli::exit_status_for_start_error(error_number);
  }
  return cli::shell_exit_status(*exit);
}

/// Runs `argv`; its stderr goes to `errors`. The status for the build.
int run_collecting(const std::vector<std::string>& argv, std::string& errors) {
  int error_number = 0;
  const std::optional<cli::ProgramExit> exit =
      cli::run_collecting_stderr(argv, errors, error_number);
  if (!exit) {
    errors += std::string(kTool) + ": error: cannot run " + argv[0] + ": " +
              std::strerror(error_number) + "\n";
    return cli::exit_status_for_start_error(error_number);
  }
  return cli::shell_exit_status(*exit);
}

void print(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stderr); }

/// What a link adds: libhotpath, and the libraries the options ask for, found at
/// run time where they were found at link time.
std::vector<std::string> link_options(const Installation& installation,
                                      const MeasureOptions& options) {
  std::vector<std::string> added;
  std::set<std::string> directories;
  const auto add_directory = [&](const std::string& directory) {
    if (!directories.insert(directory).second) return;
    added.push_back("-L" + directory);
    added.push_back("-Wl,-rpath," + directory);
  };
  add_directory(installation.runtime_directory);
  added.push_back("-lhotpath");
  // The programs call nothing in these: a linker that drops unused libraries
  // (--as-needed) would drop them.
  const auto add_opt_in = [&](const std::string& directory, const char* library) {
    add_directory(directory);
    added.push_back("-Wl,--push-state,--no-as-needed");
    added.push_back(library);
    added.push_back("-Wl,--pop-state");
  };
  if (options.alloc) add_opt_in(installation.alloc_directory, "-lhotpath-alloc");
  if (options.cpu) add_opt_in(installation.cpu_directory, "-lhotpath-cpu");
  return added;
}

std::vector<std::string> rewriter_arguments(const Installation& installation, const Launch& launch,
                                            const CompileCommand& command,
                                            const std::string& root) {
  const MeasureOptions& options = launch.options;
  std::vector<std::string> argv{installation.rewriter, "--output-root=" + root, "--no-prologue",
                                "--quiet", "--header-filter=" + options.header_filter};
  if (options.measure_all) {
    argv.push_back(options.measure_all->empty() ? "--measure-all"
                                                : "--measure-all=" + *options.measure_all);
  }
  if (!options.measure_all_root.empty())
    argv.push_back("--measure-all-root=" + options.measure_all_root);
  if (options.min_tokens) argv.push_back("--min-tokens=" + std::to_string(*options.min_tokens));
  if (!options.filter.empty()) argv.push_back("--filter=" + options.filter);
  const std::set<std::size_t> sources(command.cxx_sources.begin(), command.cxx_sources.end());
  for (std::size_t index : command.cxx_sources) argv.push_back(command.arguments[index]);
  argv.push_back("--");
  for (std::size_t i = 0; i < command.arguments.size(); ++i) {
    if (sources.count(i) == 0) argv.push_back(command.arguments[i]);
  }
  return argv;
}

/// The originals of the files rewritten under `root` (not of those linked there).
std::vector<std::string> rewritten_originals(const std::string& root) {
  std::vector<std::string> originals;
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(root, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    if (!it->is_symlink(error) && it->is_regular_file(error))
      originals.push_back(it->path().string().substr(root.size()));
  }
  return originals;
}

bool has_color_option(const std::vector<std::string>& arguments) {
  for (const std::string& arg : arguments) {
    if (arg.rfind("-fdiagnostics-color", 0) == 0 || arg.rfind("-fno-diagnostics-color", 0) == 0 ||
        arg == "-fcolor-diagnostics" || arg == "-fno-color-diagnostics")
      return true;
  }
  return false;
}

/// The dependency file written by the compile, with the copies' paths replaced by
/// the originals' (the copies are gone, and a build tool would rebuild forever).
bool restore_dependency_file(const std::string& path, const PathMaps& maps) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return true;  // the compiler wrote none (it failed)
  std::ostringstream text;
  text << in.rdbuf();
  const std::string original = text.str();
  const std::string restored = maps.restore(original);
  if (restored == original) return true;
  std::string error;
  if (detail::write_output_file(path, restored, error)) return true;
  std::fprintf(stderr, "%s: error: cannot correct the dependency file \"%s\": %s\n", kTool,
               path.c_str(), error.c_str());
  return false;
}

}  // namespace

int run_launch(const Launch& launch, const std::string& executable) {
  const CompileCommand command = read_compile_command(launch.arguments);
  std::vector<std::string> argv = launch.compiler;
  if (!command.compiles && !command.links) {
    argv.insert(argv.end(), launch.arguments.begin(), launch.arguments.end());
    return run_plainly(argv);
  }
  std::string error;
  const std::optional<Installation> installation = find_installation(executable, error);
  if (!installation) {
    std::fprintf(stderr, "%s: error: %s\n", kTool, error.c_str());
    return 2;
  }
  if (!command.compiles) {  // a link of objects
    argv.insert(argv.end(), launch.arguments.begin(), launch.arguments.end());
    for (std::string& option : link_options(*installation, launch.options))
      argv.push_back(std::move(option));
    return run_plainly(argv);
  }

  std::optional<cli::TemporaryDirectory> copies = cli::TemporaryDirectory::create(error);
  if (!copies) {
    std::fprintf(stderr, "%s: error: %s\n", kTool, error.c_str());
    return 2;
  }
  const std::string root = copies->path();
  // The rewriter's messages are shown when the compile succeeds: on code that does
  // not compile, the compiler's own errors say it all.
  std::string rewriter_messages;
  const int rewritten = run_collecting(
      rewriter_arguments(*installation, launch, command, root + "/"), rewriter_messages);
  // 1: some sources do not parse with Clang; they are compiled as they are.
  // Anything else: the options are wrong (a filter file that cannot be read).
  if (rewritten != 0 && rewritten != 1) {
    print(rewriter_messages);
    return 2;
  }

  std::error_code ignored;
  const std::string working_directory = std::filesystem::current_path(ignored).string();
  bool relative_spellings = false;
  for (std::size_t index : command.cxx_sources) {
    if (command.arguments[index][0] != '/') relative_spellings = true;
  }
  for (const IncludeDirectory& directory : command.include_directories) {
    if (!directory.path.empty() && directory.path[0] != '/') relative_spellings = true;
  }
  const PathMaps maps(root, working_directory, relative_spellings);
  // Relative paths reach their copies through it ("../src/a.cpp").
  std::filesystem::create_directories(maps.working_directory_copy(), ignored);

  // The copies of rewritten headers come first in the directories they were found
  // in (only the headers the compile includes have copies, found there).
  for (const IncludeDirectory& directory : command.include_directories) {
    const std::string copy = maps.copy_of(directory.path);
    if (!path_exists(copy)) continue;
    argv.push_back(directory.quote_only ? "-iquote" : "-I");
    argv.push_back(copy);
  }
  // A copied source's "file" includes look in its original's directory next.
  std::set<std::string> source_directories;
  for (std::size_t index : command.cxx_sources) {
    const std::string& source = command.arguments[index];
    // As the build spells it, as the compiler would spell what it finds there.
    std::string directory = parent_directory(source);
    if (directory.empty()) directory = ".";
    if (path_exists(maps.copy_of(source)) && source_directories.insert(directory).second) {
      argv.push_back("-iquote");
      argv.push_back(directory);
    }
  }
  std::set<std::size_t> sources(command.cxx_sources.begin(), command.cxx_sources.end());
  for (std::size_t i = 0; i < command.arguments.size(); ++i) {
    const std::string& arg = command.arguments[i];
    if (sources.count(i) != 0) {
      const std::string copy = maps.copy_of(arg);
      if (path_exists(copy)) {
        argv.push_back(copy);
        continue;
      }
      rewriter_messages +=
          std::string(kTool) + ": warning: " + arg + " is compiled without hotpath's guards\n";
    }
    argv.push_back(arg);
  }
  // The copies have no prologue, so that every line keeps its number in diagnostics.
  argv.push_back("-include");
  argv.push_back(installation->include_directory + "/hotpath/detail/rewritten_source.hpp");
  argv.push_back("-idirafter");
  argv.push_back(installation->include_directory);
  // A rewritten header reached by a relative path (#include "../lib/a.hpp") finds
  // its own "file" includes in its original's directory, last.
  std::set<std::string> fallback_directories;
  for (const std::string& original : rewritten_originals(root)) {
    const std::string directory = parent_directory(original);
    if (source_directories.count(directory) == 0 && fallback_directories.insert(directory).second) {
      argv.push_back("-idirafter");
      argv.push_back(directory);
    }
  }
  for (std::string& option : maps.compiler_options()) argv.push_back(std::move(option));
  if (::isatty(STDERR_FILENO) && !has_color_option(command.arguments))
    argv.push_back("-fdiagnostics-color=always");
  if (command.links) {
    for (std::string& option : link_options(*installation, launch.options))
      argv.push_back(std::move(option));
  }
  std::string compiler_messages;
  const int status = run_collecting(argv, compiler_messages);
  if (status == 0) print(rewriter_messages);
  print(maps.restore(std::move(compiler_messages)));
  if (status == 0 && !command.dependency_file.empty() &&
      !restore_dependency_file(command.dependency_file, maps))
    return 2;
  return status;
}

}  // namespace hotpath::launcher
