// Addresses of sampled native stacks -> function names, source files and lines, inlined
// frames included, with elfutils' libdwfl. Used after the profiled run (it opens files
// and allocates), never in a signal handler. Names are those `perf script -v` prints
// (plain `perf script` drops parameter lists): the ELF symbol table names the
// out-of-line function, DWARF the functions inlined into it. In code that neither names
// (stripped), every address of a function is named by the function's start.
#ifndef HOTPATH_SYMBOLIZE_SYMBOLIZER_HPP
#define HOTPATH_SYMBOLIZE_SYMBOLIZER_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace hotpath::symbolize {

/// One loaded ELF object of the profiled process, as dl_iterate_phdr describes it.
struct Module {
  std::string path;  ///< absolute path of the file (the main program's real path, not "")
  std::uint64_t load_bias = 0;  ///< dlpi_addr: run-time address = file virtual address + load_bias
};

/// One frame of a symbolized address.
struct Frame {
  std::string function;  ///< demangled name, e.g. "app::Stack<int>::push(int const&)", or
                         ///< "module+0x1a2b" when unnamed: the start of the function
                         ///< (its FDE) when the unwind tables know it, else the address;
                         ///< "[unknown]" outside every module
  std::string file;      ///< source file when known, else ""
  unsigned line = 0;     ///< 0 when unknown
  bool inlined = false;  ///< true for a function inlined into the next (outer) one
};

/// Where a module was mapped and which file it was, as profile formats describe a
/// mapping (pprof's Mapping).
struct ModuleMapping {
  std::uint64_t start = 0;  ///< lowest run-time address of the file's segments
  std::uint64_t limit = 0;  ///< one past the highest; 0 when the file could not be read
  std::string build_id;     ///< the GNU build id in lowercase hex; empty when it has none
};

/// Symbolizes addresses of one process, given its modules. Not thread-safe.
///
///     Symbolizer symbolizer({{"/usr/bin/app", 0x5555'5555'4000}, {"/lib/libc.so.6", bias}});
///     for (const Frame& frame : symbolizer.symbolize(address, /*return_address=*/true))
///       std::printf("%s %s:%u\n", frame.function.c_str(), frame.file.c_str(), frame.line);
class Symbolizer {
 public:
  /// Reports every module to libdwfl once. Modules whose file cannot be read are remembered
  /// by path so their addresses still print as "name+0xoffset".
  explicit Symbolizer(std::vector<Module> modules);
  ~Symbolizer();
  Symbolizer(const Symbolizer&) = delete;
  Symbolizer& operator=(const Symbolizer&) = delete;

  /// The frames at `address`, outermost first: the real (out-of-line) function first, then
  /// the functions inlined into it down to the innermost. Never empty. `return_address` is
  /// true for every frame of a stack except the interrupted one (the leaf): the call
  /// instruction is then at address - 1, which is what is looked up. Results are cached per
  /// (address, return_address); the reference stays valid as long as the Symbolizer.
  const std::vector<Frame>& symbolize(std::uint64_t address, bool return_address);

  /// The mapping of each module given, in the same order.
  std::vector<ModuleMapping> mappings() const;
  /// The index of the module (as given) that `address` falls into; -1 outside every
  /// module. `return_address` as for symbolize().
  std::ptrdiff_t module_of(std::uint64_t address, bool return_address) const;

 private:
  class ModuleIndex;

  std::unique_ptr<ModuleIndex> index_;
  std::unordered_map<std::uint64_t, std::vector<Frame>> leaf_frames_;
  std::unordered_map<std::uint64_t, std::vector<Frame>> return_frames_;
};

}  // namespace hotpath::symbolize

#endif  // HOTPATH_SYMBOLIZE_SYMBOLIZER_HPP
