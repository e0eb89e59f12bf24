"""Read a TSV row's ``answer`` JSON into a :class:`~synthdocbench_tasks.grounding.Gold`.

Published format: a JSON list. Single answers and reasoning answers are its first object,
``{"answer", "bbox"}`` (reasoning adds ``supporting_evidence: [{"text", "bbox"}]``); list
answers are the list of such objects; tables are rows of them. A bare object is accepted
for the single and reasoning shapes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ..errors import SynthDocUserError
from ..grounding.boxes import boxes_from
from ..grounding.parse import answer_to_text
from ..grounding.scoring import Gold, GoldItem
from .taxonomy import MainTask

_TASK_BLOCK = re.compile(r"# Task.+### Requirements", re.DOTALL)


def _item(value: Any) -> GoldItem:
    if isinstance(value, dict):
        text = value.get("answer", value.get("text"))
        box = value.get("bbox")
        return GoldItem(answer_to_text(text), boxes_from(box), box if isinstance(box, list) else [])
    return GoldItem(answer_to_text(value))


def raw_question(row: Mapping[str, Any]) -> str:
    """The question without the instruction block (the reference's lenient rules read it)."""
    value = row.get("raw_question")
    if value:
        return str(value)
    found = _TASK_BLOCK.search(str(row.get("question", "")))
    return found.group() if found else str(row.get("question", ""))


def gold_of(row: Mapping[str, Any], task: MainTask, sub_task: str) -> Gold:
    try:
        value = json.loads(str(row["answer"]))
    except (KeyError, ValueError):
        raise SynthDocUserError(
            f"MMDocBench row {row.get('index')}: the answer column is not JSON; check MMDOCBENCH_DATASET"
        ) from None
    shape = task.shape_of(sub_task)
    common: dict[str, Any] = {
        "shape": shape,
        "score_text": sub_task != "Text2Bbox",
        "score_boxes": sub_task != "Bbox2Text",
        "question": raw_question(row),
        "task": task.name,
        "sub_task": sub_task,
    }
    if shape == "list":
        items = value if isinstance(value, list) else [value]
        return Gold(items=[_item(v) for v in items], raw=items, **common)
    if shape == "table":
        rows = value if isinstance(value, list) else []
        return Gold(rows=[[_item(c) for c in r] for r in rows if isinstance(r, list)], raw=rows, **common)
    first = value[0] if isinstance(value, list) and value else value
    if not isinstance(first, dict):
        first = {"answer": first, "bbox": []}
    evidence = first.get("supporting_evidence") or []
    return Gold(
        answer=_item(first), evidence=[_item(e) for e in evidence if isinstance(e, dict)], raw=first, **common
    )
