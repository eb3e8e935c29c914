// Running programs: the exit status mapping (exit codes pass through, a signal N gives
// 128 + N), programs that cannot be started (127, 126), the environment, signals reset
// in the child, and filters fed on stdin.
#include "program_runner.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace hotpath::cli {
namespace {

ProgramExit run_shell(const std::string& script, Environment environment = Environment::current()) {
  ForegroundRun run;
  run.argv = {"/bin/sh", "-c", script};
  run.environment = std::move(environment);
  int error_number = 0;
  const std::optional<ProgramExit> exit = run_in_foreground(run, error_number);
  EXPECT_TRUE(exit) << error_number;
  return exit.value_or(ProgramExit{true, 0});
}

std::string temporary_path(const char* name) {
  return ::testing::TempDir() + "hotpath_cli_" + name + "_" + std::to_string(::getpid());
}

std::string read_file(const std::string& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(ProgramRunner, ExitCodesPassThrough) {
  for (int code : {0, 1, 3, 42, 255}) {
    const ProgramExit exit = run_shell("exit " + std::to_string(code));
    EXPECT_FALSE(exit.signaled);
    EXPECT_EQ(exit.code, code);
    EXPECT_EQ(shell_exit_status(exit), code);
  }
}

TEST(ProgramRunner, SignalsGive128PlusTheSignal) {
  const ProgramExit killed = run_shell("kill -KILL $$");
  EXPECT_TRUE(killed.signaled);
  EXPECT_EQ(killed.code, SIGKILL);
  EXPECT_EQ(shell_exit_status(killed), 137);
  EXPECT_EQ(describe_exit(killed), "killed by signal 9 (Killed)");

  const ProgramExit aborted = run_shell("kill -ABRT $$");
  EXPECT_EQ(shell_exit_status(aborted), 128 + SIGABRT);
  EXPECT_EQ(describe_exit({false, 3}), "exit status 3");
}

TEST(ProgramRunner, WaitStatusDecoding) {
  EXPECT_EQ(shell_exit_status(program_exit_from_wait_status(3 << 8)), 3);
  EXPECT_EQ(shell_exit_status(program_exit_from_wait_status(SIGTERM)), 143);
  EXPECT_TRUE(program_exit_from_wait_status(SIGSEGV).signaled);
}

TEST(ProgramRunner, ProgramsThatCannotStart) {
  ForegroundRun run;
  run.argv = {"hotpath-no-such-program-anywhere"};
  int error_number = 0;
  EXPECT_FALSE(run_in_foreground(run, error_number));
  EXPECT_EQ(error_number, ENOENT);
  EXPECT_EQ(exit_status_for_start_error(error_number), 127);

  run.argv = {"/nonexistent/dir/program"};
  EXPECT_FALSE(run_in_foreground(run, error_number));
  EXPECT_EQ(exit_status_for_start_error(error_number), 127);

  // A file that is not executable.
  const std::string path = temporary_path("not_executable");
  std::ofstream(path) << "data\n";
  run.argv = {path};
  EXPECT_FALSE(run_in_foreground(run, error_number));
  EXPECT_EQ(error_number, EACCES);
  EXPECT_EQ(exit_status_for_start_error(error_number), 126);
  std::remove(path.c_str());
}

TEST(ProgramRunner, TheProgramGetsItsEnvironment) {
  const std::string path = temporary_path("environment");
  Environment environment = Environment::current();
  environment.set("HOTPATH_TEST_VALUE", "first");
  environment.set("HOTPATH_TEST_VALUE", "second value");
  environment.set("HOTPATH_TEST_GONE", "x");
  environment.unset("HOTPATH_TEST_GONE");
  EXPECT_EQ(environment.get("HOTPATH_TEST_VALUE"), "second value");
  EXPECT_FALSE(environment.get("HOTPATH_TEST_GONE"));
  EXPECT_FALSE(environment.get("HOTPATH_TEST"));
  run_shell("echo \"$HOTPATH_TEST_VALUE|${HOTPATH_TEST_GONE-unset}\" > " + path, environment);
  EXPECT_EQ(read_file(path), "second value|unset\n");
  std::remove(path.c_str());
}

/// Sets a signal's disposition for the lifetime of the object: test harnesses may start
/// the tests with SIGINT ignored.
class ScopedSignal {
 public:
  ScopedSignal(int signal_number, void (*handler)(int))
      : signal_number_(signal_number), previous_(::signal(signal_number, handler)) {}
  ~ScopedSignal() { ::signal(signal_number_, previous_); }
  ScopedSignal(const ScopedSignal&) = delete;
  ScopedSignal& operator=(const ScopedSignal&) = delete;

 private:
  int signal_number_;
  void (*previous_)(int);
};

TEST(ProgramRunner, SignalsAreResetInTheProgram) {
  // hotpath ignores SIGINT while the program runs; the program must not inherit that.
  const ScopedSignal interrupt(SIGINT, SIG_DFL);
  const std::string path = temporary_path("signals");
  const ProgramExit exit = run_shell("kill -INT $$; echo survived > " + path);
  EXPECT_TRUE(exit.signaled);
  EXPECT_EQ(shell_exit_status(exit), 130);
  EXPECT_EQ(read_file(path), "");
  std::remove(path.c_str());
}

TEST(ProgramRunner, SignalsIgnoredByHotpathStayIgnored) {
  // As in a shell's background job: the program ignores SIGINT as hotpath does.
  const std::string path = temporary_path("ignored");
  ProgramExit exit;
  {
    const ScopedSignal interrupt(SIGINT, SIG_IGN);
    exit = run_shell("kill -INT $$; echo survived > " + path);
  }
  EXPECT_EQ(shell_exit_status(exit), 0);
  EXPECT_EQ(read_file(path), "survived\n");
  std::remove(path.c_str());
}

TEST(ProgramRunner, HotpathIgnoresInterruptsWhileTheProgramRuns) {
  // The program sends SIGINT to its parent (hotpath, here the test) and goes on.
  const ScopedSignal interrupt(SIGINT, SIG_DFL);
  const ScopedSignal quit(SIGQUIT, SIG_DFL);
  const ProgramExit exit = run_shell("kill -INT $PPID; kill -QUIT $PPID; exit 5");
  EXPECT_EQ(shell_exit_status(exit), 5);
}

TEST(ProgramRunner, TerminationIsPassedOnToTheProgram) {
  // sleep's output goes nowhere: an orphaned sleep must not hold the test's stdout.
  const ProgramExit exit = run_shell("kill -TERM $PPID; sleep 5 > /dev/null 2>&1; exit 0");
  EXPECT_TRUE(exit.signaled);
  EXPECT_EQ(exit.code, SIGTERM);
}

TEST(ProgramRunner, FiltersReadStdinAndWriteStdout) {
  std::string output;
  int error_number = 0;
  std::optional<ProgramExit> exit =
      run_filter({"/bin/sh", "-c", "sed s/a/b/"}, "a;a 1\nc 2\n", output, error_number);
  ASSERT_TRUE(exit);
  EXPECT_EQ(shell_exit_status(*exit), 0);
  EXPECT_EQ(output, "b;a 1\nc 2\n");

  // More than a pipe holds in both directions at once.
  std::string big;
  for (int i = 0; i < 100000; ++i) big += "main;work " + std::to_string(i) + "\n";
  exit = run_filter({"cat"}, big, output, error_number);
  ASSERT_TRUE(exit);
  EXPECT_EQ(output, big);

  // A filter that reads nothing.
  exit = run_filter({"/bin/sh", "-c", "echo x; exit 4"}, big, output, error_number);
  ASSERT_TRUE(exit);
  EXPECT_EQ(shell_exit_status(*exit), 4);
  EXPECT_EQ(output, "x\n");

  EXPECT_FALSE(run_filter({"hotpath-no-such-filter"}, "", output, error_number));
  EXPECT_EQ(error_number, ENOENT);
}

TEST(ProgramRunner, FindExecutable) {
  EXPECT_EQ(find_executable("/bin/sh"), "/bin/sh");
  EXPECT_TRUE(find_executable("sh"));
  EXPECT_FALSE(find_executable("hotpath-no-such-program-anywhere"));
  EXPECT_FALSE(find_executable("/nonexistent"));
  EXPECT_FALSE(find_executable(""));
}

TEST(ProgramRunner, ShellQuoting) {
  EXPECT_EQ(shell_quoted({"perf", "record", "-F", "997", "--", "./a.out"}),
            "perf record -F 997 -- ./a.out");
  EXPECT_EQ(shell_quoted({"sh", "-c", "sed 's/a/b/'", ""}), "sh -c 'sed '\\''s/a/b/'\\''' ''");
}

TEST(ProgramRunner, CollectedStderrAndTheStatus) {
  std::string errors;
  int error_number = 0;
  const std::optional<ProgramExit> exit = run_collecting_stderr(
      {"/bin/sh", "-c", "echo one >&2; echo two >&2; exit 5"}, errors, error_number);
  ASSERT_TRUE(exit) << error_number;
  EXPECT_EQ(shell_exit_status(*exit), 5);
  EXPECT_EQ(errors, "one\ntwo\n");
  EXPECT_FALSE(run_collecting_stderr({"/nonexistent/compiler"}, errors, error_number));
  EXPECT_EQ(error_number, ENOENT);
  EXPECT_EQ(errors, "");
}

}  // namespace
}  // namespace hotpath::cli
