// Gauges and counters from four threads, before main and during exit, for
// gauges.cpp and gauges_live_page.cpp. The exact values:
//   app.items    counter  10000 adds of 1 (a handle kept in a static reference)
//   app.bytes    counter  10000 adds of item % 10 by name: 45000
//   app.started  counter  1, added before main
//   app.depth    gauge    set 10, add 5, add -20, set 3: last 3, min -5, max 15, 4 updates
//   latency µs   gauge    set 250 (a UTF-8 name)
// counter("app.depth") is an error (a gauge), said once on stderr. A static
// destructor updates gauges after the report: nothing changes, nothing crashes.
// With an argument, the program waits for that file to exist before it returns.
// Built with GAUGE_PROGRAM_UNMEASURED_MAIN, main is not measured: the report comes
// at exit, after the static destructors, and has their updates too.
#include <hotpath/hotpath.hpp>

#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

namespace {

const bool g_started = [] {
  hotpath::counter("app.started").add();
  return true;
}();

struct UpdatesDuringExit {
  ~UpdatesDuringExit() {
    hotpath::counter("app.items").add();
    hotpath::gauge("app.depth").set(-100);
    hotpath::gauge("app.after_exit").set(1);
  }
} g_updates_during_exit;

bool file_exists(const char* path) {
  if (std::FILE* file = std::fopen(path, "r")) {
    std::fclose(file);
    return true;
  }
  return false;
}

}  // namespace

namespace app {

[[hotpath::measure]] void handle(int item) {
  static auto& items = hotpath::counter("app.items");
  items.add();
  hotpath::counter("app.bytes").add(static_cast<unsigned>(item % 10));
}

}  // namespace app

#if defined(GAUGE_PROGRAM_UNMEASURED_MAIN)
#define GAUGE_PROGRAM_MAIN
#else
#define GAUGE_PROGRAM_MAIN [[hotpath::main]]
#endif

GAUGE_PROGRAM_MAIN int main(int argc, char** argv) {
#if defined(GAUGE_PROGRAM_SESSION)
  // Built without the plugin: a session of its own, for the report.
  auto session = hotpath::GuardBuilder("main").build();
#endif
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t) {
    workers.emplace_back([t] {
      for (int i = 0; i < 2500; ++i) app::handle(t * 2500 + i);
    });
  }
  for (std::thread& worker : workers) worker.join();
  hotpath::Gauge depth = hotpath::gauge("app.depth");
  depth.set(10);
  depth.add(5);
  depth.add(-20);
  depth.set(3);
  hotpath::gauge("latency \xc2\xb5s").set(250);
  hotpath::counter("app.depth").add();
  hotpath::counter("app.depth").add();
  while (argc > 1 && !file_exists(argv[1]))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return g_started ? 0 : 1;
}
