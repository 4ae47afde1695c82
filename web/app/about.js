// The about page's list of colours, from the page's own palette (a file: the site's
// Content-Security-Policy allows no inline script).
import { MARKS, PARTS } from "../board/palette.js";

const list = document.getElementById("colours");
for (const [colour, text] of [...Object.values(PARTS), ...Object.values(MARKS)]) {
  const li = document.createElement("li"), i = document.createElement("i");
  i.style.background = colour;
  li.append(i, text);
  list.append(li);
}
