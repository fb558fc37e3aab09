#!/usr/bin/env bash
# The main job on the bundled defaults: a Release build, then `jungle study`: perft counts and
# speed of every bundled variant (depths 1 to 6), self-play games measuring each variant's
# first-player advantage, and the report: Markdown here, report.html, summary.json and
# summary.csv in out/study/. About 1 to 2 minutes on two cores; rerunning resumes the games.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
# wrong_perftree too: the README's perft-diff recipe runs it against the program.
cmake --build build -j"$(nproc)" --target jungle wrong_perftree
./build/jungle study --out out/study
