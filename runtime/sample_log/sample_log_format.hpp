// The layout of a CPU sample log: what the sampler's signal handler appends to and
// what the readers (the report at exit, the `hotpath` command) decode. A log is a
// 4 KiB header followed by 64 KiB chunks. Each thread appends records to a chunk of
// its own and claims a new one when it is full, so writers never share memory and
// need no lock. A chunk's `used` field is stored after each record is complete:
// whatever a reader finds below it is whole, even in the log of a process that was
// killed while it wrote (file-backed logs are shared mappings, so the kernel keeps
// every record already written).
#ifndef HOTPATH_RUNTIME_CPU_SAMPLE_LOG_FORMAT_HPP
#define HOTPATH_RUNTIME_CPU_SAMPLE_LOG_FORMAT_HPP

#include <cstddef>
#include <cstdint>

namespace hotpath::cpu {

constexpr std::uint64_t kLogMagic = 0x474f4c5550435048;  // "HPCPULOG", little-endian
constexpr std::uint32_t kLogVersion = 1;
constexpr std::size_t kLogHeaderBytes = 4096;
constexpr std::size_t kChunkBytes = 64 * 1024;
constexpr std::uint32_t kChunkMagic = 0x4b4e4843;  // "CHNK"
/// Frames kept per sample; deeper stacks keep their innermost frames.
constexpr std::uint32_t kMaxFrames = 127;

/// The start of a log.
struct LogHeader {
  std::uint64_t magic;
  std::uint32_t version;
  std::uint32_t pid;
  double frequency_hz;      ///< requested sampling frequency
  std::uint64_t period_ns;  ///< CPU time between two samples
  char program[256];        ///< the program's name, NUL-terminated
};

/// The start of a chunk; records follow.
struct ChunkHeader {
  std::uint32_t magic;  ///< kChunkMagic once the chunk is in use, 0 before
  std::uint32_t tid;    ///< the thread that writes it
  std::uint32_t used;   ///< bytes of complete records after the header (atomic)
  std::uint32_t reserved;
};

enum class RecordType : std::uint16_t {
  Sample = 1,          ///< a native stack
  Module = 2,          ///< a loaded ELF object
  Thread = 3,          ///< a thread's name
  Stopped = 4,         ///< sampling ended before the process did (readers of old logs skip it)
  WeightedSample = 5,  ///< a native stack with a weight: an off-CPU wait and its time
};

/// Every record starts with this; `bytes` (a multiple of 8) includes it.
struct RecordHeader {
  std::uint32_t bytes;
  RecordType type;
  std::uint16_t count;  ///< Sample: number of addresses; Module and Thread: name length
};

/// Followed by `count` instruction addresses, innermost first. The first is where
/// the thread was interrupted; the others are return addresses.
struct SampleRecord {
  RecordHeader header;
  std::uint64_t addresses[1];
};

/// A stack that stands for `weight` (the nanoseconds a thread waited, for the
/// off-CPU stacks of hotpath-wait) rather than for one sample. Every address is a
/// return address but the first, which is the entry of the function that waited.
struct WeightedSampleRecord {
  RecordHeader header;
  std::uint64_t weight;
  std::uint64_t addresses[1];
};

/// Followed by the module's path (`count` bytes, no NUL).
struct ModuleRecord {
  RecordHeader header;
  std::uint64_t load_bias;  ///< run-time address minus the file's virtual address
};

/// Followed by the thread's name (`count` bytes, no NUL).
struct ThreadRecord {
  RecordHeader header;
  std::uint32_t tid;
  std::uint32_t reserved;
};

/// Followed by why sampling stopped (`count` bytes, no NUL), e.g. the program took
/// over the sampling signal.
struct StoppedRecord {
  RecordHeader header;
};

/// Bytes of a record with `payload` bytes after a fixed part of `fixed` bytes.
constexpr std::uint32_t record_bytes(std::size_t fixed, std::size_t payload) {
  return static_cast<std::uint32_t>((fixed + payload + 7) / 8 * 8);
}

}  // namespace hotpath::cpu

#endif  // HOTPATH_RUNTIME_CPU_SAMPLE_LOG_FORMAT_HPP
