"""The rows of ``bench/certainty_study.py``: every labelled answer of the study's sets, judged once.

Each answer is judged as a whole (``scripts.fit_certainty.judged``: the verdict and the certainty
models' features, as the fit reads them) and once per *second reading*: its last line, its last sentence
and its final statement (``\\boxed{}``, an ``<answer>`` tag, or the text after the last "final
answer" / "answer:" / "therefore" ...) judged alone. The judge's outputs are kept in a pickle
keyed by the judge's sources and the sets' files, so a second run judges nothing; the surface
features are computed afresh each run (cheap).
"""

from __future__ import annotations

import hashlib
import inspect
import math
import pickle
import re
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from judge import JudgeItem, OfflineJudge, certainty_model
from scripts.fit_certainty import Judged, judged
from tests.judge import labelled_sets as ls

ROOT = Path(__file__).resolve().parents[1]
PASS = 6
SECOND = ("last line", "last sentence", "final statement")


@dataclass(frozen=True)
class Answer:
    """One labelled answer: the judge's verdict, its second readings and what the features need."""

    judged: Judged
    style: str
    text: str
    question: str
    reference: str
    values: tuple[tuple[str, str], ...]  # the answer values' (kind, text)
    second: tuple[tuple[int, bool] | None, ...]  # (score, certain) of each of SECOND, None: no such part


def files(name: str) -> tuple[str, str]:
    """The questions and answers files of set ``name`` (``v27`` ...)."""
    return f"offline_heldout_{name}_questions.json", f"offline_heldout_{name}.yaml"


_BOXED = re.compile(r"\\boxed\{([^{}]*)\}")
_TAG = re.compile(r"(?is)<answer>(.*?)</answer>")
_MARKER = re.compile(
    r"(?i)\b(?:final\s+answer|answer\s*[:：]|therefore|thus|hence|in\s+conclusion|in\s+summary|so\s*,)"
)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")


def parts(text: str) -> tuple[str | None, ...]:
    """The answer's last line, last sentence and final statement (in :data:`SECOND` order), each
    None where the answer has no such part other than the whole."""
    whole = text.strip()
    lines = [s.strip() for s in whole.splitlines() if s.strip()]
    sentences = [s.strip() for s in _SENTENCE_END.split(whole) if s.strip()]
    final: str | None = None
    if boxed := _BOXED.findall(whole):
        final = boxed[-1]
    elif tagged := _TAG.findall(whole):
        final = tagged[-1]
    elif marks := list(_MARKER.finditer(whole)):
        final = whole[marks[-1].end() :].strip(" :：,-*\n")
    found = (lines[-1] if len(lines) > 1 else None, sentences[-1] if len(sentences) > 1 else None, final)
    return tuple(p if p and p.strip() and p.strip() != whole else None for p in found)


def judge_set(name: str) -> list[Answer]:
    """Every answer of set ``name``, judged whole and by its parts."""
    judge = OfflineJudge()
    out = []
    for q, label, style, text in ls.labelled(*files(name)):
        memo: dict[str, tuple[int, bool]] = {}
        second: list[tuple[int, bool] | None] = []
        for part in parts(text):
            if part is not None and part not in memo:
                verdict = judge.score(JudgeItem(q["question"], q["reference"], part, q["answer_values"]))
                memo[part] = (verdict.score, bool(verdict.certain))
            second.append(None if part is None else memo[part])
        values = tuple((str(v["kind"]), str(v["text"])) for v in q["answer_values"])
        row = judged(judge, name, q, label, text)
        out.append(Answer(row, style, text, q["question"], q["reference"], values, tuple(second)))
    return out


def _digest(names: Sequence[str]) -> str:
    digest = hashlib.sha256(" ".join(names).encode())
    sources = [*sorted((ROOT / "judge").rglob("*.py")), ROOT / "scripts" / "fit_certainty.py"]
    for path in [*sources, *(ls.DATA / f for n in names for f in files(n))]:
        digest.update(path.read_bytes())
    for judging in (parts, judge_set):  # this module's judging code, not its features
        digest.update(inspect.getsource(judging).encode())
    return digest.hexdigest()[:16]


def answers(names: Sequence[str], cache: Path | None, workers: int = 1) -> list[Answer]:
    """Every answer of the sets ``names`` in order (from ``cache`` where it holds them)."""
    kept = cache / f"certainty-study-{_digest(names)}.pickle" if cache else None
    if kept is not None and kept.exists():
        found: list[Answer] = pickle.loads(kept.read_bytes())
        return found
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            per_set = list(pool.map(judge_set, names))
    else:
        per_set = [judge_set(n) for n in names]
    found = [a for rows in per_set for a in rows]
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_bytes(pickle.dumps(found))
    return found


_HTML = re.compile(r"</?[A-Za-z][^<>]{0,80}>")
_LATEX = re.compile(r"\\[A-Za-z]+")
_TABLE = re.compile(r"(?m)^\s*\|?\s*:?-{3,}:?\s*\|")
_FENCE = re.compile(r"```|~~~")
_STRIKE = re.compile(r"~~[^~]+~~|<(?:s|del|strike)>")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _known_share(values: Sequence[tuple[str, str]], kind: str, text: str) -> tuple[float, float]:
    """Whether the item has answer values of ``kind``, and the share of them ``text`` holds verbatim."""
    asked = [t for k, t in values if k == kind and t.strip()]
    if not asked:
        return 0.0, 0.0
    low = text.lower()
    return 1.0, sum(t.lower() in low for t in asked) / len(asked)


def surface(a: Answer) -> list[float]:
    """The study's new generic features of an answer (:data:`SURFACE_NAMES` order)."""
    text = a.text
    whole_pass = a.judged.got >= PASS
    second: list[float] = []
    for got in a.second:
        passes = got is not None and got[0] >= PASS
        second += [float(got is not None), float(passes), float(got is not None and passes != whole_pass)]
        second.append(float(got is not None and got[1]))
    letters = [c for c in text if c.isalpha()]
    numbers = set(_NUMBER.findall(text))
    lines = [s for s in text.splitlines() if s.strip()]
    return [
        *second,
        float(bool(_HTML.search(text))),
        float(bool(_LATEX.search(text))),
        float(bool(_TABLE.search(text))),
        float(bool(_FENCE.search(text))),
        float(bool(_STRIKE.search(text))),
        sum(not c.isascii() for c in letters) / max(1, len(letters)),
        float(any(c.isdigit() and not c.isascii() for c in text)),
        math.log1p(len(numbers)),
        math.log1p(len(lines)),
        math.log((len(text) + 20) / (len(a.reference) + 20)),
        *_known_share(a.values, "label", text),
        _known_share(a.values, "number", text)[1],
        math.log1p(text.count("?")),
    ]


SURFACE_NAMES = (
    *(f"{part}: {what}" for part in SECOND for what in ("read", "passes", "differs from whole", "certain")),
    "HTML tags", "LaTeX commands", "markdown table", "code fence", "strikethrough",
    "non-ASCII letter share", "non-ASCII digits", "distinct numbers", "lines",
    "length against the reference's", "labels asked", "asked labels verbatim",
    "asked numbers verbatim", "question marks",
)  # fmt: skip


def judge_features(r: Judged) -> list[float]:
    """The features the judge computes (:data:`JUDGE_NAMES` order): the fail model's, the pass
    model's, the rules' certainty, promotability, whether the rules alone decided (no reading), the
    best reading's pass and score."""
    x = r.x or (0.0,) * len(certainty_model.NAMES)
    px = r.px or (0.0,) * len(certainty_model.PASS_NAMES)
    return [
        *x,
        *px,
        float(r.settled),
        float(r.promotable),
        float(r.x is None),
        float(r.got >= PASS),
        r.got / 10,
    ]


JUDGE_NAMES = (
    *certainty_model.NAMES,
    *(f"pass model: {n}" for n in certainty_model.PASS_NAMES),
    "rules settled",
    "promotable",
    "no reading (rules decide)",
    "passes",
    "best reading's score",
)
