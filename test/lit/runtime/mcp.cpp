// MCP on the live server, through the official TypeScript SDK's client
// (Inputs/mcp_check.cjs): over Streamable HTTP to /mcp, and over stdio through
// `hotpath mcp URL`. The tools are the ones listed below, each with its schemas,
// and each tool's answer is exactly its JSON route's, fetched over HTTP from the
// same report (the text is the route's body, the structured content its JSON; the
// SDK checks the structured content against the tool's output schema). The
// program is Inputs/mcp_program.cpp: app::run 3 calls, app::parse 12, app::hold
// and app::take 1; rows are printed by name.
//
// REQUIRES: live, mcp-sdk, hotpath-cli
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %S/Inputs/mcp_program.cpp -o %t %hotpath_libs
// RUN: %node %S/Inputs/mcp_check.cjs http %t %t.stop %hotpath %npm_tools | FileCheck %s
// RUN: %node %S/Inputs/mcp_check.cjs stdio %t %t.stop %hotpath %npm_tools | FileCheck %s
//
// The SDK asks for its latest revision (2025-11-25); the server answers its own.
// CHECK:      server hotpath, protocol 2025-06-18, instructions given
// CHECK-NEXT: tools functions_timing functions_alloc functions_cpu functions_wait locks coroutines gauges call_tree threads function_logs function_histogram
// CHECK-NEXT: 11 tools with input and output schemas and a description
// CHECK-NEXT: functions_timing {}: same as /functions_timing: app::hold 1, app::parse 12, app::run 3, app::take 1
// CHECK-NEXT: functions_timing {"limit":1,"focus":"parse"}: same as /functions_timing?limit=1&focus=parse: app::parse 12
// CHECK-NEXT: functions_timing {"limit":0}: same as /functions_timing?limit=0: app::hold 1, app::parse 12, app::run 3, app::take 1
// CHECK-NEXT: functions_alloc {}: same as /functions_alloc: 404 no allocation tracking in this program: link hotpath-alloc (-lhotpath-alloc)
// CHECK-NEXT: functions_cpu {}: same as /functions_cpu: 404 no CPU sampling in this program: link hotpath-cpu (-lhotpath-cpu) or preload it
// CHECK-NEXT: functions_wait {"focus":"run"}: same as /functions_wait?focus=run: 404 no waits recorded in this program: link hotpath-wait (-lhotpath-wait) or preload it
// CHECK-NEXT: locks {}: same as /locks: 404 no locks recorded in this program: link hotpath-wait (-lhotpath-wait) or preload it
// CHECK-NEXT: coroutines {}: same as /coroutines: {{$}}
// CHECK-NEXT: gauges {}: same as /gauges: jobs 3, queue_depth 5
// CHECK-NEXT: call_tree {}: same as /call_tree: app::hold 1, app::parse 12, app::run 3, app::take 1, main 0
// CHECK-NEXT: call_tree {"focus":"parse$"}: same as /call_tree?focus=parse%24: app::parse 12, app::run 3, main 0
// CHECK-NEXT: threads {}: same as /threads: main
// CHECK-NEXT: function_logs {"name":"app::parse"}: same as /functions/app::parse/logs: 12 logs
// CHECK-NEXT: function_logs {"name":"app::parse","limit":5}: same as /functions/app::parse/logs: 5 logs
// CHECK-NEXT: function_histogram {"name":"app::run"}: same as /functions/app::run/histogram: 3 calls
// CHECK-NEXT: function_histogram {"name":"app::nothing"}: same as /functions/app::nothing/histogram: 404 no function named 'app::nothing' in the report
// CHECK-NEXT: limit -1: isError true: limit: expected a whole number of rows, 0 for all (got -1)
// CHECK-NEXT: focus (: isError true: focus='(': not a regular expression{{.*}}
// CHECK-NEXT: unknown tool: JSON-RPC error -32602: MCP error -32602: unknown tool 'nope' (tools: functions_timing, functions_alloc, functions_cpu, functions_wait, locks, coroutines, gauges, call_tree, threads, function_logs, function_histogram)
// CHECK-NEXT: ping answered
// CHECK-NOT:  FAILED
//
// The bearer token: refused without it (401), answered with it through both
// transports; `hotpath mcp` takes it from --token or from the environment.
// RUN: %node %S/Inputs/mcp_check.cjs token %t %t.stop %hotpath %npm_tools \
// RUN:   | FileCheck %s --check-prefix=TOKEN
// TOKEN:      token: POST without it: 401 missing or wrong bearer token (Authorization: Bearer <token>)
// TOKEN-NEXT: token: http without it: Streamable HTTP error: Error POSTing to endpoint: {"error":"missing or wrong bearer token (Authorization: Bearer <token>)"}
// TOKEN-NEXT: token: http with it: app::hold 1, app::parse 12, app::run 3, app::take 1
// TOKEN-NEXT: token: stdio without it: MCP error -32000: the live server at http://127.0.0.1:{{[0-9]+}}/mcp answered HTTP 401: missing or wrong bearer token (Authorization: Bearer <token>) (the program's token goes in --token or HOTPATH_METRICS_AUTH_TOKEN)
// TOKEN-NEXT: token: stdio without it, stderr: hotpath mcp: the live server at http://127.0.0.1:{{[0-9]+}}/mcp answered HTTP 401: {{.*}}
// TOKEN-NEXT: token: stdio with --token: app::hold 1, app::parse 12, app::run 3, app::take 1
// TOKEN-NEXT: token: stdio with HOTPATH_METRICS_AUTH_TOKEN: app::hold 1, app::parse 12, app::run 3, app::take 1
// TOKEN-NOT:  FAILED
//
// What /mcp refuses: a page of another site (DNS rebinding), a GET (no event
// stream), a body that is not JSON, a revision it does not speak, a body over the
// server's 64 KiB; a notification is accepted without a body; the other routes
// still refuse a POST.
// RUN: %node %S/Inputs/mcp_check.cjs refusals %t %t.stop %hotpath %npm_tools \
// RUN:   | FileCheck %s --check-prefix=REFUSED
// REFUSED:      refusals: Origin http://evil.example: 403 {"error":{"code":-32000,"message":"forbidden: Origin 'http://evil.example' is not a page of this machine (http://localhost, http://127.0.0.1 or http://[::1], any port)"},"id":null,"jsonrpc":"2.0"}
// REFUSED-NEXT: refusals: Origin http://localhost:5173: 200 {"id":1,"jsonrpc":"2.0","result":{}}
// REFUSED-NEXT: refusals: GET: 405, Allow POST
// REFUSED-NEXT: refusals: not JSON: 400 {"error":{"code":-32700,"message":"parse error: ..."},"id":null,"jsonrpc":"2.0"}
// REFUSED-NEXT: refusals: MCP-Protocol-Version 1999-01-01: 400 {"error":{"code":-32600,"message":"unsupported MCP-Protocol-Version '1999-01-01' (this server speaks 2025-06-18 and 2025-03-26)"},"id":null,"jsonrpc":"2.0"}
// REFUSED-NEXT: refusals: a notification: 202 {{$}}
// REFUSED-NEXT: refusals: a body over 64 KiB: 413
// REFUSED-NEXT: refusals: POST elsewhere: 405, GET routes still 200
//
// `hotpath mcp` with no server at its URL: a JSON-RPC error for the request, and a
// line on stderr that names the URL.
// RUN: %node %S/Inputs/mcp_check.cjs no-server %t %t.stop %hotpath %npm_tools \
// RUN:   | FileCheck %s --check-prefix=NO-SERVER
// NO-SERVER:      no server: MCP error -32000: cannot reach hotpath's live server at URL (no connection): is the program running with HOTPATH_LIVE=1, on that port?
// NO-SERVER-NEXT: no server, stderr: hotpath mcp: cannot reach hotpath's live server at URL (no connection): is the program running with HOTPATH_LIVE=1, on that port?
//
// The command line: a URL that is not http://, an unknown option, and the command
// in `hotpath --help`.
// RUN: not %hotpath mcp ftp://host < /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-URL
// BAD-URL: hotpath mcp: "ftp://host" is not an http:// URL (for example http://127.0.0.1:6770/mcp)
// RUN: not %hotpath mcp --port 1 < /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-OPTION
// BAD-OPTION: hotpath mcp: unknown option "--port"
// RUN: %hotpath --help | FileCheck %s --check-prefix=USAGE
// USAGE: mcp          connect an AI assistant (an MCP client over stdio) to the live
