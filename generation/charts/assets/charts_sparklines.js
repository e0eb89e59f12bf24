  /* ---------- sparkline grid: one small line panel per series, shared value scale ---------- */
  SUPPORTED.sparkline_grid = function (el, spec) {
    const panels = uniq(spec.data.map((d) => d.category || ""));
    const xs = uniq(spec.data.map((d) => d.label));
    const f = frame(el, spec, { left: 6, right: 6, top: 4, bottom: 22 });
    const cols = panels.length <= 4 ? 2 : 3;
    const rows = Math.ceil(panels.length / cols);
    const cw = f.iw / cols;
    const ch = f.ih / rows;
    const m = { left: 40, right: 14, top: 18, bottom: 16 };
    /* A panel title wider than its column prints on two rows (every panel gets the room). */
    const measure = measurer(el, "panel-title");
    measure.text.style("font-weight", "bold");
    const titles = panels.map((p) => twoRows((isHighlighted(spec, p) ? "▶ " : "") + p, cw - m.left - 4, measure.width));
    measure.done();
    if (titles.some((t) => t.length > 1)) m.top += 11;
    /* The years named under each panel: the spec's (``xTicks``, panel_labels.year_ticks in Python). */
    const ticks = spec.xTicks || [xs[0], xs[xs.length - 1]];
    const x = d3.scalePoint().domain(xs).range([0, cw - m.left - m.right]).padding(0.15);
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, spec.data.map((d) => d.value), false)).nice()
      .range([ch - m.top - m.bottom, 0]);
    panels.forEach((p, i) => {
      const g = f.g.append("g").attr("class", "panel")
        .attr("transform", "translate(" + ((i % cols) * cw + m.left) + "," + (Math.floor(i / cols) * ch + m.top) + ")");
      const hl = isHighlighted(spec, p);
      const title = g.append("text").attr("class", hl ? "panel-title annotation" : "panel-title").attr("x", 0)
        .attr("y", -6 - 11 * (titles[i].length - 1)).style("font-weight", "bold");
      if (titles[i].length === 1) title.text(titles[i][0]);
      else titles[i].forEach((row, k) => title.append("tspan").attr("x", 0).attr("dy", k ? "1.1em" : 0).text(row));
      if (vp(spec).hasGridlines) {
        g.append("g").attr("class", "grid").selectAll("line").data(y.ticks(3)).join("line")
          .attr("x1", 0).attr("x2", x.range()[1]).attr("y1", (t) => y(t)).attr("y2", (t) => y(t));
      }
      g.append("g").attr("class", "axis axis-y").call(d3.axisLeft(y).ticks(3).tickFormat(NUM));
      g.append("g").attr("class", "axis axis-x").attr("transform", "translate(0," + y.range()[0] + ")")
        .call(d3.axisBottom(x).tickValues(ticks));
      const pts = spec.data.filter((d) => (d.category || "") === p);
      const color = colorOf(spec, p, i);
      const path = g.append("path").datum(pts).attr("class", "mark line")
        .attr("d", d3.line().x((d) => x(d.label)).y((d) => y(d.value))).attr("fill", "none").attr("stroke", color)
        .attr("stroke-width", hl ? 2.8 : 1.8);
      if (hl) path.classed("highlight", true);
      pts.forEach((d) => {
        g.append("circle").attr("class", "point").attr("cx", x(d.label)).attr("cy", y(d.value)).attr("r", 2.2)
          .attr("fill", color);
        /* Only the values the spec prints (``printed``: panel_labels.panel_labels in Python, which the
         * question planner reads): each where its label clears its neighbours' points and labels. */
        if (labelsOn(spec) && d.printed !== false) {
          dataLabel(g, x(d.label), y(d.value) - 5, valueText(spec, d.value), "small by-dot");
        }
      });
    });
    f.g.append("text").attr("class", "axis-title").attr("text-anchor", "middle").attr("x", f.iw / 2)
      .attr("y", f.ih + 16).text(axisTitle(spec.axes.y) + " by " + (spec.axes.x.label || "year").toLowerCase());
  };

