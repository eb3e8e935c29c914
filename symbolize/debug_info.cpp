// DWARF lookups of the symbolizer: unit and function indexes, the chain of inlined
// subroutines at an address, function names, call sites and line table rows.
#include "debug_info.hpp"

#include <dwarf.h>

#include <algorithm>

#include "demangle.hpp"

namespace hotpath::symbolize::detail {
namespace {

/// The next sibling of `die` into `die`; false after the last one.
bool next_sibling(Dwarf_Die& die) {
  Dwarf_Die sibling;
  if (dwarf_siblingof(&die, &sibling) != 0) return false;
  die = sibling;
  return true;
}

/// Adds the functions with code under `parent` to `functions`. The whole tree is read:
/// definitions sit in namespaces (Clang), in local classes and in other functions.
void collect_functions(Dwarf_Die& parent, DieRanges& functions) {
  Dwarf_Die child;
  if (dwarf_child(&parent, &child) != 0) return;
  do {
    switch (dwarf_tag(&child)) {
      case DW_TAG_subprogram:
        functions.add(child);
        collect_functions(child, functions);
        break;
      case DW_TAG_namespace:
      case DW_TAG_class_type:
      case DW_TAG_structure_type:
      case DW_TAG_union_type:
      case DW_TAG_lexical_block:
        collect_functions(child, functions);
        break;
      case DW_TAG_imported_unit: {
        // A partial unit shared between units (DWZ-compressed debug info).
        Dwarf_Attribute attribute;
        Dwarf_Die imported;
        if (dwarf_formref_die(dwarf_attr(&child, DW_AT_import, &attribute), &imported)) {
          collect_functions(imported, functions);
        }
        break;
      }
      default:
        break;
    }
  } while (next_sibling(child));
}

bool is_code_scope(int tag) {
  return tag == DW_TAG_inlined_subroutine || tag == DW_TAG_lexical_block ||
         tag == DW_TAG_try_block || tag == DW_TAG_catch_block;
}

/// Appends the inlined subroutines under `scope` that contain `pc` to `chain`, outermost
/// first. True when a scope under `scope` contains `pc`.
bool append_inlined_at(Dwarf_Die& scope, Dwarf_Addr pc, std::vector<Dwarf_Die>& chain) {
  Dwarf_Die child;
  if (dwarf_child(&scope, &child) != 0) return false;
  do {
    const int tag = dwarf_tag(&child);
    if (!is_code_scope(tag)) continue;
    // A block without addresses of its own still groups the inlined code in it.
    if (!dwarf_hasattr(&child, DW_AT_low_pc) && !dwarf_hasattr(&child, DW_AT_ranges)) {
      if (tag != DW_TAG_inlined_subroutine && append_inlined_at(child, pc, chain)) return true;
      continue;
    }
    if (dwarf_haspc(&child, pc) != 1) continue;
    if (tag == DW_TAG_inlined_subroutine) chain.push_back(child);
    append_inlined_at(child, pc, chain);
    return true;
  } while (next_sibling(child));
  return false;
}

/// A DWARF function's name: the linkage name demangled, else its plain name, looking
/// through DW_AT_abstract_origin and DW_AT_specification; "" when it has neither.
std::string function_name(Dwarf_Die& die) {
  Dwarf_Attribute attribute;
  for (const unsigned name : {DW_AT_linkage_name, DW_AT_MIPS_linkage_name}) {
    if (const char* linkage_name = dwarf_formstring(dwarf_attr_integrate(&die, name, &attribute))) {
      return demangle(linkage_name);
    }
  }
  const char* name = dwarf_formstring(dwarf_attr_integrate(&die, DW_AT_name, &attribute));
  return name != nullptr ? name : "";
}

/// Sets `caller`'s file and line to the call site of the inlined subroutine `inlined`.
void set_call_site(Dwarf_Die& inlined, Frame& caller) {
  Dwarf_Attribute attribute;
  Dwarf_Word value = 0;
  if (dwarf_formudata(dwarf_attr(&inlined, DW_AT_call_line, &attribute), &value) == 0) {
    caller.line = static_cast<unsigned>(value);
  }
  if (dwarf_formudata(dwarf_attr(&inlined, DW_AT_call_file, &attribute), &value) != 0) return;
  // The file index refers to the line table of the unit holding the DIE, which with
  // DWZ-compressed debug info can be a partial unit rather than the address's unit.
  Dwarf_Die unit;
  Dwarf_Files* files = nullptr;
  std::size_t file_count = 0;
  if (dwarf_diecu(&inlined, &unit, nullptr, nullptr) == nullptr ||
      dwarf_getsrcfiles(&unit, &files, &file_count) != 0 || value >= file_count) {
    return;
  }
  if (const char* file = dwarf_filesrc(files, value, nullptr, nullptr)) caller.file = file;
}

/// Sets `frame`'s file and line from the line table of `unit` at `pc`.
void set_line(Dwarf_Die& unit, Dwarf_Addr pc, Frame& frame) {
  Dwarf_Line* line = dwarf_getsrc_die(&unit, pc);
  if (line == nullptr) return;
  if (const char* file = dwarf_linesrc(line, nullptr, nullptr)) frame.file = file;
  int line_number = 0;
  if (dwarf_lineno(line, &line_number) == 0 && line_number > 0) {
    frame.line = static_cast<unsigned>(line_number);
  }
}

}  // namespace

void DieRanges::add(Dwarf_Die& die) {
  Dwarf_Addr base = 0;
  Dwarf_Addr low = 0;
  Dwarf_Addr high = 0;
  std::ptrdiff_t offset = 0;
  while ((offset = dwarf_ranges(&die, offset, &base, &low, &high)) > 0) {
    if (low < high) ranges_.push_back({low, high, high, die});
  }
}

void DieRanges::finish() {
  std::sort(ranges_.begin(), ranges_.end(),
            [](const Range& a, const Range& b) { return a.low < b.low; });
  for (std::size_t i = 1; i < ranges_.size(); ++i) {
    ranges_[i].max_high = std::max(ranges_[i].high, ranges_[i - 1].max_high);
  }
}

Dwarf_Die* DieRanges::find(Dwarf_Addr pc) {
  auto range = std::upper_bound(ranges_.begin(), ranges_.end(), pc,
                                [](Dwarf_Addr a, const Range& r) { return a < r.low; });
  while (range != ranges_.begin()) {
    --range;
    if (range->max_high <= pc) break;  // no range from here down reaches pc
    if (pc < range->high) return &range->die;
  }
  return nullptr;
}

std::vector<Frame> DebugInfo::frames_at(Dwarf_Addr address) {
  Dwarf_Addr bias = 0;
  Dwarf_Die* unit = unit_at(address, &bias);
  if (unit == nullptr) return {};
  const Dwarf_Addr pc = address - bias;
  // The function DIEs at pc, outermost first.
  std::vector<Dwarf_Die> dies;
  if (Dwarf_Die* function = function_at(*unit, pc)) {
    dies.push_back(*function);
    append_inlined_at(*function, pc, dies);
  }
  std::vector<Frame> frames(std::max<std::size_t>(dies.size(), 1));
  for (std::size_t i = 0; i < dies.size(); ++i) {
    frames[i].function = function_name(dies[i]);
    frames[i].inlined = i > 0;
    if (i > 0) set_call_site(dies[i], frames[i - 1]);
  }
  set_line(*unit, pc, frames.back());
  if (dies.empty() && frames.back().line == 0 && frames.back().file.empty()) return {};
  return frames;
}

Dwarf_Die* DebugInfo::unit_at(Dwarf_Addr address, Dwarf_Addr* bias) {
  if (Dwarf_Die* unit = dwfl_module_addrdie(module_, address, bias)) return unit;
  if (!units_read_) {
    units_read_ = true;
    Dwarf_Die* unit = nullptr;
    while ((unit = dwfl_module_nextcu(module_, unit, &units_bias_)) != nullptr) units_.add(*unit);
    units_.finish();
  }
  *bias = units_bias_;
  return units_.find(address - units_bias_);
}

Dwarf_Die* DebugInfo::function_at(Dwarf_Die& unit, Dwarf_Addr pc) {
  auto functions = unit_functions_.find(unit.addr);
  if (functions == unit_functions_.end()) {
    DieRanges read;
    collect_functions(unit, read);
    read.finish();
    functions = unit_functions_.emplace(unit.addr, std::move(read)).first;
  }
  return functions->second.find(pc);
}

}  // namespace hotpath::symbolize::detail
