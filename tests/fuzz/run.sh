#!/usr/bin/env bash
# Fuzzes each harness for a while, starting from its seeds and regressions, and says what it found.
#   bash tests/fuzz/run.sh BUILD_DIR [SECONDS] [NAME...]
# BUILD_DIR is a JUNGLE_FUZZ=ON build; SECONDS per harness (default 15); NAMEs default to every
# harness. Inputs found worth keeping go to BUILD_DIR/fuzz/NAME/corpus, so a second run goes on
# from there; a finding goes to BUILD_DIR/fuzz/NAME/, and is printed with the fuzzer's report.
# Exits 1 if any harness found something.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: $0 BUILD_DIR [SECONDS] [NAME...]}
seconds=${2:-15}
shift $(($# < 2 ? $# : 2))
names=("$@")
if ((${#names[@]} == 0)); then
  for source in "$here"/*.cpp; do names+=("$(basename "$source" .cpp)"); done
fi

# One harness: its report goes to BUILD_DIR/fuzz/NAME/report; exits 1 on a finding.
fuzz_one() {
  local name=$1
  local fuzzer=$build/tests/fuzz/fuzz_$name
  local work=$build/fuzz/$name
  mkdir -p "$work/corpus"
  local inputs=("$work/corpus" "$here/$name/seeds")
  [[ -d $here/$name/regressions ]] && inputs+=("$here/$name/regressions")
  rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work"/slow-unit-*
  # -timeout: one input running 10 s is a hang; -rss_limit_mb: past 2 GB memory is a finding too.
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/" "${inputs[@]}" >"$work/log" 2>&1
  local status=$?
  local runs corpus
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
  corpus=$(find "$work/corpus" -type f | wc -l)
  if ((status == 0)); then
    echo "fuzz_$name: no finding in ${runs:-?} runs, ${seconds} s; corpus $corpus inputs" >"$work/report"
    return 0
  fi
  {
    echo "fuzz_$name: FINDING (exit $status) after ${runs:-?} runs; the fuzzer's report:"
    grep -v -E '^#[0-9]+|^INFO:|^\s*$' "$work/log" | tail -n 60 | sed 's/^/    /'
    for input in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
      [[ -e $input ]] || continue
      echo "  input $input ($(stat -c %s "$input") bytes), in hex:"
      od -An -tx1 -v "$input" | head -n 20 | sed 's/^/   /'
      echo "  replay: $fuzzer $input"
    done
  } >"$work/report"
  return 1
}

# As many harnesses at once as there are cores: each fuzzer runs on one.
declare -A pids
for name in "${names[@]}"; do
  while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n || true; done
  fuzz_one "$name" &
  pids[$name]=$!
done
failed=()
for name in "${names[@]}"; do
  wait "${pids[$name]}" || failed+=("$name")
  cat "$build/fuzz/$name/report"
done

if ((${#failed[@]})); then
  echo "fuzzing: ${#failed[@]} of ${#names[@]} harnesses found something: ${failed[*]}"
  exit 1
fi
echo "fuzzing: ${#names[@]} harnesses, no finding"
