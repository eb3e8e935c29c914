// The symbolizer on real code: functions of this test program (symbolize_targets.cpp,
// -g -O2), a shared library loaded with dlopen, its stripped copies, and addresses no
// file describes. Modules come from dl_iterate_phdr, as the sampler records them.
#include "symbolizer.hpp"

#include <dlfcn.h>
#include <link.h>
#include <sys/auxv.h>

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "symbolize_targets.hpp"

namespace hotpath::symbolize {

// Readable assertion failures.
void PrintTo(const Frame& frame, std::ostream* out) {
  *out << '{' << frame.function << " at " << frame.file << ':' << frame.line
       << (frame.inlined ? " inlined}" : "}");
}

namespace {

std::vector<Module> process_modules() {
  std::vector<Module> modules;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        std::string path = info->dlpi_name != nullptr ? info->dlpi_name : "";
        // The main program is the object without a name.
        if (path.empty()) path = "/proc/self/exe";
        static_cast<std::vector<Module>*>(data)->push_back({path, info->dlpi_addr});
        return 0;
      },
      &modules);
  return modules;
}

template <typename Function>
std::uint64_t address_of(Function* function) {
  return reinterpret_cast<std::uintptr_t>(function);
}

std::string hex(std::uint64_t value) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%" PRIx64, value);
  return text;
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// libsymtest.so, loaded once for the whole test program.
class SymtestLibrary {
 public:
  static const SymtestLibrary& get() {
    static const SymtestLibrary library;
    return library;
  }

  std::uint64_t load_bias() const { return load_bias_; }
  /// The start of the library's .fini section, its termination code.
  std::uint64_t fini() const { return fini_; }
  std::uint64_t hidden_square() const { return call<std::uintptr_t>("symtest_hidden_square"); }
  unsigned hidden_square_line() const { return call<unsigned>("symtest_hidden_square_line"); }
  std::uint64_t internal_twice() const { return call<std::uintptr_t>("symtest_internal_twice"); }
  unsigned internal_twice_line() const { return call<unsigned>("symtest_internal_twice_line"); }
  std::uint64_t exported_cube() const { return call<std::uintptr_t>("symtest_exported_cube"); }
  std::uint64_t duo() const { return call<std::uintptr_t>("symtest_duo_address"); }
  /// Two hand-written functions with unwind information, the second right after the first.
  std::uint64_t unwound_first() const {
    return call<std::uintptr_t>("symtest_unwound_first_address");
  }
  std::uint64_t unwound_second() const {
    return call<std::uintptr_t>("symtest_unwound_second_address");
  }
  /// The address of an exported symbol.
  std::uint64_t symbol(const char* name) const {
    void* address = handle_ != nullptr ? dlsym(handle_, name) : nullptr;
    if (address == nullptr) ADD_FAILURE() << "no " << name << " in " << HOTPATH_SYMTEST_LIBRARY;
    return reinterpret_cast<std::uintptr_t>(address);
  }

 private:
  SymtestLibrary() : handle_(dlopen(HOTPATH_SYMTEST_LIBRARY, RTLD_NOW | RTLD_LOCAL)) {
    if (handle_ == nullptr) ADD_FAILURE() << dlerror();
    link_map* map = nullptr;
    if (handle_ != nullptr && dlinfo(handle_, RTLD_DI_LINKMAP, &map) == 0) {
      load_bias_ = map->l_addr;
      for (const ElfW(Dyn)* entry = map->l_ld; entry->d_tag != DT_NULL; ++entry) {
        if (entry->d_tag == DT_FINI) fini_ = map->l_addr + entry->d_un.d_ptr;
      }
    }
  }

  template <typename Result>
  Result call(const char* name) const {
    void* symbol = handle_ != nullptr ? dlsym(handle_, name) : nullptr;
    if (symbol == nullptr) {
      ADD_FAILURE() << "no " << name << " in " << HOTPATH_SYMTEST_LIBRARY;
      return Result{};
    }
    return reinterpret_cast<Result (*)()>(symbol)();
  }

  void* handle_;
  std::uint64_t load_bias_ = 0;
  std::uint64_t fini_ = 0;
};

TEST(Symbolizer, NamesAFunctionOfTheProgramWithItsSourceLine) {
  Symbolizer symbolizer(process_modules());
  const auto& frames =
      symbolizer.symbolize(address_of(&symbolize_test::target_function) + 1, false);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].function, "symbolize_test::target_function(int, double)");
  EXPECT_TRUE(ends_with(frames[0].file, "/symbolize_targets.cpp")) << frames[0].file;
  EXPECT_EQ(frames[0].line, symbolize_test::kTargetFunctionLine);
  EXPECT_FALSE(frames[0].inlined);
}

TEST(Symbolizer, KeepsCNamesAsTheyAre) {
  Symbolizer symbolizer(process_modules());
  const auto& frames = symbolizer.symbolize(address_of(&symbolize_test_c_function), false);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].function, "symbolize_test_c_function");
}

TEST(Symbolizer, InlinedCalleesAreFramesInsideTheirCaller) {
  symbolize_test::outer_function(7);
  const symbolize_test::InlinedCall call = symbolize_test::last_inlined_call();
  ASSERT_NE(call.return_address, 0u);
  Symbolizer symbolizer(process_modules());

  const auto& frames = symbolizer.symbolize(call.return_address, true);
  ASSERT_EQ(frames.size(), 3u) << testing::PrintToString(frames);
  EXPECT_EQ(frames[0].function, "symbolize_test::outer_function(int)");
  EXPECT_FALSE(frames[0].inlined);
  EXPECT_EQ(frames[0].line, call.outer_call_line);
  EXPECT_EQ(frames[1].function, "symbolize_test::middle_callee(unsigned int)");
  EXPECT_TRUE(frames[1].inlined);
  EXPECT_EQ(frames[1].line, call.middle_call_line);
  EXPECT_EQ(frames[2].function, "symbolize_test::inner_callee(unsigned int)");
  EXPECT_TRUE(frames[2].inlined);
  EXPECT_EQ(frames[2].line, call.inner_call_line);
  for (const Frame& frame : frames) {
    EXPECT_TRUE(ends_with(frame.file, "/symbolize_targets.cpp")) << frame.file;
  }
}

// The call is the inlined blocks' last instruction: the return address is the first
// instruction after them, and only address - 1 is still inside.
TEST(Symbolizer, ReturnAddressIsLookedUpAtTheCallInstruction) {
  symbolize_test::outer_function(7);
  const symbolize_test::InlinedCall call = symbolize_test::last_inlined_call();
  Symbolizer symbolizer(process_modules());

  const auto& as_leaf = symbolizer.symbolize(call.return_address, false);
  ASSERT_EQ(as_leaf.size(), 1u) << testing::PrintToString(as_leaf);
  EXPECT_EQ(as_leaf[0].function, "symbolize_test::outer_function(int)");
  // The statement after the call, or the epilogue after it when the compiler puts the
  // frame pointer's restore first.
  EXPECT_GE(as_leaf[0].line, call.after_call_line);
  EXPECT_LE(as_leaf[0].line, call.after_call_line + 1);

  const auto& as_return = symbolizer.symbolize(call.return_address, true);
  ASSERT_EQ(as_return.size(), 3u) << testing::PrintToString(as_return);
  EXPECT_EQ(as_return[2].line, call.inner_call_line);
}

TEST(Symbolizer, ReturnAddressAtAFunctionStartBelongsToTheCodeBefore) {
  Symbolizer symbolizer(process_modules());
  const std::uint64_t start = address_of(&symbolize_test::target_function);
  EXPECT_EQ(symbolizer.symbolize(start, false).front().function,
            "symbolize_test::target_function(int, double)");
  EXPECT_NE(symbolizer.symbolize(start, true).front().function,
            "symbolize_test::target_function(int, double)");
}

TEST(Symbolizer, NamesFunctionsOfALoadedSharedLibrary) {
  const SymtestLibrary& library = SymtestLibrary::get();
  Symbolizer symbolizer(process_modules());

  const auto& hidden = symbolizer.symbolize(library.hidden_square(), false);
  ASSERT_EQ(hidden.size(), 1u) << testing::PrintToString(hidden);
  EXPECT_EQ(hidden[0].function, "(anonymous namespace)::hidden_square(int)");
  EXPECT_TRUE(ends_with(hidden[0].file, "/symtest_library.cpp")) << hidden[0].file;
  EXPECT_EQ(hidden[0].line, library.hidden_square_line());

  EXPECT_EQ(symbolizer.symbolize(library.internal_twice(), false).front().function,
            "symtest::internal_twice(int)");
  const auto& exported = symbolizer.symbolize(library.exported_cube(), false);
  ASSERT_FALSE(exported.empty());
  EXPECT_EQ(exported[0].function, "symtest::exported_cube(int)");
}

// One address, several names: non-weak before weak, then global before local, as perf
// chooses (libdwfl's own lookup would take the weak name before the local one).
TEST(Symbolizer, PicksAmongAliasesAsPerfDoes) {
  const SymtestLibrary& library = SymtestLibrary::get();
  Symbolizer symbolizer(process_modules());
  const std::uint64_t trio = library.symbol("symtest_trio_weak_name");
  EXPECT_EQ(trio, library.symbol("symtest_trio"));
  EXPECT_EQ(symbolizer.symbolize(trio + 1, false).front().function, "symtest_trio");
  EXPECT_EQ(symbolizer.symbolize(library.duo() + 1, false).front().function, "symtest_duo");
}

// The label names the bytes after it within its section only.
TEST(Symbolizer, NamesCodeAfterAnAssemblyLabelWithoutASize) {
  const SymtestLibrary& library = SymtestLibrary::get();
  const std::uint64_t label = library.symbol("symtest_label");
  Symbolizer symbolizer(process_modules());
  EXPECT_EQ(symbolizer.symbolize(label, false).front().function, "symtest_label");
  EXPECT_EQ(symbolizer.symbolize(label + 2, false).front().function, "symtest_label");
  // The linker puts .fini after the label's section; in the stripped copy no symbol
  // names .fini, and the label does not reach into it.
  const std::uint64_t fini = library.fini();
  ASSERT_GT(fini, label);
  Symbolizer stripped({{HOTPATH_SYMTEST_STRIPPED_LIBRARY, library.load_bias()}});
  EXPECT_EQ(stripped.symbolize(fini, false).front().function,
            "libsymtest_stripped.so+" + hex(fini - library.load_bias()));
}

// strip --strip-all keeps .dynsym: exported functions keep their names, the others
// become offsets in the file.
TEST(Symbolizer, StrippedLibraryNamesOnlyExportedFunctions) {
  const SymtestLibrary& library = SymtestLibrary::get();
  // The stripped copy has the same layout: placed where the original was loaded.
  Symbolizer symbolizer({{HOTPATH_SYMTEST_STRIPPED_LIBRARY, library.load_bias()}});

  const auto& exported = symbolizer.symbolize(library.exported_cube(), false);
  ASSERT_EQ(exported.size(), 1u) << testing::PrintToString(exported);
  EXPECT_EQ(exported[0].function, "symtest::exported_cube(int)");
  EXPECT_EQ(exported[0].file, "");
  EXPECT_EQ(exported[0].line, 0u);

  const auto& hidden = symbolizer.symbolize(library.hidden_square(), false);
  ASSERT_EQ(hidden.size(), 1u) << testing::PrintToString(hidden);
  EXPECT_EQ(hidden[0].function,
            "libsymtest_stripped.so+" + hex(library.hidden_square() - library.load_bias()));
  EXPECT_EQ(symbolizer.symbolize(library.internal_twice(), false).front().function,
            "libsymtest_stripped.so+" + hex(library.internal_twice() - library.load_bias()));
}

// Without a name, every address of a function is named by the function's start, which its
// FDE gives: the function is one frame however many of its instructions are sampled.
TEST(Symbolizer, StrippedFunctionIsNamedByItsStartAtEveryAddress) {
  const SymtestLibrary& library = SymtestLibrary::get();
  Symbolizer symbolizer({{HOTPATH_SYMTEST_STRIPPED_LIBRARY, library.load_bias()}});
  const std::uint64_t hidden = library.hidden_square();
  const std::string hidden_name = "libsymtest_stripped.so+" + hex(hidden - library.load_bias());
  for (const std::uint64_t offset : {0, 1, 4}) {
    const auto& frames = symbolizer.symbolize(hidden + offset, false);
    ASSERT_EQ(frames.size(), 1u) << testing::PrintToString(frames);
    EXPECT_EQ(frames[0].function, hidden_name) << "at +" << offset;
    EXPECT_EQ(frames[0].file, "");
    EXPECT_EQ(frames[0].line, 0u);
  }
  EXPECT_EQ(symbolizer.symbolize(hidden + 4, true).front().function, hidden_name);
  const std::uint64_t twice = library.internal_twice();
  EXPECT_EQ(symbolizer.symbolize(twice + 2, false).front().function,
            "libsymtest_stripped.so+" + hex(twice - library.load_bias()));
}

// The start is the FDE's, not that of the CFI row at the address (the first function's
// rows start at +0, +1 and +2), and a function that follows another with no gap between
// them is still a function of its own.
TEST(Symbolizer, StrippedFunctionStartsAreThoseOfTheirUnwindEntries) {
  const SymtestLibrary& library = SymtestLibrary::get();
  Symbolizer symbolizer({{HOTPATH_SYMTEST_STRIPPED_LIBRARY, library.load_bias()}});
  const std::uint64_t first = library.unwound_first();
  const std::uint64_t second = library.unwound_second();
  ASSERT_EQ(second, first + 4);
  const std::string first_name = "libsymtest_stripped.so+" + hex(first - library.load_bias());
  const std::string second_name = "libsymtest_stripped.so+" + hex(second - library.load_bias());
  for (std::uint64_t address = first; address < second; ++address) {
    EXPECT_EQ(symbolizer.symbolize(address, false).front().function, first_name)
        << "at +" << address - first;
  }
  EXPECT_EQ(symbolizer.symbolize(second, false).front().function, second_name);
  EXPECT_EQ(symbolizer.symbolize(second + 2, false).front().function, second_name);
  // A return address at the second's start was pushed by a call at the end of the first.
  EXPECT_EQ(symbolizer.symbolize(second, true).front().function, first_name);
}

// Without .symtab, the function's DWARF description names it: its linkage name,
// demangled. (A function with internal linkage may have no linkage name in DWARF: GCC
// gives it only its plain name.)
TEST(Symbolizer, FallsBackToDwarfNamesWithoutASymbolTable) {
  const SymtestLibrary& library = SymtestLibrary::get();
  Symbolizer symbolizer({{HOTPATH_SYMTEST_NO_SYMTAB_LIBRARY, library.load_bias()}});

  const auto& internal = symbolizer.symbolize(library.internal_twice(), false);
  ASSERT_EQ(internal.size(), 1u) << testing::PrintToString(internal);
  EXPECT_EQ(internal[0].function, "symtest::internal_twice(int)");
  EXPECT_TRUE(ends_with(internal[0].file, "/symtest_library.cpp")) << internal[0].file;
  EXPECT_EQ(internal[0].line, library.internal_twice_line());
}

// Without .debug_aranges (Clang does not emit it by default), the units' own address
// ranges lead to the function's DWARF and line table.
TEST(Symbolizer, FindsSourceLinesWithoutAnAddressRangeTable) {
  const SymtestLibrary& library = SymtestLibrary::get();
  Symbolizer symbolizer({{HOTPATH_SYMTEST_NO_ARANGES_LIBRARY, library.load_bias()}});

  const auto& internal = symbolizer.symbolize(library.internal_twice(), false);
  ASSERT_EQ(internal.size(), 1u) << testing::PrintToString(internal);
  EXPECT_EQ(internal[0].function, "symtest::internal_twice(int)");
  EXPECT_TRUE(ends_with(internal[0].file, "/symtest_library.cpp")) << internal[0].file;
  EXPECT_EQ(internal[0].line, library.internal_twice_line());
}

// Separate debug info, found as distribution packages install it: here through
// .gnu_debuglink, next to the file (the same search covers /usr/lib/debug/.build-id).
TEST(Symbolizer, ReadsSeparateDebugInfo) {
  const SymtestLibrary& library = SymtestLibrary::get();
  Symbolizer symbolizer({{HOTPATH_SYMTEST_SPLIT_LIBRARY, library.load_bias()}});

  const auto& hidden = symbolizer.symbolize(library.hidden_square(), false);
  ASSERT_EQ(hidden.size(), 1u) << testing::PrintToString(hidden);
  EXPECT_EQ(hidden[0].function, "(anonymous namespace)::hidden_square(int)");
  EXPECT_TRUE(ends_with(hidden[0].file, "/symtest_library.cpp")) << hidden[0].file;
  EXPECT_EQ(hidden[0].line, library.hidden_square_line());
}

TEST(Symbolizer, AddressOutsideEveryModuleIsUnknown) {
  Symbolizer symbolizer(process_modules());
  const auto& frames = symbolizer.symbolize(0x10, false);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].function, "[unknown]");
  EXPECT_EQ(frames[0].file, "");
  EXPECT_EQ(frames[0].line, 0u);
  EXPECT_EQ(symbolizer.symbolize(0, true).front().function, "[unknown]");
}

TEST(Symbolizer, ModuleWithoutAFileNamesAddressesByOffset) {
  Symbolizer symbolizer({{"/nonexistent/libgone.so", 0x10000000}, {"[vdso]", 0x20000000}});
  EXPECT_EQ(symbolizer.symbolize(0x10001234, false).front().function, "libgone.so+0x1234");
  EXPECT_EQ(symbolizer.symbolize(0x10001234, true).front().function, "libgone.so+0x1234");
  EXPECT_EQ(symbolizer.symbolize(0x20000abc, false).front().function, "[vdso]+0xabc");
  EXPECT_EQ(symbolizer.symbolize(0x0fffffff, false).front().function, "[unknown]");
  // Far beyond a module's start is not that module.
  EXPECT_EQ(symbolizer.symbolize(0x20000000 + (std::uint64_t{1} << 32), false).front().function,
            "[unknown]");
}

TEST(Symbolizer, VdsoIsNamedByOffset) {
  const std::uint64_t vdso = getauxval(AT_SYSINFO_EHDR);
  if (vdso == 0) GTEST_SKIP() << "no vDSO";
  const std::vector<Module> modules = process_modules();
  std::uint64_t bias = 0;
  for (const Module& module : modules) {
    if (module.path == "linux-vdso.so.1") bias = module.load_bias;
  }
  ASSERT_NE(bias, 0u) << "linux-vdso.so.1 is not among the loaded objects";
  Symbolizer symbolizer(modules);
  EXPECT_EQ(symbolizer.symbolize(vdso + 0x10, false).front().function,
            "linux-vdso.so.1+" + hex(vdso + 0x10 - bias));
}

TEST(Symbolizer, CachesFramesPerAddressAndKind) {
  Symbolizer symbolizer(process_modules());
  const std::uint64_t address = address_of(&symbolize_test::target_function) + 1;
  const std::vector<Frame>& first = symbolizer.symbolize(address, false);
  const std::vector<Frame>& as_return = symbolizer.symbolize(address, true);
  for (std::uint64_t other = 0; other < 1000; ++other) symbolizer.symbolize(other, false);
  EXPECT_EQ(&symbolizer.symbolize(address, false), &first);
  EXPECT_EQ(&symbolizer.symbolize(address, true), &as_return);
  EXPECT_NE(&first, &as_return);
}

}  // namespace
}  // namespace hotpath::symbolize
