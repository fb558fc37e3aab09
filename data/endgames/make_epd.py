# Random endgame positions of standard Jungle, white to move: SIZE pieces (2 against 1, 2 against
# 2, 3 against 1, 3 against 2, as SIZE allows), distinct kinds a side, only rats in the water.
# Usage: python3 make_epd.py SEED COUNT SIZE > egSIZE.epd (data/endgames/egN.epd: SEED = SIZE = N,
# COUNT = 50), the openings of docs/strength.md's tablebase measurements.
import random, sys
terrain = ["..tdt..", "...t...", ".......", ".~~.~~.", ".~~.~~.", ".~~.~~.", ".......", "...T...", "..TDT.."]
kinds = "rcdwptle"
def position(rng, white, black):
    # Each side in its own three ranks, as after an opening's exchanges: no den entry at once.
    home = {True: range(6, 9), False: range(0, 3)}
    board = [["" for _ in range(7)] for _ in range(9)]
    wk = rng.sample(kinds, white); bk = rng.sample(kinds, black)
    for k, up in [(k, True) for k in wk] + [(k, False) for k in bk]:
        while True:
            r, f = rng.choice([(r, f) for r in home[up] for f in range(7) if terrain[r][f] not in "dD"])
            if board[r][f] or (terrain[r][f] == "~" and k != "r"): continue
            board[r][f] = k.upper() if up else k
            break
    rows = []
    for r in range(9):
        row, empty = "", 0
        for f in range(7):
            if board[r][f]:
                if empty: row += str(empty); empty = 0
                row += board[r][f]
            else: empty += 1
        if empty: row += str(empty)
        rows.append(row)
    return "/".join(rows) + " w"
rng = random.Random(int(sys.argv[1]))
splits = {3: [(2, 1), (1, 2)], 4: [(2, 2), (3, 1), (1, 3)], 5: [(3, 2), (2, 3)]}[int(sys.argv[3])]
for n in range(int(sys.argv[2])):
    w, b = rng.choice(splits)
    print(position(rng, w, b))
