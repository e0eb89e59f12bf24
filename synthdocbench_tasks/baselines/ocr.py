"""Tesseract OCR of page strips, cached per image in memory and on disk.

The same strips come back for every question of a document, so each image is read
once: its text is stored under a key made of the image's pixels and the OCR settings
(language, page segmentation mode, scale, Tesseract version), in memory and as a small
text file under the cache folder. Strips that are not cached yet are read in parallel,
one single-threaded ``tesseract`` process each: Tesseract's own OpenMP threading made a
strip about six times slower on a shared 2-core machine, so each process gets
``OMP_THREAD_LIMIT=1`` unless the caller's environment sets it. The ``tesseract`` program
is run directly (image on stdin, text on stdout) so that setting stays per process
instead of changing this process's environment, as a wrapper such as pytesseract would.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..doc_cache import BadEntryError, discard_bad_entry, read_sealed, write_entry, write_sealed
from ..errors import SynthDocUserError
from ..strip_cache import strip_digest

#: Bump when the text a key maps to would change for the same settings (2: sealed entries).
CACHE_FORMAT = 2
INSTALL_HINT = "install Debian's tesseract-ocr (apt-get install -y tesseract-ocr tesseract-ocr-eng)"


def _env() -> dict[str, str]:
    """The environment of one tesseract process: single-threaded unless the user says otherwise."""
    env = dict(os.environ)
    env.setdefault("OMP_THREAD_LIMIT", "1")
    return env


def _run(args: list[str], stdin: bytes | None = None, timeout: float | None = 60.0) -> str:
    proc = subprocess.run(args, input=stdin, capture_output=True, env=_env(), timeout=timeout, check=False)
    if proc.returncode != 0:
        detail = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RuntimeError(f"{' '.join(args[:2])} failed: {detail[-1] if detail else proc.returncode}")
    return proc.stdout.decode("utf-8", "replace")


def check_tesseract(lang: str, cmd: str = "tesseract") -> str:
    """Tesseract's version line, or one line that says what to install."""
    if shutil.which(cmd) is None:
        raise SynthDocUserError(f"the OCR baseline cannot find the program {cmd!r}: {INSTALL_HINT}")
    try:
        version = _run([cmd, "--version"]).strip().splitlines()[0]
        listing = _run([cmd, "--list-langs"]).strip().splitlines()[1:]
    except (OSError, RuntimeError, subprocess.TimeoutExpired, IndexError) as exc:
        raise SynthDocUserError(f"tesseract does not run ({exc}): {INSTALL_HINT}") from None
    available = {line.strip() for line in listing}
    missing = [code for code in lang.split("+") if code not in available]
    if missing:
        packages = " ".join(f"tesseract-ocr-{m}" for m in missing)
        raise SynthDocUserError(
            f"tesseract has no language data for {', '.join(missing)}: apt-get install -y {packages}"
        )
    return version


@dataclass(frozen=True)
class OcrSettings:
    lang: str = "eng"
    psm: int = 3
    scale: float = 1.0

    def __post_init__(self) -> None:
        if not 0.1 <= self.scale <= 4.0:
            raise SynthDocUserError(f"ocr_scale must be within 0.1..4.0, got {self.scale}")
        if not 0 <= self.psm <= 13:
            raise SynthDocUserError(f"ocr_psm must be a Tesseract segmentation mode 0..13, got {self.psm}")


def image_key(image: Image.Image, settings: OcrSettings, engine_version: str) -> str:
    """A digest of the pixels and of everything that changes what Tesseract reads.

    An unedited strip from the strip cache is keyed by its (verified) JPEG digest instead of
    its pixels, which decode from that JPEG alone: hashing 26 MB of pixels per strip and per
    question cost more than answering.
    """
    digest = hashlib.blake2b(digest_size=20)
    header = f"v{CACHE_FORMAT}|{engine_version}|{settings.lang}|{settings.psm}|{settings.scale}"
    digest.update(f"{header}|{image.mode}|{image.width}x{image.height}|".encode())
    jpeg_digest = strip_digest(image)
    if jpeg_digest is not None:
        digest.update(f"strip-jpeg-sha256:{jpeg_digest}".encode())
    else:
        digest.update(image.tobytes())
    return digest.hexdigest()


class TesseractOCR:
    """Reads images with Tesseract; ``cache_dir=None`` keeps the cache in memory only."""

    def __init__(
        self,
        settings: OcrSettings | None = None,
        cache_dir: Path | None = None,
        workers: int = 2,
        cmd: str = "tesseract",
        timeout: float = 600.0,
    ) -> None:
        self.settings = settings or OcrSettings()
        self.cache_dir = cache_dir
        self.workers = max(1, workers)
        self.cmd = cmd
        self.timeout = timeout
        self.version = check_tesseract(self.settings.lang, cmd)
        self._memory: dict[str, str] = {}
        self._lock = threading.Lock()
        self.calls = 0  # images actually sent to Tesseract, for timing and tests

    def _path(self, key: str) -> Path | None:
        return None if self.cache_dir is None else self.cache_dir / key[:2] / f"{key}.txt"

    def _cached(self, key: str) -> str | None:
        with self._lock:
            if key in self._memory:
                return self._memory[key]
        path = self._path(key)
        if path is None:
            return None
        try:
            payload = read_sealed(path)
            text = None if payload is None else payload.decode("utf-8")
        except (BadEntryError, UnicodeDecodeError) as exc:
            discard_bad_entry(path, "ocr", str(exc) if isinstance(exc, BadEntryError) else "not UTF-8 text")
            return None
        if text is None:
            return None
        with self._lock:
            self._memory[key] = text
        return text

    def _store(self, key: str, text: str) -> None:
        with self._lock:
            self._memory[key] = text
        path = self._path(key)
        if path is not None and self.cache_dir is not None:
            write_entry(self.cache_dir, lambda: write_sealed(path, text.encode("utf-8"), prefix=".ocr-"))

    def _read(self, image: Image.Image) -> str:
        gray = image.convert("L")
        if self.settings.scale != 1.0:
            scale = self.settings.scale
            size = (max(1, round(gray.width * scale)), max(1, round(gray.height * scale)))
            gray = gray.resize(size, Image.Resampling.LANCZOS)
        with self._lock:
            self.calls += 1
        png = io.BytesIO()
        gray.save(png, format="PNG", compress_level=1)
        args = [self.cmd, "stdin", "stdout", "-l", self.settings.lang, "--psm", str(self.settings.psm)]
        return _run(args, stdin=png.getvalue(), timeout=self.timeout)

    def read_many(self, images: Sequence[Image.Image]) -> list[str]:
        """The text of each image, in order; uncached ones are read ``workers`` at a time."""
        keys = [image_key(im, self.settings, self.version) for im in images]
        texts: dict[str, str] = {}
        todo: dict[str, Image.Image] = {}
        for key, image in zip(keys, images, strict=True):
            if key in texts or key in todo:
                continue
            cached = self._cached(key)
            if cached is None:
                todo[key] = image
            else:
                texts[key] = cached
        if todo:
            with ThreadPoolExecutor(max_workers=min(self.workers, len(todo))) as pool:
                for key, text in zip(todo, pool.map(self._read, todo.values()), strict=True):
                    self._store(key, text)
                    texts[key] = text
        return [texts[key] for key in keys]
