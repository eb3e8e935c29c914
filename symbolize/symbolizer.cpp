// The symbolizer: one libdwfl session over the profiled process's modules. An address
// goes to its module (libdwfl's, or a module whose file could not be read), then to the
// frames its DWARF describes (debug_info.hpp), whose outermost function the ELF symbol
// table names when it can (symbol_table.hpp), as perf does. Code that neither names is
// named by the start of its function, which the unwind tables know (unwind_table.hpp).
#include "symbolizer.hpp"

#include <elfutils/libdwfl.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <iterator>
#include <optional>
#include <utility>

#include "debug_info.hpp"
#include "demangle.hpp"
#include "symbol_table.hpp"
#include "unwind_table.hpp"

namespace hotpath::symbolize {
namespace {

// Files are reported with their paths, so find_elf is never needed for them;
// dwfl_standard_find_debuginfo finds separate debug info next to the file, through
// .gnu_debuglink and under /usr/lib/debug/.build-id. libdwfl keeps a pointer to these.
const Dwfl_Callbacks kCallbacks = {
    dwfl_build_id_find_elf, dwfl_standard_find_debuginfo, dwfl_offline_section_address,
    nullptr,  // the default debug info path: ":.debug:/usr/lib/debug"
};

// A module whose file cannot be read has no known size. An address belongs to it when it is
// the nearest module below the address and no farther than this: no ELF file maps more
// code, and an address beyond it is more likely anonymous memory (JIT code).
constexpr std::uint64_t kMaxUnreadableModuleSpan = std::uint64_t{1} << 30;

constexpr const char* kUnknownFunction = "[unknown]";

std::string basename_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// "libfoo.so+0x1a2b": the file's name and the address relative to its load bias.
std::string offset_name(const Module& module, std::uint64_t address) {
  char offset[32];
  std::snprintf(offset, sizeof offset, "+0x%" PRIx64, address - module.load_bias);
  return basename_of(module.path) + offset;
}

}  // namespace

/// The modules of the process and the libdwfl session that knows their files.
class Symbolizer::ModuleIndex {
 public:
  explicit ModuleIndex(std::vector<Module> modules);
  ~ModuleIndex();
  ModuleIndex(const ModuleIndex&) = delete;
  ModuleIndex& operator=(const ModuleIndex&) = delete;

  /// The frames at `address`, outermost first; never empty.
  std::vector<Frame> frames_at(std::uint64_t address, bool return_address);
  /// Symbolizer::mappings() and Symbolizer::module_of().
  std::vector<ModuleMapping> mappings() const;
  std::ptrdiff_t module_of(std::uint64_t lookup) const;

 private:
  /// Where a module begins: the lowest address of its file's segments, or its load bias
  /// when the file could not be read.
  struct ModuleStart {
    std::uint64_t address;
    std::size_t module;  ///< index in modules_
    bool readable;
  };

  /// A module libdwfl knows, and what was read of it so far.
  struct ReadableModule {
    std::size_t module;  ///< index in modules_
    std::optional<detail::SymbolTable> symbols;
    std::optional<detail::DebugInfo> debug_info;
    std::optional<detail::UnwindTable> unwind_table;
  };

  /// Frames of `lookup` in a module libdwfl knows; `address` names it when nothing, not
  /// even the start of its function in the unwind tables, does.
  std::vector<Frame> frames_in(Dwfl_Module* dwfl_module, ReadableModule& readable,
                               std::uint64_t address, std::uint64_t lookup);
  /// The unreadable module `address` falls into, or null.
  const Module* unreadable_module_at(std::uint64_t address) const;

  std::vector<Module> modules_;
  Dwfl* dwfl_ = nullptr;
  std::unordered_map<const Dwfl_Module*, ReadableModule> readable_;
  std::vector<ModuleStart> starts_;         ///< by address
  std::vector<Dwfl_Module*> dwfl_modules_;  ///< by index in modules_; null when unreadable
};

Symbolizer::ModuleIndex::ModuleIndex(std::vector<Module> modules)
    : modules_(std::move(modules)), dwfl_(dwfl_begin(&kCallbacks)) {
  if (dwfl_ != nullptr) dwfl_report_begin(dwfl_);
  dwfl_modules_.assign(modules_.size(), nullptr);
  for (std::size_t i = 0; i < modules_.size(); ++i) {
    const Module& module = modules_[i];
    // add_p_vaddr: the module's addresses are its file's virtual addresses + load_bias,
    // as the dynamic loader placed it (ignored for ET_EXEC files, which are not moved).
    Dwfl_Module* dwfl_module =
        dwfl_ == nullptr ? nullptr
                         : dwfl_report_elf(dwfl_, module.path.c_str(), module.path.c_str(), -1,
                                           module.load_bias, /*add_p_vaddr=*/true);
    if (dwfl_module == nullptr) {
      starts_.push_back({module.load_bias, i, false});
      continue;
    }
    Dwarf_Addr low = 0;
    dwfl_module_info(dwfl_module, nullptr, &low, nullptr, nullptr, nullptr, nullptr, nullptr);
    starts_.push_back({low, i, true});
    dwfl_modules_[i] = dwfl_module;
    readable_.emplace(dwfl_module, ReadableModule{i, std::nullopt, std::nullopt, std::nullopt});
  }
  if (dwfl_ != nullptr) dwfl_report_end(dwfl_, nullptr, nullptr);
  std::sort(starts_.begin(), starts_.end(), [](const ModuleStart& a, const ModuleStart& b) {
    return a.address != b.address ? a.address < b.address : a.module < b.module;
  });
}

Symbolizer::ModuleIndex::~ModuleIndex() {
  if (dwfl_ != nullptr) dwfl_end(dwfl_);
}

std::vector<Frame> Symbolizer::ModuleIndex::frames_at(std::uint64_t address, bool return_address) {
  if (return_address && address == 0) return {Frame{kUnknownFunction, "", 0, false}};
  const std::uint64_t lookup = return_address ? address - 1 : address;
  if (dwfl_ != nullptr) {
    if (Dwfl_Module* dwfl_module = dwfl_addrmodule(dwfl_, lookup)) {
      const auto found = readable_.find(dwfl_module);
      if (found != readable_.end()) return frames_in(dwfl_module, found->second, address, lookup);
    }
  }
  if (const Module* module = unreadable_module_at(lookup)) {
    return {Frame{offset_name(*module, address), "", 0, false}};
  }
  return {Frame{kUnknownFunction, "", 0, false}};
}

std::vector<Frame> Symbolizer::ModuleIndex::frames_in(Dwfl_Module* dwfl_module,
                                                      ReadableModule& readable,
                                                      std::uint64_t address, std::uint64_t lookup) {
  if (!readable.debug_info) readable.debug_info.emplace(dwfl_module);
  std::vector<Frame> frames = readable.debug_info->frames_at(lookup);
  if (frames.empty()) frames.emplace_back();
  // The symbol table names the out-of-line function as perf does, and works without DWARF.
  if (!readable.symbols) readable.symbols.emplace(dwfl_module);
  Frame& outer = frames.front();
  if (const char* symbol = readable.symbols->name_at(lookup)) outer.function = demangle(symbol);
  if (!outer.function.empty()) return frames;
  // Without a name, every address of one function gets the same one: its start.
  if (!readable.unwind_table) readable.unwind_table.emplace(dwfl_module);
  const std::optional<GElf_Addr> start = readable.unwind_table->function_start(lookup);
  outer.function = offset_name(modules_[readable.module], start ? *start : address);
  return frames;
}

std::vector<ModuleMapping> Symbolizer::ModuleIndex::mappings() const {
  std::vector<ModuleMapping> mappings(modules_.size());
  for (std::size_t i = 0; i < modules_.size(); ++i) {
    ModuleMapping& mapping = mappings[i];
    Dwfl_Module* dwfl_module = dwfl_modules_[i];
    if (dwfl_module == nullptr) {
      mapping.start = modules_[i].load_bias;
      continue;
    }
    Dwarf_Addr low = 0;
    Dwarf_Addr high = 0;
    dwfl_module_info(dwfl_module, nullptr, &low, &high, nullptr, nullptr, nullptr, nullptr);
    mapping.start = low;
    mapping.limit = high;
    const unsigned char* bits = nullptr;
    GElf_Addr note_address = 0;
    const int length = dwfl_module_build_id(dwfl_module, &bits, &note_address);
    static constexpr char kHex[] = "0123456789abcdef";
    for (int byte = 0; byte < length; ++byte) {
      mapping.build_id += kHex[bits[byte] >> 4];
      mapping.build_id += kHex[bits[byte] & 0xf];
    }
  }
  return mappings;
}

std::ptrdiff_t Symbolizer::ModuleIndex::module_of(std::uint64_t lookup) const {
  if (dwfl_ != nullptr) {
    if (Dwfl_Module* dwfl_module = dwfl_addrmodule(dwfl_, lookup)) {
      const auto found = readable_.find(dwfl_module);
      if (found != readable_.end()) return static_cast<std::ptrdiff_t>(found->second.module);
    }
  }
  if (const Module* module = unreadable_module_at(lookup)) return module - modules_.data();
  return -1;
}

const Module* Symbolizer::ModuleIndex::unreadable_module_at(std::uint64_t address) const {
  const auto after =
      std::upper_bound(starts_.begin(), starts_.end(), address,
                       [](std::uint64_t a, const ModuleStart& start) { return a < start.address; });
  if (after == starts_.begin()) return nullptr;
  const ModuleStart& start = *std::prev(after);
  if (start.readable || address - start.address >= kMaxUnreadableModuleSpan) return nullptr;
  return &modules_[start.module];
}

Symbolizer::Symbolizer(std::vector<Module> modules)
    : index_(std::make_unique<ModuleIndex>(std::move(modules))) {}

Symbolizer::~Symbolizer() = default;

const std::vector<Frame>& Symbolizer::symbolize(std::uint64_t address, bool return_address) {
  auto& cache = return_address ? return_frames_ : leaf_frames_;
  const auto cached = cache.find(address);
  if (cached != cache.end()) return cached->second;
  // std::unordered_map never moves its elements: earlier references stay valid.
  return cache.emplace(address, index_->frames_at(address, return_address)).first->second;
}

std::vector<ModuleMapping> Symbolizer::mappings() const { return index_->mappings(); }

std::ptrdiff_t Symbolizer::module_of(std::uint64_t address, bool return_address) const {
  if (return_address && address == 0) return -1;
  return index_->module_of(return_address ? address - 1 : address);
}

}  // namespace hotpath::symbolize
