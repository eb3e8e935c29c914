#!/usr/bin/env bash
# A real Prometheus (Debian's prometheus) scraping /metrics every second for 60 s of
# the program with 10,000 functions on 8 busy threads, while 50 clients ask
# /functions_timing (docs/performance.md, "Live metrics"); the same program also
# calls 7 functions of 1 us to 60 s, whose p95 from the scraped buckets must be
# within 10% of the report's. About 80 s.
#
#   bench/live_load/prometheus_scrape.sh [BUILD_DIR [OPTION...]]   (default: build)
#
# OPTIONs go to prometheus_scrape.py: --clients N (0: Prometheus alone), --seconds S,
# --route PATH.
#
# The exit status is 1 when a scrape failed or took 1 s or more, a p95 was 10% or
# more off, or the clients failed (a failed request, or a p99 latency of 50 ms).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:-$here/../../build}
shift || true
for program in hotpath_live_load_workload hotpath_live_load_clients; do
  [[ -x $build/bench/$program ]] ||
    { echo "prometheus_scrape.sh: no $build/bench/$program (build the project first)" >&2; exit 2; }
done
command -v prometheus >/dev/null ||
  { echo "prometheus_scrape.sh: no prometheus (scripts/install-deps.sh installs it)" >&2; exit 2; }
exec python3 "$here/prometheus_scrape.py" "$build/bench/hotpath_live_load_workload" "$@"
