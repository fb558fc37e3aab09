#!/usr/bin/env bash
# Checks that two builds of `jungle` give the same results: the study (perft counts, games and
# every report file), a two-player tournament with --sprt, one of two engines (on one thread,
# so that each engine's hash table sees the same games), a small compare and a small ladder
# (their games and summaries), compared byte for byte once what must
# differ is masked: paths (the HTML's <wbr> breaks removed first), the program's version, dates,
# which process ran (invocation: host, pid, start), timings (perft speed, seconds, a move's ms,
# latency and the clock left after it), and the terminal tables' padding, which follows the
# paths' lengths.
# For refactorings, which must change no result:
#   bash scripts/same-output.sh OLD/build/jungle NEW/build/jungle [WORKDIR]
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2") work=${3:-$(mktemp -d)}
mkdir -p "$work"
mask() {
  sed -E -e 's#<wbr>##g' -e "s#$work/(old|new)#DIR#g" -e "s#$old|$new#JUNGLE#g" -e 's#/[^ ]*/variants/#VARIANTS/#g' \
    -e 's/"(version|date|host|invocation|seconds|games_per_second|nodes_per_second|cpu_[a-z_]*)": [^,}]*/"\1": X/g' \
    -e 's/(program version|date \(UTC\))( *\|[^|]*\||<\/td><td>[^<]*)/\1 X/g' -e 's#(<code>jungle</code>) [^ ]+\.#\1 X.#' \
    -e 's/about [0-9.,]+ (seconds|minutes|hours|days) at/about X at/g' -e 's/[0-9.]+ games\/s/X games\/s/g; s/ETA [0-9:]+/ETA X/; s/ in [0-9.]+ s/ in X s/; s/"(ms|latency_ms|time_left_ms)":-?[0-9]+/"\1":X/g' \
    -e 's/ *[0-9]+\.[0-9] *\|$/ SPEED |/; s/(<td class="num">)[0-9.]+(<\/td><\/tr>)$/\1SPEED\2/' \
    -e 's/ +\|/ |/g; s/:-+/:-/g' "$1"
}
status=0
compare() {  # compare NAME FILE_OLD FILE_NEW
  if cmp -s <(mask "$2") <(mask "$3"); then echo "same: $1"; else echo "DIFFERS: $1"; diff <(mask "$2") <(mask "$3") | head -20 || true; status=1; fi
}
for side in old new; do
  bin=$old; [[ $side == new ]] && bin=$new
  [[ -e $work/$side/done ]] && continue  # already run into this WORKDIR: compare again only
  rm -rf "$work/$side"; mkdir -p "$work/$side"
  "$bin" study --out "$work/$side/study" >"$work/$side/study.md" 2>/dev/null
  "$bin" tournament --players alphabeta:depth=2,alphabeta:depth=1 --games 400 --sprt elo0=0,elo1=50 --seed 7 \
    --out "$work/$side/sprt" >"$work/$side/sprt.md" 2>"$work/$side/sprt.err"
  "$bin" tournament --engine "name=tuned,cmd=$bin,args=engine" \
    --engine "name=untuned,cmd=$bin,args=engine,option.Weights=untuned" --players tuned,untuned --each depth=2 \
    --draw movecount=20,score=5 --games 20 --seed 3 --threads 1 --out "$work/$side/engines" >"$work/$side/engines.md" 2>/dev/null
  "$bin" compare standard "$(dirname "$0")/../data/examples/my-rules.toml" --games 40 --weights untuned --seed 5 \
    --out "$work/$side/compare" >"$work/$side/compare.md" 2>/dev/null
  "$bin" ladder --levels depth=1..2 --variants standard,ludii --games 8 --seed 9 --out "$work/$side/ladder" \
    >"$work/$side/ladder.md" 2>/dev/null
  touch "$work/$side/done"
done
compare "study: terminal report" "$work/old/study.md" "$work/new/study.md"
for f in "$work"/old/study/*; do
  name=$(basename "$f")
  if [[ $name == games.jsonl ]]; then  # written as games finish: the same games, in any order
    compare "study: $name (sorted)" <(sort "$f") <(sort "$work/new/study/$name")
  else
    compare "study: $name" "$f" "$work/new/study/$name"
  fi
done
compare "sprt tournament: terminal report" "$work/old/sprt.md" "$work/new/sprt.md"
compare "sprt tournament: games.jsonl (written in index order)" "$work/old/sprt/games.jsonl" "$work/new/sprt/games.jsonl"
compare "sprt tournament: standard error" "$work/old/sprt.err" "$work/new/sprt.err"
compare "engine tournament: terminal report" "$work/old/engines.md" "$work/new/engines.md"
compare "engine tournament: run.json" "$work/old/engines/run.json" "$work/new/engines/run.json"
compare "engine tournament: games.jsonl (sorted)" <(sort "$work/old/engines/games.jsonl") <(sort "$work/new/engines/games.jsonl")
for run in compare ladder; do
  while IFS= read -r f; do
    rel=${f#"$work/old/$run/"}
    compare "$run: $rel (sorted)" <(sort "$f") <(sort "$work/new/$run/$rel")
  done < <(find "$work/old/$run" -name games.jsonl | sort)
  while IFS= read -r f; do
    rel=${f#"$work/old/$run/"}
    compare "$run: $rel" "$f" "$work/new/$run/$rel"
  done < <(find "$work/old/$run" \( -name summary.json -o -name ladder.json -o -name levels.json \) | sort)
done
exit $status
