#!/usr/bin/env bash
# The live server under load (docs/live.md): 50 clients for 30 s on a route,
# against a program with 10,000 functions and 8 busy threads, on 127.0.0.1.
#
#   bench/live_load/run.sh [BUILD_DIR [ROUTE...]]   (default: build /functions_timing)
#
# The exit status is 1 when a request failed or a route's p99 latency reached 50 ms.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:-$here/../../build}
shift || true
routes=("$@")
[[ ${#routes[@]} -gt 0 ]] || routes=(/functions_timing)
for program in hotpath_live_load_workload hotpath_live_load_clients; do
  [[ -x $build/bench/$program ]] ||
    { echo "run.sh: no $build/bench/$program (build the project first)" >&2; exit 2; }
done
status=0
for route in "${routes[@]}"; do
  python3 "$here/load.py" "$build/bench/hotpath_live_load_workload" --route "$route" || status=1
done
exit "$status"
