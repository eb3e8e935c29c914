// Time to produce the report of a large program: 10,000 functions (names parsed
// from pretty-function signatures), each recorded by 8 threads, in a call tree of
// 10,000 paths per thread. Four threads are
// still alive, parked, when the report is produced, so their slots are merged live;
// four have exited and handed their data over to the registry. Separate benchmarks
// time the snapshot and report assembly, each renderer, and the whole report; the
// renderers run with the default row limit (15) and with every row (limit 0).
#include <benchmark/benchmark.h>

#include "bench_main.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/clock_calibration.hpp"
#include "core/registry.hpp"
#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"
#include "hotpath/report.hpp"
#include "reporting/report_builder.hpp"

namespace hotpath::detail {
namespace {

constexpr int kModules = 100;
constexpr int kFunctionsPerModule = 100;
constexpr int kSites = kModules * kFunctionsPerModule;
constexpr int kThreads = 8;
constexpr int kParkedThreads = kThreads / 2;
constexpr std::uint64_t kCallsPerSite = 4;

/// 10,000 registered sites with data from 8 threads, half of them parked and alive.
class RecordedProgram {
 public:
  RecordedProgram() {
    // Sites point at their strings: reserve so that no string ever moves.
    signatures_.reserve(kSites);
    files_.reserve(kModules);
    sites_.reserve(kSites);
    for (int module = 0; module < kModules; ++module) {
      files_.push_back("src/app/module_" + std::to_string(module) + ".cpp");
      for (int function = 0; function < kFunctionsPerModule; ++function) {
        signatures_.push_back("void app::module_" + std::to_string(module) + "::function_" +
                              std::to_string(function) + "(int)");
        sites_.push_back(std::make_unique<Site>(nullptr, signatures_.back().c_str(),
                                                files_.back().c_str(),
                                                static_cast<std::uint32_t>(10 + 20 * function)));
      }
    }
    std::vector<std::thread> exiting;
    for (int thread = 0; thread < kThreads; ++thread) {
      auto body = [this, thread] {
        record_everything(thread);
        std::unique_lock<std::mutex> lock(mutex_);
        ++recorded_;
        changed_.notify_all();
        if (thread < kParkedThreads) changed_.wait(lock, [this] { return released_; });
      };
      if (thread < kParkedThreads) {
        parked_.emplace_back(body);
      } else {
        exiting.emplace_back(body);
      }
    }
    // Joining guarantees the exit hand-over has run (it is a thread-exit destructor).
    for (std::thread& thread : exiting) thread.join();
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return recorded_ == kThreads; });
  }

  ~RecordedProgram() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      released_ = true;
    }
    changed_.notify_all();
    for (std::thread& thread : parked_) thread.join();
  }

  RecordedProgram(const RecordedProgram&) = delete;
  RecordedProgram& operator=(const RecordedProgram&) = delete;

  const Site& site(int index) const { return *sites_[index]; }

 private:
  // Through the shadow stack, as guards record, so that the call tree fills too:
  // the first function of each module calls the module's 99 others, 4 times.
  void record_everything(int thread) {
    ThreadState& state = t_thread_state;
    for (int module = 0; module < kModules; ++module) {
      const int first = module * kFunctionsPerModule;
      for (std::uint64_t call = 0; call < kCallsPerSite; ++call) {
        Frame caller;
        push_frame(state, caller, *sites_[first]);
        caller.start_ticks = 0;
        std::uint64_t elapsed = ticks_per_call(first, thread, call);
        for (int index = first + 1; index < first + kFunctionsPerModule; ++index) {
          Frame callee;
          push_frame(state, callee, *sites_[index]);
          callee.start_ticks = elapsed;
          elapsed += ticks_per_call(index, thread, call);
          finish_frame(state, callee, elapsed);
        }
        finish_frame(state, caller, elapsed);
      }
    }
  }

  // 2,000 to ~400,000 ticks per call, different for every function and thread, so
  // totals differ and each slot holds a few histogram rows.
  static std::uint64_t ticks_per_call(int index, int thread, std::uint64_t call) {
    const std::uint64_t base =
        2'000 + (static_cast<std::uint64_t>(index) * 7'919 + thread * 104'729) % 400'000;
    return base + base * call / 2;
  }

  std::vector<std::string> signatures_;
  std::vector<std::string> files_;
  std::vector<std::unique_ptr<Site>> sites_;
  std::vector<std::thread> parked_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int recorded_ = 0;
  bool released_ = false;
};

std::unique_ptr<RecordedProgram> g_program;

/// Records the program on first use; false (and the benchmark skipped) when the
/// registry does not hold exactly its sites.
bool prepare(benchmark::State& state) {
  if (g_program == nullptr) g_program = std::make_unique<RecordedProgram>();
  if (Registry::instance().site_count() != static_cast<std::size_t>(kSites)) {
    state.SkipWithError("the registry does not hold exactly the 10,000 benchmark sites");
    return false;
  }
  return true;
}

ReportSettings settings_with_limit(std::size_t limit) {
  ReportSettings settings;
  settings.session_name = "main";
  settings.limit = limit;
  return settings;
}

/// What the runtime does before rendering: snapshot, calibrate, assemble. As the
/// runtime's report, only the rows shown (the limit) read their histograms.
Report assemble_report(const ReportSettings& settings) {
  Registry& registry = Registry::instance();
  RegistrySnapshot snapshot =
      registry.snapshot(settings.limit == 0 ? DurationHistograms::All : DurationHistograms::Later);
  const TickConverter ticks = TickConverter::calibrate();
  ReportSettings with_wall = settings;
  with_wall.wall_ns = ticks.to_ns(now_ticks() - start_ticks());
  with_wall.rows_with_durations = settings.limit;
  return build_report(snapshot, with_wall, ticks,
                      [&](RegistrySnapshot& later, const std::vector<std::uint32_t>& site_ids) {
                        registry.add_duration_histograms(later, site_ids, nullptr);
                      });
}

// The registry's part alone: every slot of every thread merged.
void BM_Report_Snapshot(benchmark::State& state) {
  if (!prepare(state)) return;
  for (auto _ : state) {
    benchmark::DoNotOptimize(Registry::instance().snapshot().totals.size());
  }
}
BENCHMARK(BM_Report_Snapshot)->Unit(benchmark::kMillisecond);

void BM_Report_SnapshotAndBuild(benchmark::State& state) {
  if (!prepare(state)) return;
  std::size_t rows = 0;
  std::size_t tree_nodes = 0;
  std::uint64_t calls = 0;
  for (auto _ : state) {
    const Report report = assemble_report(settings_with_limit(15));
    rows = report.rows.size();
    tree_nodes = report.call_tree.size();
    benchmark::DoNotOptimize(rows);
    state.PauseTiming();
    calls = 0;
    for (const FunctionRow& row : report.rows) calls += row.calls;
    state.ResumeTiming();
  }
  // 10,000 rows and 8 x 4 calls each: nothing recorded by either kind of thread is
  // lost; 10,000 paths, the threads' trees merged.
  state.counters["rows"] = static_cast<double>(rows);
  state.counters["tree_nodes"] = static_cast<double>(tree_nodes);
  state.counters["calls"] = static_cast<double>(calls);
}
BENCHMARK(BM_Report_SnapshotAndBuild)->Unit(benchmark::kMillisecond);

template <typename ReporterType>
void BM_Report_Render(benchmark::State& state) {
  if (!prepare(state)) return;
  const Report report = assemble_report(settings_with_limit(state.range(0)));
  ReporterType reporter;
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::ostringstream out;
    reporter.write(report, out);
    bytes = out.str().size();
    benchmark::DoNotOptimize(bytes);
  }
  state.counters["output_bytes"] = static_cast<double>(bytes);
}
BENCHMARK_TEMPLATE(BM_Report_Render, TableReporter)
    ->Name("BM_Report_RenderTable")
    ->ArgName("limit")
    ->Arg(15)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Report_Render, JsonReporter)
    ->Name("BM_Report_RenderJson")
    ->ArgName("limit")
    ->Arg(15)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond);

void BM_Report_Total(benchmark::State& state) {
  if (!prepare(state)) return;
  const ReportSettings settings = settings_with_limit(state.range(0));
  TableReporter table;
  JsonReporter json;
  for (auto _ : state) {
    const Report report = assemble_report(settings);
    std::ostringstream table_out;
    table.write(report, table_out);
    std::ostringstream json_out;
    json.write(report, json_out);
    benchmark::DoNotOptimize(table_out.tellp());
    benchmark::DoNotOptimize(json_out.tellp());
  }
}
BENCHMARK(BM_Report_Total)->ArgName("limit")->Arg(15)->Arg(0)->Unit(benchmark::kMillisecond);

double microseconds_since(std::chrono::steady_clock::time_point started) {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - started)
      .count();
}

/// The largest of `values` and the one at the 99th percentile, in the counters
/// `name`_max_us and `name`_p99_us.
void wait_counters(benchmark::State& state, const std::string& name, std::vector<double> values) {
  if (values.empty()) return;
  std::sort(values.begin(), values.end());
  state.counters[name + "_max_us"] = values.back();
  state.counters[name + "_p99_us"] = values[values.size() * 99 / 100];
}

// A new thread's first measured call and its exit, while another thread takes
// reports without pause: what they wait for the registry's lock (the slow path of
// a first call registers the thread and the function's slot; an exit hands the
// thread's data over). Each iteration is one thread; the counters give the longest
// and the 99th percentile, and how many reports were taken meanwhile.
void BM_Report_ThreadStartAndExitDuringReports(benchmark::State& state) {
  if (!prepare(state)) return;
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> reports{0};
  std::thread reporter([&] {
    while (!stop.load(std::memory_order_relaxed)) {
      benchmark::DoNotOptimize(assemble_report(settings_with_limit(15)).rows.size());
      reports.fetch_add(1, std::memory_order_relaxed);
    }
  });
  // Waits until the first report is under way, so that every thread overlaps one.
  while (reports.load() == 0) std::this_thread::yield();
  std::vector<double> first_calls;
  std::vector<double> exits;
  int index = 0;
  for (auto _ : state) {
    const Site& site = g_program->site(index++ % kSites);
    std::thread thread([&] {
      ThreadState& recording = t_thread_state;
      auto started = std::chrono::steady_clock::now();
      Frame frame;
      push_frame(recording, frame, site);
      finish_frame(recording, frame, frame.start_ticks + 1'000);
      first_calls.push_back(microseconds_since(started));
      started = std::chrono::steady_clock::now();
      Registry::instance().retire(recording);
      exits.push_back(microseconds_since(started));
    });
    thread.join();
  }
  stop = true;
  reporter.join();
  wait_counters(state, "first_call", std::move(first_calls));
  wait_counters(state, "exit", std::move(exits));
  state.counters["reports"] = static_cast<double>(reports.load());
}
// Last: the threads it starts stay in the report's list of threads.
BENCHMARK(BM_Report_ThreadStartAndExitDuringReports)
    ->Iterations(400)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace hotpath::detail

int main(int argc, char** argv) {
  const int status = run_benchmarks(argc, argv);
  hotpath::detail::g_program.reset();
  return status;
}
