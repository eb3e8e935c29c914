// The runtime's own thread for the report: the work runs on another thread, which
// takes no signal, and the caller waits for it; a forked child runs nothing there.
#include "own_threads/own_thread.hpp"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hotpath {
namespace {

struct Seen {
  pthread_t thread{};
  bool blocks_sigint = false;
  bool blocks_sigterm = false;
  bool ran = false;
};

void note_thread(void* seen_pointer) noexcept {
  Seen& seen = *static_cast<Seen*>(seen_pointer);
  seen.thread = pthread_self();
  sigset_t mask;
  pthread_sigmask(SIG_SETMASK, nullptr, &mask);
  seen.blocks_sigint = sigismember(&mask, SIGINT) == 1;
  seen.blocks_sigterm = sigismember(&mask, SIGTERM) == 1;
  seen.ran = true;
}

TEST(OwnThread, RunsTheWorkOnAnotherThreadThatTakesNoSignalAndWaitsForIt) {
  Seen seen;
  ASSERT_TRUE(detail::run_on_own_thread(note_thread, &seen));
  EXPECT_TRUE(seen.ran);
  EXPECT_FALSE(pthread_equal(seen.thread, pthread_self()));
  EXPECT_TRUE(seen.blocks_sigint);
  EXPECT_TRUE(seen.blocks_sigterm);
  // The caller's own mask is as it was.
  sigset_t mask;
  pthread_sigmask(SIG_SETMASK, nullptr, &mask);
  EXPECT_EQ(sigismember(&mask, SIGINT), 0);
}

TEST(OwnThread, AForkedChildRunsNothingThere) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    Seen seen;
    const bool started = detail::run_on_own_thread(note_thread, &seen);
    _exit(!started && !seen.ran ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace hotpath
