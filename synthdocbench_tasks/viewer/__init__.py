"""``synthdocbench view`` and ``synthdocbench review``: a local web viewer for runs and a
human review kit. Nothing here is imported by the evaluation hooks, and nothing runs at import.
"""
