#!/usr/bin/env bash
# Do the plugin build and the rewriter build of real C++ code report the same rows?
#
#   bench/real_code_names/run.sh PACKAGE [PACKAGE...]     (packages: packages/*.sh)
#
# For each Debian source package:
#   1. makes sure apt knows deb-src entries (adds /etc/apt/sources.list.d/
#      hotpath-deb-src.sources, a copy of debian.sources with "Types: deb-src", and
#      runs apt-get update), installs the packages needed to build and test it
#      (PKG_DEPS of packages/PACKAGE.sh) and runs `apt-get source PACKAGE`;
#   2. builds two fresh copies of the unpacked sources with the project's own build
#      system, measuring every function defined in the copy (sources and headers,
#      tests included; system headers and generated files are outside it) of at
#      least MIN_TOKENS tokens (0 by default: every function, however small, as it is
#      the names that are compared):
#        plugin   clang++-19 with `pkg-config --cflags hotpath` and
#                 -fplugin-arg-hotpath-measure-all-files='^<copy>/' and min-tokens
#        rewrite  configured for g++ (compile_commands.json), rewritten in place by
#                 clang-hotpath-rewrite --measure-all='^<copy>/' --min-tokens
#                 --header-filter=same,
#                 then built with g++ and -lhotpath
#      and, with MODES including them, the same compilers on the untouched sources,
#      not instrumented and not linked with hotpath: what the instrumented builds'
#      warnings and workload seconds are compared with:
#        original g++ (for rewrite)
#        baseline clang++-19 (for plugin)
#   3. runs the package's workload (its tests or benchmarks) in each build, RUNS
#      times, every process of an instrumented build writing a JSON report with all
#      its rows (HOTPATH_LIMIT=0);
#   4. compares the two sets of reports with compare.py, and the warnings of each
#      instrumented build with those of its uninstrumented one with warnings.py.
# Both builds use one copy of the hotpath installation, taken when the package's run
# starts ($WORK/PACKAGE/hotpath; its checksums are printed): a reinstallation while
# the builds run would otherwise mix versions of the headers, the library and the
# tools.
#
# Everything goes to $WORK/PACKAGE (WORK defaults to build/real_code_names in the
# repository): deb/ (apt-get source), plugin/ and rewrite/ (src/ the instrumented
# copy, build/, reports/*.json, *.log, workload.tsv: the exit status and seconds of
# each workload process; reports.N/, workload.N.log and workload.N.tsv for the
# runs after the first), original/ and baseline/ (the same but reports),
# timings.tsv, compare.txt and warnings-plugin.txt, warnings-rewrite.txt.
#
# Environment:
#   WORK             work directory (default: <repo>/build/real_code_names)
#   HOTPATH_PREFIX   hotpath installation (default: <repo>/build/install)
#   JOBS             parallel jobs for the builds and the rewriter (default: 2)
#   TIMEOUT          seconds allowed to one workload process (default: 300)
#   MEMORY_LIMIT     MiB of address space allowed to one workload process (default:
#                    8192; 0: no limit)
#   MODES            builds to make (default: "plugin rewrite"; "original rewrite"
#                    with CXXFLAGS="-Wall -Wextra" counts the warnings rewriting adds;
#                    "baseline plugin original rewrite" all four)
#   MIN_TOKENS       measure-all's minimum of tokens of a function body, for both
#                    tools (default: 0; "default": the tools' own default)
#   RUNS             times each build's workload is run (default: 1)
#   CXXFLAGS         more flags for every build's C++ compiles (default: none)
#   FILTER           a filter file (hotpath filter) that both instrumented builds
#                    leave out of measure-all (-fplugin-arg-hotpath-filter, --filter)
#   REUSE_BUILDS=1   keep a build that completed before (its stamp file .built) and
#                    only rerun its workload; by default both are made afresh
#   LINK_WITH        hotpath's optional libraries the instrumented builds link too,
#                    by the names of their pkg-config files without "hotpath-":
#                    "cpu" (CPU sampling), "alloc", "wait" (default: none)
#
# Failures of the tools are measurements too: a file the rewriter cannot rewrite, a
# file that does not compile or a target that does not link is logged (rewrite.log,
# build.log) and the run goes on with what was built; a workload process that fails
# is recorded in workload.tsv. The script stops only when it cannot run at all.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
WORK=${WORK:-$repo/build/real_code_names}
HOTPATH_PREFIX=${HOTPATH_PREFIX:-$repo/build/install}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-300}
MEMORY_LIMIT=${MEMORY_LIMIT:-8192}
MODES=${MODES:-plugin rewrite}
MIN_TOKENS=${MIN_TOKENS:-0}
FILTER=${FILTER:-}
RUNS=${RUNS:-1}
CXXFLAGS=${CXXFLAGS:-}
REUSE_BUILDS=${REUSE_BUILDS:-0}
LINK_WITH=${LINK_WITH:-}

die() { echo "run.sh: $*" >&2; exit 1; }
note() { echo "== $*" >&2; }

usage() {
  echo "usage: bench/real_code_names/run.sh PACKAGE [PACKAGE...]" >&2
  echo "packages: $(find "$here/packages" -name '*.sh' -printf '%f\n' | sed 's|\.sh$||' | sort | tr '\n' ' ')" >&2
  exit 2
}
[[ $# -ge 1 ]] || usage
for pkg in "$@"; do
  [[ $pkg =~ ^[a-z0-9][a-z0-9.+-]*$ && -f $here/packages/$pkg.sh ]] || {
    echo "run.sh: no support for package '$pkg' (no packages/$pkg.sh)" >&2
    usage
  }
done
for mode in $MODES; do
  [[ $mode == plugin || $mode == rewrite || $mode == original || $mode == baseline ]] ||
    die "MODES: unknown build '$mode' (plugin, rewrite, original, baseline)"
done
[[ $MIN_TOKENS =~ ^([0-9]+|default)$ ]] || die "MIN_TOKENS: a number or 'default', not '$MIN_TOKENS'"
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS: a number of runs (1 or more), not '$RUNS'"
[[ $MEMORY_LIMIT =~ ^[0-9]+$ ]] || die "MEMORY_LIMIT: MiB (0: no limit), not '$MEMORY_LIMIT'"
for library in $LINK_WITH; do
  [[ $library == cpu || $library == alloc || $library == wait ]] ||
    die "LINK_WITH: unknown library '$library' (cpu, alloc, wait)"
done

[[ -x $HOTPATH_PREFIX/bin/clang-hotpath-rewrite && -f $HOTPATH_PREFIX/lib/pkgconfig/hotpath.pc ]] ||
  die "no hotpath installation with the rewriter in $HOTPATH_PREFIX (install hotpath, or set HOTPATH_PREFIX)"
HOTPATH_PREFIX=$(cd "$HOTPATH_PREFIX" && pwd -P)
command -v python3 > /dev/null || die "python3 is needed (compile_commands.json, compare.py)"

# Instrumented programs run during a build (code generators, try_run) must not
# print a report into their output.
export HOTPATH_OUTPUT_FORMAT=none
unset HOTPATH_OUTPUT_PATH

# -------------------------------------------------------------- hotpath --------

# The files of directory $1 with their checksums, relative paths, sorted.
checksums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }

# snapshot_hotpath DIR: copies the installation to DIR, so that a reinstallation
# while the builds run (the plugin, the rewriter, the headers and the library must
# be of one version) changes nothing. Retries while the installation is changing.
snapshot_hotpath() {
  local dir=$1 attempt before
  for attempt in 1 2 3 4 5; do
    [[ $attempt == 1 ]] || sleep 10
    rm -rf "$dir.tmp"
    before=$(checksums "$HOTPATH_PREFIX")
    cp -a "$HOTPATH_PREFIX/." "$dir.tmp/"
    if [[ $before == "$(checksums "$HOTPATH_PREFIX")" && $before == "$(checksums "$dir.tmp")" ]]; then
      echo "$before" > "$dir.tmp/.checksums"
      # The .pc files name their prefix; the copy's rpath, includes and plugin are its own.
      sed -i "s|$HOTPATH_PREFIX|$dir|g" "$dir.tmp"/lib/pkgconfig/*.pc
      rm -rf "$dir"
      mv "$dir.tmp" "$dir"
      return 0
    fi
    echo "   $HOTPATH_PREFIX changed while it was copied; again in 10 s" >&2
  done
  die "$HOTPATH_PREFIX kept changing while it was copied"
}

# use_hotpath DIR: the tools and flags of the installation in DIR.
use_hotpath() {
  local prefix=$1
  export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
  REWRITER=$prefix/bin/clang-hotpath-rewrite
  pkg-config --exists hotpath || die "pkg-config finds no hotpath.pc in $prefix/lib/pkgconfig"
  CLANGXX=$(pkg-config --variable=clangxx hotpath)
  CLANGCC=${CLANGXX%++}
  [[ -x $CLANGXX && -x $CLANGCC ]] || die "no $CLANGXX or $CLANGCC (the plugin's Clang)"
  PLUGIN_CFLAGS=$(pkg-config --cflags hotpath)
  HOTPATH_INCLUDE=$prefix/include
  HOTPATH_LINK_LDFLAGS="-L$prefix/lib -Wl,-rpath,$prefix/lib"
  HOTPATH_LINK_LIBS="-lhotpath -pthread"
  # hotpath-cpu and hotpath-alloc replace pthread_create, malloc and the like: their
  # libraries come before the others, as their .pc files say.
  local library
  for library in $LINK_WITH; do
    pkg-config --exists "hotpath-$library" || die "pkg-config finds no hotpath-$library.pc in $prefix/lib/pkgconfig"
    HOTPATH_LINK_LIBS="$(pkg-config --libs-only-other --libs-only-l "hotpath-$library") $HOTPATH_LINK_LIBS"
  done
}

# ---------------------------------------------------------------- apt ----------

apt_quiet() { DEBIAN_FRONTEND=noninteractive apt-get -q "$@"; }

# Installs the Debian packages given that are not installed yet.
ensure_installed() {
  local missing=() p
  for p in "$@"; do
    [[ $(dpkg-query -W -f='${db:Status-Status}' "$p" 2> /dev/null || true) == installed ]] ||
      missing+=("$p")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  note "installing ${missing[*]}"
  apt_quiet install -y --no-install-recommends "${missing[@]}"
}

# Adds the deb-src entries when apt has none, and reads the source indexes when it
# cannot find the packages' sources yet.
ensure_deb_src() {
  local list=/etc/apt/sources.list.d/hotpath-deb-src.sources update=0 pkg
  shopt -s nullglob
  local lists=(/etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources)
  shopt -u nullglob
  if ! grep -qsE '^[[:space:]]*(deb-src[[:space:]]|Types:.*[[:space:]]deb-src([[:space:]]|$))' "${lists[@]}"; then
    local base=/etc/apt/sources.list.d/debian.sources
    [[ -f $base ]] || die "no deb-src entry, and no $base to copy one from"
    note "adding $list (deb-src entries of $base)"
    sed 's/^Types:.*$/Types: deb-src/' "$base" > "$list.tmp"
    mv "$list.tmp" "$list"
    update=1
  fi
  for pkg in "$@"; do
    apt-cache showsrc --only-source "$pkg" 2> /dev/null | grep -q '^Package:' || update=1
  done
  if [[ $update == 1 ]]; then
    note "apt-get update"
    apt_quiet update
  fi
  for pkg in "$@"; do
    apt-cache showsrc --only-source "$pkg" 2> /dev/null | grep -q '^Package:' ||
      die "apt knows no source package '$pkg'"
  done
}

# Unpacks the source package under $1 once; prints the unpacked directory.
fetch_source() {
  local pkg=$1 dir=$2 src
  mkdir -p "$dir"
  if [[ -f $dir/.unpacked ]]; then
    src=$(< "$dir/.unpacked")
    [[ -d $dir/$src ]] && { echo "$dir/$src"; return; }
  fi
  note "$pkg: apt-get source"
  rm -rf "${dir:?}"/*
  # As root, apt downloads unsandboxed into a directory _apt cannot write: harmless.
  (cd "$dir" && apt_quiet source "$pkg" 2>&1 | grep -v 'Download is performed unsandboxed' >&2)
  src=$(find "$dir" -mindepth 1 -maxdepth 1 -type d -printf '%f\n')
  [[ -n $src && $(wc -l <<< "$src") == 1 ]] || die "$pkg: apt-get source unpacked '$src' in $dir"
  echo "$src" > "$dir/.unpacked"
  echo "$dir/$src"
}

# ------------------------------------------------------------- helpers ---------

# A POSIX extended regular expression matching the text $1 literally.
# shellcheck disable=SC2001  # one sed is clearer than a parameter expansion per character
ere_escape() { sed 's/[][\.*^$+?(){}|]/\\&/g' <<< "$1"; }

# Set by build_mode for the package functions: the compilers and flags of the
# current build (HOTPATH_LDFLAGS and HOTPATH_LIBS are empty in an uninstrumented
# one), and what its workload needs (HP_REPORTS is empty when it writes no report).
HP_MODE='' HP_CC='' HP_CXX='' HP_CXXFLAGS='' HP_CFLAGS='' HP_REPORTS='' HP_WORKLOAD_LOG='' HP_WORKLOAD_TSV=''
HP_DIR='' HP_TREE='' HP_REGEX=''
HOTPATH_LDFLAGS='' HOTPATH_LIBS=''

# cmake_configure SRC BUILD [cmake args...]: configures SRC in BUILD with Ninja,
# the compilers and flags of the current build, and compile_commands.json.
cmake_configure() {
  local src=$1 build=$2
  shift 2
  cmake -S "$src" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_C_COMPILER="$HP_CC" -DCMAKE_CXX_COMPILER="$HP_CXX" \
    -DCMAKE_C_FLAGS="$HP_CFLAGS" -DCMAKE_CXX_FLAGS="$HP_CXXFLAGS" \
    -DCMAKE_EXE_LINKER_FLAGS="$HOTPATH_LDFLAGS" -DCMAKE_SHARED_LINKER_FLAGS="$HOTPATH_LDFLAGS" \
    -DCMAKE_MODULE_LINKER_FLAGS="$HOTPATH_LDFLAGS" \
    -DCMAKE_CXX_STANDARD_LIBRARIES="$HOTPATH_LIBS" -DCMAKE_C_STANDARD_LIBRARIES="$HOTPATH_LIBS" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@"
}

# cmake_build BUILD: builds everything it can (-k 0: a failing file does not stop
# the others); fails when something failed.
cmake_build() { cmake --build "$1" -j "$JOBS" -- -k 0; }

# measure LABEL COMMAND...: runs one workload process; its report goes to
# reports/LABEL.json. HOTPATH_OUTPUT_PATH has no %p: a process the command starts
# itself (a death test's child) writes to the same file, and the last to exit wins,
# normally the command itself.
measure() {
  local label=$1 status=0 start end
  shift
  start=$(date +%s%N)
  echo "--- $label: $*" >> "$HP_WORKLOAD_LOG"
  (
    # A process that runs away must fail by itself, not make the kernel kill
    # whatever is largest on a shared machine.
    [[ $MEMORY_LIMIT == 0 ]] || ulimit -v $((MEMORY_LIMIT * 1024))
    HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH="${HP_REPORTS:-/dev/null}/$label.json" HOTPATH_LIMIT=0 \
      exec timeout --kill-after=10 "$TIMEOUT" "$@"
  ) >> "$HP_WORKLOAD_LOG" 2>&1 < /dev/null || status=$?
  end=$(date +%s%N)
  # Milliseconds: the whole workload of a small package takes about a second.
  printf '%s\t%s\t%d.%03d\n' "$label" "$status" $(((end - start) / 1000000000)) \
    $(((end - start) / 1000000 % 1000)) >> "$HP_WORKLOAD_TSV"
  if [[ $status != 0 ]]; then
    echo "   $HP_MODE: $label exited with status $status$([[ $status == 124 ]] && echo ' (timeout)')" >&2
  fi
  [[ -z $HP_REPORTS || -f $HP_REPORTS/$label.json ]] || echo "   $HP_MODE: $label wrote no report" >&2
  return 0
}

# The C++ sources of compile_commands.json $1 inside directory $2, once each.
cxx_sources_in() {
  python3 - "$1" "$2" << 'EOF'
import json, os, sys
commands, root = sys.argv[1], os.path.realpath(sys.argv[2])
seen = []
for entry in json.load(open(commands)):
    path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
    if os.path.splitext(path)[1] not in (".cc", ".cpp", ".cxx", ".c++", ".C"):
        continue
    if not os.path.realpath(path).startswith(root + os.sep) or path in seen:
        continue
    seen.append(path)
print("\n".join(seen))
EOF
}

timed() {  # timed NAME COMMAND...: runs the command, appends its seconds to timings.tsv
  local name=$1 start status=0
  shift
  start=$(date +%s)
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - start))" "$status" >> "$PKGDIR/timings.tsv"
  return "$status"
}

# ------------------------------------------------------------ the builds -------

# select_mode MODE: the copy, compilers and flags of build MODE, for build_mode,
# run_workload and the package's functions.
select_mode() {
  local mode=$1
  HP_MODE=$mode HP_DIR=$PKGDIR/$mode HP_TREE=$PKGDIR/$mode/src
  HP_REGEX="^$(ere_escape "$HP_TREE")/"
  [[ $HP_TREE != *"'"* ]] || die "the work directory's path must not contain a quote: $HP_TREE"
  HOTPATH_LDFLAGS=$HOTPATH_LINK_LDFLAGS HOTPATH_LIBS=$HOTPATH_LINK_LIBS
  HP_CFLAGS="-O2"
  if [[ $mode == plugin ]]; then
    HP_CC=$CLANGCC HP_CXX=$CLANGXX
    HP_CXXFLAGS="-O2 $PLUGIN_CFLAGS '-fplugin-arg-hotpath-measure-all-files=$HP_REGEX'"
    [[ $MIN_TOKENS == default ]] || HP_CXXFLAGS+=" -fplugin-arg-hotpath-min-tokens=$MIN_TOKENS"
    [[ -z $FILTER ]] || HP_CXXFLAGS+=" '-fplugin-arg-hotpath-filter=$FILTER'"
    HP_CXXFLAGS+=" $CXXFLAGS"
  elif [[ $mode == rewrite ]]; then
    HP_CC=gcc HP_CXX=g++ HP_CXXFLAGS="-O2 -I$HOTPATH_INCLUDE $CXXFLAGS"
  else
    HP_CXXFLAGS="-O2 $CXXFLAGS" HOTPATH_LDFLAGS='' HOTPATH_LIBS=''
    if [[ $mode == original ]]; then HP_CC=gcc HP_CXX=g++; else HP_CC=$CLANGCC HP_CXX=$CLANGXX; fi
  fi
}

# build_mode MODE PRISTINE: makes $PKGDIR/MODE/src from the unpacked sources and
# builds it (instrumented unless MODE is original or baseline).
build_mode() {
  local mode=$1 pristine=$2 status
  select_mode "$mode"
  if [[ $REUSE_BUILDS == 1 && -f $HP_DIR/.built ]]; then
    note "$PKG/$mode: reusing the build in $HP_DIR/build"
    return 0
  fi
  rm -rf "$HP_DIR"
  mkdir -p "$HP_DIR"
  cp -a "$pristine" "$HP_TREE"
  note "$PKG/$mode: configuring"
  timed "$mode-configure" pkg_configure "$HP_TREE" "$HP_DIR/build" > "$HP_DIR/configure.log" 2>&1 ||
    die "$PKG/$mode: configuring failed, see $HP_DIR/configure.log"
  if [[ $mode == rewrite ]]; then
    local sources options=()
    mapfile -t sources < <(cxx_sources_in "$HP_DIR/build/compile_commands.json" "$HP_TREE")
    [[ ${#sources[@]} -gt 0 ]] || die "$PKG/rewrite: no C++ source of $HP_TREE in compile_commands.json"
    note "$PKG/rewrite: rewriting ${#sources[@]} sources in place (and the headers under $HP_TREE)"
    [[ $MIN_TOKENS == default ]] || options=("--min-tokens=$MIN_TOKENS")
    [[ -z $FILTER ]] || options+=("--filter=$FILTER")
    status=0
    timed rewrite "$REWRITER" -p "$HP_DIR/build" --in-place -j "$JOBS" \
      "--measure-all=$HP_REGEX" "${options[@]}" "--header-filter=$HP_REGEX" "${sources[@]}" \
      > "$HP_DIR/rewrite.log" 2>&1 || status=$?
    echo "   $(tail -n 1 "$HP_DIR/rewrite.log")" >&2
    [[ $status == 0 ]] || echo "   $PKG/rewrite: the rewriter failed (status $status), see $HP_DIR/rewrite.log" >&2
  fi
  note "$PKG/$mode: building"
  status=0
  timed "$mode-build" pkg_build "$HP_DIR/build" > "$HP_DIR/build.log" 2>&1 || status=$?
  if [[ $status != 0 ]]; then
    echo "   $PKG/$mode: the build failed (status $status); going on with what was built." >&2
    grep -E '^FAILED: |error:' "$HP_DIR/build.log" | head -n 20 | sed 's/^/     /' >&2
  fi
  touch "$HP_DIR/.built"
}

# run_workload MODE RUN: runs the workload in build MODE; the first run writes
# reports/, workload.log and workload.tsv, run N reports.N/, workload.N.log and
# workload.N.tsv. The builds of original and baseline write no report.
run_workload() {
  local mode=$1 run=$2 suffix=''
  [[ $run == 1 ]] || suffix=.$run
  select_mode "$mode"
  HP_REPORTS=$HP_DIR/reports$suffix HP_WORKLOAD_LOG=$HP_DIR/workload$suffix.log
  HP_WORKLOAD_TSV=$HP_DIR/workload$suffix.tsv
  # The first run also removes what more runs of an earlier invocation left.
  if [[ $run == 1 ]]; then rm -rf "$HP_DIR"/reports* "$HP_DIR"/workload*; fi
  if [[ $mode == original || $mode == baseline ]]; then HP_REPORTS=''; else mkdir -p "$HP_REPORTS"; fi
  note "$PKG/$mode: running the workload${suffix:+ (run $run of $RUNS)}"
  timed "$mode-workload$suffix" pkg_workload "$HP_DIR/build" "$HP_TREE"
  [[ -z $HP_REPORTS ]] || echo "   $(find "$HP_REPORTS" -name '*.json' | wc -l) reports in $HP_REPORTS" >&2
}

run_package() {
  PKG=$1
  PKGDIR=$WORK/$PKG
  # The package's file defines PKG_DEPS, pkg_configure SRC BUILD and
  # pkg_workload BUILD SRC, and may redefine pkg_build BUILD.
  PKG_DEPS=()
  # shellcheck disable=SC2317  # called by build_mode unless the package redefines it
  pkg_build() { cmake_build "$1"; }
  # shellcheck source=/dev/null
  source "$here/packages/$PKG.sh"
  ensure_installed dpkg-dev cmake ninja-build "${PKG_DEPS[@]}"
  mkdir -p "$PKGDIR"
  # A rerun on reused builds keeps the timings of their steps.
  if [[ $REUSE_BUILDS == 1 && -f $PKGDIR/timings.tsv ]]; then
    grep -vE $'^([a-z]+-workload(\\.[0-9]+)?|total)\t' "$PKGDIR/timings.tsv" > "$PKGDIR/timings.tsv.tmp" || true
    mv "$PKGDIR/timings.tsv.tmp" "$PKGDIR/timings.tsv"
  else
    : > "$PKGDIR/timings.tsv"
  fi
  local pristine mode run start=$SECONDS
  pristine=$(fetch_source "$PKG" "$PKGDIR/deb")
  if [[ $REUSE_BUILDS == 1 && -f $PKGDIR/hotpath/.checksums ]]; then
    note "$PKG: reusing the copy of hotpath in $PKGDIR/hotpath"
  else
    note "$PKG: copying $HOTPATH_PREFIX to $PKGDIR/hotpath"
    snapshot_hotpath "$PKGDIR/hotpath"
  fi
  use_hotpath "$PKGDIR/hotpath"
  echo "hotpath (sha256): $(grep -E ' \./(bin/clang-hotpath-rewrite|lib/hotpath/hotpath\.so|lib/libhotpath\.so\.[0-9.]*)$' \
    "$PKGDIR/hotpath/.checksums" | sed 's|^\(.\{12\}\)[0-9a-f]* *\./|\1 |' | tr '\n' ' ')"
  note "$PKG: sources in $pristine"
  for mode in $MODES; do build_mode "$mode" "$pristine"; done
  # The builds' workloads take turns, run after run, so that a change of the
  # machine's load falls on all of them alike.
  for ((run = 1; run <= RUNS; run++)); do
    for mode in $MODES; do run_workload "$mode" "$run"; done
  done
  printf 'total\t%s\t0\n' "$((SECONDS - start))" >> "$PKGDIR/timings.tsv"
  if [[ " $MODES " == *" plugin "* && " $MODES " == *" rewrite "* ]]; then
    python3 "$here/compare.py" --labels plugin,rewrite \
      --root "$PKGDIR/plugin/src" --root "$PKGDIR/rewrite/src" \
      "$PKGDIR/plugin/reports" "$PKGDIR/rewrite/reports" > "$PKGDIR/compare.txt" ||
      echo "run.sh: $PKG: no comparison (compare.py failed)" >&2
    cat "$PKGDIR/compare.txt"
  fi
  local pair
  for pair in baseline,plugin original,rewrite; do
    if [[ " $MODES " == *" ${pair%,*} "* && " $MODES " == *" ${pair#*,} "* ]]; then
      echo "warnings (${pair%,*} and ${pair#*,}${CXXFLAGS:+, $CXXFLAGS}; compile lines of the build logs):"
      python3 "$here/warnings.py" --labels "$pair" \
        "$PKGDIR/${pair%,*}/build.log" "$PKGDIR/${pair#*,}/build.log" | tee "$PKGDIR/warnings-${pair#*,}.txt"
    fi
  done
  echo "timings (seconds; step, seconds, status):"
  sed 's/^/  /' "$PKGDIR/timings.tsv"
}

ensure_installed apt dpkg-dev
ensure_deb_src "$@"
for pkg in "$@"; do
  echo "################ $pkg"
  (run_package "$pkg")
done
