"""``synthdocbench view ... --export DIR``: the viewer as a self-contained static folder.

The folder holds ``index.html``, ``static/`` (the page's script and style), ``data/`` (the
question list and one file per question, as small scripts so the page works when opened
from disk, where a browser refuses to fetch JSON) and ``strips/`` (the JPEGs). Nothing in it
is fetched from elsewhere, and the page carries a Content-Security-Policy (a meta tag) that
allows only its own scripts, style and images.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

from ..atomic import make_temp_dir, replace_dir, write_bytes_atomic, write_text_atomic
from ..errors import SynthDocUserError
from .data import Corpus
from .server import EXPORT_CSP, page_html, static_file

_SAFE = re.compile(r"^[A-Za-z0-9._-]{1,120}$")


def _file_name(name: str) -> str:
    """A safe file name for ``name``: itself when plain, else a digest."""
    if _SAFE.match(name) and not name.startswith("."):
        return name
    return hashlib.sha256(name.encode("utf-8")).hexdigest()[:32]


def _script(variable: str, key: str | None, value: Any) -> str:
    # json.dumps escapes nothing HTML-wise; "<" is escaped so no "</script>" can appear.
    payload = json.dumps(value, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    target = f"window.{variable}" if key is None else f"window.{variable}[{json.dumps(key)}]"
    return f"{target} = {payload};\n"


def export_site(corpus: Corpus, out: Path) -> int:
    """Write the static viewer of ``corpus`` to ``out`` (replaced atomically); returns questions written."""
    if out.exists() and not out.is_dir():
        raise SynthDocUserError(f"--export {out} is a file: give a new or empty folder")
    if out.exists() and any(out.iterdir()) and not (out / "data" / "index.js").is_file():
        raise SynthDocUserError(
            f"--export {out}: the folder exists and is not a viewer export; give a new or empty folder"
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = make_temp_dir(out.parent)
    try:
        listing = corpus.listing()
        listing["review"] = None
        written_docs: set[str] = set()
        for summary in listing["questions"]:
            name = _file_name(str(summary["id"])) + ".js"
            summary["file"] = name
            doc_id = str(summary["doc_id"])
            doc_dir = _file_name(doc_id)
            detail = corpus.detail(str(summary["id"]), strip_url=f"strips/{doc_dir}/{{per}}/{{i}}.jpg")
            assert detail is not None
            write_text_atomic(
                tmp / "data" / "q" / name, _script("SDB_Q", str(summary["id"]), detail), fsync=False
            )
            if doc_id not in written_docs and detail["strips"]:
                written_docs.add(doc_id)
                for i in range(len(detail["strips"])):
                    jpeg = corpus.strip_jpeg(doc_id, i)
                    if jpeg is not None:
                        write_bytes_atomic(
                            tmp / "strips" / doc_dir / str(corpus.pages_per_strip) / f"{i}.jpg",
                            jpeg,
                            fsync=False,
                        )
        write_text_atomic(tmp / "data" / "index.js", _script("SDB_INDEX", None, listing), fsync=False)
        page = page_html(f'<meta http-equiv="Content-Security-Policy" content="{EXPORT_CSP}">').decode(
            "utf-8"
        )
        page = page.replace("<!--DATA-->", '<script src="data/index.js"></script>')
        write_text_atomic(tmp / "index.html", page, fsync=False)
        for name in ("app.js", "style.css"):
            write_bytes_atomic(tmp / "static" / name, static_file(name), fsync=False)
        replace_dir(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return len(listing["questions"])
