#!/usr/bin/env bash
# hotpath's coroutine support on real code: the C++20 coroutine examples of
# standalone Asio, from Debian's source package asio, measured as a user would.
#
#   bench/asio_coroutines/run.sh
#
#   1. makes sure apt knows deb-src entries (adds /etc/apt/sources.list.d/
#      hotpath-deb-src.sources, a copy of debian.sources with "Types: deb-src", and
#      runs apt-get update), installs libasio-dev (the headers the examples build
#      against), and runs `apt-get source asio` in $WORK/deb. When the archive has
#      no source files for asio (a mirror serving only binaries), the examples are
#      taken from libasio-doc instead (`apt-get download`): built from the same
#      source package, it ships the same example files;
#   2. builds each example of EXAMPLES (src/examples/cpp17/coroutines_ts in Asio
#      1.22: C++20 coroutines, asio::awaitable) with the plugin's clang++, measuring
#      every function of the example's own file and none of Asio's headers
#      (measure-all-root=<examples directory>, measure-all-files=^<example>[.]cpp$,
#      min-tokens=0), with -Wall -Wextra, and once without the plugin: the warnings
#      of both are compared;
#   3. starts each server (with HOTPATH_OUTPUT_FORMAT=json, HOTPATH_LIMIT=0 and
#      HOTPATH_TRACE), drives it with a client on 127.0.0.1 (echo_client.py,
#      chat_client.py), stops it with SIGINT (the examples stop their io_context on
#      SIGINT and SIGTERM and return from main, when the report is written), prints
#      the report with `hotpath report` and checks its counts against the load with
#      check.py;
#   4. does the same with g++ on clang-hotpath-rewrite's copy of REWRITE_EXAMPLES,
#      whose coroutines are measured over their logical life only (docs/rewriter.md).
#
# Asio 1.22 finds Clang's C++20 coroutines only under the Coroutines TS's macro, which
# Clang 19 no longer defines: every Clang compile (and the rewriter's parse) gets
# -DASIO_HAS_CO_AWAIT=1, which g++ finds by itself. Without it the examples do not
# compile with Clang, plugin or not.
#
# Everything goes to $WORK (default: build/asio_coroutines in the repository):
# deb/ (the sources), EXAMPLE/plugin/ and EXAMPLE/rewrite/ (the program, build.log,
# baseline.log, server.log, client.log, report.json, trace.json, report.txt: what
# `hotpath report` printed, check.txt). Asio's code stays there: nothing of it is
# part of the repository.
#
# Environment:
#   WORK              work directory (default: <repo>/build/asio_coroutines)
#   HOTPATH_PREFIX    hotpath installation (default: <repo>/build/install)
#   EXAMPLES          plugin builds (default: "echo_server refactored_echo_server
#                     chat_server")
#   REWRITE_EXAMPLES  g++ builds through the rewriter (default: refactored_echo_server)
#   CONNECTIONS, REQUESTS, MESSAGE_BYTES   the echo servers' load (default 10, 50, 64;
#                     MESSAGE_BYTES at most 128, refactored_echo_server's buffer)
#   PARTICIPANTS, MESSAGES                 chat_server's load (default 5, 40)
#   CHAT_PORT         chat_server's port (default 55556; the echo servers listen on
#                     55555, fixed in their code)
#   STOP_SECONDS      how long a server may take to stop after SIGINT (default 10)
#
# The exit status is 0 when every build compiled, every server stopped and wrote its
# report, and every count matched; 1 otherwise.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
WORK=${WORK:-$repo/build/asio_coroutines}
HOTPATH_PREFIX=${HOTPATH_PREFIX:-$repo/build/install}
EXAMPLES=${EXAMPLES:-echo_server refactored_echo_server chat_server}
REWRITE_EXAMPLES=${REWRITE_EXAMPLES-refactored_echo_server}
CONNECTIONS=${CONNECTIONS:-10}
REQUESTS=${REQUESTS:-50}
MESSAGE_BYTES=${MESSAGE_BYTES:-64}
PARTICIPANTS=${PARTICIPANTS:-5}
MESSAGES=${MESSAGES:-40}
CHAT_PORT=${CHAT_PORT:-55556}
STOP_SECONDS=${STOP_SECONDS:-10}
ECHO_PORT=55555

die() { echo "run.sh: $*" >&2; exit 1; }
note() { echo "== $*" >&2; }

for number in CONNECTIONS REQUESTS MESSAGE_BYTES PARTICIPANTS MESSAGES CHAT_PORT STOP_SECONDS; do
  [[ ${!number} =~ ^[1-9][0-9]*$ ]] || die "$number: a positive number, not '${!number}'"
done
((MESSAGE_BYTES <= 128)) || die "MESSAGE_BYTES: at most 128 (one read of refactored_echo_server's buffer)"
for example in $EXAMPLES $REWRITE_EXAMPLES; do
  [[ $example =~ ^(echo_server|refactored_echo_server|chat_server)$ ]] ||
    die "no load for example '$example' (echo_server, refactored_echo_server, chat_server)"
done

[[ -x $HOTPATH_PREFIX/bin/clang-hotpath-rewrite && -f $HOTPATH_PREFIX/lib/pkgconfig/hotpath.pc ]] ||
  die "no hotpath installation with the rewriter in $HOTPATH_PREFIX (install hotpath, or set HOTPATH_PREFIX)"
HOTPATH_PREFIX=$(cd "$HOTPATH_PREFIX" && pwd -P)
export PKG_CONFIG_PATH=$HOTPATH_PREFIX/lib/pkgconfig
CLANGXX=$(pkg-config --variable=clangxx hotpath)
PLUGIN_CFLAGS=$(pkg-config --cflags hotpath)
HOTPATH_LIBS=$(pkg-config --libs hotpath)
HOTPATH=$HOTPATH_PREFIX/bin/hotpath
REWRITER=$HOTPATH_PREFIX/bin/clang-hotpath-rewrite
[[ -x $CLANGXX ]] || die "no $CLANGXX (the plugin's Clang)"
CLANG_FLAGS=(-std=c++20 -DASIO_HAS_CO_AWAIT=1 -O2 -g -Wall -Wextra -pthread)

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
# cannot find the package's sources yet.
ensure_deb_src() {
  local pkg=$1 list=/etc/apt/sources.list.d/hotpath-deb-src.sources update=0
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
  apt-cache showsrc --only-source "$pkg" 2> /dev/null | grep -q '^Package:' || update=1
  if [[ $update == 1 ]]; then
    note "apt-get update"
    apt_quiet update
  fi
  apt-cache showsrc --only-source "$pkg" 2> /dev/null | grep -q '^Package:' ||
    die "apt knows no source package '$pkg'"
}

# Unpacks asio's examples under $1 once: the source package, or libasio-doc's copy
# when the archive has no source files. Prints the directory of the coroutine examples.
fetch_examples() {
  local dir=$1 examples
  if [[ -f $dir/.examples && -f $(< "$dir/.examples")/echo_server.cpp ]]; then
    cat "$dir/.examples"
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir/source"
  note "asio: apt-get source"
  # As root, apt downloads unsandboxed into a directory _apt cannot write: harmless.
  if ! (cd "$dir/source" && apt_quiet source asio 2>&1 | grep -v 'Download is performed unsandboxed' >&2); then
    note "asio: the archive has no source files for asio; taking the examples from libasio-doc"
    mkdir -p "$dir/doc"
    (cd "$dir/doc" && apt_quiet download libasio-doc 2>&1 | grep -v 'Download is performed unsandboxed' >&2) ||
      die "neither apt-get source asio nor apt-get download libasio-doc worked"
    dpkg-deb --fsys-tarfile "$dir"/doc/libasio-doc_*.deb |
      tar -x -C "$dir/doc" --wildcards '*/examples/cpp17/coroutines_ts/*' '*/examples/cpp20/*' 2> /dev/null || true
  fi
  # Asio 1.22 keeps its C++20 coroutine examples in cpp17/coroutines_ts; later
  # versions in cpp20/coroutines.
  examples=$(find "$dir" -path '*examples/*coroutines*/echo_server.cpp' -printf '%h\n' | sort | head -n 1)
  [[ -n $examples && -f $examples/chat_server.cpp && -f $examples/refactored_echo_server.cpp ]] ||
    die "no coroutine examples (echo_server.cpp, chat_server.cpp) in what was fetched under $dir"
  echo "$examples" > "$dir/.examples"
  echo "$examples"
}

# ------------------------------------------------------------- servers ---------

# Fails when something listens on TCP port $1 of 127.0.0.1 already.
port_free() {
  python3 -c 'import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)' "$1"
}

# Waits until process $1 listens on port $2 (no connection is made: it would count).
wait_listening() {
  local pid=$1 port=$2 attempt
  for attempt in $(seq 100); do
    ((attempt == 1)) || sleep 0.1
    kill -0 "$pid" 2> /dev/null || return 1
    ss -Hltn "sport = :$port" | grep -q . && return 0
  done
  return 1
}

# drive EXAMPLE DIR: starts DIR/EXAMPLE, runs its client, stops it with SIGINT;
# fails when the client fails, or the server crashes, hangs or writes no report.
drive() {
  local example=$1 dir=$2 port=$ECHO_PORT pid status=0 client=(python3 -B "$here/echo_client.py")
  local server=("$dir/$example")
  if [[ $example == chat_server ]]; then
    port=$CHAT_PORT
    server+=("$port")
    client=(python3 -B "$here/chat_client.py" "$port" "$PARTICIPANTS" "$MESSAGES")
  else
    client+=("$port" "$CONNECTIONS" "$REQUESTS" "$MESSAGE_BYTES")
  fi
  port_free "$port" || { echo "   port $port of 127.0.0.1 is taken: $example not run" >&2; return 1; }
  rm -f "$dir/report.json" "$dir/trace.json"
  HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=$dir/report.json HOTPATH_LIMIT=0 \
    HOTPATH_TRACE=$dir/trace.json "${server[@]}" > "$dir/server.log" 2>&1 < /dev/null &
  pid=$!
  if ! wait_listening "$pid" "$port"; then
    echo "   $example did not listen on port $port, see $dir/server.log" >&2
    kill -KILL "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
    return 1
  fi
  timeout 120 "${client[@]}" > "$dir/client.log" 2>&1 || status=$?
  sed 's/^/   /' "$dir/client.log" >&2
  kill -INT "$pid"
  local waited=0
  while kill -0 "$pid" 2> /dev/null && ((waited < STOP_SECONDS * 10)); do
    sleep 0.1
    waited=$((waited + 1))
  done
  if kill -0 "$pid" 2> /dev/null; then
    echo "   $example did not stop within $STOP_SECONDS s of SIGINT: killed" >&2
    kill -KILL "$pid"
    status=1
  fi
  local exit_status=0
  wait "$pid" || exit_status=$?
  [[ $exit_status == 0 ]] || { echo "   $example exited with status $exit_status" >&2; status=1; }
  [[ -s $dir/report.json ]] || { echo "   $example wrote no report" >&2; status=1; }
  return "$status"
}

# load_arguments EXAMPLE: check.py's arguments for the load drive gave EXAMPLE.
load_arguments() {
  if [[ $1 == chat_server ]]; then
    echo "--participants $PARTICIPANTS --messages $MESSAGES"
  else
    echo "--connections $CONNECTIONS --requests $REQUESTS"
  fi
}

# Warnings (by text) of a compile log, sorted: the plugin build must add none.
warnings_of() { grep -E 'warning:' "$1" | sed 's/^[^ ]*: warning: //' | sort || true; }

# report_and_check EXAMPLE BUILD DIR: prints the report, then check.py's verdict.
report_and_check() {
  local example=$1 build=$2 dir=$3 status=0
  "$HOTPATH" report --limit 0 "$dir/report.json" > "$dir/report.txt" 2>&1 || status=1
  echo "################ $example ($build): hotpath report $dir/report.json"
  cat "$dir/report.txt"
  # shellcheck disable=SC2046  # the load's arguments are words
  python3 -B "$here/check.py" "$example" "$build" "$dir/report.json" "$dir/trace.json" \
    $(load_arguments "$example") > "$dir/check.txt" 2>&1 || status=1
  cat "$dir/check.txt"
  return "$status"
}

# -------------------------------------------------------------- main -----------

ensure_installed libasio-dev dpkg-dev iproute2 python3 g++
ensure_deb_src asio
examples=$(fetch_examples "$WORK/deb")
note "examples: $examples (libasio-dev $(dpkg-query -W -f='${Version}' libasio-dev))"
failures=0

for example in $EXAMPLES; do
  dir=$WORK/$example/plugin
  rm -rf "$dir"
  mkdir -p "$dir"
  note "$example: clang++ with the plugin"
  source=$examples/$example.cpp
  # shellcheck disable=SC2086  # the flags of pkg-config are words
  if ! "$CLANGXX" "${CLANG_FLAGS[@]}" $PLUGIN_CFLAGS "-fplugin-arg-hotpath-measure-all-root=$examples" \
    "-fplugin-arg-hotpath-measure-all-files=^${example}[.]cpp$" -fplugin-arg-hotpath-min-tokens=0 \
    -fplugin-arg-hotpath-verbose "$source" -o "$dir/$example" $HOTPATH_LIBS > "$dir/build.log" 2>&1; then
    echo "   $example does not compile with the plugin, see $dir/build.log" >&2
    failures=$((failures + 1))
    continue
  fi
  "$CLANGXX" "${CLANG_FLAGS[@]}" -fsyntax-only "$source" > "$dir/baseline.log" 2>&1 ||
    echo "   $example does not compile without the plugin either, see $dir/baseline.log" >&2
  echo "   measured: $(grep -c 'remark: hotpath: measuring' "$dir/build.log") functions" >&2
  added=$(comm -13 <(warnings_of "$dir/baseline.log") <(warnings_of "$dir/build.log"))
  if [[ -n $added ]]; then
    echo "   warnings the plugin build adds:" >&2
    while read -r warning; do echo "     $warning" >&2; done <<< "$added"
    failures=$((failures + 1))
  fi
  drive "$example" "$dir" || failures=$((failures + 1))
  [[ -s $dir/report.json ]] && { report_and_check "$example" plugin "$dir" || failures=$((failures + 1)); }
done

for example in $REWRITE_EXAMPLES; do
  dir=$WORK/$example/rewrite
  rm -rf "$dir"
  mkdir -p "$dir"
  note "$example: g++ on clang-hotpath-rewrite's copy"
  if ! "$REWRITER" "--output-dir=$dir/src" "--measure-all-root=$examples" "--measure-all=^${example}[.]cpp$" \
    --min-tokens=0 "$examples/$example.cpp" -- -std=c++20 -DASIO_HAS_CO_AWAIT=1 -O2 > "$dir/build.log" 2>&1 ||
    ! g++ -std=c++20 -O2 -g -Wall -Wextra -pthread "-I$HOTPATH_PREFIX/include" "$dir/src/$example.cpp" \
      -o "$dir/$example" "-L$HOTPATH_PREFIX/lib" "-Wl,-rpath,$HOTPATH_PREFIX/lib" -lhotpath >> "$dir/build.log" 2>&1; then
    echo "   $example: rewriting or g++ failed, see $dir/build.log" >&2
    failures=$((failures + 1))
    continue
  fi
  echo "   $(grep 'clang-hotpath-rewrite:' "$dir/build.log" | tail -n 1)" >&2
  drive "$example" "$dir" || failures=$((failures + 1))
  [[ -s $dir/report.json ]] && { report_and_check "$example" rewrite "$dir" || failures=$((failures + 1)); }
done

if ((failures > 0)); then
  echo "run.sh: $failures failed step(s); the logs are under $WORK" >&2
  exit 1
fi
echo "run.sh: every example built, ran, stopped and counted as its load implies"
