  /* ---------- box plot: whiskers min..max, box q1..q3, median line ---------- */
  SUPPORTED.box = function (el, spec) {
    const data = sorted(spec, spec.data);
    const labels = data.map((d) => d.label);
    const probeW = Math.max(200, el.clientWidth) - 82;
    const f = frame(el, spec, {
      bottom: bottomFor(spec, labels, probeW / labels.length, el),
      left: leftFor(spec, labels, probeW / labels.length, el),
      right: 48,
      yTitled: true,
    });
    const x = d3.scaleBand().domain(labels).range([0, f.iw]).padding(0.35);
    const num = (d, key) => Number(d.metadata[key]);
    const all = data.flatMap((d) => [num(d, "min"), num(d, "max"), d.value]);
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, all, false)).nice().range([f.ih, 0]);
    axes(f, spec, x, y, { xBand: true });
    data.forEach((d, i) => {
      const cx = x(d.label) + x.bandwidth() / 2;
      const bw = x.bandwidth();
      const color = singleColor(spec, d, i);
      f.g.append("line").attr("class", "whisker").attr("x1", cx).attr("x2", cx).attr("y1", y(num(d, "min")))
        .attr("y2", y(num(d, "max"))).attr("stroke", "#333");
      ["min", "max"].forEach((key) => {
        f.g.append("line").attr("class", "whisker-cap").attr("x1", cx - bw / 4).attr("x2", cx + bw / 4)
          .attr("y1", y(num(d, key))).attr("y2", y(num(d, key))).attr("stroke", "#333");
      });
      const box = f.g.append("rect").attr("class", "mark").attr("x", x(d.label)).attr("width", bw)
        .attr("y", y(num(d, "q3"))).attr("height", Math.max(0.5, y(num(d, "q1")) - y(num(d, "q3"))))
        .attr("fill", color).attr("fill-opacity", 0.55).attr("stroke", color);
      f.g.append("line").attr("class", "median").attr("x1", x(d.label)).attr("x2", x(d.label) + bw)
        .attr("y1", y(d.value)).attr("y2", y(d.value)).attr("stroke", "#111").attr("stroke-width", 2.5);
      if (labelsOn(spec)) dataLabel(f.g, x(d.label) + bw + 3, y(d.value) + 3, valueText(spec, d.value), "small", "start");
      if (isHighlighted(spec, d.label)) {
        finishHighlight(box);
        annotate(f, spec, cx, y(num(d, "max")) - 2, d.label);
      }
    });
  };

  /* ---------- radar: one spoke per item, one closed polygon per series ---------- */
  SUPPORTED.radar = function (el, spec) {
    const spokes = uniq(spec.data.map((d) => d.label));
    const series = uniq(spec.data.map((d) => d.category || ""));
    const f = frame(el, spec, { legendKeys: series, left: 10, right: 10, bottom: 26 });
    const R = Math.max(50, Math.min(f.iw / 2 - 64, f.ih / 2 - 16));
    const g = f.g.append("g").attr("transform", "translate(" + f.iw / 2 + "," + f.ih / 2 + ")");
    const r = d3.scaleLinear().domain([0, d3.max(spec.data, (d) => d.value)]).nice().range([0, R]);
    const angle = (i) => (2 * Math.PI * i) / spokes.length - Math.PI / 2;
    const at = (i, v) => [Math.cos(angle(i)) * r(v), Math.sin(angle(i)) * r(v)];
    const ticks = r.ticks(4).filter((t) => t > 0);
    const rings = g.append("g").attr("class", vp(spec).hasGridlines ? "grid" : "rings");
    ticks.forEach((t) => {
      rings.append("path").attr("d", d3.line()(spokes.map((_, i) => at(i, t))) + "Z").attr("fill", "none")
        .attr("stroke", vp(spec).hasGridlines ? "#d9dde3" : "#eef0f3");
    });
    const ax = g.append("g").attr("class", "axis axis-r");
    spokes.forEach((s, i) => {
      const [ex, ey] = at(i, r.domain()[1]);
      ax.append("line").attr("x1", 0).attr("y1", 0).attr("x2", ex).attr("y2", ey).attr("stroke", "#999");
      const [lx, ly] = [Math.cos(angle(i)) * (R + 10), Math.sin(angle(i)) * (R + 10)];
      const hl = isHighlighted(spec, s);
      g.append("text").attr("class", hl ? "spoke-label annotation" : "spoke-label")
        .attr("text-anchor", Math.abs(lx) < 4 ? "middle" : lx > 0 ? "start" : "end").attr("x", lx)
        .attr("y", ly + (ly > 4 ? 10 : ly < -4 ? -2 : 4)).text((hl ? "▶ " : "") + s);
    });
    /* Ring values along the bisector of the first two spokes, where no spoke label or
     * spoke runs; the axis title in the lower left corner, clear of the top spoke's label. */
    const mid = (angle(0) + angle(1)) / 2;
    f.g.append("text").attr("class", "axis-title").attr("text-anchor", "middle").attr("x", f.iw / 2)
      .attr("y", f.ih + 18).text(axisTitle(spec.axes.y));
    const dots = [];
    const labels = [];
    series.forEach((s, si) => {
      const color = colorOf(spec, s, si);
      const pts = spokes.map((sp, i) => {
        const d = spec.data.find((p) => p.label === sp && (p.category || "") === s);
        return d ? { d: d, xy: at(i, d.value) } : null;
      }).filter((p) => p);
      g.append("path").attr("class", "mark area").attr("d", d3.line()(pts.map((p) => p.xy)) + "Z")
        .attr("fill", color).attr("fill-opacity", 0.14).attr("stroke", color).attr("stroke-width", 2);
      pts.forEach((p) => {
        const c = g.append("circle").attr("class", "point").attr("cx", p.xy[0]).attr("cy", p.xy[1]).attr("r", 3)
          .attr("fill", color);
        if (isHighlighted(spec, p.d.label)) finishHighlight(c);
        dots.push(p.xy);
        if (labelsOn(spec)) {
          const t = dataLabel(g, p.xy[0], p.xy[1], valueText(spec, p.d.value), "small anchored");
          labels.push({ t: t, cx: p.xy[0], cy: p.xy[1], dx: p.xy[0] || 0, dy: p.xy[1] || -1, dot: p.xy, color: color });
        }
      });
    });
    /* Ring values last, so the series' fills do not cover them (tidy() plates them). */
    const rt = g.append("g").attr("class", "axis axis-r-ticks");
    ticks.forEach((t) => {
      rt.append("text").attr("class", "tick-label ring-label").attr("text-anchor", "middle")
        .attr("x", Math.cos(mid) * r(t)).attr("y", Math.sin(mid) * r(t) + 3).text(NUM(t));
    });
    /* Each value beside its own dot, never nearer another series' dot (or led to it). */
    besideOwnDots(g, labels, dots);
    /* Ring values above the leaders, so a leader passes under a ring value's plate. */
    g.node().appendChild(rt.node());
  };

  /* ---------- dumbbell (two series per row) ---------- */
  SUPPORTED.dumbbell = function (el, spec) {
    const rows = groupOrder(spec, spec.data);
    const series = uniq(spec.data.map((d) => d.category || ""));
    const f = hFrame(el, spec, rows, spec.data.map((d) => d.value), { legendKeys: series, padding: 0.4, zero: false });
    rows.forEach((rk) => {
      const pts = spec.data.filter((d) => d.label === rk);
      const cy = f.y(rk) + f.y.bandwidth() / 2;
      const ext = d3.extent(pts, (d) => d.value);
      f.g.append("line").attr("class", "stem").attr("x1", f.x(ext[0])).attr("x2", f.x(ext[1])).attr("y1", cy)
        .attr("y2", cy).attr("stroke", "#999").attr("stroke-width", 3);
      pts.forEach((d) => {
        const si = series.indexOf(d.category || "");
        const c = f.g.append("circle").attr("class", "mark").attr("cx", f.x(d.value)).attr("cy", cy).attr("r", 6)
          .attr("fill", colorOf(spec, d.category || "", si));
        if (isHighlighted(spec, rk)) finishHighlight(c);
        if (labelsOn(spec)) {
          /* Close values would overprint above the dots ("739" and "749" read "73949"): the
           * lower value goes left of its dot, the higher one right of its dot. */
          const low = pts.length > 1 && pts.slice().sort((a, b) => a.value - b.value)[0] === d;
          dataLabel(f.g, f.x(d.value) + (low ? -9 : 9), cy + 3.5, valueText(spec, d.value), "small", low ? "end" : "start");
        }
      });
      if (isHighlighted(spec, rk)) {
        sideNote(f.g, f.x(ext[1]) + 12 + (labelsOn(spec) ? 6.2 * valueText(spec, ext[1]).length + 6 : 0), cy + 4, rk);
      }
    });
  };

  /* ---------- heatmap (column x row), colour from colorMap low..high ---------- */
  SUPPORTED.heatmap = function (el, spec) {
    const cols = uniq(spec.data.map((d) => d.label));
    const rows = uniq(spec.data.map((d) => d.category || ""));
    const longest = d3.max(rows, (l) => String(l).length) || 4;
    const probeW = Math.max(200, el.clientWidth) - 40 - longest * 6.6;
    const f = frame(el, spec, {
      left: Math.min(220, 34 + longest * 6.6), /* row labels plus the rotated axis title */
      right: 20 + (vp(spec).highlightedItems.length ? 70 : 0),
      top: vp(spec).hasLegend ? 34 : 14,
      bottom: bottomFor(spec, cols, probeW / cols.length, el),
    });
    const x = d3.scaleBand().domain(cols).range([0, f.iw]).padding(0.04);
    const y = d3.scaleBand().domain(rows).range([0, f.ih]).padding(0.04);
    const ext = d3.extent(spec.data, (d) => d.value);
    const map = vp(spec).colorMap || {};
    const color = d3.scaleSequential(d3.interpolateRgb(map.low || "#eaf2fb", map.high || "#08457e")).domain(ext);
    /* No row title: the rows are named entities, and the value axis names the values (legend). */
    axes(f, spec, x, y, { xBand: true, yBand: true, yTitle: "" });
    spec.data.forEach((d) => {
      const cell = f.g.append("rect").attr("class", "mark").attr("x", x(d.label)).attr("y", y(d.category || ""))
        .attr("width", x.bandwidth()).attr("height", y.bandwidth()).attr("fill", color(d.value));
      if (isHighlighted(spec, d.label) || isHighlighted(spec, d.category || "")) finishHighlight(cell);
      if (labelsOn(spec)) {
        const cx = x(d.label) + x.bandwidth() / 2;
        const cy = y(d.category || "") + y.bandwidth() / 2;
        const t = dataLabel(f.g, cx, cy + 4, valueText(spec, d.value), "small inside").call(inkOn, color(d.value));
        /* A cell too narrow for its value but tall enough prints it upright (reading upwards). */
        const w = t.node().getComputedTextLength();
        if (w > x.bandwidth() - 4 && w < y.bandwidth() - 4) t.attr("x", cx + 4).attr("y", cy).attr("transform", "rotate(-90," + (cx + 4) + "," + cy + ")");
      }
    });
    rows.filter((r) => isHighlighted(spec, r)).forEach((r) => sideNote(f.g, f.iw + 4, y(r) + y.bandwidth() / 2 + 4, r));
    if (vp(spec).hasLegend) {
      const steps = d3.scaleLinear().domain(ext).nice().ticks(4);
      const lg = f.svg.append("g").attr("class", "legend").attr("transform", "translate(" + f.m.left + ",6)");
      lg.append("text").attr("class", "legend-text").attr("x", 0).attr("y", 10).text(axisTitle(valueAxis(spec)) + ":");
      const start = 14 + 6.2 * axisTitle(valueAxis(spec)).length;
      /* Keys that would run past the chart's right edge are drawn closer together. */
      const room = f.W - f.m.left - start - 8;
      const step = Math.max(34, Math.min(46, room / steps.length));
      const shift = Math.min(0, room - step * steps.length);
      lg.attr("transform", "translate(" + Math.max(4, f.m.left + shift) + ",6)");
      steps.forEach((t, i) => {
        lg.append("rect").attr("x", start + i * step).attr("y", 0).attr("width", 12).attr("height", 12)
          .attr("fill", color(Math.max(ext[0], Math.min(ext[1], t))));
        lg.append("text").attr("class", "legend-text").attr("x", start + i * step + 15).attr("y", 10).text(NUM(t));
      });
    }
  };

