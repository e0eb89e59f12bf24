"""Reading claims out of an answer for the offline judge: clauses, negation, polar words,
anchors and named things.

Everything here is plain regular expressions over the answer, the question and the
reference sentence; nothing is learned and nothing needs a model.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

#: Words that say a value went or stands up, or down (one list for every rule that reads a
#: direction: :mod:`judge.offline_senses` and :mod:`judge.offline_gates`, judge18 round).
UP = re.compile(
    r"\b(?:higher|larger|greater|above|more|rose|rise[ns]?|rising|increase[ds]?|increasing|grew"
    r"|grow(?:s|n|ing)?|gain(?:s|ed)?|up|climb(?:s|ed)?|raised|raises|boosted|lifted|improved|expanded)\b",
    re.IGNORECASE,
)
DOWN = re.compile(
    r"\b(?:lower|smaller|less|below|fell|fall(?:s|en|ing)?|decline[ds]?|declining|decrease[ds]?|decreasing"
    r"|drop(?:s|ped)?|down|shr[ai]nk(?:s)?|reduced|reduces|cut|lowered|worsened)\b",
    re.IGNORECASE,
)


# Clause boundaries: sentence ends, semicolons, colons, commas, dashes used as pauses, and
# the conjunctions that start a new claim.
_CLAUSE_BREAK = re.compile(
    r"[.!?](?=\s|$)|[;:\n|]|,(?!\d)|\s[–—-]\s"
    r"|\b(?:and|but|whereas|while|although|though|however|yet|then)\b",
    re.IGNORECASE,
)
NEGATOR = re.compile(
    r"\b(?:not|no|never|neither|nor|none|cannot|without|false|untrue|incorrect|wrong)\b|n't\b|n’t\b",
    re.IGNORECASE,
)
# Coarser pieces of the reference: each holds one claim with what it is about.
_SEGMENT_BREAK = re.compile(
    r"[.!?](?=\s|$)|[;:\n|]|,?\s+(?:and|then|whereas|while|but)\b",
    re.IGNORECASE,
)
# "Figure 7 ('A title, 2013-2019')": the title's words and years say nothing about one fact.
_TITLE = re.compile(r"\(\s*['‘\"“][^)]*['’\"”]\s*\)")
# The whole answer denies what follows.
GLOBAL_DENIAL = re.compile(
    r"\b(?:it\s+is|it's|it’s|it\s+was|that\s+is|this\s+is)\s+(?:not\s+true|untrue|false|not\s+the\s+case|"
    r"incorrect|wrong|not\s+correct)\s+that\b|\b(?:not\s+true|untrue|false|incorrect)\s+that\b"
    r"|\bthe\s+(?:claim|statement|idea)\s+that\b.*\b(?:is|was)\s+(?:false|wrong|incorrect|untrue)\b"
    # "Not a rise but a fall: …", "Not 1.43 million but 0.143 million": a correction, no denial
    r"|^\s*not\b(?!\s+found)(?!(?:[^.;:!?\n]|\.\d)*?\bbut\b)",
    re.IGNORECASE | re.DOTALL,
)
_ABSTAIN = re.compile(
    r"not\s+found\s+in\s+the\s+document|cannot\s+(?:be\s+)?determine|can't\s+(?:be\s+)?determine"
    r"|unable\s+to\s+(?:determine|find|answer|read|locate|tell)|cannot\s+(?:find|answer|tell|locate)"
    r"|\bi\s+(?:do\s+not|don't)\s+know\b|no\s+(?:information|data)\s+(?:is\s+)?(?:available|given|provided)"
    r"|(?:insufficient|not\s+enough)\s+information|\bcan(?:not|'t)\s+be\s+(?:read|determined|found)"
    r"|(?:is|are)\s+not\s+(?:provided|given|shown|stated|available|visible|specified|mentioned)\s+in\s+the\s+"
    r"(?:document|report|pages|chart|text|images?)",
    re.IGNORECASE,
)

# Polar vocabularies: a label fact whose text belongs to one pole is contradicted by a
# confident use of another pole of the same family. "weak" words count as a match but not
# as a contradiction (a comparative often describes something else in the same answer).
POLES: dict[str, dict[str, tuple[str, str]]] = {
    "direction": {
        "rose": (
            r"rose|rise|rises|risen|rising|increase|increased|increases|increasing|grew|grow|grows|growing"
            r"|climbed|climbs|gained|upward|went\s+up|moved\s+up|trended\s+up",
            r"higher|up",
        ),
        "fell": (
            r"fell|fall|falls|fallen|falling|decrease|decreased|decreases|decreasing|declined|decline|declines"
            r"|declining|dropped|drop|drops|dropping|shrank|shrunk|downward|went\s+down|moved\s+down"
            r"|trended\s+down|lost|loses|losing",
            r"lower|down",
        ),
        "was broadly flat": (
            r"(?:broadly\s+|roughly\s+|essentially\s+)?flat|stable|unchanged|little\s+change|little\s+changed"
            r"|steady|held\s+steady|roughly\s+constant|stayed\s+level",
            r"",
        ),
    },
    "side": {
        "above": (
            r"above|exceeds|exceeded|exceed|exceeding|surpasses|surpassed|overshoots|overshot"
            r"|beats|beat|beating"  # judge21: "it beats the target by 4.52"
            r"|(?:points?|pp|percent|%)\s+higher\s+than",
            r"higher|more\s+than|greater\s+than|larger\s+than",
        ),
        "below": (
            r"below|short\s+(?:of|by)|falls\s+short|fall\s+short|fell\s+short|falling\s+short|undershoots|undershot"
            # judge21: a reach denied is a side ("does not reach the marker", "fails to reach it")
            r"|(?:does|do|did)\s+not\s+reach|(?:doesn't|don't|didn't)\s+reach|fail(?:s|ed)?\s+to\s+reach"
            r"|never\s+reach(?:es|ed)?|not\s+reaching|f(?:alls|all|ell|alling)\s+(?:[\w.,%]+\s+){1,3}short"
            r"|(?:points?|pp|percent|%)\s+lower\s+than",
            r"lower|less\s+than|smaller\s+than",
        ),
    },
    "verdict": {
        "matches": (
            r"matches|match|matched|matching|consistent|confirms|confirm|confirmed|bears\s+out|bear\s+out"
            r"|borne\s+out|bears\s+(?:this|it|that)\s+out|bearing\s+out|in\s+line\s+with|agrees|agree|agreeing"
            r"|supports|support|supporting|confirming|corroborates|corroborating"
            r"|bears?\s+(?:the\s+[\w-]+|[\w-]+'s\s+[\w-]+)\s+out|fits|tallies",
            r"",
        ),
        "contradicts": (
            r"contradicts|contradict|contradicted|inconsistent|disagrees|at\s+odds|does\s+not\s+match"
            r"|doesn't\s+match|do\s+not\s+match|don't\s+match|not\s+consistent|does\s+not\s+bear"
            r"|doesn't\s+bear|refutes|disagree|do\s+not\s+agree|don't\s+agree|does\s+not\s+agree|doesn't\s+agree"
            r"|did\s+not\s+agree|contradicting|not\s+borne\s+out|does\s+not\s+fit|doesn't\s+fit"
            r"|(?:does|do|did)\s+not\s+support|(?:doesn't|don't|didn't)\s+support|not\s+supported|unsupported"
            r"|not\s+in\s+line|out\s+of\s+line|(?:isn't|wasn't|aren't)\s+in\s+line"
            r"|(?:was|were|is|been)\s+missed|missed\s+(?:the|its|it)\b"  # judge16: "the forecast was missed"
            r"|mismatch|mismatches|mismatched",  # judge17: "a clear mismatch with the estimate"
            r"",
        ),
    },
    "stance": {
        "positive": (
            r"positive|positively|favourable|favorable|favourably|favorably|supportive|welcomed|welcoming"
            r"|praised|approving|approved|endorsed|enthusiastic",
            r"",
        ),
        "negative": (
            r"negative|negatively|critical|critically|unfavourable|unfavorable|unfavourably|unfavorably"
            r"|opposed|sceptical|skeptical|criticised|criticized|objected|hostile",
            r"",
        ),
        "mixed": (r"mixed|ambivalent|divided|lukewarm|both\s+positive\s+and\s+negative", r""),
    },
}
COLOURS = (
    "red|blue|green|yellow|orange|purple|violet|pink|brown|grey|gray|black|white|navy|teal|cyan|magenta"
    "|olive|maroon|gold|golden|turquoise|indigo|lavender|beige|crimson|lime|amber|silver|charcoal|coral"
    "|salmon|sky\\s+blue|light\\s+blue|dark\\s+blue|light\\s+green|dark\\s+green"
)
COLOUR = re.compile(rf"\b(?:{COLOURS})\b", re.IGNORECASE)

# Aliases too loose to count alone: each is accepted only inside the phrase given.
LOOSE_ALIASES: dict[str, str | None] = {
    "more": r"more\s+than",
    "less": r"less\s+than",
    "short": r"(?:falls?|fell|falling)\s+short|short\s+(?:of|by)",
    "both": None,
}

# A cue inside a hyphenated compound ("leading-edge fab", "lower-income countries") says
# nothing about which option is higher, hence the hyphen look-arounds.
HIGH_CUE = re.compile(
    r"\b(?<!-)(?:higher|larger|greater|bigger|leads|led|leading|ahead|exceeds|exceeded|tops|topped|highest"
    r"|largest|more|outstrips|outperforms|stood\s+higher|came\s+out\s+on\s+top)\b(?!-)",
    re.IGNORECASE,
)
LOW_CUE = re.compile(
    r"\b(?<!-)(?:lower|smaller|less|trails|trailed|lags|lagged|behind|lowest|smallest|below)\b(?!-)",
    re.IGNORECASE,
)

#: A year, also next to CJK characters ("2014年", "在2015年"); no digit, Latin letter or decimal
#: mark beside it
YEAR = re.compile(r"(?<![0-9A-Za-z_.])(?:19|20)\d\d(?![0-9A-Za-z_]|[.,]\d)")
_PROPER = re.compile(r"\b[A-Z][A-Za-z'’\-]+(?:\s+[A-Z][A-Za-z'’\-]+)*")
_WORD = re.compile(r"[a-z0-9]+(?:[-'’][a-z0-9]+)*")
STOPWORDS = frozenset(
    re.findall(
        r"\S+",
        "a an the of in on at to for from by with and or as is was were are be been being it its it's"
        " this that these those there their then than which who whom what when where how did does do"
        " has had have over"
        " into about between per so also up down one two first second third after before while during its"
        " value values shows show shown showed stands stand gives give given reads says said"
        " read plotted level reacted responded views view year years",
    )
)
_SENTENCE_WORDS = frozenset(
    re.findall(
        r"\S+",
        "the in it this that according figure chart yes no so overall both from at between based looking its"
        " these there then first second third meanwhile however by for while when after over compared answer"
        " note approximately about around roughly since also and but a an as on of to with per each"
        " therefore thus hence here they he she we i his her our their one two three reading based"
        " is was are were value values percentage total sum difference gap change net relative absolute"
        " text report prose source data target forecast estimate threshold series item mark bar line cell"
        " colour color highlighted emphasised emphasized first then later finally next during order",
    )
)


def fold(text: str) -> str:
    """NFKC, one kind of dash and apostrophe, so look-alike characters read the same."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"[\u200b-\u200f\u2060\ufeff]", "", text)
    return text.replace("’", "'").replace("‘", "'")


@dataclass(frozen=True)
class Span:
    start: int
    end: int


def clause_bounds(text: str) -> list[tuple[int, int]]:
    """(start, end) of every clause, covering the text."""
    out: list[tuple[int, int]] = []
    pos = 0
    for m in _CLAUSE_BREAK.finditer(text):
        out.append((pos, m.start()))
        pos = m.end()
    out.append((pos, len(text)))
    return out


def clause_of(bounds: list[tuple[int, int]], start: int) -> tuple[int, int]:
    """The piece of ``bounds`` (sorted, non-overlapping) that holds offset ``start``; an offset
    inside a break belongs to the piece after it."""
    i = max(0, bisect_right(bounds, start, key=lambda ab: ab[0]) - 1)
    a, b = bounds[i]
    if start < b or i + 1 >= len(bounds) or (a == b == start):
        return a, b
    return bounds[i + 1]


def is_negated(text: str, bounds: list[tuple[int, int]], span: Span) -> bool:
    """A negator in the clause of ``span`` (outside the span itself) negates the claim."""
    a, b = clause_of(bounds, span.start)
    before, after = text[a : span.start], text[span.end : b]
    if before.rfind("(") > before.rfind(")"):
        before = before[before.rfind("(") + 1 :]  # inside a parenthesis: an aside to the negation
    after = re.sub(r"\([^()]*\)?", " ", after)  # "negative (no dedicated funding)": an aside negates nothing
    after = " ".join(after.split()[:6])  # "Brazil's 2021 figure is not ...": only the words right after
    start = max(text.rfind(c, 0, span.start) for c in ".!?\n") + 1
    if re.search(r"(?:\bnot|n't)\b[^.;:!?]*:\s", text[start:a]):
        return True  # "The order is not: ..." negates the list after the colon
    if re.search(r"\bnot\s+as\s+(?:though|if)\b[^.;:!?]*$", text[start : span.start], re.IGNORECASE):
        return True  # judge16: "It's not as though the outcome missed the target"
    if re.search(
        r"\b(?:rather\s+than|instead\s+of|other\s+than|as\s+opposed\s+to)\s*(?:\S+\s+){0,3}$", before, re.I
    ):
        return True
    if _REACH_DENIED.search(before):
        before = before[: _REACH_DENIED.search(before).start()]  # type: ignore[union-attr]
    if _REACH_AFTER.match(after):
        after = ""  # judge22: "34.3% does not meet the target": the value is stated, the reach denied
    return bool(NEGATOR.search(before) or NEGATOR.search(after))


#: judge22: a reach denied ("does not reach the target of", "didn't meet its 41.8% goal") negates
#: the reach, not the value of the mark it names, nor the value of the subject that misses it
_REACH_VERB = (
    r"(?:\b(?:does|do|did|has|have|had|will|would|could)\s*(?:not|n't|n’t)"
    r"|\b(?:doesn|don|didn|hasn|haven|hadn|won|wouldn|couldn)['’]t|\bnever|\bfail(?:s|ed)?\s+to)"
    r"\s+(?:quite\s+|yet\s+)?(?:reach|meet|hit|attain|achieve|match|exceed|surpass|top|beat|make)(?:es|s|ed)?\b"
)
_REACH_DENIED = re.compile(
    _REACH_VERB + r"(?:\s+(?:the|its|their|a|an|this|that)\b)?(?:\s+[\w%.,’'-]+){0,3}?"
    r"(?:\s+(?:target|forecast|goal|threshold|benchmark|estimate|mark|level|objective|projection)s?\b"
    r"(?:\s+(?:of|at|set\s+at|for|in|by)\b)?)?[\s,:(]*$",
    re.IGNORECASE,
)
_REACH_AFTER = re.compile(
    r"\s*(?:[^\W\d_][\w²³/-]*\s+){0,3}?(?:,\s*)?(?:which\s+|that\s+|still\s+)?" + _REACH_VERB, re.IGNORECASE
)


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A phrase on word boundaries, any whitespace between its words, any case."""
    words = r"\s+".join(re.escape(w) for w in fold(phrase).split())
    return re.compile(rf"(?<![{_WORDISH}])(?<!-){words}(?![{_WORDISH}])", re.IGNORECASE)


#: Word characters a phrase may not touch: letters and digits, but not CJK characters (a year
#: label "2022" is read in "2022年", a name in "Azerbaijan이며").
_WORDISH = r"^\W\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"


def find_all(pattern: re.Pattern[str], text: str) -> list[Span]:
    return [Span(m.start(), m.end()) for m in pattern.finditer(text)]


_SYNONYMS = {
    "figure": "chart",
    "graph": "chart",
    "plot": "chart",
    "charted": "chart",
    "prose": "text",
    "report": "text",
}


def words(text: str) -> set[str]:
    """Lower-case words, a possessive ``'s`` dropped and chart / text synonyms folded."""
    out = set()
    for w in _WORD.findall(fold(text).lower()):
        w = w[:-2] if w.endswith("'s") else w
        out.add(_SYNONYMS.get(w, w))
    return out


def content_words(text: str) -> set[str]:
    """Words that can tie a claim to what it is about: no stop words, years kept."""
    return {
        w for w in words(text) if w not in STOPWORDS and len(w) > 2 and (not w.isdigit() or YEAR.fullmatch(w))
    }


def segment_bounds(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    pos = 0
    for m in _SEGMENT_BREAK.finditer(text):
        out.append((pos, m.start()))
        pos = m.end()
    out.append((pos, len(text)))
    return out


def drop_titles(text: str) -> str:
    """Blank out quoted chart titles, keeping every offset."""
    return _TITLE.sub(lambda m: " " * len(m.group(0)), text)


def abstains(text: str) -> bool:
    return bool(_ABSTAIN.search(text))


#: A question that asks for a verdict on a claim ("Was it borne out?", "Do the two agree?").
_VERDICT_ASK = re.compile(
    r"\b(?:bears?|borne|bear)\s+(?:\w+\s+){0,3}?out\b|\bconsistent\b|\bagree\b|\bmatch(?:es)?\b|\bsupports?\b"
    r"|\bin\s+line\b|\bconfirms?\b",
    re.IGNORECASE,
)
_NO = re.compile(
    r"^\s*(?:\*\*)?(?:(?:no(?:pe)?|nein|non|não|not\s+(?:really|quite|borne\s+out|consistent|in\s+line|confirmed))"
    r"(?:\*\*)?(?=[\s,.:;!—–-]|$)"
    # "It doesn't: …", "It is not borne out." (never "It is not true that …": a denial of the whole)
    r"|it\s+(?:does\s+not|doesn't|is\s+not|isn't|was\s+not|wasn't|did\s+not|didn't)"
    r"(?:\s+(?:bear\s+it\s+out|hold|match|borne\s+out))?(?:\*\*)?(?=\s*[,.:;!—–-]|$))",
    re.IGNORECASE,
)
_YES = re.compile(r"^\s*(?:\*\*)?(?:yes|yep|ja|oui|sí|sim)(?:\*\*)?(?=[\s,.:;!—–-]|$)", re.IGNORECASE)


def verdict_reply(question: str, text: str) -> str:
    """``text`` with a leading "No" or "Yes" to a question that asks for a verdict read as the
    verdict ("No: the chart shows 81.9%" contradicts the claim; "Not borne out: …" is no denial
    of the whole answer)."""
    if not _VERDICT_ASK.search(question):
        return text
    m = _NO.match(text)
    if m:
        return "It contradicts it" + text[m.end() :]
    m = _YES.match(text)
    return "It matches" + text[m.end() :] if m else text


def denies_all(text: str) -> bool:
    return bool(GLOBAL_DENIAL.search(text))


_ANY_POLE = re.compile(
    "|".join(
        rf"(?:{strong}{'|' + weak if weak else ''})"
        for poles in POLES.values()
        for strong, weak in poles.values()
    ),
    re.IGNORECASE,
)


def is_polar(word: str) -> bool:
    """``word`` is one of the polar words (a claim, not what a claim is about)."""
    return bool(_ANY_POLE.fullmatch(word))


def pole_of(names: Iterable[str]) -> tuple[str, str] | None:
    """(family, pole) when one of the fact's names is a polar word, else None."""
    for name in names:
        key = fold(name).strip().lower()
        for family, poles in POLES.items():
            for pole, (strong, weak) in poles.items():
                if key == pole or re.fullmatch(strong, key) or (weak and re.fullmatch(weak, key)):
                    return family, pole
    return None


def pole_pattern(family: str, pole: str, *, strong_only: bool) -> re.Pattern[str]:
    strong, weak = POLES[family][pole]
    body = strong if strong_only or not weak else f"{strong}|{weak}"
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w])", re.IGNORECASE)


def proper_names(text: str) -> list[tuple[str, Span]]:
    """Capitalised word runs that look like names: common words, a single word opening a
    sentence or a line, and short abbreviations (Mt, CAGR) are skipped."""
    out: list[tuple[str, Span]] = []
    for m in _PROPER.finditer(text):
        window = text[max(0, m.start() - 8) : m.start()]
        opener = re.search(r"[.!?:;|\n(—–-]\s*(?:[-*•]\s*)?$", window) or (
            m.start() <= 8 and not window.strip(" -*•")
        )
        parts = m.group(0).split()
        offset = m.start()
        while parts and parts[0].lower() in _SENTENCE_WORDS:
            offset += len(parts[0]) + 1
            parts = parts[1:]
            while offset < len(text) and text[offset].isspace():
                offset += 1
        if not parts:
            continue
        name = " ".join(parts)
        if (
            (opener and len(parts) == 1 and offset == m.start())
            or (name.isupper() and len(name) <= 5)
            or len(name) <= 2
        ):
            continue
        out.append((name, Span(offset, offset + len(name))))
    return out


_CHART_SIDE = re.compile(r"\b(?:chart|charted|figure|plotted|graph|bar|line|mark|reading)\b", re.IGNORECASE)
_TEXT_SIDE = re.compile(
    r"\b(?:text|estimate|target|forecast|threshold|claim|prose|stated|report|goal|benchmark)\b", re.IGNORECASE
)


_SIDE_HIGH = re.compile(r"\b(?:higher|larger|greater|bigger|more)\b", re.IGNORECASE)
_SIDE_LOW = re.compile(r"\b(?:lower|smaller|less)\b", re.IGNORECASE)


def side_claims(text: str, bounds: list[tuple[int, int]]) -> list[tuple[str, Span]]:
    """("above" | "below", where) for every clause that compares the chart with the text's figure
    with a comparative ("the estimate is larger" says the chart is below it)."""
    out: list[tuple[str, Span]] = []
    for a, b in bounds:
        clause = text[a:b]
        cues = [(m.start(), "high", m) for m in _SIDE_HIGH.finditer(clause)]
        cues += [(m.start(), "low", m) for m in _SIDE_LOW.finditer(clause)]
        if not cues:
            continue
        _, kind, cue = min(cues, key=lambda c: c[0])
        before = clause[: cue.start()]
        chart = [m.start() for m in _CHART_SIDE.finditer(before)]
        said = [m.start() for m in _TEXT_SIDE.finditer(before)]
        if not chart and not said:
            continue
        about_chart = max(chart, default=-1) > max(said, default=-1)
        above = (kind == "high") == about_chart
        if NEGATOR.search(clause):
            above = not above
        out.append(("above" if above else "below", Span(a + cue.start(), a + cue.end())))
    return out


def sentence_bounds(text: str) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    pos = 0
    for m in re.finditer(r"[.!?](?=\s|$)|\n", text):
        out.append((pos, m.start()))
        pos = m.end()
    out.append((pos, len(text)))
    return out


#: a quoted phrase: double, curly, guillemet or single quotes
_QUOTED_PHRASE = re.compile(
    r"\"[^\"\n]{3,160}\"|“[^”\n]{3,160}”|‘[^’\n]{3,160}’|«[^»\n]{3,160}»|(?<!\w)'[^'\n]{3,160}'(?!\w)"
)
#: what stands right before a figure's quoted title ("Figure 7 ", "Table 2 (", "Chart 3: ")
_CAPTIONED = re.compile(
    r"\b(?:Figure|Fig\.|Chart|Table|Exhibit|Graph)\s+\d+[a-z]?\s*[(,:–—-]?\s*$", re.IGNORECASE
)


def caption_spans(text: str) -> list[tuple[int, int]]:
    """The spans of the titles ``text`` quotes right after a figure's number ('Figure 7 "Overview
    of …, 1978–1990"'): a title names the figure, it claims nothing of the asked values (judge28)."""
    before = [(m, text[max(0, m.start() - 30) : m.start()]) for m in _QUOTED_PHRASE.finditer(text)]
    return [m.span() for m, lead in before if _CAPTIONED.search(lead)]


def uncaptioned(text: str) -> str:
    """``text`` with the quoted figure titles of :func:`caption_spans` blanked out, offsets kept."""
    for start, end in caption_spans(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text
