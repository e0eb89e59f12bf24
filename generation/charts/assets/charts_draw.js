  /* ---------- legibility pass (issue 11): labels clear of each other, on a plate ---------- */
  function boxOf(node) {
    const r = node.getBoundingClientRect();
    return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
  }

  /* Side by side, two labels need a gap (abutting "69.1%" and "72.1%" read "69.1%72.1%"). */
  function collide(a, b) {
    return a.x0 < b.x1 + 2 && b.x0 < a.x1 + 2 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5;
  }

  /* Data labels outside the marks are moved to the first free spot near their mark (above,
   * below, beside) so no two texts overprint; labels that fit nowhere stay put (the
   * validator then rejects questions about them). Every label outside a mark then gets a
   * paper-coloured plate, so lines and marks behind it do not cut its contrast. */
  /* Callouts ("▼ name" on a stub over a mark) go above every mark, so no later mark runs
   * through one; one that would overprint a fixed text or another callout, or run off the
   * chart, tries running right from its stub, then a line or two higher (its stub drawn up to
   * it). Data labels are not in the way: the pass below moves them clear of callouts. */
  function placeCallouts(svg) {
    const frameBox = boxOf(svg);
    const groups = Array.from(svg.querySelectorAll("g.annotation"));
    groups.forEach((a) => a.parentNode.appendChild(a));
    const fixed = Array.from(svg.querySelectorAll("text")).filter((t) => t.textContent.trim()
      && !t.closest("g.annotation") && !t.classList.contains("data-label") && !t.classList.contains("point-label"))
      .map(boxOf);
    groups.forEach((a) => {
      const t = a.querySelector("text");
      const stub = a.querySelector("line");
      if (!t) return;
      const y = Number(t.getAttribute("y"));
      const anchor = t.getAttribute("text-anchor");
      const tries = [[anchor, 0], ["start", 0], [anchor, -12], ["start", -12], [anchor, -24], ["start", -24]];
      const clear = tries.find(([an, dy]) => {
        t.setAttribute("text-anchor", an);
        t.setAttribute("y", y + dy);
        const b = boxOf(t);
        return b.x0 >= frameBox.x0 && b.x1 <= frameBox.x1 && b.y0 >= frameBox.y0 && !fixed.some((p) => collide(b, p));
      }) || tries[0];
      t.setAttribute("text-anchor", clear[0]);
      t.setAttribute("y", y + clear[1]);
      if (stub) stub.setAttribute("y2", y + clear[1] + 3);
      fixed.push(boxOf(t));
    });
  }

  function tidy(el) {
    const svg = el.querySelector("svg");
    if (!svg) return;
    placeCallouts(svg);
    const frameBox = boxOf(svg);
    const texts = Array.from(svg.querySelectorAll("text")).filter((t) => t.textContent.trim());
    const movable = texts.filter((t) => (t.classList.contains("data-label") || t.classList.contains("point-label"))
      && !t.classList.contains("inside") && !t.classList.contains("slice-label")
      && !t.classList.contains("anchored"));
    /* A callout ("◀ name") that would run off the chart keeps only its arrow: the mark it
     * points at is named on its axis already. */
    texts.filter((t) => /^[◀▼▶] /.test(t.textContent.trim()) && !t.classList.contains("data-label")).forEach((t) => {
      const b = boxOf(t);
      if (b.x1 > frameBox.x1 + 0.5 || b.x0 < frameBox.x0 - 0.5) t.textContent = t.textContent.trim().slice(0, 1);
    });
    const placed = texts.filter((t) => movable.indexOf(t) < 0).map(boxOf)
      .concat(Array.from(svg.querySelectorAll(".legend circle, .legend rect")).map(boxOf)); /* size keys */
    /* A moved label must not cover a data marker: its plate would hide the dot. */
    const dots = Array.from(svg.querySelectorAll("circle")).filter((c) => !c.closest(".legend")).map((c) => {
      const b = boxOf(c);
      const cx = (b.x0 + b.x1) / 2;
      const cy = (b.y0 + b.y1) / 2;
      return { x0: cx - 1.5, y0: cy - 1.5, x1: cx + 1.5, y1: cy + 1.5 };
    });
    const covers = (a) => dots.some((d) => a.x0 < d.x1 && d.x0 < a.x1 && a.y0 < d.y1 && d.y0 < a.y1);
    /* A reader pairs a label with the dot nearest to it: a moved label of a line's point (its own
     * dot known: ``__dot``, a multi-line chart's too) or of a sparkline panel ("by-dot": the dot
     * nearest where it was drawn) stays nearer its own dot than any other, or it sits over the next
     * year's point or another series' and reads as its value (validate's "misplaced"). */
    const gap = (a, d) => Math.hypot(Math.max(a.x0 - (d.x0 + 1.5), 0, d.x0 + 1.5 - a.x1),
      Math.max(a.y0 - (d.y0 + 1.5), 0, d.y0 + 1.5 - a.y1));
    const nearest = (a) => dots.reduce((best, d) => (best === null || gap(a, d) < gap(a, best) ? d : best), null);
    /* ... and within 10 px of it (7.5 pt: validate's "astray" reads a label 8 pt off as no point's). */
    const ownNearest = (a, own) => own === null
      || (gap(a, own) <= 10 && dots.every((d) => gap(a, own) <= gap(a, d) + 1));
    for (const t of movable) {
      const x = Number(t.getAttribute("x"));
      const y = Number(t.getAttribute("y"));
      const b = boxOf(t);
      const w = b.x1 - b.x0;
      const h = b.y1 - b.y0;
      const mine = t.__dot ? boxOf(t.__dot) : null;
      const own = mine ? { x0: (mine.x0 + mine.x1) / 2 - 1.5, y0: (mine.y0 + mine.y1) / 2 - 1.5 }
        : t.classList.contains("by-dot") ? nearest(b) : null;
      /* A label to the right of its point ("start") may also flip to the left of it. */
      const flip = t.getAttribute("text-anchor") === "start" ? -(w + 16) : -w * 0.6 - 2;
      const tries = [[0, 0], [0, -h], [0, h], [w * 0.6 + 2, 0], [flip, 0], [w * 0.6 + 2, -h],
        [flip, -h], [w * 0.6 + 2, h], [flip, h], [0, -2 * h], [0, 2 * h], [flip, -2 * h], [flip, 2 * h],
        [0, -3 * h], [0, 3 * h], [w * 0.6 + 2, -2 * h], [w * 0.6 + 2, 2 * h],
        [-(w + 6), 0], [-(2 * w + 12), 0], [w + 6, 0]]; /* along a crowded edge (sankey ends) */
      let done = false;
      for (const [dx, dy] of tries) {
        t.setAttribute("x", x + dx);
        t.setAttribute("y", y + dy);
        const at = boxOf(t);
        const inFrame = at.x0 >= frameBox.x0 && at.x1 <= frameBox.x1 && at.y0 >= frameBox.y0 && at.y1 <= frameBox.y1;
        if (inFrame && !placed.some((p) => collide(at, p)) && !covers(at) && ownNearest(at, own)) {
          done = true;
          break;
        }
      }
      /* A label with no such spot stays where it was drawn: above its own dot (a line's label is
       * never left out, since the question planner counts every value of a labelled line printed,
       * reading.value_printed). */
      if (!done) {
        t.setAttribute("x", x);
        t.setAttribute("y", y);
      }
      placed.push(boxOf(t));
    }
    const plated = texts.filter((t) => !t.classList.contains("inside")
      && (!t.closest(".axis") || t.classList.contains("ring-label")) && !t.closest(".legend")
      && !t.classList.contains("axis-title") && !t.classList.contains("tile-label"));
    for (const t of plated) {
      const bb = t.getBBox();
      const plate = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      plate.setAttribute("class", "label-plate");
      plate.setAttribute("x", bb.x - 1);
      plate.setAttribute("y", bb.y);
      plate.setAttribute("width", bb.width + 2);
      plate.setAttribute("height", bb.height);
      plate.setAttribute("rx", 1.5);
      if (t.getAttribute("transform")) plate.setAttribute("transform", t.getAttribute("transform"));
      t.parentNode.appendChild(plate); /* above every mark drawn after the label */
      t.parentNode.appendChild(t);
    }
  }

  function specs() {
    const node = document.getElementById("chart-specs");
    return node ? JSON.parse(node.textContent) : {};
  }

  function drawAll() {
    const all = specs();
    const els = document.querySelectorAll(".chart[data-viz]");
    for (const el of els) {
      const id = el.getAttribute("data-viz");
      const spec = all[id];
      if (!spec) throw new Error("no chart spec for " + id);
      const draw = SUPPORTED[spec.chartType];
      if (!draw) throw new Error("chart type " + spec.chartType + " (" + id + ") is not supported by charts.js");
      try {
        draw(el, spec);
        tidy(el);
      } catch (err) {
        throw new Error("drawing " + id + " (" + spec.chartType + ") failed: " + (err && err.message ? err.message : err));
      }
    }
    return els.length;
  }

  window.SDB_CHART_TYPES = Object.keys(SUPPORTED).sort();
  window.addEventListener("DOMContentLoaded", function () {
    try {
      window.__chartsDrawn = drawAll();
      window.__chartsDone = true;
    } catch (err) {
      window.__chartsError = String(err && err.message ? err.message : err);
      console.error("chart drawing failed: " + window.__chartsError);
    }
  });
})();
