// The sample log: what the writer appends (from a signal handler, in production)
// the reader gets back exactly, across chunk boundaries and threads; a process
// killed while it writes leaves every complete record readable; damaged logs are
// refused or read up to the damage.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "sample_log/log_outputs.hpp"
#include "sample_log/sample_log_format.hpp"
#include "sample_log/sample_log_reader.hpp"
#include "sample_log/sample_log_writer.hpp"

namespace hotpath::cpu {
namespace {

std::string temp_path(const char* name) {
  return ::testing::TempDir() + name + std::to_string(::getpid());
}

std::vector<std::uint64_t> stack_of(const SampleLog& log, const LoggedStack& stack) {
  return {log.addresses.begin() + static_cast<std::ptrdiff_t>(stack.first),
          log.addresses.begin() + static_cast<std::ptrdiff_t>(stack.first + stack.count)};
}

TEST(SampleLog, RecordsComeBackExactlyAcrossChunks) {
  SampleLogWriter writer;
  std::string error;
  ASSERT_TRUE(writer.open("", false, 997, 1003009, "program-name", error)) << error;
  const pid_t tid = ::gettid();
  ASSERT_TRUE(writer.append_module(tid, "/usr/bin/app", 0x5555'0000'0000));
  ASSERT_TRUE(writer.append_module(tid, "/usr/bin/app", 0x5555'0000'0000));  // listed once
  ASSERT_TRUE(writer.append_module(tid, "/lib/libc.so.6", 0x7f00'0000'0000));
  ASSERT_TRUE(writer.append_thread_name(tid, 4242, "worker"));
  // 3,000 samples of 20 frames: 168 bytes each, about 8 chunks.
  for (std::uint64_t sample = 0; sample < 3000; ++sample) {
    std::uint64_t addresses[20];
    for (std::uint64_t frame = 0; frame < 20; ++frame) addresses[frame] = sample * 100 + frame;
    ASSERT_TRUE(writer.append_sample(tid, addresses, 20));
  }
  EXPECT_GT(writer.size(), kLogHeaderBytes + 7 * kChunkBytes);

  const std::optional<SampleLog> log = read_sample_log(writer.data(), writer.size(), error);
  ASSERT_TRUE(log) << error;
  EXPECT_EQ(log->program, "program-name");
  EXPECT_EQ(log->pid, static_cast<std::uint32_t>(::getpid()));
  EXPECT_EQ(log->frequency_hz, 997);
  EXPECT_EQ(log->period_ns, 1003009u);
  ASSERT_EQ(log->modules.size(), 2u);
  EXPECT_EQ(log->modules[0].path, "/usr/bin/app");
  EXPECT_EQ(log->modules[0].load_bias, 0x5555'0000'0000u);
  EXPECT_EQ(log->modules[1].path, "/lib/libc.so.6");
  EXPECT_EQ(log->thread_names.at(4242), "worker");
  ASSERT_EQ(log->stacks.size(), 3000u);
  for (std::uint64_t sample = 0; sample < 3000; ++sample) {
    const LoggedStack& stack = log->stacks[sample];
    EXPECT_EQ(stack.tid, static_cast<std::uint32_t>(tid));
    ASSERT_EQ(stack.count, 20u);
    EXPECT_EQ(stack_of(*log, stack).front(), sample * 100);
    EXPECT_EQ(stack_of(*log, stack).back(), sample * 100 + 19);
  }
  writer.close();
}

// Off-CPU stacks: each stands for its weight (nanoseconds waited), samples for 1.
TEST(SampleLog, WeightedStacksKeepTheirWeight) {
  SampleLogWriter writer;
  std::string error;
  ASSERT_TRUE(writer.open("", false, 0, 0, "program-name", error)) << error;
  const pid_t tid = ::gettid();
  const std::uint64_t waited[] = {0x1000, 0x2000, 0x3000};
  ASSERT_TRUE(writer.append_weighted_sample(tid, 2'500'000, waited, 3));
  ASSERT_TRUE(writer.append_sample(tid, waited, 2));
  const std::optional<SampleLog> log = read_sample_log(writer.data(), writer.size(), error);
  ASSERT_TRUE(log) << error;
  ASSERT_EQ(log->stacks.size(), 2u);
  EXPECT_EQ(log->stacks[0].weight, 2'500'000u);
  ASSERT_EQ(log->stacks[0].count, 3u);
  EXPECT_EQ(stack_of(*log, log->stacks[0]).back(), 0x3000u);
  EXPECT_EQ(log->stacks[1].weight, 1u);
  writer.close();
}

// Nanoseconds become microseconds, rounded; a wait shorter than one still shows.
TEST(SampleLog, OffCpuStacksAreCountedInMicroseconds) {
  flamegraph::FoldedStacks stacks;
  stacks.add({"main", "read"}, 2'500'400);
  stacks.add({"main", "nanosleep"}, 1'499);
  stacks.add({"main", "poll"}, 300);
  const flamegraph::FoldedStacks counted = in_microseconds(stacks);
  EXPECT_EQ(flamegraph::to_folded(counted), "main;read 2500\nmain;nanosleep 1\nmain;poll 1\n");
}

TEST(SampleLog, WhySamplingStoppedEarlyIsKept) {
  SampleLogWriter writer;
  std::string error;
  ASSERT_TRUE(writer.open("", false, 997, 1003009, "app", error)) << error;
  const pid_t tid = ::gettid();
  std::string read_error;
  std::optional<SampleLog> log = read_sample_log(writer.data(), writer.size(), read_error);
  ASSERT_TRUE(log) << read_error;
  EXPECT_EQ(log->stopped_early, "");
  ASSERT_TRUE(writer.append_stopped(tid, "the program set its own action for SIGPROF"));
  log = read_sample_log(writer.data(), writer.size(), read_error);
  ASSERT_TRUE(log) << read_error;
  EXPECT_EQ(log->stopped_early, "the program set its own action for SIGPROF");
  writer.close();
}

TEST(SampleLog, ThreadsWriteTheirOwnChunks) {
  SampleLogWriter writer;
  std::string error;
  ASSERT_TRUE(writer.open("", false, 997, 1003009, "threads", error)) << error;
  std::vector<std::thread> threads;
  std::vector<pid_t> tids(4);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&writer, &tids, t] {
      tids[static_cast<std::size_t>(t)] = ::gettid();
      for (std::uint64_t sample = 0; sample < 1000; ++sample) {
        const std::uint64_t addresses[3] = {static_cast<std::uint64_t>(t), sample, 7};
        writer.append_sample(::gettid(), addresses, 3);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  const std::optional<SampleLog> log = read_sample_log(writer.data(), writer.size(), error);
  ASSERT_TRUE(log) << error;
  ASSERT_EQ(log->stacks.size(), 4000u);
  std::vector<std::uint64_t> next(4, 0);
  for (const LoggedStack& stack : log->stacks) {
    const std::vector<std::uint64_t> addresses = stack_of(*log, stack);
    const auto thread = static_cast<std::size_t>(addresses[0]);
    ASSERT_LT(thread, 4u);
    EXPECT_EQ(stack.tid, static_cast<std::uint32_t>(tids[thread]));
    EXPECT_EQ(addresses[1], next[thread]++) << "a thread's samples stay in order";
  }
  writer.close();
}

TEST(SampleLog, AKilledWriterLosesNoCompleteRecord) {
  const std::string path = temp_path("killed.log");
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    SampleLogWriter writer;
    std::string error;
    if (!writer.open(path, false, 997, 1003009, "killed", error)) ::_exit(2);
    for (std::uint64_t sample = 0; sample < 5000; ++sample) {
      const std::uint64_t addresses[2] = {sample, sample + 1};
      writer.append_sample(::gettid(), addresses, 2);
    }
    ::raise(SIGKILL);  // no close(), no exit handler
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGKILL);
  std::string error;
  const std::optional<SampleLog> log = read_sample_log_file(path, error);
  ASSERT_TRUE(log) << error;
  ASSERT_EQ(log->stacks.size(), 5000u);
  EXPECT_EQ(stack_of(*log, log->stacks.back()), (std::vector<std::uint64_t>{4999, 5000}));
  std::remove(path.c_str());
}

TEST(SampleLog, ClosingCutsTheFileToWhatWasUsed) {
  const std::string path = temp_path("closed.log");
  SampleLogWriter writer;
  std::string error;
  ASSERT_TRUE(writer.open(path, false, 99, 10101010, "closed", error)) << error;
  const std::uint64_t address = 1;
  ASSERT_TRUE(writer.append_sample(::gettid(), &address, 1));
  writer.close();
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  EXPECT_EQ(static_cast<std::size_t>(file.tellg()), kLogHeaderBytes + kChunkBytes);
  const std::optional<SampleLog> log = read_sample_log_file(path, error);
  ASSERT_TRUE(log) << error;
  EXPECT_EQ(log->stacks.size(), 1u);
  std::remove(path.c_str());
}

TEST(SampleLog, KeepingAnExistingLogWritesTheNextName) {
  const std::string path = temp_path("kept.log");
  std::string error;
  for (int round = 0; round < 3; ++round) {
    SampleLogWriter writer;
    ASSERT_TRUE(writer.open(path, true, 997, 1003009, "kept", error)) << error;
    EXPECT_EQ(writer.path(), round == 0 ? path : path + "." + std::to_string(round));
    const std::uint64_t address = static_cast<std::uint64_t>(round);
    ASSERT_TRUE(writer.append_sample(::gettid(), &address, 1));
    writer.close();
  }
  const std::optional<SampleLog> first = read_sample_log_file(path, error);
  ASSERT_TRUE(first) << error;
  ASSERT_EQ(first->stacks.size(), 1u);
  EXPECT_EQ(first->addresses[0], 0u);
  SampleLogWriter truncating;
  ASSERT_TRUE(truncating.open(path, false, 997, 1003009, "kept", error)) << error;
  EXPECT_EQ(truncating.path(), path);
  truncating.close();
  for (const char* suffix : {"", ".1", ".2"}) std::remove((path + suffix).c_str());
}

TEST(SampleLog, ARecordRunningPastItsChunkEndsTheChunk) {
  SampleLogWriter writer;
  std::string error;
  ASSERT_TRUE(writer.open("", false, 997, 1003009, "damaged", error)) << error;
  for (std::uint64_t sample = 0; sample < 3; ++sample)
    ASSERT_TRUE(writer.append_sample(::gettid(), &sample, 1));
  std::vector<char> copy(writer.data(), writer.data() + writer.size());
  writer.close();
  // The second record claims more bytes than the chunk holds.
  auto* second =
      reinterpret_cast<RecordHeader*>(copy.data() + kLogHeaderBytes + sizeof(ChunkHeader) + 16);
  second->bytes = 1 << 20;
  const std::optional<SampleLog> log = read_sample_log(copy.data(), copy.size(), error);
  ASSERT_TRUE(log) << error;
  EXPECT_EQ(log->stacks.size(), 1u);
}

TEST(SampleLog, WhatIsNotALogIsRefusedWithAReason) {
  std::string error;
  const std::vector<char> zeros(kLogHeaderBytes + kChunkBytes, 0);
  EXPECT_FALSE(read_sample_log(zeros.data(), zeros.size(), error));
  EXPECT_EQ(error, "not a hotpath sample log");
  EXPECT_FALSE(read_sample_log(zeros.data(), 100, error));
  EXPECT_EQ(error, "not a hotpath sample log (too short)");
  EXPECT_FALSE(read_sample_log_file("/nonexistent/samples.log", error));
  EXPECT_EQ(error, "cannot open \"/nonexistent/samples.log\": No such file or directory");
}

TEST(SampleLog, AnUnwritableFileIsRefusedWithAReason) {
  SampleLogWriter writer;
  std::string error;
  EXPECT_FALSE(writer.open("/nonexistent/dir/samples.log", false, 997, 1, "x", error));
  EXPECT_EQ(error, "cannot create \"/nonexistent/dir/samples.log\": No such file or directory");
  EXPECT_FALSE(writer.is_open());
  const std::uint64_t address = 1;
  EXPECT_FALSE(writer.append_sample(1, &address, 1));
}

}  // namespace
}  // namespace hotpath::cpu
