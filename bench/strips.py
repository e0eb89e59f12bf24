"""Benchmark: page strips (paper Table 19) against their floor, and what a question pays.

    python bench/strips.py [--gen GEN_DIR] [--doc-id ID] [--pages 50] [--repeat 5]

One document is exported to a temporary dataset: the first finished document of a
generated folder (``--gen``, or ``--doc-id`` of it), else a freshly generated one of about
``--pages`` pages. Three ways to turn it into strips run interleaved (each repetition
runs each once, in rotating order) so machine load hits them alike:

* floor:   each page rasterised once by PyMuPDF at the scale its strip needs, stacked,
           and each strip JPEG-encoded once (quality 90): the least any strip builder does
* strips:  the project's ``build_strips`` (same work plus the caps and page placements)
* resize:  the previous pipeline, 144 DPI + LANCZOS resize to 7,900 px + ``optimize=True``

A fourth variant in the same rotation is ``doc_to_visual`` (the hook lmms-eval calls once per
question) on a document's first question: empty cache folder, fresh cache state (rasterise,
encode, write; the images handed on are the JPEGs just built, decoded when read). After it,
outside its figure, the same repetition times reading those pixels (one decode), the hook from
disk (fresh cache state, folder filled: read, verify, decode when read) and warm (the same
state again, pixels read). Every figure is printed with the median and [min, max] of its
ratios to the floor of the same repetition. Last, the pixels of the final-scale strips are
compared with rasterise-then-resize (mean absolute difference in grey levels of 255, and
PSNR), before and after JPEG.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place (for ``bench._timing``).
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

import numpy as np
from PIL import Image

from bench._timing import collect, paired_summary, stopwatch
from synthdocbench_tasks.mupdf import load_pymupdf
from synthdocbench_tasks.strips import StripSettings, build_strips, stack_pages


def _generated(pages: int, workdir: Path) -> Path:
    from generation.plan.config import GenerationConfig
    from generation.run.pipeline import generate

    config = GenerationConfig(
        seed=1, n_docs=1, min_pages=pages, max_pages=pages, min_charts=16, max_charts=16
    )
    generate(config, workdir, progress=False)
    return workdir


def _dataset(gen: Path, doc_id: str | None, workdir: Path) -> tuple[Path, str]:
    """Export one finished document of ``gen`` into a dataset folder under ``workdir``."""
    from generation.export.dataset import export_dataset

    done = sorted(d for d in (gen / "docs").iterdir() if (d / "DONE").is_file())
    chosen = next((d for d in done if d.name == doc_id), None) if doc_id else (done[0] if done else None)
    if chosen is None:
        raise SystemExit(f"no finished document {doc_id or ''} in {gen}/docs")
    one = workdir / "one"
    (one / "docs").mkdir(parents=True)
    shutil.copy(gen / "config.json", one / "config.json")
    shutil.copytree(chosen, one / "docs" / chosen.name)
    export_dataset(one, workdir / "dataset")
    return workdir / "dataset", chosen.name


def _groups(n_pages: int, settings: StripSettings) -> list[list[int]]:
    last = min(n_pages, settings.max_pages)
    return [
        list(range(s, min(s + settings.pages_per_strip, last)))
        for s in range(0, last, settings.pages_per_strip)
    ]


def _stack(images: list[Image.Image]) -> Image.Image:
    canvas = Image.new("RGB", (max(im.width for im in images), sum(im.height for im in images)), "white")
    y = 0
    for im in images:
        canvas.paste(im, (0, y))
        y += im.height
    return canvas


def _pix_image(pix: object) -> Image.Image:
    return Image.frombytes("RGB", (pix.width, pix.height), pix.samples_mv, "raw", "RGB", pix.stride)  # type: ignore[attr-defined]


def floor_canvases(pdf: bytes, settings: StripSettings) -> Iterator[Image.Image]:
    """Each page rasterised once at ``min(dpi, fit 7,900 px)`` and pasted into its strip as it
    comes, one strip at a time (the least memory traffic: nothing is held longer than needed)."""
    fitz = load_pymupdf()
    with fitz.open(stream=pdf, filetype="pdf") as doc:
        for group in _groups(doc.page_count, settings):
            pages = [doc[i] for i in group]
            longest = max(max(p.rect.width for p in pages), sum(p.rect.height for p in pages))
            zoom = min(settings.dpi / 72, settings.max_dimension / longest)
            matrix = fitz.Matrix(zoom, zoom)
            boxes = [(p.rect * matrix).irect for p in pages]
            canvas = Image.new("RGB", (max(b.width for b in boxes), sum(b.height for b in boxes)), "white")
            y = 0
            for page in pages:
                image = _pix_image(page.get_pixmap(matrix=matrix, alpha=False))
                canvas.paste(image, (0, y))
                y += image.height
            yield canvas


def floor(pdf: bytes, settings: StripSettings) -> list[bytes]:
    out = []
    for canvas in floor_canvases(pdf, settings):
        buf = io.BytesIO()
        canvas.save(buf, format="JPEG", quality=settings.jpeg_quality)
        out.append(buf.getvalue())
    return out


def resize_canvases(pdf: bytes, settings: StripSettings) -> Iterator[Image.Image]:
    """The previous pipeline's pixels: 144 DPI, stacked, LANCZOS-resized to fit 7,900 px."""
    fitz = load_pymupdf()
    with fitz.open(stream=pdf, filetype="pdf") as doc:
        for group in _groups(doc.page_count, settings):
            canvas = _stack([_pix_image(doc[i].get_pixmap(dpi=settings.dpi, alpha=False)) for i in group])
            scale = min(1.0, settings.max_dimension / max(canvas.size))
            if scale < 1.0:
                size = (max(1, round(canvas.width * scale)), max(1, round(canvas.height * scale)))
                canvas = canvas.resize(size, Image.Resampling.LANCZOS)
            yield canvas


def resize_pipeline(pdf: bytes, settings: StripSettings) -> list[bytes]:
    out = []
    for canvas in resize_canvases(pdf, settings):
        buf = io.BytesIO()
        canvas.save(buf, format="JPEG", quality=settings.jpeg_quality, optimize=True)
        out.append(buf.getvalue())
    return out


def _compare(pairs: list[tuple[Image.Image, Image.Image]]) -> tuple[float, float, float]:
    """Mean absolute difference, PSNR and the share of pixels off by more than 32 grey levels,
    over all strips and the area both sides of a pair cover (their sizes differ by a pixel)."""
    total = absolute = squared = large = 0.0
    for a, b in pairs:
        box = (0, 0, min(a.width, b.width), min(a.height, b.height))
        diff = np.abs(np.asarray(a.crop(box), dtype=np.int16) - np.asarray(b.crop(box), dtype=np.int16))
        total += diff.size
        absolute += float(diff.sum())
        squared += float((diff.astype(np.float64) ** 2).sum())
        large += float((diff.max(axis=2) > 32).sum()) * 3
    mse = squared / total
    return absolute / total, (math.inf if mse == 0 else 10 * math.log10(255**2 / mse)), large / total


def _fresh_strip_state() -> None:
    """Drop the hook's strip caches held in memory, as a new process starts; their folders stay."""
    from synthdocbench_tasks import hooks

    with hooks._strip_caches_lock:
        hooks._strip_caches.clear()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--gen", type=Path, help="a generated folder; its first finished document is used")
    parser.add_argument("--doc-id", help="which document of --gen")
    parser.add_argument("--pages", type=int, default=50, help="pages of the generated document without --gen")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    settings = StripSettings()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        gen = args.gen or _generated(args.pages, tmp / "gen")
        dataset, doc_id = _dataset(gen, args.doc_id, tmp)
        pdf = next(gen.glob(f"docs/{doc_id}/document.pdf")).read_bytes()
        fitz = load_pymupdf()
        with fitz.open(stream=pdf, filetype="pdf") as doc:
            n_pages = min(doc.page_count, settings.max_pages)
        strips = build_strips(pdf, settings)
        largest = max(len(s.jpeg) for s in strips)
        print(
            f"document {doc_id}: {n_pages} pages -> {len(strips)} strips of up to "
            f"{max(s.height for s in strips)} px, largest {largest:,} bytes; "
            f"{args.repeat} interleaved repetitions"
        )
        jpeg_bytes = sum(len(s.jpeg) for s in strips)
        pixel_bytes = sum(s.width * s.height * 3 for s in strips)
        print(
            f"per document: {jpeg_bytes / 1e6:.1f} MB of JPEG, {pixel_bytes / 1e6:.1f} MB decoded; a process "
            f"holds at most 1 GiB decoded + 4 documents' JPEGs "
            f"({((1 << 30) + 4 * jpeg_bytes) / 1e6:.0f} MB), "
            "whatever the number of documents"
        )

        # what each question pays: the hook itself, cold (empty cache folder, fresh cache state)
        os.environ["SYNTHDOC_DATASET"] = str(dataset)
        from synthdocbench_tasks import hooks

        row = {"doc_id": doc_id}
        hooks.doc_to_visual(row)  # load the dataset's document table outside the timing
        later: dict[str, list[float]] = {"read": [], "disk": [], "warm": []}
        images: list[Image.Image] = []

        def cold() -> float:
            nonlocal images
            cache_dir = tmp / f"cache-{len(later['read'])}"
            os.environ["SYNTHDOC_CACHE_DIR"] = str(cache_dir)
            _fresh_strip_state()
            start = time.perf_counter()
            images = hooks.doc_to_visual(row)
            seconds = time.perf_counter() - start
            start = time.perf_counter()
            for im in images:  # what a model that reads the pixels adds: one decode of the document
                im.load()
            later["read"].append(seconds + time.perf_counter() - start)
            _fresh_strip_state()  # a new process: only the folder is left
            start = time.perf_counter()
            for im in hooks.doc_to_visual(row):
                im.load()
            later["disk"].append(time.perf_counter() - start)
            start = time.perf_counter()
            for im in hooks.doc_to_visual(row):
                im.load()
            later["warm"].append(time.perf_counter() - start)
            shutil.rmtree(cache_dir)
            return seconds

        times = collect(
            {
                "floor": stopwatch(lambda: floor(pdf, settings)),
                "strips": stopwatch(lambda: build_strips(pdf, settings)),
                "resize": stopwatch(lambda: resize_pipeline(pdf, settings)),
                "cold": cold,
            },
            args.repeat,
        )
        assert [im.tobytes() for im in images] == [s.image().tobytes() for s in strips]
        labels = {
            "floor": "floor: rasterise at final scale + 1 encode",
            "strips": "build_strips (this project)",
            "resize": "old: 144 DPI + LANCZOS + optimize",
            "cold": "doc_to_visual, first question (build+write)",
        }
        for name, label in labels.items():
            med, best = statistics.median(times[name]), min(times[name])
            print(
                f"{label:44s}: median {med:6.3f} s ({med / n_pages * 1000:5.1f} ms/page, min "
                f"{best / n_pages * 1000:5.1f})  / floor {paired_summary(times[name], times['floor'])}"
            )
        for name, label in (
            ("read", "first question + pixels read (1 decode)"),
            ("disk", "from disk, pixels read (new process)"),
            ("warm", "warm, pixels read (each later question)"),
        ):
            med = statistics.median(later[name])
            print(f"{label:44s}: median {med:6.3f} s  / floor {paired_summary(later[name], times['floor'])}")

        with fitz.open(stream=pdf, filetype="pdf") as doc:
            final = [stack_pages(fitz, [doc[i] for i in g], settings)[0] for g in _groups(n_pages, settings)]
        ours = [s.image() for s in strips]
        before = list(resize_canvases(pdf, settings))
        for label, pairs in (
            ("final scale vs 144 DPI + LANCZOS, before JPEG", list(zip(final, before, strict=True))),
            ("build_strips JPEG vs 144 DPI + LANCZOS      ", list(zip(ours, before, strict=True))),
        ):
            mad, psnr, large = _compare(pairs)
            print(f"pixels, {label}: mean |diff| {mad:.2f}/255, PSNR {psnr:.1f} dB, {large:.2%} off by > 32")


if __name__ == "__main__":
    main()
