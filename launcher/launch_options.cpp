// The --hotpath-* options may stand anywhere among the compiler's arguments: build
// systems put what CXX holds after the compiler's name, before or after their own.
#include "launch_options.hpp"

#include <cerrno>
#include <cstdlib>
#include <string_view>

namespace hotpath::launcher {
namespace {

constexpr std::string_view kOptionPrefix = "--hotpath-";
constexpr std::string_view kLauncherName = "hotpath-cxx";
constexpr std::string_view kWrapperPrefix = "hotpath-";
/// Programs that run the compiler given after them (the launchers CMake projects
/// set, which hotpath_instrument() keeps after hotpath-cxx).
constexpr std::string_view kCompilerLaunchers[] = {"ccache", "sccache", "distcc", "icecc"};

std::string base_name(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool parse_unsigned(const std::string& text, unsigned& value) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return false;
  errno = 0;
  const unsigned long parsed = std::strtoul(text.c_str(), nullptr, 10);
  if (errno != 0 || parsed > 1000000) return false;
  value = static_cast<unsigned>(parsed);
  return true;
}

/// Applies one --hotpath-* option; false with `error` set when it is not one.
bool apply_option(const std::string& arg, MeasureOptions& options, std::string& error) {
  const std::string_view body = std::string_view(arg).substr(kOptionPrefix.size());
  const std::size_t equals = body.find('=');
  const std::string name(body.substr(0, equals));
  const bool has_value = equals != std::string_view::npos;
  const std::string value = has_value ? std::string(body.substr(equals + 1)) : std::string();
  const auto needs_value = [&]() {
    if (has_value && !value.empty()) return true;
    error = "'" + arg + "' needs a value: --hotpath-" + name + "=<value>";
    return false;
  };
  if (name == "measure-all") {
    options.measure_all = value;
  } else if (name == "measure-all-root") {
    if (!needs_value()) return false;
    options.measure_all_root = value;
  } else if (name == "min-tokens") {
    unsigned tokens = 0;
    if (!parse_unsigned(value, tokens)) {
      error = "'" + arg + "': expected a number of tokens, such as --hotpath-min-tokens=12";
      return false;
    }
    options.min_tokens = tokens;
  } else if (name == "filter") {
    if (!needs_value()) return false;
    options.filter = value;
  } else if (name == "filter-digest") {
    // The filter's SHA-1 (hotpath_instrument()): it changes the command line when
    // the filter changes, so that build tools compile again. Nothing to do here.
  } else if (name == "header-filter") {
    if (!needs_value()) return false;
    options.header_filter = value;
  } else if (name == "alloc" && !has_value) {
    options.alloc = true;
  } else if (name == "cpu" && !has_value) {
    options.cpu = true;
  } else {
    error = "unknown option '" + arg +
            "' (hotpath's are --hotpath-measure-all[=<regex>], --hotpath-measure-all-root=<dir>, "
            "--hotpath-min-tokens=<n>, --hotpath-filter=<file>, --hotpath-header-filter=<regex>, "
            "--hotpath-alloc and --hotpath-cpu)";
    return false;
  }
  return true;
}

}  // namespace

std::optional<Launch> read_launch(const std::vector<std::string>& argv,
                                  const char* cxx_from_environment, std::string& error) {
  Launch launch;
  const std::string name = argv.empty() ? std::string(kLauncherName) : base_name(argv[0]);
  const bool launcher = name == kLauncherName;
  if (!launcher) {
    if (cxx_from_environment != nullptr && *cxx_from_environment != '\0') {
      launch.compiler = {cxx_from_environment};
    } else if (name.size() > kWrapperPrefix.size() &&
               name.compare(0, kWrapperPrefix.size(), kWrapperPrefix) == 0) {
      launch.compiler = {name.substr(kWrapperPrefix.size())};
    } else {
      error = "called as '" + name +
              "': call it hotpath-cxx (a compiler launcher) or hotpath-<compiler> (hotpath-g++)";
      return std::nullopt;
    }
  }
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (arg.compare(0, kOptionPrefix.size(), kOptionPrefix) == 0) {
      if (!apply_option(arg, launch.options, error)) return std::nullopt;
    } else if (launch.compiler.empty()) {
      launch.compiler = {arg};
    } else {
      launch.arguments.push_back(arg);
    }
  }
  if (launch.compiler.empty()) {
    error = "no compiler to run: hotpath-cxx <compiler> <arguments>";
    return std::nullopt;
  }
  const std::string runner = base_name(launch.compiler.front());
  for (std::string_view known : kCompilerLaunchers) {
    if (runner == known && !launch.arguments.empty() && launch.arguments.front()[0] != '-') {
      launch.compiler.push_back(launch.arguments.front());
      launch.arguments.erase(launch.arguments.begin());
      break;
    }
  }
  return launch;
}

}  // namespace hotpath::launcher
