// The page works without this file. With it: Tab reaches the board once and
// the arrow keys move between its squares; after htmx swaps in a new board the
// keyboard focus stays where the person was; a copy button copies its link;
// the new-game form offers only the levels of the board chosen; and a page
// watching a game with a friend follows it to the rematch.
document.documentElement.classList.add("js");

const squares = () => [...document.querySelectorAll(".grid button")];
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
let lastSquare = null; // the number of the square that last had the focus

// One square is in the Tab order: the one the person was on, or else the first they can play.
function rove(focusIt) {
  const all = squares();
  const open = (n) => all[n] && !all[n].disabled;
  const from = lastSquare ?? 0;
  const current = [...all.keys()].map((i) => (from + i) % all.length).find(open);
  all.forEach((square, n) => { square.tabIndex = n === current ? 0 : -1; });
  if (focusIt) (current === undefined ? document.querySelector("#game button:not([disabled])") : all[current])?.focus();
}

document.addEventListener("keydown", (event) => {
  const step = STEPS[event.key];
  const square = event.target.closest?.(".grid button");
  if (!step || !square) return;
  event.preventDefault();
  const all = squares();
  const size = Number(square.closest(".grid").dataset.size);
  let [row, column] = [Math.floor(square.value / size), square.value % size];
  for (;;) { // to the nearest square the person can play, in that direction
    [row, column] = [row + step[0], column + step[1]];
    if (row < 0 || row >= size || column < 0 || column >= size) return;
    const next = all[row * size + column];
    if (!next.disabled) { lastSquare = row * size + column; rove(true); return; }
  }
});

document.addEventListener("focusin", (event) => {
  const square = event.target.closest?.(".grid button");
  if (square) lastSquare = Number(square.value);
});

// htmx puts the focus back on the element with the same id; a square just
// played comes back disabled, so move on to the next one that can be played.
document.addEventListener("htmx:after:settle", () => {
  const lost = !document.activeElement || document.activeElement === document.body;
  rove(lost && lastSquare !== null);
});

document.addEventListener("click", async (event) => {
  const button = event.target.closest?.("button.copy"); // copies the link just before it
  if (!button) return;
  await navigator.clipboard.writeText(button.previousElementSibling.href);
  button.textContent = "Copied";
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
document.addEventListener("change", (event) => { if (event.target.id === "board") offerLevels(); });

// The stream names its event "rematch", with the new game's address as data.
document.addEventListener("rematch", (event) => location.assign(event.detail.data));

offerLevels();
rove(false);
