  /* ---------- lines and areas ---------- */
  function drawLines(el, spec, kind) {
    const multi = kind !== "line" && kind !== "area";
    const xs = uniq(spec.data.map((d) => d.label));
    const series = multi ? uniq(spec.data.map((d) => d.category || "")) : [""];
    const probeW = Math.max(200, el.clientWidth) - 82;
    const f = frame(el, spec, {
      legendKeys: multi ? series : [],
      bottom: bottomFor(spec, xs, probeW / xs.length, el),
      /* Room for the end-of-line series names (drawn without a legend, or for a highlight). */
      /* A stacked area's margins are the spec's (``bandFrame``, band_labels.band_frame in Python). */
      right: spec.bandFrame ? spec.bandFrame.right
        : multi && (!vp(spec).hasLegend || series.some((s) => isHighlighted(spec, s)))
          ? Math.min(170, Math.max(90, 22 + 6.6 * (d3.max(series, (s) => s.length) || 0))) : 24,
      yTitled: true,
    });
    const x = d3.scalePoint().domain(xs).range([0, f.iw]).padding(0.3);
    x.bandwidth = () => 0;
    const bySeries = series.map((s) => spec.data.filter((d) => (multi ? (d.category || "") === s : true)));
    let values = spec.data.map((d) => d.value);
    let stackedRows = null;
    if (kind === "stacked_area") {
      const rows = xs.map((xv) => {
        const row = { __x: xv };
        for (const s of series) {
          const d = spec.data.find((p) => p.label === xv && (p.category || "") === s);
          row[s] = d ? d.value : 0;
        }
        return row;
      });
      stackedRows = d3.stack().keys(series)(rows);
      values = stackedRows.flatMap((layer) => layer.map((p) => p[1]));
    }
    const zero = kind === "area" || kind === "stacked_area";
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, values, zero)).nice().range([f.ih, 0]);
    axes(f, spec, x, y, { xBand: true });
    const least = spec.bandFrame;
    if (least && labelsOn(spec) && (f.iw < least.plotWidth - 0.5 || f.ih < least.plotHeight - 0.5)) {
      console.error(spec.vizId + ": stacked_area plot " + f.iw + "x" + f.ih + " px is smaller than the "
        + least.plotWidth + "x" + least.plotHeight + " band_labels.band_frame plans its labels for");
    }
    if (stackedRows) {
      stackedRows.forEach((layer, si) => {
        const s = series[si];
        const area = d3.area().x((p) => x(p.data.__x)).y0((p) => y(p[0])).y1((p) => y(p[1]));
        const path = f.g.append("path").datum(layer).attr("class", "mark area").attr("d", area)
          .attr("fill", colorOf(spec, s, si)).attr("fill-opacity", 0.85);
        if (labelsOn(spec)) {
          /* Labels sit inside their band, the first and last anchored inwards (centred on the
           * band's end they would print half on the paper). Which values print is the spec's
           * (``printed``: band_labels.band_labels in Python, which the question planner reads):
           * those whose label fits inside its band, clear of its neighbours, at the smallest plot
           * the chart is drawn at (``bandFrame``); this plot is at least as large. */
          layer.forEach((p, k) => {
            const d = spec.data.find((q) => q.label === p.data.__x && (q.category || "") === s);
            if (!d || d.printed === false) return;
            const anchor = k === 0 ? "start" : k === layer.length - 1 ? "end" : "middle";
            const dx = k === 0 ? 2 : k === layer.length - 1 ? -2 : 0;
            dataLabel(f.g, x(p.data.__x) + dx, (y(p[0]) + y(p[1])) / 2 + 3, valueText(spec, p[1] - p[0]),
              "inside small", anchor).call(inkOn, onPaper(colorOf(spec, s, si), 0.85));
          });
        }
        if (isHighlighted(spec, s)) {
          finishHighlight(path);
          const last = layer[layer.length - 1];
          f.g.append("text").attr("class", "series-label annotation").attr("x", x(last.data.__x) + 8)
            .attr("y", (y(last[0]) + y(last[1])) / 2 + 4).text("◀ " + s);
        }
      });
      return;
    }
    bySeries.forEach((pts, si) => {
      const s = series[si];
      const color = multi ? colorOf(spec, s, si) : baseColor(spec);
      if (kind === "area") {
        const area = d3.area().x((d) => x(d.label)).y0(y(Math.max(0, y.domain()[0]))).y1((d) => y(d.value));
        f.g.append("path").datum(pts).attr("class", "area").attr("d", area).attr("fill", color)
          .attr("fill-opacity", 0.25);
      }
      const line = d3.line().x((d) => x(d.label)).y((d) => y(d.value));
      const path = f.g.append("path").datum(pts).attr("class", "mark line").attr("d", line).attr("fill", "none")
        .attr("stroke", color).attr("stroke-width", 2.2);
      if (multi && isHighlighted(spec, s)) path.attr("stroke-width", 4.2).classed("highlight", true);
      pts.forEach((d) => {
        const c = f.g.append("circle").attr("class", "point").attr("cx", x(d.label)).attr("cy", y(d.value))
          .attr("r", 3.2).attr("fill", color);
        /* The label knows its own dot (tidy keeps it nearest that one, not another series'). A
         * multi-line chart prints only the values its spec says (``printed``: line_labels.line_labels
         * in Python, which the question planner reads): those clear of the other series' dots and
         * labels at the smallest plot it is drawn at. */
        if (labelsOn(spec) && d.printed !== false) {
          dataLabel(f.g, x(d.label), y(d.value) - 7, valueText(spec, d.value), "small").node().__dot = c.node();
        }
        if (!multi && isHighlighted(spec, d.label)) {
          c.attr("r", 6).attr("stroke", "#111").attr("stroke-width", 2).classed("highlight", true);
          annotate(f, spec, x(d.label), y(d.value) - (labelsOn(spec) ? 12 : 4), d.label);
        }
      });
      if (multi && (!vp(spec).hasLegend || isHighlighted(spec, s)) && pts.length) {
        const last = pts[pts.length - 1];
        f.g.append("text").attr("class", isHighlighted(spec, s) ? "series-label annotation" : "series-label")
          .attr("x", x(last.label) + 8).attr("y", y(last.value) + 4).text(s);
      }
    });
  }
  SUPPORTED.line = (el, spec) => drawLines(el, spec, "line");
  SUPPORTED.area = (el, spec) => drawLines(el, spec, "area");
  SUPPORTED.multi_line = (el, spec) => drawLines(el, spec, "multi_line");
  SUPPORTED.stacked_area = (el, spec) => drawLines(el, spec, "stacked_area");

  /* ---------- slope: two columns of values joined per series ---------- */
  SUPPORTED.slope = function (el, spec) {
    const xs = uniq(spec.data.map((d) => d.label));
    const series = uniq(spec.data.map((d) => d.category || ""));
    const longest = d3.max(series, (s) => s.length) || 4;
    const f = frame(el, spec, { right: 30 + longest * 6.4 + (labelsOn(spec) ? 40 : 0), yTitled: true });
    const pad = labelsOn(spec) ? 48 : 16;
    const x = d3.scalePoint().domain(xs).range([pad, f.iw - 8]);
    x.bandwidth = () => 0;
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, spec.data.map((d) => d.value), false)).nice()
      .range([f.ih, 0]);
    axes(f, spec, x, y, { xBand: true });
    const ends = [];
    const starts = [];
    series.forEach((s, si) => {
      const pts = spec.data.filter((d) => (d.category || "") === s);
      const color = colorOf(spec, s, si);
      const hl = isHighlighted(spec, s);
      f.g.append("path").datum(pts).attr("class", "mark line" + (hl ? " highlight" : ""))
        .attr("d", d3.line().x((d) => x(d.label)).y((d) => y(d.value))).attr("fill", "none").attr("stroke", color)
        .attr("stroke-width", hl ? 4 : 2.2);
      pts.forEach((d, i) => {
        f.g.append("circle").attr("class", "point").attr("cx", x(d.label)).attr("cy", y(d.value)).attr("r", 3.5)
          .attr("fill", color);
        if (labelsOn(spec) && i === 0) starts.push({ x: x(d.label), y0: y(d.value), d: d, color: color });
      });
      const last = pts[pts.length - 1];
      ends.push({ s: s, x: x(last.label), y0: y(last.value), d: last, hl: hl, color: color });
    });
    /* Labels in each column spread apart both ways around their own dots, in order; a label
     * that had to move gets a thin leader line to its dot. */
    spread(starts, 11);
    spread(ends, 11);
    starts.forEach((e) => {
      const moved = Math.abs(e.y - e.y0) > 1.5;
      const xl = e.x - (moved ? 14 : 7);
      dataLabel(f.g, xl, e.y + 3, valueText(spec, e.d.value), "small anchored", "end");
      if (moved) leader(f.g, e.x - 4, e.y0, xl + 1, e.y, e.color);
    });
    ends.forEach((e) => {
      const moved = Math.abs(e.y - e.y0) > 1.5;
      const xEnd = e.x + (moved ? 14 : 8);
      if (moved) leader(f.g, e.x + 4, e.y0, xEnd - 1, e.y, e.color);
      if (labelsOn(spec)) dataLabel(f.g, xEnd, e.y + 3, valueText(spec, e.d.value), "small anchored", "start");
      f.g.append("text").attr("class", e.hl ? "series-label annotation" : "series-label")
        .attr("x", xEnd + (labelsOn(spec) ? 38 : 0)).attr("y", e.y + 3).text(e.s);
    });
  };

