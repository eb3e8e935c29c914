// A module's DWARF, as the symbolizer needs it: address -> compilation unit -> out-of-line
// function -> the subroutines inlined at the address, with source lines.
//
// libdw 0.188 finds a unit only through .debug_aranges, which Clang does not emit by
// default, and its dwarf_getscopes does not look inside namespaces, where Clang puts
// function definitions. Both lookups are indexed here instead, with libdw's own DIE and
// range functions: units by their ranges when .debug_aranges has no answer, and the
// functions of a unit by address, read the first time an address falls into the unit.
#ifndef HOTPATH_SYMBOLIZE_DEBUG_INFO_HPP
#define HOTPATH_SYMBOLIZE_DEBUG_INFO_HPP

#include <elfutils/libdwfl.h>

#include <unordered_map>
#include <vector>

#include "symbolizer.hpp"

namespace hotpath::symbolize::detail {

/// DIEs by DWARF address range. Ranges may overlap; the one starting last among those
/// containing an address wins (the innermost, for nested ranges).
class DieRanges {
 public:
  /// Adds every range of `die` (DW_AT_low_pc/high_pc or DW_AT_ranges).
  void add(Dwarf_Die& die);
  /// Sorts the ranges; call once after the last add().
  void finish();
  /// The DIE whose range contains `pc`, or null.
  Dwarf_Die* find(Dwarf_Addr pc);

 private:
  struct Range {
    Dwarf_Addr low;
    Dwarf_Addr high;      ///< one past the end
    Dwarf_Addr max_high;  ///< the highest `high` of this range and all those before it
    Dwarf_Die die;
  };
  std::vector<Range> ranges_;  ///< by `low` after finish()
};

/// The DWARF of one module (in the file or in separate debug info), indexed on first use.
class DebugInfo {
 public:
  explicit DebugInfo(Dwfl_Module* module) : module_(module) {}

  /// The frames DWARF describes at the run-time address `address`, outermost first: the
  /// out-of-line function, then the subroutines inlined into it down to the innermost,
  /// which gets the line table's file and line; every other frame gets the place of its
  /// call to the next. One frame without a function name when only the line table covers
  /// the address; none when DWARF does not.
  std::vector<Frame> frames_at(Dwarf_Addr address);

 private:
  /// The unit containing `address`, or null; `bias` = run-time minus DWARF address.
  Dwarf_Die* unit_at(Dwarf_Addr address, Dwarf_Addr* bias);
  /// The out-of-line function of `unit` containing `pc`, or null.
  Dwarf_Die* function_at(Dwarf_Die& unit, Dwarf_Addr pc);

  Dwfl_Module* module_;
  bool units_read_ = false;
  Dwarf_Addr units_bias_ = 0;
  DieRanges units_;
  /// By the unit DIE's place in the mapped debug data.
  std::unordered_map<const void*, DieRanges> unit_functions_;
};

}  // namespace hotpath::symbolize::detail

#endif  // HOTPATH_SYMBOLIZE_DEBUG_INFO_HPP
