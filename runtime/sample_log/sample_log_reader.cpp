// Decoding of sample logs. Chunks that were never used (all zeros) and the end of
// a chunk past its last complete record are skipped; a record that claims to run
// past its chunk ends that chunk, so a damaged log yields what is intact in it.
#include "sample_log/sample_log_reader.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>
#include <string_view>
#include <utility>

#include "sample_log/sample_log_format.hpp"

namespace hotpath::cpu {
namespace {

/// Reads the records of one chunk into `log`.
void read_chunk(const ChunkHeader& chunk, const char* records, SampleLog& log,
                std::set<std::pair<std::string, std::uint64_t>>& seen_modules) {
  const std::uint32_t used = std::min<std::uint32_t>(__atomic_load_n(&chunk.used, __ATOMIC_ACQUIRE),
                                                     kChunkBytes - sizeof(ChunkHeader));
  std::uint32_t offset = 0;
  while (offset + sizeof(RecordHeader) <= used) {
    RecordHeader header;
    std::memcpy(&header, records + offset, sizeof header);
    if (header.bytes < sizeof(RecordHeader) || header.bytes % 8 != 0 ||
        offset + header.bytes > used) {
      return;
    }
    const char* record = records + offset;
    switch (header.type) {
      case RecordType::Sample:
      case RecordType::WeightedSample: {
        const bool weighted = header.type == RecordType::WeightedSample;
        const std::size_t fixed = weighted ? offsetof(WeightedSampleRecord, addresses)
                                           : offsetof(SampleRecord, addresses);
        if (fixed + header.count * sizeof(std::uint64_t) > header.bytes || header.count == 0) break;
        LoggedStack stack;
        if (weighted)
          std::memcpy(&stack.weight, record + offsetof(WeightedSampleRecord, weight),
                      sizeof stack.weight);
        stack.tid = chunk.tid;
        stack.first = log.addresses.size();
        stack.count = header.count;
        for (std::uint32_t i = 0; i < header.count; ++i) {
          std::uint64_t address;
          std::memcpy(&address, record + fixed + i * sizeof address, sizeof address);
          log.addresses.push_back(address);
        }
        log.stacks.push_back(stack);
        break;
      }
      case RecordType::Module: {
        if (sizeof(ModuleRecord) + header.count > header.bytes) break;
        ModuleRecord module;
        std::memcpy(&module, record, sizeof module);
        std::string path(record + sizeof(ModuleRecord), header.count);
        if (seen_modules.emplace(path, module.load_bias).second)
          log.modules.push_back({std::move(path), module.load_bias});
        break;
      }
      case RecordType::Thread: {
        if (sizeof(ThreadRecord) + header.count > header.bytes) break;
        ThreadRecord thread;
        std::memcpy(&thread, record, sizeof thread);
        log.thread_names[thread.tid] = std::string(record + sizeof(ThreadRecord), header.count);
        break;
      }
      case RecordType::Stopped: {
        if (sizeof(StoppedRecord) + header.count > header.bytes) break;
        log.stopped_early = std::string(record + sizeof(StoppedRecord), header.count);
        break;
      }
    }
    offset += header.bytes;
  }
}

}  // namespace

std::optional<SampleLog> read_sample_log(const char* data, std::size_t size, std::string& error) {
  if (size < kLogHeaderBytes) {
    error = "not a hotpath sample log (too short)";
    return std::nullopt;
  }
  LogHeader header;
  std::memcpy(&header, data, sizeof header);
  if (header.magic != kLogMagic) {
    error = "not a hotpath sample log";
    return std::nullopt;
  }
  if (header.version != kLogVersion) {
    error = "sample log version " + std::to_string(header.version) + ", this hotpath reads " +
            std::to_string(kLogVersion);
    return std::nullopt;
  }
  SampleLog log;
  header.program[sizeof header.program - 1] = '\0';
  log.program = header.program;
  log.pid = header.pid;
  log.frequency_hz = header.frequency_hz;
  log.period_ns = header.period_ns;
  std::set<std::pair<std::string, std::uint64_t>> seen_modules;
  for (std::size_t offset = kLogHeaderBytes; offset + kChunkBytes <= size; offset += kChunkBytes) {
    const auto* chunk = reinterpret_cast<const ChunkHeader*>(data + offset);
    if (__atomic_load_n(&chunk->magic, __ATOMIC_ACQUIRE) != kChunkMagic) continue;
    read_chunk(*chunk, data + offset + sizeof(ChunkHeader), log, seen_modules);
  }
  return log;
}

std::optional<SampleLog> read_sample_log_file(const std::string& path, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot open \"" + path + "\": " + std::strerror(errno);
    return std::nullopt;
  }
  struct stat status;
  if (::fstat(fd, &status) != 0) {
    error = "cannot read \"" + path + "\": " + std::strerror(errno);
    ::close(fd);
    return std::nullopt;
  }
  const auto size = static_cast<std::size_t>(status.st_size);
  if (size < kLogHeaderBytes) {
    ::close(fd);
    error = "\"" + path + "\" is not a hotpath sample log (too short)";
    return std::nullopt;
  }
  void* mapped = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (mapped == MAP_FAILED) {
    error = "cannot read \"" + path + "\": " + std::strerror(errno);
    return std::nullopt;
  }
  std::optional<SampleLog> log = read_sample_log(static_cast<const char*>(mapped), size, error);
  ::munmap(mapped, size);
  if (!log) error = "\"" + path + "\": " + error;
  return log;
}

}  // namespace hotpath::cpu
