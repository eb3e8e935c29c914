// Gauges and counters by name. A name is looked up first in the calling thread's
// small cache, keyed by the address of the name's text and checked against the
// name itself (so a buffer reused for another name finds the other gauge); a miss
// takes the registry's lock. Cells are allocated once and never freed.
#include "core/gauge_registry.hpp"

#include <cstdio>
#include <cstring>
#include <mutex>
#include <string_view>
#include <unordered_map>

#include "hotpath/detail/recording.hpp"
#include "hotpath/gauges.hpp"

namespace hotpath {
namespace detail {
namespace {

/// A cell with its name and kind, and the handles gauge() and counter() return.
struct NamedCell {
  NamedCell(std::string cell_name, GaugeKind cell_kind)
      : name(std::move(cell_name)), kind(cell_kind) {}

  GaugeCell cell;
  const std::string name;
  const GaugeKind kind;
  ::hotpath::Gauge gauge_handle{&cell};
  ::hotpath::Counter counter_handle{&cell};
  /// Set once the name was asked for as the other kind and the error said.
  std::atomic<bool> misuse_reported{false};
};

const char* kind_name(GaugeKind kind) { return kind == GaugeKind::Gauge ? "gauge" : "counter"; }

class GaugeRegistry {
 public:
  /// Leaked: gauges are updated by static destructors and threads that outlive main.
  static GaugeRegistry& instance() {
    static GaugeRegistry* registry = new GaugeRegistry;
    return *registry;
  }

  /// The cell named `name`, created as `kind` when new.
  NamedCell& find_or_create(std::string_view name, GaugeKind kind) {
    RuntimeScope runtime;  // the cell's allocations are not the program's
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = by_name_.find(name);
    if (found != by_name_.end()) return *found->second;
    NamedCell* cell = new NamedCell(std::string(name), kind);
    by_name_.emplace(std::string_view(cell->name), cell);
    cells_.push_back(cell);
    return *cell;
  }

  std::vector<GaugeReading> read() {
    std::vector<GaugeReading> readings;
    std::lock_guard<std::mutex> lock(mutex_);
    readings.reserve(cells_.size());
    for (const NamedCell* named : cells_) {
      const GaugeCell& cell = named->cell;
      GaugeReading reading;
      reading.name = named->name;
      reading.kind = named->kind;
      reading.updates = cell.updates.load(std::memory_order_relaxed);
      reading.value = cell.value.load(std::memory_order_relaxed);
      reading.min = cell.min.load(std::memory_order_relaxed);
      reading.max = cell.max.load(std::memory_order_relaxed);
      // Before its first update has widened them, the bounds are the value's.
      if (reading.min > reading.max) reading.min = reading.max = reading.value;
      if (named->kind == GaugeKind::Counter) {
        reading.total = static_cast<std::uint64_t>(reading.value);
        reading.value = reading.min = reading.max = 0;
      }
      readings.push_back(std::move(reading));
    }
    return readings;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string_view, NamedCell*> by_name_;  // keys point into the cells
  std::vector<NamedCell*> cells_;                             // in the order of creation
};

/// Where the handles of a misused name point: updated, never reported.
NamedCell& detached_cell(GaugeKind kind) {
  static NamedCell* gauge_cell = new NamedCell("", GaugeKind::Gauge);
  static NamedCell* counter_cell = new NamedCell("", GaugeKind::Counter);
  return kind == GaugeKind::Gauge ? *gauge_cell : *counter_cell;
}

/// One entry of a thread's cache: the text's address and kind asked for, the
/// cell whose name must match, and the cell whose handle is returned.
struct CachedName {
  const char* text;
  NamedCell* named;
  NamedCell* target;
  GaugeKind kind;
};

// Plain data in initial-exec TLS: no constructor or destructor, so it works before
// main, on threads that outlive it, and during exit.
constexpr std::size_t kCachedNames = 32;
constexpr unsigned kSlotShift = 64 - 5;  // the hash's top 5 bits pick one of 32 slots
__thread CachedName t_cached_names[kCachedNames] __attribute__((tls_model("initial-exec")));

/// `named` asked for as the other kind: the error, said once per name.
NamedCell& misused(NamedCell& named, GaugeKind kind) {
  if (!named.misuse_reported.exchange(true, std::memory_order_relaxed)) {
    std::fprintf(stderr,
                 "hotpath: error: \"%s\" is a %s, not a %s: hotpath::%s(\"%s\") records nothing "
                 "(a name is either a gauge or a counter)\n",
                 named.name.c_str(), kind_name(named.kind), kind_name(kind), kind_name(kind),
                 named.name.c_str());
  }
  return detached_cell(kind);
}

/// The cell whose handle gauge() or counter() returns for `name`.
NamedCell& lookup(const char* text, std::size_t size, GaugeKind kind) {
  // Fibonacci hashing: literals packed a few bytes apart land in different slots.
  const std::uint64_t key =
      (static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(text)) << 1) |
      static_cast<std::uint64_t>(kind);
  const std::size_t slot = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> kSlotShift);
  CachedName& cached = t_cached_names[slot];
  if (cached.text == text && cached.kind == kind && cached.named->name.size() == size &&
      std::memcmp(cached.named->name.data(), text, size) == 0)
    return *cached.target;
  NamedCell& named = GaugeRegistry::instance().find_or_create(std::string_view(text, size), kind);
  NamedCell& target = named.kind == kind ? named : misused(named, kind);
  cached = CachedName{text, &named, &target, kind};
  return target;
}

}  // namespace

std::vector<GaugeReading> read_gauges() { return GaugeRegistry::instance().read(); }

}  // namespace detail

Gauge& gauge(const char* name) noexcept {
  if (name == nullptr) name = "";
  return detail::lookup(name, std::strlen(name), GaugeKind::Gauge).gauge_handle;
}

Gauge& gauge(const std::string& name) noexcept {
  return detail::lookup(name.data(), name.size(), GaugeKind::Gauge).gauge_handle;
}

Counter& counter(const char* name) noexcept {
  if (name == nullptr) name = "";
  return detail::lookup(name, std::strlen(name), GaugeKind::Counter).counter_handle;
}

Counter& counter(const std::string& name) noexcept {
  return detail::lookup(name.data(), name.size(), GaugeKind::Counter).counter_handle;
}

}  // namespace hotpath
