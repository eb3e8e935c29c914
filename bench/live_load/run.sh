#!/usr/bin/env bash
# The live server under load (docs/live.md): 50 clients for 30 s on each route,
# against a program with 10,000 functions and 8 busy threads, on 127.0.0.1.
#
#   bench/live_load/run.sh [BUILD_DIR]        (default: build)
#
# The exit status is 1 when a request failed or a route's p99 latency reached 50 ms.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:-$here/../../build}
workload=$build/bench/hotpath_live_load_workload
[[ -x $workload ]] || { echo "run.sh: no $workload (build the project first)" >&2; exit 2; }
status=0
for route in /functions_timing /metrics "/report?limit=0"; do
  python3 "$here/load.py" "$workload" --route "$route" || status=1
done
exit "$status"
