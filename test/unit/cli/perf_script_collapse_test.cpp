// Folding `perf script` text: header variations (pid/tid, cpu, time, command names
// with spaces), frame lines (offsets, unknown symbols, inlined frames, kernel frames,
// C++ names with parentheses and spaces), samples without call chains, flame chart
// order. The inputs are written like perf 6 prints them.
#include "perf_script_collapse.hpp"

#include <gtest/gtest.h>

#include <string>

namespace hotpath::cli {
namespace {

std::string folded(std::string_view text, bool keep_order = false) {
  PerfCollapseOptions options;
  options.keep_order = keep_order;
  return flamegraph::to_folded(collapse_perf_script(text, options));
}

// `perf record --call-graph dwarf` of a program with two threads, default fields.
constexpr std::string_view kTwoThreads =
    "burn  8058  1090.081006:    1003009 cpu-clock:ppp: \n"
    "\t            1235 heavy+0x35 (/tmp/pw/burn)\n"
    "\t            1258 app::Box<long>::run+0x8 (/tmp/pw/burn)\n"
    "\t            1087 main+0x27 (/tmp/pw/burn)\n"
    "\t           27249 __libc_start_call_main+0x79 (/usr/lib/x86_64-linux-gnu/libc.so.6)\n"
    "\t           27304 __libc_start_main_impl+0x84 (inlined)\n"
    "\t            10e0 _start+0x20 (/tmp/pw/burn)\n"
    "\n"
    "burn  8058  1090.082000:    1003009 cpu-clock:ppp: \n"
    "\t            1212 light+0x12 (/tmp/pw/burn)\n"
    "\t            1263 app::Box<long>::run+0xd (/tmp/pw/burn)\n"
    "\t            1087 main+0x27 (/tmp/pw/burn)\n"
    "\t           27249 __libc_start_call_main+0x79 (/usr/lib/x86_64-linux-gnu/libc.so.6)\n"
    "\t           27304 __libc_start_main_impl+0x84 (inlined)\n"
    "\t            10e0 _start+0x20 (/tmp/pw/burn)\n"
    "\n"
    "worker  8060  1090.082417:    1003009 cpu-clock:ppp: \n"
    "\t            156a work+0x2a (/tmp/pw/thr)\n"
    "\t            15b4 std::thread::_State_impl<std::thread::_Invoker<std::tuple<main::"
    "{lambda()#1}> > >::_M_run+0x14 (/tmp/pw/thr)\n"
    "\t            15b4 __invoke_impl<void, main()::<lambda()> >+0x14 (inlined)\n"
    "\t           d44a2 [unknown] (/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30)\n"
    "\t           891f4 start_thread+0x304 (/usr/lib/x86_64-linux-gnu/libc.so.6)\n"
    "\t          1098eb clone3+0x2b (/usr/lib/x86_64-linux-gnu/libc.so.6)\n"
    "\n"
    "burn  8058  1090.083003:    1003009 cpu-clock:ppp: \n"
    "\t            1235 heavy+0x35 (/tmp/pw/burn)\n"
    "\t            1258 app::Box<long>::run+0x8 (/tmp/pw/burn)\n"
    "\t            1087 main+0x27 (/tmp/pw/burn)\n"
    "\t           27249 __libc_start_call_main+0x79 (/usr/lib/x86_64-linux-gnu/libc.so.6)\n"
    "\t           27304 __libc_start_main_impl+0x84 (inlined)\n"
    "\t            10e0 _start+0x20 (/tmp/pw/burn)\n"
    "\n";

TEST(PerfScriptCollapse, FoldsAndMergesSamples) {
  EXPECT_EQ(folded(kTwoThreads),
            "burn;_start;__libc_start_main_impl;__libc_start_call_main;main;app::Box<long>::run;"
            "heavy 2\n"
            "burn;_start;__libc_start_main_impl;__libc_start_call_main;main;app::Box<long>::run;"
            "light 1\n"
            "worker;clone3;start_thread;libstdc++.so.6.0.30+0xd44a2;__invoke_impl<void, "
            "main()::<lambda()> >;std::thread::_State_impl<std::thread::_Invoker<std::tuple<"
            "main::{lambda()#1}> > >::_M_run;work 1\n");
}

TEST(PerfScriptCollapse, FlameChartKeepsEverySampleInOrder) {
  const std::string text = folded(kTwoThreads, true);
  const std::string prefix =
      "burn;_start;__libc_start_main_impl;__libc_start_call_main;main;app::Box<long>::run;";
  EXPECT_EQ(text.substr(0, text.find('\n')), prefix + "heavy 1");
  EXPECT_EQ(collapse_perf_script(kTwoThreads, {true}).stacks().size(), 4u);
  EXPECT_EQ(collapse_perf_script(kTwoThreads, {true}).stacks()[2].frames.front(), "worker");
  EXPECT_EQ(collapse_perf_script(kTwoThreads, {true}).total(), 4u);
}

TEST(PerfScriptCollapse, HeaderVariations) {
  // pid/tid, a cpu column, no time, a command name with spaces and digits, left padding.
  constexpr std::string_view text =
      "Web Content 2 1201/1207 [003]  55.123456:     250000 cycles:u: \n"
      "\t    7f0010001000 js::RunScript+0x40 (/usr/lib/firefox/libxul.so)\n"
      "\n"
      "rustc 5/6 [000] 1.5: 1 task-clock: \n"
      "\t    10 f+0x1 (/bin/rustc)\n"
      "\n"
      "python3 4242 cpu-clock:ppp: \n"
      "\t    11 g+0x1 (/usr/bin/python3.11)\n"
      "\n"
      "   swapper     0 [001] 12.000001:  1 cpu-clock: \n"
      "\tffffffff81d36bcd default_idle+0x6d ([kernel.kallsyms])\n"
      "\n";
  EXPECT_EQ(folded(text),
            "Web Content 2;js::RunScript 1\n"
            "python3;g 1\n"
            "rustc;f 1\n"
            "swapper;default_idle 1\n");
}

TEST(PerfScriptCollapse, UnknownSymbolsAndDsos) {
  constexpr std::string_view text =
      "bash  8318  1101.976324:    1003009 cpu-clock:ppp: \n"
      "\t           1491c get_common_indices.constprop.0+0x11c "
      "(/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)\n"
      "\t               0 [unknown] ([unknown])\n"
      "\n"
      "bash  8318  1101.982370:    1003009 cpu-clock:ppp: \n"
      "\t           48c17 __GI_strtoll+0x7 (/usr/lib/x86_64-linux-gnu/libc.so.6)\n"
      "\t    55d80defa01f [unknown] (/tmp/old build/app (deleted))\n"
      "\n";
  EXPECT_EQ(folded(text),
            "bash;[unknown];get_common_indices.constprop.0 1\n"
            "bash;app (deleted)+0x55d80defa01f;__GI_strtoll 1\n");
}

TEST(PerfScriptCollapse, KernelFramesUnderUserFrames) {
  constexpr std::string_view text =
      "readlink  8325  1101.986466:    1003009 cpu-clock:ppp: \n"
      "\tffffffff81611380 __mmap_region+0x5b0 ([kernel.kallsyms])\n"
      "\tffffffff815f3d04 do_mmap+0x494 ([kernel.kallsyms])\n"
      "\tffffffff81000130 entry_SYSCALL_64_after_hwframe+0x76 ([kernel.kallsyms])\n"
      "\t          1019b3 __mmap+0x13 (/usr/lib/x86_64-linux-gnu/libc.so.6)\n"
      "\t           3238c setlocale+0x11c (/usr/lib/x86_64-linux-gnu/libc.so.6)\n"
      "\n";
  EXPECT_EQ(folded(text),
            "readlink;setlocale;__mmap;entry_SYSCALL_64_after_hwframe;do_mmap;__mmap_region 1\n");
}

TEST(PerfScriptCollapse, SamplesWithoutCallChains) {
  // `perf record` without -g: one line per sample, right-aligned command, no blank lines.
  constexpr std::string_view text =
      "            burn  8665  1149.409552:    1003009 cpu-clock:ppp:      55f41b87d235 "
      "heavy+0x35 (/tmp/pw/burn)\n"
      "            burn  8665  1149.410547:    1003009 cpu-clock:ppp:      55f41b87d235 "
      "heavy+0x35 (/tmp/pw/burn)\n"
      "            burn  8665  1149.411587:    1003009 cpu-clock:ppp:      55f41b87d212 "
      "[unknown] (/tmp/pw/burn)\n";
  EXPECT_EQ(folded(text), "burn;burn+0x55f41b87d212 1\nburn;heavy 2\n");
}

TEST(PerfScriptCollapse, SampleWithoutFramesIsItsCommand) {
  EXPECT_EQ(folded("idle 1 1.0: 1 cpu-clock: \n\n"), "idle 1\n");
}

TEST(PerfScriptCollapse, IgnoresCommentsCarriageReturnsAndSourceLines) {
  constexpr std::string_view text =
      "# ========\n"
      "# captured on    : Sun Nov 23 12:00:00 2025\n"
      "# ========\n"
      "#\n"
      "app 7 1.0: 1 cpu-clock: \r\n"
      "\t    1 leaf+0x1 (/bin/app)\r\n"
      "\t  app.cpp:12\r\n"
      "\t    2 main+0x2 (/bin/app)\r\n"
      "\r\n";
  EXPECT_EQ(folded(text), "app;main;leaf 1\n");
}

TEST(PerfScriptCollapse, FrameNames) {
  EXPECT_EQ(perf_frame_name("1235 heavy+0x35 (/tmp/burn)"), "heavy");
  EXPECT_EQ(perf_frame_name("1235 heavy (/tmp/burn)"), "heavy");
  EXPECT_EQ(perf_frame_name("1235 heavy"), "heavy");
  EXPECT_EQ(perf_frame_name("1235 operator()+0x4 (/tmp/burn)"), "operator()");
  EXPECT_EQ(perf_frame_name("1235 operator()"), "operator()");
  EXPECT_EQ(perf_frame_name("1235 a+0xb+0x10 (/x)"), "a+0xb");
  EXPECT_EQ(perf_frame_name("1235 std::vector<int>::operator[](unsigned long)+0x4 (/x)"),
            "std::vector<int>::operator[](unsigned long)");
  EXPECT_EQ(perf_frame_name("d44a2 [unknown] (/usr/lib/libstdc++.so.6)"), "libstdc++.so.6+0xd44a2");
  EXPECT_EQ(perf_frame_name("0 [unknown] ([unknown])"), "[unknown]");
  EXPECT_EQ(perf_frame_name("1235"), "[unknown]");
}

TEST(PerfScriptCollapse, EmptyInput) {
  EXPECT_TRUE(collapse_perf_script("").empty());
  EXPECT_TRUE(collapse_perf_script("\n\n# nothing\n").empty());
}

}  // namespace
}  // namespace hotpath::cli
