#!/usr/bin/env bash
# Installs the npm packages the tests read hotpath's files with, at the versions
# pinned here, into .npm-tools/ at the repository's root: speedscope (its web page
# opens HOTPATH_SPEEDSCOPE's files in headless Chromium) and the MCP TypeScript SDK
# (its client talks to the live server's /mcp and to `hotpath mcp`). Says so in one
# line and changes nothing when they are there. Needs node and npm (Debian: nodejs,
# npm), and the npm registry. Safe to run any number of times.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tools="$root/.npm-tools"
packages=(speedscope@1.25.0 @modelcontextprotocol/sdk@1.32.2)

installed_version() {
  local manifest="$tools/node_modules/$1/package.json"
  [[ -f $manifest ]] || return 0
  # The first "version" of a manifest is the package's own, at any indentation.
  sed -n '/^ *"version": *"/{s/^ *"version": *"\([^"]*\)".*$/\1/p;q;}' "$manifest"
}

missing=()
for package in "${packages[@]}"; do
  [[ $(installed_version "${package%@*}") == "${package##*@}" ]] || missing+=("$package")
done
if ((${#missing[@]} == 0)); then
  echo "install-npm-tools: ${packages[*]} installed in $tools."
  exit 0
fi

if ! command -v npm > /dev/null 2>&1; then
  if ((EUID != 0)); then
    echo "install-npm-tools: npm not found; as root, run: apt-get install -y nodejs npm" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nodejs npm < /dev/null
fi

echo "install-npm-tools: installing ${missing[*]} in $tools"
mkdir -p "$tools"
npm install --prefix "$tools" --no-audit --no-fund --save-exact "${missing[@]}" < /dev/null
for package in "${missing[@]}"; do
  if [[ $(installed_version "${package%@*}") != "${package##*@}" ]]; then
    echo "install-npm-tools: $package is still missing after npm install" >&2
    exit 1
  fi
done
echo "install-npm-tools: done."
