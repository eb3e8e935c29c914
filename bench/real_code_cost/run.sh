#!/usr/bin/env bash
# Measure-all on real code, with its default threshold: does a whole package still
# compile as before, pass its tests, run them at most 1.5 times slower, and count
# calls exactly?
#
#   bench/real_code_cost/run.sh [PACKAGE...]        (default: leveldb snappy)
#
# Builds each Debian source package four times with bench/real_code_names/run.sh:
# plugin (clang++ 19) and rewrite (g++), measuring every function of the package
# that has measure-all's default minimum of tokens, and the same two compilers on
# the untouched sources, baseline and original. Runs the package's workload RUNS
# times in each, the four builds taking turns, then prints cost.py's bars for each
# package (also in $WORK/PACKAGE/cost.txt). The process whose counts must be exact
# is the package's PKG_EXACT (bench/real_code_names/packages/PACKAGE.sh).
#
# Environment: as bench/real_code_names/run.sh, with other defaults:
#   WORK        build/real_code_cost in the repository
#   MIN_TOKENS  default (the tools' own minimum; a number to try another)
#   RUNS        2 (the exact counts compare runs; the time takes each process's best)
#   CXXFLAGS    -Wall -Wextra (warnings to compare)
#   MAX_RATIO   the time bar, 1.5
# The exit status is 0 when every package passes every bar, 1 otherwise.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
names=$repo/bench/real_code_names
export WORK=${WORK:-$repo/build/real_code_cost}
export MIN_TOKENS=${MIN_TOKENS:-default}
export RUNS=${RUNS:-2}
export CXXFLAGS=${CXXFLAGS--Wall -Wextra}
export MODES="baseline plugin original rewrite"
MAX_RATIO=${MAX_RATIO:-1.5}

[[ $# -ge 1 ]] || set -- leveldb snappy
"$names/run.sh" "$@"

status=0
for pkg in "$@"; do
  # shellcheck source=/dev/null  # the package's file only defines variables and functions
  exact=$(source "$names/packages/$pkg.sh" && echo "${PKG_EXACT:-}")
  echo "################ $pkg: measure-all (min tokens: $MIN_TOKENS) against uninstrumented"
  python3 "$here/cost.py" --exact "$exact" --max-ratio "$MAX_RATIO" "$WORK/$pkg" |
    tee "$WORK/$pkg/cost.txt" || status=1
done
exit "$status"
