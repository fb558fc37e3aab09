#!/usr/bin/env bash
# One process with 2 threads against 2 MPI ranks with 1 thread each, on this machine: tournament
# games per second and perft(8) time, as `jungle` reports them (mpirun's start, about a second,
# left out), each case REPEAT times (default 3), the two alternating so that both see the same load.
#   bash scripts/bench-mpi.sh [build/jungle] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/.."
jungle=${1:-build/jungle}
repeat=${2:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mpi2() { bash scripts/mpirun-local.sh 2 "$@"; }
rate() { sed -n 's/^Played .* games\/s$/&/p' | sed 's/.*, \([0-9.]*\) games\/s/\1/'; }
seconds() { sed -n 's/^Time: \([0-9.]*\) s.*/\1/p'; }
for ((i = 1; i <= repeat; i++)); do
  for player in random alphabeta:depth=2; do
    games=$([[ $player == random ]] && echo 20000 || echo 1000)
    args=(tournament --players "$player" --games "$games" --seed "$i")
    one=$("$jungle" "${args[@]}" --threads 2 --out "$out/one-$i-$player" 2>&1 >/dev/null | rate)
    two=$(mpi2 "$jungle" "${args[@]}" --threads 1 --out "$out/two-$i-$player" 2>&1 >/dev/null | rate)
    echo "tournament $player: 1 process x 2 threads $one games/s, 2 ranks x 1 thread $two games/s"
  done
  one=$("$jungle" perft --depth 8 --threads 2 2>&1 >/dev/null | seconds)
  two=$(mpi2 "$jungle" perft --depth 8 --threads 1 2>&1 >/dev/null | seconds)
  echo "perft(8): 1 process x 2 threads $one s, 2 ranks x 1 thread $two s"
done
