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

  /* Which axis carries the value scale and unit: Python writes it into every spec from the
   * chart-type registry (generation/chart_types.py, layout.chart_spec), so no type list lives here. */
  function horizontal(spec) {
    if (spec.valueAxis !== "x" && spec.valueAxis !== "y")
      throw new Error("spec " + spec.vizId + " has no valueAxis (expected \"x\" or \"y\"); render it with layout.chart_spec");
    return spec.valueAxis === "x";
  }

  function valueAxis(spec) {
    return horizontal(spec) ? spec.axes.x : spec.axes.y;
  }

  function categoryAxis(spec) {
    return horizontal(spec) ? spec.axes.y : spec.axes.x;
  }

  /* A data label prints the value as the manifest records it: the chart's display
   * precision (the most decimals among its values), no thousands separators, "%" kept. */
  function valueText(spec, v) {
    if (spec.__decimals === undefined) spec.__decimals = d3.max(spec.data, (d) => decimalsOf(d.value)) || 0;
    const unit = valueAxis(spec).unit || "";
    const s = v.toFixed(spec.__decimals);
    return unit === "%" ? s + "%" : s;
  }

  function axisTitle(axis) {
    if (!axis || !axis.label) return "";
    if (axis.unit && axis.label.indexOf(axis.unit) < 0) return axis.label + " (" + axis.unit + ")";
    return axis.label;
  }

  /* Charts without a value axis (treemap, funnel, sankey) print what their sizes measure and
   * its unit under the drawing, as an axis title would: "Share of capacity (%)". */
  function unitNote(f, spec) {
    const text = axisTitle(valueAxis(spec));
    if (text) f.svg.append("text").attr("class", "axis-title unit-note").attr("x", 4).attr("y", f.H - 5).text(text);
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
        item.append("rect").attr("width", 11).attr("height", 11)
          .attr("fill", opts.legendColor ? opts.legendColor(k, i) : colorOf(spec, k, i));
        item.append("text").attr("x", 15).attr("y", 10).attr("class", "legend-text").text(k);
        x += w;
      });
      m.top += y + 24;
    }
    /* A y-axis title longer than the plot is tall (with the margins above and below it)
     * prints on two rotated rows, in a left margin one row wider. */
    if (opts && opts.yTitled) {
      m.yTitleRows = titleRows(el, axisTitle(spec.axes.y), H - m.bottom - m.top + 2 * m.top - 4);
      if (m.yTitleRows.length > 1) m.left += 12;
    }
    const iw = W - m.left - m.right;
    const ih = H - m.top - m.bottom;
    const g = svg.append("g").attr("transform", "translate(" + m.left + "," + m.top + ")");
    return { svg: svg, g: g, W: W, H: H, m: m, iw: iw, ih: ih };
  }

  /* A text as one row when `width` measures it at most `room`, else as two rows split at the
   * word break that leaves the longer row shortest. */
  function twoRows(text, room, width) {
    if (width(text) <= room) return [text];
    const words = text.split(" ");
    let rows = [text];
    let best = Infinity;
    for (let k = 1; k < words.length; k++) {
      const cut = [words.slice(0, k).join(" "), words.slice(k).join(" ")];
      const longer = Math.max(width(cut[0]), width(cut[1]));
      if (longer < best) {
        best = longer;
        rows = cut;
      }
    }
    return rows;
  }

  /* Widths of texts drawn with `cls` inside a `group` class (a throw-away SVG in the container). */
  function measurer(el, cls, group) {
    const probe = d3.select(el).append("svg").attr("class", "chart-svg").style("position", "absolute")
      .style("visibility", "hidden");
    const t = probe.append("g").attr("class", group || "").append("text").attr("class", cls);
    return { text: t, width: (s) => t.text(s).node().getComputedTextLength(), done: () => probe.remove() };
  }

  /* An axis title as one row, or two when it is longer than `room`. */
  function titleRows(el, text, room) {
    if (!text) return [];
    const m = measurer(el, "axis-title");
    const rows = twoRows(text, room, m.width);
    m.done();
    return rows;
  }

  /* Row names of a band axis wider than `room` print on two rows, centred on their band. */
  function wrapTicks(axisSel, room) {
    axisSel.selectAll(".tick text").each(function () {
      const t = d3.select(this);
      const rows = twoRows(t.text(), room, (s) => t.text(s).node().getComputedTextLength());
      t.text(rows.length === 1 ? rows[0] : "");
      if (rows.length === 1) return;
      const x = t.attr("x");
      t.attr("dy", null);
      rows.forEach((row, i) => t.append("tspan").attr("x", x).attr("dy", i ? "1.1em" : "-0.2em").text(row));
    });
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
    /* non-negative values never get a negative tick (tourist arrivals from -2): the margin
     * below stops at zero (mpl_common._floor_at_zero) */
    return minSpan([lo >= 0 ? Math.max(0, lo - pad) : lo - pad, hi + pad], lo >= 0);
  }

  /* A value axis spans at least MIN_SPAN_SHARE of its values' magnitude, widened about its
   * middle (never below zero for values that are not negative): a series that barely moves
   * (40.2 to 40.8) is drawn nearly level instead of filling the plot as if it rose strongly.
   * Readings keep their tolerance: it is taken from a zero-based span (reading.read_tolerance). */
  const MIN_SPAN_SHARE = 0.3;
  function minSpan(domain, nonNegative) {
    const [lo, hi] = domain;
    const need = MIN_SPAN_SHARE * Math.max(Math.abs(lo), Math.abs(hi));
    if (hi - lo >= need) return domain;
    const mid = (lo + hi) / 2;
    let a = mid - need / 2;
    if (nonNegative && a < 0) a = 0;
    return [a, a + Math.max(need, hi - a)];
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
    const rows = o.yTitle === undefined && f.m.yTitleRows ? f.m.yTitleRows : [yt];
    if (yt && rows.length > 1) {
      const t = f.g.append("text").attr("class", "axis-title").attr("text-anchor", "middle")
        .attr("transform", "rotate(-90)");
      rows.forEach((row, i) => t.append("tspan").attr("x", -f.ih / 2).attr("y", -f.m.left + 14 + 12 * i).text(row));
    } else if (yt) {
      f.g.append("text").attr("class", "axis-title").attr("text-anchor", "middle")
        .attr("transform", "rotate(-90)").attr("x", -f.ih / 2).attr("y", -f.m.left + 14).text(yt);
    }
    return extra;
  }

  /* Width of a tick label in the chart's own font (a throw-away SVG text in the container),
   * so monospace and wide archetype fonts get the room they need. */
  function labelWidth(el, text) {
    if (!el) return String(text).length * 6.4;
    const probe = d3.select(el).append("svg").attr("class", "chart-svg").style("position", "absolute")
      .style("visibility", "hidden");
    const t = probe.append("g").attr("class", "axis").append("g").attr("class", "tick").append("text").text(text);
    const w = t.node().getComputedTextLength();
    probe.remove();
    return w;
  }

  /* A rotated first tick label runs down-left from its tick: the left margin must hold it and
   * the y-axis title beside it (else it prints over the title and out of the figure). */
  function leftFor(spec, labels, bandWidth, el) {
    if (bottomFor(spec, labels, bandWidth, el) === 44) return 64;
    const first = labelWidth(el, labels[0] || "");
    return Math.min(200, Math.max(64, first * 0.82 - bandWidth / 2 + 30));
  }

  /* Rotated x tick labels need more room: measure them first, then size the frame. */
  function bottomFor(spec, labels, bandWidth, el) {
    const longest = d3.max(labels, (l) => labelWidth(el, l)) || 0;
    /* the band is measured before the margins are known: decide with a fifth to spare */
    return longest + 6 > bandWidth * 0.8 ? 40 + longest * 0.58 : 44;
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

  /* The colour of a mark that is not highlighted (single-hue charts). */
  function baseColor(spec) {
    const map = vp(spec).colorMap || {};
    const plain = Object.keys(map).filter((k) => !isHighlighted(spec, k));
    return plain.length ? map[plain[0]] : palette()[0];
  }

  function dataLabel(g, x, y, text, cls, anchor) {
    return g.append("text").attr("class", "data-label" + (cls ? " " + cls : "")).attr("text-anchor", anchor || "middle")
      .attr("x", x).attr("y", y).text(text);
  }

  /* WCAG relative luminance of a CSS colour. */
  function luminance(color) {
    const c = d3.rgb(color);
    const lin = (v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  }

  /* The colour a fill shows on white paper at the given opacity. */
  function onPaper(color, opacity) {
    const c = d3.rgb(color);
    const a = opacity === undefined ? 1 : opacity;
    return d3.rgb(c.r * a + 255 * (1 - a), c.g * a + 255 * (1 - a), c.b * a + 255 * (1 - a)).formatHex();
  }

  /* Black or white text on a background, whichever contrasts more (always >= 4.58:1). An
   * inline style, so no stylesheet rule (".chart-svg text { fill }") can override it. */
  function inkOn(sel, background) {
    const l = luminance(background);
    return sel.style("fill", (1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#fff" : "#000"));
  }

  /* An annotation to the right of a mark (horizontal layouts). */
  function sideNote(g, x, y, label) {
    return g.append("text").attr("class", "annotation").attr("x", x).attr("y", y).text("◀ " + label);
  }

  /* Horizontal layouts: one band per row on the left, the value axis along the bottom. */
  function hFrame(el, spec, rows, values, opts) {
    const o = opts || {};
    const longest = d3.max(rows, (l) => String(l).length) || 4;
    /* Room for the row names: an estimate by their length, or, where a wide font or a long name
     * needs more, their measured width up to a third of the chart (longer names wrap). */
    const widest = d3.max(rows, (l) => labelWidth(el, l)) || 0;
    let left = Math.min(220, 18 + longest * 6.6);
    if (widest > left - 18) left = 18 + Math.min(widest, Math.max(202, Math.max(200, el.clientWidth) / 3));
    const f = frame(el, spec, Object.assign({ left: left, right: 64 }, o));
    f.y = d3.scaleBand().domain(rows).range([0, f.ih]).padding(o.padding || 0.22);
    f.x = d3.scaleLinear().domain(valueDomain(spec, valueAxis(spec), values, o.zero !== false)).nice()
      .range([0, f.iw]);
    axes(f, spec, f.x, f.y, { yBand: true, xTitle: axisTitle(valueAxis(spec)), yTitle: "" });
    if (widest > f.m.left - 18) wrapTicks(f.g.select(".axis-y"), f.m.left - 18);
    return f;
  }

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
           * planner reads too); a highlighted one loses its outline (2.2 px) to the text's room. */
          const room = y(base) - y(top) - (isHighlighted(spec, gk) || isHighlighted(spec, s) ? 4.4 : 0);
          if (labelsOn(spec) && d.printed !== false) {
            const thin = room < 13;
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

  /* Sets each item's y as close to its y0 as the others allow: in y0 order, at least `gap`
   * apart, a run of crowded labels centred on the mean of its dots. */
  function spread(items, gap) {
    const groups = items.slice().sort((a, b) => a.y0 - b.y0).map((it) => ({ items: [it], top: it.y0 }));
    for (let i = 1; i < groups.length; ) {
      const a = groups[i - 1];
      const b = groups[i];
      if (a.top + a.items.length * gap <= b.top) {
        i++;
        continue;
      }
      const both = a.items.concat(b.items);
      groups.splice(i - 1, 2, { items: both, top: d3.mean(both, (it) => it.y0) - ((both.length - 1) * gap) / 2 });
      i = Math.max(1, i - 1);
    }
    groups.forEach((g) => g.items.forEach((it, k) => { it.y = g.top + k * gap; }));
  }

  /* Moves spread items (in y order, `gap` apart) inside lo..hi where the column fits: those past
   * an end move in, pushing their neighbours along. */
  function within(items, gap, lo, hi) {
    const order = items.slice().sort((a, b) => a.y - b.y);
    order.forEach((it, k) => { if (k === 0) it.y = Math.max(it.y, lo); else it.y = Math.max(it.y, order[k - 1].y + gap); });
    for (let k = order.length - 1; k >= 0; k--) {
      order[k].y = Math.min(order[k].y, k === order.length - 1 ? hi : order[k + 1].y - gap);
    }
  }

  /* A thin line from a mark to its label, for a label that could not sit right by its mark. */
  function leader(g, x1, y1, x2, y2, color) {
    g.append("line").attr("class", "leader").attr("x1", x1).attr("y1", y1).attr("x2", x2).attr("y2", y2)
      .attr("stroke", color).attr("stroke-width", 0.8);
  }

  /* Distance from a box ({x, y, width, height}) to a point. */
  function gapTo(b, px, py) {
    return Math.hypot(Math.max(b.x - px, 0, px - b.x - b.width), Math.max(b.y - py, 0, py - b.y - b.height));
  }

  /* Whether the segment (x1, y1)-(x2, y2) passes through box b grown by pad (Liang-Barsky). */
  function segmentMeetsBox(x1, y1, x2, y2, b, pad) {
    const dx = x2 - x1;
    const dy = y2 - y1;
    const p = [-dx, dx, -dy, dy];
    const q = [x1 - (b.x - pad), b.x + b.width + pad - x1, y1 - (b.y - pad), b.y + b.height + pad - y1];
    let t0 = 0;
    let t1 = 1;
    for (let i = 0; i < 4; i++) {
      if (p[i] === 0) {
        if (q[i] < 0) return false;
      } else if (p[i] < 0) {
        t0 = Math.max(t0, q[i] / p[i]);
      } else {
        t1 = Math.min(t1, q[i] / p[i]);
      }
      if (t0 > t1) return false;
    }
    return true;
  }

  /* The point of box b nearest to (px, py): where a leader from that point meets the box. */
  function nearestOn(b, px, py) {
    return [Math.max(b.x, Math.min(px, b.x + b.width)), Math.max(b.y, Math.min(py, b.y + b.height))];
  }

  /* Value labels (all in one group) each put beside its own dot: the first spot, outwards
   * first and then round the dot, clear of the texts already there and nearer its own dot
   * than any other; failing that, further out with a leader line, or left out when no spot
   * is clear. Placed labels stay put; no label sits on a leader and no leader runs through
   * a text (ring values are not plated against lines drawn after them). */
  function besideOwnDots(g, labels, dots) {
    const placed = Array.from(g.node().querySelectorAll("text")).filter((t) => t.textContent.trim()
      && !labels.some((l) => l.t.node() === t)).map((t) => t.getBBox());
    const leaders = [];
    const hit = (a, b) => a.x < b.x + b.width + 2 && b.x < a.x + a.width + 2 && a.y < b.y + b.height - 0.5
      && b.y < a.y + a.height - 0.5;
    const onLeader = (b) => leaders.some((s) => segmentMeetsBox(s[0], s[1], s[2], s[3], b, 1));
    /* No label covers a dot, its own or another series' (its plate would hide it). */
    const onDot = (b) => dots.some((d) => d[0] > b.x - 1.5 && d[0] < b.x + b.width + 1.5 && d[1] > b.y - 1.5
      && d[1] < b.y + b.height + 1.5);
    const frameBox = g.node().ownerSVGElement.getBoundingClientRect();
    const inFrame = (t) => {
      const r = t.getBoundingClientRect();
      return r.left >= frameBox.left && r.right <= frameBox.right && r.top >= frameBox.top && r.bottom <= frameBox.bottom;
    };
    labels.forEach((l) => {
      const out = Math.atan2(l.dy, l.dx);
      let ok = false;
      for (const rad of [11, 15, 20]) {
        for (const k of [0, 1, -1, 2, -2, 3, -3, 4]) {
          const a = out + (k * Math.PI) / 4;
          l.t.attr("x", l.cx + Math.cos(a) * rad).attr("y", l.cy + Math.sin(a) * rad + 3);
          const b = l.t.node().getBBox();
          const mine = gapTo(b, l.cx, l.cy);
          if (!placed.some((p) => hit(b, p)) && !onDot(b) && !onLeader(b)
            && dots.every((d) => d === l.dot || gapTo(b, d[0], d[1]) > mine + 1)) {
            ok = true;
            break;
          }
        }
        if (ok) break;
      }
      if (!ok) {
        /* Led to its dot from the nearest spot clear of other text, dots and the frame edge;
         * a value with no such spot is left unprinted (the rings still read it), since a
         * value printed over another reads as neither. */
        const spots = [16, 24, 32, 40, 48, 56].flatMap((rad) => [0, 1, -1, 2, -2, 3, -3, 4, 0.5, -0.5, 1.5, -1.5,
          2.5, -2.5, 3.5, -3.5].map((k) => [rad, out + (k * Math.PI) / 4]));
        const free = (through) => spots.find(([rad, a]) => {
          l.t.attr("x", l.cx + Math.cos(a) * rad).attr("y", l.cy + Math.sin(a) * rad + 3);
          const b = l.t.node().getBBox();
          const [ex, ey] = nearestOn(b, l.cx, l.cy);
          return !placed.some((p) => hit(b, p) || (!through && segmentMeetsBox(l.cx, l.cy, ex, ey, p, 1)))
            && !onDot(b) && !onLeader(b) && inFrame(l.t.node());
        });
        /* A leader clear of every text if there is one; else one that passes under a plated text. */
        const clear = free(false) || free(true);
        if (!clear) {
          l.t.remove();
          return;
        }
        l.t.attr("x", l.cx + Math.cos(clear[1]) * clear[0]).attr("y", l.cy + Math.sin(clear[1]) * clear[0] + 3);
        const [ex, ey] = nearestOn(l.t.node().getBBox(), l.cx, l.cy);
        leader(g, l.cx, l.cy, ex, ey, l.color);
        leaders.push([l.cx, l.cy, ex, ey]);
      }
      placed.push(l.t.node().getBBox());
    });
  }

  /* Scatter and bubble names, each beside its own mark (right, left, above, below, then the
   * diagonals), inside the plot, clear of every text, leader and other mark, and nearer its own
   * mark's edge than any other's; a name that fits nowhere on one row tries two, then a spot
   * further out with a leader line to its mark (clear of every text and mark), and is left
   * out where none is clear (knotted points: two names over each other read as neither). */
  function nameMarks(f, names, marks) {
    const placed = Array.from(f.svg.node().querySelectorAll("text")).filter((t) => t.textContent.trim()
      && !names.some((n) => n.node() === t)).map((t) => boxOf(t));
    const plot = boxOf(f.g.node().querySelector(".axis-x .domain") || f.svg.node());
    const origin = f.svg.node().getBoundingClientRect();
    const inG = (b) => ({ x: b.x0 - origin.left - f.m.left, y: b.y0 - origin.top - f.m.top,
      width: b.x1 - b.x0, height: b.y1 - b.y0 });
    const edge = (b, m) => gapTo(inG(b), m.cx, m.cy) - m.r;
    const leaders = [];
    const clear = (b, m) => b.x0 >= plot.x0 - 2 && b.x1 <= plot.x1 + 2 && b.y0 >= origin.top + 2 && b.y1 <= plot.y1
      && edge(b, m) >= 0 && !placed.some((p) => collide(b, p))
      && !leaders.some((l) => segmentMeetsBox(l[0], l[1], l[2], l[3], inG(b), 1));
    const put = (t, anchor, x, y) => {
      t.attr("text-anchor", anchor).attr("x", x).attr("y", y);
      t.selectAll("tspan").attr("x", x);
      return boxOf(t.node());
    };
    names.forEach((t, i) => {
      const m = marks[i];
      const spots = [3, 8].flatMap((gap) => {
        const d = m.r + gap;
        const e = m.r * 0.7 + gap;
        return [["start", d, 3.5], ["end", -d, 3.5], ["middle", 0, -d], ["middle", 0, d + 8],
          ["start", e, -e], ["start", e, e + 6], ["end", -e, -e], ["end", -e, e + 6]];
      });
      const beside = () => spots.find(([anchor, dx, dy]) => {
        const b = put(t, anchor, m.cx + dx, m.cy + dy);
        return clear(b, m) && marks.every((o) => o === m || edge(b, o) > edge(b, m) + 3);
      });
      let spot = beside();
      if (!spot) {
        const rows = twoRows(t.text(), (plot.x1 - plot.x0) / 4, (s) => t.text(s).node().getComputedTextLength());
        t.text(rows.length === 1 ? rows[0] : "");
        if (rows.length > 1) rows.forEach((row, k) => t.append("tspan").attr("dy", k ? "1.1em" : 0).text(row));
        spot = beside();
      }
      if (spot) {
        placed.push(put(t, spot[0], m.cx + spot[1], m.cy + spot[2]));
        return;
      }
      const far = [18, 30, 44, 60].flatMap((rad) => [0, 1, -1, 2, -2, 3, -3, 4, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
        3.5, -3.5].map((k) => [m.r + rad, (k * Math.PI) / 4]));
      const led = far.find(([rad, a]) => {
        const anchor = Math.cos(a) > 0.3 ? "start" : Math.cos(a) < -0.3 ? "end" : "middle";
        const b = put(t, anchor, m.cx + Math.cos(a) * rad, m.cy + Math.sin(a) * rad + 3.5);
        const [ex, ey] = nearestOn(inG(b), m.cx, m.cy);
        return clear(b, m) && marks.every((o) => o === m || edge(b, o) >= 2)
          && !placed.some((p) => segmentMeetsBox(m.cx, m.cy, ex, ey, inG(p), 1));
      });
      if (!led) {
        t.remove();
        return;
      }
      const [rad, a] = led;
      const b = put(t, Math.cos(a) > 0.3 ? "start" : Math.cos(a) < -0.3 ? "end" : "middle", m.cx + Math.cos(a) * rad,
        m.cy + Math.sin(a) * rad + 3.5);
      const [ex, ey] = nearestOn(inG(b), m.cx, m.cy);
      const k = m.r / Math.max(1, Math.hypot(ex - m.cx, ey - m.cy));
      leader(f.g, m.cx + (ex - m.cx) * k, m.cy + (ey - m.cy) * k, ex, ey, "#888");
      leaders.push([m.cx, m.cy, ex, ey]);
      placed.push(b);
    });
  }

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
        .call(d3.axisBottom(x).tickValues([xs[0], xs[xs.length - 1]]));
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
