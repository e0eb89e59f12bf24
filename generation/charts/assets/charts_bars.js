  /* ---------- vertical bars (bar, lollipop, histogram, waterfall) ---------- */
  function drawBar(el, spec, variant) {
    const data = variant === "waterfall" || variant === "histogram" ? spec.data.slice() : sorted(spec, spec.data);
    const labels = data.map((d) => d.label);
    const probeW = Math.max(200, el.clientWidth) - 82;
    const f = frame(el, spec, {
      bottom: bottomFor(spec, labels, probeW / labels.length, el),
      left: leftFor(spec, labels, probeW / labels.length, el),
      yTitled: true,
    });
    const padding = { histogram: 0.02, lollipop: 0.4 }[variant];
    const x = d3.scaleBand().domain(labels).range([0, f.iw]).padding(padding === undefined ? 0.25 : padding);
    let starts = data.map(() => 0);
    let ends = data.map((d) => d.value);
    if (variant === "waterfall") {
      let run = 0;
      starts = [];
      ends = [];
      for (const d of data) {
        starts.push(run);
        run += d.value;
        ends.push(run);
      }
    }
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, starts.concat(ends), true)).nice()
      .range([f.ih, 0]);
    axes(f, spec, x, y, { xBand: true });
    data.forEach((d, i) => {
      const top = Math.max(starts[i], ends[i]);
      const bottom = Math.min(starts[i], ends[i]);
      const cx = x(d.label) + x.bandwidth() / 2;
      let fill = singleColor(spec, d, i);
      if (variant === "waterfall") fill = colorOf(spec, i === 0 ? "level" : d.value >= 0 ? "increase" : "decrease", i);
      let mark;
      if (variant === "lollipop") {
        f.g.append("line").attr("class", "stem").attr("x1", cx).attr("x2", cx).attr("y1", y(0)).attr("y2", y(d.value))
          .attr("stroke", fill).attr("stroke-width", 2);
        mark = f.g.append("circle").attr("class", "mark").attr("cx", cx).attr("cy", y(d.value)).attr("r", 6)
          .attr("fill", fill);
      } else {
        mark = f.g.append("rect").attr("class", "mark").attr("x", x(d.label)).attr("width", x.bandwidth())
          .attr("y", y(top)).attr("height", Math.max(0.5, y(bottom) - y(top))).attr("fill", fill);
      }
      const hl = isHighlighted(spec, d.label);
      if (hl) finishHighlight(mark);
      const lift = variant === "lollipop" ? 9 : 4;
      if (labelsOn(spec)) {
        const above = d.value >= 0 || variant === "waterfall";
        const sign = variant === "waterfall" && i > 0 && d.value > 0 ? "+" : "";
        dataLabel(f.g, cx, above ? y(top) - lift : y(bottom) + 12, sign + valueText(spec, d.value));
      }
      if (hl) annotate(f, spec, cx, y(top) - (labelsOn(spec) ? 14 : 0) - lift + 4, d.label);
    });
  }
  SUPPORTED.bar = (el, spec) => drawBar(el, spec, "bar");
  SUPPORTED.lollipop = (el, spec) => drawBar(el, spec, "lollipop");
  SUPPORTED.histogram = (el, spec) => drawBar(el, spec, "histogram");
  SUPPORTED.waterfall = (el, spec) => drawBar(el, spec, "waterfall");

  /* ---------- horizontal and diverging bars ---------- */
  function drawHBar(el, spec, diverging) {
    const data = sorted(spec, spec.data);
    const f = hFrame(el, spec, data.map((d) => d.label), data.map((d) => d.value));
    if (diverging) {
      f.g.append("line").attr("class", "zero-line").attr("x1", f.x(0)).attr("x2", f.x(0)).attr("y1", 0)
        .attr("y2", f.ih).attr("stroke", "#333").attr("stroke-width", 1.2);
    }
    data.forEach((d, i) => {
      const x0 = f.x(Math.min(0, d.value));
      const x1 = f.x(Math.max(0, d.value));
      const cy = f.y(d.label) + f.y.bandwidth() / 2;
      const mark = f.g.append("rect").attr("class", "mark").attr("x", x0).attr("y", f.y(d.label))
        .attr("width", Math.max(0.5, x1 - x0)).attr("height", f.y.bandwidth()).attr("fill", singleColor(spec, d, i));
      const hl = isHighlighted(spec, d.label);
      if (hl) finishHighlight(mark);
      const negative = d.value < 0;
      if (labelsOn(spec)) {
        dataLabel(f.g, negative ? x0 - 4 : x1 + 4, cy + 4, valueText(spec, d.value), "", negative ? "end" : "start");
      }
      if (hl) sideNote(f.g, Math.max(x1, f.x(0)) + (labelsOn(spec) && !negative ? 46 : 6), cy + 4, d.label);
    });
  }
  SUPPORTED.horizontal_bar = (el, spec) => drawHBar(el, spec, false);
  SUPPORTED.diverging_bar = (el, spec) => drawHBar(el, spec, true);

  /* ---------- bullet: actual bar, target marker, qualitative bands ---------- */
  SUPPORTED.bullet = function (el, spec) {
    const data = sorted(spec, spec.data);
    const targets = data.map((d) => Number(d.metadata.target));
    const actualColor = baseColor(spec);
    const f = hFrame(el, spec, data.map((d) => d.label), data.map((d) => d.value).concat(targets), {
      legendKeys: ["Actual", "Target"],
      legendColor: (k) => (k === "Target" ? colorOf(spec, "target", 0) : actualColor),
      padding: 0.3,
    });
    const max = f.x.domain()[1];
    data.forEach((d, i) => {
      const top = f.y(d.label);
      const h = f.y.bandwidth();
      const cy = top + h / 2;
      [[0, 0.6, "#e4e4e4"], [0.6, 0.85, "#d0d0d0"], [0.85, 1, "#bcbcbc"]].forEach(([a, b, c]) => {
        f.g.append("rect").attr("class", "band").attr("x", f.x(a * max)).attr("width", f.x(b * max) - f.x(a * max))
          .attr("y", top).attr("height", h).attr("fill", c);
      });
      const bar = f.g.append("rect").attr("class", "mark").attr("x", f.x(0)).attr("y", cy - h * 0.2)
        .attr("width", Math.max(0.5, f.x(d.value) - f.x(0))).attr("height", h * 0.4).attr("fill", singleColor(spec, d, i));
      f.g.append("line").attr("class", "target").attr("x1", f.x(targets[i])).attr("x2", f.x(targets[i]))
        .attr("y1", top + h * 0.12).attr("y2", top + h * 0.88).attr("stroke", colorOf(spec, "target", 0))
        .attr("stroke-width", 3);
      if (labelsOn(spec)) dataLabel(f.g, f.x(d.value) + 4, top - 2, valueText(spec, d.value), "small", "start");
      if (isHighlighted(spec, d.label)) {
        finishHighlight(bar);
        sideNote(f.g, f.x(Math.max(d.value, targets[i])) + 8, cy + 4, d.label);
      }
    });
  };

  /* ---------- funnel: centred bars, one per stage, in stage order ---------- */
  SUPPORTED.funnel = function (el, spec) {
    const data = spec.data.slice();
    const f = frame(el, spec, { left: 8, right: 8, top: 10, bottom: 26 });
    unitNote(f, spec);
    const labelW = Math.min(200, 16 + (d3.max(data, (d) => d.label.length) || 4) * 6.4);
    const avail = f.iw - labelW - 70;
    const w = d3.scaleLinear().domain([0, d3.max(data, (d) => d.value)]).range([0, avail]);
    const band = d3.scaleBand().domain(data.map((d) => d.label)).range([0, f.ih]).padding(0.14);
    const cx = labelW + avail / 2;
    data.forEach((d, i) => {
      const cy = band(d.label) + band.bandwidth() / 2;
      const half = w(d.value) / 2;
      const mark = f.g.append("rect").attr("class", "mark").attr("x", cx - half).attr("width", Math.max(0.5, 2 * half))
        .attr("y", band(d.label)).attr("height", band.bandwidth()).attr("fill", singleColor(spec, d, i));
      f.g.append("text").attr("class", "stage-label").attr("x", 0).attr("y", cy + 4).text(d.label);
      const inside = 2 * half > 56;
      if (labelsOn(spec)) {
        const label = dataLabel(f.g, inside ? cx : cx + half + 4, cy + 4, valueText(spec, d.value), inside ? "inside" : "",
          inside ? "middle" : "start");
        if (inside) inkOn(label, singleColor(spec, d, i));
      }
      if (isHighlighted(spec, d.label)) {
        finishHighlight(mark);
        const note = sideNote(f.g, cx + half + (inside ? 6 : 50), cy + 4, d.label);
        /* A long stage name would run off the chart: the arrow alone marks the stage. */
        if (note.node().getBBox().x + note.node().getBBox().width > f.iw + f.m.right - 2) note.text("◀");
      }
    });
  };

  /* ---------- grouped and stacked bars ---------- */
  function drawGrouped(el, spec, stacked) {
    const groups = groupOrder(spec, spec.data);
    const series = uniq(spec.data.map((d) => d.category || ""));
    const probeW = Math.max(200, el.clientWidth) - 82;
    const f = frame(el, spec, {
      legendKeys: series,
      bottom: bottomFor(spec, groups, probeW / groups.length, el),
      left: leftFor(spec, groups, probeW / groups.length, el),
      yTitled: true,
    });
    const x = d3.scaleBand().domain(groups).range([0, f.iw]).padding(0.2);
    const inner = d3.scaleBand().domain(series).range([0, x.bandwidth()]).padding(0.06);
    const get = {};
    for (const d of spec.data) get[d.label + "\u0000" + (d.category || "")] = d;
    let values = spec.data.map((d) => d.value);
    if (stacked) values = groups.map((gk) => d3.sum(spec.data.filter((d) => d.label === gk), (d) => d.value));
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, values, true)).nice().range([f.ih, 0]);
    axes(f, spec, x, y, { xBand: true });
    const outlines = f.g.append("g").attr("class", "outlines");
    groups.forEach((gk) => {
      let base = 0;
      series.forEach((s, si) => {
        const d = get[gk + "\u0000" + s];
        if (!d) return;
        const fill = colorOf(spec, s, si);
        let r;
        if (stacked) {
          const top = base + d.value;
          r = f.g.append("rect").attr("class", "mark").attr("x", x(gk)).attr("width", x.bandwidth())
            .attr("y", y(top)).attr("height", Math.max(0.5, y(base) - y(top))).attr("fill", fill)
            .attr("stroke", "#fff").attr("stroke-width", 0.6);
          /* A segment thinner than the text gets no label (it would print over its neighbours):
           * the spec says which (``printed``, reading.value_printed in Python, which the question
           * planner reads too). A highlighted series' segment is outlined under the stack. */
          if (isHighlighted(spec, s) && !isHighlighted(spec, gk)) {
            outlineUnder(outlines, x(gk), y(top), x.bandwidth(), y(base) - y(top));
          }
          if (labelsOn(spec) && d.printed !== false) {
            const thin = y(base) - y(top) < 13;
            dataLabel(f.g, x(gk) + x.bandwidth() / 2, (y(base) + y(top)) / 2 + (thin ? 3 : 4), valueText(spec, d.value),
              thin ? "inside small" : "inside").call(inkOn, fill);
          }
          base = top;
        } else {
          r = f.g.append("rect").attr("class", "mark").attr("x", x(gk) + inner(s)).attr("width", inner.bandwidth())
            .attr("y", y(Math.max(0, d.value))).attr("height", Math.max(0.5, Math.abs(y(0) - y(d.value))))
            .attr("fill", fill);
          if (labelsOn(spec)) {
            dataLabel(f.g, x(gk) + inner(s) + inner.bandwidth() / 2, y(Math.max(0, d.value)) - 3,
              valueText(spec, d.value), "small");
          }
        }
        if (!stacked && (isHighlighted(spec, gk) || isHighlighted(spec, s))) finishHighlight(r);
      });
      if (stacked && isHighlighted(spec, gk)) outlineUnder(outlines, x(gk), y(base), x.bandwidth(), y(0) - y(base));
      if (isHighlighted(spec, gk)) {
        const tot = stacked ? base : d3.max(spec.data.filter((d) => d.label === gk), (d) => d.value);
        annotate(f, spec, x(gk) + x.bandwidth() / 2, y(tot) - (labelsOn(spec) ? 14 : 2), gk);
      }
    });
  }
  SUPPORTED.grouped_bar = (el, spec) => drawGrouped(el, spec, false);
  SUPPORTED.stacked_bar = (el, spec) => drawGrouped(el, spec, true);

