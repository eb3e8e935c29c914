// A module's ELF symbol table indexed by address. libdwfl reads the symbols (.symtab, else
// .dynsym, from the file or its separate debug info); dwfl_module_addrinfo would then scan
// all of them for every address, a millisecond per address in libLLVM. This index answers
// in logarithmic time and picks among aliases as perf does.
#ifndef HOTPATH_SYMBOLIZE_SYMBOL_TABLE_HPP
#define HOTPATH_SYMBOLIZE_SYMBOL_TABLE_HPP

#include <elfutils/libdwfl.h>

#include <vector>

namespace hotpath::symbolize::detail {

/// The symbols of one module, by run-time address.
class SymbolTable {
 public:
  /// Reads every symbol of `module` that can name code.
  explicit SymbolTable(Dwfl_Module* module);

  /// The (mangled) name of the symbol `address` lies in, or null. A symbol with a size
  /// contains the addresses it covers; the innermost one wins. A symbol without a size
  /// (an assembly label) names the addresses after it up to the next symbol, within its
  /// section. Aliases: non-weak before weak, global before local, fewer leading
  /// underscores, then the longer name.
  const char* name_at(GElf_Addr address) const;

 private:
  struct Symbol {
    GElf_Addr start;
    GElf_Addr end;      ///< one past the last byte; start for a symbol without a size
    GElf_Addr max_end;  ///< sized symbols: the highest `end` of this one and all before it
    const char* name;   ///< owned by libdwfl's copy of the file
    GElf_Word section;  ///< section index in the module's file
    unsigned char binding;
  };

  /// True when `a` names a shared address better than `b`.
  static bool better_alias(const Symbol& a, const Symbol& b);

  Dwfl_Module* module_;
  std::vector<Symbol> sized_;     ///< by start
  std::vector<Symbol> sizeless_;  ///< by start, the preferred alias last
};

}  // namespace hotpath::symbolize::detail

#endif  // HOTPATH_SYMBOLIZE_SYMBOL_TABLE_HPP
