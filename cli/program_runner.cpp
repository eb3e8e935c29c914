// Child processes through posix_spawn: glibc reports a failed exec (ENOENT, EACCES)
// as the spawn's own error, so "cannot run" is told apart from a program that ran
// and failed.
#include "program_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iterator>

extern char** environ;

namespace hotpath::cli {
namespace {

// The program hotpath waits for, for the forwarding signal handler.
std::atomic<pid_t> g_foreground_child{0};
static_assert(std::atomic<pid_t>::is_always_lock_free);

void forward_signal(int signal_number) {
  const pid_t child = g_foreground_child.load();
  if (child > 0) ::kill(child, signal_number);
}

/// NULL-terminated argv/envp arrays pointing into strings that outlive them.
std::vector<char*> c_strings(const std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  pointers.reserve(strings.size() + 1);
  for (const std::string& text : strings) pointers.push_back(const_cast<char*>(text.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

constexpr int kResetSignals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE};

/// Spawn attributes: the child's signal mask is `mask`, and the signals of `defaults`
/// have their default action in it.
class SpawnAttributes {
 public:
  SpawnAttributes(const sigset_t& mask, const sigset_t& defaults) {
    posix_spawnattr_init(&attributes_);
    posix_spawnattr_setsigdefault(&attributes_, &defaults);
    posix_spawnattr_setsigmask(&attributes_, &mask);
    posix_spawnattr_setflags(&attributes_, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  }
  ~SpawnAttributes() { posix_spawnattr_destroy(&attributes_); }
  SpawnAttributes(const SpawnAttributes&) = delete;
  SpawnAttributes& operator=(const SpawnAttributes&) = delete;
  const posix_spawnattr_t* get() const noexcept { return &attributes_; }

 private:
  posix_spawnattr_t attributes_;
};

bool is_ignored(int signal_number) {
  struct sigaction current;
  return ::sigaction(signal_number, nullptr, &current) == 0 &&
         (current.sa_flags & SA_SIGINFO) == 0 && current.sa_handler == SIG_IGN;
}

class FileActions {
 public:
  FileActions() { posix_spawn_file_actions_init(&actions_); }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions_); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
  void dup2(int from, int to) { posix_spawn_file_actions_adddup2(&actions_, from, to); }
  const posix_spawn_file_actions_t* get() const noexcept { return &actions_; }

 private:
  posix_spawn_file_actions_t actions_;
};

/// Installs `handler` for `signal_number` for the lifetime of the object.
class SignalDisposition {
 public:
  SignalDisposition(int signal_number, void (*handler)(int)) : signal_number_(signal_number) {
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(signal_number, &action, &previous_);
  }
  ~SignalDisposition() { ::sigaction(signal_number_, &previous_, nullptr); }
  SignalDisposition(const SignalDisposition&) = delete;
  SignalDisposition& operator=(const SignalDisposition&) = delete;

 private:
  int signal_number_;
  struct sigaction previous_;
};

std::optional<ProgramExit> wait_for(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return std::nullopt;
  }
  return program_exit_from_wait_status(status);
}

bool is_executable_file(const std::string& path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
         ::access(path.c_str(), X_OK) == 0;
}

/// Feeds `input` to `to_child` (none: -1) and reads `from_child` until it closes,
/// without either side blocking the other (a filter may write before it has read
/// everything).
bool exchange(int to_child, int from_child, std::string_view input, std::string& output) {
  if (to_child < 0 || input.empty()) {
    if (to_child >= 0) ::close(to_child);
    to_child = -1;
  } else {
    ::fcntl(to_child, F_SETFL, ::fcntl(to_child, F_GETFL) | O_NONBLOCK);
  }
  char buffer[65536];
  bool ok = true;
  while (from_child >= 0) {
    pollfd fds[2] = {{from_child, POLLIN, 0}, {to_child, POLLOUT, 0}};
    const nfds_t count = to_child >= 0 ? 2 : 1;
    if (::poll(fds, count, -1) < 0) {
      if (errno == EINTR) continue;
      ok = false;
      break;
    }
    if (to_child >= 0 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
      const ssize_t written = ::write(to_child, input.data(), input.size());
      if (written > 0) input.remove_prefix(static_cast<std::size_t>(written));
      // A filter may stop reading early (EPIPE): what it printed still counts.
      if (input.empty() || (written < 0 && errno != EAGAIN && errno != EINTR)) {
        ::close(to_child);
        to_child = -1;
      }
    }
    if ((fds[0].revents & (POLLIN | POLLERR | POLLHUP)) != 0) {
      const ssize_t got = ::read(from_child, buffer, sizeof buffer);
      if (got > 0) {
        output.append(buffer, static_cast<std::size_t>(got));
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        ::close(from_child);
        from_child = -1;
      }
    }
  }
  if (to_child >= 0) ::close(to_child);
  if (from_child >= 0) ::close(from_child);
  return ok;
}

}  // namespace

ProgramExit program_exit_from_wait_status(int wait_status) {
  if (WIFSIGNALED(wait_status)) return {true, WTERMSIG(wait_status)};
  return {false, WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 1};
}

int shell_exit_status(const ProgramExit& exit) {
  return exit.signaled ? 128 + exit.code : exit.code;
}

std::string describe_exit(const ProgramExit& exit) {
  if (!exit.signaled) return "exit status " + std::to_string(exit.code);
  std::string text = "killed by signal " + std::to_string(exit.code);
  if (const char* name = ::strsignal(exit.code)) text += std::string(" (") + name + ")";
  return text;
}

int exit_status_for_start_error(int error_number) {
  return error_number == ENOENT || error_number == ENOTDIR ? 127 : 126;
}

Environment Environment::current() {
  Environment environment;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry)
    environment.entries_.emplace_back(*entry);
  return environment;
}

void Environment::set(std::string_view name, std::string_view value) {
  std::string entry = std::string(name) + "=" + std::string(value);
  for (std::string& existing : entries_) {
    if (existing.size() > name.size() && existing.compare(0, name.size(), name) == 0 &&
        existing[name.size()] == '=') {
      existing = std::move(entry);
      return;
    }
  }
  entries_.push_back(std::move(entry));
}

void Environment::unset(std::string_view name) {
  std::vector<std::string> kept;
  for (std::string& existing : entries_) {
    const bool match = existing.size() > name.size() &&
                       existing.compare(0, name.size(), name) == 0 && existing[name.size()] == '=';
    if (!match) kept.push_back(std::move(existing));
  }
  entries_ = std::move(kept);
}

std::optional<std::string> Environment::get(std::string_view name) const {
  for (const std::string& existing : entries_) {
    if (existing.size() > name.size() && existing.compare(0, name.size(), name) == 0 &&
        existing[name.size()] == '=')
      return existing.substr(name.size() + 1);
  }
  return std::nullopt;
}

std::optional<ProgramExit> run_in_foreground(const ForegroundRun& run, int& error_number) {
  error_number = 0;
  if (run.argv.empty()) {
    error_number = EINVAL;
    return std::nullopt;
  }
  std::vector<char*> argv = c_strings(run.argv);
  std::vector<char*> envp = c_strings(run.environment.entries());

  // A signal hotpath was started ignoring (as a shell's background job is) stays
  // ignored in the program, as it would be without hotpath; the others get their
  // default action there, whatever hotpath does with them meanwhile. Forwarded
  // interrupts are the exception: they are how the user stops the program.
  const bool forward_interrupts = run.interrupts == InterruptHandling::Forward;
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int signal_number : kResetSignals)
    if (!is_ignored(signal_number)) sigaddset(&defaults, signal_number);
  if (forward_interrupts) sigaddset(&defaults, SIGINT);
  struct WhileRunning {
    int signal_number;
    void (*action)(int);
  };
  const WhileRunning actions_while_running[] = {
      {SIGINT, forward_interrupts ? forward_signal : SIG_IGN},
      {SIGQUIT, SIG_IGN},
      {SIGTERM, forward_signal},
      {SIGHUP, forward_signal},
  };
  std::optional<SignalDisposition> dispositions[std::size(actions_while_running)];
  for (std::size_t i = 0; i < std::size(actions_while_running); ++i) {
    const WhileRunning& entry = actions_while_running[i];
    if (sigismember(&defaults, entry.signal_number))
      dispositions[i].emplace(entry.signal_number, entry.action);
  }

  // Forwarded signals stay pending until the child's pid is known.
  sigset_t forwarded;
  sigset_t previous_mask;
  sigemptyset(&forwarded);
  for (const WhileRunning& entry : actions_while_running)
    sigaddset(&forwarded, entry.signal_number);
  ::sigprocmask(SIG_BLOCK, &forwarded, &previous_mask);

  SpawnAttributes attributes(previous_mask, defaults);
  FileActions actions;
  if (run.stdout_to_stderr) actions.dup2(STDERR_FILENO, STDOUT_FILENO);
  pid_t pid = 0;
  const int spawn_error =
      ::posix_spawnp(&pid, argv[0], actions.get(), attributes.get(), argv.data(), envp.data());
  if (spawn_error == 0) g_foreground_child.store(pid);
  ::sigprocmask(SIG_SETMASK, &previous_mask, nullptr);
  if (spawn_error != 0) {
    error_number = spawn_error;
    return std::nullopt;
  }
  std::optional<ProgramExit> exit = wait_for(pid);
  g_foreground_child.store(0);
  if (!exit) error_number = errno;
  return exit;
}

namespace {

/// Runs `argv` with a pipe as its descriptor `collected` (stdout or stderr), whose
/// output goes to `output`. With `input`, its stdin is a pipe fed with it; without,
/// it is hotpath's.
std::optional<ProgramExit> run_collecting(const std::vector<std::string>& argv, int collected,
                                          const std::string_view* input, std::string& output,
                                          int& error_number) {
  error_number = 0;
  output.clear();
  if (argv.empty()) {
    error_number = EINVAL;
    return std::nullopt;
  }
  int to_child[2] = {-1, -1};
  int from_child[2];
  if (input != nullptr && ::pipe2(to_child, O_CLOEXEC) != 0) {
    error_number = errno;
    return std::nullopt;
  }
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    error_number = errno;
    if (input != nullptr) {
      ::close(to_child[0]);
      ::close(to_child[1]);
    }
    return std::nullopt;
  }
  // A filter that exits without reading all its input must not kill hotpath.
  SignalDisposition broken_pipe(SIGPIPE, SIG_IGN);
  std::vector<char*> c_argv = c_strings(argv);
  sigset_t mask;
  ::sigprocmask(SIG_SETMASK, nullptr, &mask);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int signal_number : kResetSignals) sigaddset(&defaults, signal_number);
  SpawnAttributes attributes(mask, defaults);
  FileActions actions;
  if (input != nullptr) actions.dup2(to_child[0], STDIN_FILENO);
  actions.dup2(from_child[1], collected);
  pid_t pid = 0;
  const int spawn_error =
      ::posix_spawnp(&pid, c_argv[0], actions.get(), attributes.get(), c_argv.data(), environ);
  if (input != nullptr) ::close(to_child[0]);
  ::close(from_child[1]);
  if (spawn_error != 0) {
    if (input != nullptr) ::close(to_child[1]);
    ::close(from_child[0]);
    error_number = spawn_error;
    return std::nullopt;
  }
  exchange(to_child[1], from_child[0], input != nullptr ? *input : std::string_view(), output);
  std::optional<ProgramExit> exit = wait_for(pid);
  if (!exit) error_number = errno;
  return exit;
}

}  // namespace

std::optional<ProgramExit> run_filter(const std::vector<std::string>& argv, std::string_view input,
                                      std::string& output, int& error_number) {
  return run_collecting(argv, STDOUT_FILENO, &input, output, error_number);
}

std::optional<ProgramExit> run_collecting_stderr(const std::vector<std::string>& argv,
                                                 std::string& errors, int& error_number) {
  return run_collecting(argv, STDERR_FILENO, nullptr, errors, error_number);
}

std::optional<std::string> find_executable(const std::string& name) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string::npos) {
    if (is_executable_file(name)) return name;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  const std::string directories = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t begin = 0;
  while (begin <= directories.size()) {
    std::size_t end = directories.find(':', begin);
    if (end == std::string::npos) end = directories.size();
    std::string directory = directories.substr(begin, end - begin);
    if (directory.empty()) directory = ".";
    const std::string candidate = directory + "/" + name;
    if (is_executable_file(candidate)) return candidate;
    begin = end + 1;
  }
  return std::nullopt;
}

std::string shell_quoted(const std::vector<std::string>& argv) {
  std::string text;
  for (const std::string& argument : argv) {
    if (!text.empty()) text += ' ';
    const bool plain =
        !argument.empty() && argument.find_first_not_of(
                                 "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                 "0123456789@%_-+=:,./") == std::string::npos;
    if (plain) {
      text += argument;
      continue;
    }
    text += '\'';
    for (char c : argument) {
      if (c == '\'') {
        text += "'\\''";
      } else {
        text += c;
      }
    }
    text += '\'';
  }
  return text;
}

}  // namespace hotpath::cli
