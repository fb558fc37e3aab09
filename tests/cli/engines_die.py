"""No engine, nor any process an engine started, outlives `jungle tournament`, however it ends.

Usage: engines_die.py JUNGLE BAD_ENGINE WORK_DIR END

END is `normal` (a tournament of 2 games), or TERM, INT, HUP or KILL: a long tournament that is
sent that signal once it has played some games. The engines are tests/tools/bad_engine's
stubborn ones: they ignore quit, the end of their input, SIGINT, SIGTERM, SIGHUP and SIGQUIT, and
each starts four processes that ignore them too, two of them out of its group and session, one
orphaned while the engine runs (bad_engine.cpp, start_family). Each writes "ROLE PID" to the file
$BAD_ENGINE_PIDS names. Checked afterwards:
  - the exit status: 0, or killed by the signal sent;
  - games.jsonl: every game finished before the signal is still there, every line reads, and
    none ended by "disconnect" (an engine killed by the ending is no result);
  - no listed process is alive (waiting, polling, up to a bound for the kernel to deliver the
    kills). After SIGKILL only the engines themselves are checked: SIGKILL runs none of
    jungle's code, and what an engine started is then out of its reach (docs/testing.md); the
    test kills those itself.
"""
import json
import os
import signal
import subprocess
import sys
import time

JUNGLE, BAD_ENGINE, WORK, END = sys.argv[1:5]
BOUND = 60.0  # seconds: the longest wait for anything, never a measurement


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def eventually(condition):
    """Whether the condition holds, polled until it does or BOUND seconds have passed."""
    deadline = time.monotonic() + BOUND
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def listed():
    """(role, pid) pairs the engines' families wrote."""
    try:
        with open(pids_file) as f:
            return [(role, int(pid)) for role, pid in (line.split() for line in f if line.strip())]
    except FileNotFoundError:
        return []


def alive(pid):
    """A process of bad_engine's that has not ended: a zombie has, and a reused pid is another's."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            command = f.read()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X") and os.path.basename(BAD_ENGINE).encode() in command


def games():
    """The games.jsonl lines, each read as JSON; a line that does not read fails the test."""
    try:
        with open(os.path.join(out, "games.jsonl")) as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return []
    records = []
    for number, line in enumerate(lines, 1):
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as e:
            fail(f"games.jsonl:{number}: {e}")
    return records


os.makedirs(WORK, exist_ok=True)
out = os.path.join(WORK, "out")
pids_file = os.path.join(WORK, "pids")
subprocess.run(["rm", "-rf", out, pids_file], check=True)

normal = END == "normal"
sent = None if normal else getattr(signal, "SIG" + END)
games_asked = "2" if normal else "20000"
command = [JUNGLE, "tournament", "--players", "a,b", "--games", games_asked, "--threads", "2", "--each", "st=1",
           "--seed", "1", "--out", out]
for name in ("a", "b"):
    command += ["--engine", f"name={name},cmd={BAD_ENGINE},args=stubborn"]
# Whatever this script inherited (ctest run in the background ignores SIGINT), jungle starts with
# these at their defaults, as from a terminal: an ignored signal it would rightly leave ignored.
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(s, signal.SIG_DFL)
env = dict(os.environ, BAD_ENGINE_PIDS=pids_file)
with open(os.path.join(WORK, "stdout"), "w") as stdout, open(os.path.join(WORK, "stderr"), "w") as stderr:
    jungle = subprocess.Popen(command, stdout=stdout, stderr=stderr, env=env)

    finished_before = 0
    if not normal:
        # Both threads' engines playing (2 probed, then a and b on each thread), each with its four
        # processes started, and a few games kept.
        if not eventually(lambda: len(listed()) >= 6 * 5 and len(games()) >= 4):
            jungle.kill()
            fail("no 6 engines with their processes and 4 games within the bound")
        finished_before = len(games())
        jungle.send_signal(sent)
    try:
        code = jungle.wait(timeout=BOUND)
    except subprocess.TimeoutExpired:
        jungle.kill()
        fail(f"jungle did not end within {BOUND} s of the {END}")

stderr_text = open(os.path.join(WORK, "stderr")).read()
expected = 0 if normal else -sent
if code != expected:
    fail(f"jungle ended with {code}, expected {expected}; stderr:\n{stderr_text}")

records = games()
if normal and len(records) != 2:
    fail(f"{len(records)} games in games.jsonl, expected 2")
if len(records) < finished_before:
    fail(f"{len(records)} games in games.jsonl after the signal, {finished_before} before it")
disconnected = [r["index"] for r in records if r.get("reason") == "disconnect"]
if disconnected:
    fail(f"games {disconnected} were recorded as lost by disconnect")

family = listed()
if len(family) < 6 * 5:
    fail(f"only {len(family)} processes listed, expected 5 for each of at least 6 engines")
checked = [(role, pid) for role, pid in family if END != "KILL" or role == "engine"]
ended = eventually(lambda: not any(alive(pid) for _, pid in checked))
left = [f"{role} {pid}" for role, pid in checked if alive(pid)]
# Nothing of this test's is left running, whatever it found.
for _, pid in family:
    if alive(pid):
        os.kill(pid, signal.SIGKILL)
if not ended:
    fail(f"{len(left)} of {len(checked)} listed processes outlived the tournament: {', '.join(left)}")

print(f"{END}: exit {code}, {len(records)} games kept ({finished_before} before the end), "
      f"none of {len(checked)} listed processes alive")
