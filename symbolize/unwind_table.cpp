// The FDE starts of a module: the .eh_frame_hdr search table read once, libdw's CFI asked
// per address whether an FDE covers it.
#include "unwind_table.hpp"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace hotpath::symbolize::detail {
namespace {

// .eh_frame_hdr: version 1, the encodings of the three fields that follow, the
// address of .eh_frame, the number of FDEs, then (initial location, FDE address)
// pairs sorted by initial location.
constexpr unsigned char kEhFrameHdrVersion = 1;
constexpr std::size_t kEhFrameHdrFixedSize = 4;
// The table's encoding that every linker writes (GNU ld, gold, lld, mold) and the only
// one unwinders binary-search: 4-byte signed offsets from the start of .eh_frame_hdr.
constexpr unsigned char kSearchTableEncoding = DW_EH_PE_datarel | DW_EH_PE_sdata4;

/// The size of a value in a fixed-size pointer encoding, or 0 for the variable-size
/// (LEB128) ones and DW_EH_PE_omit.
std::size_t encoded_size(unsigned char encoding, bool elf64) {
  if (encoding == DW_EH_PE_omit) return 0;
  switch (encoding & 0x0f) {
    case DW_EH_PE_absptr:
      return elf64 ? 8 : 4;
    case DW_EH_PE_udata2:
    case DW_EH_PE_sdata2:
      return 2;
    case DW_EH_PE_udata4:
    case DW_EH_PE_sdata4:
      return 4;
    case DW_EH_PE_udata8:
    case DW_EH_PE_sdata8:
      return 8;
    default:
      return 0;
  }
}

/// The unsigned value of `size` bytes at `bytes`, in the host's byte order.
std::uint64_t read_unsigned(const unsigned char* bytes, std::size_t size) {
  std::uint64_t value = 0;
  if (size == 2) {
    std::uint16_t narrow = 0;
    std::memcpy(&narrow, bytes, size);
    value = narrow;
  } else if (size == 4) {
    std::uint32_t narrow = 0;
    std::memcpy(&narrow, bytes, size);
    value = narrow;
  } else if (size == 8) {
    std::memcpy(&value, bytes, size);
  }
  return value;
}

/// Sets `header` to the PT_GNU_EH_FRAME segment of `elf`; false when it has none.
bool find_eh_frame_hdr(Elf* elf, GElf_Phdr& header) {
  std::size_t count = 0;
  if (elf_getphdrnum(elf, &count) != 0) return false;
  for (std::size_t i = 0; i < count; ++i) {
    if (gelf_getphdr(elf, static_cast<int>(i), &header) != nullptr &&
        header.p_type == PT_GNU_EH_FRAME) {
      return true;
    }
  }
  return false;
}

/// The FDE starts listed in the .eh_frame_hdr of `elf` (file virtual addresses, ascending),
/// or none when it has no table this reader knows.
std::vector<GElf_Addr> read_fde_starts(Elf* elf) {
  GElf_Ehdr file_header;
  GElf_Phdr segment;
  if (gelf_getehdr(elf, &file_header) == nullptr || !find_eh_frame_hdr(elf, segment)) return {};
  // The table is read in the host's byte order: the modules symbolized are those of a
  // process that ran on this machine.
  constexpr unsigned char kHostByteOrder =
      __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB;
  if (file_header.e_ident[EI_DATA] != kHostByteOrder) return {};
  const bool elf64 = file_header.e_ident[EI_CLASS] == ELFCLASS64;

  Elf_Data* data = elf_getdata_rawchunk(elf, static_cast<int64_t>(segment.p_offset),
                                        segment.p_filesz, ELF_T_BYTE);
  if (data == nullptr || data->d_size < kEhFrameHdrFixedSize) return {};
  const auto* bytes = static_cast<const unsigned char*>(data->d_buf);
  const std::size_t size = data->d_size;
  const unsigned char eh_frame_pointer_encoding = bytes[1];
  const unsigned char count_encoding = bytes[2];
  if (bytes[0] != kEhFrameHdrVersion || bytes[3] != kSearchTableEncoding) return {};
  const std::size_t eh_frame_pointer_size = encoded_size(eh_frame_pointer_encoding, elf64);
  const std::size_t count_size = encoded_size(count_encoding, elf64);
  // The count is a plain number: no base address applies to it.
  if (eh_frame_pointer_size == 0 || count_size == 0 || (count_encoding & 0x70) != 0) return {};
  const std::size_t table = kEhFrameHdrFixedSize + eh_frame_pointer_size + count_size;
  if (table > size) return {};
  const std::uint64_t count =
      read_unsigned(bytes + kEhFrameHdrFixedSize + eh_frame_pointer_size, count_size);
  constexpr std::size_t kEntrySize = 2 * sizeof(std::int32_t);
  if (count > (size - table) / kEntrySize) return {};

  std::vector<GElf_Addr> starts(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::int32_t offset = 0;
    std::memcpy(&offset, bytes + table + i * kEntrySize, sizeof offset);
    starts[i] = segment.p_vaddr + static_cast<GElf_Addr>(static_cast<std::int64_t>(offset));
  }
  // Unwinders binary-search the table; one that is not sorted is not one to trust.
  if (!std::is_sorted(starts.begin(), starts.end())) return {};
  return starts;
}

}  // namespace

UnwindTable::UnwindTable(Dwfl_Module* module) {
  Elf* elf = dwfl_module_getelf(module, &bias_);
  cfi_ = dwfl_module_eh_cfi(module, &cfi_bias_);
  if (elf != nullptr && cfi_ != nullptr) starts_ = read_fde_starts(elf);
}

std::optional<GElf_Addr> UnwindTable::function_start(GElf_Addr address) {
  if (starts_.empty()) return std::nullopt;
  Dwarf_Frame* found = nullptr;
  if (dwarf_cfi_addrframe(cfi_, address - cfi_bias_, &found) != 0) return std::nullopt;
  const std::unique_ptr<Dwarf_Frame, decltype(&std::free)> frame(found, &std::free);
  // The CFI row at the address, which lies inside its FDE.
  Dwarf_Addr row_start = 0;
  if (dwarf_frame_info(frame.get(), &row_start, nullptr, nullptr) < 0) return std::nullopt;
  const auto after = std::upper_bound(starts_.begin(), starts_.end(), address - bias_);
  if (after == starts_.begin()) return std::nullopt;
  const GElf_Addr start = *std::prev(after) + bias_;
  // libdw finds the FDE through the same table: a start past the row's would mean that
  // the two disagree, and then neither is trusted.
  if (start > row_start + cfi_bias_) return std::nullopt;
  return start;
}

}  // namespace hotpath::symbolize::detail
