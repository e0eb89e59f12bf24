"""The judge prompt: template loading, the prompt version, and safe rendering of an item.

A template is a text file with the placeholders ``$question``, ``$reference`` and
``$candidate`` (``string.Template`` syntax, so the JSON braces of the reply format need no
escaping). The template encloses each field in tags and may label it (``CANDIDATE
ANSWER:``). A field is data, never part of the prompt, so before substitution every field
is made unable to speak as the prompt (:func:`neutralise`):

1. it is normalised: NFKC (fullwidth ``＜`` becomes ``<``), zero-width and other invisible
   format characters removed, angle-bracket lookalikes (``‹ 〈 ˂``) folded to ``< >``,
   dashes to ``-``, line and paragraph separators to newlines, and
   words that mix Latin with Cyrillic or Greek lookalike letters (``cаndidate`` with a
   Cyrillic ``а``) folded to Latin; a word written wholly in another script is kept;
2. every tag of the template (``</candidate_answer>``, also ``< / Candidate-Answer >``: any
   case, spacing, or ``-``/``_``/space between the words) and every ``<think>``/``<thinking>``
   tag loses its ``<`` (``&lt;``);
3. a line that starts with one of the template's field labels, or with ``score``,
   ``judgement``/``judgment`` or ``verdict`` followed by ``:`` or ``=``, is marked with ``> ``
   so it no longer reads as a label;
4. braces become parentheses, so no JSON inside a field, even when a judge quotes it back,
   can read as a verdict.

The candidate is capped at :data:`MAX_CANDIDATE_CHARS` characters (:func:`cap_candidate`):
a longer answer (a runaway 10 MB reply) is cut, with a note saying how much, so no judge is
sent more than a bounded prompt; the record says how many characters were cut
(``candidate_truncated``).
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from string import Template

PLACEHOLDERS: tuple[str, ...] = ("question", "reference", "candidate")
DEFAULT_TEMPLATE_NAME = "rubric_v2.txt"

#: Labels a field line may not start with, whatever the template says.
REPLY_LABELS: tuple[str, ...] = ("score", "judgement", "judgment", "verdict")
#: Tags neutralised in every field: a judge quoting a field must not open or close a
#: reasoning block of its own reply (the reply parser drops those).
REPLY_TAGS: tuple[str, ...] = ("think", "thinking")
#: What a neutralised label line starts with.
LABEL_MARK = "> "
#: The longest candidate answer a judge prompt carries, in characters (about 1,000 tokens).
MAX_CANDIDATE_CHARS = 4000


def cap_candidate(candidate: str) -> tuple[str, int]:
    """``candidate`` cut to :data:`MAX_CANDIDATE_CHARS` with a note, and how many characters were cut."""
    cut = len(candidate) - MAX_CANDIDATE_CHARS
    if cut <= 0:
        return candidate, 0
    return f"{candidate[:MAX_CANDIDATE_CHARS]} [... {cut} more characters cut]", cut


# Letters of Cyrillic and Greek that look like Latin ones (lower and upper case).
_LETTERS = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w",
        "ɡ": "g", "һ": "h", "ӏ": "l", "ү": "y", "ѵ": "v", "ё": "e", "ї": "i",
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
        "Т": "T", "У": "Y", "Х": "X", "І": "I", "Ј": "J", "Ѕ": "S", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W",
        "Ү": "Y", "Ӏ": "I", "Ё": "E", "Ї": "I",
        # Greek
        "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
        "υ": "u", "χ": "x", "γ": "y", "ω": "w",
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
        "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        # Armenian
        "\u0585": "o", "\u057d": "u", "\u0570": "h", "\u0578": "n",
        # Latin letters that look like others: dotless i, script a, small capitals
        "\u0131": "i", "\u0251": "a", "\u1d00": "a", "\u0299": "b", "\u1d04": "c", "\u1d05": "d",
        "\u1d07": "e", "\ua730": "f", "\u0262": "g", "\u029c": "h", "\u026a": "i", "\u1d0a": "j",
        "\u1d0b": "k", "\u029f": "l", "\u1d0d": "m", "\u0274": "n", "\u1d0f": "o", "\u1d18": "p",
        "\u0280": "r", "\ua731": "s", "\u1d1b": "t", "\u1d1c": "u", "\u1d20": "v", "\u1d21": "w",
        "\u028f": "y", "\u1d22": "z",
    }
)  # fmt: skip
# Angle-bracket lookalikes that NFKC leaves alone (it already folds fullwidth ＜ and small ﹤).
_BRACKETS = str.maketrans(
    {
        "\u2039": "<", "\u203a": ">", "\u3008": "<", "\u3009": ">", "\u27e8": "<", "\u27e9": ">",
        "\u02c2": "<", "\u02c3": ">", "\u1438": "<", "\u1433": ">", "\u276e": "<", "\u276f": ">",
        # dashes and hyphens (tag names join words with "-" or "_")
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
        "\u2212": "-", "\u2043": "-",
        # line breaks a reader sees as a new line: a label cannot hide behind one
        "\r": "\n", "\u2028": "\n", "\u2029": "\n", "\x85": "\n", "\x0b": "\n", "\x0c": "\n",
    }
)  # fmt: skip
_LOOKALIKE_CHARS = frozenset(chr(c) for c in _LETTERS)
_WORD = re.compile(r"[^\W\d_]+(?:[-_][^\W\d_]+)*")
_LATIN = re.compile(r"[A-Za-z]")
_TEMPLATE_TAG = re.compile(r"</?\s*([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)*)\s*>")
_TEMPLATE_LABEL = re.compile(r"^[ \t]*([A-Za-z][A-Za-z ]{1,40}?)[ \t]*:[ \t]*$", re.MULTILINE)


def _invisible(char: str) -> bool:
    """Zero-width and other format characters (ZWSP, ZWJ, word joiner, BOM, bidi controls)."""
    return unicodedata.category(char) == "Cf" or char == "\u180e"


def _fold_word(match: re.Match[str], protected: frozenset[str]) -> str:
    word = match.group(0)
    if not any(c in _LOOKALIKE_CHARS for c in word):
        return word
    folded = word.translate(_LETTERS)
    if _LATIN.search(word) or _flat(folded) in protected:
        return folded
    return word  # a word of another script: kept as written


def _flat(name: str) -> str:
    """``Candidate-Answer`` and ``candidate answer`` -> ``candidate_answer``."""
    return re.sub(r"[\s_-]+", "_", name.strip().lower())


def normalise(text: str, protected: frozenset[str] = frozenset()) -> str:
    """NFKC, invisible characters removed, lookalike brackets and mixed-script words folded.

    ``protected`` are flattened names (``candidate_answer``) that a word written wholly in
    lookalike letters is also folded to.
    """
    text = unicodedata.normalize("NFKC", text.replace("\r\n", "\n"))
    text = "".join(c for c in text if not _invisible(c))
    text = text.translate(_BRACKETS)
    return _WORD.sub(lambda m: _fold_word(m, protected), text)


def _words_pattern(name: str) -> str:
    """A regex for a flattened name with any case and any ``-``/``_``/space between its words."""
    return r"[\s_-]*+".join(re.escape(part) for part in name.split("_") if part)


@dataclass(frozen=True)
class Neutraliser:
    """Makes a field unable to imitate the tags and labels of one template."""

    tags: tuple[str, ...]
    labels: tuple[str, ...]
    _tag_re: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _label_re: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        tags = "|".join(_words_pattern(t) for t in sorted(self.tags, key=len, reverse=True)) or r"(?!)"
        labels = "|".join(_words_pattern(t) for t in sorted(self.labels, key=len, reverse=True))
        object.__setattr__(
            self, "_tag_re", re.compile(rf"<(\s*+/?\s*+(?:{tags})(?![A-Za-z0-9]))", re.IGNORECASE)
        )
        object.__setattr__(
            self,
            "_label_re",
            re.compile(
                rf"^([ \t#*>_`|\-\"'(\[]*+(?:{labels})[^\w\n]{{0,3}}?[ \t]*+[:=])",
                re.IGNORECASE | re.M,
            ),
        )

    @classmethod
    def for_template(cls, text: str) -> Neutraliser:
        """The tags and field labels ``text`` uses, plus the reply's own labels."""
        tags = {_flat(m.group(1)) for m in _TEMPLATE_TAG.finditer(text)}
        labels = {_flat(m.group(1)) for m in _TEMPLATE_LABEL.finditer(text)}
        labels |= set(REPLY_LABELS) | tags
        tags |= set(REPLY_TAGS)
        return cls(tags=tuple(sorted(tags)), labels=tuple(sorted(labels)))

    def __call__(self, text: str) -> str:
        text = normalise(text, frozenset(self.tags) | frozenset(self.labels))
        text = self._tag_re.sub(r"&lt;\1", text)
        text = self._label_re.sub(lambda m: LABEL_MARK + m.group(1), text)
        return text.replace("{", "(").replace("}", ")")


#: The neutraliser of the packaged templates' fields (question, reference, candidate).
_DEFAULT_NEUTRALISER = Neutraliser(
    tags=("candidate_answer", "question", "reference_answer", *REPLY_TAGS),
    labels=("candidate_answer", "question", "reference_answer", *REPLY_LABELS),
)


def neutralise(text: str) -> str:
    """Neutralise ``text`` as a field of the packaged template (see the module docstring)."""
    return _DEFAULT_NEUTRALISER(text)


@dataclass(frozen=True)
class PromptTemplate:
    """A loaded judge template; ``version`` names it in results and cache keys."""

    text: str
    version: str
    #: SHA-256 of the text, so an edited template never reuses another text's cached scores.
    digest: str

    @functools.cached_property
    def neutraliser(self) -> Neutraliser:
        """What neutralises a field of this template (its tags and labels)."""
        return Neutraliser.for_template(self.text)

    def render(self, question: str, reference: str, candidate: str) -> str:
        """The prompt for one item, with every field neutralised and the candidate capped."""
        clean = self.neutraliser
        return Template(self.text).substitute(
            question=clean(question), reference=clean(reference), candidate=clean(cap_candidate(candidate)[0])
        )


def prompt_version(path: Path) -> str:
    """``rubric_v2.txt`` -> ``rubric-v2``."""
    return re.sub(r"[^a-z0-9.]+", "-", path.stem.lower()).strip("-") or "prompt"


def load_template(path: Path | None = None) -> PromptTemplate:
    """Load ``path``, or the packaged ``rubric_v2.txt`` when ``path`` is None."""
    if path is None:
        text = resources.files("judge").joinpath("templates", DEFAULT_TEMPLATE_NAME).read_text("utf-8")
        name = Path(DEFAULT_TEMPLATE_NAME)
    else:
        name = Path(path)
        try:
            text = name.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise ValueError(
                f"judge template {name} cannot be read ({why}): "
                f"pass an existing UTF-8 text file, or omit it to use the packaged {DEFAULT_TEMPLATE_NAME}"
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
