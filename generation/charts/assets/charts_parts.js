  /* ---------- scatter and bubble ---------- */
  function drawScatter(el, spec, bubble) {
    const groups = uniq(spec.data.map((d) => d.category || "")).filter((g) => g !== "");
    const f = frame(el, spec, { legendKeys: groups, right: bubble ? 96 : 28, yTitled: true });
    const xv = spec.data.map((d) => Number(d.metadata.x));
    const x = d3.scaleLinear().domain(valueDomain(spec, spec.axes.x, xv, false)).nice().range([0, f.iw]);
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, spec.data.map((d) => d.value), false))
      .nice().range([f.ih, 0]);
    const sizes = spec.data.map((d) => Number(d.metadata.size || 1));
    const r = d3.scaleSqrt().domain([0, d3.max(sizes) || 1]).range([0, bubble ? 24 : 5]);
    axes(f, spec, x, y, {});
    const marks = spec.data.map((d, i) => ({ cx: x(xv[i]), cy: y(d.value), r: bubble ? Math.max(3, r(sizes[i])) : 5 }));
    const names = [];
    spec.data.forEach((d, i) => {
      const gi = groups.indexOf(d.category || "");
      const color = gi >= 0 ? colorOf(spec, d.category, gi) : singleColor(spec, d, i);
      const c = f.g.append("circle").attr("class", "mark").attr("cx", marks[i].cx).attr("cy", marks[i].cy)
        .attr("r", marks[i].r).attr("fill", color).attr("fill-opacity", bubble ? 0.6 : 0.9);
      const hl = isHighlighted(spec, d.label);
      if (hl) finishHighlight(c);
      const text = labelsOn(spec) ? d.label + " (" + valueText(spec, d.value) + ")" : d.label;
      names.push(f.g.append("text").attr("class", hl ? "point-label annotation anchored" : "point-label anchored")
        .attr("x", marks[i].cx + marks[i].r + 3).attr("y", marks[i].cy + 3).text(text));
    });
    nameMarks(f, names, marks);
    if (bubble && vp(spec).hasLegend) {
      /* Size key: two reference circles with their (rounded) sizes. */
      const ticks = r.copy().nice().ticks(3).filter((t) => t > 0);
      const keys = ticks.length >= 2 ? [ticks[0], ticks[ticks.length - 1]] : ticks;
      const lg = f.svg.append("g").attr("class", "legend")
        .attr("transform", "translate(" + (f.m.left + f.iw + 14) + "," + (f.m.top + 10) + ")");
      lg.append("text").attr("class", "legend-text").attr("x", 0).attr("y", 0).text("Circle size");
      let cy = 12;
      keys.forEach((t) => {
        const rad = Math.max(3, r(t));
        lg.append("circle").attr("cx", 26).attr("cy", cy + rad).attr("r", rad).attr("fill", "none")
          .attr("stroke", "#555");
        lg.append("text").attr("class", "legend-text").attr("x", 26).attr("y", cy + 2 * rad + 11)
          .attr("text-anchor", "middle").text(NUM(t));
        cy += 2 * rad + 18;
      });
    }
  }
  SUPPORTED.scatter = (el, spec) => drawScatter(el, spec, false);
  SUPPORTED.bubble = (el, spec) => drawScatter(el, spec, true);

  /* ---------- pie and donut ---------- */
  function drawPie(el, spec, donut) {
    const data = sorted(spec, spec.data);
    const legend = vp(spec).hasLegend;
    const f = frame(el, spec, { legendKeys: data.map((d) => d.label), left: 10, right: 10, bottom: 10 });
    /* Room for the outer labels ("name: value") on both sides of the pie. */
    const longest = d3.max(data, (d) => (legend ? 0 : d.label.length) + (labelsOn(spec) ? 8 : 0)) || 0;
    const R = Math.max(55, Math.min(f.ih / 2 - 28, f.iw / 2 - 18 - longest * 5.8));
    const g = f.g.append("g").attr("transform", "translate(" + f.iw / 2 + "," + f.ih / 2 + ")");
    const arcs = d3.pie().sort(null).value((d) => d.value)(data);
    const arc = d3.arc().innerRadius(donut ? R * 0.55 : 0).outerRadius(R);
    const outer = d3.arc().innerRadius(R + 14).outerRadius(R + 14);
    const labels = [];
    arcs.forEach((a, i) => {
      const d = a.data;
      const p = g.append("path").attr("class", "mark").attr("d", arc(a)).attr("fill", colorOf(spec, d.label, i))
        .attr("stroke", "#fff").attr("stroke-width", 1);
      const hl = isHighlighted(spec, d.label);
      if (hl) {
        finishHighlight(p);
        const [ax, ay] = d3.arc().innerRadius(R).outerRadius(R).centroid(a);
        p.attr("transform", "translate(" + ax * 0.08 + "," + ay * 0.08 + ")");
      }
      const [cx, cy] = outer.centroid(a);
      const parts = [];
      if (!legend || hl) parts.push(d.label);
      if (labelsOn(spec)) parts.push(valueText(spec, d.value));
      if (parts.length) {
        labels.push({ a: a, cx: cx, cy: cy, side: cx >= 0 ? 1 : -1, text: parts.join(": "),
          cls: (hl ? "slice-label annotation" : "slice-label") + (labelsOn(spec) ? " data-label" : "") });
      }
    });
    sliceLabels(g, labels, R, f.ih / 2);
  }

  /* Outer slice labels, each side stacked top to bottom at least a line apart (thin
   * neighbouring slices put their labels on one spot), each just outside the circle at its
   * height, and led to its slice by a thin line when it had to move. */
  function sliceLabels(g, labels, R, half) {
    const line = 13;
    const ring = R + 14;
    [-1, 1].forEach((side) => {
      const mine = labels.filter((l) => l.side === side).sort((p, q) => p.cy - q.cy);
      mine.forEach((l, i) => { l.y = i ? Math.max(l.cy, mine[i - 1].y + line) : Math.max(l.cy, 10 - half); });
      for (let i = mine.length - 1; i >= 0; i--) {
        const floor = i === mine.length - 1 ? half - 6 : mine[i + 1].y - line;
        mine[i].y = Math.min(mine[i].y, floor);
      }
    });
    labels.forEach((l) => {
      const inner = Math.max(0, Math.abs(l.y) - 6);
      const x = l.side * Math.max(6, Math.sqrt(Math.max(0, ring * ring - inner * inner)));
      const moved = Math.abs(l.y - l.cy) > 3;
      if (moved) {
        const [ex, ey] = d3.arc().innerRadius(R + 2).outerRadius(R + 2).centroid(l.a);
        g.append("line").attr("class", "leader").attr("x1", ex).attr("y1", ey).attr("x2", x - l.side * 2)
          .attr("y2", l.y).attr("stroke", "#888").attr("stroke-width", 0.8);
      }
      g.append("text").attr("class", l.cls).attr("text-anchor", l.side > 0 ? "start" : "end")
        .attr("x", moved ? x : l.cx).attr("y", l.y + 4).text(l.text);
    });
  }
  SUPPORTED.pie = (el, spec) => drawPie(el, spec, false);
  SUPPORTED.donut = (el, spec) => drawPie(el, spec, true);

  /* ---------- treemap: one tile per item, area proportional to value ---------- */
  SUPPORTED.treemap = function (el, spec) {
    const f = frame(el, spec, { left: 4, right: 4, top: 4, bottom: 20 });
    unitNote(f, spec);
    const layout = (height) => {
      const root = d3.hierarchy({ children: spec.data.map((d) => ({ d: d })) })
        .sum((n) => (n.d ? n.d.value : 0)).sort((a, b) => b.value - a.value);
      d3.treemap().size([f.iw, height]).paddingInner(2).round(true)(root);
      return root.leaves();
    };
    /* Tiles too small for a readable name (and value) are named in a key under the tiles,
     * a swatch of the tile's colour each; the tiles give up a row of height per key row. */
    let tiles = f.g.append("g");
    let keyed = treemapTiles(tiles, spec, layout(f.ih));
    if (keyed.length) {
      tiles.remove();
      tiles = f.g.append("g");
      keyed = treemapTiles(tiles, spec, layout(f.ih - 18));
      tileKey(f, spec, keyed, f.ih - 5);
    }
  };

  /* The tiles of a treemap with their names (and values) inside; returns the tiles whose name
   * does not fit (a word in more than two pieces, or more rows than the tile is tall). */
  function treemapTiles(g, spec, leaves) {
    const keyed = [];
    leaves.forEach((leaf, i) => {
      const d = leaf.data.d;
      const w = leaf.x1 - leaf.x0;
      const h = leaf.y1 - leaf.y0;
      const colour = colorOf(spec, d.label, i);
      const tile = g.append("rect").attr("class", "mark").attr("x", leaf.x0).attr("y", leaf.y0).attr("width", w)
        .attr("height", h).attr("fill", colour);
      const hl = isHighlighted(spec, d.label);
      if (hl) finishHighlight(tile);
      const small = w < 70 || h < 34;
      const label = g.append("text").attr("class", (hl ? "tile-label annotation" : "tile-label") + (small ? " small" : ""))
        .attr("x", leaf.x0 + 4).attr("y", leaf.y0 + 13).call(inkOn, colour);
      /* Words wrap onto more lines rather than run past the tile onto its neighbour; a word
       * wider than the tile is broken once with a hyphen. */
      let line = label.append("tspan").attr("x", leaf.x0 + 4).text("");
      let lines = 1;
      let torn = false;
      const fits = (text) => line.text(text).node().getComputedTextLength() <= w - 8;
      const newLine = (text) => {
        line = label.append("tspan").attr("x", leaf.x0 + 4).attr("dy", "1.15em").text(text);
        lines += 1;
      };
      ((hl ? "▶ " : "") + d.label).split(" ").forEach((word) => {
        const before = line.text();
        if (fits(before ? before + " " + word : word)) return;
        line.text(before);
        if (before) newLine(word);
        if (fits(word)) return;
        let k = word.length - 2;
        while (k > 2 && !fits(word.slice(0, k) + "-")) k -= 1;
        line.text(word.slice(0, k) + "-");
        newLine(word.slice(k));
        torn = torn || k < 3 || !fits(word.slice(k)) || word.length - k < 3;
      });
      const rows = lines + (labelsOn(spec) ? 1 : 0);
      if (torn || 13 * rows + 4 > h) {
        label.remove();
        keyed.push({ d: d, colour: colour, hl: hl });
      } else if (labelsOn(spec)) {
        dataLabel(g, leaf.x0 + 4, leaf.y0 + 13 + 13 * lines, valueText(spec, d.value), "inside", "start")
          .call(inkOn, colour);
      }
    });
    return keyed;
  }

  /* A key row under the tiles: a swatch of each keyed tile's colour and its name (and value). */
  function tileKey(f, spec, keyed, y) {
    const key = f.g.append("g").attr("class", "legend tile-key");
    let x = 0;
    keyed.forEach((k) => {
      const item = key.append("g").attr("transform", "translate(" + x + "," + (y - 9) + ")");
      const swatch = item.append("rect").attr("width", 10).attr("height", 10).attr("fill", k.colour);
      if (k.hl) finishHighlight(swatch);
      const text = (k.hl ? "▶ " : "") + k.d.label + (labelsOn(spec) ? ": " + valueText(spec, k.d.value) : "");
      const t = item.append("text").attr("class", "legend-text").attr("x", 14).attr("y", 9).text(text);
      x += 14 + t.node().getComputedTextLength() + 16;
    });
  }

  /* ---------- sankey: sources (left) to targets (right), band width proportional to flow ---------- */
  SUPPORTED.sankey = function (el, spec) {
    const links = spec.data;
    const sources = uniq(links.map((d) => d.metadata.source));
    const targets = uniq(links.map((d) => d.metadata.target));
    const wide = (names) => Math.min(180, 14 + (d3.max(names, (s) => s.length) || 4) * 6.4);
    const f = frame(el, spec, { left: wide(sources), right: wide(targets), top: 10, bottom: 26 });
    unitNote(f, spec);
    const nodeW = 14;
    const pad = 12;
    const total = d3.sum(links, (d) => d.value);
    const k = (f.ih - pad * (Math.max(sources.length, targets.length) - 1)) / total;
    function place(names, key) {
      const out = {};
      const used = d3.sum(names, (n) => d3.sum(links.filter((d) => d.metadata[key] === n), (d) => d.value)) * k;
      let y = (f.ih - used - pad * (names.length - 1)) / 2;
      names.forEach((n) => {
        const h = d3.sum(links.filter((d) => d.metadata[key] === n), (d) => d.value) * k;
        out[n] = { y0: y, y1: y + h, next: y };
        y += h + pad;
      });
      return out;
    }
    const src = place(sources, "source");
    const dst = place(targets, "target");
    const x0 = nodeW;
    const x1 = f.iw - nodeW;
    const xm = (x0 + x1) / 2;
    const ordered = links.slice().sort((a, b) => targets.indexOf(a.metadata.target) - targets.indexOf(b.metadata.target));
    const geometry = new Map();
    ordered.forEach((d) => {
      const s = src[d.metadata.source];
      geometry.set(d, { sy: s.next });
      s.next += d.value * k;
    });
    const bySource = links.slice().sort((a, b) => sources.indexOf(a.metadata.source) - sources.indexOf(b.metadata.source));
    bySource.forEach((d) => {
      const t = dst[d.metadata.target];
      geometry.get(d).ty = t.next;
      t.next += d.value * k;
    });
    const labels = [];
    links.forEach((d) => {
      const gm = geometry.get(d);
      const h = d.value * k;
      const path = "M" + x0 + "," + gm.sy + " C" + xm + "," + gm.sy + " " + xm + "," + gm.ty + " " + x1 + "," + gm.ty +
        " L" + x1 + "," + (gm.ty + h) + " C" + xm + "," + (gm.ty + h) + " " + xm + "," + (gm.sy + h) + " " + x0 + "," +
        (gm.sy + h) + " Z";
      const si = sources.indexOf(d.metadata.source);
      const band = f.g.append("path").attr("class", "mark link").attr("d", path)
        .attr("fill", colorOf(spec, d.metadata.source, si)).attr("fill-opacity", 0.42);
      labels.push({ y0: gm.ty + h / 2, d: d });
      if (isHighlighted(spec, d.label)) {
        finishHighlight(band);
        f.g.append("text").attr("class", "annotation").attr("text-anchor", "middle").attr("x", xm)
          .attr("y", (gm.sy + gm.ty + h) / 2 + 4).text("◆ " + d.label);
      }
    });
    if (labelsOn(spec)) flowValues(f, spec, labels, x1);
    sources.forEach((s, i) => {
      f.g.append("rect").attr("class", "node").attr("x", 0).attr("width", nodeW).attr("y", src[s].y0)
        .attr("height", src[s].y1 - src[s].y0).attr("fill", colorOf(spec, s, i));
      f.g.append("text").attr("class", "node-label").attr("text-anchor", "end").attr("x", -6)
        .attr("y", (src[s].y0 + src[s].y1) / 2 + 4).text(s);
    });
    targets.forEach((t) => {
      f.g.append("rect").attr("class", "node").attr("x", x1).attr("width", nodeW).attr("y", dst[t].y0)
        .attr("height", dst[t].y1 - dst[t].y0).attr("fill", "#666");
      f.g.append("text").attr("class", "node-label").attr("x", f.iw + 6).attr("y", (dst[t].y0 + dst[t].y1) / 2 + 4)
        .text(t);
    });
  };

  /* A sankey's values print in one column by the targets (ending at x1), spread apart around
   * their flows' middles within the plot (two thin flows side by side printed '17.9' over '11.2');
   * a moved one gets a leader. The legibility pass may still move one that meets another text. */
  function flowValues(f, spec, labels, x1) {
    spread(labels, 11);
    within(labels, 11, 0, f.ih);
    labels.forEach((e) => {
      const moved = Math.abs(e.y - e.y0) > 1.5;
      const xl = x1 - (moved ? 14 : 5);
      dataLabel(f.g, xl, e.y + 3, valueText(spec, e.d.value), "small", "end");
      if (moved) leader(f.g, x1 - 2, e.y0, xl + 1, e.y, "#555");
    });
  }

