"""Grounded-answer metrics shared by MMDocBench and grounded SynthDocBench.

A model answers ``{"answer": ..., "bbox": [[x1, y1, x2, y2], ...]}`` (reasoning tasks add
``supporting_evidence``); :mod:`.parse` reads that from free text, :mod:`.text` scores the
answer (EM, word F1), :mod:`.boxes` the regions (IoU, one-to-one matching), :mod:`.scoring`
puts them together per answer shape in two modes, and :mod:`.aggregate` macro-averages.

Modes: ``paper`` (default) follows the definitions in the MMDocBench paper strictly;
``reference`` reproduces how the published leaderboard numbers were computed (lenient EM,
set-based F1 rounded to 2 decimals, strict ``>`` thresholds, the reference box rule).
"""

from __future__ import annotations

from .aggregate import macro_average
from .boxes import Box, iou, matched_iou
from .parse import ParsedReply, parse_reply
from .scoring import MODES, Gold, GoldItem, Mode, Scores, Shape, score_reply
from .text import exact_match, normalize_answer, token_f1

__all__ = [
    "MODES",
    "Box",
    "Gold",
    "GoldItem",
    "Mode",
    "ParsedReply",
    "Scores",
    "Shape",
    "exact_match",
    "iou",
    "macro_average",
    "matched_iou",
    "normalize_answer",
    "parse_reply",
    "score_reply",
    "token_f1",
]
