// The report's game viewer (see game_viewer.h): reads the games from #gv-data and draws the
// list, the board and the move list into #gv. No rules here: a move takes the piece on its
// from-square to its to-square, removing whatever stood there.
(function () {
  "use strict";
  const FILES = 7, RANKS = 9;
  const data = JSON.parse(document.getElementById("gv-data").textContent);
  const root = document.getElementById("gv");
  const kindName = {};
  for (const [letter, name] of data.kinds) kindName[letter] = name;
  const terrainClass = {};
  for (const [name, ch] of Object.entries(data.terrain_chars)) terrainClass[ch] = name.replace("_", "-");
  const byNumber = new Map(data.games.map((g) => [g.n, g]));
  const RESULT_WORDS = { "1-0": "first player won", "0-1": "second player won", "1/2-1/2": "draw" };
  const PAGE = 250;  // list rows added at a time

  // ---------------------------------------------------------------------------------------------
  // Small DOM helpers: text only ever goes in as text.
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  const squareName = (sq) => "abcdefg"[sq % FILES] + (Math.floor(sq / FILES) + 1);
  function parseSquare(text) {
    const file = "abcdefg".indexOf(text[0]), rank = Number(text.slice(1)) - 1;
    return file >= 0 && text.length === 2 && rank >= 0 && rank < RANKS ? rank * FILES + file : -1;
  }

  // ---------------------------------------------------------------------------------------------
  // Positions: board[sq] is a piece letter (upper case the first player) or "".
  function parseFen(fen) {
    const [placement, side = "w"] = fen.trim().split(/\s+/);
    const rows = placement.split("/");
    if (rows.length !== RANKS) throw new Error("the position \"" + fen + "\" does not have 9 ranks");
    const board = new Array(FILES * RANKS).fill("");
    rows.forEach((row, i) => {
      const rank = RANKS - 1 - i;
      let file = 0;
      for (const ch of row) {
        if (ch >= "1" && ch <= "7") file += Number(ch);
        else if (kindName[ch.toLowerCase()] && file < FILES) board[rank * FILES + file++] = ch;
        else throw new Error("the position \"" + fen + "\" has a bad rank " + (rank + 1));
      }
      if (file !== FILES) throw new Error("the position \"" + fen + "\" has a bad rank " + (rank + 1));
    });
    return { board, side: side === "b" ? "b" : "w" };
  }

  function fenOf(board, side) {
    const rows = [];
    for (let rank = RANKS - 1; rank >= 0; --rank) {
      let row = "", empty = 0;
      for (let file = 0; file < FILES; ++file) {
        const p = board[rank * FILES + file];
        if (!p) { ++empty; continue; }
        if (empty) { row += empty; empty = 0; }
        row += p;
      }
      rows.push(empty ? row + empty : row);
    }
    return rows.join("/") + " " + side;
  }

  // Every position of the game, ply 0 first, and what each move took. Stops at the first move
  // that does not fit the board (a damaged record), saying so.
  function replay(game) {
    const variant = data.variants[game.v];
    const start = parseFen(game.f || variant.start);
    const moves = game.m ? game.m.split(" ") : [];
    const boards = [start.board], captured = [], sides = [start.side];
    let error = "";
    for (let i = 0; i < moves.length; ++i) {
      const from = parseSquare(moves[i].slice(0, 2)), to = parseSquare(moves[i].slice(2));
      const board = boards[i].slice();
      if (moves[i].length !== 4 || from < 0 || to < 0 || !board[from]) {
        error = "move " + (i + 1) + " (" + moves[i] + ") does not fit the board: the game is shown up to ply " + i;
        break;
      }
      captured.push(board[to]);
      board[to] = board[from];
      board[from] = "";
      boards.push(board);
      sides.push(sides[i] === "w" ? "b" : "w");
    }
    return { moves: moves.slice(0, boards.length - 1), boards, captured, sides, error };
  }

  // ---------------------------------------------------------------------------------------------
  // The page's parts.
  // missing: the address's "game" when it names no game of the page (then game is null).
  const state = { game: null, line: null, ply: 0, shown: PAGE, missing: null };

  const filters = {};
  function filterSelect(key, label, options) {
    const select = el("select", { id: "gv-f-" + key, onchange: () => { state.shown = PAGE; drawList(); } },
                      el("option", { value: "" }, "all"));
    for (const [value, text] of options) select.append(el("option", { value: String(value) }, text));
    filters[key] = select;
    return el("label", {}, label, select);
  }
  const used = (key) => new Set(data.games.map((g) => g[key]));
  const filterBar = el("div", { class: "gv-filters" });
  if (data.variants.length > 1)
    filterBar.append(filterSelect("v", "Variant",
                                  data.variants.map((v, i) => [i, v.name]).filter(([i]) => used("v").has(i))));
  filterBar.append(filterSelect("r", "Result", Object.keys(RESULT_WORDS).filter((r) => used("r").has(r))
                                                     .map((r) => [r, r + " (" + RESULT_WORDS[r] + ")"])));
  filterBar.append(filterSelect("e", "End", data.reasons.filter((r) => used("e").has(r)).map((r) => [r, r])));
  if (data.players.length > 1)
    filterBar.append(filterSelect("p", "Player", data.players.map((p, i) => [i, p])));

  const count = el("div", { class: "gv-count" });
  const listBody = el("tbody");
  const manyVariants = data.variants.length > 1, manyPlayers = data.players.length > 1;
  const listHead = el("tr", {}, el("th", { class: "num" }, "#"), manyVariants ? el("th", {}, "variant") : null,
                      manyPlayers ? el("th", {}, "first") : null, manyPlayers ? el("th", {}, "second") : null,
                      el("th", {}, "result"), el("th", {}, "end"), el("th", { class: "num" }, "plies"));
  const more = el("button", { class: "gv-more", type: "button", onclick: () => { state.shown += PAGE; drawList(); } });
  const list = el("div", { class: "gv-list" }, el("table", {}, el("thead", {}, listHead), listBody));

  // What the board does not say itself: that the address named no game, or that the filter
  // hides the game on the board. Empty otherwise (and then not drawn).
  const notice = el("div", { id: "gv-notice", class: "gv-notice", role: "status" });
  const title = el("div", { class: "gv-title" });
  const board = el("div", { id: "gv-board", class: "gv-board", role: "img" });
  const cells = [];
  for (let rank = RANKS - 1; rank >= 0; --rank) {
    board.append(el("div", { class: "gv-coord" }, String(rank + 1)));
    for (let file = 0; file < FILES; ++file) {
      const sq = rank * FILES + file;
      cells[sq] = el("div", { class: "gv-sq", title: squareName(sq) });
      board.append(cells[sq]);
    }
  }
  board.append(el("div", { class: "gv-coord" }));
  for (let file = 0; file < FILES; ++file) board.append(el("div", { class: "gv-coord" }, "abcdefg"[file]));

  // The buttons' icons as SVG paths (fonts may lack the media-control characters).
  const ICONS = { start: "M3 2h2v12H3zM14 2v12L6 8z", back: "M12 2v12L4 8z", forward: "M4 2v12l8-6z",
                  end: "M11 2h2v12h-2zM2 2v12l8-6z" };
  function button(icon, label, step) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 16 16");
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", ICONS[icon]);
    svg.append(path);
    return el("button", { type: "button", title: label, "aria-label": label, onclick: () => go(step()) }, svg);
  }
  const plyLabel = el("span", { class: "gv-ply" });
  const controls = el("div", { class: "gv-controls" },
                      button("start", "start (Home)", () => 0), button("back", "back (\u2190)", () => state.ply - 1),
                      plyLabel,
                      button("forward", "forward (\u2192)", () => state.ply + 1),
                      button("end", "end (End)", () => state.line.boards.length - 1));
  const status = el("div", { class: "gv-status" });
  const legend = el("div", { class: "gv-legend" },
                    el("span", {}, el("i", { class: "gv-swatch gv-piece-white" }), "first player (upper case)"),
                    el("span", {}, el("i", { class: "gv-swatch gv-piece-black" }), "second player"),
                    el("span", {}, el("i", { class: "gv-swatch water" }), "water"),
                    el("span", {}, el("i", { class: "gv-swatch trap-white" }), "trap"),
                    el("span", {}, el("i", { class: "gv-swatch den-white" }), "den"));
  const moveList = el("ol", { class: "gv-moves" });

  root.append(el("div", { class: "gv-picker" }, filterBar, count, list, more),
              el("div", { class: "gv-main" }, notice, title, board, controls, status, legend),
              el("div", { class: "gv-side" }, el("div", { class: "gv-moves-head" }, "Moves"), moveList));

  // ---------------------------------------------------------------------------------------------
  // Drawing.
  function matches(g) {
    const f = (key) => filters[key] ? filters[key].value : "";
    return (!f("v") || g.v === Number(f("v"))) && (!f("r") || g.r === f("r")) && (!f("e") || g.e === f("e")) &&
           (!f("p") || g.w === Number(f("p")) || g.b === Number(f("p")));
  }

  function drawList() {
    const found = data.games.filter(matches);
    listBody.replaceChildren();
    for (const g of found.slice(0, state.shown)) {
      const plies = g.m ? g.m.split(" ").length : 0;
      const row = el("tr", { "data-game": String(g.n), onclick: () => open(g, 0) },
                     el("td", { class: "num" }, String(g.n)),
                     manyVariants ? el("td", {}, data.variants[g.v].name) : null,
                     manyPlayers ? el("td", { class: "gv-player", title: data.players[g.w] }, data.players[g.w]) : null,
                     manyPlayers ? el("td", { class: "gv-player", title: data.players[g.b] }, data.players[g.b]) : null,
                     el("td", {}, g.r), el("td", {}, g.e), el("td", { class: "num" }, String(plies)));
      if (g === state.game) row.classList.add("gv-current");
      listBody.append(row);
    }
    count.textContent = found.length === data.games.length ? data.games.length + " games"
                                                            : found.length + " of " + data.games.length + " games";
    more.hidden = found.length <= state.shown;
    more.textContent = "show " + Math.min(PAGE, found.length - state.shown) + " more";
    drawNotice();
  }

  // Why the address's game is not on the board, in the page's own numbers.
  function missingText(wanted) {
    const first = data.games[0].n, last = data.games[data.games.length - 1].n;
    const n = /^[0-9]+$/.test(wanted) ? Number(wanted) : NaN;
    const range = first === last ? "game " + first : "games " + first + " to " + last;
    if (n >= first && n <= last) return "Game " + n + " cannot be shown: the rules of its variant were not found.";
    if (n > last && n <= data.total)
      return "No game " + n + " in the page: it holds " + range + " of " + data.total + "; the others are in the " +
             "results file.";
    return "No game " + (Number.isNaN(n) ? "\u201C" + wanted + "\u201D" : n) + ": the page has " + range + ".";
  }

  // The game on the board stays there when the filter hides it from the list (the reader chose
  // it; a filter only narrows the list), so the list's lack of it is said here.
  function drawNotice() {
    const hidden = state.game && !matches(state.game);
    notice.textContent = !state.game && state.missing !== null ? missingText(state.missing) + " Pick a game from the list."
                       : hidden ? "Game " + state.game.n + " is hidden by the filter: the list leaves it out, the " +
                                  "board keeps it."
                       : "";
    notice.classList.toggle("gv-missing", !state.game);
  }

  function drawTerrain(variant) {
    const rows = variant.terrain.split("/");
    for (let sq = 0; sq < FILES * RANKS; ++sq) {
      const ch = rows[RANKS - 1 - Math.floor(sq / FILES)][sq % FILES];
      const alt = (sq % FILES + Math.floor(sq / FILES)) % 2 ? " gv-alt" : "";  // land in a faint checker
      cells[sq].className = "gv-sq " + (terrainClass[ch] || "land") + alt;
      cells[sq].dataset.terrain = ch;
    }
    board.dataset.terrain = variant.terrain;
  }

  function drawBoard() {
    const { line, ply } = state;
    const position = line.boards[ply];
    const lastFrom = ply > 0 ? parseSquare(line.moves[ply - 1].slice(0, 2)) : -1;
    const lastTo = ply > 0 ? parseSquare(line.moves[ply - 1].slice(2)) : -1;
    for (let sq = 0; sq < FILES * RANKS; ++sq) {
      const cell = cells[sq], p = position[sq];
      cell.replaceChildren();
      cell.classList.toggle("gv-from", sq === lastFrom);
      cell.classList.toggle("gv-to", sq === lastTo);
      if (p) {
        const white = p === p.toUpperCase(), name = kindName[p.toLowerCase()];
        cell.append(el("span", { class: "gv-piece " + (white ? "gv-piece-white" : "gv-piece-black"),
                                 title: (white ? "first" : "second") + " player's " + name + " on " + squareName(sq) },
                       el("b", {}, p.toUpperCase()), el("small", {}, name)));
        cell.dataset.piece = p;
      } else {
        delete cell.dataset.piece;
      }
    }
    // Read back from the squares as drawn, so that the attribute says what the page shows.
    const drawn = cells.map((c) => c.dataset.piece || "");
    board.dataset.fen = fenOf(drawn, line.sides[ply]);
    board.dataset.game = String(state.game.n);
    board.dataset.ply = String(ply);
    board.setAttribute("aria-label", "Game " + state.game.n + " at ply " + ply + ": " + board.dataset.fen);
  }

  function drawMoves() {
    const { line, game } = state;
    moveList.replaceChildren();
    moveList.append(el("li", { class: "gv-start", "data-ply": "0", onclick: () => go(0) },
                       game.f ? "start: a position of its own" : "start"));
    line.moves.forEach((m, i) => {
      const took = line.captured[i];
      const number = Math.floor((i + (line.sides[0] === "b" ? 1 : 0)) / 2) + 1;
      const label = line.sides[i] === "w" || i === 0 ? el("span", { class: "gv-num" },
                                                          number + (line.sides[i] === "w" ? "." : "\u2026")) : null;
      const item = el("li", { "data-ply": String(i + 1), onclick: () => go(i + 1),
                              class: (line.sides[i] === "w" ? "gv-w" : "gv-b") + (i < game.o ? " gv-opening" : "") },
                      label, m, took ? el("span", { class: "gv-took",
                                                    title: "takes the " + kindName[took.toLowerCase()] },
                                          "\u00D7" + took.toUpperCase()) : null);
      moveList.append(item);
    });
  }

  function describe(ply) {
    const { line, game } = state;
    const parts = ["ply " + ply + " of " + line.moves.length];
    if (ply > 0) {
      const took = line.captured[ply - 1], mover = line.sides[ply - 1] === "w" ? "first" : "second";
      const piece = kindName[line.boards[ply][parseSquare(line.moves[ply - 1].slice(2))].toLowerCase()];
      parts.push(mover + " player's " + piece + " " + line.moves[ply - 1] +
                 (took ? ", takes the " + kindName[took.toLowerCase()] : ""));
    }
    if (ply === 0 && game.f) parts.push("the game's own start position");
    if (ply < game.o) parts.push("in the opening");
    if (ply === line.moves.length && !line.error) parts.push("game over: " + game.r + " by " + game.e);
    else parts.push((line.sides[ply] === "w" ? "first" : "second") + " player to move");
    return parts.join(" \u00B7 ");
  }

  // quiet: leave the address alone (the page was opened without one).
  function go(ply, quiet) {
    if (!state.line) return;
    state.ply = Math.max(0, Math.min(ply, state.line.boards.length - 1));
    drawBoard();
    plyLabel.textContent = state.ply + " / " + (state.line.boards.length - 1);
    status.textContent = describe(state.ply);
    if (state.line.error) status.append(el("div", { class: "gv-error" }, state.line.error));
    for (const li of moveList.children) li.classList.toggle("gv-current", Number(li.dataset.ply) === state.ply);
    const current = moveList.querySelector(".gv-current");
    if (current) {  // scroll the list only, never the page (the list is the items' offset parent)
      const top = current.offsetTop;
      if (top < moveList.scrollTop || top > moveList.scrollTop + moveList.clientHeight - current.offsetHeight)
        moveList.scrollTop = top - moveList.clientHeight / 2;
    }
    if (!quiet) history.replaceState(null, "", "#game=" + state.game.n + "&ply=" + state.ply);
  }

  function open(game, ply, quiet) {
    state.game = game;
    state.missing = null;
    root.classList.remove("gv-none");
    try {
      state.line = replay(game);
    } catch (e) {
      state.line = { moves: [], boards: [new Array(FILES * RANKS).fill("")], captured: [], sides: ["w"],
                     error: e.message };
    }
    const variant = data.variants[game.v];
    title.replaceChildren(el("b", {}, "Game " + game.n), " \u00B7 " + variant.name + " \u00B7 ",
                          el("span", { class: "gv-name-white" }, data.players[game.w]), " vs ",
                          el("span", { class: "gv-name-black" }, data.players[game.b]),
                          " \u00B7 " + game.r + " (" + RESULT_WORDS[game.r] + ") by " + game.e);
    drawTerrain(variant);
    drawMoves();
    for (const row of listBody.children) row.classList.toggle("gv-current", row.dataset.game === String(game.n));
    drawNotice();
    go(ply, quiet);
  }

  // The address names no game of the page: no board at all rather than another game, whose
  // position a reader could take for the one linked.
  function showMissing(wanted) {
    Object.assign(state, { game: null, line: null, ply: 0, missing: wanted });
    root.classList.add("gv-none");
    title.replaceChildren();
    status.replaceChildren();
    moveList.replaceChildren();
    plyLabel.textContent = "";
    for (const key of ["fen", "game", "ply"]) delete board.dataset[key];
    board.removeAttribute("aria-label");
    for (const row of listBody.children) row.classList.remove("gv-current");
    drawNotice();
  }

  // #game=N&ply=K. An address without a game (a link to a section of the page) opens the first
  // game while nothing is shown yet. Returns whether the address named a game, found or not.
  function openFromAddress() {
    if (!data.games.length) return false;
    const params = new URLSearchParams(location.hash.slice(1));
    if (!params.has("game")) {
      if (!state.game && state.missing === null) open(data.games[0], 0, true);
      return false;
    }
    const wanted = params.get("game");
    const game = /^[0-9]+$/.test(wanted) ? byNumber.get(Number(wanted)) : undefined;
    if (game) open(game, Number(params.get("ply")) || 0);
    else showMissing(wanted);
    return true;
  }

  document.addEventListener("keydown", (e) => {
    if (!state.line || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    // Home and End scroll the page too: taken only while the viewer has the focus.
    const inside = root.contains(document.activeElement);
    const steps = { ArrowLeft: () => state.ply - 1, ArrowRight: () => state.ply + 1,
                    Home: inside ? () => 0 : null, End: inside ? () => state.line.boards.length - 1 : null };
    if (!steps[e.key]) return;
    e.preventDefault();
    go(steps[e.key]());
  });
  window.addEventListener("hashchange", openFromAddress);

  drawList();
  if (!data.games.length) {
    root.replaceChildren(el("p", { class: "note" }, "No game to show."));
    return;
  }
  root.tabIndex = -1;  // focusable by clicks, so that Home and End work there
  if (openFromAddress()) root.scrollIntoView();
})();
