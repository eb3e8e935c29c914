#!/usr/bin/env bash
# Are measure-all's averages right on real code? For each package, the measure-all
# plugin build of bench/real_code_cost/run.sh against a reference build that
# measures only the functions compared:
#
#   bench/real_code_accuracy/run.sh PACKAGE [PACKAGE...]
#
# For each package (bench/real_code_names/packages/PACKAGE.sh):
#   1. takes the report of its deterministic process (PKG_EXACT) in the plugin build
#      of $WORK/PACKAGE (made by bench/real_code_cost/run.sh first), and picks the
#      five fine functions (average under 2 us) and the two coarse ones that took
#      the most time there (accuracy.py pick);
#   2. lists every other function of that report in a filter file;
#   3. builds the package again with the plugin and that filter, in
#      $WORK/PACKAGE/accuracy, and runs its workload: each compared function is
#      measured with its own guard, compensated as in the measure-all build, and
#      nothing it calls is measured (the error measure-all adds is that of its
#      callees' guards: their compensation, and the code they change);
#   4. prints each function's measure-all average against the reference's, PASS
#      within TOLERANCE percent (also in $WORK/PACKAGE/accuracy.txt).
#
# Environment: WORK (default build/real_code_cost, as bench/real_code_cost/run.sh),
# TOLERANCE (default 30), FILTER (the filter file the measured builds were made
# with, if any: the reference leaves its functions out too, as the report does not
# list them), and bench/real_code_names/run.sh's (HOTPATH_PREFIX, JOBS).
# The exit status is 0 when every function of every package is within the
# tolerance, 1 otherwise, 2 when a step cannot be done.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
names=$repo/bench/real_code_names
WORK=${WORK:-$repo/build/real_code_cost}
TOLERANCE=${TOLERANCE:-30}
prefix=${HOTPATH_PREFIX:-$repo/build/install}

die() {
  echo "real_code_accuracy: $*" >&2
  exit 2
}

[[ $# -ge 1 ]] || die "usage: $0 PACKAGE [PACKAGE...]"
status=0
for pkg in "$@"; do
  # shellcheck source=/dev/null  # the package's file only defines variables and functions
  process=$(source "$names/packages/$pkg.sh" && echo "${PKG_EXACT:-}")
  [[ -n $process ]] || die "$pkg: the package names no deterministic process (PKG_EXACT)"
  report=$WORK/$pkg/plugin/reports/$process.json
  [[ -f $report ]] || die "$pkg: no $report (run bench/real_code_cost/run.sh $pkg first)"
  out=$WORK/$pkg/accuracy
  mkdir -p "$out"
  python3 "$here/accuracy.py" pick "$report" > "$out/targets.json" || die "$pkg: no functions to compare"
  "$prefix/bin/hotpath" filter --min-calls 0 --min-share 0 --min-ratio 0 --budget 0 "$report" -o "$out/all.filter" ||
    die "$pkg: hotpath filter failed"
  python3 "$here/accuracy.py" others "$out/targets.json" "$out/all.filter" > "$out/others.filter" ||
    die "$pkg: the targets are not in the filter"
  if [[ -n ${FILTER:-} ]]; then cat "$FILTER" >> "$out/others.filter" || die "cannot read $FILTER"; fi
  echo "== $pkg: reference build, measuring only the functions compared" >&2
  WORK=$out MODES=plugin MIN_TOKENS=default RUNS=1 FILTER=$out/others.filter \
    "$names/run.sh" "$pkg" > "$out/reference.log" 2>&1 || die "$pkg: the reference build failed (see $out/reference.log)"
  echo "################ $pkg: measure-all averages against the reference (process $process)"
  python3 "$here/accuracy.py" compare --tolerance "$TOLERANCE" "$out/targets.json" \
    "$out/$pkg/plugin/reports/$process.json" | tee "$WORK/$pkg/accuracy.txt" || status=1
done
exit "$status"
