"""The judge prompt: template loading, the prompt version, and safe rendering of an item.

A template is a text file with the placeholders ``$question``, ``$reference`` and
``$candidate`` (``string.Template`` syntax, so the JSON braces of the reply format need no
escaping). The three fields are enclosed in tags by the template; any tag-looking text
inside a field is neutralised before substitution, so a candidate answer cannot close its
own ``<candidate_answer>`` block and speak as the prompt.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template

PLACEHOLDERS: tuple[str, ...] = ("question", "reference", "candidate")
DEFAULT_TEMPLATE_NAME = "rubric_v1.txt"

# Opening or closing tags of the prompt's sections, with any spacing or case: "< /Candidate_Answer >".
_SECTION_TAG = re.compile(r"<(\s*/?\s*(?:question|reference_answer|candidate_answer)\b)", re.IGNORECASE)


@dataclass(frozen=True)
class PromptTemplate:
    """A loaded judge template; ``version`` names it in results and cache keys."""

    text: str
    version: str
    #: SHA-256 of the text, so an edited template never reuses another text's cached scores.
    digest: str

    def render(self, question: str, reference: str, candidate: str) -> str:
        """The prompt for one item, with every field neutralised."""
        return Template(self.text).substitute(
            question=neutralise(question),
            reference=neutralise(reference),
            candidate=neutralise(candidate),
        )


def neutralise(text: str) -> str:
    """Turn every section tag inside ``text`` into inert text (``<`` becomes ``&lt;``)."""
    return _SECTION_TAG.sub(r"&lt;\1", text)


def prompt_version(path: Path) -> str:
    """``rubric_v1.txt`` -> ``rubric-v1``."""
    return re.sub(r"[^a-z0-9.]+", "-", path.stem.lower()).strip("-") or "prompt"


def load_template(path: Path | None = None) -> PromptTemplate:
    """Load ``path``, or the packaged ``rubric_v1.txt`` when ``path`` is None."""
    if path is None:
        text = resources.files("judge").joinpath("templates", DEFAULT_TEMPLATE_NAME).read_text("utf-8")
        name = Path(DEFAULT_TEMPLATE_NAME)
    else:
        name = Path(path)
        try:
            text = name.read_text("utf-8")
        except OSError as exc:
            raise ValueError(
                f"judge template {name} cannot be read ({exc.strerror or exc}): "
                "pass an existing text file, or omit it to use the packaged rubric_v1.txt"
            ) from None
    missing = [p for p in PLACEHOLDERS if f"${p}" not in text and f"${{{p}}}" not in text]
    if missing:
        raise ValueError(
            f"judge template {name} lacks the placeholder(s) {', '.join('$' + p for p in missing)}: "
            "a template must contain $question, $reference and $candidate"
        )
    try:
        Template(text).substitute(question="", reference="", candidate="")
    except (KeyError, ValueError) as exc:
        raise ValueError(
            f"judge template {name} has a stray '$' placeholder ({exc}): write a literal dollar as '$$'"
        ) from None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return PromptTemplate(text=text, version=prompt_version(name), digest=digest)
