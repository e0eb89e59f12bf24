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

  /* The outline of a highlighted stack (or stacked segment), drawn in ``layer`` under the segments
   * and twice the highlight's width: their fills cover its inner half, so the 2.2 px outside it show
   * and no segment loses any of its fill, however thin (outline.py in Python). */
  function outlineUnder(layer, x, y, w, h) {
    return layer.append("rect").attr("class", "highlight outline").attr("x", x).attr("y", y).attr("width", w)
      .attr("height", Math.max(0.5, h)).attr("fill", "none").attr("stroke", "#111").attr("stroke-width", 4.4);
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

