// The live Dokuz Taş board (anywidget ES module; no build step, no network).
//
// Python owns every rule (mangala_edu/dokuz_tas/widget.py): this file draws the state it is
// given (the board, the points to mark, the words), animates the turn traces Python sends
// ({type: "play", trace, before, captions, skip}) and reports clicks back ({type: "click",
// point}), Escape ({type: "cancel"}) and the buttons ({type: "undo" | "new_game"}). It never
// decides what is legal: the points it marks are the ones Python lists.
//
// The picture: `frame` (the static SVG of mangala_edu.dokuz_tas.picture.widget_frame, with
// empty groups to fill) and `geometry` (picture.board_layout: points, lines, hand slots,
// the players' columns, the keyboard's neighbours, the palette).

const NS = "http://www.w3.org/2000/svg";

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

/** Fill "{name}" slots of a catalogue template. */
function fill(template, params) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

function reducedMotion() {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// -- The page ---------------------------------------------------------------------------------

function buildView(el) {
  // tabindex -1: a click anywhere on the board gives it the keyboard focus. The attribute
  // keeps JupyterLab's own shortcuts (a, b, d d in command mode) away from the board's keys.
  const root = htmlEl("div", {
    class: "dokuz-tas-board", tabindex: "-1", "data-lm-suppress-shortcuts": "true",
  }, el);
  const stage = htmlEl("div", { class: "dt-stage", role: "group" }, root);
  const view = {
    el, root, stage,
    picture: htmlEl("div", { class: "dt-picture" }, stage),
    hits: htmlEl("div", { class: "dt-hits" }, stage),
    status: htmlEl("div", { class: "dt-status" }, root),
    counts: htmlEl("div", { class: "dt-counts" }, root),
    caption: htmlEl("div", { class: "dt-caption", "aria-live": "polite" }, root),
    message: htmlEl("div", { class: "dt-message", role: "alert" }, root),
    hint: htmlEl("div", { class: "dt-hint" }, root),
    toolbar: htmlEl("div", { class: "dt-toolbar", role: "toolbar" }, root),
  };
  view.undoBtn = htmlEl("button", { type: "button", class: "dt-btn dt-undo" }, view.toolbar);
  view.newBtn = htmlEl("button", { type: "button", class: "dt-btn dt-new" }, view.toolbar);
  view.speedLabel = htmlEl("label", { class: "dt-speed" }, view.toolbar);
  view.speedText = htmlEl("span", {}, view.speedLabel);
  view.speedInput = htmlEl("input", { type: "range", min: "0", max: "8", step: "0.5" }, view.speedLabel);
  return view;
}

// -- Drawing ----------------------------------------------------------------------------------

function createPicture(model, view) {
  let svg = null;
  let uid = "";
  let groups = {};
  const buttons = new Map();
  const lay = () => model.get("geometry") || { points: [], lines: [], palette: {} };
  const texts = () => model.get("texts") || {};
  const where = (name) => lay().points.find((p) => p.name === name);

  function buildFrame() {
    // Each view renames the frame's gradient ids: two boards on a page must not share them.
    const frame = model.get("frame") || "";
    const base = (frame.match(/data-uid="([^"]+)"/) || [])[1] || "";
    const own = `${base}v${Math.random().toString(36).slice(2, 9)}`;
    view.picture.innerHTML = base ? frame.split(base).join(own) : frame;
    svg = view.picture.querySelector("svg");
    groups = {};
    if (!svg) return;
    uid = svg.getAttribute("data-uid") || "";
    for (const name of ["under", "stones", "over", "panels", "focus", "fly"]) {
      groups[name] = svg.querySelector(`.dt-${name}`);
    }
    const l = lay();
    if (l.width) {
      view.stage.style.setProperty("--dt-aspect", `${l.width} / ${l.height}`);
      view.stage.style.setProperty("--dt-aspect-ratio", String(l.width / l.height));
    }
  }

  function buildHits(onPress, onFocus) {
    view.hits.textContent = "";
    buttons.clear();
    const l = lay();
    const r = l.stone_r + 8;
    for (const p of l.points) {
      const b = htmlEl("button", {
        type: "button", class: "dt-hit", "data-point": p.name, tabindex: "-1",
      }, view.hits);
      b.style.left = `${((p.x - r) / l.width) * 100}%`;
      b.style.top = `${((p.y - r) / l.height) * 100}%`;
      b.style.width = `${((2 * r) / l.width) * 100}%`;
      b.style.height = `${((2 * r) / l.height) * 100}%`;
      b.addEventListener("click", () => onPress(p.name));
      b.addEventListener("focus", () => onFocus(p.name, b));
      b.addEventListener("blur", () => focusRing(null));
      buttons.set(p.name, b);
    }
  }

  function stone(x, y, r, colour, group, attrs = {}) {
    const P = lay().palette;
    const g = svgEl("g", { class: `dt-stone dt-${colour}`, ...attrs }, group);
    if (colour === "white") {
      svgEl("circle", {
        cx: x, cy: y, r, fill: `url(#${uid}-white)`, stroke: P.white_rim, "stroke-width": 3.5,
      }, g);
    } else {
      svgEl("circle", {
        cx: x, cy: y, r, fill: `url(#${uid}-black)`, stroke: P.black_rim, "stroke-width": 3,
      }, g);
      svgEl("circle", {
        cx: x, cy: y, r: (r * 0.72).toFixed(2), fill: "none", stroke: P.black_ring,
        "stroke-width": 2, "stroke-opacity": 0.8,
      }, g);
    }
    return g;
  }

  function ring(name, colour, group, opts = {}) {
    const p = where(name);
    if (!p) return null;
    const r = opts.r ?? lay().stone_r + 8;
    const g = svgEl("g", { class: opts.cls ?? "dt-ring", "data-point": name }, group);
    svgEl("circle", {
      cx: p.x, cy: p.y, r, fill: "none", stroke: "#ffffff", "stroke-width": (opts.width ?? 6) + 6,
      "stroke-opacity": 0.75,
    }, g);
    svgEl("circle", {
      cx: p.x, cy: p.y, r, fill: "none", stroke: colour, "stroke-width": opts.width ?? 6,
      ...(opts.dashed ? { "stroke-dasharray": "10 6", "stroke-linecap": "round" } : {}),
    }, g);
    return g;
  }

  // A small badge at a stone's upper right: a cross (may be taken) or a padlock (may not).
  function badge(name, kind, group) {
    const p = where(name);
    if (!p) return;
    const P = lay().palette;
    const x = p.x + lay().stone_r * 0.8;
    const y = p.y - lay().stone_r * 0.8;
    const g = svgEl("g", { class: `dt-badge dt-badge-${kind}`, transform: `translate(${x} ${y})` }, group);
    svgEl("circle", { r: 13, fill: kind === "take" ? P.take : P.protected, stroke: "#ffffff", "stroke-width": 2.5 }, g);
    if (kind === "take") {
      svgEl("path", {
        d: "M-5-5L5 5M5-5L-5 5", stroke: "#ffffff", "stroke-width": 3.5, "stroke-linecap": "round",
      }, g);
    } else {
      svgEl("rect", { x: -5.5, y: -1.5, width: 11, height: 8, rx: 1.5, fill: "#ffffff" }, g);
      svgEl("path", {
        d: "M-3.2-1.5V-4a3.2 3.2 0 0 1 6.4 0v2.5", fill: "none", stroke: "#ffffff", "stroke-width": 2.2,
      }, g);
    }
  }

  function millLine(names, group, cls = "dt-mill") {
    const pts = names.map(where).filter(Boolean);
    if (pts.length < 2) return null;
    const P = lay().palette;
    const a = pts[0];
    const b = pts[pts.length - 1];
    const g = svgEl("g", { class: cls, "data-line": names.join("-") }, group);
    svgEl("line", {
      x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#ffffff", "stroke-width": 26,
      "stroke-linecap": "round", "stroke-opacity": 0.7,
    }, g);
    svgEl("line", {
      x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: P.mill, "stroke-width": 16, "stroke-linecap": "round",
    }, g);
    return g;
  }

  function panel(colour, info, hand, onBoard, active) {
    const l = lay();
    const P = l.palette;
    const spot = l.panels[colour];
    const T = texts();
    const g = svgEl("g", { class: `dt-panel dt-panel-${colour}${active ? " dt-active" : ""}` }, groups.panels);
    svgEl("rect", {
      x: spot.x - 90, y: spot.name_y - 24, width: 180, height: 48, rx: 24,
      fill: active ? P.active : P.idle, stroke: P.wood_edge, "stroke-width": 2,
    }, g);
    const name = svgEl("text", {
      x: spot.x, y: spot.name_y, dy: "0.35em", "text-anchor": "middle", "font-size": 24,
      "font-weight": "bold", fill: active ? P.active_text : P.muted, class: "dt-name",
    }, g);
    name.textContent = active ? `▶ ${info.name ?? ""} ◀` : info.name ?? "";
    const phase = svgEl("text", {
      x: spot.x, y: spot.phase_y, dy: "0.35em", "text-anchor": "middle", "font-size": 21,
      "font-style": "italic", fill: P.muted,
    }, g);
    phase.textContent = info.phase ?? "";
    l.hands[colour].forEach(([x, y], k) => {
      if (k < hand) stone(x, y, l.hand_r, colour, g, { "data-slot": k });
      else {
        svgEl("circle", {
          cx: x, cy: y, r: l.hand_r, fill: "none", stroke: P.slot, "stroke-width": 2,
          "stroke-dasharray": "5 4",
        }, g);
      }
    });
    const handText = svgEl("text", {
      x: spot.x, y: spot.hand_y, dy: "0.35em", "text-anchor": "middle", "font-size": 23,
      "font-weight": "bold", fill: P.ink, class: "dt-hand-count",
    }, g);
    handText.textContent = fill(T["dokuz_tas.board.in_hand"], { count: hand });
    const boardText = svgEl("text", {
      x: spot.x, y: spot.board_y, dy: "0.35em", "text-anchor": "middle", "font-size": 21, fill: P.ink,
    }, g);
    boardText.textContent = fill(T["dokuz_tas.board.on_board"], { count: onBoard });
  }

  /**
   * Draw `board` (24 characters W, B, .) with `opts`: marks ({targets, movable, takeable,
   * protected, selected, mills, last}), `hands` [white, black], `active` (the mover's colour).
   */
  function draw(board, opts) {
    if (!svg) return;
    const l = lay();
    const P = l.palette;
    for (const name of ["under", "stones", "over", "panels"]) clear(groups[name]);
    const m = opts.marks || {};
    for (const line of m.mills || []) millLine(line, groups.under);
    const last = m.last || {};
    if (last.origin) {
      const p = where(last.origin);
      if (p) {
        svgEl("circle", {
          cx: p.x, cy: p.y, r: 17, fill: "none", stroke: P.highlight, "stroke-width": 3,
          "stroke-dasharray": "4 4", class: "dt-last-origin",
        }, groups.under);
      }
    }
    if (last.removed && board[l.points.findIndex((p) => p.name === last.removed)] === ".") {
      const p = where(last.removed);
      svgEl("path", {
        d: `M${p.x - 12} ${p.y - 12}L${p.x + 12} ${p.y + 12}M${p.x + 12} ${p.y - 12}L${p.x - 12} ${p.y + 12}`,
        stroke: P.take, "stroke-width": 5, "stroke-linecap": "round", class: "dt-last-removed",
      }, groups.under);
    }
    for (const name of m.targets || []) {
      const p = where(name);
      if (!p) continue;
      svgEl("circle", {
        cx: p.x, cy: p.y, r: 17, fill: P.target, "fill-opacity": 0.85, stroke: "#ffffff",
        "stroke-width": 3, class: "dt-target", "data-point": name,
      }, groups.under);
    }
    l.points.forEach((p, i) => {
      const c = board[i];
      if (c === "W" || c === "B") {
        stone(p.x, p.y, l.stone_r, c === "W" ? "white" : "black", groups.stones, { "data-point": p.name });
      }
    });
    if (last.target) ring(last.target, P.highlight, groups.over, { r: l.stone_r + 4, width: 3, cls: "dt-last" });
    for (const name of m.movable || []) {
      if (name !== m.selected) ring(name, P.target, groups.over, { r: l.stone_r + 6, width: 4, dashed: true, cls: "dt-movable" });
    }
    if (m.selected) ring(m.selected, P.highlight, groups.over, { r: l.stone_r + 9, width: 9, cls: "dt-selected" });
    for (const name of m.takeable || []) {
      ring(name, P.take, groups.over, { width: 6, cls: "dt-takeable" });
      badge(name, "take", groups.over);
    }
    for (const name of m.protected || []) {
      ring(name, P.protected, groups.over, { width: 5, dashed: true, cls: "dt-protected" });
      badge(name, "lock", groups.over);
    }
    const panels = model.get("panels") || {};
    const hands = opts.hands || [panels.white?.hand ?? 0, panels.black?.hand ?? 0];
    const count = (ch) => [...board].filter((x) => x === ch).length;
    panel("white", panels.white || {}, hands[0], count("W"), opts.active === "white");
    panel("black", panels.black || {}, hands[1], count("B"), opts.active === "black");
    // The points' buttons: their names and whether a click on them does something.
    const labels = model.get("labels") || {};
    const live = new Set([...(m.targets || []), ...(m.movable || []), ...(m.takeable || [])]);
    if (m.selected) live.add(m.selected);
    for (const [name, b] of buttons) {
      const label = labels[name] ?? name;
      b.setAttribute("aria-label", label);
      b.title = label;
      b.classList.toggle("dt-legal", live.has(name));
    }
  }

  /** The stone hidden at `name` while a moving copy flies there (shown again after). */
  function hideAt(name) {
    const g = groups.stones?.querySelector(`[data-point="${name}"]`);
    if (g) g.setAttribute("visibility", "hidden");
    return g;
  }

  /** A stone of `colour` moving from (x0, y0) to point `to`: straight (a slide) or lifted in
   * an arc (a placement from the hand, a flight). */
  function move(colour, x0, y0, to, duration, lifted) {
    const l = lay();
    const b = where(to);
    if (!b || !groups.fly) return;
    const real = hideAt(to);
    const g = stone(b.x, b.y, l.stone_r, colour, groups.fly, { class: `dt-moving dt-${colour}` });
    const dx = x0 - b.x;
    const dy = y0 - b.y;
    const done = () => {
      g.remove();
      if (real) real.removeAttribute("visibility");
    };
    if (typeof g.animate !== "function" || duration < 30) {
      done();
      return;
    }
    const frames = lifted
      ? [
        { transform: `translate(${dx}px, ${dy}px) scale(1)`, transformOrigin: `${b.x}px ${b.y}px` },
        { transform: `translate(${dx / 2}px, ${dy / 2 - 50}px) scale(1.25)`, transformOrigin: `${b.x}px ${b.y}px`, offset: 0.5 },
        { transform: "translate(0px, 0px) scale(1)", transformOrigin: `${b.x}px ${b.y}px` },
      ]
      : [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }];
    const run = g.animate(frames, { duration, easing: "ease-in-out" });
    run.onfinish = done;
    run.oncancel = done;
  }

  /** A stone taken off `name`: it shrinks and fades under a red cross. */
  function vanish(colour, name, duration) {
    const p = where(name);
    if (!p || !groups.fly || duration < 30) return;
    const P = lay().palette;
    const g = stone(p.x, p.y, lay().stone_r, colour, groups.fly, { class: "dt-vanishing" });
    svgEl("path", {
      d: `M${p.x - 18} ${p.y - 18}L${p.x + 18} ${p.y + 18}M${p.x + 18} ${p.y - 18}L${p.x - 18} ${p.y + 18}`,
      stroke: P.take, "stroke-width": 7, "stroke-linecap": "round",
    }, g);
    if (typeof g.animate !== "function") {
      g.remove();
      return;
    }
    const run = g.animate([
      { opacity: 1, transform: "scale(1)", transformOrigin: `${p.x}px ${p.y}px` },
      { opacity: 1, transform: "scale(1.1)", transformOrigin: `${p.x}px ${p.y}px`, offset: 0.3 },
      { opacity: 0, transform: "scale(0.2)", transformOrigin: `${p.x}px ${p.y}px` },
    ], { duration, easing: "ease-in" });
    run.onfinish = () => g.remove();
    run.oncancel = () => g.remove();
  }

  function focusRing(name) {
    clear(groups.focus);
    const p = name && where(name);
    if (!p || !groups.focus) return;
    const r = lay().stone_r + 12;
    svgEl("circle", { cx: p.x, cy: p.y, r, fill: "none", stroke: "#ffffff", "stroke-width": 11 }, groups.focus);
    svgEl("circle", {
      cx: p.x, cy: p.y, r, fill: "none", stroke: "#1c4fd8", "stroke-width": 5, class: "dt-focus-ring",
    }, groups.focus);
  }

  return {
    buildFrame, buildHits, draw, move, vanish, focusRing, where, buttons,
    clearFlying: () => clear(groups.fly),
    slot: (colour, k) => lay().hands?.[colour]?.[k],
  };
}

// -- Animation --------------------------------------------------------------------------------

/** Playing turns event by event: a queue of traces, one event at a time, on a timer. */
function createAnimator(model, view, picture, onIdle) {
  let anim = null; // {msg, i, timer}
  const queue = [];
  const timers = new Set();
  const busy = () => anim !== null || queue.length > 0;

  function later(fn, ms) {
    const id = setTimeout(() => {
      timers.delete(id);
      fn();
    }, ms);
    timers.add(id);
    return id;
  }

  const instant = () => !(Number(model.get("speed")) > 0) || reducedMotion();
  const stepTime = () => 1000 / Math.max(0.1, Number(model.get("speed")) || 0.1);

  function enqueue(msg) {
    queue.push(msg);
    if (!anim) startNext();
  }

  function startNext() {
    const msg = queue.shift();
    if (!msg) {
      anim = null;
      onIdle();
      return;
    }
    anim = { msg, i: (msg.skip || 0) - 1, timer: null };
    view.root.classList.add("dt-busy");
    if (instant()) {
      endTurn();
      return;
    }
    advance();
  }

  function endTurn() {
    if (anim?.timer) clearTimeout(anim.timer);
    anim = null;
    picture.clearFlying();
    if (queue.length) startNext();
    else {
      view.root.classList.remove("dt-busy");
      onIdle();
    }
  }

  function advance() {
    if (!anim) return;
    const events = anim.msg.trace.events || [];
    anim.i += 1;
    if (anim.i >= events.length) {
      endTurn();
      return;
    }
    const ev = events[anim.i];
    showEvent(anim.i);
    const base = stepTime();
    const wait = ev.kind === "game_over" ? base * 2.5 + 600
      : ev.kind === "mill" || ev.kind === "phase" ? base * 1.6 : base;
    anim.timer = later(advance, wait);
  }

  function showEvent(i) {
    const { trace, captions } = anim.msg;
    const events = trace.events;
    const ev = events[i];
    const mills = [];
    for (let k = 0; k <= i; k++) if (events[k].kind === "mill") mills.push(events[k].points);
    const marks = { mills };
    if (ev.kind === "protected") marks.protected = ev.points;
    if (ev.kind === "all_in_mills") marks.takeable = ev.points;
    picture.clearFlying();
    picture.draw(ev.board, { marks, hands: ev.hands, active: trace.colour });
    view.caption.textContent = captions[i] ?? "";
    const duration = Math.min(650, stepTime() * 0.8);
    const colour = ev.colour;
    if (ev.kind === "place") {
      const slot = picture.slot(colour, ev.count) || [0, 0];
      picture.move(colour, slot[0], slot[1], ev.points[0], duration, true);
    } else if (ev.kind === "slide" || ev.kind === "fly") {
      const from = picture.where(ev.points[0]);
      if (from) picture.move(colour, from.x, from.y, ev.points[1], duration, ev.kind === "fly");
    } else if (ev.kind === "remove") {
      picture.vanish(colour, ev.points[0], duration);
    }
  }

  /** Jump to the end of everything queued (a click while a turn is shown). */
  function finish() {
    for (const id of timers) clearTimeout(id);
    timers.clear();
    queue.length = 0;
    if (anim) endTurn();
  }

  function reset() {
    for (const id of timers) clearTimeout(id);
    timers.clear();
    queue.length = 0;
    anim = null;
    picture.clearFlying();
    view.root.classList.remove("dt-busy");
  }

  return { enqueue, finish, reset, busy, playing: () => anim !== null };
}

// -- The widget -------------------------------------------------------------------------------

function render({ model, el }) {
  const view = buildView(el);
  const picture = createPicture(model, view);
  let focused = null; // the point the keyboard is on
  let typed = ""; // a file letter typed, waiting for its rank

  function marks() {
    return {
      targets: model.get("targets") || [],
      movable: model.get("movable") || [],
      takeable: model.get("takeable") || [],
      protected: model.get("protected") || [],
      selected: model.get("selected") || "",
      mills: model.get("mills") || [],
      last: model.get("last") || {},
    };
  }

  function drawIdle() {
    const mode = model.get("mode");
    picture.draw(model.get("board") || "", {
      marks: marks(),
      active: mode === "over" ? null : model.get("to_move"),
    });
    view.caption.textContent = model.get("caption") || "";
    view.status.textContent = model.get("status") || "";
    view.counts.textContent = model.get("counts") || "";
    view.counts.classList.toggle("dt-warning", Boolean(model.get("counts_warning")));
    view.root.setAttribute("data-mode", mode || "");
    view.hint.textContent = model.get("hint") || "";
    view.undoBtn.disabled = !model.get("can_undo");
    view.speedInput.value = String(model.get("speed"));
    if (focused) picture.focusRing(picture.buttons.get(focused)?.matches(":focus-visible") ? focused : null);
  }

  const animator = createAnimator(model, view, picture, drawIdle);

  function press(name) {
    if (animator.busy()) animator.finish(); // the state is Python's already: show it, then ask
    model.send({ type: "click", point: name });
  }

  function setFocus(name) {
    const b = picture.buttons.get(name);
    if (!b) return;
    for (const [n, other] of picture.buttons) other.tabIndex = n === name ? 0 : -1;
    focused = name;
    b.focus();
  }

  function onFocus(name, b) {
    focused = name;
    for (const [n, other] of picture.buttons) other.tabIndex = n === name ? 0 : -1;
    picture.focusRing(b.matches(":focus-visible") ? name : null);
  }

  function showControls() {
    // Only the buttons the board lists (a lesson's task has no "New game").
    const shown = new Set(model.get("controls") || ["undo", "new_game", "speed"]);
    view.undoBtn.hidden = !shown.has("undo");
    view.newBtn.hidden = !shown.has("new_game");
    view.speedLabel.hidden = !shown.has("speed");
    view.toolbar.hidden = shown.size === 0;
  }

  function updateTexts() {
    const T = model.get("texts") || {};
    view.stage.setAttribute("aria-label", T["dokuz_tas.board.label"] ?? "");
    view.toolbar.setAttribute("aria-label", T["dokuz_tas.widget.controls"] ?? "");
    view.undoBtn.textContent = T["widget.undo"] ?? "undo";
    view.newBtn.textContent = T["dokuz_tas.widget.new_game"] ?? "new";
    view.speedText.textContent = T["widget.speed"] ?? "speed";
  }

  function drawMessage() {
    view.message.textContent = model.get("message") || "";
    view.message.className = `dt-message dt-${model.get("message_kind") || "none"}`;
  }

  const ARROWS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

  function onKey(e) {
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || e.altKey || e.ctrlKey || e.metaKey) return;
    const nav = model.get("geometry")?.nav || {};
    let handled = true;
    if (ARROWS[e.key]) {
      const from = focused || model.get("selected") || "d5";
      const to = nav[from]?.[ARROWS[e.key]];
      if (to) setFocus(to);
      else if (!focused) setFocus(from);
    } else if (/^[a-gA-G]$/.test(e.key)) {
      typed = e.key.toLowerCase();
    } else if (/^[1-7]$/.test(e.key)) {
      const name = typed + e.key;
      typed = "";
      if (picture.buttons.has(name)) setFocus(name);
    } else if (e.key === "Escape") {
      typed = "";
      model.send({ type: "cancel" });
    } else if (e.key === "Enter" || e.key === " ") {
      if (tag === "BUTTON") {
        // The button's own click (a point's or the toolbar's), kept from JupyterLab.
        e.stopPropagation();
        handled = false;
      } else if (focused) press(focused);
      else handled = false;
    } else handled = false;
    if (handled) {
      // Ours, not JupyterLab's (in command mode "a", "b", "d d" change the notebook).
      e.preventDefault();
      e.stopPropagation();
    }
  }

  view.undoBtn.addEventListener("click", () => {
    animator.finish();
    model.send({ type: "undo" });
  });
  view.newBtn.addEventListener("click", () => {
    animator.finish();
    model.send({ type: "new_game" });
  });
  view.speedInput.addEventListener("input", () => {
    model.set("speed", Number(view.speedInput.value));
    model.save_changes();
  });
  view.root.addEventListener("keydown", onKey);

  const onCustom = (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "play") animator.enqueue(msg);
    else if (msg.type === "reset") {
      animator.reset();
      drawIdle();
    }
  };
  const idle = () => {
    if (!animator.busy()) drawIdle();
    else view.undoBtn.disabled = !model.get("can_undo");
  };
  const onFrame = () => {
    picture.buildFrame();
    picture.buildHits(press, onFocus);
    if (!animator.busy()) drawIdle();
  };
  const onTexts = () => {
    updateTexts();
    idle();
  };
  const handlers = [
    ["change:board change:mode change:selected change:targets change:movable change:takeable", idle],
    ["change:protected change:mills change:last change:panels change:labels change:status", idle],
    ["change:counts change:counts_warning change:caption change:hint change:can_undo change:speed", idle],
    ["change:message change:message_kind", drawMessage],
    ["change:frame change:geometry", onFrame],
    ["change:texts", onTexts],
    ["change:controls", showControls],
    ["msg:custom", onCustom],
  ];
  for (const [names, fn] of handlers) for (const name of names.split(" ")) model.on(name, fn);

  picture.buildFrame();
  picture.buildHits(press, onFocus);
  const first = picture.buttons.get("d5") || [...picture.buttons.values()][0];
  if (first) first.tabIndex = 0;
  updateTexts();
  showControls();
  drawIdle();
  drawMessage();

  return () => {
    for (const [names, fn] of handlers) for (const name of names.split(" ")) model.off(name, fn);
    animator.reset();
  };
}

export default { render };
