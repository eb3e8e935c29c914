#!/usr/bin/env bash
# Installs the Debian 12 packages hotpath needs to build and test, if any is missing.
# Checks with dpkg-query first: when everything is there it says so in one line and
# changes nothing. Otherwise it runs apt-get update and installs only the missing
# packages, as root or through sudo. Safe to run any number of times.
# HOTPATH_CLANG_VERSIONS="14;15;16;19" (or with spaces or commas) adds the Clang
# packages the plugin for those versions is built and tested with.
set -euo pipefail

packages=(
  g++
  cmake
  ninja-build
  make
  meson
  pkg-config
  python3
  llvm-19-dev
  libclang-19-dev
  clang-19
  llvm-19-tools
  libclang-rt-19-dev
  libfmt-dev
  robin-map-dev
  nlohmann-json3-dev
  libgtest-dev
  libgmock-dev
  libbenchmark-dev
  libunwind-dev
  libdw-dev
  chromium
  linux-perf
  python3-pil
  libcpp-httplib-dev
  prometheus
  libncurses-dev
  tmux
  libasio-dev
  zlib1g-dev
  golang-go
)

clang_versions=${HOTPATH_CLANG_VERSIONS:-}
for version in ${clang_versions//[;,]/ }; do
  case $version in
    14 | 15 | 16) packages+=("llvm-$version-dev" "libclang-$version-dev" "clang-$version") ;;
    19) ;;
    *)
      echo "install-deps: HOTPATH_CLANG_VERSIONS has '$version'; hotpath supports Clang 14, 15, 16 and 19" >&2
      exit 1
      ;;
  esac
done

is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'
}

if ! command -v dpkg-query > /dev/null 2>&1; then
  echo "install-deps: dpkg-query not found; this script supports Debian 12 (bookworm)." >&2
  echo "install-deps: install these packages by other means: ${packages[*]}" >&2
  exit 1
fi

missing=()
for package in "${packages[@]}"; do
  is_installed "$package" || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} required packages are installed."
  exit 0
fi

if ((EUID == 0)); then
  as_root=()
elif command -v sudo > /dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: not running as root and sudo is not available; as root, run:" >&2
  echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -q --no-install-recommends "${missing[@]}" < /dev/null

still_missing=()
for package in "${missing[@]}"; do
  is_installed "$package" || still_missing+=("$package")
done
if ((${#still_missing[@]} != 0)); then
  echo "install-deps: still missing after apt-get install: ${still_missing[*]}" >&2
  exit 1
fi
echo "install-deps: done."
