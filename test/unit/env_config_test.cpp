// Every environment variable: valid values, and invalid ones that warn with the
// variable's name and fall back.
#include "env_config.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <string>

#include "test_support.hpp"

namespace hotpath::detail {
namespace {

using test::ScopedEnv;

TEST(EnvParsers, Format) {
  EXPECT_EQ(parse_format("table"), Format::Table);
  EXPECT_EQ(parse_format("JSON"), Format::Json);
  EXPECT_EQ(parse_format(" json-pretty "), Format::JsonPretty);
  EXPECT_EQ(parse_format("none"), Format::None);
  EXPECT_EQ(parse_format("xml"), std::nullopt);
  EXPECT_EQ(parse_format(""), std::nullopt);
}

TEST(EnvParsers, Limit) {
  EXPECT_EQ(parse_limit("0"), 0u);
  EXPECT_EQ(parse_limit("25"), 25u);
  EXPECT_EQ(parse_limit("-1"), std::nullopt);
  EXPECT_EQ(parse_limit("12abc"), std::nullopt);
  EXPECT_EQ(parse_limit(""), std::nullopt);
  EXPECT_EQ(parse_limit("99999999999999999999999"), std::nullopt);
}

TEST(EnvParsers, Percentiles) {
  EXPECT_EQ(parse_percentiles("95"), (std::vector<double>{95}));
  EXPECT_EQ(parse_percentiles("50, 95,99.9"), (std::vector<double>{50, 95, 99.9}));
  EXPECT_EQ(parse_percentiles("0,100,100"), (std::vector<double>{0, 100}));
  EXPECT_EQ(parse_percentiles("101"), std::nullopt);
  EXPECT_EQ(parse_percentiles("-1"), std::nullopt);
  EXPECT_EQ(parse_percentiles("50,,95"), std::nullopt);
  EXPECT_EQ(parse_percentiles("nan"), std::nullopt);
  EXPECT_EQ(parse_percentiles("p95"), std::nullopt);
}

TEST(EnvParsers, FlagTakesOneZeroTrueFalseYesNoOnOffInAnyCase) {
  for (const char* yes : {"1", "true", "yes", "on", "TRUE", "Yes", "oN", " 1 "})
    EXPECT_EQ(parse_flag(yes), true) << yes;
  for (const char* no : {"0", "false", "no", "off", "FALSE", "No", "OFF", " 0\t"})
    EXPECT_EQ(parse_flag(no), false) << no;
  for (const char* neither : {"2", "", "y", "n", "t", "f", "enabled", "disable", "01", "-1", "1.0"})
    EXPECT_EQ(parse_flag(neither), std::nullopt) << neither;
}

template <typename Read>
std::string warning_of(const char* name, const char* value, Read read) {
  ScopedEnv env(name, value);
  testing::internal::CaptureStderr();
  EXPECT_FALSE(read().has_value()) << name;
  return testing::internal::GetCapturedStderr();
}

TEST(EnvVariables, InvalidValuesWarnNamingTheVariableAndAreIgnored) {
  EXPECT_EQ(warning_of("HOTPATH_OUTPUT_FORMAT", "xml", env_output_format),
            "hotpath: ignoring HOTPATH_OUTPUT_FORMAT=\"xml\": expected one of table, json, "
            "json-pretty, none\n");
  EXPECT_NE(warning_of("HOTPATH_LIMIT", "ten", env_limit).find("HOTPATH_LIMIT=\"ten\""),
            std::string::npos);
  EXPECT_NE(warning_of("HOTPATH_PERCENTILES", "95,200", env_percentiles)
                .find("HOTPATH_PERCENTILES=\"95,200\""),
            std::string::npos);
  EXPECT_NE(warning_of("HOTPATH_TIME_EXCLUSIVE", "maybe", env_time_exclusive)
                .find("HOTPATH_TIME_EXCLUSIVE=\"maybe\""),
            std::string::npos);
  EXPECT_NE(warning_of("HOTPATH_OUTPUT_PATH", "", env_output_path).find("HOTPATH_OUTPUT_PATH"),
            std::string::npos);
  EXPECT_NE(warning_of("HOTPATH_CLOCK", "sundial", env_prefer_cycle_counter)
                .find("HOTPATH_CLOCK=\"sundial\""),
            std::string::npos);
}

TEST(EnvVariables, ValidValuesAreReadSilently) {
  ScopedEnv format("HOTPATH_OUTPUT_FORMAT", "json-pretty");
  ScopedEnv path("HOTPATH_OUTPUT_PATH", "/tmp/report.json");
  ScopedEnv limit("HOTPATH_LIMIT", "0");
  ScopedEnv percentiles("HOTPATH_PERCENTILES", "50,99.9");
  ScopedEnv exclusive("HOTPATH_TIME_EXCLUSIVE", "1");
  ScopedEnv clock("HOTPATH_CLOCK", "monotonic");
  ScopedEnv name_width("HOTPATH_NAME_WIDTH", "40");
  ScopedEnv frequency("HOTPATH_CPU_FREQ", "1999");
  ScopedEnv flamegraph("HOTPATH_FLAMEGRAPH", "cpu.%p.svg");
  testing::internal::CaptureStderr();
  EXPECT_EQ(env_name_width(), 40u);
  EXPECT_EQ(env_cpu_frequency(), 1999u);
  EXPECT_EQ(env_flamegraph_path(), "cpu.%p.svg");
  EXPECT_EQ(env_output_format(), Format::JsonPretty);
  EXPECT_EQ(env_output_path(), "/tmp/report.json");
  EXPECT_EQ(env_limit(), 0u);
  EXPECT_EQ(env_percentiles(), (std::vector<double>{50, 99.9}));
  EXPECT_EQ(env_time_exclusive(), true);
  EXPECT_EQ(env_prefer_cycle_counter(), false);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(EnvVariables, BadWidthsAndFrequenciesWarn) {
  ScopedEnv name_width("HOTPATH_NAME_WIDTH", "wide");
  ScopedEnv frequency("HOTPATH_CPU_FREQ", "200000");
  testing::internal::CaptureStderr();
  EXPECT_EQ(env_name_width(), std::nullopt);
  EXPECT_EQ(env_cpu_frequency(), std::nullopt);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "hotpath: ignoring HOTPATH_NAME_WIDTH=\"wide\": expected a whole number of columns (0 "
            "never abbreviates names)\n"
            "hotpath: ignoring HOTPATH_CPU_FREQ=\"200000\": expected a sampling frequency in Hz "
            "from 1 to 100000\n");
}

TEST(EnvVariables, ABadFlagWarnsNamingTheVariableTheValueAndWhatIsAccepted) {
  EXPECT_EQ(warning_of("HOTPATH_LIVE", "2", env_live),
            "hotpath: ignoring HOTPATH_LIVE=\"2\": expected 1/true/yes/on or 0/false/no/off "
            "(any case)\n");
  ScopedEnv live("HOTPATH_LIVE", "Yes");
  testing::internal::CaptureStderr();
  EXPECT_EQ(env_live(), true);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(EnvVariables, AValueWarnsOncePerProcessHoweverOftenItIsRead) {
  ScopedEnv compensate("HOTPATH_COMPENSATE", "sometimes");
  ScopedEnv rate("HOTPATH_TIME_SAMPLING_RATE", "-7");
  testing::internal::CaptureStderr();
  for (int read = 0; read < 3; ++read) {
    EXPECT_EQ(env_compensate(), std::nullopt);
    EXPECT_EQ(env_time_sampling_rate(), std::nullopt);
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "hotpath: ignoring HOTPATH_COMPENSATE=\"sometimes\": expected 1/true/yes/on or "
            "0/false/no/off (any case)\n"
            "hotpath: ignoring HOTPATH_TIME_SAMPLING_RATE=\"-7\": expected a whole number k from "
            "1 to 1000000 (time one call in k)\n");
  // Another bad value is another mistake: it warns too, once.
  ScopedEnv other("HOTPATH_COMPENSATE", "never");
  testing::internal::CaptureStderr();
  EXPECT_EQ(env_compensate(), std::nullopt);
  EXPECT_EQ(env_compensate(), std::nullopt);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "hotpath: ignoring HOTPATH_COMPENSATE=\"never\": expected 1/true/yes/on or "
            "0/false/no/off (any case)\n");
}

TEST(EnvVariables, TimeSamplingRateIsAWholeNumberFromOneToAMillion) {
  {
    ScopedEnv rate("HOTPATH_TIME_SAMPLING_RATE", " 1000000 ");
    EXPECT_EQ(env_time_sampling_rate(), 1000000u);
  }
  for (const char* bad : {"0", "1000001", "ten", "-5", "4294967297", ""}) {
    EXPECT_EQ(warning_of("HOTPATH_TIME_SAMPLING_RATE", bad, env_time_sampling_rate),
              std::string("hotpath: ignoring HOTPATH_TIME_SAMPLING_RATE=\"") + bad +
                  "\": expected a whole number k from 1 to 1000000 (time one call in k)\n");
  }
}

TEST(EnvVariables, PathPatternsExpand) {
  EXPECT_EQ(expand_path_pattern("cpu.%p.svg", 42, 1000), "cpu.42.svg");
  EXPECT_EQ(expand_path_pattern("%p-%%p-%", 7, 1000), "7-%p-%");
  EXPECT_EQ(expand_path_pattern("report-%t-%p.json", 7, 1795459741), "report-1795459741-7.json");
  EXPECT_EQ(expand_path_pattern("%x%%t%", 7, 1000), "%x%t%");
}

TEST(EnvVariables, UnsetVariablesAreNotValues) {
  ScopedEnv format("HOTPATH_OUTPUT_FORMAT", nullptr);
  ScopedEnv limit("HOTPATH_LIMIT", nullptr);
  testing::internal::CaptureStderr();
  EXPECT_EQ(env_output_format(), std::nullopt);
  EXPECT_EQ(env_limit(), std::nullopt);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

}  // namespace
}  // namespace hotpath::detail

namespace hotpath::detail {
namespace {

TEST(CpuSignal, SigprofAndRealTimeSignalsByNameOrNumber) {
  // SIGRTMIN and SIGRTMAX as glibc sets them on Linux.
  EXPECT_EQ(parse_cpu_signal("SIGPROF", 34, 64), SIGPROF);
  EXPECT_EQ(parse_cpu_signal(" prof ", 34, 64), SIGPROF);
  EXPECT_EQ(parse_cpu_signal("SIGRTMIN", 34, 64), 34);
  EXPECT_EQ(parse_cpu_signal("rtmin+3", 34, 64), 37);
  EXPECT_EQ(parse_cpu_signal("SIGRTMAX", 34, 64), 64);
  EXPECT_EQ(parse_cpu_signal("SIGRTMAX-2", 34, 64), 62);
  EXPECT_EQ(parse_cpu_signal("SIGRTMAX-30", 34, 64), 34);
  EXPECT_EQ(parse_cpu_signal("40", 34, 64), 40);
  // Outside the real-time range, or signals that are the program's or the system's.
  EXPECT_EQ(parse_cpu_signal("SIGRTMAX-31", 34, 64), std::nullopt);
  EXPECT_EQ(parse_cpu_signal("SIGRTMIN+31", 34, 64), std::nullopt);
  EXPECT_EQ(parse_cpu_signal("SIGRTMIN-1", 34, 64), std::nullopt);
  EXPECT_EQ(parse_cpu_signal("SIGRTMAX+1", 34, 64), std::nullopt);
  EXPECT_EQ(parse_cpu_signal("33", 34, 64), std::nullopt);
  EXPECT_EQ(parse_cpu_signal("65", 34, 64), std::nullopt);
  EXPECT_EQ(parse_cpu_signal("SIGUSR1", 34, 64), std::nullopt);
  EXPECT_EQ(parse_cpu_signal("SIGRTMIN+", 34, 64), std::nullopt);
  EXPECT_EQ(parse_cpu_signal("", 34, 64), std::nullopt);
  EXPECT_EQ(cpu_signal_name(SIGPROF, 34, 64), "SIGPROF");
  EXPECT_EQ(cpu_signal_name(34, 34, 64), "SIGRTMIN");
  EXPECT_EQ(cpu_signal_name(37, 34, 64), "SIGRTMIN+3");
  EXPECT_EQ(cpu_signal_name(49, 34, 64), "SIGRTMIN+15");
  EXPECT_EQ(cpu_signal_name(50, 34, 64), "SIGRTMAX-14");
  EXPECT_EQ(cpu_signal_name(63, 34, 64), "SIGRTMAX-1");
  EXPECT_EQ(cpu_signal_name(64, 34, 64), "SIGRTMAX");
  EXPECT_EQ(cpu_signal_name(SIGUSR1, 34, 64), "signal " + std::to_string(SIGUSR1));
}

TEST(CpuSignal, ABadValueWarnsAndIsIgnored) {
  {
    ScopedEnv signal("HOTPATH_CPU_SIGNAL", "SIGRTMIN+1");
    EXPECT_EQ(env_cpu_signal(), SIGRTMIN + 1);
  }
  ScopedEnv signal("HOTPATH_CPU_SIGNAL", "SIGTERM");
  testing::internal::CaptureStderr();
  EXPECT_EQ(env_cpu_signal(), std::nullopt);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "hotpath: ignoring HOTPATH_CPU_SIGNAL=\"SIGTERM\": expected " +
                cpu_signal_expected(SIGRTMIN, SIGRTMAX) + "\n");
  const char* const environment[] = {"HOTPATH_CPU_SIGNAL=SIGRTMAX", nullptr};
  EXPECT_TRUE(unknown_variables(environment).empty());
}

TEST(EnvVariables, UnknownVariablesAreFoundWithTheOneMeant) {
  const char* const environment[] = {
      "HOTPATH_LIMT=3",      "HOTPATH_LIMIT=2",    "PATH=/usr/bin", "HOTPATH_XYZZY=1",
      "HOTPATH_OUTPUT_PATH", "HOTPATH_CPU_FRQ=99", nullptr};
  using Unknown = std::pair<std::string, std::string>;
  EXPECT_EQ(unknown_variables(environment),
            (std::vector<Unknown>{{"HOTPATH_LIMT", "HOTPATH_LIMIT"},
                                  {"HOTPATH_XYZZY", ""},
                                  {"HOTPATH_CPU_FRQ", "HOTPATH_CPU_FREQ"}}));
}

TEST(ReportSections, NamesListTheSectionsAndAllListsEvery) {
  const auto tree_only = parse_report_sections(" Tree ");
  ASSERT_TRUE(tree_only.has_value());
  EXPECT_TRUE(tree_only->tree);
  EXPECT_FALSE(tree_only->timing || tree_only->alloc || tree_only->threads || tree_only->cpu ||
               tree_only->waits);
  const auto waits_only = parse_report_sections("waits");
  ASSERT_TRUE(waits_only.has_value());
  EXPECT_TRUE(waits_only->waits);
  EXPECT_FALSE(waits_only->timing || waits_only->tree || waits_only->locks);
  const auto locks_only = parse_report_sections("locks");
  ASSERT_TRUE(locks_only.has_value());
  EXPECT_TRUE(locks_only->locks);
  EXPECT_FALSE(locks_only->waits || locks_only->timing || locks_only->coroutines);
  const auto coroutines_only = parse_report_sections("coroutines");
  ASSERT_TRUE(coroutines_only.has_value());
  EXPECT_TRUE(coroutines_only->coroutines);
  EXPECT_FALSE(coroutines_only->timing || coroutines_only->waits || coroutines_only->locks ||
               coroutines_only->tree);
  const auto all = parse_report_sections("all");
  ASSERT_TRUE(all.has_value());
  EXPECT_TRUE(all->timing && all->alloc && all->threads && all->cpu && all->tree && all->waits &&
              all->locks && all->coroutines && all->gauges);
  const auto defaults = ReportSections{};
  EXPECT_TRUE(defaults.timing && defaults.alloc && defaults.threads && defaults.cpu &&
              defaults.waits && defaults.locks && defaults.coroutines && defaults.gauges);
  EXPECT_FALSE(defaults.tree);
  EXPECT_FALSE(parse_report_sections(""));
  EXPECT_FALSE(parse_report_sections("timing,,tree"));
  EXPECT_FALSE(parse_report_sections("timings"));
}

TEST(DumpSignal, NamesWithOrWithoutSigAndNumbersOfTheFourSignals) {
  EXPECT_EQ(parse_dump_signal("SIGUSR1"), SIGUSR1);
  EXPECT_EQ(parse_dump_signal(" usr2 "), SIGUSR2);
  EXPECT_EQ(parse_dump_signal("sighup"), SIGHUP);
  EXPECT_EQ(parse_dump_signal("QUIT"), SIGQUIT);
  EXPECT_EQ(parse_dump_signal(std::to_string(SIGUSR1)), SIGUSR1);
  // The program's, the system's, or the CPU sampler's.
  EXPECT_EQ(parse_dump_signal("SIGTERM"), std::nullopt);
  EXPECT_EQ(parse_dump_signal("SIGPROF"), std::nullopt);
  EXPECT_EQ(parse_dump_signal("9"), std::nullopt);
  EXPECT_EQ(parse_dump_signal(""), std::nullopt);
  EXPECT_EQ(parse_dump_signal("SIG"), std::nullopt);
}

TEST(LiveVariables, PortsHostsAndTokens) {
  {
    ScopedEnv port("HOTPATH_METRICS_PORT", "0");
    EXPECT_EQ(env_metrics_port(), 0u);
  }
  {
    ScopedEnv port("HOTPATH_METRICS_PORT", "65536");
    EXPECT_EQ(env_metrics_port(), std::nullopt);
  }
  std::string problem = "left from before";
  {
    ScopedEnv token("HOTPATH_METRICS_AUTH_TOKEN", nullptr);
    EXPECT_EQ(env_metrics_auth_token(problem), std::nullopt);  // unset: no token, no problem
    EXPECT_EQ(problem, "");
  }
  {
    ScopedEnv token("HOTPATH_METRICS_AUTH_TOKEN", "s3cret-token");
    EXPECT_EQ(env_metrics_auth_token(problem), "s3cret-token");
    EXPECT_EQ(problem, "");
  }
  // A bad token is a problem, not a missing token: the value is never repeated.
  const std::string rule =
      " (a token is printable ASCII characters without spaces; unset the variable for a server "
      "without one)";
  {
    ScopedEnv token("HOTPATH_METRICS_AUTH_TOKEN", "two words");
    EXPECT_EQ(env_metrics_auth_token(problem), std::nullopt);
    EXPECT_EQ(problem, "HOTPATH_METRICS_AUTH_TOKEN has a space at character 4" + rule);
  }
  {
    ScopedEnv token("HOTPATH_METRICS_AUTH_TOKEN", "");
    EXPECT_EQ(env_metrics_auth_token(problem), std::nullopt);
    EXPECT_EQ(problem, "HOTPATH_METRICS_AUTH_TOKEN is set but empty" + rule);
  }
  {
    ScopedEnv token("HOTPATH_METRICS_AUTH_TOKEN", "tab\there");
    EXPECT_EQ(env_metrics_auth_token(problem), std::nullopt);
    EXPECT_EQ(
        problem,
        "HOTPATH_METRICS_AUTH_TOKEN has a control or non-ASCII character at character 4" + rule);
  }
  {
    ScopedEnv host("HOTPATH_METRICS_HOST", "0.0.0.0");
    EXPECT_EQ(env_metrics_host(), "0.0.0.0");
  }
}

TEST(MainOptions, EveryKeyIsParsed) {
  std::string error;
  const auto options = parse_main_options(
      "limit=20; percentiles=50,99.9;format=json;output=/tmp/p.json;name=server;"
      "flamegraph=cpu.%p.svg;folded=cpu.folded;wall_flamegraph=wall.svg;wall_folded=wall.folded;"
      "report=timing,tree;time_sampling_rate=10;live",
      error);
  ASSERT_TRUE(options.has_value()) << error;
  EXPECT_EQ(options->live, true);
  EXPECT_EQ(parse_main_options("live=0", error)->live, false);
  EXPECT_EQ(parse_main_options(" LIVE ", error)->live, true);
  EXPECT_EQ(parse_main_options("limit=2", error)->live, std::nullopt);
  EXPECT_EQ(options->time_sampling_rate, 10u);
  EXPECT_EQ(options->wall_flamegraph_path, "wall.svg");
  EXPECT_EQ(options->wall_folded_path, "wall.folded");
  EXPECT_EQ(options->report_sections, "timing,tree");
  EXPECT_EQ(options->flamegraph_path, "cpu.%p.svg");
  EXPECT_EQ(options->folded_path, "cpu.folded");
  EXPECT_EQ(options->limit, 20u);
  EXPECT_EQ(options->percentiles, (std::vector<double>{50, 99.9}));
  EXPECT_EQ(options->format, Format::Json);
  EXPECT_EQ(options->output_path, "/tmp/p.json");
  EXPECT_EQ(options->name, "server");
  EXPECT_TRUE(parse_main_options("", error).has_value());
}

TEST(MainOptions, BadOptionsSayWhatWasExpected) {
  std::string error;
  EXPECT_FALSE(parse_main_options("limit=abc", error));
  EXPECT_EQ(error, "limit is a whole number of rows (0 shows all)");
  EXPECT_FALSE(parse_main_options("folded= ", error));
  EXPECT_EQ(error, "folded is a file path");
  EXPECT_FALSE(parse_main_options("colour=red", error));
  EXPECT_EQ(error,
            "unknown option 'colour'; expected percentiles, limit, format, output, report, "
            "flamegraph, folded, wall_flamegraph, wall_folded, time_sampling_rate, live or name");
  EXPECT_FALSE(parse_main_options("report=timing,graph", error));
  EXPECT_EQ(
      error,
      "report is a comma-separated list of sections: timing, alloc, threads, cpu, tree, waits, "
      "locks, coroutines, gauges, all");
  EXPECT_FALSE(parse_main_options("limit", error));
  EXPECT_NE(error.find("key=value"), std::string::npos);
  EXPECT_FALSE(parse_main_options("live=maybe", error));
  EXPECT_EQ(error, "live is 1/true/yes/on or 0/false/no/off (any case)");
  EXPECT_FALSE(parse_main_options("time_sampling_rate=0", error));
  EXPECT_EQ(error, "time_sampling_rate is a whole number k from 1 to 1000000 (time one call in k)");
  EXPECT_FALSE(parse_main_options("format=xml", error));
  EXPECT_FALSE(parse_main_options("percentiles=200", error));
  EXPECT_FALSE(parse_main_options("output=", error));
}

}  // namespace
}  // namespace hotpath::detail
