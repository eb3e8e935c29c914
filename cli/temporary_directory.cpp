// mkdtemp, removal in the destructor, and removal from a signal handler. The handler
// may only use async-signal-safe calls: it lists the directory with getdents64 and
// unlinks its files and subdirectories with unlinkat.
#include "temporary_directory.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace hotpath::cli {
namespace {

constexpr int kCleanupSignals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP};
constexpr std::size_t kSignalCount = sizeof kCleanupSignals / sizeof kCleanupSignals[0];

char g_cleanup_path[PATH_MAX];
struct sigaction g_previous_actions[kSignalCount];
bool g_handlers_installed = false;

struct LinuxDirent64 {
  ino64_t d_ino;
  off64_t d_off;
  unsigned short d_reclen;
  unsigned char d_type;
  char d_name[1];
};

/// Removes everything in the open directory `directory`, subdirectories included
/// (a compiler launcher mirrors source paths in it), and closes it.
void remove_contents_now(int directory) noexcept {
  alignas(LinuxDirent64) char buffer[4096];
  // Unlinking while listing may skip entries: list again from the start until a
  // pass removes nothing.
  bool removed = true;
  while (removed) {
    removed = false;
    ::lseek(directory, 0, SEEK_SET);
    long got;
    while ((got = ::syscall(SYS_getdents64, directory, buffer, sizeof buffer)) > 0) {
      for (long offset = 0; offset < got;) {
        const auto* entry = reinterpret_cast<const LinuxDirent64*>(buffer + offset);
        offset += entry->d_reclen;
        if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0) continue;
        if (entry->d_type == DT_DIR) {
          const int child =
              ::openat(directory, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
          if (child >= 0) remove_contents_now(child);
          if (::unlinkat(directory, entry->d_name, AT_REMOVEDIR) == 0) removed = true;
        } else if (::unlinkat(directory, entry->d_name, 0) == 0) {
          removed = true;
        }
      }
    }
  }
  ::close(directory);
}

void remove_directory_now(const char* path) noexcept {
  const int directory = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory >= 0) remove_contents_now(directory);
  ::rmdir(path);
}

void remove_and_die(int signal_number) {
  if (g_cleanup_path[0] != '\0') remove_directory_now(g_cleanup_path);
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

void install_cleanup_handlers() {
  for (std::size_t i = 0; i < kSignalCount; ++i) {
    struct sigaction current;
    ::sigaction(kCleanupSignals[i], nullptr, &current);
    g_previous_actions[i] = current;
    // A signal hotpath was started ignoring (nohup, a background job) stays ignored.
    if ((current.sa_flags & SA_SIGINFO) == 0 && current.sa_handler == SIG_IGN) continue;
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_handler = remove_and_die;
    sigfillset(&action.sa_mask);
    ::sigaction(kCleanupSignals[i], &action, nullptr);
  }
  g_handlers_installed = true;
}

void restore_handlers() {
  if (!g_handlers_installed) return;
  for (std::size_t i = 0; i < kSignalCount; ++i)
    ::sigaction(kCleanupSignals[i], &g_previous_actions[i], nullptr);
  g_handlers_installed = false;
}

}  // namespace

std::optional<TemporaryDirectory> TemporaryDirectory::create(std::string& error) {
  const char* tmpdir = std::getenv("TMPDIR");
  const std::string base = tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp";
  std::string pattern = base + "/hotpath-XXXXXX";
  if (pattern.size() >= sizeof g_cleanup_path) {
    error = "the temporary directory's path would be too long (TMPDIR=\"" + base + "\")";
    return std::nullopt;
  }
  if (::mkdtemp(pattern.data()) == nullptr) {
    error = "cannot create a temporary directory in \"" + base + "\": " + std::strerror(errno);
    return std::nullopt;
  }
  std::error_code ignored;
  std::string path = std::filesystem::absolute(pattern, ignored).string();
  if (path.empty() || path.size() >= sizeof g_cleanup_path) path = pattern;
  return TemporaryDirectory(std::move(path));
}

TemporaryDirectory::TemporaryDirectory(std::string path) : path_(std::move(path)) {
  std::memcpy(g_cleanup_path, path_.c_str(), path_.size() + 1);
  install_cleanup_handlers();
}

TemporaryDirectory::TemporaryDirectory(TemporaryDirectory&& other) noexcept
    : path_(std::move(other.path_)) {
  other.path_.clear();
}

TemporaryDirectory& TemporaryDirectory::operator=(TemporaryDirectory&& other) noexcept {
  if (this != &other) {
    remove();
    path_ = std::move(other.path_);
    other.path_.clear();
  }
  return *this;
}

TemporaryDirectory::~TemporaryDirectory() { remove(); }

void TemporaryDirectory::remove() noexcept {
  if (path_.empty()) return;
  // The handlers stay until the files are gone: a signal during the removal finishes it.
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
  restore_handlers();
  g_cleanup_path[0] = '\0';
  path_.clear();
}

std::vector<std::string> TemporaryDirectory::files_starting_with(const std::string& prefix) const {
  std::vector<std::string> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(path_, error)) {
    const std::string name = entry.path().filename().string();
    if (name.compare(0, prefix.size(), prefix) == 0 && entry.is_regular_file(error))
      files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace hotpath::cli
