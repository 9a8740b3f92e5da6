// The page works without this file. With it: Tab reaches the board (the
// game's, or the analysis board's) once and the arrow keys move between its
// squares; after htmx swaps in a new board the
// keyboard focus stays where the person was (or lands on a hinted square); a
// square played shows its mark at once, and the status says the computer is
// thinking; a click that gets no answer says so; a new game asked for below
// the board brings it into view (and, sides swapped, swaps the form's
// choices, and after a swap in an opening its players follow it); on the big
// boards a tap first shows a ghost stone; pointing at a
// move in the list marks its stone; a copy button copies its link; the
// new-game form offers only the levels and rules of the board chosen, names
// its sides as that board does, and the invitation follows its board;
// alpha-beta's switch keeps the tree's open nodes open; a page watching a
// game with a friend follows it to the rematch. (Nothing here takes a seat:
// opening an invitation's link never does; its Join button does.)
document.documentElement.classList.add("js");

// A board's squares: the game's buttons, or the analysis board's links.
const squares = () => [...document.querySelectorAll(".grid button, .grid a.cell")];
const numberOf = (square) => squares().indexOf(square);
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
let lastSquare = null; // the number of the square that last had the focus

// One square is in the Tab order: the one the person was on, or else the
// first they can play. With none left to play (the game is over), the focus
// goes to the game's first button, Play again, without scrolling: the
// result and the winning line stay in view.
function rove(focusIt) {
  const all = squares();
  const open = (n) => all[n] && !all[n].disabled;
  const from = lastSquare ?? 0;
  const current = [...all.keys()].map((i) => (from + i) % all.length).find(open);
  all.forEach((square, n) => { square.tabIndex = n === current ? 0 : -1; });
  if (!focusIt) return;
  if (current === undefined) document.querySelector("#game button:not([disabled])")?.focus({ preventScroll: true });
  else all[current].focus();
}

document.addEventListener("keydown", (event) => {
  const step = STEPS[event.key];
  const square = event.target.closest?.(".grid button, .grid a.cell");
  if (!step || !square) return;
  event.preventDefault();
  const all = squares();
  const size = Number(square.closest(".grid").dataset.size);
  const number = numberOf(square);
  let [row, column] = [Math.floor(number / size), number % size];
  for (;;) { // to the nearest square the person can play, in that direction
    [row, column] = [row + step[0], column + step[1]];
    if (row < 0 || row >= size || column < 0 || column >= size) return;
    const next = all[row * size + column];
    if (!next.disabled) { lastSquare = row * size + column; rove(true); return; }
  }
});

document.addEventListener("focusin", (event) => {
  const square = event.target.closest?.(".grid button, .grid a.cell");
  if (square) lastSquare = numberOf(square);
});

// htmx puts the focus back on the element with the same id; a square just
// played comes back disabled, so move on to the next one that can be played.
document.addEventListener("htmx:after:settle", () => {
  const lost = !document.activeElement || document.activeElement === document.body;
  const hinted = document.querySelector(".grid .coach-hint"); // a hint asked for: its square, which names why
  if (lost && hinted) lastSquare = Number(hinted.value);
  rove(lost && lastSquare !== null);
  showConfirmSwitch();
});

// A new game asked for from the form under the board (on a phone, far down
// the page) brings the new board into view; one with sides swapped swaps the
// form's choices too, so that the form shows who plays the game on the board.
let newGameAsked = null;
document.addEventListener("submit", (event) => {
  newGameAsked = event.target.matches?.(".new-game") ? event.submitter?.name || "new" : null;
});
document.addEventListener("htmx:after:settle", () => {
  const game = document.querySelector(".match-game");
  if (newGameAsked && game?.getBoundingClientRect().top < 0) game.scrollIntoView();
  const [x, o] = [document.querySelector("#player-x"), document.querySelector("#player-o")];
  if (newGameAsked === "swap" && x && o && !document.querySelector("#game .message")) [x.value, o.value] = [o.value, x.value];
  newGameAsked = null;
});

// A swap in an opening exchanges the players: the game section says who
// plays each colour now (data-x, data-o), and the new-game form follows it
// at once, so that it never names the person's old colour.
let playersShown = null;
function followPlayers() {
  const game = document.querySelector("#game");
  const now = game?.dataset.x ? `${game.dataset.x} ${game.dataset.o}` : null;
  const [x, o] = [document.querySelector("#player-x"), document.querySelector("#player-o")];
  if (now && playersShown && now !== playersShown && x && o) [x.value, o.value] = now.split(" ");
  playersShown = now;
}
followPlayers();
document.addEventListener("htmx:after:settle", followPlayers);

// A mark fades in when it is new: the server marks the last move and its
// reply so (class "new"), as a fresh page shows them. A board swapped in
// after a take-back, or a switch (Coach, Hint), still holds them; a mark
// already shown before the swap does not fade in again as if just played
// (taken off as the board is settled in, before it is first drawn). A new
// game (New game, Play again) starts afresh: its marks are all new.
let marksShown = null;
let restarting = false;
document.addEventListener("submit", (event) => {
  const action = event.submitter?.getAttribute("formaction") || event.target.getAttribute?.("action") || "";
  restarting = /\/(new|again)$/.test(action);
});
document.addEventListener("htmx:before:swap", () => {
  marksShown = squares().map((square) => (square.classList.contains("pending") ? "" : square.textContent));
});
document.addEventListener("htmx:before:settle", () => {
  if (!marksShown) return;
  squares().forEach((square, n) => {
    if (!restarting && square.textContent && marksShown[n] === square.textContent) square.classList.remove("new");
  });
  marksShown = null;
});
document.addEventListener("htmx:finally:swap", () => { restarting = false; });

// On the big boards a fingertip is wider than a point: a tap shows a ghost
// stone, and a second tap on it plays it (Enter plays at once, as ever). On
// by default for touch; the switch under the board turns it off, and this
// browser remembers.
let pointer = "mouse";
document.addEventListener("pointerdown", (event) => { pointer = event.pointerType; }, true);
const CONFIRM_KEY = "confirm-taps";
const confirming = () => localStorage.getItem(CONFIRM_KEY) !== "off";
document.addEventListener("click", (event) => {
  const square = event.target.closest?.(".stones .grid button");
  // event.detail is 0 for a click made with the keyboard
  if (!square || square.disabled || event.detail === 0 || pointer !== "touch" || !confirming()) return;
  if (square.classList.contains("ghost")) return; // the second tap plays it
  event.preventDefault();
  for (const ghost of document.querySelectorAll(".grid .ghost")) unghost(ghost);
  square.classList.add("ghost");
  square.dataset.label = square.getAttribute("aria-label");
  square.setAttribute("aria-label", `${square.dataset.label}, shown: tap again to play`);
}, true);
function unghost(square) {
  square.classList.remove("ghost");
  square.setAttribute("aria-label", square.dataset.label);
}
document.addEventListener("change", (event) => {
  if (event.target.id === "confirm-taps") localStorage.setItem(CONFIRM_KEY, event.target.checked ? "on" : "off");
});
function showConfirmSwitch() {
  const box = document.querySelector("#confirm-taps");
  if (box) box.checked = confirming();
}

// A square played shows its mark at once, with the last move's dot, before
// the answer (and the computer's reply) comes back. If a computer answers it,
// the status says it is thinking (after a moment, as the notice under it
// does: the small boards answer at once), and a click on another square
// meanwhile is answered in words rather than sent to be refused.
let thinkingSoon = null;
document.addEventListener("click", (event) => {
  const square = event.target.closest?.(".grid button");
  if (!square || square.disabled || event.defaultPrevented) return;
  if (square.form?.action.endsWith("/fifth")) return; // a point chosen for an offer, not a stone played
  const status = document.querySelector("#status");
  if (document.querySelector(".grid button.pending")) {
    event.preventDefault();
    if (status) status.textContent = "Wait for the answer to your move.";
    return;
  }
  const mark = square.closest(".grid").classList.contains("next-o") ? "O" : "X";
  square.dataset.before = square.innerHTML; // put back if no answer comes
  square.replaceChildren(square.closest(".stones") ? { X: "●", O: "○" }[mark] : mark); // as words.piece_shown
  square.classList.remove("ghost");
  square.classList.add(`mark-${mark.toLowerCase()}`, "pending");
  const last = document.querySelector(".grid .last");
  if (last) last.dataset.last = "before"; // marked again if no answer comes
  last?.classList.remove("last");
  square.classList.add("last");
  if (status && document.querySelector("#status-area .reason")) {
    status.dataset.before = status.textContent;
    thinkingSoon = setTimeout(() => { status.textContent = "The computer is thinking…"; }, 150);
  }
});
document.addEventListener("htmx:after:request", () => clearTimeout(thinkingSoon));

// No answer at all: the network failed, or the server took longer than the
// page waits (htmx's defaultTimeout, 60 s; the server answers well
// within it, even when its engines are busy). Say so where the answer would
// have gone, and take back the mark the click showed: the move may not have
// been played. (An error the server answers, a 409 or a 503, is swapped in
// as any answer is, with its own words.)
document.addEventListener("htmx:error", (event) => {
  if (!event.detail.ctx) return; // not a request's error
  for (const square of document.querySelectorAll(".grid button.pending")) {
    square.innerHTML = square.dataset.before ?? "";
    square.classList.remove("pending", "mark-x", "mark-o", "last");
  }
  document.querySelector('.grid [data-last="before"]')?.classList.add("last");
  const status = document.querySelector("#status");
  if (status?.dataset.before) status.textContent = status.dataset.before;
  let note = document.querySelector("#no-answer");
  if (!note) {
    note = Object.assign(document.createElement("p"), { id: "no-answer", className: "message" });
    note.setAttribute("role", "alert");
    (document.querySelector("#game .move-controls") ?? document.querySelector("main")).prepend(note);
  }
  const reload = Object.assign(document.createElement("a"), { href: location.href, textContent: "Reload" });
  note.replaceChildren("No answer came from the server, so your last click may not have counted. ", reload);
});
document.addEventListener("htmx:after:swap", () => document.querySelector("#no-answer")?.remove());

// While a move waits for the computer, say whether it waits for a free
// engine (the server's words, asked every half second) in place of "The
// computer is thinking…": one line, so that the board below does not move.
let queueWatch = null;
document.addEventListener("htmx:before:request", () => {
  const note = document.querySelector("#engine-queue");
  if (!note || queueWatch) return;
  note.dataset.thinking ??= note.textContent;
  queueWatch = setInterval(async () => {
    const answer = await fetch("/engines", { headers: { Accept: "text/plain" } }).catch(() => null);
    const words = answer?.ok ? await answer.text() : "";
    if (queueWatch) note.textContent = words || note.dataset.thinking;
  }, 500);
});
document.addEventListener("htmx:after:request", () => {
  clearInterval(queueWatch);
  queueWatch = null;
  const note = document.querySelector("#engine-queue");
  if (note?.dataset.thinking) note.textContent = note.dataset.thinking;
});

// Pointing at a move in the list (or focusing its link) marks its stone.
function markMove(event, on) {
  const entry = event.target.closest?.(".moves li[data-cell]");
  if (!entry) return;
  const cell = entry.dataset.cell;
  document.querySelector(`.grid button[value="${cell}"], .grid [data-cell="${cell}"]`)?.classList.toggle("pointed", on);
}
document.addEventListener("mouseover", (event) => markMove(event, true));
document.addEventListener("mouseout", (event) => markMove(event, false));
document.addEventListener("focusin", (event) => markMove(event, true));
document.addEventListener("focusout", (event) => markMove(event, false));

// A copy button copies the link beside it. Over plain HTTP (another device
// on the network) the browser offers no clipboard to a page: the link is
// selected instead, for the person to copy.
document.addEventListener("click", async (event) => {
  const button = event.target.closest?.("button.copy");
  if (!button) return;
  const link = button.parentElement.querySelector("a");
  try {
    await navigator.clipboard.writeText(link.href);
    button.textContent = "Copied";
  } catch {
    getSelection().selectAllChildren(link);
    button.textContent = "Selected: copy it with Ctrl+C or ⌘C";
  }
});

// Each board's option names its levels, and the board list names the
// strongest of each board: offer the levels, and keep "the strongest" when
// the board changes.
function offerLevels() {
  const board = document.querySelector("#board");
  if (!board) return;
  const levels = board.selectedOptions[0].dataset.levels.split(" ");
  const topLevels = board.dataset.topLevels.split(" "); // each board's strongest, as the server says
  const top = topLevels.find((level) => levels.includes(level));
  for (const side of document.querySelectorAll("#player-x, #player-o")) {
    for (const option of side.options) option.disabled = option.value !== "human" && !levels.includes(option.value);
    if (side.selectedOptions[0].disabled) side.value = topLevels.includes(side.value) ? top : "human";
  }
}
// Gomoku's rules come with its boards: a form's rule is shown for a board
// that has more than freestyle (the new-game form's options name them),
// offering only that board's rules.
function offerRules(boardId, choiceId) {
  const board = document.querySelector(boardId), choice = document.querySelector(choiceId);
  const named = document.querySelector(`#board option[value="${board?.value}"]`);
  if (!board || !choice || !named) return;
  const rules = (named.dataset.rules || "freestyle").split(" ");
  choice.hidden = rules.length < 2;
  const rule = choice.querySelector("select");
  for (const option of rule.options) option.disabled = !rules.includes(option.value);
  if (rule.selectedOptions[0].disabled) rule.value = "freestyle";
}
// The opening rules come with the same boards, each under its rules
// (data-rules, where not freestyle and standard: renju's) and on the boards
// its zones fit (data-boards, where not every board with rules), as the
// new-game form's options say for both forms.
function offerOpenings(prefix) {
  const choice = document.querySelector(`#${prefix}opening-choice`), rule = document.querySelector(`#${prefix}rule`);
  const board = document.querySelector(`#${prefix}board`);
  if (!choice || !rule) return;
  choice.hidden = document.querySelector(`#${prefix}rule-choice`).hidden;
  const opening = choice.querySelector("select");
  for (const option of opening.options) {
    const places = document.querySelector(`#opening option[value="${option.value}"]`)?.dataset ?? {};
    const rules = (places.rules || "freestyle standard").split(" "), boards = places.boards?.split(" ");
    option.disabled = option.value !== "none" && (!rules.includes(rule.value) || (boards && !boards.includes(board?.value)));
  }
  if (opening.selectedOptions[0].disabled) opening.value = "none";
}
const offerAllRules = () => {
  offerRules("#board", "#rule-choice");
  offerRules("#invite-board", "#invite-rule-choice");
  offerOpenings("");
  offerOpenings("invite-");
};
// The sides are named as the board chosen names them (words.side_name):
// Black and White on the boards the form lists as such, else X and O.
function nameSides() {
  const sidesOf = (board) => board && (document.querySelector("#board")?.dataset.blackWhite.split(" ")
    .includes(board.value) ? ["Black", "White"] : ["X", "O"]);
  const [first, second] = sidesOf(document.querySelector("#board")) || [];
  const labels = [document.querySelector('label[for="player-x"]'), document.querySelector('label[for="player-o"]')];
  if (first && labels[0] && labels[1]) [labels[0].textContent, labels[1].textContent] = [first, second];
  const invited = sidesOf(document.querySelector("#invite-board"));
  const options = document.querySelector("#invite-side")?.options;
  if (invited && options) [options[0].textContent, options[1].textContent] = [`${invited[0]} (first)`, invited[1]];
}
// The invitation to a friend offers the board, rule and opening chosen for the next game.
document.addEventListener("change", (event) => {
  const invited = { board: "#invite-board", rule: "#invite-rule", opening: "#invite-opening" }[event.target.id];
  if (event.target.id === "board") offerLevels();
  if (invited && document.querySelector(invited)) document.querySelector(invited).value = event.target.value;
  if (/board|rule/.test(event.target.id)) offerAllRules();
  if (/board/.test(event.target.id)) nameSides();
});

// The switch for alpha-beta's marks keeps open every node that is open now:
// htmx may have opened several, and the page it came with knows of one.
document.addEventListener("click", (event) => {
  const link = event.target.closest?.("#alphabeta");
  if (!link) return;
  const url = new URL(link.href);
  url.searchParams.delete("open");
  for (const node of document.querySelectorAll('.tree a[aria-expanded="true"]')) {
    url.searchParams.append("open", node.id.slice("toggle-".length));
  }
  link.href = url.href;
  link.setAttribute("hx-get", url.pathname + url.search);
}, true);

// The stream names its event "rematch", with the new game's address as data.
document.addEventListener("rematch", (event) => location.assign(event.detail.data));
// The lobby's stream names its event "paired" when this visitor's seek is accepted: the page goes to the game.
document.addEventListener("paired", (event) => location.assign(event.detail.data));

offerLevels();
offerAllRules();
rove(false);
showConfirmSwitch();

// The running clock counts down between the server's pages: each page (and
// each of the stream's messages) says the seconds left as it was drawn, and
// the server decides when time runs out; this only keeps the figure moving.
// When a clock arrived is noted at once (a MutationObserver's callback runs
// even in a background tab, where timers are slowed to once a minute).
function clockWords(seconds) {
  if (seconds <= 0) return "0:00";
  if (seconds <= 10) return `0:${(Math.ceil(seconds * 10) / 10).toFixed(1).padStart(4, "0")}`;
  const whole = Math.ceil(seconds), hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60), secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}
const clockArrived = new WeakMap(); // each running clock, and when it came
function noteClocks() {
  for (const clock of document.querySelectorAll(".clock[data-running]")) {
    if (!clockArrived.has(clock)) clockArrived.set(clock, performance.now());
  }
}
new MutationObserver(noteClocks).observe(document.body, { childList: true, subtree: true });
noteClocks();
setInterval(() => {
  const running = document.querySelector(".clock[data-running]");
  if (!running) return;
  noteClocks();
  const left = Number(running.dataset.seconds) - (performance.now() - clockArrived.get(running)) / 1000;
  running.querySelector("strong").textContent = clockWords(left);
  running.classList.toggle("low", left < 20);
}, 100);

// A claim on its way (the friend to move has left the game): the page is
// drawn again when it may be made, as Refresh would draw it; no change of the
// game's marks that moment, so no stream's message brings it.
const claimArrived = new WeakSet();
function noteClaim() {
  const claim = document.querySelector(".claim[data-claim-in]");
  if (!claim || claimArrived.has(claim)) return;
  claimArrived.add(claim);
  setTimeout(() => { if (claim.isConnected) location.reload(); }, (Number(claim.dataset.claimIn) + 1) * 1000);
}
new MutationObserver(noteClaim).observe(document.body, { childList: true, subtree: true });
noteClaim();
