/* SynthDocBench chart drawing: Table 17 metadata -> SVG with D3 (inlined, never a CDN).
 *
 * Every `.chart[data-viz]` element is drawn from the spec with that vizId in the JSON
 * block `#chart-specs`. All chart text is SVG <text> so it stays extractable in the PDF.
 * When every chart is drawn, window.__chartsDone = true; on any failure
 * window.__chartsError holds the message (and it is logged with console.error).
 */
(function () {
  "use strict";

  const SUPPORTED = {};
  const NUM = d3.format(",");

  function cssVar(name, fallback) {
    const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    return v || fallback;
  }

  function palette() {
    return cssVar("--palette", "#4e79a7,#f28e2b,#e15759,#76b7b2,#59a14f,#edc948,#b07aa1,#ff9da7")
      .split(",")
      .map((s) => s.trim());
  }

  function decimalsOf(v) {
    const s = String(Math.abs(v));
    const i = s.indexOf(".");
    return i < 0 || s.indexOf("e") >= 0 ? 0 : s.length - i - 1;
  }

  /* A data label prints the value as the manifest records it: the chart's display
   * precision (the most decimals among its values), no thousands separators, "%" kept. */
  function valueText(spec, v) {
    if (spec.__decimals === undefined) spec.__decimals = d3.max(spec.data, (d) => decimalsOf(d.value)) || 0;
    const unit = (spec.axes && spec.axes.y && spec.axes.y.unit) || "";
    const s = v.toFixed(spec.__decimals);
    return unit === "%" ? s + "%" : s;
  }

  function axisTitle(axis) {
    if (!axis || !axis.label) return "";
    if (axis.unit && axis.label.indexOf(axis.unit) < 0) return axis.label + " (" + axis.unit + ")";
    return axis.label;
  }

  function uniq(values) {
    const seen = new Set();
    const out = [];
    for (const v of values) {
      if (!seen.has(v)) {
        seen.add(v);
        out.push(v);
      }
    }
    return out;
  }

  function vp(spec) {
    return spec.visualProperties;
  }

  function colorOf(spec, key, i) {
    const map = vp(spec).colorMap || {};
    if (map[key]) return map[key];
    const pal = palette();
    return pal[i % pal.length];
  }

  function singleColor(spec, d, i) {
    const map = vp(spec).colorMap || {};
    if (map[d.label]) return map[d.label];
    if (vp(spec).colorEncoding === "category") return colorOf(spec, d.label, i);
    const keys = Object.keys(map);
    return keys.length ? map[keys[0]] : palette()[0];
  }

  function isHighlighted(spec, key) {
    return (vp(spec).highlightedItems || []).indexOf(key) >= 0;
  }

  function sorted(spec, data) {
    const order = vp(spec).sortOrder;
    const copy = data.slice();
    if (order === "ascending") copy.sort((a, b) => a.value - b.value);
    if (order === "descending") copy.sort((a, b) => b.value - a.value);
    return copy;
  }

  function groupOrder(spec, data) {
    const labels = uniq(data.map((d) => d.label));
    const order = vp(spec).sortOrder;
    if (order === "none") return labels;
    const total = {};
    for (const d of data) total[d.label] = (total[d.label] || 0) + d.value;
    labels.sort((a, b) => (order === "ascending" ? total[a] - total[b] : total[b] - total[a]));
    return labels;
  }

  function labelsOn(spec) {
    return vp(spec).valueReading === "data_labels";
  }

  /* The drawing frame: an SVG the size of the container, a legend row if asked for,
   * margins wide enough for tick labels and axis titles. */
  function frame(el, spec, opts) {
    const W = Math.max(200, el.clientWidth);
    const H = Math.max(160, el.clientHeight);
    const svg = d3
      .select(el)
      .append("svg")
      .attr("xmlns", "http://www.w3.org/2000/svg")
      .attr("width", W)
      .attr("height", H)
      .attr("viewBox", "0 0 " + W + " " + H)
      .attr("class", "chart-svg");
    const m = Object.assign({ top: 14, right: 18, bottom: 44, left: 64 }, opts || {});
    if (vp(spec).hasLegend && opts && opts.legendKeys && opts.legendKeys.length) {
      const lg = svg.append("g").attr("class", "legend").attr("transform", "translate(" + m.left + ",4)");
      let x = 0;
      let y = 0;
      opts.legendKeys.forEach((k, i) => {
        const w = 22 + 6.4 * String(k).length;
        if (x + w > W - m.left - m.right && x > 0) {
          x = 0;
          y += 16;
        }
        const item = lg.append("g").attr("transform", "translate(" + x + "," + y + ")");
        item.append("rect").attr("width", 11).attr("height", 11).attr("fill", colorOf(spec, k, i));
        item.append("text").attr("x", 15).attr("y", 10).attr("class", "legend-text").text(k);
        x += w;
      });
      m.top += y + 24;
    }
    const iw = W - m.left - m.right;
    const ih = H - m.top - m.bottom;
    const g = svg.append("g").attr("transform", "translate(" + m.left + "," + m.top + ")");
    return { svg: svg, g: g, W: W, H: H, m: m, iw: iw, ih: ih };
  }

  function valueDomain(spec, axis, values, zeroBased) {
    if (axis && axis.range && axis.range.length === 2) return axis.range.slice();
    let lo = d3.min(values);
    let hi = d3.max(values);
    if (zeroBased) {
      lo = Math.min(0, lo);
      hi = Math.max(0, hi);
    }
    if (lo === hi) hi = lo + 1;
    const pad = (hi - lo) * 0.08;
    return [zeroBased && lo >= 0 ? lo : lo - pad, hi + pad];
  }

  function rotateIfCrowded(sel, step) {
    let longest = 0;
    sel.selectAll(".tick text").each(function () {
      longest = Math.max(longest, this.getComputedTextLength());
    });
    if (longest + 6 > step) {
      sel.selectAll(".tick text").attr("text-anchor", "end").attr("dx", "-0.5em").attr("dy", "0.3em")
        .attr("transform", "rotate(-35)");
      return longest * 0.6;
    }
    return 0;
  }

  /* Draw a bottom axis + left axis; returns extra bottom space used by rotated ticks. */
  function axes(f, spec, x, y, opts) {
    const o = opts || {};
    const yAxis = o.yBand ? d3.axisLeft(y) : d3.axisLeft(y).ticks(6).tickFormat(NUM);
    const xAxis = o.xBand ? d3.axisBottom(x) : d3.axisBottom(x).ticks(6).tickFormat(NUM);
    if (vp(spec).hasGridlines) {
      const grid = f.g.append("g").attr("class", "grid");
      if (!o.yBand) {
        grid.selectAll("line.gy").data(y.ticks(6)).join("line").attr("class", "gy")
          .attr("x1", 0).attr("x2", f.iw).attr("y1", (d) => y(d)).attr("y2", (d) => y(d));
      }
      if (!o.xBand) {
        grid.selectAll("line.gx").data(x.ticks(6)).join("line").attr("class", "gx")
          .attr("y1", 0).attr("y2", f.ih).attr("x1", (d) => x(d)).attr("x2", (d) => x(d));
      }
    }
    const gx = f.g.append("g").attr("class", "axis axis-x").attr("transform", "translate(0," + f.ih + ")")
      .call(xAxis);
    let extra = 0;
    if (o.xBand) extra = rotateIfCrowded(gx, x.step ? x.step() : f.iw / Math.max(1, x.domain().length));
    f.g.append("g").attr("class", "axis axis-y").call(yAxis);
    const xt = o.xTitle !== undefined ? o.xTitle : axisTitle(spec.axes.x);
    const yt = o.yTitle !== undefined ? o.yTitle : axisTitle(spec.axes.y);
    if (xt) {
      f.g.append("text").attr("class", "axis-title").attr("text-anchor", "middle")
        .attr("x", f.iw / 2).attr("y", f.ih + 34 + extra).text(xt);
    }
    if (yt) {
      f.g.append("text").attr("class", "axis-title").attr("text-anchor", "middle")
        .attr("transform", "rotate(-90)").attr("x", -f.ih / 2).attr("y", -f.m.left + 14).text(yt);
    }
    return extra;
  }

  /* Rotated x tick labels need more room: measure them first, then size the frame. */
  function bottomFor(spec, labels, bandWidth) {
    const longest = d3.max(labels, (l) => String(l).length) || 0;
    return longest * 6.4 + 6 > bandWidth ? 30 + longest * 4.2 : 44;
  }

  function annotate(f, spec, x, y, label, anchor) {
    const gA = f.g.append("g").attr("class", "annotation");
    const ty = Math.max(10, y - 22);
    gA.append("line").attr("x1", x).attr("x2", x).attr("y1", y - 3).attr("y2", ty + 3);
    gA.append("text").attr("x", x).attr("y", ty).attr("text-anchor", anchor || "middle").text("▼ " + label);
  }

  function finishHighlight(sel) {
    sel.classed("highlight", true).attr("stroke", "#111").attr("stroke-width", 2.2);
  }

  /* ---------- vertical bars (bar, histogram, waterfall) ---------- */
  function drawBar(el, spec, variant) {
    const data = variant === "waterfall" || variant === "histogram" ? spec.data.slice() : sorted(spec, spec.data);
    const labels = data.map((d) => d.label);
    const probeW = Math.max(200, el.clientWidth) - 82;
    const f = frame(el, spec, { bottom: bottomFor(spec, labels, probeW / labels.length) });
    const x = d3.scaleBand().domain(labels).range([0, f.iw]).padding(variant === "histogram" ? 0.02 : 0.25);
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
      let fill = singleColor(spec, d, i);
      if (variant === "waterfall") fill = colorOf(spec, d.value >= 0 ? "increase" : "decrease", d.value >= 0 ? 4 : 2);
      const r = f.g.append("rect").attr("class", "mark").attr("x", x(d.label)).attr("width", x.bandwidth())
        .attr("y", y(top)).attr("height", Math.max(0.5, y(bottom) - y(top))).attr("fill", fill);
      const hl = isHighlighted(spec, d.label);
      if (hl) finishHighlight(r);
      if (labelsOn(spec)) {
        const above = d.value >= 0 || variant === "waterfall";
        f.g.append("text").attr("class", "data-label").attr("text-anchor", "middle")
          .attr("x", x(d.label) + x.bandwidth() / 2)
          .attr("y", above ? y(top) - 4 : y(bottom) + 12).text(valueText(spec, d.value));
      }
      if (hl) annotate(f, spec, x(d.label) + x.bandwidth() / 2, y(top) - (labelsOn(spec) ? 14 : 0), d.label);
    });
  }
  SUPPORTED.bar = (el, spec) => drawBar(el, spec, "bar");
  SUPPORTED.histogram = (el, spec) => drawBar(el, spec, "histogram");
  SUPPORTED.waterfall = (el, spec) => drawBar(el, spec, "waterfall");

  /* ---------- horizontal bars (horizontal_bar, lollipop, funnel) ---------- */
  function drawHBar(el, spec, variant) {
    const data = sorted(spec, spec.data);
    const labels = data.map((d) => d.label);
    const longest = d3.max(labels, (l) => String(l).length) || 4;
    const f = frame(el, spec, { left: Math.min(220, 18 + longest * 6.6), right: 40 });
    const y = d3.scaleBand().domain(labels).range([0, f.ih]).padding(variant === "lollipop" ? 0.5 : 0.22);
    const x = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, data.map((d) => d.value), true)).nice()
      .range([0, f.iw]);
    axes(f, spec, x, y, { yBand: true, xTitle: axisTitle(spec.axes.y), yTitle: "" });
    data.forEach((d, i) => {
      const fill = singleColor(spec, d, i);
      const x0 = x(Math.min(0, d.value));
      const x1 = x(Math.max(0, d.value));
      const cy = y(d.label) + y.bandwidth() / 2;
      let mark;
      if (variant === "lollipop") {
        f.g.append("line").attr("class", "stem").attr("x1", x(0)).attr("x2", x(d.value))
          .attr("y1", cy).attr("y2", cy).attr("stroke", fill).attr("stroke-width", 2);
        mark = f.g.append("circle").attr("class", "mark").attr("cx", x(d.value)).attr("cy", cy).attr("r", 6)
          .attr("fill", fill);
      } else {
        mark = f.g.append("rect").attr("class", "mark").attr("x", x0).attr("y", y(d.label))
          .attr("width", Math.max(0.5, x1 - x0)).attr("height", y.bandwidth()).attr("fill", fill);
      }
      const hl = isHighlighted(spec, d.label);
      if (hl) finishHighlight(mark);
      const endX = x(d.value) + (variant === "lollipop" ? 10 : 4);
      if (labelsOn(spec)) {
        f.g.append("text").attr("class", "data-label").attr("x", endX).attr("y", cy + 4)
          .text(valueText(spec, d.value));
      }
      if (hl) {
        f.g.append("text").attr("class", "annotation").attr("x", endX + (labelsOn(spec) ? 48 : 0))
          .attr("y", cy + 4).text("◀ " + d.label);
      }
    });
  }
  SUPPORTED.horizontal_bar = (el, spec) => drawHBar(el, spec, "bar");
  SUPPORTED.lollipop = (el, spec) => drawHBar(el, spec, "lollipop");
  SUPPORTED.funnel = (el, spec) => drawHBar(el, spec, "bar");

  /* ---------- grouped and stacked bars ---------- */
  function drawGrouped(el, spec, stacked) {
    const groups = groupOrder(spec, spec.data);
    const series = uniq(spec.data.map((d) => d.category || ""));
    const probeW = Math.max(200, el.clientWidth) - 82;
    const f = frame(el, spec, { legendKeys: series, bottom: bottomFor(spec, groups, probeW / groups.length) });
    const x = d3.scaleBand().domain(groups).range([0, f.iw]).padding(0.2);
    const inner = d3.scaleBand().domain(series).range([0, x.bandwidth()]).padding(0.06);
    const get = {};
    for (const d of spec.data) get[d.label + "\u0000" + (d.category || "")] = d;
    let values = spec.data.map((d) => d.value);
    if (stacked) values = groups.map((gk) => d3.sum(spec.data.filter((d) => d.label === gk), (d) => d.value));
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, values, true)).nice().range([f.ih, 0]);
    axes(f, spec, x, y, { xBand: true });
    groups.forEach((gk) => {
      let base = 0;
      series.forEach((s, si) => {
        const d = get[gk + "\u0000" + s];
        if (!d) return;
        const fill = colorOf(spec, s, si);
        let r;
        let cx;
        let top;
        if (stacked) {
          top = base + d.value;
          r = f.g.append("rect").attr("class", "mark").attr("x", x(gk)).attr("width", x.bandwidth())
            .attr("y", y(top)).attr("height", Math.max(0.5, y(base) - y(top))).attr("fill", fill)
            .attr("stroke", "#fff").attr("stroke-width", 0.6);
          cx = x(gk) + x.bandwidth() / 2;
          if (labelsOn(spec) && y(base) - y(top) > 12) {
            f.g.append("text").attr("class", "data-label inside").attr("text-anchor", "middle").attr("x", cx)
              .attr("y", (y(base) + y(top)) / 2 + 4).text(valueText(spec, d.value));
          }
          base = top;
        } else {
          top = d.value;
          r = f.g.append("rect").attr("class", "mark").attr("x", x(gk) + inner(s)).attr("width", inner.bandwidth())
            .attr("y", y(Math.max(0, top))).attr("height", Math.max(0.5, Math.abs(y(0) - y(top))))
            .attr("fill", fill);
          cx = x(gk) + inner(s) + inner.bandwidth() / 2;
          if (labelsOn(spec)) {
            f.g.append("text").attr("class", "data-label small").attr("text-anchor", "middle").attr("x", cx)
              .attr("y", y(Math.max(0, top)) - 3).text(valueText(spec, d.value));
          }
        }
        if (isHighlighted(spec, gk) || isHighlighted(spec, s)) finishHighlight(r);
      });
      if (isHighlighted(spec, gk)) {
        const tot = stacked ? base : d3.max(spec.data.filter((d) => d.label === gk), (d) => d.value);
        annotate(f, spec, x(gk) + x.bandwidth() / 2, y(tot) - (labelsOn(spec) ? 14 : 2), gk);
      }
    });
  }
  SUPPORTED.grouped_bar = (el, spec) => drawGrouped(el, spec, false);
  SUPPORTED.stacked_bar = (el, spec) => drawGrouped(el, spec, true);

  /* ---------- lines and areas ---------- */
  function drawLines(el, spec, kind) {
    const multi = kind !== "line" && kind !== "area";
    const xs = uniq(spec.data.map((d) => d.label));
    const series = multi ? uniq(spec.data.map((d) => d.category || "")) : [""];
    const probeW = Math.max(200, el.clientWidth) - 82;
    const f = frame(el, spec, {
      legendKeys: multi ? series : [],
      bottom: bottomFor(spec, xs, probeW / xs.length),
      right: multi && !vp(spec).hasLegend ? 90 : 24,
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
    if (stackedRows) {
      stackedRows.forEach((layer, si) => {
        const area = d3.area().x((p) => x(p.data.__x)).y0((p) => y(p[0])).y1((p) => y(p[1]));
        const path = f.g.append("path").datum(layer).attr("class", "mark area").attr("d", area)
          .attr("fill", colorOf(spec, series[si], si)).attr("fill-opacity", 0.85);
        if (isHighlighted(spec, series[si])) finishHighlight(path);
      });
    }
    bySeries.forEach((pts, si) => {
      if (stackedRows) return;
      const s = series[si];
      const color = multi ? colorOf(spec, s, si) : singleColor(spec, { label: "" }, 0);
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
        if (labelsOn(spec)) {
          f.g.append("text").attr("class", "data-label small").attr("text-anchor", "middle")
            .attr("x", x(d.label)).attr("y", y(d.value) - 7).text(valueText(spec, d.value));
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

  /* ---------- scatter and bubble ---------- */
  function drawScatter(el, spec, bubble) {
    const groups = uniq(spec.data.map((d) => d.category || "")).filter((g) => g !== "");
    const f = frame(el, spec, { legendKeys: groups, right: 28 });
    const xv = spec.data.map((d) => Number(d.metadata.x));
    const x = d3.scaleLinear().domain(valueDomain(spec, spec.axes.x, xv, false)).nice().range([0, f.iw]);
    const y = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, spec.data.map((d) => d.value), false))
      .nice().range([f.ih, 0]);
    const sizes = spec.data.map((d) => Number(d.metadata.size || 1));
    const r = d3.scaleSqrt().domain([0, d3.max(sizes) || 1]).range([0, bubble ? 26 : 5]);
    axes(f, spec, x, y, {});
    spec.data.forEach((d, i) => {
      const gi = groups.indexOf(d.category || "");
      const color = gi >= 0 ? colorOf(spec, d.category, gi) : singleColor(spec, d, i);
      const radius = bubble ? Math.max(3, r(Number(d.metadata.size || 1))) : 5;
      const c = f.g.append("circle").attr("class", "mark").attr("cx", x(xv[i])).attr("cy", y(d.value))
        .attr("r", radius).attr("fill", color).attr("fill-opacity", bubble ? 0.6 : 0.9);
      const hl = isHighlighted(spec, d.label);
      if (hl) finishHighlight(c);
      const text = labelsOn(spec) ? d.label + " (" + valueText(spec, d.value) + ")" : d.label;
      f.g.append("text").attr("class", hl ? "point-label annotation" : "point-label")
        .attr("x", x(xv[i]) + radius + 3).attr("y", y(d.value) + 3).text(text);
    });
  }
  SUPPORTED.scatter = (el, spec) => drawScatter(el, spec, false);
  SUPPORTED.bubble = (el, spec) => drawScatter(el, spec, true);

  /* ---------- pie and donut ---------- */
  function drawPie(el, spec, donut) {
    const data = sorted(spec, spec.data);
    const legend = vp(spec).hasLegend;
    const f = frame(el, spec, { legendKeys: data.map((d) => d.label), left: 10, right: 10, bottom: 10 });
    const R = Math.min(f.iw, f.ih) / 2 - 28;
    const g = f.g.append("g").attr("transform", "translate(" + f.iw / 2 + "," + f.ih / 2 + ")");
    const arcs = d3.pie().sort(null).value((d) => d.value)(data);
    const arc = d3.arc().innerRadius(donut ? R * 0.55 : 0).outerRadius(R);
    const outer = d3.arc().innerRadius(R + 14).outerRadius(R + 14);
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
        g.append("text").attr("class", hl ? "slice-label annotation" : "slice-label")
          .attr("text-anchor", cx >= 0 ? "start" : "end").attr("x", cx).attr("y", cy + 4).text(parts.join(": "));
      }
    });
  }
  SUPPORTED.pie = (el, spec) => drawPie(el, spec, false);
  SUPPORTED.donut = (el, spec) => drawPie(el, spec, true);

  /* ---------- dumbbell (two series per row) ---------- */
  SUPPORTED.dumbbell = function (el, spec) {
    const rows = groupOrder(spec, spec.data);
    const series = uniq(spec.data.map((d) => d.category || ""));
    const longest = d3.max(rows, (l) => String(l).length) || 4;
    const f = frame(el, spec, { legendKeys: series, left: Math.min(220, 18 + longest * 6.6), right: 40 });
    const y = d3.scaleBand().domain(rows).range([0, f.ih]).padding(0.4);
    const x = d3.scaleLinear().domain(valueDomain(spec, spec.axes.y, spec.data.map((d) => d.value), false)).nice()
      .range([0, f.iw]);
    axes(f, spec, x, y, { yBand: true, xTitle: axisTitle(spec.axes.y), yTitle: "" });
    rows.forEach((rk) => {
      const pts = spec.data.filter((d) => d.label === rk);
      const cy = y(rk) + y.bandwidth() / 2;
      const ext = d3.extent(pts, (d) => d.value);
      f.g.append("line").attr("class", "stem").attr("x1", x(ext[0])).attr("x2", x(ext[1])).attr("y1", cy)
        .attr("y2", cy).attr("stroke", "#999").attr("stroke-width", 3);
      pts.forEach((d) => {
        const si = series.indexOf(d.category || "");
        const c = f.g.append("circle").attr("class", "mark").attr("cx", x(d.value)).attr("cy", cy).attr("r", 6)
          .attr("fill", colorOf(spec, d.category || "", si));
        if (isHighlighted(spec, rk)) finishHighlight(c);
        if (labelsOn(spec)) {
          f.g.append("text").attr("class", "data-label small").attr("text-anchor", "middle").attr("x", x(d.value))
            .attr("y", cy - 9).text(valueText(spec, d.value));
        }
      });
      if (isHighlighted(spec, rk)) {
        f.g.append("text").attr("class", "annotation").attr("x", x(ext[1]) + 12).attr("y", cy + 4).text("◀ " + rk);
      }
    });
  };

  /* ---------- heatmap (column x row) ---------- */
  SUPPORTED.heatmap = function (el, spec) {
    const cols = uniq(spec.data.map((d) => d.label));
    const rows = uniq(spec.data.map((d) => d.category || ""));
    const longest = d3.max(rows, (l) => String(l).length) || 4;
    const probeW = Math.max(200, el.clientWidth) - 40 - longest * 6.6;
    const f = frame(el, spec, { left: Math.min(200, 18 + longest * 6.6), bottom: bottomFor(spec, cols, probeW / cols.length) });
    const x = d3.scaleBand().domain(cols).range([0, f.iw]).padding(0.04);
    const y = d3.scaleBand().domain(rows).range([0, f.ih]).padding(0.04);
    const ext = d3.extent(spec.data, (d) => d.value);
    const color = d3.scaleSequential(d3.interpolateBlues).domain([ext[0] - (ext[1] - ext[0]) * 0.15, ext[1]]);
    axes(f, spec, x, y, { xBand: true, yBand: true });
    spec.data.forEach((d) => {
      const cell = f.g.append("rect").attr("class", "mark").attr("x", x(d.label)).attr("y", y(d.category || ""))
        .attr("width", x.bandwidth()).attr("height", y.bandwidth()).attr("fill", color(d.value));
      if (isHighlighted(spec, d.label) || isHighlighted(spec, d.category || "")) finishHighlight(cell);
      if (labelsOn(spec)) {
        f.g.append("text").attr("class", "data-label small").attr("text-anchor", "middle")
          .attr("fill", d.value > (ext[0] + ext[1]) / 2 ? "#fff" : "#111")
          .attr("x", x(d.label) + x.bandwidth() / 2).attr("y", y(d.category || "") + y.bandwidth() / 2 + 4)
          .text(valueText(spec, d.value));
      }
    });
  };

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
