#!/usr/bin/env bash
# MPI runs against one process (ctest's mpi test): the same tournament records with 3 ranks x 1
# thread and 2 ranks x 2 threads as with 1 process x 2 threads; a run whose rank 0 is killed
# partway, resumed with another number of ranks, ends with the records of an uninterrupted run;
# perft(6) of every bundled variant, divided, counts the same; an argument error is one line.
#   check_mpi.sh JUNGLE WORKDIR MPIRUN_SCRIPT
# Exit 77 (skipped) without mpirun.
set -euo pipefail
jungle=$1 dir=$2 mpirun_local=$3
command -v mpirun >/dev/null 2>&1 || { echo "mpirun not found: skipped"; exit 77; }
mpi() { bash "$mpirun_local" "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$dir"
mkdir -p "$dir"

# The records of a games.jsonl, as a set: sorted lines (built-in players record no timing).
same_games() { cmp -s <(sort "$1/games.jsonl") <(sort "$2/games.jsonl") || fail "$2/games.jsonl differs from $1/games.jsonl"; }

# 1. A small tournament: 2 variants x 3 pairings x 12 games.
args=(tournament --variants standard,ludii --players random,greedy,alphabeta:depth=1 --games 12 --seed 5)
"$jungle" "${args[@]}" --threads 2 --out "$dir/one" >"$dir/one.out" 2>"$dir/one.err"
mpi 3 "$jungle" "${args[@]}" --threads 1 --out "$dir/three" >"$dir/three.out" 2>"$dir/three.err" ||
  fail "3 ranks: exit $?: $(cat "$dir/three.err")"
mpi 2 "$jungle" "${args[@]}" --threads 2 --out "$dir/two" >"$dir/two.out" 2>"$dir/two.err" ||
  fail "2 ranks: exit $?: $(cat "$dir/two.err")"
[[ $(wc -l <"$dir/one/games.jsonl") -eq 72 ]] || fail "one process: not 72 games"
same_games "$dir/one" "$dir/three"
same_games "$dir/one" "$dir/two"
# Rank 0 alone reports: one summary, one "Played" line, nothing from another rank.
[[ $(grep -c '^Played 72 games' "$dir/three.err") -eq 1 ]] || fail "3 ranks: not one 'Played 72 games' line"
! grep -q '^rank ' "$dir/three.err" || fail "3 ranks: another rank printed: $(grep '^rank ' "$dir/three.err")"
[[ $(grep -c '^## ' "$dir/three.out") -eq $(grep -c '^## ' "$dir/one.out") ]] || fail "3 ranks: another report"
grep -q '"ranks": 3' "$dir/three/run.json" || fail "3 ranks: run.json does not record the ranks"

# 2. Killed partway (rank 0, with SIGKILL, once some games are in), resumed with 2 ranks.
args=(tournament --variants standard,selva --players alphabeta:depth=3 --games 60 --seed 9)
mpi 3 "$jungle" "${args[@]}" --threads 1 --out "$dir/killed" >/dev/null 2>"$dir/killed.err" &
launcher=$!
descendants() {
  local child
  for child in $(pgrep -P "$1" || true); do
    echo "$child"
    descendants "$child"
  done
}
rank0=""
for _ in $(seq 600); do
  sleep 0.05
  if [[ -z $rank0 ]]; then
    # Rank 0 is the launched process whose environment says so; mpirun's own children only.
    for child in $(descendants "$launcher"); do
      if tr '\0' '\n' <"/proc/$child/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=0'; then rank0=$child; fi
    done
  fi
  lines=$( (cat "$dir/killed/games.jsonl" 2>/dev/null || true) | wc -l)
  if [[ -n $rank0 && $lines -ge 10 ]]; then
    kill -KILL "$rank0"
    break
  fi
done
[[ -n $rank0 ]] || fail "rank 0's process not found"
wait "$launcher" && fail "the killed run exited 0" || true
kept=$(wc -l <"$dir/killed/games.jsonl")
((kept >= 10 && kept < 120)) || fail "the killed run kept $kept of 120 games"
mpi 2 "$jungle" "${args[@]}" --threads 1 --out "$dir/killed" >/dev/null 2>"$dir/resumed.err" ||
  fail "resumed with 2 ranks: exit $?: $(cat "$dir/resumed.err")"
grep -q "^Resumed: [0-9]* games" "$dir/resumed.err" || fail "the rerun did not resume: $(cat "$dir/resumed.err")"
"$jungle" "${args[@]}" --threads 2 --out "$dir/whole" >/dev/null 2>&1
same_games "$dir/whole" "$dir/killed"
echo "killed after $kept of 120 games; resumed with 2 ranks: the same 120 games"

# 3. perft(6) of every bundled variant, with 3 ranks as with one process; and with a table, verified.
for variant in $("$jungle" variants | grep -v '^[[:space:]]'); do
  "$jungle" perft --variant "$variant" --depth 6 --divide --threads 2 >"$dir/perft-one.out" 2>/dev/null
  mpi 3 "$jungle" perft --variant "$variant" --depth 6 --divide --threads 1 >"$dir/perft-three.out" 2>"$dir/perft.err" ||
    fail "perft $variant with 3 ranks: $(cat "$dir/perft.err")"
  cmp -s "$dir/perft-one.out" "$dir/perft-three.out" || fail "perft(6) of $variant differs with 3 ranks"
done
mpi 3 "$jungle" perft --depth 6 --divide --threads 1 --hash 16 --verify >"$dir/perft-three.out" 2>"$dir/perft.err" ||
  fail "perft --hash --verify with 3 ranks: $(cat "$dir/perft.err")"
"$jungle" perft --depth 6 --divide --threads 2 >"$dir/perft-one.out" 2>/dev/null
cmp -s "$dir/perft-one.out" "$dir/perft-three.out" || fail "perft(6) --hash --verify differs with 3 ranks"

# 4. An argument error: one line from rank 0 and nothing else (mpirun -q), exit 1.
set +e
mpi 3 "$jungle" tournament --players random --games 3 --out "$dir/bad" >"$dir/bad.out" 2>"$dir/bad.err"
code=$?
set -e
[[ $code -eq 1 ]] || fail "argument error: exit $code, not 1"
[[ $(wc -l <"$dir/bad.err") -eq 1 ]] || fail "argument error: not one line: $(cat "$dir/bad.err")"
grep -q '^error: tournament: --games must be even' "$dir/bad.err" || fail "argument error: $(cat "$dir/bad.err")"
mpi 3 "$jungle" --help >"$dir/help.out" 2>&1 || fail "--help: exit $?"
[[ $(grep -c '^Usage:' "$dir/help.out") -eq 1 ]] || fail "--help: not printed once: $(cat "$dir/help.out")"
echo "MPI: same records, resume, perft and errors as one process"
