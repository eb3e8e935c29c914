// Whole-file reads (see the header). A directory is refused by name: an ifstream
// opens one on Linux and then reads nothing, which would pass for an empty file.
#include "input_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace hotpath::detail {

std::optional<std::string> read_input_file(const std::string& path, std::string& error) {
  const auto cannot_read = [&](const std::string& why) {
    error = "cannot read \"" + path + "\": " + why;
    return std::nullopt;
  };
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) return cannot_read("it is a directory");
  std::ifstream file(path, std::ios::binary);
  if (!file) return cannot_read(std::strerror(errno));
  std::ostringstream bytes;
  bytes << file.rdbuf();
  if (file.bad()) return cannot_read(std::strerror(errno));
  return bytes.str();
}

}  // namespace hotpath::detail
