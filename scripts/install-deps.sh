#!/usr/bin/env bash
# Installs the Debian 12 packages the build needs, only those that are missing.
set -euo pipefail
# clang 14 builds CI's sanitizer run and the fuzzers: its OpenMP runtime (libomp), its
# sanitizer and libFuzzer runtimes (libclang-rt, only recommended by clang) and llvm-symbolizer
# (in llvm-14) for readable stack traces. chromium runs the HTML report's game viewer headless
# in its test (tests/cli/viewer.cmake). Open MPI (the library and mpirun) runs tournaments,
# studies and perft across ranks (distributed/, tests/mpi). mkdocs builds the manual as a site
# (scripts/docs.sh), which the tests build and check.
packages=(g++ make cmake pkg-config libtomlplusplus-dev libcli11-dev libgtest-dev libbenchmark-dev
          nlohmann-json3-dev libfmt-dev libboost-dev gnuplot-nox chromium libopenmpi-dev openmpi-bin
          clang-14 libclang-rt-14-dev libomp-14-dev llvm-14 mkdocs)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing missing packages: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
