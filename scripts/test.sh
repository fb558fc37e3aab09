#!/usr/bin/env bash
# Builds everything in Release and runs the whole test suite, slow tests included. Says how long
# the build and the tests took (docs/testing.md keeps CI's times).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
TIMEFORMAT="Release build: %0R s (%0U s user, %0S s system)"
time cmake --build build -j"$(nproc)"
TIMEFORMAT="Tests: %0R s (%0U s user, %0S s system)"
time ctest --test-dir build --output-on-failure -j"$(nproc)"
