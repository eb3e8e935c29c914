#!/usr/bin/env bash
# Runs every test of hotpath, in three builds:
#   build/       the full project (runtime, plugin, rewriter, examples): unit tests,
#                lit end-to-end tests, and the install/consumer test
#   build-asan/  runtime and unit tests under AddressSanitizer + UndefinedBehaviorSanitizer,
#                and the fuzzers (fuzz/), 10 seconds each
#   build-tsan/  runtime and unit tests under ThreadSanitizer
# Each build is configured once (Ninja) and reused. Every stage runs even when an
# earlier one fails; the last line sums the three ctest runs as `N passed, N failed`
# (a stage that could not build counts as one failure) and the exit status is
# non-zero if anything failed. Environment: JOBS (default: number of cores),
# HOTPATH_BUILD_TYPE (default Release) for a new build/, HOTPATH_CLANG_VERSIONS
# (the Clang versions to build and test the plugin for; default: those installed).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
jobs=${JOBS:-$(nproc 2> /dev/null || echo 2)}

passed=0
failed=0
status=0
summary=()

step() { printf '\n==> %s\n' "$*"; }

# configure DIR [CMAKE ARGS...]: a new build directory gets Ninja; an existing one
# keeps its generator and cache, and only the given options are (re)applied.
configure() {
  local dir=$1
  shift
  if [[ -f $dir/CMakeCache.txt ]]; then
    cmake -S . -B "$dir" "$@"
  else
    cmake -S . -B "$dir" -G Ninja "$@"
  fi
}

# run_ctest NAME DIR [WRAPPER...]: runs ctest in DIR and adds its counts.
run_ctest() {
  local name=$1 dir=$2
  shift 2
  local log=$dir/ctest.log
  local ok=true
  if ! "$@" ctest --test-dir "$dir" --output-on-failure --no-tests=error 2>&1 | tee "$log"; then
    ok=false
  fi
  # ctest ends with "100% tests passed, 0 tests failed out of 12" (or "92% ...").
  local line
  line=$(grep -E '[0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)
  if [[ $line =~ ([0-9]+)\ tests?\ failed\ out\ of\ ([0-9]+) ]]; then
    local stage_failed=${BASH_REMATCH[1]} stage_total=${BASH_REMATCH[2]}
    passed=$((passed + stage_total - stage_failed))
    failed=$((failed + stage_failed))
    summary+=("$name: $((stage_total - stage_failed)) passed, $stage_failed failed")
    if ((stage_failed != 0)); then ok=false; fi
  else
    failed=$((failed + 1))
    summary+=("$name: ctest reported no test results (see $log)")
    ok=false
  fi
  if [[ $ok != true ]]; then status=1; fi
}

# stage NAME DIR [CMAKE ARGS...]: configure, build, test one build directory.
stage() {
  local name=$1 dir=$2
  shift 2
  step "$name: configure $dir"
  if ! configure "$dir" "$@"; then
    failed=$((failed + 1)) status=1
    summary+=("$name: configure failed")
    return
  fi
  step "$name: build ($jobs jobs)"
  if ! cmake --build "$dir" -j "$jobs"; then
    failed=$((failed + 1)) status=1
    summary+=("$name: build failed")
    return
  fi
  step "$name: test"
  run_ctest "$name" "$dir" "${wrapper[@]}"
}

step "Checking Debian packages"
"$root/scripts/install-deps.sh"
step "Checking npm packages"
"$root/scripts/install-npm-tools.sh"

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-second_deadlock_stack=1}

wrapper=()
full_options=()
if [[ ! -f build/CMakeCache.txt ]]; then
  full_options+=(-DCMAKE_BUILD_TYPE="${HOTPATH_BUILD_TYPE:-Release}")
fi
# The plugin for other Clang versions too (their lit suite runs as lit-clang-N).
if [[ -n ${HOTPATH_CLANG_VERSIONS:-} ]]; then
  full_options+=(-DHOTPATH_CLANG_VERSIONS="${HOTPATH_CLANG_VERSIONS//[ ,]/;}")
fi
stage "full" build "${full_options[@]}"

# The sanitizer builds use Clang 19 (its compiler-rt comes with libclang-rt-19-dev):
# GCC 12's UBSan reports a null reference for a thread-local accessed inside a try
# block, which Clang's does not.
sanitizer_options=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOTPATH_RUNTIME_ONLY=ON
  -DHOTPATH_BUILD_BENCHMARKS=OFF -DCMAKE_CXX_COMPILER=/usr/lib/llvm-19/bin/clang++)
stage "asan+ubsan" build-asan "${sanitizer_options[@]}" -DHOTPATH_SANITIZE=address,undefined

# ThreadSanitizer's shadow memory layout does not fit address spaces randomized with
# more than 28 bits; run without ASLR there (the personality is inherited by the tests).
rnd_bits=$(cat /proc/sys/vm/mmap_rnd_bits 2> /dev/null || echo 0)
if ((rnd_bits > 28)) && command -v setarch > /dev/null 2>&1; then
  wrapper=(setarch "$(uname -m)" -R)
fi
stage "tsan" build-tsan "${sanitizer_options[@]}" -DHOTPATH_SANITIZE=thread
wrapper=()

step "Summary"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
exit "$status"
