// Reading a GCC-style command line: options that take the next argument as their
// value are skipped over, so that only inputs are taken for files.
#include "compile_command.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace hotpath::launcher {
namespace {

/// Options whose value is the next argument when it is not attached.
constexpr std::array<std::string_view, 30> kOptionsWithValue = {
    "-o",          "-x",       "-I",      "-D",         "-U",         "-include",
    "-imacros",    "-isystem", "-iquote", "-idirafter", "-iprefix",   "-iwithprefix",
    "-isysroot",   "-MF",      "-MT",     "-MQ",        "-Xlinker",   "-Xpreprocessor",
    "-Xassembler", "-Xclang",  "-L",      "-l",         "-T",         "-u",
    "-e",          "--param",  "-target", "-arch",      "-imultilib", "-iwithprefixbefore"};

bool takes_value(std::string_view option) {
  return std::find(kOptionsWithValue.begin(), kOptionsWithValue.end(), option) !=
         kOptionsWithValue.end();
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

/// `path` with its extension replaced by `.d`, as the driver names a dependency file.
std::string with_d_extension(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::size_t dot = path.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return path + ".d";
  return path.substr(0, dot) + ".d";
}

std::string base_name(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

bool has_cxx_source_extension(const std::string& path) {
  static constexpr std::array<std::string_view, 7> kExtensions = {".cpp", ".cc", ".cxx", ".c++",
                                                                  ".C",   ".cp", ".CPP"};
  const std::size_t dot = path.rfind('.');
  if (dot == std::string::npos || path.find('/', dot) != std::string::npos) return false;
  const std::string_view extension = std::string_view(path).substr(dot);
  return std::find(kExtensions.begin(), kExtensions.end(), extension) != kExtensions.end();
}

CompileCommand read_compile_command(std::vector<std::string> arguments) {
  CompileCommand command;
  command.arguments = std::move(arguments);
  const std::vector<std::string>& args = command.arguments;
  bool compile_only = false;     // -c or -S
  bool no_output_stage = false;  // -E, -M, -MM, -fsyntax-only
  bool writes_dependencies = false;
  std::string dependency_file;
  std::string output;
  std::string language;  // of -x, "" for none
  std::size_t inputs = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.empty()) continue;
    if (arg[0] != '-' || arg == "-") {
      ++inputs;
      const bool cxx = language.empty() ? has_cxx_source_extension(arg) : language == "c++";
      if (cxx && arg != "-") command.cxx_sources.push_back(i);
      continue;
    }
    if (arg == "-c" || arg == "-S") {
      compile_only = true;
    } else if (arg == "-E" || arg == "-M" || arg == "-MM" || arg == "-fsyntax-only") {
      no_output_stage = true;
    } else if (arg == "-MD" || arg == "-MMD") {
      writes_dependencies = true;
    } else if (takes_value(arg)) {
      if (i + 1 >= args.size()) break;
      const std::string& value = args[++i];
      if (arg == "-o") output = value;
      if (arg == "-MF") dependency_file = value;
      if (arg == "-x") language = value == "none" ? "" : value;
      if (arg == "-I" || arg == "-iquote")
        command.include_directories.push_back({value, arg == "-iquote"});
    } else if (starts_with(arg, "-o")) {
      output = arg.substr(2);
    } else if (starts_with(arg, "-MF")) {
      dependency_file = arg.substr(3);
    } else if (starts_with(arg, "-x")) {
      language = arg.substr(2) == "none" ? "" : arg.substr(2);
    } else if (starts_with(arg, "-iquote")) {
      command.include_directories.push_back({arg.substr(7), true});
    } else if (starts_with(arg, "-I")) {
      command.include_directories.push_back({arg.substr(2), false});
    }
  }
  command.compiles = !no_output_stage && !command.cxx_sources.empty();
  command.links = !compile_only && !no_output_stage && inputs != 0;
  if (writes_dependencies && command.compiles) {
    if (!dependency_file.empty()) {
      command.dependency_file = dependency_file;
    } else if (!output.empty() && compile_only) {
      command.dependency_file = with_d_extension(output);
    } else if (command.cxx_sources.size() == 1) {
      command.dependency_file = with_d_extension(base_name(args[command.cxx_sources[0]]));
    }
  }
  return command;
}

}  // namespace hotpath::launcher
