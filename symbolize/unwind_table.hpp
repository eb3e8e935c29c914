// The functions of a module as its unwind tables know them, for code without symbols:
// every function compiled with unwind information has an FDE in .eh_frame, and strip
// keeps it, so the start of the FDE covering an address names the function the address
// is in, the same for every address in it.
//
// libdw answers whether an FDE covers an address (dwfl_module_eh_cfi +
// dwarf_cfi_addrframe), but not where that FDE starts: dwarf_frame_info gives the range
// of the CFI row at the address, which ends at every DW_CFA_advance_loc, and functions
// often follow one another with no gap, so the rows cannot be walked back to the FDE's
// start either. The start comes from the table of FDE starts that the linker writes into
// .eh_frame_hdr (PT_GNU_EH_FRAME) for unwinders to search: the last start at or below a
// covered address is its FDE's start, the same search libdw itself makes.
#ifndef HOTPATH_SYMBOLIZE_UNWIND_TABLE_HPP
#define HOTPATH_SYMBOLIZE_UNWIND_TABLE_HPP

#include <elfutils/libdwfl.h>

#include <optional>
#include <vector>

namespace hotpath::symbolize::detail {

/// The FDE starts of one module, by run-time address.
class UnwindTable {
 public:
  /// Reads the module's .eh_frame_hdr table; a module without one (or with a table in an
  /// encoding other than the one linkers write) starts no function.
  explicit UnwindTable(Dwfl_Module* module);

  /// The run-time start of the function whose FDE covers `address`; none when no FDE
  /// covers it (code without unwind information, padding between functions).
  std::optional<GElf_Addr> function_start(GElf_Addr address);

 private:
  Dwarf_CFI* cfi_ = nullptr;
  Dwarf_Addr cfi_bias_ = 0;        ///< run-time minus .eh_frame address
  GElf_Addr bias_ = 0;             ///< run-time minus file virtual address
  std::vector<GElf_Addr> starts_;  ///< FDE starts, file virtual addresses, ascending
};

}  // namespace hotpath::symbolize::detail

#endif  // HOTPATH_SYMBOLIZE_UNWIND_TABLE_HPP
