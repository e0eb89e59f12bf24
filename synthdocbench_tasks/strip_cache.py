"""Rasterise each document once per strip setting, and decode each strip once per process.

Strips live on disk under ``<cache>/strips/<pdf sha256>/<setting key>/`` (one JPEG per strip
and a sealed ``layout.json`` that records each JPEG's sha256 and size, all written into a
temp folder renamed into place), so a crashed or parallel run never reads half an entry, a
damaged entry is rebuilt with a warning, and a rerun rasterises nothing. The caching itself
is :class:`~synthdocbench_tasks.doc_cache.DocCache`.

Every question of a document asks for the same strips as images. :meth:`StripCache.images`
hands out :class:`LazyStrip` images over the JPEG bytes (the ones just built on a document's
first question, no decode round trip): their size and mode are known, and the pixels are
decoded only when something reads them (a model, an encoder), once for all of the
document's strips, into a least-recently-used cache bounded in bytes (``memory_bytes``, 1 GiB
by default: about 40 full 5-page strips), keyed by the PDF's digest and the setting. A
consumer that keys on the JPEG alone (the OCR baseline's cache, :func:`strip_digest`) never
decodes. Every call gets new image objects that share those pixels read-only (no decode, no
copy): Pillow copies a read-only image before any in-place change (``paste``, ``ImageDraw``,
``putpixel``) and ``thumbnail`` replaces the object's own pixels, so a model that edits its
images cannot change what the next question sees.

A run that knows which documents come next (``synthdocbench eval``,
:mod:`~synthdocbench_tasks.doc_order`) :meth:`~StripCache.hold` s the documents of the requests
it hands the model (their pixels are not evicted, whatever the budget) and
:meth:`~StripCache.release` s each one after its last request (its pixels are dropped at
once): each document is decoded at most once per run, and the pixels in memory are those
of the documents in flight. ``decodes`` counts the decodes of each document.
"""

from __future__ import annotations

import json
import shutil
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable
from pathlib import Path

from PIL import Image
from PIL.Image import core

from .atomic import make_temp_dir, replace_dir, write_bytes_atomic
from .doc_cache import BadEntryError, DocCache, check_bytes, read_sealed, seal
from .strips import PagePlacement, Strip, StripSettings, build_strips

#: Decoded strip pixels kept per process unless the caller says otherwise.
DEFAULT_MEMORY_BYTES = 1 << 30


#: ``Image.info`` key of a decoded strip: the sha256 of its JPEG and the id of its pixels.
STRIP_DIGEST_INFO = "synthdoc_strip_jpeg"


def strip_digest(image: Image.Image) -> str | None:
    """The JPEG sha256 of a strip image from :meth:`StripCache.images` that nobody has edited.

    Any in-place edit of such an image first copies its read-only pixels (and ``thumbnail``
    replaces them), so the mark only holds while the image still has the cached pixels (or
    none yet).
    """
    mark = image.info.get(STRIP_DIGEST_INFO)
    if not (isinstance(mark, tuple) and len(mark) == 2 and image.readonly):
        return None
    digest, pixels_id = mark
    if isinstance(image, LazyStrip):
        return str(digest) if image.unedited() else None
    return str(digest) if id(image.im) == pixels_id else None


class LazyStrip(Image.Image):
    """A strip as a read-only RGB image whose pixels are fetched from its cache when first read.

    Every pixel operation of Pillow goes through :attr:`im`, which fetches the document's
    decoded strips (:meth:`StripCache.pixels`) on first use; ``size``, ``mode`` and ``info``
    need no pixels.
    """

    def __init__(
        self, cache: StripCache, key: tuple[str, str], strips: list[Strip], index: int, digest: str
    ) -> None:
        super().__init__()
        strip = strips[index]
        self._mode = "RGB"
        self._size = (strip.width, strip.height)
        self._readonly = 1
        self.info[STRIP_DIGEST_INFO] = (digest, 0)
        self._source = (cache, key, strips, index)
        self._loaded: object = None

    @property
    def im(self) -> core.ImagingCore:
        if self._im is None:
            cache, key, strips, index = self._source
            self._im = self._loaded = cache.pixels(key, strips)[index].im
        return Image.Image.im.fget(self)  # type: ignore[attr-defined]

    @im.setter
    def im(self, value: core.ImagingCore) -> None:
        self._im = value

    def load(self) -> core.PixelAccess | None:
        self.im  # noqa: B018 - fetch the pixels
        return super().load()

    def unedited(self) -> bool:
        """Whether the image holds no pixels yet or still the cached ones."""
        return self._im is None or self._im is self._loaded


def _size(images: list[Image.Image]) -> int:
    return sum(im.width * im.height * len(im.getbands()) for im in images)


class StripCache(DocCache[list[Strip]]):
    kind = "strips"
    default_memory_docs = 4

    def __init__(
        self, root: Path, memory_docs: int | None = None, memory_bytes: int = DEFAULT_MEMORY_BYTES
    ) -> None:
        super().__init__(root, memory_docs)
        self.memory_bytes = memory_bytes
        self._decoded: OrderedDict[tuple[str, str], list[Image.Image]] = OrderedDict()
        self._decoded_size = 0
        self.peak_decoded_bytes = 0  # the most decoded pixels held at once
        self._decoded_lock = threading.Lock()
        self.decoded = 0  # how many documents' strips this cache had to decode
        self.decodes: Counter[str] = Counter()  # decodes per document name
        self._jpeg_digests: dict[tuple[str, str], list[str]] = {}  # 64 characters a strip
        self._names: dict[tuple[str, str], str] = {}  # the document name each key was asked as
        self._held: set[str] = set()  # documents whose pixels stay until released

    @property
    def rasterised(self) -> int:
        """How many documents this cache had to rasterise."""
        return self.computed

    def strips(
        self,
        pdf: bytes,
        settings: StripSettings,
        name: str,
        digest: str | None = None,
        pages: int | None = None,
    ) -> list[Strip]:
        """The strips of ``pdf`` (keyed by its digest); ``pages``: the count its row records, checked
        before rasterising (:func:`~synthdocbench_tasks.strips.build_strips`)."""
        return self._get(pdf, settings.key(), lambda: build_strips(pdf, settings, name, pages), digest)

    def images(
        self, pdf: bytes, settings: StripSettings, name: str, pages: int | None = None
    ) -> list[Image.Image]:
        """The strips as new read-only images over their JPEG bytes; the pixels are decoded once per
        document while they stay in memory, when first read (:class:`LazyStrip`)."""
        digest = self.digest(pdf)
        key = (digest, settings.key())
        strips = self.strips(pdf, settings, name, digest, pages)
        with self._decoded_lock:
            jpegs = self._jpeg_digests.get(key)
            self._names[key] = name
        if jpegs is None or len(jpegs) != len(strips):
            jpegs = [self.digest(strip.jpeg) for strip in strips]
            with self._decoded_lock:
                self._jpeg_digests[key] = jpegs
        return [LazyStrip(self, key, strips, i, jpegs[i]) for i in range(len(strips))]

    def pixels(self, key: tuple[str, str], strips: list[Strip]) -> list[Image.Image]:
        """The decoded strips of the document ``key``: from memory, else decoded now (counted)."""
        with self._decoded_lock:
            images = self._decoded.get(key)
            if images is not None:
                self._decoded.move_to_end(key)
                return images
        images = [strip.image() for strip in strips]
        for image in images:
            image.readonly = 1
        self._remember(key, images)
        return images

    def hold(self, names: Iterable[str]) -> None:
        """Keep the decoded pixels of the documents ``names`` (as :meth:`images` is asked) in
        memory, whatever the budget, until :meth:`release`."""
        with self._decoded_lock:
            self._held.update(names)

    def release(self, names: Iterable[str]) -> None:
        """Drop the decoded pixels of the documents ``names`` now (no more requests ask for them)."""
        with self._decoded_lock:
            gone = set(names)
            self._held -= gone
            for key in [k for k in self._decoded if self._names.get(k) in gone]:
                self._decoded_size -= _size(self._decoded.pop(key))

    @property
    def decoded_bytes(self) -> int:
        """The bytes of decoded pixels this cache holds now."""
        return self._decoded_size

    def _remember(self, key: tuple[str, str], images: list[Image.Image]) -> None:
        size = _size(images)
        with self._decoded_lock:
            self.decoded += 1
            name = self._names.get(key, key[0])
            self.decodes[name] += 1
            held = name in self._held
            if key in self._decoded or (size > self.memory_bytes and not held):
                return
            self._decoded[key] = images
            self._decoded_size += size
            self.peak_decoded_bytes = max(self.peak_decoded_bytes, self._decoded_size)
            for old in [k for k in self._decoded if self._names.get(k) not in self._held]:
                if self._decoded_size <= self.memory_bytes:
                    break
                self._decoded_size -= _size(self._decoded.pop(old))

    def _read(self, path: Path) -> list[Strip] | None:
        if not path.exists():
            return None
        sealed = read_sealed(path / "layout.json")
        if sealed is None:
            raise BadEntryError("layout.json is missing")
        try:
            layout = json.loads(sealed)
            entries = layout["strips"]
            strips = []
            for i, entry in enumerate(entries):
                jpeg_path = path / f"strip-{i:03d}.jpg"
                try:
                    jpeg = jpeg_path.read_bytes()
                except OSError as exc:
                    raise BadEntryError(f"{jpeg_path.name} cannot be read ({exc.strerror or exc})") from None
                try:
                    check_bytes(jpeg, int(entry["bytes"]), str(entry["sha256"]))
                except BadEntryError as exc:
                    raise BadEntryError(f"{jpeg_path.name}: {exc}") from None
                pages = [PagePlacement(**p) for p in entry["pages"]]
                strips.append(Strip(jpeg=jpeg, width=entry["width"], height=entry["height"], pages=pages))
        except (ValueError, KeyError, TypeError) as exc:
            raise BadEntryError(f"layout.json does not describe the strips ({exc})") from None
        if not strips:
            raise BadEntryError("no strips")
        return strips

    def _write(self, path: Path, value: list[Strip]) -> None:
        tmp = make_temp_dir(path.parent)
        try:
            entries = []
            for i, strip in enumerate(value):
                write_bytes_atomic(tmp / f"strip-{i:03d}.jpg", strip.jpeg, fsync=False)
                entries.append(
                    {**strip.layout(), "bytes": len(strip.jpeg), "sha256": self.digest(strip.jpeg)}
                )
            layout = json.dumps({"strips": entries}, indent=1, sort_keys=True).encode("utf-8")
            write_bytes_atomic(tmp / "layout.json", seal(layout), fsync=False)
            replace_dir(tmp, path)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
