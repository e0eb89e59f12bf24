"""Caches are verified (issue 10, point 2): every cached strip, text and OCR entry is checked
against the digest and size recorded at write; a damaged one is rebuilt with a warning, never
used. An unwritable cache folder is one line; a cache root deleted during a run is recreated.
Files and folders get the user's umask.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from PIL import ImageDraw

from synthdocbench_tasks.atomic import make_temp_dir, write_bytes_atomic
from synthdocbench_tasks.doc_cache import BadEntryError, seal, unseal
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.pdf_text import TextCache, TextSettings
from synthdocbench_tasks.strip_cache import StripCache
from synthdocbench_tasks.strips import StripSettings

SETTINGS = StripSettings(max_pages=4, pages_per_strip=2, dpi=72)
REPO = Path(__file__).resolve().parents[2]


def _pdf(pages: int = 4) -> bytes:
    doc = pymupdf.open()
    for n in range(pages):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 100), f"Quarterly report, page {n + 1}", fontsize=18)
        page.insert_textbox(pymupdf.Rect(72, 140, 520, 400), "Revenue grew in every region. " * 12)
        page.draw_rect(pymupdf.Rect(100, 450 + 10 * n, 300, 700), fill=(0.1, 0.3 + 0.1 * n, 0.7))
    data = doc.tobytes()
    doc.close()
    return data


@pytest.fixture(scope="module")
def pdf() -> bytes:
    return _pdf()


def _strip_files(root: Path) -> list[Path]:
    return sorted(root.glob("strips/*/*/strip-*.jpg"))


def _damage_truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _damage_zero(path: Path) -> None:
    path.write_bytes(bytes(path.stat().st_size))


def _damage_flip(path: Path) -> None:  # same size, one byte changed in the middle
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    "damage", [_damage_truncate, _damage_zero, _damage_flip], ids=["truncated", "zeroed", "flipped"]
)
def test_damaged_strip_jpeg_is_rebuilt_with_a_warning(
    pdf: bytes, tmp_path: Path, damage, capsys: pytest.CaptureFixture[str]
) -> None:
    first = StripCache(tmp_path).strips(pdf, SETTINGS, "d")
    target = _strip_files(tmp_path)[0]
    damage(target)
    # a truncated JPEG still decodes once Pillow is told to accept it, as lmms-eval does
    cache = StripCache(tmp_path)
    capsys.readouterr()
    again = cache.strips(pdf, SETTINGS, "d")
    assert cache.rasterised == 1 and cache.rebuilt == 1
    assert [s.jpeg for s in again] == [s.jpeg for s in first]
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == 1 and "damaged" in warnings[0] and "strip-000.jpg" in warnings[0]
    # the rebuilt entry is whole again: a third process reads it without rasterising
    third = StripCache(tmp_path)
    assert [s.jpeg for s in third.strips(pdf, SETTINGS, "d")] == [s.jpeg for s in first]
    assert third.rasterised == 0


@pytest.mark.parametrize("content", [b"", b"{broken", b"\0" * 64, b'{"strips": []}'], ids=repr)
def test_damaged_layout_is_rebuilt(pdf: bytes, tmp_path: Path, content: bytes, capsys) -> None:
    StripCache(tmp_path).strips(pdf, SETTINGS, "d")
    next(tmp_path.glob("strips/*/*/layout.json")).write_bytes(content)
    cache = StripCache(tmp_path)
    strips = cache.strips(pdf, SETTINGS, "d")
    assert cache.rasterised == 1 and len(strips) == 2
    err = capsys.readouterr().err
    assert "damaged" in err and ("layout.json" in err or "integrity" in err)


def test_missing_strip_file_is_rebuilt(pdf: bytes, tmp_path: Path) -> None:
    StripCache(tmp_path).strips(pdf, SETTINGS, "d")
    _strip_files(tmp_path)[-1].unlink()
    cache = StripCache(tmp_path)
    assert len(cache.strips(pdf, SETTINGS, "d")) == 2 and cache.rebuilt == 1


@pytest.mark.parametrize(
    "damage", [_damage_truncate, _damage_zero, _damage_flip], ids=["truncated", "zeroed", "flipped"]
)
def test_damaged_text_entry_is_extracted_again(pdf: bytes, tmp_path: Path, damage, capsys) -> None:
    settings = TextSettings()
    text = TextCache(tmp_path).text(pdf, settings, "d")
    entry = next(tmp_path.glob("text/*/*.txt"))
    damage(entry)
    cache = TextCache(tmp_path)
    assert cache.text(pdf, settings, "d") == text
    assert cache.extracted == 1 and cache.rebuilt == 1
    assert "text cache entry" in capsys.readouterr().err


def test_seal_round_trip_and_hostile_headers() -> None:
    assert unseal(seal(b"abc\n")) == b"abc\n"
    sealed = seal(b"payload")
    for bad in (b"", sealed[:-1], sealed + b"x", b"synthdoc-cache sha256=00 bytes=x\npayload", b"payload"):
        with pytest.raises(BadEntryError):
            unseal(bad)


def test_vanished_cache_root_is_recreated(pdf: bytes, tmp_path: Path) -> None:
    root = tmp_path / "cache"
    cache = StripCache(root)
    cache.strips(pdf, SETTINGS, "a")
    text_cache = TextCache(root)
    shutil.rmtree(root)  # deleted while the run goes on
    cache.strips(pdf, StripSettings(max_pages=2, pages_per_strip=1, dpi=72), "a")
    text_cache.text(pdf, TextSettings(), "a")
    assert len(_strip_files(root)) == 2 and list(root.glob("text/*/*.txt"))


def _read_only_command(root: Path, script: str) -> list[str]:
    """Run ``script`` where ``root`` is read-only: chmod for a user, a read-only bind mount for root."""
    python = [sys.executable, "-c", script]
    if os.geteuid() != 0:
        root.chmod(0o555)
        return python
    if shutil.which("unshare") is None:
        pytest.skip("running as root without unshare: cannot make a folder read-only")
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", f"mount --bind -o ro {root} {root}"], capture_output=True, check=False
    )
    if probe.returncode != 0:
        pytest.skip(f"running as root and cannot bind-mount read-only: {probe.stderr.decode().strip()}")
    inner = " ".join(f"'{a}'" for a in python[:2]) + ' "$0"'
    return ["unshare", "-m", "sh", "-c", f"mount --bind -o ro {root} {root} && exec {inner}", script]


@pytest.mark.parametrize("kind", ["strips", "text"])
def test_read_only_cache_folder_is_one_line(pdf: bytes, tmp_path: Path, kind: str) -> None:
    root = tmp_path / "ro-cache"
    root.mkdir()
    (tmp_path / "doc.pdf").write_bytes(pdf)
    call = (
        "StripCache(root).strips(pdf, StripSettings(max_pages=2, dpi=72), 'sdb-1-00001')"
        if kind == "strips"
        else "TextCache(root).text(pdf, TextSettings(), 'sdb-1-00001')"
    )
    script = textwrap.dedent(
        f"""
        from pathlib import Path
        from synthdocbench_tasks.strip_cache import StripCache
        from synthdocbench_tasks.strips import StripSettings
        from synthdocbench_tasks.pdf_text import TextCache, TextSettings
        root = Path({str(root)!r})
        pdf = Path({str(tmp_path / "doc.pdf")!r}).read_bytes()
        {call}
        """
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        _read_only_command(root, script), capture_output=True, text=True, env=env, check=False
    )
    root.chmod(0o755)
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "cache folder" in lines[0] and "cannot be written" in lines[0] and "SYNTHDOC_CACHE_DIR" in lines[0]
    assert not list(root.iterdir())  # nothing half-written


def test_unwritable_cache_in_process_raises_the_user_error(pdf: bytes, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    with pytest.raises(SynthDocUserError, match="cannot be written"):
        StripCache(blocker).strips(pdf, SETTINGS, "d")
    with pytest.raises(SynthDocUserError, match="cannot be written"):
        TextCache(blocker).text(pdf, TextSettings(), "d")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("umask", "file_mode", "dir_mode"), [(0o022, 0o644, 0o755), (0o077, 0o600, 0o700)])
def test_files_and_folders_follow_the_umask(
    pdf: bytes, tmp_path: Path, umask: int, file_mode: int, dir_mode: int
) -> None:
    old = os.umask(umask)
    try:
        root = tmp_path / "cache"
        StripCache(root).strips(pdf, SETTINGS, "d")
        TextCache(root).text(pdf, TextSettings(), "d")
        write_bytes_atomic(tmp_path / "out" / "file.bin", b"data")
        made = make_temp_dir(tmp_path / "out")
    finally:
        os.umask(old)
    files = [p for p in root.rglob("*") if p.is_file()] + [tmp_path / "out" / "file.bin"]
    folders = [p for p in root.rglob("*") if p.is_dir()] + [made]
    assert files and folders
    assert {_mode(p) for p in files} == {file_mode}
    assert {_mode(p) for p in folders} == {dir_mode}


def test_generation_uses_the_same_writer() -> None:
    from generation.run import atomic as gen_atomic
    from synthdocbench_tasks import atomic

    assert gen_atomic.write_bytes_atomic is atomic.write_bytes_atomic


def test_failed_write_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "x.bin"
    write_bytes_atomic(target, b"old")
    with pytest.raises(TypeError):
        write_bytes_atomic(target, "not bytes")  # type: ignore[arg-type]
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["x.bin"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tesseract") is None, reason="install Debian's tesseract-ocr for OCR tests")
@pytest.mark.parametrize(
    "damage", [_damage_truncate, _damage_zero, _damage_flip], ids=["truncated", "zeroed", "flipped"]
)
def test_damaged_ocr_entry_is_read_again(pdf: bytes, tmp_path: Path, damage, capsys) -> None:
    from synthdocbench_tasks.baselines.ocr import TesseractOCR

    image = StripCache(tmp_path / "strips").images(pdf, StripSettings(max_pages=1, dpi=72), "d")[0]
    first = TesseractOCR(cache_dir=tmp_path / "ocr", workers=1)
    text = first.read_many([image])[0]
    assert "Quarterly report" in text and first.calls == 1
    entry = next((tmp_path / "ocr").glob("*/*.txt"))
    damage(entry)
    again = TesseractOCR(cache_dir=tmp_path / "ocr", workers=1)
    capsys.readouterr()
    assert again.read_many([image]) == [text]
    assert again.calls == 1  # read by Tesseract again, not taken from the damaged file
    err = capsys.readouterr().err
    assert "ocr cache entry" in err and "damaged" in err
    third = TesseractOCR(cache_dir=tmp_path / "ocr", workers=1)
    assert third.read_many([image]) == [text] and third.calls == 0


def test_decoded_strips_are_fresh_images_within_the_memory_budget(pdf: bytes, tmp_path: Path) -> None:
    cache = StripCache(tmp_path, memory_bytes=7_500_000)  # 4 pages at 72 DPI take 6.0 MB, 2 pages 3.0 MB
    first = cache.images(pdf, SETTINGS, "a")
    first[0].paste((255, 0, 0), (0, 0, 50, 50))  # a model editing its images in place
    ImageDraw.Draw(first[1]).rectangle((0, 0, 50, 50), fill=(0, 255, 0))
    first[1].thumbnail((10, 10))
    assert first[0].getpixel((10, 10)) == (255, 0, 0) and first[1].size[1] == 10
    second = cache.images(pdf, SETTINGS, "a")
    assert cache.decoded == 1
    assert second[0].getpixel((10, 10)) == second[1].getpixel((10, 10)) == (255, 255, 255)
    assert second[1].size == (first[0].width, first[0].height)
    assert [im.tobytes() for im in second] == [s.image().tobytes() for s in cache.strips(pdf, SETTINGS, "a")]
    other = _pdf(pages=2)
    cache.images(other, SETTINGS, "b")  # pixels not read: nothing decoded, nothing evicted
    assert [im.tobytes() for im in cache.images(pdf, SETTINGS, "a")] and cache.decoded == 1
    [im.load() for im in cache.images(other, SETTINGS, "b")]  # read: evicts the first document
    cache.images(pdf, SETTINGS, "a")[0].tobytes()
    assert cache.decoded == 3


def test_the_first_question_gets_the_strips_just_built_without_decoding_them(
    pdf: bytes, tmp_path: Path
) -> None:
    cache = StripCache(tmp_path)
    images = cache.images(pdf, SETTINGS, "a")  # built now: the JPEG bytes are handed on
    assert cache.rasterised == 1 and cache.decoded == 0
    strips = cache.strips(pdf, SETTINGS, "a")
    assert [(im.size, im.mode) for im in images] == [((s.width, s.height), "RGB") for s in strips]
    later = [cache.images(pdf, SETTINGS, "a") for _ in range(8)]  # every later question
    assert cache.decoded == 0
    assert [im.tobytes() for im in images] == [s.image().tobytes() for s in strips]  # read: decoded
    assert [np.asarray(im).tobytes() for im in later[3]] == [im.tobytes() for im in images]
    assert cache.decoded == 1  # once for the document, whoever reads first
    fresh = StripCache(tmp_path)  # a new process: from disk, still nothing decoded until read
    assert [im.size for im in fresh.images(pdf, SETTINGS, "a")] == [im.size for im in images]
    assert (fresh.rasterised, fresh.decoded) == (0, 0)


def test_a_whole_group_run_decodes_each_document_once_for_readers_keyed_by_jpeg(
    tmp_path: Path,
) -> None:
    """lmms-eval visits every document once per subset (task after task): a consumer that keys on
    the strip JPEG (the OCR baseline's cache) decodes nothing; one that reads pixels decodes each
    document once while its strips fit the memory budget."""
    from synthdocbench_tasks.strip_cache import strip_digest

    pdfs = [_pdf(pages=1 + i) for i in range(5)]  # five different documents
    keyed, reading = StripCache(tmp_path / "k"), StripCache(tmp_path / "r", memory_bytes=1 << 30)
    for _subset in ("chart", "cross_modal", "complex"):
        for i, doc in enumerate(pdfs):
            assert all(strip_digest(im) for im in keyed.images(doc, SETTINGS, f"d{i}"))
            assert all(im.tobytes() for im in reading.images(doc, SETTINGS, f"d{i}"))
    assert (keyed.rasterised, keyed.decoded) == (5, 0)
    assert (reading.rasterised, reading.decoded) == (5, 5)


def test_only_unedited_strip_images_carry_their_jpeg_digest(pdf: bytes, tmp_path: Path) -> None:
    from synthdocbench_tasks.baselines.ocr import OcrSettings, image_key
    from synthdocbench_tasks.strip_cache import strip_digest

    cache = StripCache(tmp_path)
    strips = cache.strips(pdf, SETTINGS, "a")
    views = cache.images(pdf, SETTINGS, "a")
    again = cache.images(pdf, SETTINGS, "a")
    digests = [strip_digest(v) for v in views]
    assert digests == [hashlib.sha256(s.jpeg).hexdigest() for s in strips]
    key = image_key(views[0], OcrSettings(), "v")
    assert image_key(again[0], OcrSettings(), "v") == key  # each question: no pixel hashing
    views[0].paste((255, 0, 0), (0, 0, 5, 5))
    views[1].thumbnail((20, 20))
    assert strip_digest(views[0]) is None and strip_digest(views[1]) is None
    assert image_key(views[0], OcrSettings(), "v") != key  # the edited pixels are keyed as pixels
    assert strip_digest(views[0].copy()) is None and strip_digest(strips[0].image()) is None
