// The interactive Mangala board (anywidget ES module; no build step, no network).
//
// Python owns every rule: this file only draws the state it is given, animates the move
// traces Python sends ({type: "play", trace, captions}), and reports clicks and buttons back
// ({type: "click" | "undo" | "redo" | "edit"}). See mangala_edu/widgets/board.py.
//
// The picture: Python sends `frame` (the static SVG from mangala_edu.display.svg, with empty
// groups to fill) and `geometry` (from mangala_edu.display.layout.board_layout). Stones are
// placed with the same formula as layout.stone_spots, so the widget looks like board_svg().
//
// The parts, each a function below: `buildView` (the page elements), `createPicture` (drawing
// the board), `createAnimator` (playing a move's trace stone by stone), `createControls` (the
// buttons, the editor and the keys); `render` joins them to the model's events.

/**
 * The synced state of a board (the traitlets of mangala_edu.widgets.board.Board).
 * @typedef {Object} BoardState
 * @property {number[]} board        stones in each place: S1..Sm, S-store, N1..Nm, N-store
 * @property {?string} to_move       "south", "north", or null once the set is over
 * @property {number[]} legal        the pits the mover may play (from the mover's own left)
 * @property {string} status         the line under the board (whose turn, or the result)
 * @property {string} caption        what the last move did
 * @property {string} message        why a click was refused (or an information)
 * @property {string} message_kind   "error", "info" or ""
 * @property {number[]} highlight    board indices to ring
 * @property {Array<[number, string]>} tuzdiks  each tuzdik (Toguz Korgool): [board index, owner]
 * @property {Object} geometry       display.layout.board_layout(rules)
 * @property {string} frame          the static SVG to draw on (display.svg.widget_frame)
 * @property {Object<string, (string|{one: string, other: string})>} texts  the words to show
 * @property {{outcomes: string[], endings: string[], steps: string[], lifts: string[],
 *   notices: string[], tuzdiks: string[], to_owner: string[]}} kinds  the event kinds
 *   (engine.trace.EventKind) that say which rule fired at the last stone, those that end a
 *   set, those after which the hand is over a place, those that lift stones into the hand (a
 *   relay too), those shown a while longer (a pass), the one that makes a tuzdik, and the one
 *   whose stone goes on to its owner's store (a stone sown into a tuzdik)
 * @property {boolean} can_undo
 * @property {boolean} can_redo
 * @property {boolean} editing       the teacher's editor is open
 * @property {string} lock_text      why the board takes no move now ("" when it does)
 * @property {string} lang           "tr" or "en"
 * @property {number} speed          animation steps a second (0: no animation)
 * @property {boolean} step_mode     the next stone comes on a button press
 * @property {string[]} controls     the buttons shown: undo, redo, step, speed, edit
 */

/**
 * The model as anywidget gives it to `render`.
 * @typedef {Object} Model
 * @property {<K extends keyof BoardState>(name: K) => BoardState[K]} get
 * @property {<K extends keyof BoardState>(name: K, value: BoardState[K]) => void} set
 * @property {() => void} save_changes
 * @property {(content: Object) => void} send
 * @property {(event: string, fn: Function) => void} on
 * @property {(event: string, fn: Function) => void} off
 */

/**
 * One step of a move (mangala_edu.engine.trace.Event.to_dict) and a whole move
 * (MoveTrace.to_dict), as Python sends them.
 * @typedef {{kind: string, place: ?number, count: number, board: number[], side: ?string,
 *            moved: number[][]}} TraceEvent
 * @typedef {{pit: number, player: string, events: TraceEvent[]}} Trace
 */

const NS = "http://www.w3.org/2000/svg";
const GOLDEN = Math.PI * (3 - Math.sqrt(5));

/** Fill "{name}" slots of a catalogue template. */
function fill(template, params) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** Where the stones of a place are drawn: [x, y, r, colour] each (= layout.stone_spots). */
export function stoneSpots(place, count, lay) {
  const cap = place.kind === "store" ? lay.store_capacity : lay.pit_capacity;
  const drawn = Math.min(count, lay.max_drawn);
  const crowd = Math.max(cap, drawn);
  const radius = lay.stone_r * Math.max(0.6, Math.sqrt(cap / crowd));
  const ax = place.rx - lay.stone_r - 3;
  const ay = place.ry - lay.stone_r - 3;
  const phase = place.index * 0.9;
  const colours = lay.stones.length;
  const spots = [];
  for (let k = 0; k < drawn; k++) {
    const rho = Math.sqrt((k + 0.5) / crowd);
    const angle = phase + k * GOLDEN;
    spots.push([
      place.cx + rho * ax * Math.cos(angle),
      place.cy + rho * ay * Math.sin(angle),
      radius,
      (place.index * 3 + k * 5 + Math.floor((k * k) / 3)) % colours,
    ]);
  }
  return spots;
}

function svgEl(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

function htmlEl(name, attrs, parent) {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

function clear(group) {
  if (group) while (group.firstChild) group.removeChild(group.firstChild);
}

// -- The page ---------------------------------------------------------------------------------

/** The board's page elements: the picture, the lines under it, the toolbar and the editor. */
function buildView(el) {
  // tabindex -1: a click anywhere on the board gives it the keyboard focus (keys 1-9).
  const root = htmlEl("div", { class: "mangala-board", tabindex: "-1" }, el);
  const stage = htmlEl("div", { class: "mg-stage", role: "group" }, root);
  const view = {
    el, root, stage,
    picture: htmlEl("div", { class: "mg-picture" }, stage),
    hits: htmlEl("div", { class: "mg-hits" }, stage),
    caption: htmlEl("div", { class: "mg-caption", "aria-live": "polite" }, root),
    message: htmlEl("div", { class: "mg-message", role: "alert" }, root),
    hint: htmlEl("div", { class: "mg-hint" }, root),
    toolbar: htmlEl("div", { class: "mg-toolbar", role: "toolbar" }, root),
  };
  const bar = view.toolbar;
  view.undoBtn = htmlEl("button", { type: "button", class: "mg-btn mg-undo" }, bar);
  view.redoBtn = htmlEl("button", { type: "button", class: "mg-btn mg-redo" }, bar);
  view.stepLabel = htmlEl("label", { class: "mg-step-toggle" }, bar);
  view.stepBox = htmlEl("input", { type: "checkbox" }, view.stepLabel);
  view.stepText = htmlEl("span", {}, view.stepLabel);
  view.prevBtn = htmlEl("button", { type: "button", class: "mg-btn mg-prev" }, bar);
  view.nextBtn = htmlEl("button", { type: "button", class: "mg-btn mg-next" }, bar);
  view.endBtn = htmlEl("button", { type: "button", class: "mg-btn mg-end" }, bar);
  view.speedLabel = htmlEl("label", { class: "mg-speed" }, bar);
  view.speedText = htmlEl("span", {}, view.speedLabel);
  view.speedInput = htmlEl("input", { type: "range", min: "0.5", max: "12", step: "0.5" },
                           view.speedLabel);
  view.editBtn = htmlEl("button", { type: "button", class: "mg-btn mg-edit" }, bar);

  const editbar = htmlEl("div", { class: "mg-editbar", role: "toolbar" }, root);
  view.editbar = editbar;
  view.addBtn = htmlEl("button", { type: "button", class: "mg-btn mg-add" }, editbar);
  view.removeBtn = htmlEl("button", { type: "button", class: "mg-btn mg-remove" }, editbar);
  view.moverLabel = htmlEl("label", { class: "mg-mover" }, editbar);
  view.moverText = htmlEl("span", {}, view.moverLabel);
  view.moverSelect = htmlEl("select", {}, view.moverLabel);
  view.optSouth = htmlEl("option", { value: "south" }, view.moverSelect);
  view.optNorth = htmlEl("option", { value: "north" }, view.moverSelect);
  view.optOver = htmlEl("option", { value: "" }, view.moverSelect);
  view.applyBtn = htmlEl("button", { type: "button", class: "mg-btn mg-apply" }, editbar);
  view.cancelBtn = htmlEl("button", { type: "button", class: "mg-btn mg-cancel" }, editbar);
  return view;
}

// -- Drawing ----------------------------------------------------------------------------------

/**
 * Drawing the board: the frame, the invisible buttons over the places, the stones, counts,
 * rings and the stones in flight.
 * @param {Model} model
 */
function createPicture(model, view, press) {
  let svg = null;
  let groups = {};
  let uid = "";
  let hitButtons = [];
  const texts = () => model.get("texts") || {};
  const lay = () => model.get("geometry") || { places: [] };

  function buildFrame() {
    // The frame's gradients have ids made from the rules; two boards on a page would share
    // them, and a board whose twin is hidden (display: none, as in the pupil view's other
    // parts) would lose its wood and stones. So each view renames them its own way.
    const frame = model.get("frame") || "";
    const base = (frame.match(/data-uid="([^"]+)"/) || [])[1] || "";
    const own = `${base}v${Math.random().toString(36).slice(2, 9)}`;
    view.picture.innerHTML = base ? frame.split(base).join(own) : frame;
    svg = view.picture.querySelector("svg");
    groups = {};
    if (!svg) return;
    uid = svg.getAttribute("data-uid") || "";
    for (const name of ["highlights", "stones", "marks", "focus", "counts", "fly"]) {
      groups[name] = svg.querySelector(`.mg-${name}`);
    }
    groups.status = svg.querySelector(".mg-status");
    const l = lay();
    if (l.width) {
      view.stage.style.setProperty("--mg-aspect", `${l.width} / ${l.height}`);
      view.stage.style.setProperty("--mg-aspect-ratio", String(l.width / l.height));
    }
  }

  function buildHits() {
    view.hits.textContent = "";
    hitButtons = [];
    const l = lay();
    for (const place of l.places) {
      // A dish of captured stones beside the board (the storeless games, Toguz Korgool's
      // kazans) is never played from: it is a picture with a name, not a button.
      const dish = Boolean(l.beside) && place.kind === "store";
      const b = htmlEl(dish ? "div" : "button", {
        class: `mg-hit mg-${place.kind} mg-${place.side}${dish ? " mg-dish" : ""}`,
        "data-index": place.index,
        "data-label": place.label,
        ...(dish ? { role: "img" } : { type: "button" }),
      }, view.hits);
      b.style.left = `${((place.cx - place.rx) / l.width) * 100}%`;
      b.style.top = `${((place.cy - place.ry) / l.height) * 100}%`;
      b.style.width = `${((2 * place.rx) / l.width) * 100}%`;
      b.style.height = `${((2 * place.ry) / l.height) * 100}%`;
      hitButtons.push(b);
      if (dish) {
        // Only the teacher's editor puts stones into a dish (or takes them out).
        b.addEventListener("click", (e) => model.get("editing") && press(place, e.shiftKey));
        b.addEventListener("contextmenu", (e) => {
          if (model.get("editing")) {
            e.preventDefault();
            e.stopPropagation();
            press(place, true);
          }
        });
        continue;
      }
      b.addEventListener("click", (e) => press(place, e.shiftKey));
      b.addEventListener("focus", () => focusRing(b.matches(":focus-visible") ? place : null));
      b.addEventListener("blur", () => focusRing(null));
      b.addEventListener("contextmenu", (e) => {
        if (model.get("editing")) {
          e.preventDefault();
          e.stopPropagation(); // not JupyterLab's own context menu
          press(place, true);
        }
      });
    }
  }

  function ring(place, group) {
    const P = lay().palette;
    const a = { cx: place.cx, cy: place.cy, rx: place.rx + 8, ry: place.ry + 8, fill: "none" };
    svgEl("ellipse", { ...a, stroke: P.highlight_fill, "stroke-width": 14, "stroke-opacity": 0.8 }, group);
    svgEl("ellipse", {
      ...a, stroke: P.highlight, "stroke-width": 6, "stroke-dasharray": "11 7",
      "stroke-linecap": "round", class: "mg-ring",
    }, group);
  }

  // The keyboard focus: a solid blue ring drawn under the counts (so they stay readable).
  function focusRing(place) {
    clear(groups.focus);
    if (!place || !groups.focus) return;
    const a = { cx: place.cx, cy: place.cy, rx: place.rx + 5, ry: place.ry + 5, fill: "none" };
    svgEl("ellipse", { ...a, stroke: "#ffffff", "stroke-width": 10 }, groups.focus);
    svgEl("ellipse", { ...a, stroke: "#1c4fd8", "stroke-width": 5, class: "mg-focus-ring" }, groups.focus);
  }

  /** Draw `board` with `opts`: rings, the active side, the status line, the legal places and
   * the hand (the place it is over and the stones in it). */
  function draw(board, opts) {
    if (!svg) return;
    const l = lay();
    const P = l.palette;
    const T = texts();
    for (const name of ["highlights", "stones", "counts", "marks"]) clear(groups[name]);
    for (const i of opts.rings || []) if (l.places[i]) ring(l.places[i], groups.highlights);
    l.places.forEach((place, i) => {
      const count = board[i] ?? 0;
      for (const [x, y, r, c] of stoneSpots(place, count, l)) {
        svgEl("circle", {
          cx: x.toFixed(1), cy: y.toFixed(1), r: r.toFixed(2), fill: `url(#${uid}-s${c})`,
          stroke: "#2b1d12", "stroke-opacity": 0.45, "stroke-width": 0.9,
        }, groups.stones);
      }
      const store = place.kind === "store";
      const rb = store ? 20 : 17;
      const size = count < 100 ? (store ? 20 : 18) : 14;
      svgEl("circle", {
        cx: place.bx, cy: place.by, r: rb, fill: P.badge, stroke: P.badge_edge, "stroke-width": 2,
      }, groups.counts);
      const text = svgEl("text", {
        x: place.bx, y: place.by, dy: "0.35em", "text-anchor": "middle", "font-size": size,
        "font-weight": "bold", fill: P.ink, class: "mg-count", "data-index": i,
      }, groups.counts);
      text.textContent = String(count);
      // The accessible name of the place's button.
      const side = T[`side.${place.side}`] ?? place.side;
      const sideGen = T[`side.${place.side}.gen`] ?? side;
      const key = store ? (l.beside ? "board.captured_label" : "board.store_label") : "board.pit_label";
      const forms = T[key] ?? {};
      let label = fill(forms[count === 1 ? "one" : "other"], {
        side, side_gen: sideGen, pit: place.number, count,
      });
      const tuz = (opts.tuzdiks || []).find(([index]) => index === i);
      if (tuz) {
        const owner = T[`side.${tuz[1]}.gen`] ?? tuz[1];
        label = fill(T["board.tuzdik_label"], { side, pit: place.number, owner });
      }
      const b = hitButtons[i];
      if (b) {
        b.setAttribute("aria-label", label);
        b.title = label;
        b.classList.toggle("mg-legal", Boolean(opts.legal && opts.legal.has(i)));
        b.classList.toggle("mg-marked", (opts.rings || []).includes(i));
      }
    });
    for (const [index, owner] of opts.tuzdiks || []) tuzdikMark(index, owner);
    if (opts.hand) handBubble(opts.hand.place, opts.hand.count);
    for (const g of svg.querySelectorAll(".mg-player")) {
      g.classList.toggle("mg-active", g.getAttribute("data-side") === opts.active);
    }
    if (groups.status) groups.status.textContent = opts.status ?? "";
  }

  // A tuzdik: the pit covered by a dark disc saying tuzdik and whose it is (as
  // display.svg.tuzdik_svg draws it).
  function tuzdikMark(index, owner) {
    const place = lay().places[index];
    if (!place || !groups.marks) return;
    const T = texts();
    const g = svgEl("g", { class: "mg-tuzdik", "data-owner": owner, "data-index": index }, groups.marks);
    svgEl("circle", {
      cx: place.cx, cy: place.cy, r: place.rx - 1, fill: "#3b2314", "fill-opacity": 0.9,
      stroke: "#ffd8a8", "stroke-width": 3, "stroke-dasharray": "6 4",
    }, g);
    const word = svgEl("text", {
      x: place.cx, y: place.cy - 9, dy: "0.35em", "text-anchor": "middle", "font-size": 15,
      "font-weight": "bold", fill: "#ffffff",
    }, g);
    word.textContent = T["board.tuzdik_mark"] ?? "";
    const name = svgEl("text", {
      x: place.cx, y: place.cy + 11, dy: "0.35em", "text-anchor": "middle", "font-size": 15,
      "font-weight": "bold", fill: "#ffd8a8",
    }, g);
    name.textContent = T[`side.${owner}`] ?? owner;
  }

  // "In hand: N" beside the place the hand is over: on the player's side of a pit (the pit
  // numbers are on the other side, the count's badge at the corner), over a store's middle.
  function handBubble(index, count) {
    const l = lay();
    const place = l.places[index];
    if (!place || !count) return;
    const label = fill(texts()["widget.in_hand"] ?? "{count}", { count });
    const out = place.ry + 16;
    const y = place.kind === "store" ? place.cy : (place.side === "south" ? place.cy + out : place.cy - out);
    const w = 14 + label.length * 10;
    const g = svgEl("g", { class: "mg-hand" }, groups.marks);
    svgEl("rect", {
      x: place.cx - w / 2, y: y - 15, width: w, height: 30, rx: 15,
      fill: l.palette.ink, "fill-opacity": 0.85, stroke: "#ffffff", "stroke-width": 1.5,
    }, g);
    const t = svgEl("text", {
      x: place.cx, y, dy: "0.35em", "text-anchor": "middle", "font-size": 17,
      "font-weight": "bold", fill: "#ffffff",
    }, g);
    t.textContent = label;
  }

  /** Stones flying from place `from` to place `to` (at most six drawn). */
  function fly(from, to, stones, duration) {
    const l = lay();
    const a = l.places[from];
    const b = l.places[to];
    if (!a || !b || !groups.fly || duration < 30) return;
    const n = Math.min(stones, 6);
    for (let k = 0; k < n; k++) {
      const colour = (a.index * 3 + k * 5) % l.stones.length;
      const dx = (k % 3 - 1) * 6;
      const dy = (Math.floor(k / 3) - 0.5) * 6;
      const c = svgEl("circle", {
        cx: b.cx + dx, cy: b.cy + dy, r: l.stone_r, fill: `url(#${uid}-s${colour})`,
        stroke: "#2b1d12", "stroke-opacity": 0.5, "stroke-width": 1, class: "mg-flying",
      }, groups.fly);
      const ox = a.cx - b.cx;
      const oy = a.cy - b.cy;
      const lift = -40 - Math.min(60, Math.abs(ox) / 6);
      if (typeof c.animate === "function") {
        const run = c.animate([
          { transform: `translate(${ox}px, ${oy}px)` },
          { transform: `translate(${ox / 2}px, ${oy / 2 + lift}px)`, offset: 0.5 },
          { transform: "translate(0px, 0px)" },
        ], { duration, easing: "ease-in-out" });
        run.onfinish = () => c.remove();
        run.oncancel = () => c.remove();
      } else {
        c.remove();
      }
    }
  }

  /** The board at rest: the state Python sent, the legal pits marked, the caption shown. */
  function drawIdle() {
    const toMove = model.get("to_move");
    const legal = new Set();
    if (toMove && !model.get("editing")) {
      const l = lay();
      for (const pit of model.get("legal") || []) {
        const place = l.places.find((p) => p.kind === "pit" && p.side === toMove && p.number === pit);
        if (place) legal.add(place.index);
      }
    }
    draw(model.get("board") || [], {
      rings: model.get("highlight") || [],
      active: toMove,
      status: model.get("status"),
      legal,
      tuzdiks: model.get("tuzdiks") || [],
    });
    view.caption.textContent = model.get("caption") || "";
    clear(groups.fly);
  }

  return { buildFrame, buildHits, draw, fly, drawIdle, clearFlying: () => clear(groups.fly) };
}

// -- Animation --------------------------------------------------------------------------------

/**
 * Playing moves stone by stone: a queue of traces, one event at a time, with a timer (or a
 * button press in step mode).
 * @param {Model} model
 */
function createAnimator(model, view, picture, onChange) {
  let anim = null; // {trace, captions, i, timer}
  const queue = [];
  const timers = new Set();
  const texts = () => model.get("texts") || {};
  const kinds = () => model.get("kinds") || { outcomes: [], endings: [], steps: [] };
  const busy = () => anim !== null || queue.length > 0;

  function later(fn, ms) {
    const id = setTimeout(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
    return id;
  }

  function stopTimer() {
    if (anim && anim.timer) {
      clearTimeout(anim.timer);
      timers.delete(anim.timer);
      anim.timer = null;
    }
  }

  function stepTime() {
    return 1000 / Math.max(0.1, Number(model.get("speed")) || 0.1);
  }

  /** Queue a move ({type: "play", trace, captions}) and play it after those before it. */
  function enqueue(msg) {
    queue.push(msg);
    if (!anim) startNext();
  }

  function startNext() {
    const msg = queue.shift();
    if (!msg) {
      anim = null;
      onChange();
      return;
    }
    anim = {
      trace: msg.trace, captions: msg.captions || [], tuzdiks: msg.tuzdiks || [], i: -1, timer: null,
    };
    onChange();
    if (!(Number(model.get("speed")) > 0)) {
      endMove();
      return;
    }
    advance(1);
  }

  function endMove() {
    stopTimer();
    anim = null;
    if (queue.length) startNext();
    else onChange();
  }

  /** One step forwards (1), backwards (-1), or to the end of the move ("end"). */
  function advance(delta) {
    if (!anim) return;
    stopTimer();
    const events = anim.trace.events;
    if (delta === "end") {
      endMove();
      return;
    }
    const i = Math.max(0, anim.i + delta);
    if (i >= events.length) {
      endMove();
      return;
    }
    const forward = i === anim.i + 1;
    anim.i = i;
    showEvent(i, forward);
    onChange();
    schedule();
  }

  function schedule() {
    if (!anim || model.get("step_mode")) return;
    const ev = anim.trace.events[anim.i];
    const base = stepTime();
    const { outcomes, endings } = kinds();
    const lifts = kinds().lifts || ["lift"];
    const notices = kinds().notices || [];
    const slow = outcomes.includes(ev.kind) || endings.includes(ev.kind) || notices.includes(ev.kind);
    const wait = slow ? base * 2.5 + 700 : lifts.includes(ev.kind) ? base * 1.5 : base;
    anim.timer = later(() => advance(1), wait);
  }

  /** Draw event `i` of the move being played (with stones flying when going forwards). */
  function showEvent(i, forward) {
    const trace = anim.trace;
    const events = trace.events;
    const ev = events[i];
    const steps = kinds().steps;
    const over = ev.kind === "set_over";
    // Where the hand is: the place of the last lift, return or drop up to this event.
    let hand = null;
    for (let k = i; k >= 0; k--) {
      const e = events[k];
      if (steps.includes(e.kind)) {
        hand = { place: e.place, count: e.count };
        break;
      }
    }
    let rings = [];
    if (ev.place !== null && ev.place !== undefined) rings = [ev.place];
    if (ev.moved && ev.moved.length) rings = [...new Set(ev.moved.map((m) => m[0]))];
    if (over) rings = [];
    const T = texts();
    const before = fill(T["board.playing"], {
      side: T[`side.${trace.player}`] ?? trace.player, pit: trace.pit,
    });
    // The tuzdiks at this event: those before the move, and one made by it so far.
    const made = kinds().tuzdiks || [];
    const tuzdiks = [...anim.tuzdiks];
    for (let k = 0; k <= i; k++) {
      if (made.includes(events[k].kind)) tuzdiks.push([events[k].place, trace.player]);
    }
    picture.draw(ev.board, {
      rings,
      active: over ? null : trace.player,
      status: over ? anim.captions[i] : before,
      hand: steps.includes(ev.kind) ? hand : null,
      tuzdiks,
    });
    view.caption.textContent = anim.captions[i] ?? "";
    picture.clearFlying();
    if (!forward) return;
    const duration = Math.min(420, stepTime() * 0.75);
    const toOwner = (kinds().to_owner || []).includes(ev.kind);
    if (ev.kind === "drop" || toOwner) {
      let from = trace.events[0].place;
      for (let k = i - 1; k >= 0; k--) {
        if (steps.includes(events[k].kind)) {
          from = events[k].place;
          break;
        }
      }
      // A stone sown into a tuzdik goes on to its owner's store (the board shows it there).
      const to = toOwner ? storeOf(ev.side) ?? ev.place : ev.place;
      fly(from, to, 1, duration);
    } else if (ev.moved && ev.moved.length) {
      for (const [src, dst, n] of ev.moved) fly(src, dst, n, Math.min(700, stepTime() * 1.5));
    }
  }

  function fly(from, to, stones, duration) {
    picture.fly(from, to, stones, duration);
  }

  function storeOf(side) {
    const place = (model.get("geometry")?.places || []).find((p) => p.kind === "store" && p.side === side);
    return place ? place.index : null;
  }

  /** Stop everything: no move is being played any more. */
  function reset() {
    stopTimer();
    queue.length = 0;
    anim = null;
  }

  /** Redraw the event being played (after a new frame or new texts). */
  function redraw() {
    if (anim) showEvent(anim.i, false);
  }

  function stepModeChanged() {
    if (!anim) return;
    if (model.get("step_mode")) stopTimer();
    else schedule();
  }

  function dispose() {
    for (const id of timers) clearTimeout(id);
    timers.clear();
    reset();
  }

  return {
    enqueue, advance, reset, redraw, stepModeChanged, dispose, busy,
    playing: () => anim !== null,
    canGoBack: () => Boolean(anim) && anim.i > 0,
  };
}

// -- Buttons, editor and keys -----------------------------------------------------------------

/**
 * The toolbar (undo, redo, step mode, speed), the teacher's editor and the keyboard.
 * @param {Model} model
 */
function createControls(model, view, animator) {
  let editRemove = false;
  const texts = () => model.get("texts") || {};
  const lay = () => model.get("geometry") || { places: [] };

  /** What a click on `place` asks Python (which decides; a refused click is explained). */
  function press(place, remove) {
    model.send({
      type: "click",
      side: place.side,
      pit: place.kind === "store" ? 0 : place.number,
      busy: animator.busy(),
      remove: Boolean(remove || (model.get("editing") && editRemove)),
    });
  }

  function updateTexts() {
    const T = texts();
    view.stage.setAttribute("aria-label", T["widget.board_label"] ?? "");
    view.toolbar.setAttribute("aria-label", T["widget.controls"] ?? "");
    view.undoBtn.textContent = T["widget.undo"] ?? "undo";
    view.redoBtn.textContent = T["widget.redo"] ?? "redo";
    view.stepText.textContent = T["widget.step_mode"] ?? "step";
    view.prevBtn.textContent = T["widget.prev"] ?? "<";
    view.nextBtn.textContent = T["widget.next"] ?? ">";
    view.endBtn.textContent = T["widget.finish"] ?? ">>";
    view.speedText.textContent = T["widget.speed"] ?? "speed";
    view.editBtn.textContent = T["widget.edit"] ?? "edit";
    view.addBtn.textContent = T["widget.edit_add"] ?? "+";
    view.removeBtn.textContent = T["widget.edit_remove"] ?? "-";
    view.moverText.textContent = T["widget.edit_to_move"] ?? "";
    view.optSouth.textContent = T["side.south"] ?? "south";
    view.optNorth.textContent = T["side.north"] ?? "north";
    view.optOver.textContent = T["widget.edit_over"] ?? "-";
    view.applyBtn.textContent = T["widget.apply"] ?? "apply";
    view.cancelBtn.textContent = T["widget.cancel"] ?? "cancel";
  }

  // While stones are being sown, the lesson around this board (".mangala-waits": a task)
  // holds back its verdict: it carries "mangala-sowing" until the last stone is down.
  function markSowing() {
    const host = view.el.closest ? view.el.closest(".mangala-waits") : null;
    if (host) host.classList.toggle("mangala-sowing", animator.busy());
  }

  function update() {
    const controls = new Set(model.get("controls") || []);
    const editing = Boolean(model.get("editing"));
    const stepping = Boolean(model.get("step_mode"));
    const busy = animator.busy();
    const playing = animator.playing();
    view.root.classList.toggle("mg-editing", editing);
    view.root.classList.toggle("mg-busy", busy);
    markSowing();
    view.undoBtn.hidden = !controls.has("undo") || editing;
    view.redoBtn.hidden = !controls.has("redo") || editing;
    view.stepLabel.hidden = !controls.has("step") || editing;
    view.prevBtn.hidden = view.nextBtn.hidden = !controls.has("step") || !stepping || editing;
    view.endBtn.hidden = !controls.has("step") || editing; // skipping a long move is always handy
    view.speedLabel.hidden = !controls.has("speed") || editing;
    view.editBtn.hidden = !controls.has("edit") || editing;
    view.toolbar.hidden = [...view.toolbar.children].every((c) => c.hidden);
    view.undoBtn.disabled = !model.get("can_undo") || busy;
    view.redoBtn.disabled = !model.get("can_redo") || busy;
    view.prevBtn.disabled = !animator.canGoBack();
    view.nextBtn.disabled = view.endBtn.disabled = !playing;
    view.editBtn.disabled = busy;
    view.stepBox.checked = stepping;
    view.speedInput.value = String(model.get("speed"));
    view.editbar.hidden = !editing;
    view.addBtn.setAttribute("aria-pressed", String(!editRemove));
    view.removeBtn.setAttribute("aria-pressed", String(editRemove));
    view.moverSelect.value = model.get("to_move") ?? "";
    drawHint();
  }

  // The line under the board: how to play, or why the board is locked (a finished task).
  function drawHint() {
    const T = texts();
    const editing = Boolean(model.get("editing"));
    const locked = model.get("lock_text") || "";
    let text = T["widget.hint"] ?? "";
    if (editing) text = T["widget.edit_hint"] ?? "";
    else if (animator.playing() && model.get("step_mode")) text = T["widget.step_hint"] ?? "";
    else if (locked && animator.busy()) text = ""; // "this task is over" once the stones are sown
    else if (locked) text = locked === model.get("message") ? "" : locked; // said once is enough
    view.hint.textContent = text;
    view.hint.classList.toggle("mg-locked", Boolean(locked) && !editing);
  }

  function drawMessage() {
    view.message.textContent = model.get("message") || "";
    view.message.className = `mg-message mg-${model.get("message_kind") || "none"}`;
    drawHint();
  }

  function onKey(e) {
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    const playing = animator.playing();
    let handled = true;
    if (playing && (e.key === "ArrowRight" || e.key === "PageDown")) animator.advance(1);
    else if (playing && (e.key === "ArrowLeft" || e.key === "PageUp")) animator.advance(-1);
    else if (playing && e.key === "End") animator.advance("end");
    else if (model.get("editing") && ["+", "-", "="].includes(e.key)) {
      const place = lay().places[Number(e.target?.getAttribute?.("data-index"))];
      if (place) press(place, e.key === "-");
      else handled = false;
    } else if (/^[1-9]$/.test(e.key) && !model.get("editing") && Number(e.key) <= (lay().pits || 6)) {
      model.send({
        type: "click", side: model.get("to_move") || "south", pit: Number(e.key),
        busy: animator.busy(), remove: false,
      });
    } else handled = false;
    if (handled) {
      // Ours, not JupyterLab's (in command mode "1" would turn the cell into a heading).
      e.preventDefault();
      e.stopPropagation();
    }
  }

  function listen() {
    view.undoBtn.addEventListener("click", () => model.send({ type: "undo" }));
    view.redoBtn.addEventListener("click", () => model.send({ type: "redo" }));
    view.stepBox.addEventListener("change", () => {
      model.set("step_mode", view.stepBox.checked);
      model.save_changes();
    });
    view.prevBtn.addEventListener("click", () => animator.advance(-1));
    view.nextBtn.addEventListener("click", () => animator.advance(1));
    view.endBtn.addEventListener("click", () => animator.advance("end"));
    view.speedInput.addEventListener("input", () => {
      model.set("speed", Number(view.speedInput.value));
      model.save_changes();
    });
    view.editBtn.addEventListener("click", () => model.send({ type: "edit", action: "start" }));
    view.addBtn.addEventListener("click", () => {
      editRemove = false;
      update();
    });
    view.removeBtn.addEventListener("click", () => {
      editRemove = true;
      update();
    });
    view.moverSelect.addEventListener("change", () => {
      model.send({ type: "edit", action: "to_move", side: view.moverSelect.value || null });
    });
    view.applyBtn.addEventListener("click", () => model.send({ type: "edit", action: "apply" }));
    view.cancelBtn.addEventListener("click", () => model.send({ type: "edit", action: "cancel" }));
    view.root.addEventListener("keydown", onKey);
  }

  return { press, updateTexts, update, drawHint, drawMessage, markSowing, listen };
}

// -- The widget -------------------------------------------------------------------------------

/** anywidget's entry point: build the parts, follow the model, return the clean-up. */
function render({ model, el }) {
  const view = buildView(el);
  let controls = null;
  const picture = createPicture(model, view, (place, remove) => controls.press(place, remove));
  const idle = () => {
    if (!animator.busy()) picture.drawIdle();
    controls.update();
  };
  const animator = createAnimator(model, view, picture, idle);
  controls = createControls(model, view, animator);
  controls.listen();

  const onCustom = (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "play") animator.enqueue(msg);
    else if (msg.type === "reset") {
      animator.reset();
      idle();
    } else if (msg.type === "step") animator.advance(msg.delta);
  };
  const onFrame = () => {
    picture.buildFrame();
    if (animator.playing()) animator.redraw();
    else if (!animator.busy()) picture.drawIdle();
  };
  const onLayout = () => {
    picture.buildHits();
    onFrame();
  };
  const onTexts = () => {
    controls.updateTexts();
    controls.update();
    if (animator.playing()) animator.redraw();
    else if (!animator.busy()) picture.drawIdle();
  };
  const onStepMode = () => {
    controls.update();
    animator.stepModeChanged();
  };
  const handlers = [
    ["change:board change:to_move change:legal change:status change:caption change:highlight change:tuzdiks", idle],
    ["change:editing change:controls change:can_undo change:can_redo change:speed", idle],
    ["change:lock_text", controls.drawHint],
    ["change:message change:message_kind", controls.drawMessage],
    ["change:frame", onFrame],
    ["change:geometry", onLayout],
    ["change:texts", onTexts],
    ["change:step_mode", onStepMode],
    ["msg:custom", onCustom],
  ];
  for (const [names, fn] of handlers) for (const name of names.split(" ")) model.on(name, fn);

  picture.buildFrame();
  picture.buildHits();
  controls.updateTexts();
  picture.drawIdle();
  controls.drawMessage();
  controls.update();

  return () => {
    for (const [names, fn] of handlers) for (const name of names.split(" ")) model.off(name, fn);
    animator.dispose();
    controls.markSowing();
  };
}

export default { render };
