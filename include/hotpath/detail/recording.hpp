// Per-thread recording: the data layout shared by the inline hot path (in user
// code) and the runtime's readers. Each thread owns its FunctionSlots and is their
// only writer; readers on other threads only load. Counters are atomics updated
// with a relaxed load and store (never a read-modify-write), so a concurrent reader
// sees a consistent-enough value without any lock or bus-locked instruction.
#ifndef HOTPATH_DETAIL_RECORDING_HPP
#define HOTPATH_DETAIL_RECORDING_HPP

#include <atomic>
#include <cstdint>

#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/platform.hpp"
#include "hotpath/site.hpp"

namespace hotpath {
namespace detail {

/// Log-linear histogram geometry: row 0 holds the exact values 0..63; row r >= 1
/// holds [2^(r+5), 2^(r+6)) split into 64 equal sub-buckets, so a bucket is at most
/// 1/64 of its lower bound wide and its midpoint is within 0.8% of any value in it.
constexpr unsigned kSubBucketBits = 6;
constexpr unsigned kSubBuckets = 1u << kSubBucketBits;
constexpr unsigned kHistogramRows = 64 - kSubBucketBits + 1;

using Counter = std::atomic<std::uint64_t>;

/// Adds to a counter that only the calling thread writes.
HOTPATH_ALWAYS_INLINE void add_owned(Counter& counter, std::uint64_t amount) noexcept {
  counter.store(counter.load(std::memory_order_relaxed) + amount, std::memory_order_relaxed);
}

/// One row of 64 sub-buckets (512 bytes); rows are created on first use.
struct HistogramRow {
  Counter counts[kSubBuckets];
};

/// The rows of one histogram (of a FunctionSlot or an AllocSlot), null until used.
using HistogramRows = std::atomic<HistogramRow*>[kHistogramRows];

/// Row and sub-bucket of a value.
struct BucketIndex {
  unsigned row;
  unsigned sub;
};

HOTPATH_ALWAYS_INLINE BucketIndex bucket_of(std::uint64_t value) noexcept {
  if (value < kSubBuckets) return BucketIndex{0, static_cast<unsigned>(value)};
  const unsigned top_bit = 63u - static_cast<unsigned>(__builtin_clzll(value));
  const unsigned shift = top_bit - kSubBucketBits;
  return BucketIndex{shift + 1, static_cast<unsigned>(value >> shift) - kSubBuckets};
}

/// A function's allocations on one thread (hotpath-alloc); made when a call that
/// allocated or freed ends.
struct AllocSlot {
  Counter alloc_bytes;  ///< attributed totals (see AllocMode)
  Counter alloc_count;
  Counter dealloc_bytes;
  Counter dealloc_count;
  Counter calls;      ///< calls that allocated or freed (in the histogram, + pending)
  Counter min_bytes;  ///< smallest and largest bytes allocated by one call
  Counter max_bytes;
  Counter pending_bytes;  ///< the latest call's bytes, not yet in the histogram
  HistogramRows rows;
};

/// Why a thread waited (hotpath-wait): what the call it blocked in was for.
enum class WaitCause : unsigned {
  Lock,       ///< pthread mutexes and rwlocks (std::mutex, std::shared_mutex, ...)
  Condition,  ///< condition variables
  Io,         ///< reads, writes, sockets, polling, fsync, open
  Sleep,      ///< nanosleep, clock_nanosleep, usleep, sleep
  Other,      ///< thread joins, futex waits (std::atomic::wait)
};
constexpr unsigned kWaitCauses = 5;

/// One function's waits of one cause on one thread.
struct WaitCounters {
  Counter count;       ///< waits while the function was on the thread's measured stack
  Counter ticks;       ///< their time
  Counter self_count;  ///< waits while it was the innermost measured call
  Counter self_ticks;
};

/// A function's waits on one thread (hotpath-wait); made at its first wait.
struct WaitSlot {
  WaitCounters causes[kWaitCauses];
  Counter io_bytes;       ///< bytes the I/O calls moved, function on the stack
  Counter self_io_bytes;  ///< the same, function innermost
  /// The wait that last counted this function: a recursive function is on the stack
  /// several times but counts once per wait. Owner only.
  std::uint64_t last_wait;
};

struct CallLog;
struct CoroutineSlot;

/// Everything one thread recorded for one function. Memory is bounded: the fixed
/// part plus one 512-byte row per power of two of durations actually seen.
struct FunctionSlot {
  // What every call of an adaptive function reads, first: the calls left untimed
  // touch nothing else of the slot.
  /// Adaptive timing: non-zero once the function is timed 1 call in kAdaptivePeriod
  /// on this thread. Written once by the owner.
  std::atomic<std::uint32_t> adaptive;
  /// Adaptive timing: the calls made since the function turned adaptive on this
  /// thread, timed or not (1 in kAdaptivePeriod is), counted from
  /// adaptive_calls_origin.
  Counter adaptive_calls;
  /// Adaptive timing: the value of adaptive_calls at which the next call is timed
  /// (one in kAdaptivePeriod: where it is kAdaptivePeriod - 1 in the period). A
  /// comparison, not a division, in every call. Owner only.
  std::uint64_t adaptive_next_timed;
  Counter calls;
  Counter total_ticks;  ///< sum of inclusive durations
  Counter self_ticks;   ///< sum of exclusive durations (minus measured callees)
  /// Guard overhead removed from total_ticks (HOTPATH_COMPENSATE): the measured
  /// durations were total_ticks + overhead_ticks.
  Counter overhead_ticks;
  Counter min_value;  ///< smallest recorded value (inclusive or self, per mode)
  Counter max_value;  ///< largest recorded value
  /// The latest timed call's value, not yet in the histogram (see record_call);
  /// valid once calls > 0. Readers add it to what they read from the rows.
  Counter pending_value;
  HistogramRows rows;
  /// Time sampling (HOTPATH_TIME_SAMPLING_RATE): the calls left before the next
  /// timed one. Owner only.
  std::uint32_t untimed_left;
  /// Calls that time sampling left untimed: counted, in no other field.
  Counter untimed_calls;
  /// total_ticks at the latest review of the function's timing. Owner only.
  std::uint64_t reviewed_total_ticks;
  // Adaptive timing: the calls it chose to time (ended), of them those held up, and
  // the sums of the others, which each stand for kAdaptivePeriod calls. The fields
  // above (calls, total_ticks, ...) keep the calls timed because they were calls
  // (before it set in, or started before), which stand for themselves only, and
  // the sums of the held-up calls, which do too; min, max and the histogram have
  // them all.
  Counter sampled_calls;
  Counter held_up_calls;
  /// Where adaptive_calls started: a different place in the period for each
  /// function that turns adaptive on the thread, so that a function and the one it
  /// calls once a call do not choose the same calls.
  Counter adaptive_calls_origin;
  Counter sampled_total_ticks;
  Counter sampled_self_ticks;
  Counter sampled_overhead_ticks;
  std::atomic<AllocSlot*> alloc;  ///< null until allocations are recorded
  std::atomic<WaitSlot*> waits;   ///< null until the function waits (hotpath-wait)
  /// Null until an instance of the function, a coroutine whose suspension points
  /// report to its guard, runs a segment on this thread.
  std::atomic<CoroutineSlot*> coroutine;
  // CPU samples (hotpath-cpu), written by the sampler's signal handler on the
  // owning thread: samples taken while this function was the innermost measured
  // call (self), and while it was anywhere on the thread's shadow stack.
  Counter cpu_self_samples;
  Counter cpu_samples;
  /// The sample that last counted this function in cpu_samples: a recursive
  /// function is on the stack several times but counts once per sample.
  std::uint64_t cpu_last_sample;
  /// The function's recent calls on this thread (live metrics); null until logged.
  std::atomic<CallLog*> call_log;
};

/// Bytes and number of allocations, or of deallocations (hotpath-alloc).
struct AllocTally {
  std::uint64_t bytes;
  std::uint64_t count;
};

/// Ways of the edge cache of a call-tree node: the callees it called last. A
/// callee's edge is in one of two ways its site id picks (first_edge_way,
/// second_edge_way), so that a function calling a few functions, whose ids may share
/// one way, keeps all their edges: a miss costs a lookup in the thread's table.
constexpr unsigned kCallEdgeWays = 8;

/// The way of a node's edge cache looked at first for the callee of site `id`.
HOTPATH_ALWAYS_INLINE unsigned first_edge_way(std::uint32_t id) noexcept {
  return id % kCallEdgeWays;
}

/// The other way where the edge to the callee of site `id` may be: never the
/// first, and a different one for ids that share the first.
HOTPATH_ALWAYS_INLINE unsigned second_edge_way(std::uint32_t id) noexcept {
  return (id + 1 + id / kCallEdgeWays % (kCallEdgeWays - 1)) % kCallEdgeWays;
}

/// The site id no edge cache entry holds: an entry of a new node never matches.
constexpr std::uint32_t kNoCallSite = ~std::uint32_t{0};

/// A function under one path of measured callers, on one thread: a node of the
/// thread's call tree. The owning thread creates and updates it; readers on other
/// threads load the counters, and the structure, which is written before the node
/// is published. Recursion is folded: the edge of a call of a function already
/// active on the path leads back to that function's node, marked as re-entering
/// (kReenteringEdge), and adds its calls and self time there, not its inclusive time.
struct alignas(64) CallNode {
  // The edge cache, read on every measured call made by this node's function:
  // the callee's site id and the CallEdge it leads to. Owner only.
  std::uint32_t edge_sites[kCallEdgeWays];
  std::uintptr_t edges[kCallEdgeWays];
  FunctionSlot* slot;   ///< the function's slot on this thread
  std::uint32_t site;   ///< the function's site id; 0 for the root of the tree
  std::uint32_t index;  ///< creation order on this thread: a node comes after its caller
  /// Misses of the edge cache when both of a callee's ways were taken. Owner only.
  std::uint32_t edge_misses;
  // Counters, written by the owner when a call on this path ends.
  Counter calls;
  Counter total_ticks;  ///< inclusive durations of the calls that did not re-enter
  Counter self_ticks;
  CallNode* parent;  ///< the caller's node; null for the root
  /// The node created next on this thread; readers walk the tree through it.
  std::atomic<CallNode*> next;
};

/// A call-tree node pointer, with kReenteringEdge set when the call re-enters a
/// node already active on the thread's path (recursion). A frame's edge also has
/// kAdaptiveEdge set when adaptive timing chose its call (start_call): the bit the
/// timed path tests to pick the fenced clock reads and the chosen call's record.
/// The tree's own edges never have it.
using CallEdge = std::uintptr_t;
constexpr CallEdge kReenteringEdge = 1;
constexpr CallEdge kAdaptiveEdge = 2;

HOTPATH_ALWAYS_INLINE CallNode* node_of(CallEdge edge) noexcept {
  return reinterpret_cast<CallNode*>(edge & ~(kReenteringEdge | kAdaptiveEdge));
}

/// Adaptive timing: a function is reviewed on a thread after each kAdaptiveReviewCalls
/// timed calls; when they averaged less than the thread's adaptive_threshold_ticks,
/// it is timed from then on 1 call in kAdaptivePeriod there, and counted otherwise.
/// The period is prime: work that repeats every power of two of calls (a stream
/// refilling a 64 KiB buffer, a loop over 256 elements) meets the chosen calls at
/// every place of its own period in turn, not always at the same one.
constexpr std::uint64_t kAdaptiveReviewCalls = 4096;
constexpr std::uint32_t kAdaptivePeriod = 127;

/// An active measurement on a thread's shadow stack; lives inside the guard.
struct Frame {
  Frame* parent;
  FunctionSlot* slot;
  CallEdge call_edge;  ///< the call's node in the thread's call tree
  std::uint64_t start_ticks;
  /// Time of measured callees as this call measured it: their durations and the
  /// overhead of their guards.
  std::uint64_t child_ticks;
  /// The part of child_ticks that is guard overhead (compensation).
  std::uint64_t child_overhead;
  /// Calls adaptive timing left untimed while this was the innermost frame: their
  /// overhead is removed when it ends, all at once, so that a fraction of a tick
  /// each is not rounded away a call at a time.
  std::uint64_t untimed_calls;
  // Allocations attributed to this call so far (hotpath-alloc): its own, plus, in
  // cumulative mode, those of the measured calls it made.
  AllocTally allocated;
  AllocTally freed;
};

/// The most frames any walk of a shadow stack visits outside the hot path (reports,
/// samples, allocation records): a chain damaged by a guard that never ended (a
/// jump past it that the runtime did not see) can make a long walk, never an
/// endless one.
constexpr unsigned kShadowStackWalkLimit = 1u << 20;

/// The unit of the untimed call's overhead: 1/kOverheadFraction of a tick. It is
/// a few ticks, and a caller may make thousands of such calls.
constexpr std::uint64_t kOverheadFraction = 256;

/// The calling thread's recording state. Plain data so that it needs no TLS
/// wrapper call: zero-initialized, set up by the runtime on the first measured call.
struct ThreadState {
  FunctionSlot** slots;  ///< indexed by Site id; written only under the registry lock
  std::uint32_t slot_capacity;
  Frame* top;  ///< innermost active frame
  // Guard overhead in ticks (HOTPATH_COMPENSATE; zero when off), measured when
  // the runtime starts: what a call's own guard adds to its measured duration, and
  // what a measured callee's guard adds to its caller's beyond that.
  std::uint64_t own_overhead_ticks;
  std::uint64_t nested_overhead_ticks;
  /// What a call that adaptive timing leaves untimed adds to its caller's duration,
  /// in 1/kOverheadFraction of a tick (HOTPATH_COMPENSATE; zero when off).
  std::uint64_t untimed_overhead_fractions;
  // The same as own_overhead_ticks and nested_overhead_ticks for the calls adaptive
  // timing chooses to time, whose clock reads are fenced.
  std::uint64_t fenced_own_overhead_ticks;
  std::uint64_t fenced_nested_overhead_ticks;
  /// Adaptive timing (HOTPATH_ADAPTIVE): the average, in ticks, under which a
  /// function's calls on this thread stop being timed each; zero turns it off.
  std::uint64_t adaptive_threshold_ticks;
  /// Time sampling: the untimed calls between two timed calls of a function on this
  /// thread (the rate minus one; 0 times every call). Written by the registry, under
  /// its lock, when the rate changes; read with relaxed loads.
  std::uint32_t untimed_between;
  char* arena_next;  ///< slots and rows are carved from a per-thread arena
  char* arena_end;
  void* arena_chunks;  ///< owned chunks, freed when the thread's data is handed over
  bool registered;     ///< listed in the registry (set on the first measured call)
  /// True once the thread has untimed_overhead_fractions and the fenced figures:
  /// they are measured when a function first turns adaptive, and the thread loads
  /// them before it turns one.
  bool adaptive_overhead_loaded;
  /// Non-zero while the runtime itself runs on this thread: its allocations are
  /// not the program's.
  std::uint32_t runtime_depth;
  // Every allocation of the thread (hotpath-alloc). Written by the owner only,
  // with relaxed atomic stores; read by reports from other threads.
  AllocTally allocated;
  AllocTally freed;
  /// The root of the thread's call tree: set when the thread registers.
  CallNode* call_root;
  /// The thread's call tree (runtime/core/call_tree.hpp), owned by the runtime.
  void* call_tree;
  /// The thread's timeline of calls (runtime/core/trace_ring.hpp) when tracing; null
  /// until its first traced call.
  void* trace_ring;
  /// The coroutine instance (CoroutineInstance) whose segment runs innermost on
  /// this thread; null when none.
  void* running_coroutine;
  /// The logical path (runtime/core/coroutine_paths.hpp) a lazily started
  /// coroutine was created under, plus one, left by its initial suspension for its
  /// guard, which starts next on this thread; 0 when none.
  std::uint32_t starting_path;
};

/// The calling thread's state. Static TLS (initial-exec): an instrumented shared
/// library, built as position-independent code, would otherwise look its address
/// up through __tls_get_addr, a call, in every guard; libhotpath is a dependency
/// loaded with the program (or preloaded), whose thread-local data is static.
extern HOTPATH_API __thread ThreadState t_thread_state __attribute__((tls_model("initial-exec")));

/// True when the report and histograms use exclusive (self) time; set at start-up.
extern HOTPATH_API bool g_exclusive_time;

/// True when every measured call is also recorded in its thread's timeline
/// (HOTPATH_TRACE); set at start-up, before the first call.
extern HOTPATH_API bool g_tracing;

/// True when finished calls are recorded one by one (record_finished_call): in the
/// timeline, or in the log of recent calls while live metrics are on. The one flag
/// the guard's end reads for both.
extern HOTPATH_API bool g_records_calls;

/// True while allocations are attributed to functions: set when hotpath-alloc is
/// loaded, cleared when the report is produced.
extern HOTPATH_API bool g_alloc_tracking;

/// Slow path of the first call of `site` on this thread: registers as needed and
/// returns the thread's slot. Never returns null.
HOTPATH_API HOTPATH_NOINLINE FunctionSlot* attach_slot(const Site& site) noexcept;

/// Slow path of a call whose edge is not in its caller's edge cache (`caller` is
/// null when the thread has no measured call active): registers the thread and
/// the site as needed, finds or creates the callee's node, caches the edge.
HOTPATH_API HOTPATH_NOINLINE CallEdge attach_call_edge(ThreadState& state, CallNode* caller,
                                                       const Site& site) noexcept;

/// Adaptive timing's review of a function on the calling thread, after each
/// kAdaptiveReviewCalls of its timed calls (runtime/core/adaptive_timing.cpp).
HOTPATH_API HOTPATH_NOINLINE void review_timing(ThreadState& state, FunctionSlot& slot) noexcept;

/// Records a call that adaptive timing chose to time (runtime/core/adaptive_timing.cpp).
HOTPATH_API HOTPATH_NOINLINE void record_sampled_call(const ThreadState& state, FunctionSlot& slot,
                                                      std::uint64_t inclusive, std::uint64_t self,
                                                      std::uint64_t overhead) noexcept;

/// Pops and records a call adaptive timing chose to time, whose clock reads were
/// fenced (runtime/core/adaptive_timing.cpp).
HOTPATH_API HOTPATH_NOINLINE void finish_chosen_call(ThreadState& state, Frame& frame,
                                                     std::uint64_t end_ticks) noexcept;

/// Pushes `frame`, a timed call along `edge` from `parent`, and reads its start time
/// (runtime/core/timed_calls.cpp): out of line, so that the guard inlined into every
/// measured function is only its untimed path and two calls.
HOTPATH_API HOTPATH_NOINLINE void start_timed_call(ThreadState& state, Frame& frame, Frame* parent,
                                                   CallEdge edge) noexcept;

/// Reads the end time of the timed call of `frame`, pops and records it
/// (runtime/core/timed_calls.cpp).
HOTPATH_API HOTPATH_NOINLINE void end_timed_call(ThreadState& state, Frame& frame) noexcept;

/// Records a finished call in the thread's timeline (when g_tracing).
HOTPATH_API HOTPATH_NOINLINE void trace_call(ThreadState& state, const Frame& frame,
                                             std::uint64_t end_ticks) noexcept;

/// Records a finished call one by one (when g_records_calls): in the timeline, and
/// in the log of the function's recent calls. As few arguments as trace_call had:
/// the guard's end keeps nothing more alive for it.
HOTPATH_API HOTPATH_NOINLINE void record_finished_call(ThreadState& state, const Frame& frame,
                                                       std::uint64_t end_ticks) noexcept;

/// Slow path for a value in a power of two not seen before in this histogram.
HOTPATH_API HOTPATH_NOINLINE HistogramRow* attach_row(HistogramRows& rows, unsigned row) noexcept;

HOTPATH_ALWAYS_INLINE FunctionSlot* slot_for(ThreadState& state, const Site& site) noexcept {
  const std::uint32_t id = site.id();
  if (HOTPATH_LIKELY(id < state.slot_capacity)) {
    FunctionSlot* slot = state.slots[id];
    if (HOTPATH_LIKELY(slot != nullptr)) return slot;
  }
  return attach_slot(site);
}

/// Counts `value` in a histogram of the calling thread.
HOTPATH_ALWAYS_INLINE void add_to_histogram(HistogramRows& rows, std::uint64_t value) noexcept {
  const BucketIndex bucket = bucket_of(value);
  HistogramRow* row = rows[bucket.row].load(std::memory_order_relaxed);
  if (HOTPATH_UNLIKELY(row == nullptr)) row = attach_row(rows, bucket.row);
  add_owned(row->counts[bucket.sub], 1);
}

/// Widens the slot's smallest and largest recorded values to `value`.
HOTPATH_ALWAYS_INLINE void record_extremes(FunctionSlot& slot, std::uint64_t value) noexcept {
  if (value < slot.min_value.load(std::memory_order_relaxed))
    slot.min_value.store(value, std::memory_order_relaxed);
  if (value > slot.max_value.load(std::memory_order_relaxed))
    slot.max_value.store(value, std::memory_order_relaxed);
}

/// Records one completed call into the calling thread's own slot; returns the
/// timed calls recorded before it.
HOTPATH_ALWAYS_INLINE std::uint64_t record_call(FunctionSlot& slot, std::uint64_t inclusive,
                                                std::uint64_t self) noexcept {
  const std::uint64_t previous_calls = slot.calls.load(std::memory_order_relaxed);
  slot.calls.store(previous_calls + 1, std::memory_order_relaxed);
  add_owned(slot.total_ticks, inclusive);
  add_owned(slot.self_ticks, self);
  const std::uint64_t value = g_exclusive_time ? self : inclusive;
  record_extremes(slot, value);
  // The histogram gets the previous call's value: its bucket address does not
  // depend on the clock read that just finished, so the increment leaves the
  // critical path (about 0.6 clock reads less per call in a tight loop).
  if (HOTPATH_LIKELY(previous_calls != 0)) {
    add_to_histogram(slot.rows, slot.pending_value.load(std::memory_order_relaxed));
  }
  slot.pending_value.store(value, std::memory_order_relaxed);
  return previous_calls;
}

/// Slow path of a call that allocated or freed: records its bytes.
HOTPATH_API HOTPATH_NOINLINE void record_alloc_call(ThreadState& state, Frame& frame) noexcept;

/// Records the allocations of a call that ended. Only calls that allocated or freed
/// need a record: the report counts the others as calls of 0 bytes (their number is
/// the function's calls minus the recorded ones), so this reads nothing but the frame.
HOTPATH_ALWAYS_INLINE void record_allocations(ThreadState& state, Frame& frame) noexcept {
  if (HOTPATH_UNLIKELY((frame.allocated.count | frame.freed.count) != 0))
    record_alloc_call(state, frame);
}

/// The edge from the thread's innermost active call (`caller_frame`, or the root of
/// the tree when null) to a call of `site`.
HOTPATH_ALWAYS_INLINE CallEdge call_edge_for(ThreadState& state, const Frame* caller_frame,
                                             const Site& site) noexcept {
  CallNode* const caller =
      caller_frame != nullptr ? node_of(caller_frame->call_edge) : state.call_root;
  const std::uint32_t id = site.id();
  if (HOTPATH_LIKELY(caller != nullptr)) {
    const unsigned first = first_edge_way(id);
    if (HOTPATH_LIKELY(caller->edge_sites[first] == id)) return caller->edges[first];
    const unsigned second = second_edge_way(id);
    if (caller->edge_sites[second] == id) return caller->edges[second];
  }
  return attach_call_edge(state, caller, site);
}

/// Pushes `frame`, a call along `edge` from `parent` (the thread's innermost active
/// frame), on the thread's shadow stack; the caller then sets its start time.
HOTPATH_ALWAYS_INLINE void push_frame(ThreadState& state, Frame& frame, Frame* parent,
                                      CallEdge edge) noexcept {
  frame.call_edge = edge;
  frame.slot = node_of(edge)->slot;
  frame.parent = parent;
  frame.child_ticks = 0;
  frame.child_overhead = 0;
  frame.untimed_calls = 0;
  frame.allocated = AllocTally{0, 0};
  frame.freed = AllocTally{0, 0};
  // A compiler barrier, no instruction: a CPU sample taken on this thread by a
  // signal handler, which walks the stack from `top`, never sees the frame before
  // its fields are written.
  __atomic_signal_fence(__ATOMIC_RELEASE);
  state.top = &frame;
}

/// Pushes `frame`, a call of `site`, on the thread's shadow stack; the caller then
/// sets its start time.
HOTPATH_ALWAYS_INLINE void push_frame(ThreadState& state, Frame& frame, const Site& site) noexcept {
  Frame* const parent = state.top;
  push_frame(state, frame, parent, call_edge_for(state, parent, site));
}

/// Records a finished call in its call-tree node.
HOTPATH_ALWAYS_INLINE void record_call_node(CallEdge edge, std::uint64_t inclusive,
                                            std::uint64_t self) noexcept {
  CallNode& node = *node_of(edge);
  // All ones, or zero for a re-entering call: its time is already inside the
  // inclusive time of the outer call of the same node.
  const std::uint64_t outermost = (edge & kReenteringEdge) - 1;
  add_owned(node.calls, 1);
  add_owned(node.total_ticks, inclusive & outermost);
  add_owned(node.self_ticks, self);
}

/// A call popped from the shadow stack: its measured duration, and its inclusive
/// and self durations with the guards' overhead removed.
struct PoppedCall {
  std::uint64_t measured;
  std::uint64_t inclusive;
  std::uint64_t self;
};

/// Pops `frame` from the thread's shadow stack, its guard's overhead being `own`
/// ticks in it and `nested` more in its caller's.
HOTPATH_ALWAYS_INLINE PoppedCall pop_frame(ThreadState& state, Frame& frame,
                                           std::uint64_t end_ticks, std::uint64_t own,
                                           std::uint64_t nested) noexcept {
  const std::uint64_t measured = end_ticks - frame.start_ticks;
  state.top = frame.parent;
  if (frame.untimed_calls != 0) {
    const std::uint64_t untimed =
        (frame.untimed_calls * state.untimed_overhead_fractions + kOverheadFraction / 2) /
        kOverheadFraction;
    frame.child_ticks += untimed;
    frame.child_overhead += untimed;
  }
  const std::uint64_t overhead = own + frame.child_overhead;
  if (frame.parent != nullptr) {
    frame.parent->child_ticks += measured + nested;
    frame.parent->child_overhead += overhead + nested;
  }
  // Clamped: noise can make the overhead of one call exceed its measured time, and
  // cycle counters of different cores can disagree by a few ticks.
  const std::uint64_t inclusive = measured > overhead ? measured - overhead : 0;
  const std::uint64_t outside = frame.child_ticks + own;
  const std::uint64_t self = measured > outside ? measured - outside : 0;
  return PoppedCall{measured, inclusive, self};
}

/// True when adaptive timing chose to time the call of `frame` (its clock reads
/// are fenced, and it stands for others: it is recorded apart).
HOTPATH_ALWAYS_INLINE bool is_chosen_call(const Frame& frame) noexcept {
  return (frame.call_edge & kAdaptiveEdge) != 0;
}

/// finish_frame() of a call timed because it was a call, not chosen.
HOTPATH_ALWAYS_INLINE void finish_timed_frame(ThreadState& state, Frame& frame,
                                              std::uint64_t end_ticks) noexcept {
  const PoppedCall call =
      pop_frame(state, frame, end_ticks, state.own_overhead_ticks, state.nested_overhead_ticks);
  const std::uint64_t previous_calls = record_call(*frame.slot, call.inclusive, call.self);
  add_owned(frame.slot->overhead_ticks, call.measured - call.inclusive);
  record_call_node(frame.call_edge, call.inclusive, call.self);
  record_allocations(state, frame);
  if (HOTPATH_UNLIKELY(g_records_calls)) record_finished_call(state, frame, end_ticks);
  // A mask test on a count already loaded: no read of its own.
  if (HOTPATH_UNLIKELY((previous_calls & (kAdaptiveReviewCalls - 1)) == kAdaptiveReviewCalls - 1))
    review_timing(state, *frame.slot);
}

/// Pops `frame` from the thread's shadow stack and records it, the overhead of the
/// guards in its measured duration removed.
HOTPATH_ALWAYS_INLINE void finish_frame(ThreadState& state, Frame& frame,
                                        std::uint64_t end_ticks) noexcept {
  if (HOTPATH_UNLIKELY(is_chosen_call(frame)))
    finish_chosen_call(state, frame, end_ticks);
  else
    finish_timed_frame(state, frame, end_ticks);
}

/// The start time of a call left untimed, by time sampling or by adaptive timing.
constexpr std::uint64_t kUntimedCall = ~std::uint64_t{0};

/// Time sampling: counts the call starting now of the function of `slot` and
/// decides whether it is timed. Each function counts down, on each thread, the calls
/// left until its next timed one: its first call is timed, then one in every rate.
/// An untimed call is counted and nothing else: it stays off the shadow stack.
HOTPATH_ALWAYS_INLINE bool sampled_call_is_timed(FunctionSlot& slot,
                                                 std::uint32_t untimed_between) noexcept {
  if (slot.untimed_left != 0) {
    slot.untimed_left -= 1;
    add_owned(slot.untimed_calls, 1);
    return false;
  }
  slot.untimed_left = untimed_between;
  return true;
}

/// Adaptive timing: counts a call of an adaptive function (`slot`) and decides
/// whether it is timed: 1 in kAdaptivePeriod. An untimed call is counted and stays
/// off the shadow stack; its own small overhead is removed from the measured call
/// around it, the thread's innermost, like a measured callee's: from its callees'
/// time, so from its inclusive and its self time.
HOTPATH_ALWAYS_INLINE bool adaptive_call_is_timed(ThreadState& state, FunctionSlot& slot) noexcept {
  const std::uint64_t calls = slot.adaptive_calls.load(std::memory_order_relaxed);
  slot.adaptive_calls.store(calls + 1, std::memory_order_relaxed);
  if (HOTPATH_UNLIKELY(calls == slot.adaptive_next_timed)) {
    slot.adaptive_next_timed = calls + kAdaptivePeriod;
    return true;
  }
  Frame* const parent = state.top;
  if (parent != nullptr) parent->untimed_calls += 1;
  return false;
}

/// Starts adaptive timing's count of the function's calls on this thread at
/// `from`: the next call timed is the first whose count is kAdaptivePeriod - 1 in
/// the period.
inline void restart_adaptive_count(FunctionSlot& slot, std::uint64_t from) noexcept {
  slot.adaptive_calls.store(from, std::memory_order_relaxed);
  slot.adaptive_next_timed = from + (kAdaptivePeriod - 1 - from % kAdaptivePeriod);
}

/// Starts a measured call of `site`: pushes its frame and reads the clock, unless
/// time sampling (HOTPATH_TIME_SAMPLING_RATE) or adaptive timing leaves the call
/// untimed. Adaptive timing is asked of the function's slot, before the call-tree
/// edge is looked up: a call left untimed needs no edge, so it never misses the
/// edge cache of its caller's node (where an untimed function's callees, timed
/// or not, would all crowd).
HOTPATH_ALWAYS_INLINE void start_call(ThreadState& state, Frame& frame, const Site& site) noexcept {
  // The rate is read before the slot is looked up: a thread's first measured call
  // registers it, which sets the rate, and that call is timed.
  const std::uint32_t untimed_between = __atomic_load_n(&state.untimed_between, __ATOMIC_RELAXED);
  if (HOTPATH_UNLIKELY(untimed_between != 0) &&
      !sampled_call_is_timed(*slot_for(state, site), untimed_between)) {
    frame.start_ticks = kUntimedCall;
    return;
  }
  FunctionSlot& slot = *slot_for(state, site);
  CallEdge chosen = 0;
  if (HOTPATH_UNLIKELY(slot.adaptive.load(std::memory_order_relaxed) != 0)) {
    if (!adaptive_call_is_timed(state, slot)) {
      frame.start_ticks = kUntimedCall;
      return;
    }
    chosen = kAdaptiveEdge;
  }
  Frame* const parent = state.top;
  start_timed_call(state, frame, parent, call_edge_for(state, parent, site) | chosen);
}

/// Ends the measured call that start_call() started.
HOTPATH_ALWAYS_INLINE void end_call(ThreadState& state, Frame& frame) noexcept {
  if (HOTPATH_LIKELY(frame.start_ticks != kUntimedCall)) end_timed_call(state, frame);
}

/// Adds to a thread-state counter that only its thread writes and others read.
HOTPATH_ALWAYS_INLINE void add_owned(std::uint64_t& counter, std::uint64_t amount) noexcept {
  __atomic_store_n(&counter, __atomic_load_n(&counter, __ATOMIC_RELAXED) + amount,
                   __ATOMIC_RELAXED);
}

/// Counts one allocation or deallocation of `bytes` on the calling thread: in the
/// thread's tally (`ThreadTally`) and in the innermost measured call's (`CallTally`).
template <AllocTally ThreadState::*ThreadTally, AllocTally Frame::*CallTally>
HOTPATH_ALWAYS_INLINE void note_memory(ThreadState& state, std::uint64_t bytes) noexcept {
  if (HOTPATH_UNLIKELY(state.runtime_depth != 0)) return;
  AllocTally& thread = state.*ThreadTally;
  add_owned(thread.bytes, bytes);
  add_owned(thread.count, 1);
  Frame* const top = state.top;
  if (top != nullptr && g_alloc_tracking) {
    (top->*CallTally).bytes += bytes;
    (top->*CallTally).count += 1;
  }
}

/// Called by the hotpath-alloc hooks for every allocation of `bytes`.
HOTPATH_ALWAYS_INLINE void note_allocation(ThreadState& state, std::uint64_t bytes) noexcept {
  note_memory<&ThreadState::allocated, &Frame::allocated>(state, bytes);
}

/// Called by the hotpath-alloc hooks for every deallocation of `bytes`.
HOTPATH_ALWAYS_INLINE void note_deallocation(ThreadState& state, std::uint64_t bytes) noexcept {
  note_memory<&ThreadState::freed, &Frame::freed>(state, bytes);
}

/// Marks the calling thread as running the runtime's own code for its lifetime:
/// allocations are not the program's. Nests.
class RuntimeScope {
 public:
  RuntimeScope() noexcept : state_(t_thread_state) { ++state_.runtime_depth; }
  ~RuntimeScope() { --state_.runtime_depth; }
  RuntimeScope(const RuntimeScope&) = delete;
  RuntimeScope& operator=(const RuntimeScope&) = delete;

 private:
  ThreadState& state_;
};

}  // namespace detail
}  // namespace hotpath

#endif  // HOTPATH_DETAIL_RECORDING_HPP
