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

