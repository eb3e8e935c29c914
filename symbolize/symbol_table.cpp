// The symbol index: symbols read once through libdwfl, sorted by address.
#include "symbol_table.hpp"

#include <algorithm>
#include <cstring>

namespace hotpath::symbolize::detail {
namespace {

std::size_t leading_underscores(const char* name) { return std::strspn(name, "_"); }

}  // namespace

SymbolTable::SymbolTable(Dwfl_Module* module) : module_(module) {
  const int count = dwfl_module_getsymtab(module);
  for (int i = 0; i < count; ++i) {
    GElf_Sym symbol;
    GElf_Addr address = 0;
    GElf_Word section = SHN_UNDEF;
    const char* name =
        dwfl_module_getsym_info(module, i, &symbol, &address, &section, nullptr, nullptr);
    if (name == nullptr || name[0] == '\0') continue;
    const int type = GELF_ST_TYPE(symbol.st_info);
    if (type == STT_SECTION || type == STT_FILE || type == STT_TLS) continue;
    // Undefined, absolute and common symbols, and those of sections that are not
    // loaded (libdwfl reports -1), name no code.
    if (section == SHN_UNDEF || section >= SHN_LORESERVE) continue;
    Symbol entry{address,
                 address + symbol.st_size,
                 address + symbol.st_size,
                 name,
                 section,
                 static_cast<unsigned char>(GELF_ST_BIND(symbol.st_info))};
    (symbol.st_size > 0 ? sized_ : sizeless_).push_back(entry);
  }
  std::sort(sized_.begin(), sized_.end(),
            [](const Symbol& a, const Symbol& b) { return a.start < b.start; });
  for (std::size_t i = 1; i < sized_.size(); ++i) {
    sized_[i].max_end = std::max(sized_[i].end, sized_[i - 1].max_end);
  }
  std::sort(sizeless_.begin(), sizeless_.end(), [](const Symbol& a, const Symbol& b) {
    return a.start != b.start ? a.start < b.start : better_alias(b, a);
  });
}

const char* SymbolTable::name_at(GElf_Addr address) const {
  const auto by_start = [](GElf_Addr a, const Symbol& symbol) { return a < symbol.start; };
  const auto sized_after = std::upper_bound(sized_.begin(), sized_.end(), address, by_start);
  const Symbol* best = nullptr;
  for (auto symbol = sized_after; symbol != sized_.begin();) {
    --symbol;
    if (symbol->max_end <= address) break;  // nothing from here down reaches the address
    if (best != nullptr && symbol->start < best->start) break;
    if (address < symbol->end && (best == nullptr || better_alias(*symbol, *best))) {
      best = &*symbol;
    }
  }
  if (best != nullptr) return best->name;

  const auto label_after = std::upper_bound(sizeless_.begin(), sizeless_.end(), address, by_start);
  if (label_after == sizeless_.begin()) return nullptr;
  const Symbol& label = *std::prev(label_after);
  // A sized symbol reaching past the label ends the label's reach.
  if (sized_after != sized_.begin() && std::prev(sized_after)->max_end > label.start) {
    return nullptr;
  }
  GElf_Addr relative = address;
  Dwarf_Addr bias = 0;
  Elf_Scn* section = dwfl_module_address_section(module_, &relative, &bias);
  if (section == nullptr || elf_ndxscn(section) != label.section) return nullptr;
  return label.name;
}

bool SymbolTable::better_alias(const Symbol& a, const Symbol& b) {
  const bool a_weak = a.binding == STB_WEAK;
  const bool b_weak = b.binding == STB_WEAK;
  if (a_weak != b_weak) return !a_weak;
  const bool a_global = a.binding == STB_GLOBAL;
  const bool b_global = b.binding == STB_GLOBAL;
  if (a_global != b_global) return a_global;
  const std::size_t a_underscores = leading_underscores(a.name);
  const std::size_t b_underscores = leading_underscores(b.name);
  if (a_underscores != b_underscores) return a_underscores < b_underscores;
  return std::strlen(a.name) > std::strlen(b.name);
}

}  // namespace hotpath::symbolize::detail
