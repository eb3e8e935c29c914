// The process-wide registry: which sites exist, which threads record, and what
// exited threads handed over. Its lock is taken only on slow paths (a function's
// first call on a thread, a thread's exit) and briefly by readers, never by a guard
// in the steady state. A report reads the threads' memory without that lock, under
// a lock of its own that only readers and the folding of exited threads' data
// take: a thread's first call of a function or its exit never waits for a report
// (memory a reader may be reading is freed later, by the next fold). The registry
// is never destroyed, so threads that outlive main and reports produced at exit
// can always reach it.
#ifndef HOTPATH_RUNTIME_REGISTRY_HPP
#define HOTPATH_RUNTIME_REGISTRY_HPP

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/call_log.hpp"
#include "core/coroutine_paths.hpp"
#include "core/site_record.hpp"
#include "core/trace_ring.hpp"
#include "hotpath/detail/recording.hpp"
#include "hotpath/report.hpp"
#include "hotpath/site.hpp"
#include "totals/call_tree_totals.hpp"
#include "totals/histogram_snapshot.hpp"

namespace hotpath::detail {

/// Which durations' histograms a snapshot reads.
enum class DurationHistograms {
  All,
  /// None yet: Registry::add_duration_histograms() reads those of the rows a
  /// report shows, after it has ranked them.
  Later,
};

/// Merged totals of every registered site at one moment.
struct RegistrySnapshot {
  /// The registered sites' copies, which live as long as the process; index =
  /// site id - 1.
  std::vector<const SiteRecord*> sites;
  std::vector<FunctionTotals> totals;  ///< same index
  /// Every thread that recorded, live or exited, in order of registration.
  std::vector<ThreadAllocRow> threads;
  /// The call trees of every thread, merged.
  CallTreeTotals call_tree;
  /// The logical paths of coroutines (each under the coroutine that created it).
  CoroutinePathsSnapshot coroutine_paths;
  /// DurationHistograms::Later: the totals' histograms are empty until read.
  bool histograms_later = false;
  /// Taken from the registry (not made up by a test): `sites` are by site id - 1.
  bool registered_sites = false;

  /// Keeps what was recorded since `earlier`, a snapshot taken before this one.
  void subtract(const RegistrySnapshot& earlier) noexcept;
};

class Registry {
 public:
  /// The registry; the first call also starts the runtime (clock, modes, hooks).
  static Registry& instance() noexcept;

  /// Registers the thread and the site as needed and returns the thread's slot.
  FunctionSlot* attach(const Site& site, ThreadState& thread);
  /// Gives `thread` the overhead of adaptive timing's calls (untimed and chosen),
  /// before it makes a function adaptive. The first call of all measures it, on the
  /// calling thread (about half a millisecond, removed from the calls around it):
  /// most short processes never turn a function adaptive, and do not pay for it.
  void load_adaptive_overhead(ThreadState& thread) noexcept;
  /// Hands a thread's data over to the registry. Its memory is released when the
  /// data is folded into the exited threads' totals: at once unless a report is
  /// being taken, otherwise by the next report or exit.
  void retire(ThreadState& thread);
  /// Merges everything recorded so far, by live and exited threads. Holds the
  /// registry's lock only to list the threads, not while it reads them.
  RegistrySnapshot snapshot(DurationHistograms histograms = DurationHistograms::All);
  /// Reads now the durations' histograms of the sites `site_ids` into `snapshot`,
  /// taken with DurationHistograms::Later, and keeps what was recorded since
  /// `baseline` when given (the snapshot it was subtracted from).
  void add_duration_histograms(RegistrySnapshot& snapshot,
                               const std::vector<std::uint32_t>& site_ids,
                               const RegistrySnapshot* baseline);
  /// Everything recorded so far of each of the sites `site_ids` (same order), read
  /// now: one function's figures without a snapshot of every site.
  std::vector<FunctionTotals> totals_of_sites(const std::vector<std::uint32_t>& site_ids);
  /// The `limit` latest calls of the sites with ids `site_ids` (one function's row)
  /// over every thread, live or gone, newest first (live metrics' recent calls).
  std::vector<LoggedCall> recent_calls(const std::vector<std::uint32_t>& site_ids,
                                       std::size_t limit);
  /// Lists the trace ring of a registered thread (its first traced call).
  void attach_trace_ring(ThreadState& thread, TraceRing* ring);
  /// Counts a thread whose ring could not be made.
  void note_untraced_thread();
  /// The traced calls of every thread, those that exited first, then live ones;
  /// `untraced_threads` gets the number of threads whose ring could not be made.
  std::vector<ThreadTrace> trace_snapshot(std::size_t& untraced_threads);
  /// Number of registered sites.
  std::size_t site_count();
  /// True in a child process created by fork() after the runtime started. A child
  /// starts empty: what its parent recorded before the fork is not its own.
  bool in_forked_child() const noexcept { return forked_child_; }
  /// Where the counts of a report of what happened since `opened` begin: at
  /// `opened`, or in a child forked after it at the fork, where the child's counts
  /// start from zero.
  std::uint64_t counted_since(std::uint64_t opened) const noexcept {
    return opened > forked_at_ticks_ ? opened : forked_at_ticks_;
  }
  /// True when a call of any function has been recorded (in a forked child: since
  /// the fork).
  bool recorded_any_call();
  /// Time sampling: times one call in `rate` of each function on each thread, from
  /// now on, on every thread (1: every call).
  void set_time_sampling_rate(std::uint32_t rate);
  std::uint32_t time_sampling_rate();

 private:
  Registry();
  static void prepare_fork() noexcept;
  static void after_fork_in_parent() noexcept;
  static void after_fork_in_child() noexcept;

  struct LiveThread {
    ThreadState* state;
    std::size_t ordinal;  ///< position in the report's thread list
    bool is_main;
    std::uint64_t tid;  ///< the kernel's id of the thread
  };
  /// What a reader reads of a live thread, listed under the lock: the thread's own
  /// state may change meanwhile (a longer table of slots), what this points at does
  /// not go away before the reader is done.
  struct ThreadReading {
    FunctionSlot* const* slots;
    std::uint32_t slot_capacity;
    const void* call_tree;
    std::size_t ordinal;
    ThreadAllocRow row;  ///< its figures; its name is read after the lock
    bool named_by_kernel;
  };
  /// A thread's row, read from its live state.
  static ThreadAllocRow thread_row(const LiveThread& thread);
  /// A thread's row without its name (under the lock), and whether the name is
  /// still to be read from the kernel.
  static ThreadAllocRow thread_figures(const LiveThread& thread, bool& named_by_kernel);
  /// Under fold_mutex_: lists the live threads to read (and when `snapshot` is
  /// given, the sites and the threads' rows into it), and folds the exited threads'
  /// data in, so that each thread counts once.
  std::vector<ThreadReading> begin_reading(RegistrySnapshot* snapshot);
  /// Folds the exited threads' data handed over so far into the retired totals and
  /// frees their memory, and that of slot tables replaced meanwhile. Under
  /// fold_mutex_, not mutex_.
  void fold_exited_threads(std::vector<ThreadState>& exited, std::vector<FunctionSlot**>& outgrown);
  /// Gives `site` its id: a new one, or that of its earlier load; `record` is its
  /// copy (made while its id was 0: an id once given is never 0 again). Under the lock.
  std::uint32_t register_site(const Site& site, std::unique_ptr<const SiteRecord> record);
  /// In a new child: forgets the parent's threads and clears every count, so that
  /// the child reports only its own work.
  void start_afresh_in_child() noexcept;

  std::mutex mutex_;
  /// Taken by readers of threads' memory and by whoever folds exited threads' data
  /// into retired_ and frees it; before mutex_ when both are taken.
  std::mutex fold_mutex_;
  /// Copies of the registered sites: a site's library may be unloaded.
  std::vector<std::unique_ptr<const SiteRecord>> sites_;
  /// The ids of the sites of known modules, by module path and place in it: a
  /// library loaded again gives its functions the ids of their earlier load.
  std::map<std::pair<std::string, std::uintptr_t>, std::uint32_t> ids_by_place_;
  std::vector<LiveThread> live_threads_;
  /// Copies of the states of threads that exited, whose data is not folded yet
  /// (a report was being taken). Under mutex_.
  std::vector<ThreadState> exited_;
  /// Slot tables that threads outgrew, which a reader may still be walking. Under mutex_.
  std::vector<FunctionSlot**> outgrown_slot_tables_;
  /// What exited threads recorded, by site id - 1. Under fold_mutex_.
  std::vector<FunctionTotals> retired_;
  /// Recent calls of threads gone, by site id - 1, at most the log capacity each.
  std::vector<std::vector<LoggedCall>> retired_calls_;
  CallTreeTotals retired_call_tree_;  ///< under fold_mutex_
  std::vector<ThreadTrace> retired_traces_;
  std::size_t untraced_threads_ = 0;
  /// Rows of every registered thread, by ordinal; filled for exited ones.
  std::vector<ThreadAllocRow> thread_rows_;
  bool forked_child_ = false;
  std::uint64_t forked_at_ticks_ = 0;  ///< the latest fork, in a child; 0 elsewhere
  std::uint32_t untimed_between_ = 0;  ///< the time sampling rate minus one
  bool compensating_ = false;          ///< HOTPATH_COMPENSATE
};

/// Calls `observer` on every recording thread as it exits, before its data is
/// handed over (the threads monitor takes the thread's final figures then).
void set_thread_exit_observer(void (*observer)() noexcept) noexcept;

/// Per-thread memory: slots and histogram rows come from chunks owned by the thread.
void* arena_allocate(ThreadState& thread, std::size_t bytes);
/// Frees every chunk of the thread's arena.
void arena_release(ThreadState& thread) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_REGISTRY_HPP
