// Appending to a sample log. The log is one large reservation of address space
// (nothing is committed until it is written); a chunk is claimed with one atomic
// increment, and in a file log the chunk's disk blocks are allocated before it is
// used, so that a full disk loses samples instead of killing the program with
// SIGBUS on a write to the mapping.
#include "sample_log/sample_log_writer.hpp"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace hotpath::cpu {
namespace {

// Address space only: a log grows by about 0.2 MB per second of sampled CPU time.
constexpr std::size_t kReservedBytes = std::size_t{16} << 30;

/// The chunk a thread appends to, in static TLS so that the signal handler reaches
/// it without a call into the dynamic loader.
struct Cursor {
  ChunkHeader* chunk;
  std::uint32_t generation;
};
__thread Cursor t_cursor __attribute__((tls_model("initial-exec")));

constexpr std::uint32_t kChunkPayload = kChunkBytes - sizeof(ChunkHeader);

// Every log opened in the process gets a generation of its own (never 0), so that
// a thread's cursor into an earlier log, of this writer or another, is never taken
// for one into the current log.
std::atomic<std::uint32_t> g_last_generation{0};

/// Gives the file real blocks for [offset, offset + bytes).
bool allocate_file_range(int fd, std::size_t offset, std::size_t bytes) noexcept {
  const int result = ::fallocate(fd, 0, static_cast<off_t>(offset), static_cast<off_t>(bytes));
  if (result == 0) return true;
  if (errno != EOPNOTSUPP) return false;
  // A file system without fallocate: extend the file (never shrink it, unlike
  // ftruncate from two threads at once) by writing its last byte.
  const char zero = 0;
  return ::pwrite(fd, &zero, 1, static_cast<off_t>(offset + bytes - 1)) == 1;
}

/// Creates `path`, or with `keep_existing` the first of `path`, `path.1`, `path.2`
/// ... that does not exist yet.
int create_log_file(std::string& path, bool keep_existing) {
  if (!keep_existing) return ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const std::string base = path;
  for (int suffix = 1;; ++suffix) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0 || errno != EEXIST || suffix > 1000) return fd;
    path = base + "." + std::to_string(suffix);
  }
}

}  // namespace

bool SampleLogWriter::open(std::string path, bool keep_existing, double frequency_hz,
                           std::uint64_t period_ns, std::string_view program,
                           std::string& error) noexcept {
  const int saved_errno = errno;
  int fd = -1;
  void* base = MAP_FAILED;
  if (path.empty()) {
    base = ::mmap(nullptr, kReservedBytes, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  } else {
    fd = create_log_file(path, keep_existing);
    if (fd < 0) {
      error = "cannot create \"" + path + "\": " + std::strerror(errno);
      errno = saved_errno;
      return false;
    }
    if (!allocate_file_range(fd, 0, kLogHeaderBytes)) {
      error = "cannot write \"" + path + "\": " + std::strerror(errno);
      ::close(fd);
      errno = saved_errno;
      return false;
    }
    base =
        ::mmap(nullptr, kReservedBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
  }
  if (base == MAP_FAILED) {
    error = std::string("cannot map the sample log: ") + std::strerror(errno);
    if (fd >= 0) ::close(fd);
    errno = saved_errno;
    return false;
  }
  base_ = static_cast<char*>(base);
  reserved_bytes_ = kReservedBytes;
  max_chunks_ = (kReservedBytes - kLogHeaderBytes) / kChunkBytes;
  next_chunk_.store(0, std::memory_order_relaxed);
  fd_ = fd;
  path_ = std::move(path);
  generation_.store(g_last_generation.fetch_add(1, std::memory_order_relaxed) + 1,
                    std::memory_order_release);

  auto* header = reinterpret_cast<LogHeader*>(base_);
  header->version = kLogVersion;
  header->pid = static_cast<std::uint32_t>(::getpid());
  header->frequency_hz = frequency_hz;
  header->period_ns = period_ns;
  const std::size_t length = std::min(program.size(), sizeof header->program - 1);
  std::memcpy(header->program, program.data(), length);
  header->program[length] = '\0';
  __atomic_store_n(&header->magic, kLogMagic, __ATOMIC_RELEASE);
  errno = saved_errno;
  return true;
}

std::size_t SampleLogWriter::size() const noexcept {
  if (base_ == nullptr) return 0;
  const std::size_t chunks = std::min(next_chunk_.load(std::memory_order_acquire), max_chunks_);
  return kLogHeaderBytes + chunks * kChunkBytes;
}

bool SampleLogWriter::claim_chunk(pid_t tid) noexcept {
  const std::size_t index = next_chunk_.fetch_add(1, std::memory_order_acq_rel);
  if (index >= max_chunks_) return false;
  const std::size_t offset = kLogHeaderBytes + index * kChunkBytes;
  if (fd_ >= 0) {
    const int saved_errno = errno;
    const bool allocated = allocate_file_range(fd_, offset, kChunkBytes);
    errno = saved_errno;
    // The chunk stays unmarked: readers skip it.
    if (!allocated) return false;
  }
  auto* chunk = reinterpret_cast<ChunkHeader*>(base_ + offset);
  chunk->tid = static_cast<std::uint32_t>(tid);
  chunk->used = 0;
  __atomic_store_n(&chunk->magic, kChunkMagic, __ATOMIC_RELEASE);
  t_cursor.chunk = chunk;
  t_cursor.generation = generation_.load(std::memory_order_relaxed);
  return true;
}

char* SampleLogWriter::reserve(pid_t tid, std::uint32_t bytes) noexcept {
  if (base_ == nullptr || bytes > kChunkPayload) return nullptr;
  Cursor& cursor = t_cursor;
  const bool current = cursor.chunk != nullptr &&
                       cursor.generation == generation_.load(std::memory_order_relaxed) &&
                       cursor.chunk->tid == static_cast<std::uint32_t>(tid);
  if (!current || kChunkPayload - cursor.chunk->used < bytes) {
    if (!claim_chunk(tid)) return nullptr;
  }
  return reinterpret_cast<char*>(cursor.chunk + 1) + cursor.chunk->used;
}

char* SampleLogWriter::begin_record(pid_t tid, RecordType type, std::size_t fixed,
                                    const void* payload, std::size_t payload_bytes,
                                    std::uint16_t count) noexcept {
  const std::uint32_t bytes = record_bytes(fixed, payload_bytes);
  char* record = reserve(tid, bytes);
  if (record == nullptr) return nullptr;
  auto* header = reinterpret_cast<RecordHeader*>(record);
  header->bytes = bytes;
  header->type = type;
  header->count = count;
  std::memcpy(record + fixed, payload, payload_bytes);
  return record;
}

void SampleLogWriter::commit(char* record) noexcept {
  ChunkHeader* chunk = t_cursor.chunk;
  const std::uint32_t bytes = reinterpret_cast<const RecordHeader*>(record)->bytes;
  const auto used = static_cast<std::uint32_t>(record + bytes - reinterpret_cast<char*>(chunk + 1));
  __atomic_store_n(&chunk->used, used, __ATOMIC_RELEASE);
}

bool SampleLogWriter::append_sample(pid_t tid, const std::uint64_t* addresses,
                                    unsigned count) noexcept {
  count = std::min(count, kMaxFrames);
  char* record = begin_record(tid, RecordType::Sample, offsetof(SampleRecord, addresses), addresses,
                              count * sizeof(std::uint64_t), static_cast<std::uint16_t>(count));
  if (record == nullptr) return false;
  commit(record);
  return true;
}

bool SampleLogWriter::append_weighted_sample(pid_t tid, std::uint64_t weight,
                                             const std::uint64_t* addresses,
                                             unsigned count) noexcept {
  count = std::min(count, kMaxFrames);
  char* record =
      begin_record(tid, RecordType::WeightedSample, offsetof(WeightedSampleRecord, addresses),
                   addresses, count * sizeof(std::uint64_t), static_cast<std::uint16_t>(count));
  if (record == nullptr) return false;
  reinterpret_cast<WeightedSampleRecord*>(record)->weight = weight;
  commit(record);
  return true;
}

bool SampleLogWriter::append_module(pid_t tid, std::string_view path,
                                    std::uint64_t load_bias) noexcept {
  const std::size_t length = std::min<std::size_t>(path.size(), 4096);
  char* record = begin_record(tid, RecordType::Module, sizeof(ModuleRecord), path.data(), length,
                              static_cast<std::uint16_t>(length));
  if (record == nullptr) return false;
  reinterpret_cast<ModuleRecord*>(record)->load_bias = load_bias;
  commit(record);
  return true;
}

bool SampleLogWriter::append_thread_name(pid_t tid, pid_t named_tid,
                                         std::string_view name) noexcept {
  const std::size_t length = std::min<std::size_t>(name.size(), 255);
  char* record = begin_record(tid, RecordType::Thread, sizeof(ThreadRecord), name.data(), length,
                              static_cast<std::uint16_t>(length));
  if (record == nullptr) return false;
  auto* thread = reinterpret_cast<ThreadRecord*>(record);
  thread->tid = static_cast<std::uint32_t>(named_tid);
  thread->reserved = 0;
  commit(record);
  return true;
}

bool SampleLogWriter::append_stopped(pid_t tid, std::string_view reason) noexcept {
  const std::size_t length = std::min<std::size_t>(reason.size(), 1024);
  char* record = begin_record(tid, RecordType::Stopped, sizeof(StoppedRecord), reason.data(),
                              length, static_cast<std::uint16_t>(length));
  if (record == nullptr) return false;
  commit(record);
  return true;
}

void SampleLogWriter::close() noexcept {
  if (base_ == nullptr) return;
  const int saved_errno = errno;
  if (fd_ >= 0) {
    // Claims past a failed allocation may leave the file shorter than the log;
    // unused chunks read as zeros and are skipped either way.
    [[maybe_unused]] const int ignored = ::ftruncate(fd_, static_cast<off_t>(size()));
  }
  abandon();
  errno = saved_errno;
}

void SampleLogWriter::abandon() noexcept {
  if (base_ == nullptr) return;
  ::munmap(base_, reserved_bytes_);
  if (fd_ >= 0) ::close(fd_);
  base_ = nullptr;
  fd_ = -1;
  generation_.store(0, std::memory_order_release);
}

}  // namespace hotpath::cpu
