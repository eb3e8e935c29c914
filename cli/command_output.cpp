// Both paths go through support/output_file.hpp, which the runtime's own reports use.
#include "command_output.hpp"

#include "output_file.hpp"

namespace hotpath::cli {

bool write_command_output(const std::string& path, std::string_view text, std::string& error) {
  std::string why;
  if (path.empty()) {
    if (detail::write_stdout(text, why)) return true;
    error = why;  // says "cannot write to stdout: ..."
    return false;
  }
  if (detail::write_output_file(path, text, why)) return true;
  error = "cannot write \"" + path + "\": " + why;
  return false;
}

}  // namespace hotpath::cli
