"""Rebuilds the dataset: plan -> content -> charts -> layout -> render -> regions -> QA -> validate -> export.

PyMuPDF is imported here first, without its layout analyser (``pymupdf_layout`` loads
onnxruntime, whose telemetry looks up a Microsoft host from the generating process, and
costs about 0.8 s), so every stage that imports ``pymupdf`` afterwards gets that module.
"""

from synthdocbench_tasks.mupdf import load_pymupdf

load_pymupdf()
