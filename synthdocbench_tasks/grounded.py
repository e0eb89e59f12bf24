"""Grounded SynthDocBench: the answer plus where its evidence is (``synthdoc_*_grounded``).

Coordinates. The model answers in *strip* coordinates: the number of the image it was shown
(1-based, in the order given) and a box on a 0..1000 scale of that image. That is what it
sees; page boundaries inside a strip are not marked, so asking for page coordinates would
make it locate pages first. With one page per strip the two coincide. An evidence entry
that names ``"page"`` instead of ``"image"`` is taken as page coordinates (0..1000 of that
page). Strip boxes map back to pages with the placements the strip builder records
(:class:`~synthdocbench_tasks.strips.PagePlacement`): a box goes to the page it overlaps
most and is clipped to it.

Scoring. The answer text is judged exactly as in the plain tasks (by calling
:func:`synthdocbench_tasks.hooks.process_results`). The predicted regions are matched
one-to-one to the question's ground-truth ``evidence`` regions (Hungarian; same page first,
then IoU); ``page_acc`` is the share of pairs on the same page and ``iou`` their mean IoU,
both over ``max(#predicted, #gold)`` regions, so a missing, extra or wrong-page box scores 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np
from PIL import Image

from . import hooks
from .answers import final_answer
from .errors import SynthDocUserError
from .grounding.aggregate import nan_mean
from .grounding.boxes import Box, boxes_from, iou
from .grounding.matching import one_to_one
from .grounding.parse import ParsedReply, parse_reply
from .judging import scoring_error
from .prompts import system_prompt, user_text
from .strips import Strip, StripSettings

Kwargs = dict[str, Any] | None


@dataclass(frozen=True)
class PageRegion:
    page: int  # 1-based
    box: Box  # 0..1000 of that page


def prompt_path(kwargs: Kwargs = None) -> str:
    """The grounded system prompt file (``grounded_prompt`` in the task kwargs overrides it)."""
    custom = (kwargs or {}).get("grounded_prompt")
    return str(custom) if custom else str(resources.files(__package__).joinpath("prompts", "grounded.txt"))


def strips_of(doc: dict[str, Any], kwargs: Kwargs = None) -> list[Strip]:
    """The document's strips for these settings (the same cache the visuals come from)."""
    return hooks.document_strips(doc, StripSettings.from_kwargs(kwargs))


def layout_line(strips: list[Strip]) -> str:
    """Which pages each image shows, so the model can tell pages apart."""
    parts = []
    for i, strip in enumerate(strips, 1):
        first, last = strip.pages[0].page, strip.pages[-1].page
        shown = f"page {first}" if first == last else f"pages {first}-{last}"
        parts.append(f"image {i} shows {shown}")
    pages = sum(len(s.pages) for s in strips)
    return f"The document has {pages} pages in {len(strips)} images: " + "; ".join(parts) + "."


def _user_text(doc: dict[str, Any], kwargs: Kwargs) -> str:
    return f"{layout_line(strips_of(doc, kwargs))}\n\n{user_text(doc['question'])}"


def doc_to_text(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> str:
    system = system_prompt(prompt_path(lmms_eval_specific_kwargs))
    return f"{system}\n\n{_user_text(doc, lmms_eval_specific_kwargs)}"


def doc_to_messages(doc: dict[str, Any], lmms_eval_specific_kwargs: Kwargs = None) -> list[dict[str, Any]]:
    images: list[Image.Image] = hooks.doc_to_visual(doc, lmms_eval_specific_kwargs)
    user: list[dict[str, Any]] = [{"type": "image", "url": im} for im in images]
    user.append({"type": "text", "text": _user_text(doc, lmms_eval_specific_kwargs)})
    system = system_prompt(prompt_path(lmms_eval_specific_kwargs))
    return [
        {"role": "system", "content": [{"type": "text", "text": system}]},
        {"role": "user", "content": user},
    ]


def strip_box_to_page(strip: Strip, box: Box) -> PageRegion | None:
    """A 0..1000 box of a strip image as a 0..1000 box of the page it overlaps most."""
    x1, y1 = box[0] * strip.width / 1000, box[1] * strip.height / 1000
    x2, y2 = box[2] * strip.width / 1000, box[3] * strip.height / 1000
    best, best_area = None, 0.0
    for p in strip.pages:
        w = min(x2, p.x + p.width) - max(x1, p.x)
        h = min(y2, p.y + p.height) - max(y1, p.y)
        if w > 0 and h > 0 and w * h > best_area:
            best, best_area = p, w * h
    if best is None:
        return None

    def scale(v: float, origin: int, size: int) -> float:
        return min(1000.0, max(0.0, (v - origin) / size * 1000))

    page_box = (
        scale(x1, best.x, best.width),
        scale(y1, best.y, best.height),
        scale(x2, best.x, best.width),
        scale(y2, best.y, best.height),
    )
    return PageRegion(best.page, page_box)


def _int(value: Any) -> int | None:
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def predicted_regions(parsed: ParsedReply, strips: list[Strip]) -> list[PageRegion]:
    """The reply's evidence as page regions (see the module docstring for the two forms)."""
    value = parsed.value if isinstance(parsed.value, dict) else {}
    entries = value.get("evidence", value.get("supporting_evidence", []))
    entries = [entries] if isinstance(entries, dict) else entries
    regions: list[PageRegion] = []
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        boxes = boxes_from(entry.get("bbox"))
        image, page = _int(entry.get("image", entry.get("strip"))), _int(entry.get("page"))
        if image is not None and 1 <= image <= len(strips):
            regions += [r for b in boxes if (r := strip_box_to_page(strips[image - 1], b)) is not None]
        elif page is not None:
            regions += [PageRegion(page, b) for b in boxes] or [PageRegion(page, (0.0, 0.0, 0.0, 0.0))]
    return regions


def region_scores(pred: list[PageRegion], gold: list[PageRegion]) -> tuple[float | None, float | None]:
    """(page accuracy, IoU) of predicted against gold regions; None when there is no gold."""
    if not gold:
        return None, None
    n = max(len(pred), len(gold))
    if not pred:
        return 0.0, 0.0
    same = np.array([[float(p.page == g.page) for g in gold] for p in pred])
    ious = np.array([[iou(p.box, g.box) if p.page == g.page else 0.0 for g in gold] for p in pred])
    pairs = one_to_one(same * (1.0 + ious))
    return sum(same[i, j] for i, j in pairs) / n, sum(ious[i, j] for i, j in pairs) / n


def gold_regions(doc: dict[str, Any]) -> list[PageRegion]:
    regions = []
    for r in doc.get("evidence") or []:
        x1, y1, x2, y2 = (float(v) for v in r["bbox"])
        regions.append(PageRegion(int(r["page"]), (x1, y1, x2, y2)))
    return regions


def parsed_reply(reply: str | None) -> ParsedReply:
    """The reply parsed for its answer and evidence; a reply the parser cannot read is plain text."""
    try:
        return parse_reply(reply or "")
    except Exception:
        return ParsedReply(reply or "")


def judged_answer(parsed: ParsedReply) -> str | None:
    """What the judge scores: the structured reply's answer, or None to judge the reply as text."""
    try:
        return final_answer(parsed.answer_text()) if parsed.structured else None
    except Exception:
        return None


def score_grounded(doc: dict[str, Any], results: list[str], strip_settings: StripSettings) -> dict[str, Any]:
    """Judge the answer as the plain task does, then score the evidence regions.

    ``strip_settings`` are those of the task being scored (its scorer passes them): the
    model's image numbers and boxes refer to the strips it was shown. Never raises: a failed
    model request keeps ``page_acc``/``iou`` None (unscored, left out of their means), and an
    error while scoring the regions makes the record a ``scoring_error``.
    """
    reply = results[0] if results else None
    parsed = parsed_reply(reply)
    record = hooks.score_doc(doc, reply, judged_answer(parsed))
    record.update(page_acc=None, iou=None, predicted_regions=[])
    if record.get("failure") in ("model_error", "scoring_error"):
        return record
    try:
        strips = hooks.document_strips(doc, strip_settings)
        pred = predicted_regions(parsed, strips)
        page_acc, box_iou = region_scores(pred, gold_regions(doc))
    except (Exception, SynthDocUserError) as exc:  # one answer's failure must not end the run
        record.update(
            scoring_error(exc, str(record.get("judge") or "none"), str(record.get("prompt_version") or ""))
        )
        return record
    record.update(
        page_acc=page_acc,
        iou=box_iou,
        predicted_regions=[{"page": r.page, "bbox": [round(v, 2) for v in r.box]} for r in pred],
    )
    return record


def _metrics(record: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return hooks.metric_values(record, "acc", "score", "page_acc", "iou")


# One plain scorer per strip setting, named by the grounded task YAMLs: lmms-eval passes
# ``process_results`` no task options, so each scorer carries the settings of its tasks.
# SCORER_STRIPS maps scorer name to settings; a test checks every grounded YAML against it.
DEFAULT_STRIPS = StripSettings()
PAGES1_STRIPS = StripSettings(pages_per_strip=1)
SCORER_STRIPS = {"process_results": DEFAULT_STRIPS, "process_results_pages1": PAGES1_STRIPS}


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, dict[str, Any]]:
    """Scorer of ``synthdoc_<subset>_grounded`` (the template's strips: 5 pages per image)."""
    return _metrics(score_grounded(doc, results, DEFAULT_STRIPS))


def process_results_pages1(doc: dict[str, Any], results: list[str]) -> dict[str, dict[str, Any]]:
    """Scorer of ``synthdoc_<subset>_pages1_grounded`` (one page per image)."""
    return _metrics(score_grounded(doc, results, PAGES1_STRIPS))


def aggregate_page_acc(records: list[dict[str, Any]]) -> float:
    return nan_mean(r.get("page_acc") for r in records)


def aggregate_iou(records: list[dict[str, Any]]) -> float:
    return nan_mean(r.get("iou") for r in records)
