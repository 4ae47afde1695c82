// The page's three input modes, as small objects (after Red Blob Games' input
// modes): Watch (runs and their transport), Play (walk from S to G) and Edit
// (change the maze).  One is active at a time, the one the machine's state
// names (machine.js MODE_OF); the page hands it the keys and the pointer.
//   enter(arg)   async: get the mode's maze from the engine (runs as the busy task)
//   exit()       the machine left the mode's state
//   key(e)       true when the key was the mode's own
//   down/move/up/cancel(e)   pointer events on the board; down returns true when taken
//   status() / message(now)  the stats line and the message under the board
import { Editor } from "./edit.js";
import { help } from "./editworlds.js";
import { Walk } from "./walk.js";

// Edit re-solves the maze at every change (the live route) up to this many squares (cells and passages).
const LIVE_MAX = 250000;
const WALK_KEYS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  w: "up", s: "down", a: "left", d: "right", W: "up", S: "down", A: "left", D: "right",
  PageUp: "upstairs", PageDown: "downstairs", "<": "upstairs", ">": "downstairs" }; // (stairs: mazes of levels)
// A hex maze's six sides: q w e over a s d (north-west, north, north-east; south-west, south, south-east).
const HEX_KEYS = { q: "nw", w: "up", e: "ne", a: "sw", s: "down", d: "se" };
// A zeta maze's diagonals: q e over z c around w a s d (north-west, north-east; south-west, south-east), radians.
const ZETA_KEYS = { q: -0.75 * Math.PI, e: -0.25 * Math.PI, z: 0.75 * Math.PI, c: 0.25 * Math.PI };

class Mode {
  constructor(page) { this.page = page; }
  async enter() {}
  exit() {}
  key() { return false; }
  down() { return false; }
  move() {}
  up() {}
  cancel() {}
}

// Watch: the transport keys (space, arrows, shift+arrows) step and animate the run.
export class Watch extends Mode {
  name = "watch";
  event = "leave";

  key(e) {
    const { page } = this;
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const key = e.key === " " ? (page.machine.state === "running" ? "pause" : "play")
      : e.key === "ArrowRight" ? (e.shiftKey ? "next" : "step")
      : e.key === "ArrowLeft" ? (e.shiftKey ? "prev" : "back") : null;
    // (space is the transport's even when its button is off: it never clicks the button that has the focus)
    return !!key && (page.press(key) || e.key === " ");
  }

  // A press on the board: D* Lite's run takes it as a wall changed (replan.js).
  down(e) { return !!this.page.replan && this.page.replan.down(e); }
  status() { return this.page.runStats(); }
  message(now) { return this.page.runMessage(now); }
}

// Play: arrows / WASD walk, r back to S, n a new maze; a swipe moves that way, a tap moves one
// cell towards the tapped point.
export class Play extends Mode {
  name = "play";
  event = "walk";

  async enter(fresh = false) {
    const { page } = this, p = page.player, h = p.header;
    // The solve shown (one that left S and G where they were) comes back when Play is left for Watch.
    const kept = !fresh && p.kind === "solve" && page.ui.ran.solve && p.s.start === h.start && String(p.s.goals) === String(h.goals);
    this.back = kept ? page.ui.ran.solve : null;
    if (fresh) await page.regenerate();
    await page.showCurrent();
    // The walk starts at once; the engine measures the shortest route meanwhile (seconds on huge mazes).
    const walk = this.walk = new Walk(page.player.s, null);
    page.engine.call("shortest").then(({ moves }) => { walk.shortest = moves; }, () => {});
    page.$("walk-hint").textContent = walk.keys();
    if (page.view3d.wanted) await page.view3d.open(walk);
    page.show3d();
    this.showStairs();
  }

  exit() { this.page.view3d.close(); this.page.show3d(); this.showStairs(false); }

  // The ▲ ▼ buttons: shown on a maze of levels while the walker stands on an open stair that way.
  showStairs(on = true) {
    for (const [id, down] of [["walk-upstairs", false], ["walk-downstairs", true]]) {
      const b = this.page.$(id);
      if (b) b.hidden = !(on && this.walk && this.walk.s.shape === "levels" && this.walk.stair(down));
    }
  }

  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    if (this.page.view3d.active && !this.page.machine.busy && this.page.view3d.key(e)) return true;
    const hex = this.walk.s.shape === "hex" && HEX_KEYS[e.key.toLowerCase()];
    const zeta = this.walk.s.shape === "zeta" && ZETA_KEYS[e.key.toLowerCase()];
    if (hex) this.go(hex, true);
    else if (zeta) this.go(zeta, true);
    else if (WALK_KEYS[e.key]) this.go(WALK_KEYS[e.key]);
    else if (/^[rR]$/.test(e.key)) { this.walk.reset(); this.showStairs(); }
    else if (/^[nN]$/.test(e.key)) this.page.switchMode("play", true);
    else return false;
    return true;
  }

  go(direction, strict = false) {
    if (this.page.machine.busy) return;
    this.walk.move(direction, strict);
    this.showStairs();
    this.page.say(this.walk.message()); // now, not at the next frame: it is what was asked for
  }

  down(e) { this.swipe = [e.clientX, e.clientY]; return true; }

  up(e) {
    if (!this.swipe) return;
    let dx = e.clientX - this.swipe[0], dy = e.clientY - this.swipe[1];
    this.swipe = null;
    if (this.page.view3d.active) { if (!this.page.machine.busy) this.page.view3d.swipe(dx, dy); return; }
    if (Math.hypot(dx, dy) < 16) {
      const [cx, cy] = this.page.renderer.clientCentre(this.walk.pos);
      [dx, dy] = [e.clientX - cx, e.clientY - cy];
    }
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 4) return;
    if (this.walk.s.shapes) return this.go(Math.atan2(dy, dx)); // towards the neighbour that way
    this.go(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : (dy > 0 ? "down" : "up"));
  }

  cancel() { this.swipe = null; }
  status() { return this.walk.status(); }
  message() { return this.walk.message(); }

  snapshot() {
    const w = this.walk;
    return { pos: w.pos, moves: w.moves, trail: w.trail.slice(), shortest: w.shortest, atGoal: w.atGoal };
  }
}

// Edit: press and drag change the maze (edit.js); ctrl+Z / ctrl+Y (ctrl+shift+Z) undo and redo.
// `base`: the generated maze the edits started from (its wall layer, geometry and generator
// arguments), what a link of the edited maze is made of; null for an imported maze.
export class Edit extends Mode {
  name = "edit";
  event = "edit";
  editor = null;
  base = null;

  // `blocks`: convert a thin-wall maze to blocks first (the one way a thin maze becomes blocks).
  async enter(blocks = false) {
    const { page } = this, from = page.ui.origin, geometry = page.player.s.geometry, gen = page.ui.ran.generate;
    const s = await page.showCurrent(blocks);
    if (blocks) page.setView("block");
    if (from === "generated" || from === "moved") this.base = { wall: s.wall.slice(), geometry, gen };
    else if (from !== "edited") this.base = null;
    // Back to the maze edited last (a solve in between): its undo history goes on.
    const ed = this.editor;
    if (!blocks && from === "edited" && ed && ed.s.wall.length === s.wall.length && ed.s.geometry === s.geometry &&
        ed.s.shape === s.shape) {
      ed.s = s;
    } else this.editor = new Editor(s, page.renderer, null);
    if (s.shapes) for (let p = 0; p < s.shapes.n; p++) s.wall[p] = 0; // cells are open: passages are what edits change
    this.editor.commit = () => page.commitEdit(this.editor.s);
    this.editor.relink = () => page.relink(); // the checkpoints changed: the address bar's link follows
    this.editor.onChange = () => this.live();
    this.liveText = "";
    this.live(); // the route of the maze as it comes in
    this.editor.brush = Number(page.$("edit-brush").value);
    page.renderer.extra = (o, r) => this.editor.drawOver(o, r);
  }

  exit() {
    if (!this.editor) return;
    this.editor.up();
    this.editor.hover(null);
    this.page.renderer.extra = null;
  }

  key(e) {
    if (!this.page.machine.busy && this.editor.key(e)) return true; // (a maze of levels: its stair keys)
    if (!(e.ctrlKey || e.metaKey) || !/^[zy]$/i.test(e.key)) return false;
    this.act(e.key.toLowerCase() === "y" || e.shiftKey ? "redo" : "undo");
    return true;
  }

  // An edit action ("clear", "undo", "redo") unless a request is under way.
  act(what) {
    if (this.page.machine.busy) return;
    if (what === "clear") this.editor.clear(); else this.editor.undo(what === "redo");
  }

  down(e) {
    if (this.page.machine.busy) return false;
    this.page.board.setPointerCapture(e.pointerId);
    this.editor.down(e);
    return true;
  }

  move(e) { if (this.editor.stroke) this.editor.move(e); else this.editor.hover(e); }
  up(e) { this.editor.up(); if (e) this.editor.hover(e); }
  cancel() { this.editor.up(); this.editor.hover(null); }
  status() { return this.editor.status() + (this.liveText ? `  ·  ${this.liveText}` : ""); }

  // Live route: a change to the maze re-solves it with the chosen solver (and the checkpoints) in
  // the engine, nobody watching ("preview"), and shows the searched area and the route.  One solve
  // at a time, started on the next frame: changes made while one is under way are solved together
  // when it is back (the latest maze, never a queue of stale ones).  Mazes over LIVE_MAX squares
  // are solved with Solve only.
  live() {
    this.liveWanted = true;
    if (this.liveBusy) return;
    this.liveBusy = true;
    requestAnimationFrame(() => this.liveRun().finally(() => { this.liveBusy = false; }));
  }

  async liveRun() {
    const { page } = this, ed = this.editor;
    while (this.liveWanted && ed === this.editor) {
      this.liveWanted = false;
      const s = ed.s;
      if (s.wall.length > LIVE_MAX) { this.liveText = "live route: Solve (a maze this large is not solved at every change)"; return; }
      const sol = page.solveArgs(), stops = s.checkpoints || [];
      const options = stops.length ? { ...sol.options, waypoints: stops } : sol.options;
      let r;
      try {
        r = await page.engine.call("preview", { ...page.mazeArgs(s), slug: sol.slug, seed: sol.seed, options });
      } catch (err) {
        this.liveText = `live route: ${err.message}`;
        continue;
      }
      if (s !== ed.s || ed !== this.editor || page.machine.mode !== "edit") return;
      this.shown = (this.shown || 0) + 1; // (what the tests wait for)
      if (r.mark.length === s.mark.length) {
        s.mark.set(r.mark);
        s.markCount.fill(0);
        for (const m of r.mark) s.markCount[m]++;
        s.allDirty = true;
      }
      s.waypoints = r.found ? r.route.map((p, i) => [p, i]) : [];
      s.routeChanged = true;
      const unit = page.ui.sol.current && page.ui.sol.current.anyangle ? "segments" : "moves";
      this.liveText = r.found ? `live route ${sol.slug}: ${r.moves} ${unit}, cost ${Math.round(r.cost * 1000) / 1000}, visited ${r.visited}`
        : `live route ${sol.slug}: no route, visited ${r.visited}`;
    }
  }

  message() {
    const ed = this.editor;
    if (ed.shape && help(ed.shape)) return `Editing the ${ed.s.shape} maze: click or tap the side two cells share to open or close it${help(ed.shape)}.`;
    if (ed.shape) {
      return `Editing the ${ed.s.shape} maze: click or tap the side two cells share to open or close it (the one under ` +
        "the pointer is outlined in orange), drag to paint more, drag S or G to another cell; the solvers run on this maze.";
    }
    return ed.thin ? "Editing thin walls: click or tap a wall between two cells to toggle it (the one under the pointer is " +
      "outlined in orange); the solvers run on this maze."
      : "Editing blocks (the square under the pointer is outlined in orange): the solvers run on this maze.";
  }
}
