"""What the viewer shows: the dataset's questions joined with every run's answers.

Inputs are what the project already writes: exported dataset folders
(``datasets.load_dataset(folder, config)``), lmms-eval samples logs or folders holding them
(judged folders of ``synthdocbench judge`` included), read with the report's reader.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..dataset import CONFIGS
from ..errors import SynthDocUserError, first_line
from ..record_rules import passed
from ..report.load import (
    SAMPLES_RE,
    _label,
    _results_info,
    datasets_quietly,
    discover,
    read_answers,
    run_groups,
)
from ..report.records import Answer, Run
from ..samples_log import collection_paused

if TYPE_CHECKING:  # the grounded tasks' modules import the judges: loaded where regions are drawn
    from ..grounded import PageRegion
    from ..strips import Strip

QUESTION_CONFIGS = tuple(c for c in CONFIGS if c != "documents")
#: Strip layouts the viewer can draw (pages per strip): the plain tasks' 5 and ``pages1``.
STRIP_LAYOUTS = (5, 1)


def is_dataset_folder(path: Path) -> bool:
    return path.is_dir() and (path / "README.md").is_file() and (path / "data" / "documents").is_dir()


def verdict(answer: Answer) -> str:
    """``passed`` / ``failed`` (valid score at or above / below the ACC threshold) or ``unscored``."""
    if answer.score is None:
        return "unscored"
    return "passed" if passed(answer.score) else "failed"


def _task(path: Path) -> str:
    match = SAMPLES_RE.match(path.name)
    return match.group("task") if match else path.stem


def _read_log(path: Path, regions: dict[Path, dict[str, list[PageRegion]]]) -> list[Answer]:
    """The answers of one log, its predicted regions into ``regions`` (the file read once)."""
    answers, given = [], []
    with collection_paused():
        for answer, predicted in read_answers(path):
            answers.append(answer)
            if predicted is not None:
                given.append((answer.question_id, predicted))
    regions[path] = _regions_of(given)
    return answers


def load_runs(
    logs: Sequence[Path], regions: dict[Path, dict[str, list[PageRegion]]] | None = None
) -> list[Run]:
    """The runs of ``logs`` (folder + date prefix), unjudged ones included (unlike the report);
    each log's predicted regions (:func:`predicted_regions`) go into ``regions`` when given."""
    runs = []
    regions = {} if regions is None else regions
    for folder, prefix, files in run_groups(logs):
        per_file = {f: _read_log(f, regions) for f in sorted(files)}
        info = _results_info(folder, prefix)
        if not info and folder.name.startswith("judged-"):  # `synthdocbench judge` output folder
            info = _results_info(folder.parent, prefix)
        model = info.get("model") or folder.name
        ids = [a.question_id for answers in per_file.values() for a in answers]
        # tasks asking the same questions (plain and grounded, say) are one column each
        parts = (
            {model: list(per_file)}
            if len(ids) == len(set(ids))
            else {f"{model}:{_task(f)}": [f] for f in per_file}
        )
        for name, part in parts.items():
            answers = [a for f in part for a in per_file[f]]
            runs.append(
                Run(
                    model=name,
                    judge=", ".join(sorted({a.judge for a in answers})),
                    source=str(folder / prefix) if prefix else str(part[0]),
                    files=part,
                    answers=answers,
                    date=prefix,
                    dataset_path=info.get("dataset_path"),
                )
            )
    _label(runs)
    seen: set[str] = set()
    for run in runs:  # one column per run: the same model under two judges gets its judge named
        label = run.label if run.label not in seen else f"{run.label} [{run.judge}]"
        number = 2
        while label in seen:
            label, number = f"{run.label} #{number}", number + 1
        run.label = label
        seen.add(label)
    return runs


def _region(value: Any) -> PageRegion | None:
    """A ``{"page", "bbox"}`` entry of a record as a region; None when it is not one."""
    from ..grounded import PageRegion

    try:
        page = int(value["page"])
        x1, y1, x2, y2 = (float(v) for v in value["bbox"])
    except (KeyError, TypeError, ValueError):
        return None
    ok = page >= 1 and all(0 <= v <= 1000 for v in (x1, y1, x2, y2)) and x1 <= x2 and y1 <= y2
    return PageRegion(page, (x1, y1, x2, y2)) if ok else None


def _regions_of(given: Iterable[tuple[str, Any]]) -> dict[str, list[PageRegion]]:
    """The regions of ``(question id, predicted_regions as logged)`` that are regions, by question."""
    found: dict[str, list[PageRegion]] = {}
    for question_id, predicted in given:
        if predicted is not None:
            found[question_id] = [r for v in predicted if (r := _region(v)) is not None]
    return found


def predicted_regions(files: Sequence[Path]) -> dict[str, list[PageRegion]]:
    """The evidence regions a grounded run's answers gave (``predicted_regions``), by question."""
    found: dict[str, list[PageRegion]] = {}
    for path in files:
        found.update(_regions_of((a.question_id, predicted) for a, predicted in read_answers(path)))
    return found


def _plain(value: Any) -> Any:
    """Parquet rows as JSON-ready values (numpy scalars and arrays become Python values)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "tolist"):
        return _plain(value.tolist())
    return value


def load_dataset_rows(location: str) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """(question rows of every config, document rows without the PDF by doc_id)."""
    import datasets

    questions: list[dict[str, Any]] = []
    try:
        with datasets_quietly():
            for config in QUESTION_CONFIGS:
                questions += [_plain(dict(r)) for r in datasets.load_dataset(location, config, split="test")]
            docs = datasets.load_dataset(
                location,
                "documents",
                split="test",
                columns=["doc_id", "archetype", "domain", "topic", "page_count"],
            )
            documents = {str(r["doc_id"]): _plain(dict(r)) for r in docs}
    except Exception as exc:  # datasets raises many types; the user needs one line
        reason = first_line(exc)
        raise SynthDocUserError(f"cannot read the dataset {location}: {reason}") from None
    return questions, documents


class StripSource:
    """The strips of a document from the project's strip cache (rasterised once, then read)."""

    def __init__(self, location: str, cache_dir: Path) -> None:
        from ..strip_cache import StripCache

        self.location = location
        self.cache = StripCache(cache_dir)
        self._lock = threading.Lock()

    def strips(self, doc_id: str, pages_per_strip: int) -> list[Strip]:
        from ..dataset import document_store
        from ..strips import StripSettings

        with self._lock:
            store = document_store(self.location)
            pdf, pages = store.pdf(doc_id), store.pages(doc_id)
            return self.cache.strips(pdf, StripSettings(pages_per_strip=pages_per_strip), doc_id, pages=pages)


@dataclass
class Corpus:
    """Questions (dataset order), documents and the runs' answers, ready to serve as JSON."""

    questions: dict[str, dict[str, Any]]
    documents: dict[str, dict[str, Any]] = field(default_factory=dict)
    runs: list[Run] = field(default_factory=list)
    location: str | None = None
    strips: StripSource | None = None
    pages_per_strip: int = 5
    _answers: dict[str, dict[str, Answer]] = field(default_factory=dict)
    #: Each log's predicted regions as :func:`load_runs` read them (a log missing here is read).
    regions: dict[Path, dict[str, list[PageRegion]]] = field(default_factory=dict)
    _predicted: dict[str, dict[str, list[PageRegion]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for run in self.runs:
            found: dict[str, list[PageRegion]] = {}
            for path in run.files:
                found.update(self.regions[path] if path in self.regions else predicted_regions([path]))
            self._predicted[run.label] = found
            for a in run.answers:
                self._answers.setdefault(a.question_id, {})[run.label] = a
                if a.question_id not in self.questions:
                    self.questions[a.question_id] = {
                        "question_id": a.question_id,
                        "doc_id": a.doc_id,
                        "subset": a.subset,
                        "category": a.category,
                        "difficulty": a.difficulty,
                        "chart_type": a.chart_type,
                        "position": {"bucket": a.position_bucket, "relative": a.position},
                        "question": a.question,
                        "answer": a.reference,
                        "evidence": [],
                    }

    @property
    def models(self) -> list[str]:
        return [run.label for run in self.runs]

    def restrict(self, question_ids: Sequence[str]) -> None:
        """Keep only ``question_ids``, in that order (the review sample)."""
        self.questions = {q: self.questions[q] for q in question_ids}

    def summary(self, q: dict[str, Any]) -> dict[str, Any]:
        doc = self.documents.get(str(q["doc_id"]), {})
        position = q.get("position") or {}
        answers = self._answers.get(str(q["question_id"]), {})
        return {
            "id": q["question_id"],
            "doc_id": q["doc_id"],
            "subset": q.get("subset"),
            "category": q.get("category"),
            "level": q.get("difficulty"),
            "position": position.get("bucket"),
            "chart_type": q.get("chart_type"),
            "archetype": doc.get("archetype"),
            "question": q.get("question") or "",
            "verdicts": {model: verdict(a) for model, a in answers.items()},
        }

    def listing(self) -> dict[str, Any]:
        return {
            "models": self.models,
            "dataset": self.location,
            "questions": [self.summary(q) for q in self.questions.values()],
        }

    def strip_jpeg(self, doc_id: str, index: int) -> bytes | None:
        if self.strips is None or doc_id not in self.documents:
            return None
        strips = self.strips.strips(doc_id, self.pages_per_strip)
        return strips[index].jpeg if 0 <= index < len(strips) else None

    @staticmethod
    def _boxes(strips: list[Strip], regions: list[PageRegion]) -> list[dict[str, Any]]:
        from .regions import page_region_to_strip

        boxes = []
        for region in regions:
            box = page_region_to_strip(strips, region)
            if box is not None:
                boxes.append({**box.as_fractions(strips[box.strip]), "page": region.page})
        return boxes

    def detail(
        self, question_id: str, strip_url: str = "strips/{doc}/{per}/{i}.jpg"
    ) -> dict[str, Any] | None:
        from ..grounded import gold_regions

        q = self.questions.get(question_id)
        if q is None:
            return None
        doc_id = str(q["doc_id"])
        strips: list[Strip] = []
        note = ""
        if self.strips is None:
            note = "no dataset given: pass the exported dataset folder to see the pages"
        elif doc_id not in self.documents:
            note = f"document {doc_id} is not in the dataset"
        else:
            strips = self.strips.strips(doc_id, self.pages_per_strip)
        boxes = self._boxes(strips, gold_regions(q))
        answers = [
            {
                "model": model,
                "answer": a.answer,
                "score": a.score,
                "verdict": verdict(a),
                "judgement": a.judgement,
                "judge": a.judge,
                "failure": a.failure,
                "predicted": self._boxes(strips, self._predicted.get(model, {}).get(question_id, [])),
            }
            for model, a in self._answers.get(question_id, {}).items()
        ]
        return {
            **self.summary(q),
            "reference": q.get("answer") or "",
            "evidence": [{"page": r.page, "bbox": list(r.box)} for r in gold_regions(q)],
            "boxes": boxes,
            "strips": [
                {
                    "url": strip_url.format(doc=doc_id, per=self.pages_per_strip, i=i),
                    "width": s.width,
                    "height": s.height,
                    "pages": [p.page for p in s.pages],
                }
                for i, s in enumerate(strips)
            ],
            "note": note,
            "answers": answers,
        }


def load_corpus(
    paths: Sequence[Path],
    dataset: str | None = None,
    cache_dir: Path | None = None,
    pages_per_strip: int | None = None,
) -> Corpus:
    """Read ``paths`` (dataset folders, samples logs, run or judged folders) into a :class:`Corpus`."""
    from ..dataset import resolve_location
    from ..settings import load_settings

    if pages_per_strip is not None and pages_per_strip not in STRIP_LAYOUTS:
        raise SynthDocUserError(f"--pages-per-strip must be one of {STRIP_LAYOUTS}, got {pages_per_strip}")
    datasets_given = [p for p in paths if is_dataset_folder(p)]
    logs = [p for p in paths if not is_dataset_folder(p)]
    if len(datasets_given) > 1 or (datasets_given and dataset):
        raise SynthDocUserError("give one dataset: pass a single exported dataset folder (or --dataset)")
    regions: dict[Path, dict[str, list[PageRegion]]] = {}
    runs = load_runs(discover(logs), regions) if logs else []
    if pages_per_strip is None:  # the pages1 task variants show one page per image
        tasks = [_task(f) for run in runs for f in run.files]
        pages_per_strip = 1 if tasks and all("pages1" in t for t in tasks) else STRIP_LAYOUTS[0]
    settings = load_settings()
    chosen = str(datasets_given[0]) if datasets_given else dataset or settings.dataset
    if not chosen:
        chosen = next(
            (r.dataset_path for r in runs if r.dataset_path and Path(r.dataset_path).is_dir()), None
        )
    if not runs and not chosen:
        raise SynthDocUserError(
            "nothing to show: pass run folders, samples logs or an exported dataset folder"
        )
    questions: dict[str, dict[str, Any]] = {}
    documents: dict[str, dict[str, Any]] = {}
    location = None
    source = None
    if chosen:
        location = resolve_location(chosen)
        rows, documents = load_dataset_rows(location)
        questions = {str(r["question_id"]): r for r in rows}
        source = StripSource(location, cache_dir or settings.cache_dir)
    return Corpus(
        questions=questions,
        documents=documents,
        runs=runs,
        regions=regions,
        location=location,
        strips=source,
        pages_per_strip=pages_per_strip,
    )
