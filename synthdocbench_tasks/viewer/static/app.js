// SynthDocBench viewer: a list of questions with filters and a page per question.
// Every text from the data is put into the page with textContent (never as HTML).
"use strict";

const FILTERS = [
  ["subset", "Subset"], ["category", "Category"], ["level", "Level"], ["position", "Evidence position"],
  ["chart_type", "Chart type"], ["archetype", "Archetype"],
];
const state = { index: null, filters: {}, model: "", verdict: "", search: "", reviewed: "" };
const cache = {};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = value;
    else if (key === "on") for (const [ev, fn] of Object.entries(value)) node.addEventListener(ev, fn);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = el("script", { src });
    s.onload = resolve;
    s.onerror = () => reject(new Error("cannot load " + src));
    document.body.append(s);
  });
}

// The server's per-session token (a meta tag of the served page; absent in a static export):
// sent with every API request, which a page of another site cannot read or forge.
const TOKEN_META = document.querySelector("meta[name=sdb-token]");
const TOKEN = TOKEN_META ? TOKEN_META.getAttribute("content") : "";

async function getJSON(url) {
  const response = await fetch(url, { headers: TOKEN ? { "X-SDB-Token": TOKEN } : {} });
  if (!response.ok) {
    let reason = "HTTP " + response.status;
    try { reason = (await response.json()).error || reason; } catch (err) { /* not JSON */ }
    throw new Error(reason);
  }
  return response.json();
}

async function loadIndex() {
  if (!state.index) state.index = window.SDB_INDEX || (await getJSON("api/questions"));
  return state.index;
}

async function loadQuestion(summary) {
  if (cache[summary.id]) return cache[summary.id];
  let detail;
  if (window.SDB_INDEX) {
    window.SDB_Q = window.SDB_Q || {};
    await loadScript("data/q/" + summary.file);
    detail = window.SDB_Q[summary.id];
  } else {
    detail = await getJSON("api/question/" + encodeURIComponent(summary.id));
  }
  cache[summary.id] = detail;
  return detail;
}

function reviewed(q) {
  const review = state.index.review;
  return review && review.verdicts[q.id] ? review.verdicts[q.id].verdict : "";
}

function matches(q) {
  for (const [key] of FILTERS) {
    const want = state.filters[key];
    if (want && String(q[key]) !== want) return false;
  }
  const verdicts = state.model ? { [state.model]: q.verdicts[state.model] } : q.verdicts;
  if (state.model && !(state.model in q.verdicts)) return false;
  if (state.verdict && !Object.values(verdicts).includes(state.verdict)) return false;
  if (state.reviewed === "yes" && !reviewed(q)) return false;
  if (state.reviewed === "no" && reviewed(q)) return false;
  const needle = state.search.trim().toLowerCase();
  if (needle && !(q.question.toLowerCase().includes(needle) || q.id.toLowerCase().includes(needle))) return false;
  return true;
}

function filtered() {
  return state.index.questions.filter(matches);
}

function select(label, values, current, onChange, name) {
  const s = el("select", { name, on: { change: (e) => onChange(e.target.value) } });
  s.append(el("option", { value: "", text: "any" }));
  for (const v of values) {
    const o = el("option", { value: v, text: v });
    if (v === current) o.selected = true;
    s.append(o);
  }
  return el("label", {}, label, s);
}

function distinct(key) {
  return [...new Set(state.index.questions.map((q) => q[key]).filter((v) => v !== null && v !== undefined).map(String))].sort();
}

function renderList() {
  const main = document.getElementById("main");
  const index = state.index;
  document.getElementById("where").textContent = index.review ? "review: " + index.review.reviewer : "";
  const rows = filtered();
  const filters = el("div", { class: "filters" });
  for (const [key, label] of FILTERS) {
    filters.append(select(label, distinct(key), state.filters[key] || "", (v) => { state.filters[key] = v; renderList(); }, key));
  }
  if (index.models.length) {
    filters.append(select("Model", index.models, state.model, (v) => { state.model = v; renderList(); }, "model"));
    filters.append(select("Verdict", ["passed", "failed", "unscored"], state.verdict, (v) => { state.verdict = v; renderList(); }, "verdict"));
  }
  if (index.review) {
    filters.append(select("Reviewed", ["yes", "no"], state.reviewed, (v) => { state.reviewed = v; renderList(); }, "reviewed"));
  }
  const search = el("input", { type: "search", name: "search", placeholder: "search question text", value: state.search });
  search.addEventListener("input", (e) => { state.search = e.target.value; renderTable(); });
  filters.append(el("label", {}, "Search", search));

  const tableHolder = el("div", { id: "table" });
  main.replaceChildren(filters, tableHolder);
  renderTable();
}

function renderTable() {
  const index = state.index;
  const rows = filtered();
  const head = el("tr", {}, ...["Question", "Subset", "Category", "Level", "Position", "Chart", "Archetype", "Text"].map((h) => el("th", { text: h })));
  if (index.models.length) head.append(el("th", { text: "Answers" }));
  if (index.review) head.append(el("th", { text: "Review" }));
  const table = el("table", { class: "questions" }, el("thead", {}, head));
  const body = el("tbody");
  for (const q of rows) {
    const tr = el("tr", { "data-id": q.id },
      el("td", {}, el("a", { href: "#/q/" + encodeURIComponent(q.id), text: q.id })),
      ...[q.subset, q.category, q.level, q.position, q.chart_type, q.archetype, q.question].map((v) => el("td", { text: v === null || v === undefined ? "" : String(v) })));
    if (index.models.length) {
      const td = el("td");
      for (const [model, verdict] of Object.entries(q.verdicts)) td.append(el("span", { class: "badge " + verdict, title: model, text: model + ": " + verdict }));
      tr.append(td);
    }
    if (index.review) tr.append(el("td", { text: reviewed(q) }));
    body.append(tr);
  }
  table.append(body);
  const done = index.review ? index.questions.filter(reviewed).length : null;
  const count = el("p", { id: "count", text: rows.length + " of " + index.questions.length + " questions" + (done === null ? "" : " · " + done + " reviewed") });
  document.getElementById("table").replaceChildren(count, table);
}

function neighbours(id) {
  let list = filtered();
  if (!list.some((q) => q.id === id)) list = state.index.questions;
  const i = list.findIndex((q) => q.id === id);
  return [i > 0 ? list[i - 1] : null, i >= 0 && i + 1 < list.length ? list[i + 1] : null];
}

function reviewPanel(q) {
  const review = state.index.review;
  const current = review.verdicts[q.id] || {};
  const comment = el("textarea", { name: "comment", placeholder: "optional comment" });
  comment.value = current.comment || "";
  const status = el("span", { class: "meta", id: "saved", text: current.verdict ? "saved: " + current.verdict : "not reviewed" });
  const buttons = el("div", { class: "choices" });
  const save = async (verdict) => {
    const response = await fetch("api/verdict", {
      method: "POST", headers: { "Content-Type": "application/json", "X-SDB-Token": TOKEN },
      body: JSON.stringify({ question_id: q.id, verdict, comment: comment.value }),
    });
    if (!response.ok) { status.textContent = "NOT saved (HTTP " + response.status + ")"; return; }
    review.verdicts[q.id] = await response.json();
    for (const b of buttons.children) b.setAttribute("aria-pressed", String(b.dataset.verdict === verdict));
    status.textContent = "saved: " + verdict;
  };
  for (const choice of review.choices) {
    buttons.append(el("button", { type: "button", "data-verdict": choice, "aria-pressed": String(current.verdict === choice), text: choice.replace("_", " "), on: { click: () => save(choice) } }));
  }
  comment.addEventListener("change", () => { const v = review.verdicts[q.id]; if (v) save(v.verdict); });
  return el("section", { class: "review" }, el("h3", { text: "Your verdict" }), buttons, comment, status);
}

async function renderQuestion(id) {
  const main = document.getElementById("main");
  const summary = state.index.questions.find((q) => q.id === id);
  if (!summary) { main.replaceChildren(el("p", { class: "note", text: "No question " + id })); return; }
  const q = await loadQuestion(summary);
  const [prev, next] = neighbours(id);
  const nav = el("div", { class: "nav" },
    el("a", { href: "#/", text: "← list" }),
    prev ? el("a", { id: "prev", href: "#/q/" + encodeURIComponent(prev.id), text: "‹ previous" }) : el("span", { text: "‹ previous" }),
    next ? el("a", { id: "next", href: "#/q/" + encodeURIComponent(next.id), text: "next ›" }) : el("span", { text: "next ›" }),
    el("strong", { id: "qid", text: q.id }));
  const meta = el("p", { class: "meta", text: [q.subset, q.category, q.level, "evidence " + (q.position || "?"), q.chart_type || "", q.archetype || "", "document " + q.doc_id].filter(Boolean).join(" · ") });
  const parts = [nav, meta, el("h3", { text: "Question" }), el("div", { class: "qtext", text: q.question }),
    el("h3", { text: "Reference" }), el("div", { class: "reference", text: q.reference })];
  if (state.index.review) parts.push(reviewPanel(q));
  if (q.answers.length) {
    const answers = el("div", { class: "answers" });
    for (const a of q.answers) {
      answers.append(el("div", { class: "answer " + a.verdict, "data-model": a.model },
        el("strong", { text: a.model }),
        el("div", { class: "meta", text: "score " + (a.score === null ? "–" : a.score) + " · " + a.verdict + (a.failure ? " (" + a.failure + ")" : "") + " · judge " + a.judge }),
        el("pre", { class: "answer-text", text: a.answer }),
        el("div", { class: "meta judgement", text: a.judgement })));
    }
    parts.push(el("h3", { text: "Answers" }), answers);
  }
  const predicted = q.answers.some((a) => (a.predicted || []).length);
  parts.push(el("h3", { text: "What the model saw (" + q.strips.length + " images; evidence in magenta" + (predicted ? ", the models' evidence dashed blue" : "") + ")" }));
  if (q.note) parts.push(el("p", { class: "note", text: q.note }));
  const strips = el("div", { class: "strips" });
  q.strips.forEach((s, i) => {
    const box = el("div", { class: "strip", "data-index": String(i) },
      el("img", { src: s.url, alt: "image " + (i + 1), width: String(s.width), height: String(s.height) }),
      el("span", { class: "caption", text: "image " + (i + 1) + " · pages " + s.pages.join(", ") }));
    const place = (b, cls, title) => {
      const r = el("div", { class: cls, title });
      r.style.left = (100 * b.left) + "%"; r.style.top = (100 * b.top) + "%";
      r.style.width = (100 * b.width) + "%"; r.style.height = (100 * b.height) + "%";
      box.append(r);
    };
    for (const b of q.boxes.filter((b) => b.strip === i)) place(b, "evidence", "evidence, page " + b.page);
    for (const a of q.answers) {
      for (const b of (a.predicted || []).filter((b) => b.strip === i)) place(b, "predicted", a.model + "'s evidence, page " + b.page);
    }
    strips.append(box);
  });
  parts.push(strips);
  main.replaceChildren(...parts);
  window.scrollTo(0, 0);
}

function onKey(e) {
  if (["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
  const target = { ArrowLeft: "prev", k: "prev", ArrowRight: "next", j: "next" }[e.key];
  if (target) { const a = document.getElementById(target); if (a) location.hash = a.getAttribute("href"); }
  if (e.key === "Escape") location.hash = "#/";
}

async function route() {
  try {
    await loadIndex();
    const match = location.hash.match(/^#\/q\/(.+)$/);
    if (match) await renderQuestion(decodeURIComponent(match[1]));
    else renderList();
  } catch (err) {
    document.getElementById("main").replaceChildren(el("p", { class: "note", text: String(err) }));
  }
}

window.addEventListener("hashchange", route);
document.addEventListener("keydown", onKey);
route();
