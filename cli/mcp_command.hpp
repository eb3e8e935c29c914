// `hotpath mcp [URL]`: MCP's stdio transport for a running program's live server.
// A client that starts a command (an AI assistant's MCP configuration) talks
// newline-delimited JSON-RPC on this command's stdin and stdout; each message is
// POSTed to the server's /mcp and its answer written back, one line each.
#ifndef HOTPATH_CLI_MCP_COMMAND_HPP
#define HOTPATH_CLI_MCP_COMMAND_HPP

#include <string>
#include <vector>

namespace hotpath::cli {

/// Runs `hotpath mcp` with the arguments after "mcp"; returns the exit status (0
/// when stdin ends, 2 for a wrong command line).
int run_mcp_command(const std::vector<std::string>& arguments);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_MCP_COMMAND_HPP
