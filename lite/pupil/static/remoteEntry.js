// The pupil view in the lessons' web site (JupyterLite): a lesson opened with "&pupil=1" in its
// address shows no code, runs by itself, and shows one part (a heading and what follows it) at
// a time with Back / Next, as the pupil view of the installed lessons (Voilà, see
// mangala_edu/share/voila/templates/mangala/index.html.j2) does.
//
// A JupyterLab extension with no build step: this file is the whole "federated extension"
// JupyterLab loads (a container with init and get), and the plugin uses nothing but the
// application object it is given, so it shares no module with JupyterLab.
(function () {
  "use strict";
  const PUPIL = new URLSearchParams(window.location.search).has("pupil");

  const STYLE = `
  body.mangala-pupil-lite #jp-top-panel, body.mangala-pupil-lite #jp-menu-panel,
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
  body.mangala-pupil-lite .jp-NotebookPanel { background: #f4ede2; }
  body.mangala-pupil-lite .jp-Notebook {
    box-sizing: border-box; max-width: min(1560px, 100%); margin: 0 auto;
    background: #fffdf8;
    padding: 1.2em clamp(12px, 3vw, 64px) calc(var(--mangala-bar, 4.5em) + 2em) !important;
  }
  body.mangala-pupil-lite .jp-Cell { padding: 0.3em 0; border: none !important;
    box-shadow: none !important; outline: none !important; }
  body.mangala-pupil-lite .jp-Notebook:focus, body.mangala-pupil-lite .jp-Cell:focus,
  body.mangala-pupil-lite .jp-Cell:focus-visible { outline: none !important; }

  body.mangala-pupil-lite .jp-Cell.jp-mod-selected, body.mangala-pupil-lite .jp-Cell.jp-mod-active {
    background: transparent; border-color: transparent;
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

  async function start(app) {
    const style = document.createElement("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
    document.body.classList.add("mangala-pupil-lite");
    await app.restored;
    // Only the lesson: no header, menu or side panels (Notebook's shell, or JupyterLab's).
    const shell = app.shell;
    for (const step of [
      () => shell.collapseTop && shell.collapseTop(),
      () => shell.top && shell.top.hide && shell.top.hide(),
      () => shell.menu && shell.menu.hide && shell.menu.hide(),
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
    window.dispatchEvent(new Event("resize"));
    const panel = await notebookPanel(app);
    if (panel.toolbar && panel.toolbar.hide) panel.toolbar.hide();
    window.dispatchEvent(new Event("resize"));
    await panel.context.ready;
    const parts = sections(panel.content);
    if (parts.length > 1) bar(panel, parts);
    await panel.sessionContext.ready;
    await app.commands.execute("notebook:run-all-cells");
    // The lesson starts at its top, whatever cell running all selected.
    panel.content.activeCellIndex = 0;
  }

  const plugin = {
    id: "mangala-pupil:plugin",
    description: "The pupil view: a lesson with no code, one part at a time, run by itself.",
    autoStart: true,
    activate: (app) => {
      if (PUPIL) start(app).catch((error) => console.error("mangala-pupil:", error));
    },
  };

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB["mangala-pupil"] = {
    init: () => Promise.resolve(),
    get: () => Promise.resolve(() => ({ __esModule: true, default: [plugin] })),
  };
})();
