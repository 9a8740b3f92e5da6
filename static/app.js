// The page works without this file. With it: copy buttons copy their link
// (they are shown only where scripts run, through the "js" class).
document.documentElement.classList.add("js");
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  await navigator.clipboard.writeText(button.dataset.copy);
  button.textContent = "Copied";
});
