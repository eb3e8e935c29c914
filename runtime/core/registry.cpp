// Registration of sites and threads, hand-over at thread exit, and snapshots.
#include "core/registry.hpp"

#include <errno.h>
#include <pthread.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "core/adaptive_timing.hpp"
#include "core/call_tree.hpp"
#include "core/clock_calibration.hpp"
#include "core/coroutine_paths.hpp"
#include "core/jump_recovery.hpp"
#include "core/overhead_calibration.hpp"
#include "env_config.hpp"
#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/coroutine_recording.hpp"
#include "session/termination_report.hpp"

namespace hotpath::detail {
namespace {

pthread_key_t g_thread_exit_key;
std::atomic<void (*)() noexcept> g_thread_exit_observer{nullptr};

// Runs when a recording thread exits (after its thread_local destructors, so calls
// measured there are kept). Not run for the main thread, whose data stays readable
// by the report produced at exit.
void on_thread_exit(void* state) {
  RuntimeScope runtime;
  if (auto* observer = g_thread_exit_observer.load(std::memory_order_acquire)) observer();
  Registry::instance().retire(*static_cast<ThreadState*>(state));
}

constexpr std::uint32_t kInitialSlotCapacity = 64;

// Started when the library loads, before main and before any thread exists: a
// fork() during a lazy start-up on another thread would leave the child waiting
// forever on the initialization of Registry::instance().
[[maybe_unused]] const Registry& g_registry_started_at_load = Registry::instance();

void clear_rows(HistogramRows& rows) noexcept {
  for (auto& pointer : rows) {
    HistogramRow* row = pointer.load(std::memory_order_relaxed);
    if (row == nullptr) continue;
    for (Counter& count : row->counts) count.store(0, std::memory_order_relaxed);
  }
}

void clear_slot(FunctionSlot& slot) noexcept {
  for (Counter* counter :
       {&slot.calls, &slot.untimed_calls, &slot.total_ticks, &slot.self_ticks, &slot.overhead_ticks,
        &slot.max_value, &slot.pending_value, &slot.cpu_self_samples, &slot.cpu_samples})
    counter->store(0, std::memory_order_relaxed);
  slot.min_value.store(~std::uint64_t{0}, std::memory_order_relaxed);
  slot.cpu_last_sample = 0;
  // The first call after is timed, as a function's first call always is.
  slot.untimed_left = 0;
  // Adaptive timing stays as it was; its sums and its count start afresh.
  slot.reviewed_total_ticks = 0;
  restart_adaptive_count(slot, slot.adaptive_calls_origin.load(std::memory_order_relaxed));
  for (Counter* counter : {&slot.sampled_calls, &slot.held_up_calls, &slot.sampled_total_ticks,
                           &slot.sampled_self_ticks, &slot.sampled_overhead_ticks})
    counter->store(0, std::memory_order_relaxed);

  clear_rows(slot.rows);
  if (AllocSlot* alloc = slot.alloc.load(std::memory_order_relaxed)) {
    for (Counter* counter :
         {&alloc->alloc_bytes, &alloc->alloc_count, &alloc->dealloc_bytes, &alloc->dealloc_count,
          &alloc->calls, &alloc->max_bytes, &alloc->pending_bytes})
      counter->store(0, std::memory_order_relaxed);
    alloc->min_bytes.store(~std::uint64_t{0}, std::memory_order_relaxed);
    clear_rows(alloc->rows);
  }
  if (WaitSlot* waits = slot.waits.load(std::memory_order_relaxed)) {
    for (WaitCounters& cause : waits->causes) {
      for (Counter* counter : {&cause.count, &cause.ticks, &cause.self_count, &cause.self_ticks})
        counter->store(0, std::memory_order_relaxed);
    }
    waits->io_bytes.store(0, std::memory_order_relaxed);
    waits->self_io_bytes.store(0, std::memory_order_relaxed);
  }
  if (CoroutineSlot* coroutine = slot.coroutine.load(std::memory_order_relaxed)) {
    for (Counter* counter :
         {&coroutine->started, &coroutine->completed, &coroutine->destroyed, &coroutine->resumes,
          &coroutine->running_ticks, &coroutine->suspended_ticks, &coroutine->max_running,
          &coroutine->max_suspended})
      counter->store(0, std::memory_order_relaxed);
    coroutine->min_running.store(~std::uint64_t{0}, std::memory_order_relaxed);
    coroutine->min_suspended.store(~std::uint64_t{0}, std::memory_order_relaxed);
    clear_rows(coroutine->running_rows);
    clear_rows(coroutine->suspended_rows);
  }
  // In a forked child, the parent's calls are not the child's: its log starts empty.
  if (CallLog* log = slot.call_log.load(std::memory_order_relaxed)) {
    log->written.store(0, std::memory_order_relaxed);
    log->tid = static_cast<std::uint64_t>(gettid());
  }
}

/// The name the program gave the thread with kernel id `tid`, or "thread N" (N: its
/// ordinal) when it gave none (threads inherit the program's name) or the thread is
/// gone. The calling thread's from the kernel at once (an exiting thread names
/// itself); another's from /proc, which needs no lock and no live pthread_t.
std::string thread_name(std::uint64_t tid, std::size_t ordinal) {
  char name[64] = {};
  if (tid == static_cast<std::uint64_t>(gettid())) {
    if (prctl(PR_GET_NAME, name) != 0) name[0] = '\0';
  } else {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/self/task/%llu/comm",
                  static_cast<unsigned long long>(tid));
    if (std::FILE* file = std::fopen(path, "re")) {
      if (std::fgets(name, sizeof name, file) == nullptr) name[0] = '\0';
      std::fclose(file);
    }
  }
  name[std::strcspn(name, "\n")] = '\0';
  if (name[0] != '\0' && std::strcmp(name, program_invocation_short_name) != 0) return name;
  return "thread " + std::to_string(ordinal);
}

/// Gives `thread` the overhead of adaptive timing's calls; `loaded`: the figures
/// are final (measured, or compensation off).
void give_adaptive_overhead(ThreadState& thread, const GuardOverhead& overhead,
                            bool loaded) noexcept {
  thread.untimed_overhead_fractions = overhead.untimed_fractions;
  thread.fenced_own_overhead_ticks = overhead.fenced_own_ticks;
  thread.fenced_nested_overhead_ticks = overhead.fenced_nested_ticks;
  thread.adaptive_overhead_loaded = loaded;
}

}  // namespace

Registry& Registry::instance() noexcept {
  static Registry* const registry = new Registry();  // never destroyed, see the header
  return *registry;
}

Registry::Registry() {
  const bool prefer_cycles = env_prefer_cycle_counter().value_or(true);
  select_tick_source(prefer_cycles && cycle_counter_is_reliable() ? TickSource::CycleCounter
                                                                  : TickSource::Monotonic);
  g_exclusive_time = env_time_exclusive().value_or(false);
  set_call_tree_node_limit(env_call_tree_node_limit().value_or(kDefaultCallTreeNodeLimit));
  // Before tracing is on and before any thread registers: the calibration's calls
  // are its own, and every thread gets the figures. Time sampling leaves calls
  // untimed from the start, and a report gives what such a call costs (hotpath
  // filter reads it); otherwise the figures of adaptive timing's calls wait for
  // its first adaptive function (load_adaptive_overhead).
  GuardOverhead overhead = measure_timed_guard_overhead();
  untimed_between_ = env_time_sampling_rate().value_or(1) - 1;
  compensating_ = env_compensate().value_or(true);
  if (compensating_ && untimed_between_ != 0) measure_adaptive_guard_overhead(overhead);
  if (compensating_) set_guard_overhead(overhead);
  // The timeline is recorded when a file wants it.
  g_tracing = env_trace_path().has_value() || env_speedscope_path().has_value();
  // A timeline holds every call it is given: tracing times them all.
  if (env_adaptive().value_or(true) && !g_tracing)
    set_adaptive_threshold(adaptive_threshold_for(overhead));
  if (g_tracing) g_records_calls = true;
  if (auto megabytes = env_trace_megabytes()) set_trace_ring_bytes(*megabytes << 20);
  warn_unknown_variables();
  pthread_key_create(&g_thread_exit_key, on_thread_exit);
  pthread_atfork(prepare_fork, after_fork_in_parent, after_fork_in_child);
}

// A fork waits for a report being taken: the child must not inherit retired totals
// half folded, or a lock held by a thread it does not have.
void Registry::prepare_fork() noexcept {
  instance().fold_mutex_.lock();
  instance().mutex_.lock();
}
void Registry::after_fork_in_parent() noexcept {
  instance().mutex_.unlock();
  instance().fold_mutex_.unlock();
}
void Registry::after_fork_in_child() noexcept {
  Registry& registry = instance();
  registry.forked_child_ = true;
  registry.forked_at_ticks_ = now_ticks();
  registry.start_afresh_in_child();
  registry.mutex_.unlock();
  registry.fold_mutex_.unlock();
}

FunctionSlot* Registry::attach(const Site& site, ThreadState& thread) {
  // Copied before the lock is taken: finding the site's module takes the dynamic
  // loader's lock, which a library's initializer calling a measured function holds
  // while it waits for this one.
  std::unique_ptr<const SiteRecord> record = site.id() == 0 ? SiteRecord::copy_of(site) : nullptr;
  std::lock_guard<std::mutex> lock(mutex_);
  const bool registering = !thread.registered;
  if (registering) {
    live_threads_.push_back(
        {&thread, thread_rows_.size(), getpid() == gettid(), static_cast<std::uint64_t>(gettid())});
    thread_rows_.emplace_back();
    thread.registered = true;
    const GuardOverhead overhead = guard_overhead();
    thread.own_overhead_ticks = overhead.own_ticks;
    thread.nested_overhead_ticks = overhead.nested_ticks;
    give_adaptive_overhead(thread, overhead, overhead.adaptive_measured || !compensating_);
    thread.adaptive_threshold_ticks = adaptive_threshold();
    thread.untimed_between = untimed_between_;
    CallTree::create(thread);
    remember_thread_stack();
    pthread_setspecific(g_thread_exit_key, &thread);
  }
  std::uint32_t id = site.id();
  if (id == 0) id = register_site(site, std::move(record));
  if (id >= thread.slot_capacity) {
    // A reader may be walking the old table: it is freed by the next fold.
    const std::uint32_t capacity =
        std::max({id + 1, thread.slot_capacity * 2, kInitialSlotCapacity});
    auto** slots = static_cast<FunctionSlot**>(std::calloc(capacity, sizeof(FunctionSlot*)));
    if (slots == nullptr) throw std::bad_alloc();
    if (thread.slots != nullptr) {
      std::memcpy(slots, thread.slots, thread.slot_capacity * sizeof(FunctionSlot*));
      outgrown_slot_tables_.push_back(thread.slots);
    }
    thread.slots = slots;
    thread.slot_capacity = capacity;
  }
  if (thread.slots[id] == nullptr) {
    auto* slot = new (arena_allocate(thread, sizeof(FunctionSlot))) FunctionSlot();
    slot->min_value.store(~std::uint64_t{0}, std::memory_order_relaxed);
    // The call registering the thread came before the thread knew the time
    // sampling rate: it is timed, and the first of its function's countdown.
    if (registering) slot->untimed_left = untimed_between_;
    // Release: a reader that sees the slot sees it constructed.
    __atomic_store_n(&thread.slots[id], slot, __ATOMIC_RELEASE);
  }
  return thread.slots[id];
}

std::uint32_t Registry::register_site(const Site& site, std::unique_ptr<const SiteRecord> record) {
  // A Site of a module at a place that already has an id is a library loaded again
  // (the earlier load's Site there had its id set, so it is gone): the same function.
  std::pair<std::string, std::uintptr_t> place{record->module(), record->offset_in_module()};
  const auto known = record->module().empty() ? ids_by_place_.end() : ids_by_place_.find(place);
  if (known != ids_by_place_.end()) {
    site.assign_id(known->second);
    return known->second;
  }
  sites_.push_back(std::move(record));
  retired_calls_.emplace_back();
  const auto id = static_cast<std::uint32_t>(sites_.size());
  if (!place.first.empty()) ids_by_place_.emplace(std::move(place), id);
  site.assign_id(id);
  if (id == 1) install_termination_report();
  return id;
}

void Registry::load_adaptive_overhead(ThreadState& thread) noexcept {
  const std::uint64_t started = now_ticks();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    GuardOverhead overhead = guard_overhead();
    if (compensating_ && !overhead.adaptive_measured) {
      // The calibration swaps this thread's state for a private one: readers of
      // other threads' states take this lock.
      measure_adaptive_guard_overhead(overhead);
      set_guard_overhead(overhead);
    }
    give_adaptive_overhead(thread, overhead, true);
  }
  // The measurement, or the wait for another thread's, is not the program's: it
  // is removed from the calls it happened in, as a callee's guard is.
  if (Frame* const innermost = thread.top) {
    const std::uint64_t spent = now_ticks() - started;
    innermost->child_ticks += spent;
    innermost->child_overhead += spent;
  }
}

void Registry::retire(ThreadState& thread) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!thread.registered) return;
    for (std::uint32_t id = 1; id < thread.slot_capacity; ++id) {
      const FunctionSlot* slot = thread.slots[id];
      if (slot == nullptr) continue;
      if (const CallLog* log = slot->call_log.load(std::memory_order_acquire)) {
        std::vector<LoggedCall>& kept = retired_calls_[id - 1];
        log->read(kept);
        keep_latest(kept, log->capacity);
      }
    }
    const auto live = std::find_if(live_threads_.begin(), live_threads_.end(),
                                   [&](const LiveThread& entry) { return entry.state == &thread; });
    const std::size_t ordinal = live->ordinal;
    thread_rows_[ordinal] = thread_row(*live);
    live_threads_.erase(live);
    if (auto* ring = static_cast<TraceRing*>(thread.trace_ring)) {
      retired_traces_.push_back(ring->read());
      retired_traces_.back().name = thread_rows_[ordinal].name;
      delete ring;
      thread.trace_ring = nullptr;
    }
    // The copy owns the slots, the tree and the arena from now on; the thread
    // registers afresh if it makes another measured call.
    exited_.push_back(thread);
    thread.slots = nullptr;
    thread.slot_capacity = 0;
    thread.call_tree = nullptr;
    thread.call_root = nullptr;
    thread.arena_chunks = nullptr;
    thread.arena_next = nullptr;
    thread.arena_end = nullptr;
    thread.registered = false;
  }
  // A report being taken may be reading this thread's memory: it folds the data in
  // itself at its next snapshot, and the exit does not wait for it.
  if (fold_mutex_.try_lock()) {
    std::vector<ThreadState> exited;
    std::vector<FunctionSlot**> outgrown;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      exited.swap(exited_);
      outgrown.swap(outgrown_slot_tables_);
    }
    fold_exited_threads(exited, outgrown);
    fold_mutex_.unlock();
  }
}

void Registry::fold_exited_threads(std::vector<ThreadState>& exited,
                                   std::vector<FunctionSlot**>& outgrown) {
  for (FunctionSlot** table : outgrown) std::free(table);
  for (ThreadState& state : exited) {
    if (state.slot_capacity > retired_.size() + 1) retired_.resize(state.slot_capacity - 1);
    for (std::uint32_t id = 1; id < state.slot_capacity; ++id) {
      if (const FunctionSlot* slot = state.slots[id]) retired_[id - 1].add_live_slot(*slot);
    }
    CallTree::of(state).add_to(retired_call_tree_);
    CallTree::destroy(state);
    std::free(state.slots);
    arena_release(state);
  }
}

void Registry::start_afresh_in_child() noexcept {
  // The child has one thread, the one that forked; the others' data stays in memory
  // nobody writes any more.
  ThreadState& self = t_thread_state;
  const auto own = std::find_if(live_threads_.begin(), live_threads_.end(),
                                [&](const LiveThread& entry) { return entry.state == &self; });
  if (own != live_threads_.end()) {
    live_threads_.front() = LiveThread{&self, 0, true, static_cast<std::uint64_t>(gettid())};
    live_threads_.resize(1);
    for (std::uint32_t id = 1; id < self.slot_capacity; ++id) {
      if (self.slots[id] != nullptr) clear_slot(*self.slots[id]);
    }
    CallTree::of(self).clear_counts();
    clear_coroutine_path_counts();
    if (auto* ring = static_cast<TraceRing*>(self.trace_ring)) ring->clear();
  } else {
    live_threads_.clear();
  }
  thread_rows_.resize(live_threads_.size());
  for (ThreadAllocRow& row : thread_rows_) row = ThreadAllocRow{};
  // The parent's exited threads: their memory is the child's copy, released here.
  std::vector<FunctionSlot**> outgrown;
  outgrown.swap(outgrown_slot_tables_);
  for (FunctionSlot** table : outgrown) std::free(table);
  for (ThreadState& state : exited_) {
    CallTree::destroy(state);
    std::free(state.slots);
    arena_release(state);
  }
  exited_.clear();
  for (FunctionTotals& totals : retired_) totals = FunctionTotals{};
  for (std::vector<LoggedCall>& calls : retired_calls_) calls.clear();
  retired_call_tree_ = CallTreeTotals{};
  retired_traces_.clear();
  untraced_threads_ = 0;
  self.allocated = AllocTally{0, 0};
  self.freed = AllocTally{0, 0};
  // Calls in progress go on in the child: from the fork, as calls of its own.
  unsigned visited = 0;
  for (Frame* frame = self.top; frame != nullptr && visited < kShadowStackWalkLimit;
       frame = frame->parent, ++visited) {
    frame->start_ticks = forked_at_ticks_;
    frame->child_ticks = 0;
    frame->child_overhead = 0;
    frame->untimed_calls = 0;
    frame->allocated = AllocTally{0, 0};
    frame->freed = AllocTally{0, 0};
  }
}

bool Registry::recorded_any_call() {
  const RegistrySnapshot recorded = snapshot();
  return std::any_of(recorded.totals.begin(), recorded.totals.end(),
                     [](const FunctionTotals& totals) { return totals.calls != 0; });
}

void Registry::set_time_sampling_rate(std::uint32_t rate) {
  std::lock_guard<std::mutex> lock(mutex_);
  untimed_between_ = rate - 1;
  // Each thread reads its copy on every measured call, with a relaxed load.
  for (const LiveThread& thread : live_threads_)
    __atomic_store_n(&thread.state->untimed_between, untimed_between_, __ATOMIC_RELAXED);
}

std::uint32_t Registry::time_sampling_rate() {
  std::lock_guard<std::mutex> lock(mutex_);
  return untimed_between_ + 1;
}

std::vector<Registry::ThreadReading> Registry::begin_reading(RegistrySnapshot* snapshot) {
  std::vector<ThreadReading> threads;
  std::vector<ThreadState> exited;
  std::vector<FunctionSlot**> outgrown;
  {
    // Only the listing is under the registry's lock: the exited threads to fold in
    // and the live ones to read, at one moment, so that each thread counts once.
    std::lock_guard<std::mutex> lock(mutex_);
    exited.swap(exited_);
    outgrown.swap(outgrown_slot_tables_);
    if (snapshot != nullptr) {
      snapshot->sites.reserve(sites_.size());
      for (const std::unique_ptr<const SiteRecord>& site : sites_)
        snapshot->sites.push_back(site.get());
      snapshot->threads = thread_rows_;
    }
    threads.reserve(live_threads_.size());
    for (const LiveThread& live : live_threads_) {
      const ThreadState& state = *live.state;
      ThreadReading thread{state.slots, state.slot_capacity, state.call_tree, live.ordinal, {},
                           false};
      thread.row = thread_figures(live, thread.named_by_kernel);
      threads.push_back(std::move(thread));
    }
  }
  fold_exited_threads(exited, outgrown);
  return threads;
}

RegistrySnapshot Registry::snapshot(DurationHistograms histograms) {
  // Held while the threads' memory is read: nothing of it is freed meanwhile.
  std::lock_guard<std::mutex> reading(fold_mutex_);
  RegistrySnapshot result;
  std::vector<ThreadReading> threads = begin_reading(&result);
  const bool with_histograms = histograms == DurationHistograms::All;
  result.histograms_later = !with_histograms;
  result.registered_sites = true;
  const std::size_t site_count = result.sites.size();
  result.totals.resize(site_count);
  for (std::size_t index = 0; index < site_count && index < retired_.size(); ++index)
    result.totals[index].merge(retired_[index], with_histograms);
  result.call_tree.merge(retired_call_tree_);
  for (ThreadReading& thread : threads) {
    static_cast<const CallTree*>(thread.call_tree)->add_to(result.call_tree);
    // Sites registered after the listing are left for the next report.
    const std::size_t ids = std::min<std::size_t>(thread.slot_capacity, site_count + 1);
    for (std::size_t id = 1; id < ids; ++id) {
      // Acquire: the owner may be publishing the slot now (attach()).
      if (const FunctionSlot* slot = __atomic_load_n(&thread.slots[id], __ATOMIC_ACQUIRE))
        result.totals[id - 1].add_live_slot(*slot, with_histograms);
    }
    if (thread.named_by_kernel) thread.row.name = thread_name(thread.row.tid, thread.ordinal);
    result.threads[thread.ordinal] = std::move(thread.row);
  }
  result.coroutine_paths = read_coroutine_paths();
  return result;
}

void Registry::add_duration_histograms(RegistrySnapshot& snapshot,
                                       const std::vector<std::uint32_t>& site_ids,
                                       const RegistrySnapshot* baseline) {
  std::lock_guard<std::mutex> reading(fold_mutex_);
  const std::vector<ThreadReading> threads = begin_reading(nullptr);
  for (std::uint32_t id : site_ids) {
    if (id == 0 || id > snapshot.totals.size()) continue;
    FunctionTotals& totals = snapshot.totals[id - 1];
    if (id <= retired_.size()) totals.histogram.merge(retired_[id - 1].histogram);
    for (const ThreadReading& thread : threads) {
      if (id >= thread.slot_capacity) continue;
      if (const FunctionSlot* slot = __atomic_load_n(&thread.slots[id], __ATOMIC_ACQUIRE))
        totals.histogram.add_live_rows(slot->rows, slot->pending_value);
    }
    if (baseline != nullptr && id <= baseline->totals.size())
      totals.subtract_histogram(baseline->totals[id - 1]);
  }
}

std::vector<FunctionTotals> Registry::totals_of_sites(const std::vector<std::uint32_t>& site_ids) {
  std::lock_guard<std::mutex> reading(fold_mutex_);
  const std::vector<ThreadReading> threads = begin_reading(nullptr);
  std::vector<FunctionTotals> result(site_ids.size());
  for (std::size_t index = 0; index < site_ids.size(); ++index) {
    const std::uint32_t id = site_ids[index];
    if (id == 0) continue;
    if (id <= retired_.size()) result[index].merge(retired_[id - 1]);
    for (const ThreadReading& thread : threads) {
      if (id >= thread.slot_capacity) continue;
      if (const FunctionSlot* slot = __atomic_load_n(&thread.slots[id], __ATOMIC_ACQUIRE))
        result[index].add_live_slot(*slot);
    }
  }
  return result;
}

std::vector<LoggedCall> Registry::recent_calls(const std::vector<std::uint32_t>& site_ids,
                                               std::size_t limit) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<LoggedCall> calls;
  for (std::uint32_t id : site_ids) {
    if (id == 0 || id > retired_calls_.size()) continue;
    calls.insert(calls.end(), retired_calls_[id - 1].begin(), retired_calls_[id - 1].end());
    for (const LiveThread& live : live_threads_) {
      const ThreadState& thread = *live.state;
      if (id >= thread.slot_capacity || thread.slots[id] == nullptr) continue;
      if (const CallLog* log = thread.slots[id]->call_log.load(std::memory_order_acquire))
        log->read(calls);
    }
  }
  keep_latest(calls, limit);
  return calls;
}

void RegistrySnapshot::subtract(const RegistrySnapshot& earlier) noexcept {
  // Sites and threads keep their index for the life of the process.
  for (std::size_t index = 0; index < earlier.totals.size() && index < totals.size(); ++index)
    totals[index].subtract(earlier.totals[index], !histograms_later);
  call_tree.subtract(earlier.call_tree);
  coroutine_paths.subtract(earlier.coroutine_paths);
  for (std::size_t index = 0; index < earlier.threads.size() && index < threads.size(); ++index) {
    ThreadAllocRow& row = threads[index];
    const ThreadAllocRow& before = earlier.threads[index];
    row.alloc_bytes = since(row.alloc_bytes, before.alloc_bytes);
    row.alloc_count = since(row.alloc_count, before.alloc_count);
    row.dealloc_bytes = since(row.dealloc_bytes, before.dealloc_bytes);
    row.dealloc_count = since(row.dealloc_count, before.dealloc_count);
  }
}

ThreadAllocRow Registry::thread_figures(const LiveThread& thread, bool& named_by_kernel) {
  ThreadAllocRow row;
  named_by_kernel = !thread.is_main;
  if (thread.is_main) row.name = "main";
  row.tid = thread.tid;
  const ThreadState& state = *thread.state;
  row.alloc_bytes = __atomic_load_n(&state.allocated.bytes, __ATOMIC_RELAXED);
  row.alloc_count = __atomic_load_n(&state.allocated.count, __ATOMIC_RELAXED);
  row.dealloc_bytes = __atomic_load_n(&state.freed.bytes, __ATOMIC_RELAXED);
  row.dealloc_count = __atomic_load_n(&state.freed.count, __ATOMIC_RELAXED);
  return row;
}

ThreadAllocRow Registry::thread_row(const LiveThread& thread) {
  bool named_by_kernel = false;
  ThreadAllocRow row = thread_figures(thread, named_by_kernel);
  if (named_by_kernel) row.name = thread_name(thread.tid, thread.ordinal);
  return row;
}

void Registry::attach_trace_ring(ThreadState& thread, TraceRing* ring) {
  std::lock_guard<std::mutex> lock(mutex_);
  thread.trace_ring = ring;
}

void Registry::note_untraced_thread() {
  std::lock_guard<std::mutex> lock(mutex_);
  ++untraced_threads_;
}

std::vector<ThreadTrace> Registry::trace_snapshot(std::size_t& untraced_threads) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<ThreadTrace> traces = retired_traces_;
  for (const LiveThread& live : live_threads_) {
    const auto* ring = static_cast<const TraceRing*>(live.state->trace_ring);
    if (ring == nullptr) continue;
    traces.push_back(ring->read());
    traces.back().name = thread_row(live).name;
  }
  untraced_threads = untraced_threads_;
  return traces;
}

std::size_t Registry::site_count() {
  std::lock_guard<std::mutex> lock(mutex_);
  return sites_.size();
}

void set_thread_exit_observer(void (*observer)() noexcept) noexcept {
  g_thread_exit_observer.store(observer, std::memory_order_release);
}

}  // namespace hotpath::detail
