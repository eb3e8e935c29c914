// Runs a program with HOTPATH_LIVE=1 on a free port and asks its /mcp, through the
// official MCP TypeScript SDK's client over Streamable HTTP, for its tools and the
// answers of functions_timing, functions_cpu and call_tree while it works; prints
// what they name. The program is stopped (SIGTERM) afterwards.
//
// usage: node mcp_check.cjs NPM_TOOLS SECONDS PROGRAM [ARGS...]
"use strict";
const { spawn } = require("node:child_process");
const path = require("node:path");
const { createRequire } = require("node:module");

const [npmTools, seconds, program, ...args] = process.argv.slice(2);
const sdk = createRequire(path.join(npmTools, "package.json"));
const { Client } = sdk("@modelcontextprotocol/sdk/client/index.js");
const { StreamableHTTPClientTransport } = sdk("@modelcontextprotocol/sdk/client/streamableHttp.js");

function started() {
  const child = spawn(program, args, {
    env: { ...process.env, HOTPATH_LIVE: "1", HOTPATH_METRICS_PORT: "0", HOTPATH_OUTPUT_FORMAT: "none" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let text = "";
    child.stderr.on("data", (chunk) => {
      text += chunk;
      const found = /live metrics at http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
      if (found) resolve({ child, port: Number(found[1]) });
    });
    child.on("exit", () => reject(new Error("the program ended before serving: " + text)));
  });
}

const rows = (section, n) => (section.data ?? section.nodes ?? []).slice(0, n)
  .map((row) => `${row.name} ${row.calls ?? row.samples ?? ""}`.trim());

async function main() {
  const { child, port } = await started();
  try {
    await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
    const client = new Client({ name: "formats-real", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    const { tools } = await client.listTools();
    console.log(`server ${client.getServerVersion().name}: ${tools.length} tools: ${tools.map((t) => t.name).join(" ")}`);
    for (const [tool, toolArgs] of [["functions_timing", { limit: 5 }], ["functions_cpu", { limit: 5 }],
                                    ["call_tree", { focus: "ScanScalar$" }]]) {
      const start = process.hrtime.bigint();
      const result = await client.callTool({ name: tool, arguments: toolArgs });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const section = result.structuredContent ?? {};
      const text = result.content?.[0]?.text ?? "";
      console.log(`${tool} ${JSON.stringify(toolArgs)}: ${result.isError ? "ERROR " + text : ""}` +
                  `${text.length} bytes in ${ms.toFixed(0)} ms: ${rows(section, 6).join(", ")}`);
    }
    await client.close();
  } finally {
    child.kill("SIGTERM");
  }
}
main().catch((error) => { console.log("FAILED: " + (error.stack ?? error)); process.exitCode = 1; });
