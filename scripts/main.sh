#!/usr/bin/env bash
# The main job on the bundled defaults: a Release build, then perft counts and speed for
# every bundled variant from its start position, depths 1 to 6.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target jungle
./build/jungle perft-table --depth 6
