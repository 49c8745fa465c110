// The interactive Mangala board (anywidget ES module; no build step, no network).
//
// Python owns every rule: this file only draws the state it is given, animates the move
// traces Python sends ({type: "play", trace, captions}), and reports clicks and buttons back
// ({type: "click" | "undo" | "redo" | "edit"}). See mangala_edu/widgets/board.py.
//
// The picture: Python sends `frame` (the static SVG from mangala_edu.display.svg, with empty
// groups to fill) and `geometry` (from mangala_edu.display.layout.board_layout). Stones are
// placed with the same formula as layout.stone_spots, so the widget looks like board_svg().

const NS = "http://www.w3.org/2000/svg";
const GOLDEN = Math.PI * (3 - Math.sqrt(5));
const OUTCOMES = new Set([
  "extra_turn", "even_capture", "odd", "empty_capture", "empty_opposite_empty", "nothing",
]);
const SLOW = new Set([...OUTCOMES, "sweep", "set_over"]);

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

function render({ model, el }) {
  // tabindex -1: a click anywhere on the board gives it the keyboard focus (keys 1-6).
  const root = htmlEl("div", { class: "mangala-board", tabindex: "-1" }, el);
  const stage = htmlEl("div", { class: "mg-stage", role: "group" }, root);
  const picture = htmlEl("div", { class: "mg-picture" }, stage);
  const hits = htmlEl("div", { class: "mg-hits" }, stage);
  const caption = htmlEl("div", { class: "mg-caption", "aria-live": "polite" }, root);
  const message = htmlEl("div", { class: "mg-message", role: "alert" }, root);
  const hint = htmlEl("div", { class: "mg-hint" }, root);

  const toolbar = htmlEl("div", { class: "mg-toolbar", role: "toolbar" }, root);
  const undoBtn = htmlEl("button", { type: "button", class: "mg-btn mg-undo" }, toolbar);
  const redoBtn = htmlEl("button", { type: "button", class: "mg-btn mg-redo" }, toolbar);
  const stepLabel = htmlEl("label", { class: "mg-step-toggle" }, toolbar);
  const stepBox = htmlEl("input", { type: "checkbox" }, stepLabel);
  const stepText = htmlEl("span", {}, stepLabel);
  const prevBtn = htmlEl("button", { type: "button", class: "mg-btn mg-prev" }, toolbar);
  const nextBtn = htmlEl("button", { type: "button", class: "mg-btn mg-next" }, toolbar);
  const endBtn = htmlEl("button", { type: "button", class: "mg-btn mg-end" }, toolbar);
  const speedLabel = htmlEl("label", { class: "mg-speed" }, toolbar);
  const speedText = htmlEl("span", {}, speedLabel);
  const speedInput = htmlEl("input", { type: "range", min: "0.5", max: "12", step: "0.5" }, speedLabel);
  const editBtn = htmlEl("button", { type: "button", class: "mg-btn mg-edit" }, toolbar);

  const editbar = htmlEl("div", { class: "mg-editbar", role: "toolbar" }, root);
  const addBtn = htmlEl("button", { type: "button", class: "mg-btn mg-add" }, editbar);
  const removeBtn = htmlEl("button", { type: "button", class: "mg-btn mg-remove" }, editbar);
  const moverLabel = htmlEl("label", { class: "mg-mover" }, editbar);
  const moverText = htmlEl("span", {}, moverLabel);
  const moverSelect = htmlEl("select", {}, moverLabel);
  const optSouth = htmlEl("option", { value: "south" }, moverSelect);
  const optNorth = htmlEl("option", { value: "north" }, moverSelect);
  const optOver = htmlEl("option", { value: "" }, moverSelect);
  const applyBtn = htmlEl("button", { type: "button", class: "mg-btn mg-apply" }, editbar);
  const cancelBtn = htmlEl("button", { type: "button", class: "mg-btn mg-cancel" }, editbar);

  let svg = null;
  let groups = {};
  let uid = "";
  let hitButtons = [];
  let anim = null; // {trace, captions, i, timer, hand}
  const queue = [];
  let editRemove = false;
  const timers = new Set();

  const texts = () => model.get("texts") || {};
  const lay = () => model.get("geometry") || { places: [] };
  const busy = () => anim !== null || queue.length > 0;

  // -- Building ------------------------------------------------------------------------------
  function buildFrame() {
    // The frame's gradients have ids made from the rules; two boards on a page would share
    // them, and a board whose twin is hidden (display: none, as in the pupil view's other
    // parts) would lose its wood and stones. So each view renames them its own way.
    const frame = model.get("frame") || "";
    const base = (frame.match(/data-uid="([^"]+)"/) || [])[1] || "";
    const own = `${base}v${Math.random().toString(36).slice(2, 9)}`;
    picture.innerHTML = base ? frame.split(base).join(own) : frame;
    svg = picture.querySelector("svg");
    groups = {};
    if (!svg) return;
    uid = svg.getAttribute("data-uid") || "";
    for (const name of ["highlights", "stones", "marks", "focus", "counts", "fly"]) {
      groups[name] = svg.querySelector(`.mg-${name}`);
    }
    groups.status = svg.querySelector(".mg-status");
    const l = lay();
    if (l.width) {
      stage.style.setProperty("--mg-aspect", `${l.width} / ${l.height}`);
      stage.style.setProperty("--mg-aspect-ratio", String(l.width / l.height));
    }
  }

  function buildHits() {
    hits.textContent = "";
    hitButtons = [];
    const l = lay();
    for (const place of l.places) {
      const b = htmlEl("button", {
        type: "button",
        class: `mg-hit mg-${place.kind} mg-${place.side}`,
        "data-index": place.index,
        "data-label": place.label,
      }, hits);
      b.style.left = `${((place.cx - place.rx) / l.width) * 100}%`;
      b.style.top = `${((place.cy - place.ry) / l.height) * 100}%`;
      b.style.width = `${((2 * place.rx) / l.width) * 100}%`;
      b.style.height = `${((2 * place.ry) / l.height) * 100}%`;
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
      hitButtons.push(b);
    }
  }

  function press(place, remove) {
    model.send({
      type: "click",
      side: place.side,
      pit: place.kind === "store" ? 0 : place.number,
      busy: busy(),
      remove: Boolean(remove || (model.get("editing") && editRemove)),
    });
  }

  // -- Drawing -------------------------------------------------------------------------------
  function clear(group) {
    if (group) while (group.firstChild) group.removeChild(group.firstChild);
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
      const key = store ? "board.store_label" : "board.pit_label";
      const forms = T[key] ?? {};
      const label = fill(forms[count === 1 ? "one" : "other"], { side, pit: place.number, count });
      const b = hitButtons[i];
      if (b) {
        b.setAttribute("aria-label", label);
        b.title = label;
        b.classList.toggle("mg-legal", Boolean(opts.legal && opts.legal.has(i)));
        b.classList.toggle("mg-marked", (opts.rings || []).includes(i));
      }
    });
    if (opts.hand) handBubble(opts.hand.place, opts.hand.count);
    for (const g of svg.querySelectorAll(".mg-player")) {
      g.classList.toggle("mg-active", g.getAttribute("data-side") === opts.active);
    }
    if (groups.status) groups.status.textContent = opts.status ?? "";
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

  // While stones are being sown, the lesson around this board (".mangala-waits": a task)
  // holds back its verdict: it carries "mangala-sowing" until the last stone is down.
  function markSowing() {
    const host = el.closest ? el.closest(".mangala-waits") : null;
    if (host) host.classList.toggle("mangala-sowing", busy());
  }

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

  function drawIdle() {
    if (busy()) return;
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
    });
    caption.textContent = model.get("caption") || "";
    clear(groups.fly);
  }

  // -- Animation -----------------------------------------------------------------------------
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

  function enqueue(msg) {
    queue.push(msg);
    if (!anim) startNext();
  }

  function startNext() {
    const msg = queue.shift();
    if (!msg) {
      anim = null;
      drawIdle();
      updateControls();
      return;
    }
    anim = { trace: msg.trace, captions: msg.captions || [], i: -1, timer: null, hand: null };
    updateControls();
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
    else {
      drawIdle();
      updateControls();
    }
  }

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
    updateControls();
    schedule();
  }

  function schedule() {
    if (!anim || model.get("step_mode")) return;
    const ev = anim.trace.events[anim.i];
    const base = stepTime();
    const wait = SLOW.has(ev.kind) ? base * 2.5 + 700 : ev.kind === "lift" ? base * 1.5 : base;
    anim.timer = later(() => advance(1), wait);
  }

  function showEvent(i, forward) {
    const trace = anim.trace;
    const events = trace.events;
    const ev = events[i];
    // Where the hand is: the place of the last lift, return or drop up to this event.
    let hand = null;
    for (let k = i; k >= 0; k--) {
      const e = events[k];
      if (e.kind === "lift" || e.kind === "return" || e.kind === "drop") {
        hand = { place: e.place, count: e.count };
        break;
      }
    }
    let rings = [];
    if (ev.place !== null && ev.place !== undefined) rings = [ev.place];
    if (ev.moved && ev.moved.length) rings = [...new Set(ev.moved.map((m) => m[0]))];
    if (ev.kind === "set_over") rings = [];
    const T = texts();
    const before = fill(T["board.playing"], {
      side: T[`side.${trace.player}`] ?? trace.player, pit: trace.pit,
    });
    draw(ev.board, {
      rings,
      active: ev.kind === "set_over" ? null : trace.player,
      status: ev.kind === "set_over" ? anim.captions[i] : before,
      hand: ev.kind === "lift" || ev.kind === "return" || ev.kind === "drop" ? hand : null,
    });
    caption.textContent = anim.captions[i] ?? "";
    clear(groups.fly);
    if (!forward) return;
    const duration = Math.min(420, stepTime() * 0.75);
    if (ev.kind === "drop") {
      let from = trace.events[0].place;
      for (let k = i - 1; k >= 0; k--) {
        const e = events[k];
        if (e.kind === "drop" || e.kind === "return" || e.kind === "lift") {
          from = e.place;
          break;
        }
      }
      fly(from, ev.place, 1, duration);
    } else if (ev.moved && ev.moved.length) {
      for (const [src, dst, n] of ev.moved) fly(src, dst, n, Math.min(700, stepTime() * 1.5));
    }
  }

  // -- Controls ------------------------------------------------------------------------------
  function updateTexts() {
    const T = texts();
    stage.setAttribute("aria-label", T["widget.board_label"] ?? "");
    toolbar.setAttribute("aria-label", T["widget.controls"] ?? "");
    undoBtn.textContent = T["widget.undo"] ?? "undo";
    redoBtn.textContent = T["widget.redo"] ?? "redo";
    stepText.textContent = T["widget.step_mode"] ?? "step";
    prevBtn.textContent = T["widget.prev"] ?? "<";
    nextBtn.textContent = T["widget.next"] ?? ">";
    endBtn.textContent = T["widget.finish"] ?? ">>";
    speedText.textContent = T["widget.speed"] ?? "speed";
    editBtn.textContent = T["widget.edit"] ?? "edit";
    addBtn.textContent = T["widget.edit_add"] ?? "+";
    removeBtn.textContent = T["widget.edit_remove"] ?? "-";
    moverText.textContent = T["widget.edit_to_move"] ?? "";
    optSouth.textContent = T["side.south"] ?? "south";
    optNorth.textContent = T["side.north"] ?? "north";
    optOver.textContent = T["widget.edit_over"] ?? "-";
    applyBtn.textContent = T["widget.apply"] ?? "apply";
    cancelBtn.textContent = T["widget.cancel"] ?? "cancel";
  }

  function updateControls() {
    const controls = new Set(model.get("controls") || []);
    const editing = Boolean(model.get("editing"));
    const stepping = Boolean(model.get("step_mode"));
    root.classList.toggle("mg-editing", editing);
    root.classList.toggle("mg-busy", busy());
    markSowing();
    undoBtn.hidden = !controls.has("undo") || editing;
    redoBtn.hidden = !controls.has("redo") || editing;
    stepLabel.hidden = !controls.has("step") || editing;
    prevBtn.hidden = nextBtn.hidden = !controls.has("step") || !stepping || editing;
    endBtn.hidden = !controls.has("step") || editing; // skipping a long move is always handy
    speedLabel.hidden = !controls.has("speed") || editing;
    editBtn.hidden = !controls.has("edit") || editing;
    toolbar.hidden = [...toolbar.children].every((c) => c.hidden);
    undoBtn.disabled = !model.get("can_undo") || busy();
    redoBtn.disabled = !model.get("can_redo") || busy();
    prevBtn.disabled = !anim || anim.i <= 0;
    nextBtn.disabled = endBtn.disabled = !anim;
    editBtn.disabled = busy();
    stepBox.checked = stepping;
    speedInput.value = String(model.get("speed"));
    editbar.hidden = !editing;
    addBtn.setAttribute("aria-pressed", String(!editRemove));
    removeBtn.setAttribute("aria-pressed", String(editRemove));
    moverSelect.value = model.get("to_move") ?? "";
    drawHint();
  }

  // The line under the board: how to play, or why the board is locked (a finished task).
  function drawHint() {
    const T = texts();
    const editing = Boolean(model.get("editing"));
    const locked = model.get("lock_text") || "";
    let text = T["widget.hint"] ?? "";
    if (editing) text = T["widget.edit_hint"] ?? "";
    else if (anim && model.get("step_mode")) text = T["widget.step_hint"] ?? "";
    else if (locked && busy()) text = ""; // "this task is over" once the stones are sown
    else if (locked) text = locked === model.get("message") ? "" : locked; // said once is enough
    hint.textContent = text;
    hint.classList.toggle("mg-locked", Boolean(locked) && !editing);
  }

  function drawMessage() {
    message.textContent = model.get("message") || "";
    message.className = `mg-message mg-${model.get("message_kind") || "none"}`;
    drawHint();
  }

  undoBtn.addEventListener("click", () => model.send({ type: "undo" }));
  redoBtn.addEventListener("click", () => model.send({ type: "redo" }));
  stepBox.addEventListener("change", () => {
    model.set("step_mode", stepBox.checked);
    model.save_changes();
  });
  prevBtn.addEventListener("click", () => advance(-1));
  nextBtn.addEventListener("click", () => advance(1));
  endBtn.addEventListener("click", () => advance("end"));
  speedInput.addEventListener("input", () => {
    model.set("speed", Number(speedInput.value));
    model.save_changes();
  });
  editBtn.addEventListener("click", () => model.send({ type: "edit", action: "start" }));
  addBtn.addEventListener("click", () => {
    editRemove = false;
    updateControls();
  });
  removeBtn.addEventListener("click", () => {
    editRemove = true;
    updateControls();
  });
  moverSelect.addEventListener("change", () => {
    model.send({ type: "edit", action: "to_move", side: moverSelect.value || null });
  });
  applyBtn.addEventListener("click", () => model.send({ type: "edit", action: "apply" }));
  cancelBtn.addEventListener("click", () => model.send({ type: "edit", action: "cancel" }));

  root.addEventListener("keydown", (e) => {
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
    let handled = true;
    if (anim && (e.key === "ArrowRight" || e.key === "PageDown")) advance(1);
    else if (anim && (e.key === "ArrowLeft" || e.key === "PageUp")) advance(-1);
    else if (anim && e.key === "End") advance("end");
    else if (model.get("editing") && ["+", "-", "="].includes(e.key)) {
      const place = lay().places[Number(e.target?.getAttribute?.("data-index"))];
      if (place) press(place, e.key === "-");
      else handled = false;
    } else if (/^[1-9]$/.test(e.key) && !model.get("editing") && Number(e.key) <= (lay().pits || 6)) {
      model.send({
        type: "click", side: model.get("to_move") || "south", pit: Number(e.key), busy: busy(), remove: false,
      });
    } else handled = false;
    if (handled) {
      // Ours, not JupyterLab's (in command mode "1" would turn the cell into a heading).
      e.preventDefault();
      e.stopPropagation();
    }
  });

  // -- Model events --------------------------------------------------------------------------
  const onState = () => {
    drawIdle();
    updateControls();
  };
  const onCustom = (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "play") enqueue(msg);
    else if (msg.type === "reset") {
      stopTimer();
      queue.length = 0;
      anim = null;
      drawIdle();
      updateControls();
    } else if (msg.type === "step") advance(msg.delta);
  };
  const onFrame = () => {
    buildFrame();
    if (anim) showEvent(anim.i, false);
    else drawIdle();
  };
  const onLayout = () => {
    buildHits();
    onFrame();
  };
  const onTexts = () => {
    updateTexts();
    updateControls();
    if (anim) showEvent(anim.i, false);
    else drawIdle();
  };
  const onStepMode = () => {
    updateControls();
    if (!anim) return;
    if (model.get("step_mode")) stopTimer();
    else schedule();
  };
  const handlers = [
    ["change:board change:to_move change:legal change:status change:caption change:highlight", onState],
    ["change:editing change:controls change:can_undo change:can_redo change:speed", onState],
    ["change:lock_text", drawHint],
    ["change:message change:message_kind", drawMessage],
    ["change:frame", onFrame],
    ["change:geometry", onLayout],
    ["change:texts", onTexts],
    ["change:step_mode", onStepMode],
    ["msg:custom", onCustom],
  ];
  for (const [names, fn] of handlers) for (const name of names.split(" ")) model.on(name, fn);

  buildFrame();
  buildHits();
  updateTexts();
  drawIdle();
  drawMessage();
  updateControls();

  return () => {
    for (const [names, fn] of handlers) for (const name of names.split(" ")) model.off(name, fn);
    for (const id of timers) clearTimeout(id);
    timers.clear();
    anim = null;
    queue.length = 0;
    markSowing();
  };
}

export default { render };
