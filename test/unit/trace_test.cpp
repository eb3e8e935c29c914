// The timeline trace: a thread's ring keeps the newest calls and counts the ones it
// dropped, reading it while its owner writes never yields a torn call, and the
// Chrome trace-event document is exactly what ui.perfetto.dev expects, the
// speedscope document what speedscope does.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>

#include "core/trace_ring.hpp"
#include "reporting/speedscope_writer.hpp"
#include "reporting/trace_writer.hpp"

namespace hotpath::detail {
namespace {

constexpr std::size_t kCallBytes = 24;  // a ring slot

TEST(TraceRing, KeepsTheNewestCallsAndCountsTheDroppedOnes) {
  std::unique_ptr<TraceRing> ring(TraceRing::create(4 * kCallBytes, 42));
  ASSERT_NE(ring, nullptr);
  for (std::uint64_t i = 1; i <= 6; ++i)
    ring->append(i * 10, i * 10 + 5, static_cast<std::uint32_t>(i));
  const ThreadTrace trace = ring->read();
  EXPECT_EQ(trace.tid, 42);
  EXPECT_EQ(trace.dropped, 2u);
  ASSERT_EQ(trace.calls.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(trace.calls[i].site, i + 3);
    EXPECT_EQ(trace.calls[i].start_ticks, (i + 3) * 10);
    EXPECT_EQ(trace.calls[i].end_ticks, (i + 3) * 10 + 5);
  }
  ring->clear();
  EXPECT_TRUE(ring->read().calls.empty());
}

TEST(TraceRing, AReadWhileTheOwnerWritesHasOnlyWholeCalls) {
  std::unique_ptr<TraceRing> ring(TraceRing::create(64 * kCallBytes, 1));
  ASSERT_NE(ring, nullptr);
  std::atomic<bool> done{false};
  // Each call is (n, n + 1, n): a torn one would mix two calls.
  std::thread owner([&] {
    for (std::uint64_t n = 1; n <= 200'000; ++n)
      ring->append(n, n + 1, static_cast<std::uint32_t>(n));
    done = true;
  });
  while (!done) {
    const ThreadTrace trace = ring->read();
    for (const TracedCall& call : trace.calls) {
      ASSERT_EQ(call.end_ticks, call.start_ticks + 1);
      ASSERT_EQ(call.site, static_cast<std::uint32_t>(call.start_ticks));
    }
  }
  owner.join();
  const ThreadTrace last = ring->read();
  EXPECT_EQ(last.calls.size(), 64u);
  EXPECT_EQ(last.dropped, 200'000u - 64u);
}

TEST(ChromeTrace, OneCompleteEventPerCallInMicrosecondsWithThreadNames) {
  ThreadTrace main_thread;
  main_thread.tid = 100;
  main_thread.name = "main";
  // Out of order in the ring (a callee ends first): sorted by start, callers first.
  main_thread.calls = {{1'500, 2'000, 2}, {1'000, 3'250, 1}, {1'000, 1'400, 2}};
  ThreadTrace worker;
  worker.tid = 101;
  worker.name = "w\"1";
  worker.calls = {{5'000, 5'001, 9}};
  worker.dropped = 7;
  TraceFacts facts;
  facts.pid = 100;
  facts.process_name = "app";
  facts.origin_ticks = 1'000;
  facts.ring_bytes = 1024;
  const std::string json =
      chrome_trace_json({main_thread, worker}, {"serve", "read"}, TickConverter(1.0), facts);
  EXPECT_EQ(json,
            "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"hotpath\","
            "\"dropped_calls\":7,\"ring_bytes_per_thread\":1024,\"untraced_threads\":0},"
            "\"traceEvents\":[\n"
            "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":100,\"tid\":100,"
            "\"args\":{\"name\":\"app\"}},\n"
            "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":100,\"tid\":100,"
            "\"args\":{\"name\":\"main\"}},\n"
            "{\"ph\":\"X\",\"name\":\"serve\",\"cat\":\"hotpath\",\"pid\":100,\"tid\":100,"
            "\"ts\":0.000,\"dur\":2.250},\n"
            "{\"ph\":\"X\",\"name\":\"read\",\"cat\":\"hotpath\",\"pid\":100,\"tid\":100,"
            "\"ts\":0.000,\"dur\":0.400},\n"
            "{\"ph\":\"X\",\"name\":\"read\",\"cat\":\"hotpath\",\"pid\":100,\"tid\":100,"
            "\"ts\":0.500,\"dur\":0.500},\n"
            "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":100,\"tid\":101,"
            "\"args\":{\"name\":\"w\\\"1\"}},\n"
            "{\"ph\":\"X\",\"name\":\"site 9\",\"cat\":\"hotpath\",\"pid\":100,\"tid\":101,"
            "\"ts\":4.000,\"dur\":0.001}\n"
            "]}\n");
  EXPECT_EQ(dropped_calls({main_thread, worker}), 7u);
}

TEST(ChromeTrace, ACoroutineInstanceIsAnAsyncTrackAndAFlowThroughItsSegments) {
  // Instance 5 of site 1: three segments on two threads, then its end; instance 6
  // of site 2: never segmented (its guard measured the logical life only).
  ThreadTrace loop;
  loop.tid = 200;
  loop.name = "loop";
  loop.calls = {{2'000, 2'100, 1, 5}, {6'000, 6'050, 1, 5}, {3'000, 9'000, 2, 6 | kInstanceEnd}};
  ThreadTrace pool;
  pool.tid = 201;
  pool.name = "pool";
  pool.calls = {{4'000, 4'200, 1, 5}, {2'000, 7'000, 1, 5 | kInstanceEnd}};
  TraceFacts facts;
  facts.pid = 200;
  facts.process_name = "app";
  facts.origin_ticks = 1'000;
  const std::string json =
      chrome_trace_json({loop, pool}, {"session", "idle"}, TickConverter(1.0), facts);
  const std::string events = json.substr(json.find("\"traceEvents\""));
  EXPECT_EQ(events,
            "\"traceEvents\":[\n"
            "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":200,\"tid\":200,"
            "\"args\":{\"name\":\"app\"}},\n"
            "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":200,\"tid\":200,"
            "\"args\":{\"name\":\"loop\"}},\n"
            "{\"ph\":\"X\",\"name\":\"session\",\"cat\":\"hotpath\",\"pid\":200,\"tid\":200,"
            "\"ts\":1.000,\"dur\":0.100,\"args\":{\"instance\":5}},\n"
            "{\"ph\":\"X\",\"name\":\"session\",\"cat\":\"hotpath\",\"pid\":200,\"tid\":200,"
            "\"ts\":5.000,\"dur\":0.050,\"args\":{\"instance\":5}},\n"
            "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":200,\"tid\":201,"
            "\"args\":{\"name\":\"pool\"}},\n"
            "{\"ph\":\"X\",\"name\":\"session\",\"cat\":\"hotpath\",\"pid\":200,\"tid\":201,"
            "\"ts\":3.000,\"dur\":0.200,\"args\":{\"instance\":5}},\n"
            // Instance 5: its life where it ended, then the flow in time order.
            "{\"ph\":\"b\",\"name\":\"session\",\"cat\":\"hotpath.coroutine\",\"pid\":200,"
            "\"tid\":201,\"ts\":1.000,\"id\":5},\n"
            "{\"ph\":\"e\",\"name\":\"session\",\"cat\":\"hotpath.coroutine\",\"pid\":200,"
            "\"tid\":201,\"ts\":6.000,\"id\":5},\n"
            "{\"ph\":\"s\",\"name\":\"session\",\"cat\":\"hotpath.coroutine\",\"pid\":200,"
            "\"tid\":200,\"ts\":1.000,\"id\":5},\n"
            "{\"ph\":\"t\",\"name\":\"session\",\"cat\":\"hotpath.coroutine\",\"pid\":200,"
            "\"tid\":201,\"ts\":3.000,\"id\":5},\n"
            "{\"ph\":\"f\",\"name\":\"session\",\"cat\":\"hotpath.coroutine\",\"pid\":200,"
            "\"tid\":200,\"ts\":5.000,\"id\":5,\"bp\":\"e\"},\n"
            // Instance 6: its life only.
            "{\"ph\":\"b\",\"name\":\"idle\",\"cat\":\"hotpath.coroutine\",\"pid\":200,"
            "\"tid\":200,\"ts\":2.000,\"id\":6},\n"
            "{\"ph\":\"e\",\"name\":\"idle\",\"cat\":\"hotpath.coroutine\",\"pid\":200,"
            "\"tid\":200,\"ts\":8.000,\"id\":6}\n"
            "]}\n");
}

TEST(Speedscope, OneEventedProfilePerThreadStrictlyNested) {
  ThreadTrace main_thread;
  main_thread.tid = 100;
  main_thread.name = "main";
  // serve [1000, 5000] calls read [1500, 2000] and a read that outlasts it by a
  // tick [4000, 5001]; an instance's end record is no call.
  main_thread.calls = {
      {1'500, 2'000, 2}, {1'000, 5'000, 1}, {4'000, 5'001, 2}, {1'000, 9'000, 3, 7 | kInstanceEnd}};
  ThreadTrace idle;
  idle.tid = 101;
  TraceFacts facts;
  facts.pid = 100;
  facts.process_name = "app";
  facts.origin_ticks = 1'000;
  EXPECT_EQ(
      speedscope_json({main_thread, idle}, {"serve", "read"}, TickConverter(1.0), facts),
      "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\","
      "\"shared\":{\"frames\":[{\"name\":\"serve\"},{\"name\":\"read\"}]},"
      "\"profiles\":[{\"type\":\"evented\",\"name\":\"main (100)\",\"unit\":\"nanoseconds\","
      "\"startValue\":0,\"endValue\":4001,\"events\":["
      "{\"type\":\"O\",\"frame\":0,\"at\":0},{\"type\":\"O\",\"frame\":1,\"at\":500},"
      "{\"type\":\"C\",\"frame\":1,\"at\":1000},{\"type\":\"O\",\"frame\":1,\"at\":3000},"
      "{\"type\":\"C\",\"frame\":1,\"at\":4000},{\"type\":\"C\",\"frame\":0,\"at\":4000}]},"
      "{\"type\":\"evented\",\"name\":\"thread 101\",\"unit\":\"nanoseconds\",\"startValue\":0,"
      "\"endValue\":0,\"events\":[]}],"
      "\"name\":\"app [100]\",\"activeProfileIndex\":0,\"exporter\":\"hotpath\"}\n");
}

TEST(Speedscope, OneSampledProfilePerThreadOfTheCpuSamples) {
  pprof::NativeSamples cpu;
  cpu.period_ns = 1'000'000;
  // lex inlined into parse at 0x10; main at 0x20. The same function at two lines
  // is one frame.
  cpu.locations.push_back({0x10, 1, {{"lex", "lex.hpp", 7}, {"parse", "parse.cpp", 30}}});
  cpu.locations.push_back({0x20, 1, {{"main", "main.cpp", 5}}});
  cpu.locations.push_back({0x30, 1, {{"parse", "parse.cpp", 31}}});
  cpu.samples.push_back({"main", {0, 1}, 3});
  cpu.samples.push_back({"worker", {2, 1}, 1});
  cpu.samples.push_back({"main", {2, 1}, 2});
  TraceFacts facts;
  facts.pid = 100;
  facts.process_name = "app";
  EXPECT_EQ(speedscope_json({}, {}, TickConverter(1.0), facts, &cpu),
            "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\","
            "\"shared\":{\"frames\":[{\"name\":\"parse\",\"file\":\"parse.cpp\"},"
            "{\"name\":\"lex\",\"file\":\"lex.hpp\"},{\"name\":\"main\",\"file\":"
            "\"main.cpp\"}]},\"profiles\":["
            "{\"type\":\"sampled\",\"name\":\"main CPU samples\",\"unit\":\"nanoseconds\","
            "\"startValue\":0,\"endValue\":5000000,\"samples\":[[2,0,1],[2,0]],"
            "\"weights\":[3000000,2000000]},"
            "{\"type\":\"sampled\",\"name\":\"worker CPU samples\",\"unit\":\"nanoseconds\","
            "\"startValue\":0,\"endValue\":1000000,\"samples\":[[2,0]],\"weights\":[1000000]}],"
            "\"name\":\"app [100]\",\"activeProfileIndex\":0,\"exporter\":\"hotpath\"}\n");
}

}  // namespace
}  // namespace hotpath::detail
