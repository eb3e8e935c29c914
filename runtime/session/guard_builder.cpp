// GuardBuilder and MainGuard: a session's settings as the program gives them (by
// hand, or from the options of [[hotpath::main]]), and the session opened with them.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hotpath/detail/recording.hpp"
#include "hotpath/session.hpp"
#include "session/session_settings.hpp"
#include "session/session_state.hpp"
#include "value_parsers.hpp"

namespace hotpath {

struct GuardBuilder::Options {
  detail::SessionSettings settings;
};

GuardBuilder::GuardBuilder(std::string session_name) {
  detail::RuntimeScope runtime;  // the session's allocations are not the program's
  options_ = std::make_unique<Options>();
  options_->settings.name = std::move(session_name);
}
GuardBuilder::~GuardBuilder() {
  detail::RuntimeScope runtime;
  options_.reset();
}
GuardBuilder::GuardBuilder(GuardBuilder&&) noexcept = default;
GuardBuilder& GuardBuilder::operator=(GuardBuilder&&) noexcept = default;

GuardBuilder& GuardBuilder::percentiles(std::initializer_list<double> values) {
  return percentiles(std::vector<double>(values));
}

GuardBuilder& GuardBuilder::percentiles(const std::vector<double>& values) {
  detail::RuntimeScope runtime;
  std::vector<double> accepted;
  for (double value : values) {
    if (!std::isfinite(value) || value < 0 || value > 100) {
      std::fprintf(stderr,
                   "hotpath: ignoring percentile %g in GuardBuilder::percentiles(): "
                   "percentiles are from 0 to 100\n",
                   value);
      continue;
    }
    if (std::find(accepted.begin(), accepted.end(), value) == accepted.end())
      accepted.push_back(value);
  }
  options_->settings.percentiles = std::move(accepted);
  return *this;
}

GuardBuilder& GuardBuilder::limit(std::size_t rows) {
  options_->settings.limit = rows;
  return *this;
}

GuardBuilder& GuardBuilder::format(Format output_format) {
  options_->settings.format = output_format;
  options_->settings.custom_reporter.reset();
  return *this;
}

GuardBuilder& GuardBuilder::output_path(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.output_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::flamegraph(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.flamegraph_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::folded(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.folded_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::wall_flamegraph(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.wall_flamegraph_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::wall_folded(std::string path) {
  detail::RuntimeScope runtime;
  options_->settings.wall_folded_path = std::move(path);
  return *this;
}

GuardBuilder& GuardBuilder::report_sections(const std::string& sections) {
  detail::RuntimeScope runtime;
  if (auto parsed = detail::parse_report_sections(sections)) {
    options_->settings.sections = *parsed;
    options_->settings.monitor_threads = parsed->threads;
  } else {
    std::fprintf(stderr,
                 "hotpath: ignoring GuardBuilder::report_sections(\"%s\"): expected "
                 "comma-separated sections among %s\n",
                 sections.c_str(), detail::kReportSectionNames);
  }
  return *this;
}

GuardBuilder& GuardBuilder::time_sampling_rate(std::uint32_t rate) {
  if (rate >= 1 && rate <= detail::kMaxTimeSamplingRate) {
    options_->settings.time_sampling_rate = rate;
  } else {
    std::fprintf(stderr, "hotpath: ignoring GuardBuilder::time_sampling_rate(%u): expected %s\n",
                 rate, detail::kTimeSamplingRateExpected);
  }
  return *this;
}

GuardBuilder& GuardBuilder::live(bool on) {
  options_->settings.live = on;
  return *this;
}

GuardBuilder& GuardBuilder::reporter(std::unique_ptr<Reporter> custom) {
  detail::RuntimeScope runtime;
  options_->settings.custom_reporter = std::move(custom);
  return *this;
}

GuardBuilder& GuardBuilder::location(const char* file, std::uint32_t line) {
  options_->settings.file = file != nullptr ? file : "";
  options_->settings.line = line;
  return *this;
}

SessionGuard GuardBuilder::build() {
  detail::RuntimeScope runtime;
  return SessionGuard(open_session(std::move(options_->settings), /*on_stack=*/true));
}

void GuardBuilder::build_with_timeout(std::chrono::nanoseconds duration) {
  detail::RuntimeScope runtime;
  std::unique_ptr<SessionGuard::State> state =
      open_session(std::move(options_->settings), /*on_stack=*/false);
  if (!state) return;
  std::thread([state = std::move(state), duration]() mutable {
    std::this_thread::sleep_for(duration);
    state->finish_once();
    // Ending with exit() would run static destructors while the program's
    // other threads still use those objects.
    std::fflush(nullptr);
    std::_Exit(0);
  }).detach();
}

namespace {

GuardBuilder main_session_builder(const char* function_name, const char* options, const char* file,
                                  std::uint32_t line) {
  const char* name = function_name != nullptr ? function_name : "main";
  std::string error;
  std::optional<detail::MainOptions> parsed =
      detail::parse_main_options(options != nullptr ? options : "", error);
  if (!parsed) {
    // The plugin rejects bad options at compile time; this only guards against a
    // hand-written MainGuard.
    std::fprintf(stderr, "hotpath: ignoring the options \"%s\" of session \"%s\": %s\n", options,
                 name, error.c_str());
    parsed.emplace();
  }
  GuardBuilder builder(parsed->name.value_or(name));
  builder.location(file, line);
  if (parsed->percentiles) builder.percentiles(*parsed->percentiles);
  if (parsed->limit) builder.limit(*parsed->limit);
  if (parsed->format) builder.format(*parsed->format);
  if (parsed->output_path) builder.output_path(*parsed->output_path);
  if (parsed->flamegraph_path) builder.flamegraph(*parsed->flamegraph_path);
  if (parsed->folded_path) builder.folded(*parsed->folded_path);
  if (parsed->wall_flamegraph_path) builder.wall_flamegraph(*parsed->wall_flamegraph_path);
  if (parsed->wall_folded_path) builder.wall_folded(*parsed->wall_folded_path);
  if (parsed->report_sections) builder.report_sections(*parsed->report_sections);
  if (parsed->time_sampling_rate) builder.time_sampling_rate(*parsed->time_sampling_rate);
  if (parsed->live) builder.live(*parsed->live);
  return builder;
}

}  // namespace

MainGuard::MainGuard(const char* function_name, const char* options, const char* file,
                     std::uint32_t line)
    : session_([&] {
        detail::RuntimeScope runtime;
        return main_session_builder(function_name, options, file, line).build();
      }()) {}

}  // namespace hotpath
