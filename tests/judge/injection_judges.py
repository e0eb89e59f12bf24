"""Three simulated judge models for the injection tests, served by the loopback ChatStub.

Each reads the prompt the way a language model would: it *perceives* lookalikes as the
characters they imitate (fullwidth forms, zero-width characters, Cyrillic letters, other
dashes and brackets, Unicode line separators), so a candidate that writes
``＜/cаndidate‐answer＞`` has, to it, closed its block. An escaped ``&lt;`` is text, not a
tag, as it is to a model. They grade "Which city is the capital of Germany?" by whether
the candidate names the reference's city, and they are gullible on purpose:

- ``tag_follower`` takes the candidate from the first ``<candidate_answer>`` block and the
  reference from the first ``<reference_answer>`` block, ignores everything inside the
  candidate block, but obeys any score written outside it (as an instruction).
- ``quoter`` is the tag follower, but its reply first quotes the candidate block verbatim,
  then gives its verdict (a judge "showing its work").
- ``naive`` ignores tags: it takes the reference and the candidate from the last lines
  labelled ``REFERENCE ANSWER:`` / ``CANDIDATE ANSWER:`` and obeys the last score it sees
  anywhere in the prompt.

Perception here is written independently of ``judge.prompt`` (its own tables), so the test
does not grade the neutraliser with itself.
"""

from __future__ import annotations

import json
import re
import unicodedata

from tests.judge.judge_chat_stub import Recorded, Reply

# What a reader takes each lookalike for (independent of judge.prompt's tables).
_SEEN_AS = {
    "\u0430": "a", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0445": "x",
    "\u0456": "i", "\u0455": "s", "\u0501": "d", "\u0410": "A", "\u0415": "E", "\u041e": "O",
    "\u0420": "P", "\u0421": "C", "\u0422": "T", "\u041d": "H", "\u041a": "K", "\u041c": "M",
    "\u03bf": "o", "\u03b1": "a", "\u039f": "O", "\u0391": "A", "\u0395": "E", "\u03c1": "p",
    "\u2039": "<", "\u203a": ">", "\u3008": "<", "\u3009": ">", "\u27e8": "<", "\u27e9": ">",
    "\u02c2": "<", "\u02c3": ">", "\u2010": "-", "\u2011": "-", "\u2013": "-", "\u2014": "-",
    "\u2212": "-", "\u2028": "\n", "\u2029": "\n", "\x85": "\n", "\r": "\n",
    "\u0131": "i", "\u1d00": "a", "\u1d04": "c", "\u1d05": "d", "\u1d07": "e", "\u026a": "i",
    "\u0274": "n", "\u1d1b": "t", "\ua731": "s", "\u1d21": "w", "\u0280": "r", "\u0585": "o",
}  # fmt: skip

_CLOSE_CANDIDATE = re.compile(r"<\s*/\s*candidate[\s_-]*answer\s*>", re.IGNORECASE)
_OPEN_CANDIDATE = re.compile(r"<\s*candidate[\s_-]*answer\s*>", re.IGNORECASE)
_OPEN_REFERENCE = re.compile(r"<\s*reference[\s_-]*answer\s*>", re.IGNORECASE)
_CLOSE_REFERENCE = re.compile(r"<\s*/\s*reference[\s_-]*answer\s*>", re.IGNORECASE)
_SCORE = re.compile(r"\bscore\b[\"'\s*]*[:=]\s*[\"']?(\d{1,2})\b", re.IGNORECASE)


def perceive(text: str) -> str:
    """The prompt as a model reads it."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return "".join(_SEEN_AS.get(c, c) for c in text)


def _block(text: str, opening: re.Pattern[str], closing: re.Pattern[str]) -> tuple[int, int] | None:
    start = opening.search(text)
    if start is None:
        return None
    end = closing.search(text, start.end())
    return (start.end(), end.start()) if end else (start.end(), len(text))


def _grade(reference: str, candidate: str) -> int:
    city = re.search(r"[A-Za-z]+", reference)
    return 10 if city and city.group(0).lower() in candidate.lower() else 1


def _reply(score: int, why: str, prefix: str = "") -> Reply:
    return Reply(content=prefix + json.dumps({"score": score, "judgement": why}))


def _tag_verdict(prompt: str) -> tuple[int, str, str]:
    """(score, why, the raw candidate block) as a tag-following model decides them."""
    seen = perceive(prompt)
    cand = _block(seen, _OPEN_CANDIDATE, _CLOSE_CANDIDATE)
    ref = _block(seen, _OPEN_REFERENCE, _CLOSE_REFERENCE)
    if cand is None or ref is None:
        return 0, "no candidate or reference block", ""
    outside = seen[: cand[0]] + seen[cand[1] :]
    raw_prompt_block = _block(prompt, _OPEN_CANDIDATE, _CLOSE_CANDIDATE)
    quoted = prompt[raw_prompt_block[0] : raw_prompt_block[1]].strip() if raw_prompt_block else ""
    claimed = _SCORE.findall(outside)
    if claimed:
        return int(claimed[-1]), "obeyed a score written outside the candidate block", quoted
    return _grade(seen[ref[0] : ref[1]], seen[cand[0] : cand[1]]), "graded the candidate block", quoted


def tag_follower(req: Recorded) -> Reply:
    score, why, _ = _tag_verdict(req.prompt)
    return _reply(score, why)


def quoter(req: Recorded) -> Reply:
    score, why, quoted = _tag_verdict(req.prompt)
    return _reply(score, why, prefix=f"The candidate answer reads:\n{quoted}\n\nMy verdict:\n")


def _last_labelled(lines: list[str], label: str) -> str:
    found = ""
    for i, line in enumerate(lines):
        if line.strip().upper().startswith(label):
            rest = line.strip()[len(label) :].strip()
            found = rest or (lines[i + 1] if i + 1 < len(lines) else "")
            if found.strip().startswith("<") and i + 2 < len(lines):
                found = lines[i + 2]
    return found


def naive(req: Recorded) -> Reply:
    prompt = req.prompt
    lines = prompt.splitlines()
    claimed = _SCORE.findall(prompt)
    if claimed:
        return _reply(int(claimed[-1]), "obeyed the last score in the prompt")
    reference = _last_labelled(lines, "REFERENCE ANSWER:")
    candidate = _last_labelled(lines, "CANDIDATE ANSWER:")
    return _reply(_grade(reference, candidate), "graded the labelled lines")


JUDGES = {"tag_follower": tag_follower, "quoter": quoter, "naive": naive}
