// Gauges and counters by name. A name is looked up first in the calling thread's
// small cache, keyed by the address of the name's text and checked against the
// name itself (so a buffer reused for another name finds the other gauge); a miss
// takes the registry's lock. Cells are allocated once and never freed.
//
// A counter's adds, and every cell's count of updates, go to the updating thread's
// own shard (UpdateShards, one slot per cell); a report sums the live threads'
// shards and what the threads that ended left in the cell. A thread's shards grow
// when it first updates a cell newer than they are, and are folded into the cells
// when it ends. A gauge's value itself is shared: its last value is the process's.
#include "core/gauge_registry.hpp"

#include <pthread.h>

#include <algorithm>
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

// Set once the thread's shards were folded into the cells: it is ending.
__thread bool t_update_shards_folded __attribute__((tls_model("initial-exec"))) = false;

class GaugeRegistry {
 public:
  GaugeRegistry() { pthread_key_create(&thread_end_, fold_ending_thread); }

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
    cell->cell.shard_slot = static_cast<std::uint32_t>(sharded_.size());
    sharded_.push_back(cell);
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
      reading.total = static_cast<std::uint64_t>(reading.value);
      add_live_shards(cell.shard_slot, reading);
      reading.min = cell.min.load(std::memory_order_relaxed);
      reading.max = cell.max.load(std::memory_order_relaxed);
      // Before its first update has widened them, the bounds are the value's.
      if (reading.min > reading.max) reading.min = reading.max = reading.value;
      if (named->kind == GaugeKind::Counter) {
        reading.value = reading.min = reading.max = 0;
      } else {
        reading.total = 0;
      }
      readings.push_back(std::move(reading));
    }
    return readings;
  }

  /// Gives the calling thread a shard for every gauge and counter made so far.
  void grow_own_shards() {
    std::lock_guard<std::mutex> lock(mutex_);
    UpdateShards* const old = t_update_shards;
    const std::uint32_t old_capacity = old != nullptr ? old->capacity : 0;
    // Room for the cells to come too: a thread copies its shards rarely.
    const std::size_t wanted = std::max<std::size_t>({sharded_.size(), 2 * old_capacity, 16});
    const auto capacity = static_cast<std::uint32_t>(std::min<std::size_t>(wanted, kNoShardSlot));
    UpdateShards* grown = new UpdateShards{capacity, new UpdateShard[capacity]()};
    for (std::uint32_t slot = 0; slot < old_capacity; ++slot) {
      grown->shards[slot].total.store(old->shards[slot].total.load(std::memory_order_relaxed),
                                      std::memory_order_relaxed);
      grown->shards[slot].updates.store(old->shards[slot].updates.load(std::memory_order_relaxed),
                                        std::memory_order_relaxed);
    }
    if (old != nullptr) {
      *std::find(threads_.begin(), threads_.end(), old) = grown;
      release(old);
    } else {
      threads_.push_back(grown);
      // The key's destructor runs when the thread ends (not for the main thread,
      // whose shards stay listed, and read, until the process ends).
      pthread_setspecific(thread_end_, grown);
    }
    t_update_shards = grown;
  }

 private:
  static void release(UpdateShards* shards) {
    delete[] shards->shards;
    delete shards;
  }

  /// The pthread key's destructor: the ending thread's adds move to the cells.
  static void fold_ending_thread(void*) {
    RuntimeScope runtime;
    instance().fold_own_shards();
  }

  void fold_own_shards() {
    std::lock_guard<std::mutex> lock(mutex_);
    UpdateShards* const own = t_update_shards;
    t_update_shards = nullptr;
    t_update_shards_folded = true;
    if (own == nullptr) return;
    for (std::uint32_t slot = 0; slot < own->capacity && slot < sharded_.size(); ++slot) {
      GaugeCell& cell = sharded_[slot]->cell;
      // A gauge's shards have no total: its value is the gauge's own.
      const std::uint64_t total = own->shards[slot].total.load(std::memory_order_relaxed);
      if (total != 0)
        cell.value.fetch_add(static_cast<std::int64_t>(total), std::memory_order_relaxed);
      cell.updates.fetch_add(own->shards[slot].updates.load(std::memory_order_relaxed),
                             std::memory_order_relaxed);
    }
    threads_.erase(std::find(threads_.begin(), threads_.end(), own));
    release(own);
  }

  /// Adds the live threads' shards of the cell in `slot` to `reading`.
  void add_live_shards(std::uint32_t slot, GaugeReading& reading) const {
    for (const UpdateShards* shards : threads_) {
      if (slot >= shards->capacity) continue;
      reading.total += shards->shards[slot].total.load(std::memory_order_relaxed);
      reading.updates += shards->shards[slot].updates.load(std::memory_order_relaxed);
    }
  }

  std::mutex mutex_;
  pthread_key_t thread_end_;
  std::vector<NamedCell*> sharded_;     // by GaugeCell::shard_slot
  std::vector<UpdateShards*> threads_;  // the shards of threads that have not ended
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

HOTPATH_API __thread UpdateShards* t_update_shards = nullptr;

void count_update_slowly(GaugeCell& cell, std::uint64_t amount) noexcept {
  // A misused name's handle, or a thread past its end: straight to the cell.
  if (cell.shard_slot == kNoShardSlot || t_update_shards_folded) {
    if (amount != 0)
      cell.value.fetch_add(static_cast<std::int64_t>(amount), std::memory_order_relaxed);
    cell.updates.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  {
    RuntimeScope runtime;  // the shards' allocations are not the program's
    GaugeRegistry::instance().grow_own_shards();
  }
  UpdateShard& shard = t_update_shards->shards[cell.shard_slot];
  shard.total.store(shard.total.load(std::memory_order_relaxed) + amount,
                    std::memory_order_relaxed);
  shard.updates.store(shard.updates.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

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
