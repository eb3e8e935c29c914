#!/usr/bin/env bash
# hotpath's pprof, speedscope and MCP outputs on real code: yaml-cpp (Debian source
# package), built by bench/real_code_names/run.sh with the plugin, every function of
# the package measured, linked with hotpath-cpu; then its `read` tool parses a
# generated 7.6 MB YAML document ITERATIONS times (see README.md).
#
#   bench/formats_real/run.sh          (as root: apt-get source, build dependencies)
#
# Environment: WORK (default <repo>/build/formats_real), HOTPATH_PREFIX (a hotpath
# installation, default <repo>/build/install), ITERATIONS (default 2), LIVE_SECONDS
# (how long the live run works before MCP is asked, default 5), REUSE_BUILDS=1 (keep
# the build of an earlier run).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
WORK=${WORK:-$repo/build/formats_real}
ITERATIONS=${ITERATIONS:-2}
LIVE_SECONDS=${LIVE_SECONDS:-5}
npm_tools=$repo/.npm-tools
page=$npm_tools/node_modules/speedscope/dist/release/index.html

command -v go > /dev/null || { echo "run.sh: go tool pprof needs golang-go" >&2; exit 1; }
command -v chromium > /dev/null || { echo "run.sh: speedscope needs chromium" >&2; exit 1; }
[[ -f $page && -d $npm_tools/node_modules/@modelcontextprotocol/sdk ]] ||
  { echo "run.sh: run scripts/install-npm-tools.sh (speedscope, the MCP SDK)" >&2; exit 1; }

MODES=plugin LINK_WITH=cpu WORK=$WORK "$repo/bench/real_code_names/run.sh" yaml-cpp
build=$WORK/yaml-cpp/plugin/build
read_tool=$build/util/read
document=$WORK/yaml-cpp/workload-data/yaml-20000/records.yaml
trial=$WORK/trial
rm -rf "$trial"
mkdir -p "$trial"
cd "$trial"

# run LABEL [VAR=VALUE...]: the workload with the JSON report and the outputs given;
# its seconds and peak memory (KB) to times.tsv.
run() {
  local label=$1
  shift
  /usr/bin/time -f "$label	%e	%M" -a -o times.tsv env HOTPATH_OUTPUT_FORMAT=json \
    HOTPATH_OUTPUT_PATH="$label.json" HOTPATH_LIMIT=0 "$@" \
    "$read_tool" -n "$ITERATIONS" -c "$document" 2>> stderr.txt
}
printf 'run\tseconds\tpeak_kb\n' > times.tsv
run json
run pprof HOTPATH_PPROF=profile.pb.gz
run speedscope HOTPATH_SPEEDSCOPE=profile.speedscope.json
run all HOTPATH_PPROF=all.pb.gz HOTPATH_SPEEDSCOPE=all.speedscope.json

echo "== times (seconds, peak KB) and sizes"
column -t times.tsv
ls -l ./*.json ./*.pb.gz | awk '{print "  " $5 "\t" $9}'
echo "== stderr"
sed 's/^/  /' stderr.txt
echo "== pprof (go tool pprof) against the JSON report"
python3 "$here/check_pprof.py" all.pb.gz all.json
echo "== speedscope in headless Chromium"
python3 "$repo/test/lit/runtime/Inputs/speedscope_in_browser.py" "$page" "$trial/all.speedscope.json" "$trial/timeline.png"
python3 "$repo/test/lit/runtime/Inputs/speedscope_in_browser.py" "$page" "$trial/all.speedscope.json" \
  "$trial/cpu.png" "read CPU samples"
python3 - all.speedscope.json all.json << 'PY'
import json, sys
document, report = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
for profile in document["profiles"]:
    print("profile %s (%s): %d %s" % (profile["name"], profile["type"],
          len(profile.get("events", profile.get("samples", []))),
          "events" if profile["type"] == "evented" else "samples"))
print("report: %d calls, %d CPU samples" % (
    sum(row["calls"] for row in report["functions_timing"]["data"]), report["functions_cpu"]["total_samples"]))
PY
echo "== MCP (the SDK's client, Streamable HTTP) on a live run"
node "$here/mcp_check.cjs" "$npm_tools" "$LIVE_SECONDS" "$read_tool" -n 1000 -c "$document"
