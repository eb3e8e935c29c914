// Running other programs: the profiled program in the foreground (hotpath's own
// stdin, stdout and stderr, its exit status reported as a shell would), and filters
// whose output hotpath reads (`perf script`, a --post-process command).
#ifndef HOTPATH_CLI_PROGRAM_RUNNER_HPP
#define HOTPATH_CLI_PROGRAM_RUNNER_HPP

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hotpath::cli {

/// How a program ended.
struct ProgramExit {
  bool signaled = false;  ///< killed by a signal rather than exiting
  int code = 0;           ///< the exit status, or the number of the signal
};

/// Decodes a waitpid() status (of a program that exited or was killed).
ProgramExit program_exit_from_wait_status(int wait_status);

/// The status a shell reports for it: the exit status, or 128 + the signal number.
int shell_exit_status(const ProgramExit& exit);

/// "exit status 3", or "killed by signal 9 (Killed)".
std::string describe_exit(const ProgramExit& exit);

/// The status a shell reports for a program it cannot start: 127 when it does not
/// exist, 126 when it exists but cannot be executed.
int exit_status_for_start_error(int error_number);

/// A process environment, as NAME=value entries in order.
class Environment {
 public:
  /// This process's environment.
  static Environment current();

  /// Sets or replaces NAME.
  void set(std::string_view name, std::string_view value);
  /// Removes NAME if present.
  void unset(std::string_view name);
  /// The value of NAME, if present.
  std::optional<std::string> get(std::string_view name) const;
  /// Every NAME=value entry.
  const std::vector<std::string>& entries() const noexcept { return entries_; }

 private:
  std::vector<std::string> entries_;
};

/// What a foreground program run does with the SIGINT and SIGQUIT hotpath receives.
enum class InterruptHandling {
  Ignore,   ///< like a shell's foreground job: the terminal sends them to the program too
  Forward,  ///< SIGINT is passed on to the program, SIGQUIT ignored (perf attached to a pid
            ///< stops on SIGINT, however hotpath gets it)
};

/// A program to run in the foreground.
struct ForegroundRun {
  std::vector<std::string> argv;  ///< argv[0] is looked up in PATH unless it has a '/'
  Environment environment = Environment::current();
  InterruptHandling interrupts = InterruptHandling::Ignore;
  bool stdout_to_stderr = false;  ///< for helpers whose output must not mix with the program's
};

/// Starts the program with hotpath's stdin, stdout and stderr and waits for it. Signals
/// reset to their defaults in the program; while it runs SIGTERM and SIGHUP sent to
/// hotpath are passed on to it. Returns how it ended, or nothing with `error_number`
/// set (ENOENT, EACCES...) when it could not be started.
std::optional<ProgramExit> run_in_foreground(const ForegroundRun& run, int& error_number);

/// Runs `argv` (looked up in PATH), writes `input` to its stdin and collects its stdout
/// in `output`; its stderr is hotpath's. Returns how it ended, or nothing with
/// `error_number` set when it could not be started.
std::optional<ProgramExit> run_filter(const std::vector<std::string>& argv, std::string_view input,
                                      std::string& output, int& error_number);

/// Runs `argv` (looked up in PATH) with hotpath's stdin and stdout, and collects its
/// stderr in `errors` (a compiler's diagnostics, for the launcher to correct their
/// paths). Returns how it ended, or nothing with `error_number` set when it could
/// not be started.
std::optional<ProgramExit> run_collecting_stderr(const std::vector<std::string>& argv,
                                                 std::string& errors, int& error_number);

/// The file `name` names as a command: `name` itself when it has a '/', else the first
/// executable file of that name in PATH. Nothing when there is none.
std::optional<std::string> find_executable(const std::string& name);

/// `argv` written so that a shell would read it back, for messages.
std::string shell_quoted(const std::vector<std::string>& argv);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_PROGRAM_RUNNER_HPP
