// The command line of `hotpath flamegraph`: every option, the defaults, `--` and the
// program's own arguments, and the exact error of each mistake.
#include "flamegraph_options.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hotpath::cli {
namespace {

using Args = std::vector<std::string>;

FlamegraphOptions parse_ok(const Args& arguments) {
  const ParsedFlamegraphCommand parsed = parse_flamegraph_command(arguments);
  EXPECT_EQ(parsed.request, Request::Run) << parsed.error;
  return parsed.options;
}

std::string parse_error(const Args& arguments) {
  const ParsedFlamegraphCommand parsed = parse_flamegraph_command(arguments);
  EXPECT_EQ(parsed.request, Request::Error);
  return parsed.error;
}

TEST(FlamegraphOptions, Defaults) {
  const FlamegraphOptions options = parse_ok({"./app"});
  EXPECT_EQ(options.source, StackSource::Sampler);
  EXPECT_EQ(options.command, Args{"./app"});
  EXPECT_EQ(options.output, "flamegraph.svg");
  EXPECT_EQ(options.frequency_hz, 997u);
  EXPECT_FALSE(options.open);
  EXPECT_FALSE(options.reverse);
  EXPECT_FALSE(options.verbose);
  EXPECT_FALSE(options.children);
  EXPECT_FALSE(options.follow_exec);
  EXPECT_FALSE(options.pid);
  EXPECT_TRUE(options.skip_after.empty());
  EXPECT_TRUE(options.post_process.empty());
  EXPECT_FALSE(options.subtitle);
  EXPECT_EQ(options.render.title, "Flame Graph");
  EXPECT_EQ(options.render.notes, "");
  EXPECT_FALSE(options.render.inverted);
  EXPECT_FALSE(options.render.flamechart);
  EXPECT_FALSE(options.render.deterministic);
  EXPECT_EQ(options.render.palette, flamegraph::Palette::Hot);
  EXPECT_EQ(options.render.image_width, 1200u);
  EXPECT_DOUBLE_EQ(options.render.min_width, 0.1);
}

TEST(FlamegraphOptions, EveryOptionWithSeparateValues) {
  const FlamegraphOptions options = parse_ok({"-o",
                                              "out.svg",
                                              "-F",
                                              "499",
                                              "--open",
                                              "-i",
                                              "--reverse",
                                              "--flamechart",
                                              "--min-width",
                                              "0.5",
                                              "--image-width",
                                              "1800",
                                              "--palette",
                                              "aqua",
                                              "--title",
                                              "T",
                                              "--subtitle",
                                              "S",
                                              "--notes",
                                              "N",
                                              "--deterministic",
                                              "--skip-after",
                                              "main",
                                              "--skip-after",
                                              "run",
                                              "--post-process",
                                              "sed s/a/b/",
                                              "-v",
                                              "--children",
                                              "--follow-exec",
                                              "--",
                                              "prog",
                                              "x"});
  EXPECT_EQ(options.output, "out.svg");
  EXPECT_EQ(options.frequency_hz, 499u);
  EXPECT_TRUE(options.open);
  EXPECT_TRUE(options.render.inverted);
  EXPECT_TRUE(options.reverse);
  EXPECT_TRUE(options.render.flamechart);
  EXPECT_DOUBLE_EQ(options.render.min_width, 0.5);
  EXPECT_EQ(options.render.image_width, 1800u);
  EXPECT_EQ(options.render.palette, flamegraph::Palette::Aqua);
  EXPECT_EQ(options.render.title, "T");
  EXPECT_EQ(options.subtitle, "S");
  EXPECT_EQ(options.render.notes, "N");
  EXPECT_TRUE(options.render.deterministic);
  EXPECT_EQ(options.skip_after, (Args{"main", "run"}));
  EXPECT_EQ(options.post_process, "sed s/a/b/");
  EXPECT_TRUE(options.verbose);
  EXPECT_TRUE(options.children);
  EXPECT_TRUE(options.follow_exec);
  EXPECT_EQ(options.command, (Args{"prog", "x"}));
  EXPECT_EQ(options.source, StackSource::Sampler);
}

TEST(FlamegraphOptions, LongOptionsWithEquals) {
  const FlamegraphOptions options =
      parse_ok({"--output=o.svg", "--freq=50", "--title=A = B", "--palette=mem", "prog"});
  EXPECT_EQ(options.output, "o.svg");
  EXPECT_EQ(options.frequency_hz, 50u);
  EXPECT_EQ(options.render.title, "A = B");
  EXPECT_EQ(options.render.palette, flamegraph::Palette::Mem);
}

TEST(FlamegraphOptions, ShortOptionsAttachedAndGrouped) {
  const FlamegraphOptions options = parse_ok({"-oout.svg", "-F1000", "-iv", "prog"});
  EXPECT_EQ(options.output, "out.svg");
  EXPECT_EQ(options.frequency_hz, 1000u);
  EXPECT_TRUE(options.render.inverted);
  EXPECT_TRUE(options.verbose);
  // A group may end with an option that takes a value.
  const FlamegraphOptions grouped = parse_ok({"-vo", "g.svg", "prog"});
  EXPECT_TRUE(grouped.verbose);
  EXPECT_EQ(grouped.output, "g.svg");
}

TEST(FlamegraphOptions, ValuesMayLookLikeOptions) {
  const FlamegraphOptions options = parse_ok({"--title", "--open", "-o", "-x.svg", "prog"});
  EXPECT_EQ(options.render.title, "--open");
  EXPECT_FALSE(options.open);
  EXPECT_EQ(options.output, "-x.svg");
}

TEST(FlamegraphOptions, ProgramArgumentsStayTheProgramsWithoutDoubleDash) {
  const FlamegraphOptions options =
      parse_ok({"-F", "99", "./app", "-o", "x", "--perf", "--", "-v", "--help"});
  EXPECT_EQ(options.command, (Args{"./app", "-o", "x", "--perf", "--", "-v", "--help"}));
  EXPECT_EQ(options.output, "flamegraph.svg");
  EXPECT_EQ(options.source, StackSource::Sampler);
  EXPECT_FALSE(options.verbose);
}

TEST(FlamegraphOptions, DoubleDashEndsOptions) {
  const FlamegraphOptions options = parse_ok({"-v", "--", "--weird-name", "-i"});
  EXPECT_EQ(options.command, (Args{"--weird-name", "-i"}));
  EXPECT_TRUE(options.verbose);
  EXPECT_FALSE(options.render.inverted);
}

TEST(FlamegraphOptions, LastValueWins) {
  const FlamegraphOptions options =
      parse_ok({"-o", "a.svg", "-o", "b.svg", "-F", "1", "-F", "2", "p"});
  EXPECT_EQ(options.output, "b.svg");
  EXPECT_EQ(options.frequency_hz, 2u);
}

TEST(FlamegraphOptions, FrequencyLimits) {
  EXPECT_EQ(parse_ok({"-F", "1", "p"}).frequency_hz, 1u);
  EXPECT_EQ(parse_ok({"-F", "100000", "p"}).frequency_hz, 100000u);
  EXPECT_EQ(parse_error({"--freq", "abc", "p"}),
            "--freq expects a number of Hz from 1 to 100000, got \"abc\"");
  EXPECT_EQ(parse_error({"-F", "0", "p"}), "-F expects a number of Hz from 1 to 100000, got \"0\"");
  EXPECT_EQ(parse_error({"-F100001", "p"}),
            "-F expects a number of Hz from 1 to 100000, got \"100001\"");
  EXPECT_EQ(parse_error({"--freq=-5", "p"}),
            "--freq expects a number of Hz from 1 to 100000, got \"-5\"");
  EXPECT_EQ(parse_error({"--freq", "9.5", "p"}),
            "--freq expects a number of Hz from 1 to 100000, got \"9.5\"");
  EXPECT_EQ(parse_error({"--freq", "99999999999999999999999", "p"}),
            "--freq expects a number of Hz from 1 to 100000, got \"99999999999999999999999\"");
}

TEST(FlamegraphOptions, ValueErrors) {
  EXPECT_EQ(parse_error({"--min-width", "wide", "p"}),
            "--min-width expects a width in pixels (a number, 0 or more), got \"wide\"");
  EXPECT_EQ(parse_error({"--min-width", "-1", "p"}),
            "--min-width expects a width in pixels (a number, 0 or more), got \"-1\"");
  EXPECT_EQ(parse_error({"--image-width", "0", "p"}),
            "--image-width expects a width in pixels (a whole number greater than 0), got \"0\"");
  EXPECT_EQ(parse_error({"--palette", "pink", "p"}),
            "--palette expects one of hot, mem, io, red, green, blue, aqua, yellow, purple, "
            "orange, got \"pink\"");
  EXPECT_EQ(parse_error({"-p", "me", "--perf"}),
            "-p expects a process id (a whole number greater than 0), got \"me\"");
  EXPECT_EQ(parse_error({"--pid", "0", "--perf"}),
            "--pid expects a process id (a whole number greater than 0), got \"0\"");
  EXPECT_EQ(parse_error({"-o", "", "p"}), "-o expects a file name, got \"\"");
  EXPECT_EQ(parse_error({"--skip-after=", "p"}), "--skip-after expects a function name, got \"\"");
  EXPECT_EQ(parse_error({"--post-process", "", "p"}),
            "--post-process expects a shell command, got \"\"");
}

TEST(FlamegraphOptions, MissingValues) {
  EXPECT_EQ(parse_error({"-o"}), "-o expects a file name");
  EXPECT_EQ(parse_error({"--freq"}), "--freq expects a number of Hz from 1 to 100000");
  EXPECT_EQ(parse_error({"--folded"}), "--folded expects a file of folded stacks");
  EXPECT_EQ(parse_error({"-v", "--perfdata"}), "--perfdata expects a perf.data file");
}

TEST(FlamegraphOptions, UnknownOptionsAndFlagValues) {
  EXPECT_EQ(parse_error({"--frequency", "9", "p"}),
            "unknown option \"--frequency\" (see hotpath flamegraph --help)");
  EXPECT_EQ(parse_error({"--bogus=1", "p"}),
            "unknown option \"--bogus\" (see hotpath flamegraph --help)");
  EXPECT_EQ(parse_error({"-x", "p"}), "unknown option \"-x\" (see hotpath flamegraph --help)");
  EXPECT_EQ(parse_error({"-ix", "p"}), "unknown option \"-x\" (see hotpath flamegraph --help)");
  EXPECT_EQ(parse_error({"--open=yes", "p"}), "--open takes no value, got \"--open=yes\"");
}

TEST(FlamegraphOptions, HelpAndVersion) {
  EXPECT_EQ(parse_flamegraph_command({"--help"}).request, Request::Help);
  EXPECT_EQ(parse_flamegraph_command({"-h"}).request, Request::Help);
  EXPECT_EQ(parse_flamegraph_command({"-F", "5", "-ih"}).request, Request::Help);
  EXPECT_EQ(parse_flamegraph_command({"--version"}).request, Request::Version);
  EXPECT_EQ(parse_flamegraph_command({"-V"}).request, Request::Version);
  // After the program, --help is the program's.
  EXPECT_EQ(parse_flamegraph_command({"prog", "--help"}).request, Request::Run);
  const std::string help = flamegraph_help();
  for (const char* option :
       {"--output",     "--freq",        "--open",          "--inverted",   "--reverse",
        "--flamechart", "--min-width",   "--image-width",   "--palette",    "--title",
        "--subtitle",   "--notes",       "--deterministic", "--skip-after", "--post-process",
        "--verbose",    "--perf",        "--pid",           "--perfdata",   "--folded",
        "--children",   "--follow-exec", "--help",          "--version"})
    EXPECT_NE(help.find(option), std::string::npos) << option;
}

TEST(FlamegraphOptions, Sources) {
  EXPECT_EQ(parse_ok({"--perf", "prog"}).source, StackSource::Perf);
  const FlamegraphOptions attach = parse_ok({"--perf", "-p", "1234"});
  EXPECT_EQ(attach.source, StackSource::Perf);
  EXPECT_EQ(attach.pid, 1234);
  EXPECT_TRUE(attach.command.empty());
  const FlamegraphOptions data = parse_ok({"--perfdata", "perf.data"});
  EXPECT_EQ(data.source, StackSource::PerfData);
  EXPECT_EQ(data.input, "perf.data");
  const FlamegraphOptions folded = parse_ok({"--folded=stacks.folded", "--title", "x"});
  EXPECT_EQ(folded.source, StackSource::Folded);
  EXPECT_EQ(folded.input, "stacks.folded");
  // --perf is implied by --perfdata; saying it too is harmless.
  EXPECT_EQ(parse_ok({"--perf", "--perfdata", "p.data"}).source, StackSource::PerfData);
}

TEST(FlamegraphOptions, SourceConflicts) {
  EXPECT_EQ(parse_error({"-p", "1234"}),
            "--pid needs --perf: the sampler cannot attach to a running process");
  EXPECT_EQ(parse_error({"--perf", "--pid", "12", "prog"}),
            "--pid attaches to a running process: give no program to run (got \"prog\")");
  EXPECT_EQ(parse_error({"--folded", "f", "prog"}),
            "--folded renders an existing file: give no program to run (got \"prog\")");
  EXPECT_EQ(parse_error({"--perfdata", "d", "--", "prog"}),
            "--perfdata renders an existing file: give no program to run (got \"prog\")");
  EXPECT_EQ(parse_error({"--perfdata", "d", "--perf", "-p", "3"}),
            "--pid and --perfdata exclude each other");
  EXPECT_EQ(parse_error({"--perf", "--folded", "f"}), "--perf and --folded exclude each other");
  EXPECT_EQ(parse_error({}),
            "no program to run (usage: hotpath flamegraph [options] [--] program [args...])");
  EXPECT_EQ(parse_error({"-v", "--"}),
            "no program to run (usage: hotpath flamegraph [options] [--] program [args...])");
}

}  // namespace
}  // namespace hotpath::cli
