// The pupil view in the lessons' web site (JupyterLite): a lesson opened with "&pupil=1" in its
// address shows no code, runs by itself, and shows one part (a heading and what follows it) at
// a time with Back / Next, as the pupil view of the installed lessons (Voilà, see
// mangala_edu/share/voila/templates/mangala/index.html.j2) does.
//
// The same file makes every notebook's Python work in the notebook's folder (tr/, en/: the
// lesson's language) where JupyterLite cannot mount its files for Python, a plain http://
// school server, and says there, in Turkish and English, what does not work.
//
// A JupyterLab extension with no build step: this file is the whole "federated extension"
// JupyterLab loads (a container with init and get), and the plugin uses nothing but the
// application object it is given, so it shares no module with JupyterLab.
(function () {
  "use strict";
  const PUPIL = new URLSearchParams(window.location.search).has("pupil");

  const STYLE = `
  body.mangala-pupil-lite #jp-top-panel, body.mangala-pupil-lite #jp-menu-panel,
  body.mangala-pupil-lite #top-panel-wrapper, body.mangala-pupil-lite #menu-panel-wrapper,
  body.mangala-pupil-lite .jp-SideBar, body.mangala-pupil-lite #jp-left-stack,
  body.mangala-pupil-lite #jp-right-stack, body.mangala-pupil-lite #jp-main-statusbar,
  body.mangala-pupil-lite #jp-bottom-panel, body.mangala-pupil-lite .lm-DockPanel-tabBar,
  body.mangala-pupil-lite .jp-NotebookKernelStatus,
  body.mangala-pupil-lite .jp-CodeCell .jp-Cell-inputWrapper,
  body.mangala-pupil-lite .jp-InputPrompt, body.mangala-pupil-lite .jp-OutputPrompt,
  body.mangala-pupil-lite .jp-Collapser, body.mangala-pupil-lite .jp-cell-toolbar,
  body.mangala-pupil-lite .jp-Notebook-footer, body.mangala-pupil-lite .jp-cell-menu,
  .mangala-pupil-hidden { display: none !important; }
  body.mangala-pupil-lite {
    --jp-content-font-size1: clamp(15px, 1.1vw, 24px);
    --jp-ui-font-size1: clamp(14px, 1.05vw, 20px);
    --jp-widgets-font-size: clamp(14px, 1.05vw, 20px);
    --jp-widgets-inline-height: clamp(28px, 2.1vw, 42px);
  }
  /* As the installed lessons' pupil view: the lesson in a column on a sand page. What
     scrolls is .jp-WindowedPanel-outer; the column is its .jp-WindowedPanel-inner. */
  body.mangala-pupil-lite #main, body.mangala-pupil-lite .jp-NotebookPanel,
  body.mangala-pupil-lite .jp-Notebook, body.mangala-pupil-lite .jp-WindowedPanel-outer {
    background: #f4ede2 !important;
  }
  body.mangala-pupil-lite .jp-Notebook { padding: 0 !important; max-width: none !important; }
  body.mangala-pupil-lite .jp-WindowedPanel-outer {
    padding: 0 !important;
    /* Whatever is scrolled into view (a verdict) stops above the Back / Next bar. */
    scroll-padding-top: 12px;
    scroll-padding-bottom: calc(var(--mangala-bar, 4.5em) + 16px);
  }
  body.mangala-pupil-lite .jp-WindowedPanel-inner {
    box-sizing: border-box; max-width: min(1560px, 100%); min-height: 100%;
    margin: 0 auto !important; background: #fffdf8 !important;
    /* The bottom keeps room for the fixed Back / Next bar (its height, measured). */
    padding: 1.2em clamp(12px, 3vw, 64px) calc(var(--mangala-bar, 4.5em) + 2em) !important;
  }
  body.mangala-pupil-lite .jp-WindowedPanel-viewport {
    background: transparent !important; box-shadow: none !important; padding: 0 !important;
  }
  body.mangala-pupil-lite .jp-Cell { padding: 0.3em 0; border: none !important;
    box-shadow: none !important; outline: none !important; background: transparent !important; }
  body.mangala-pupil-lite .jp-Notebook:focus, body.mangala-pupil-lite .jp-Cell:focus,
  body.mangala-pupil-lite .jp-Cell:focus-visible { outline: none !important; }

  /* No sign of JupyterLab's active or selected cell (Notebook's white box, its ring). */
  body.mangala-pupil-lite .jp-Notebook .jp-Cell:is(.jp-mod-selected, .jp-mod-active),
  body.mangala-pupil-lite[data-notebook] .jp-Notebook.jp-mod-commandMode
    .jp-Cell.jp-mod-active.jp-mod-selected:not(.jp-mod-multiSelected) {
    background: transparent !important; border-color: transparent !important;
  }
  body.mangala-pupil-lite .jp-Notebook :is(.jp-Cell, .jp-Cell-inputWrapper,
    .jp-Cell-outputWrapper, .jp-InputArea-editor, .jp-MarkdownOutput):is(:focus, :focus-visible),
  body.mangala-pupil-lite .jp-WindowedPanel-outer:is(:focus, :focus-visible) {
    outline: none !important; box-shadow: none !important;
  }
  body.mangala-pupil-lite .jp-Notebook .jp-Cell:is(.jp-mod-active, .jp-mod-selected)
    .jp-Collapser-child { background: transparent; }
  body.mangala-pupil-lite .jp-OutputArea-output pre {
    font-size: var(--jp-content-font-size1); line-height: 1.45;
    white-space: pre-wrap; word-break: normal; overflow-wrap: anywhere;
  }
  .mangala-pupil-nav {
    position: fixed; left: 0; right: 0; bottom: 0; z-index: 1000;
    display: flex; gap: 1em; align-items: center; justify-content: center;
    padding: 0.5em 1em; background: #2f5d50; color: #ffffff;
    font-family: "DejaVu Sans", Verdana, Arial, sans-serif; font-size: clamp(16px, 1.1vw, 24px);
    box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.25);
  }
  .mangala-pupil-nav button {
    font: inherit; font-weight: bold; padding: 0.35em 1.2em; border-radius: 0.5em;
    border: 2px solid #ffffff; background: #fff8ea; color: #2b1d12; cursor: pointer;
  }
  .mangala-pupil-nav button:disabled { opacity: 0.4; cursor: default; }
  .mangala-pupil-nav button:focus-visible { outline: 3px dashed #ffd8a8; outline-offset: 2px; }
  .mangala-pupil-step { min-width: 12em; text-align: center; }
  .mangala-pupil-dots { display: flex; gap: 0.35em; }
  .mangala-pupil-dots span {
    width: 0.7em; height: 0.7em; border-radius: 50%; background: rgba(255, 255, 255, 0.35);
  }
  .mangala-pupil-dots span.mangala-now { background: #ffd8a8; }
  `;

  const fill = (text, params) =>
    text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));

  /** The notebook's Python works in the notebook's folder (the lesson's language): said once
   * its kernel starts (again after a restart); it does nothing where JupyterLite mounted the
   * site's files for Python (a secure context), see mangala_edu/browser.py. */
  function workInFolder(panel) {
    const folder = panel.context.path.split("/").slice(0, -1).join("/");
    const code = "try:\n    __import__('mangala_edu.browser').browser.work_in("
      + JSON.stringify(folder) + ")\nexcept Exception:\n    pass";
    const tell = (kernel) => {
      if (kernel && !kernel.isDisposed) {
        kernel.requestExecute({ code, silent: true, store_history: false });
      }
    };
    let restarted = false;
    const watch = (kernel) => {
      if (!kernel) return;
      tell(kernel);
      kernel.statusChanged.connect((k, status) => {
        if (status === "restarting" || status === "autorestarting") restarted = true;
      });
      kernel.connectionStatusChanged.connect((k, status) => {
        if (restarted && status === "connected") {
          restarted = false;
          tell(k);
        }
      });
    };
    const session = panel.sessionContext;
    session.kernelChanged.connect((s, change) => watch(change.newValue));
    if (session.session && session.session.kernel) watch(session.session.kernel);
  }

  /** JupyterLite mounts the site's files for Python only in a secure context (https://, the
   * computer itself): elsewhere (a plain http:// school server) the files a lesson's Python
   * writes are neither listed nor kept. Said once, in the "with code" view. */
  function sayWhatNeedsHttps(app) {
    if (window.isSecureContext || PUPIL) return;
    // Each at most 140 characters, as JupyterLab's notices show.
    const messages = [
      "Site düz http:// ile açıldı: Python'un yazdığı dosyalar listede görünmez, sayfa "
        + "yenilenince silinir. İlerlemen yine saklanır.",
      "The site is on plain http://: files Python writes are not listed and are gone on a "
        + "reload. Your progress is still kept.",
    ];
    const notify = () => Promise.all(messages.map((message) => app.commands.execute(
      "apputils:notify", { message, type: "info", options: { autoClose: false } })));
    app.restored.then(notify).catch(() => console.warn("mangala:", messages.join(" ")));
  }

  /** Every notebook the page opens, now and later. */
  function eachNotebook(app, act) {
    const seen = new WeakSet();
    const look = () => {
      for (const widget of app.shell.widgets ? app.shell.widgets("main") : []) {
        if (widget && widget.content && widget.sessionContext && !seen.has(widget)) {
          seen.add(widget);
          act(widget);
        }
      }
    };
    look();
    if (app.shell.currentChanged) app.shell.currentChanged.connect(look);
    if (app.shell.layoutModified) app.shell.layoutModified.connect(look);
  }

  /** A verdict (a feedback box: after "Kontrol et", a move, a hint) that the pupil's click or
   * key brought is scrolled into view, above the bar, once it shows (a task holds its verdict
   * back, hidden, until the last stone is down): the pupil never scrolls for it. As the
   * installed lessons' pupil view (index.html.j2) does. */
  function watchVerdicts(root, nav) {
    const pending = new Set();
    let armed = false, origin = null, frame = 0;
    const act = (event) => { armed = true; origin = event.target; };
    for (const kind of ["pointerdown", "click", "keydown"]) root.addEventListener(kind, act, true);
    const shown = (box) => box.offsetParent !== null
      && getComputedStyle(box).visibility === "visible" && box.getBoundingClientRect().height > 0;
    const inView = (box) => {
      const r = box.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= nav.getBoundingClientRect().top;
    };
    const after = (box) => origin && origin.isConnected
      && (origin.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING);
    function reveal() {
      frame = 0;
      const ready = [...pending].filter((box) => !box.isConnected || shown(box));
      ready.forEach((box) => pending.delete(box));
      const boxes = ready.filter((box) => box.isConnected).sort(
        (a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
      if (!boxes.length) return;
      // The verdict on what was done: the first after what the pupil clicked.
      const box = boxes.find(after) || boxes[boxes.length - 1];
      if (inView(box)) return;
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      box.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    }
    const observer = new MutationObserver((records) => {
      if (!armed) return;
      for (const record of records) {
        if (record.type === "attributes") continue;  // a class: a held verdict may show now
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1) continue;
          if (node.matches(".mangala-feedback")) pending.add(node);
          node.querySelectorAll(".mangala-feedback").forEach((box) => pending.add(box));
        }
        const at = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        const box = at && at.closest(".mangala-feedback");
        if (box) pending.add(box);
      }
      if (pending.size && !frame) frame = requestAnimationFrame(reveal);
    });
    observer.observe(root, {
      childList: true, subtree: true, characterData: true,
      attributes: true, attributeFilter: ["class"],
    });
    return { reset() { armed = false; origin = null; pending.clear(); } };
  }

  /** The lesson's parts: a markdown cell with a heading (# or ##) starts one. */
  function sections(notebook) {
    const found = [];
    for (const cell of notebook.widgets) {
      const source = cell.model.sharedModel.getSource();
      const heading = cell.model.type === "markdown" && /^#{1,2}\s/m.test(source);
      if (heading || !found.length) found.push([]);
      found[found.length - 1].push(cell);
    }
    return found;
  }

  function bar(panel, parts) {
    const words = (panel.model.getMetadata("mangala") || {}).pupil || {};
    const nav = document.createElement("nav");
    nav.className = "mangala-pupil-nav";
    nav.setAttribute("aria-label", words.nav || "");
    const back = document.createElement("button");
    const label = document.createElement("span");
    const dots = document.createElement("span");
    const next = document.createElement("button");
    back.type = next.type = "button";
    back.className = "mangala-pupil-back";
    next.className = "mangala-pupil-next";
    back.textContent = words.back || "◀";
    next.textContent = words.next || "▶";
    label.className = "mangala-pupil-step";
    label.setAttribute("aria-live", "polite");
    dots.className = "mangala-pupil-dots";
    dots.setAttribute("aria-hidden", "true");
    for (let k = 0; k < parts.length; k++) dots.appendChild(document.createElement("span"));
    nav.append(back, label, dots, next);
    document.body.appendChild(nav);
    const measure = () => document.body.style.setProperty("--mangala-bar", `${nav.offsetHeight}px`);
    measure();
    if (window.ResizeObserver) new ResizeObserver(measure).observe(nav);
    const verdicts = watchVerdicts(panel.content.node, nav);
    let now = 0;
    function show(k) {
      now = Math.max(0, Math.min(parts.length - 1, k));
      parts.forEach((part, i) =>
        part.forEach((cell) => cell.node.classList.toggle("mangala-pupil-hidden", i !== now)));
      back.disabled = now === 0;
      next.disabled = now === parts.length - 1;
      label.textContent = fill(words.step || "{n} / {total}", { n: now + 1, total: parts.length });
      [...dots.children].forEach((dot, i) => dot.classList.toggle("mangala-now", i === now));
      document.body.dataset.mangalaSection = String(now + 1);
      verdicts.reset();
      for (const node of [panel.content.node, ...panel.content.node.querySelectorAll(
        ".jp-WindowedPanel-outer")]) node.scrollTop = 0;
    }
    back.addEventListener("click", () => show(now - 1));
    next.addEventListener("click", () => show(now + 1));
    show(0);
  }

  /** The notebook the page opened, once it is there. */
  function notebookPanel(app) {
    return new Promise((resolve) => {
      const look = () => {
        const widget = app.shell.currentWidget;
        if (widget && widget.content && widget.sessionContext && widget.content.widgets) {
          resolve(widget);
        } else {
          setTimeout(look, 200);
        }
      };
      look();
    });
  }

  /** Only the lesson: no header (logo, the notebook's name, the kernel), menu or side
   * panels, in Notebook's shell or JupyterLab's; kept so when Notebook shows its header again
   * (its "automatic" header follows the window's size). The lesson's own title heading says
   * which lesson this is. */
  function hideChrome(shell) {
    const hide = () => {
      for (const step of [
        () => shell.collapseTop && shell.collapseTop(),
        () => shell.top && shell.top.setHidden && shell.top.setHidden(true),
        () => shell.menu && shell.menu.setHidden && shell.menu.setHidden(true),
        () => shell.collapseLeft && shell.collapseLeft(),
        () => shell.collapseRight && shell.collapseRight(),
        () => { if ("mode" in shell && shell.mode !== undefined) shell.mode = "single-document"; },
      ]) {
        try {
          step();
        } catch (error) {
          console.warn("mangala-pupil: part of the layout stays", error);
        }
      }
    };
    hide();
    const again = new MutationObserver(() => {
      const shown = ["top-panel-wrapper", "top-panel", "menu-panel-wrapper"].some((id) => {
        const node = document.getElementById(id);
        return node && !node.classList.contains("lm-mod-hidden");
      });
      if (shown) hide();
    });
    for (const id of ["top-panel-wrapper", "top-panel", "menu-panel-wrapper"]) {
      const node = document.getElementById(id);
      if (node) again.observe(node, { attributes: true, attributeFilter: ["class"] });
    }
  }

  /** A lesson shown, not edited: no key reaches JupyterLab's shortcuts (a "d d" would delete
   * a part, Shift+Enter run one), a double click does not open a text's markdown, and nothing
   * is saved (the browser would keep this copy of the lesson instead of a newer site's), so
   * leaving the page asks nothing. */
  function showOnly(panel) {
    panel.content.node.addEventListener("keydown", (event) => event.stopPropagation());
    panel.node.addEventListener("dblclick", (event) => {
      if (event.target.closest && event.target.closest(".jp-MarkdownCell")) {
        event.stopPropagation();
      }
    }, true);
    const model = panel.context.model;
    const clean = () => { if (model.dirty) model.dirty = false; };
    model.stateChanged.connect((sender, change) => {
      if (change.name === "dirty" && change.newValue) clean();
    });
    model.contentChanged.connect(clean);
    panel.context.save = () => Promise.resolve();
  }

  async function start(app) {
    const style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    document.body.classList.add("mangala-pupil-lite");
    await app.restored;
    hideChrome(app.shell);
    window.dispatchEvent(new Event("resize"));
    const panel = await notebookPanel(app);
    if (panel.toolbar && panel.toolbar.hide) panel.toolbar.hide();
    window.dispatchEvent(new Event("resize"));
    await panel.context.ready;
    showOnly(panel);
    const parts = sections(panel.content);
    if (parts.length > 1) bar(panel, parts);
    await panel.sessionContext.ready;
    await app.commands.execute("notebook:run-all-cells");
    // The lesson starts at its top, whatever cell running all selected; nothing has focus
    // (a focused cell would take the keys and show JupyterLab's ring).
    panel.content.activeCellIndex = 0;
    if (panel.node.contains(document.activeElement)) document.activeElement.blur();
  }

  const plugin = {
    id: "mangala-pupil:plugin",
    description: "The pupil view: a lesson with no code, one part at a time, run by itself.",
    autoStart: true,
    activate: (app) => {
      eachNotebook(app, workInFolder);
      sayWhatNeedsHttps(app);
      if (PUPIL) start(app).catch((error) => console.error("mangala-pupil:", error));
    },
  };

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB["mangala-pupil"] = {
    init: () => Promise.resolve(),
    get: () => Promise.resolve(() => ({ __esModule: true, default: [plugin] })),
  };
})();
