"""A recording stand-in for the ``vllm`` package: ``LLM`` and ``SamplingParams`` as lmms-eval's
vLLM classes use them, writing every sampling setting they get to ``$VLLM_STANDIN_LOG``.

:func:`install` writes it as ``vllm/__init__.py`` under a folder to put first on ``PYTHONPATH``.
"""

from __future__ import annotations

from pathlib import Path

SOURCE = """
import json, os


class SamplingParams:
    def __init__(self, **kwargs):
        self.kwargs = kwargs


class _Out:
    def __init__(self, text):
        self.text = text


class _Response:
    def __init__(self, text):
        self.outputs = [_Out(text)]


class LLM:
    def __init__(self, **kwargs):
        self._log = os.environ["VLLM_STANDIN_LOG"]
        with open(self._log, "a") as fh:
            fh.write(json.dumps({"init": {k: str(v) for k, v in kwargs.items()}}) + "\\n")

    def chat(self, sampling_params, messages, chat_template=None):
        with open(self._log, "a") as fh:
            for params, msgs in zip(sampling_params, messages):
                images = [
                    part["image_url"]["url"][:30]
                    for m in msgs if isinstance(m.get("content"), list)
                    for part in m["content"] if part.get("type") == "image_url"
                ]
                fh.write(json.dumps({"sampling": params.kwargs, "images": images}) + "\\n")
        return [_Response("I cannot determine this from the document.") for _ in messages]

    def get_metrics(self):
        return []
"""


def install(folder: Path) -> Path:
    """Write the stand-in package under ``folder``; returns ``folder`` (put it on PYTHONPATH)."""
    (folder / "vllm").mkdir(parents=True, exist_ok=True)
    (folder / "vllm" / "__init__.py").write_text(SOURCE, encoding="utf-8")
    return folder
