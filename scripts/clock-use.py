#!/usr/bin/env python3
"""How an engine of docs/protocol.md spends its clock: for each `go` below, from the start
position of a fresh game, the wall time from `go` to `bestmove` and the depth of its last `info`
line, each the median of --repeat searches. Usage: clock-use.py [--repeat N] ENGINE [ARGS...]
(for example build/jungle engine). docs/results.md's tables come from it."""
import statistics
import subprocess
import sys
import time

GOS = [
    "go wtime 1000 btime 1000 winc 10 binc 10",
    "go wtime 2000 btime 2000 winc 20 binc 20",
    "go wtime 10000 btime 10000 winc 100 binc 100",
    "go wtime 60000 btime 60000 winc 600 binc 600",
    "go wtime 300 btime 300 winc 20 binc 20",
    "go wtime 10000 btime 10000 movestogo 1",
    "go movetime 50",
    "go movetime 200",
]


def search(engine, go):
    engine.stdin.write("ucinewgame\nposition startpos\nisready\n")
    engine.stdin.flush()
    while engine.stdout.readline().strip() != "readyok":
        pass
    start = time.monotonic()
    engine.stdin.write(go + "\n")
    engine.stdin.flush()
    depth = 0
    while True:
        line = engine.stdout.readline()
        if not line:
            sys.exit("the engine exited")
        words = line.split()
        if words[:2] == ["info", "depth"]:
            depth = int(words[2])
        if words[:1] == ["bestmove"]:
            return (time.monotonic() - start) * 1000, depth


def main():
    args = sys.argv[1:]
    repeat = 3
    if args[:1] == ["--repeat"]:
        repeat, args = int(args[1]), args[2:]
    if not args:
        sys.exit(__doc__)
    engine = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    engine.stdin.write("uci\n")
    engine.stdin.flush()
    while engine.stdout.readline().strip() != "uciok":
        pass
    print("| go | ms to bestmove | depth |")
    print("|---|---:|---:|")
    for go in GOS:
        runs = [search(engine, go) for _ in range(repeat)]
        ms = statistics.median(r[0] for r in runs)
        depth = statistics.median(r[1] for r in runs)
        print(f"| `{go}` | {ms:.0f} | {depth:g} |", flush=True)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()


if __name__ == "__main__":
    main()
