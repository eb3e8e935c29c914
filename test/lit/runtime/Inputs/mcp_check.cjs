// Drives test/lit/runtime/mcp.cpp with the official MCP TypeScript SDK: starts the
// program with HOTPATH_LIVE=1 on a free port, waits until its work is done, and
// connects to its /mcp over Streamable HTTP or over stdio (`hotpath mcp URL`).
// Prints one line per check for FileCheck.
//
// usage: node mcp_check.cjs MODE PROGRAM STOP_FILE HOTPATH NPM_TOOLS
//   MODE http | stdio: list the tools and call each, comparing its answer with its
//        JSON route's, fetched over HTTP from the same report
//   MODE token: the server with a bearer token, through both transports
//   MODE refusals: what /mcp refuses over plain HTTP
//   MODE no-server: `hotpath mcp` with nothing listening at its URL
"use strict";
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");
const { createRequire } = require("node:module");
const { isDeepStrictEqual } = require("node:util");

const [mode, program, stopFile, hotpath, npmTools] = process.argv.slice(2);
const sdk = createRequire(path.join(npmTools, "package.json"));
const { Client } = sdk("@modelcontextprotocol/sdk/client/index.js");
const { StreamableHTTPClientTransport } = sdk("@modelcontextprotocol/sdk/client/streamableHttp.js");
const { StdioClientTransport } = sdk("@modelcontextprotocol/sdk/client/stdio.js");

const TOOLS = [
  "functions_timing", "functions_alloc", "functions_cpu", "functions_wait", "locks",
  "coroutines", "gauges", "call_tree", "threads", "function_logs", "function_histogram",
];
// Each tool with the route whose answer it must be; `cut` is what the tool does to
// the route's JSON (function_logs' limit), since that route takes no query.
const CALLS = [
  ["functions_timing", {}, "/functions_timing"],
  ["functions_timing", { limit: 1, focus: "parse" }, "/functions_timing?limit=1&focus=parse"],
  ["functions_timing", { limit: 0 }, "/functions_timing?limit=0"],
  ["functions_alloc", {}, "/functions_alloc"],
  ["functions_cpu", {}, "/functions_cpu"],
  ["functions_wait", { focus: "run" }, "/functions_wait?focus=run"],
  ["locks", {}, "/locks"],
  ["coroutines", {}, "/coroutines"],
  ["gauges", {}, "/gauges"],
  ["call_tree", {}, "/call_tree"],
  ["call_tree", { focus: "parse$" }, "/call_tree?focus=parse%24"],
  ["threads", {}, "/threads"],
  ["function_logs", { name: "app::parse" }, "/functions/app::parse/logs"],
  ["function_logs", { name: "app::parse", limit: 5 }, "/functions/app::parse/logs",
   (route) => ({ ...route, logs: route.logs.slice(0, 5) })],
  ["function_histogram", { name: "app::run" }, "/functions/app::run/histogram"],
  ["function_histogram", { name: "app::nothing" }, "/functions/app::nothing/histogram"],
];

function say(line) {
  process.stdout.write(line + "\n");
}

function fail(why) {
  say("FAILED: " + why);
  process.exitCode = 1;
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Starts the program; resolves with its port once it says its work is done.
function startProgram(environment = {}) {
  if (fs.existsSync(stopFile)) fs.unlinkSync(stopFile);
  const child = spawn(program, [stopFile], {
    env: { ...process.env, HOTPATH_LIVE: "1", HOTPATH_METRICS_PORT: "0",
           HOTPATH_OUTPUT_FORMAT: "none", ...environment },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let port = null;
    let text = "";
    child.stderr.on("data", (chunk) => {
      text += chunk;
      const found = /live metrics at http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
      if (found) port = Number(found[1]);
      if (port !== null && text.includes("mcp_program: work done")) resolve({ child, port });
    });
    child.on("exit", () => reject(new Error("the program ended before serving: " + text)));
  });
}

async function stopProgram(child) {
  const ended = new Promise((resolve) => child.on("exit", resolve));
  fs.writeFileSync(stopFile, "");
  await ended;
}

async function get(port, route, headers = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, { headers });
  return { status: response.status, body: await response.text() };
}

function httpTransport(port, token) {
  const headers = token ? { Authorization: "Bearer " + token } : {};
  return new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`),
                                           { requestInit: { headers } });
}

function stdioTransport(url, args = [], environment = {}) {
  return new StdioClientTransport({
    command: hotpath, args: ["mcp", ...args, url],
    env: { PATH: process.env.PATH, ...environment }, stderr: "pipe",
  });
}

// Connects a client; the revision it settled on is kept as transport.negotiated.
async function connect(transport) {
  const client = new Client({ name: "hotpath-lit", version: "1.0.0" });
  const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version) => {
    transport.negotiated = version;
    setProtocolVersion?.(version);
  };
  await client.connect(transport);
  return client;
}

// A section's rows as "name count", by name: their order is the route's, which
// the comparison checks, and depends on durations that vary from run to run.
function rowsOf(section) {
  return rowsInOrder(section).sort();
}

function rowsInOrder(section) {
  // Threads come in no particular order, and the server's own are many.
  if (section.interval_ms !== undefined) return section.data.some((row) => row.name === "main") ? ["main"] : [];
  const counted = (row) => row.calls ?? row.value ?? row.waits;
  if (Array.isArray(section.data)) {
    return section.data.map((row) => (counted(row) === undefined ? row.name : `${row.name} ${counted(row)}`));
  }
  if (Array.isArray(section.nodes)) return section.nodes.map((node) => `${node.name} ${node.calls}`);
  if (Array.isArray(section.logs)) return [`${section.logs.length} logs`];
  if (Array.isArray(section.counts)) return [`${section.calls} calls`];
  return [];
}

// Calls `tool` and compares its answer with `route`'s, fetched before and after
// it: when both fetches agree, the report did not change in between, and the
// tool's answer must be exactly theirs. Tries again when the report changed.
async function compare(client, port, [tool, args, route, cut]) {
  const label = `${tool} ${JSON.stringify(args)}`;
  for (let attempt = 0; attempt < 20; ++attempt) {
    const before = await get(port, route);
    const result = await client.callTool({ name: tool, arguments: args });
    const after = await get(port, route);
    if (before.status !== after.status || before.body !== after.body) continue;
    const text = result.content.length === 1 && result.content[0].type === "text"
      ? result.content[0].text : null;
    if (before.status !== 200) {
      const why = JSON.parse(before.body).error;
      const same = result.isError === true && text === why && result.structuredContent === undefined;
      say(`${label}: ${same ? "same as" : "DIFFERENT from"} ${route}: ${before.status} ${why}`);
      if (!same) fail(JSON.stringify(result));
      return;
    }
    const expected = cut ? cut(JSON.parse(before.body)) : JSON.parse(before.body);
    const same = result.isError === false && isDeepStrictEqual(result.structuredContent, expected) &&
                 isDeepStrictEqual(JSON.parse(text), expected) && (cut || text === before.body);
    say(`${label}: ${same ? "same as" : "DIFFERENT from"} ${route}: ${rowsOf(expected).join(", ")}`);
    if (!same) fail(`tool ${JSON.stringify(result)} route ${before.body}`);
    return;
  }
  fail(`${label}: the report changed during each of 20 attempts`);
}

async function checkTools(client, port) {
  const server = client.getServerVersion();
  say(`server ${server.name}, protocol ${client.transport.negotiated}, ` +
      `instructions ${client.getInstructions() ? "given" : "none"}`);
  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  say(`tools ${names.join(" ")}`);
  if (!isDeepStrictEqual(names, TOOLS)) fail("tools: " + names.join(" "));
  const described = tools.filter((tool) => tool.inputSchema.type === "object" &&
                                            tool.outputSchema?.type === "object" &&
                                            tool.description.length > 100).length;
  say(`${described} tools with input and output schemas and a description`);
  for (const call of CALLS) await compare(client, port, call);
  const bad = await client.callTool({ name: "functions_timing", arguments: { limit: -1 } });
  say(`limit -1: isError ${bad.isError}: ${bad.content[0].text}`);
  const regex = await client.callTool({ name: "call_tree", arguments: { focus: "(" } });
  say(`focus (: isError ${regex.isError}: ${regex.content[0].text}`);
  try {
    await client.callTool({ name: "nope", arguments: {} });
    fail("an unknown tool was called");
  } catch (error) {
    say(`unknown tool: JSON-RPC error ${error.code}: ${error.message}`);
  }
  await client.ping();
  say("ping answered");
}

async function checkTransport(transport) {
  const { child, port } = await startProgram();
  try {
    const url = `http://127.0.0.1:${port}/mcp`;
    const client = await connect(transport === "http" ? httpTransport(port) : stdioTransport(url));
    await checkTools(client, port);
    await client.close();
  } finally {
    await stopProgram(child);
  }
}

async function timingThrough(client) {
  const result = await client.callTool({ name: "functions_timing", arguments: {} });
  return rowsOf(result.structuredContent).join(", ");
}

// What a `hotpath mcp` child writes to stderr. Its line can arrive after its answer on
// stdout (two pipes), so firstLine() waits for it, up to 10 s.
function stderrOf(transport) {
  let text = "";
  transport.stderr.on("data", (chunk) => { text += chunk; });
  return {
    async firstLine() {
      for (let waited = 0; !text.includes("\n") && waited < 10000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return text.trim();
    },
  };
}

async function connectError(transport) {
  try {
    const client = await connect(transport);
    await client.close();
    return "connected";
  } catch (error) {
    return String(error.message ?? error);
  }
}

async function checkToken() {
  const token = "s3cret-token";
  const { child, port } = await startProgram({ HOTPATH_METRICS_AUTH_TOKEN: token });
  try {
    const url = `http://127.0.0.1:${port}/mcp`;
    const raw = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" },
                                   body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) });
    say(`token: POST without it: ${raw.status} ${JSON.parse(await raw.text()).error}`);
    const refused = await connectError(httpTransport(port));
    say(`token: http without it: ${refused.includes("401") ? "refused, 401" : refused}`);
    const http = await connect(httpTransport(port, token));
    say(`token: http with it: ${await timingThrough(http)}`);
    await http.close();
    const stdio = stdioTransport(url);
    const stderr = stderrOf(stdio);
    say(`token: stdio without it: ${await connectError(stdio)}`);
    say(`token: stdio without it, stderr: ${await stderr.firstLine()}`);
    for (const [how, transport] of [
      ["--token", stdioTransport(url, ["--token", token])],
      ["HOTPATH_METRICS_AUTH_TOKEN", stdioTransport(url, [], { HOTPATH_METRICS_AUTH_TOKEN: token })],
    ]) {
      const client = await connect(transport);
      say(`token: stdio with ${how}: ${await timingThrough(client)}`);
      await client.close();
    }
  } finally {
    await stopProgram(child);
  }
}

async function checkRefusals() {
  const { child, port } = await startProgram();
  try {
    const url = `http://127.0.0.1:${port}/mcp`;
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const post = async (headers, body = ping) => {
      const response = await fetch(url, { method: "POST", body,
                                          headers: { "Content-Type": "application/json", ...headers } });
      const text = await response.text();
      return `${response.status} ${text}`;
    };
    say(`refusals: Origin http://evil.example: ${await post({ Origin: "http://evil.example" })}`);
    say(`refusals: Origin http://localhost:5173: ${await post({ Origin: "http://localhost:5173" })}`);
    const getting = await fetch(url);
    say(`refusals: GET: ${getting.status}, Allow ${getting.headers.get("allow")}`);
    say(`refusals: not JSON: ${await post({}, "{")}`.replace(/"parse error: [^"]*"/, "\"parse error: ...\""));
    say(`refusals: MCP-Protocol-Version 1999-01-01: ${await post({ "MCP-Protocol-Version": "1999-01-01" })}`);
    say(`refusals: a notification: ${await post({}, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))}`);
    const large = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping", params: { pad: "x".repeat(70000) } });
    say(`refusals: a body over 64 KiB: ${(await post({}, large)).split(" ")[0]}`);
    const routes = await get(port, "/functions_timing");
    say(`refusals: POST elsewhere: ${(await fetch(`http://127.0.0.1:${port}/report`, { method: "POST", body: "{}" })).status}, GET routes still ${routes.status}`);
  } finally {
    await stopProgram(child);
  }
}

async function checkNoServer() {
  const url = `http://127.0.0.1:${await freePort()}/mcp`;
  const transport = stdioTransport(url);
  const stderr = stderrOf(transport);
  say(`no server: ${(await connectError(transport)).replace(url, "URL")}`);
  say(`no server, stderr: ${(await stderr.firstLine()).replace(url, "URL")}`);
}

const checks = { http: () => checkTransport("http"), stdio: () => checkTransport("stdio"),
                 token: checkToken, refusals: checkRefusals, "no-server": checkNoServer };
checks[mode]().catch((error) => {
  fail(error.stack ?? String(error));
});
