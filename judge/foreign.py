"""Reading an answer written in another language: a small table of foreign words for the
verdicts, directions, sides, receptions and colours the generated questions ask about,
glossed into the English words the offline judge reads (``stimmen überein`` → ``matches``,
``下落`` → ``fell``, ``por debajo`` → ``below``, ``好意的`` → ``favourably``).

An answer the judge reads as another language (:func:`judge.certainty.language_doubt`) is
glossed with the whole table and its verdict stays uncertain (the table is small: a word it
lacks is a label not found, never a wrong one); any other answer only with the words that are
no English words ("stieg", "subió", "下落"), so a short foreign phrase in an English-looking
answer is read too and English text keeps its words. Numbers and their scale and
unit words in other languages are read by :mod:`judge.numbers` and :mod:`judge.quantities`.
Negated verdicts come first in the table, so ``一致しません`` is read as "contradicts"
before ``一致`` is read as "matches".
"""

from __future__ import annotations

import functools
import re
import unicodedata

_L = r"(?<![^\W\d_])"  # a Latin word starts here
_R = r"(?![^\W\d_])"  # and ends here

#: (pattern, English gloss), tried in order; Latin-script entries sit on word boundaries.
_TABLE: list[tuple[str, str]] = [
    # verdicts, negated first (read as "contradicts": a "not" would negate the clause's numbers)
    (
        r"не\s+(?:совпада\w*|соответству\w*|подтвержда\w*)|противореч\w*"
        r"|non\s+(?:concord\w*|corrispond\w*|conferm\w*)|contraddic\w*",
        "contradicts",
    ),
    (
        r"stimm\w*\s+nicht\s+überein|nicht\s+bestätigt|widersp?r[ie]ch\w*|widerspruch|passt\s+nicht"
        r"|(?:kein\w*|nicht)\s+(?:\w+\s+)?(?:übereinstimm\w*|bestätig\w*)"
        r"|bestätig\w*\s+(?:\w+\s+){0,2}nicht",  # judge17: the negation after the verb ("bestätigt es nicht")
        "contradicts",
    ),
    (r"ne\s+(?:concorde\w*|correspond\w*|confirme\w*)\s+pas|contredit|contredisent", "contradicts"),
    (
        r"no\s+(?:(?:la|lo|las|los|le|les|se)\s+)?(?:concuerda\w*|coincide\w*|encaja\w*|se\s+cumpli\w*|confirma\w*)"
        r"|contradice|contradicen",
        "contradicts",
    ),
    (
        r"não\s+(?:(?:a|o|as|os|se)\s+)?(?:corresponde\w*|confere\w*|coincide\w*|confirma\w*|bate\w*|concord\w*)"
        r"|contradiz\w*",
        "contradicts",
    ),
    (
        "一致しません|一致していません|一致しない|矛盾|不一致|不符|没有得到证实|未得到证实|裏付けていません",
        " contradicts ",
    ),
    ("일치하지 않|모순", " contradicts "),
    (r"совпада\w*|соответству\w*|подтвержда\w*|concorda\w*|corrispond\w*|conferma\w*", "matches"),
    (
        r"stimm\w*\s+überein|übereinstimm\w*|im\s+einklang|bestätig\w*|concorde\w*|confirme|confirment|conforme",
        "matches",
    ),
    (
        r"concuerda\w*|coinciden?|en\s+línea\s+con|confirma|confirman|confirmam|de\s+acordo\s+com|corresponden?",
        "matches",
    ),
    ("一致|相符|符合|裏付け|得到证实|일치", " matches "),
    # directions
    (r"вырос\w*|увеличил\w*|salit\w*|aumentat\w*|cresciut\w*", "rose"),
    (r"снизил\w*|сократил\w*|упал\w*|уменьшил\w*|sces\w*|diminuit\w*|calat\w*|calo", "fell"),
    # Dutch
    (
        r"(?:niet|geen)\s+(?:in\s+lijn|overeen\w*)|strookt\s+niet|tegenspr\w*|weerspr\w*"
        r"|bevestig\w*\s+(?:\w+\s+){0,2}niet|komt?\s+niet\s+overeen",  # judge17: "bevestigt het niet"
        "contradicts",
    ),
    (r"in\s+lijn\s+met|komt?\s+overeen|overeenkom\w*|bevestig\w*|strookt", "matches"),
    (r"steeg|stegen|gestegen|stijging|toegenomen|toename", "rose"),
    (r"daalde|daalden|gedaald|daling|afgenomen|afname", "fell"),
    (r"hoger|groter", "higher"),
    (r"lager|kleiner", "lower"),
    (r"blauw", "blue"),
    (r"groen", "green"),
    (r"oranje", "orange"),
    (r"paars", "purple"),
    (r"roze", "pink"),
    (r"positief|gunstig", "favourably"),
    (r"negatief|kritisch", "critically"),
    # Hindi
    ("गिरावट|घटा|घटी|कमी आई", " fell "),
    ("वृद्धि|बढ़ा|बढ़ी|बढ़ोतरी", " rose "),
    ("आलोचना", " critically "),
    ("स्वागत", " welcomed "),
    ("मेल खाता|पुष्टि", " matches "),
    ("खंडन|विरोधाभास", " contradicts "),
    (r"stieg\w*|gestiegen|anstieg|zugenommen|augment\w*|hausse|subi\w*|aument\w*|creci\w*|cresc\w*", "rose"),
    ("升至", " rose to "),  # judge10: "降至 95.8" is a level fallen to, no fall by 95.8
    ("降至", " fell to "),
    ("上昇|増加|上升|增加|상승|증가", " rose "),
    (
        r"fiel|sank|sanken|gefallen|gesunken|zurückgegangen|ging(?:en)?\s+(?:\w+\s+){0,3}zurück|rückgang|baiss\w*|diminu\w*",
        "fell",
    ),
    (r"chute|cayó|cae|caen|disminu\w*|bajó|baja|descend\w*|caiu|queda|recuo", "fell"),
    ("下落|減少|下降|减少|감소|하락|줄어", " fell "),
    # judge21: a reach denied ("no alcanza el marcador") is a side: short of the marker
    (
        r"no\s+(?:alcanza\w*|llega\w*\s+a)|não\s+(?:alcança\w*|atinge|atingiu|chega\s+a)|non\s+raggiung\w*"
        r"|n['’](?:atteint|atteignent)\s+pas|erreicht\w*\s+(?:\w+\s+){0,3}nicht|nicht\s+erreicht|verfehl\w*"
        r"|не\s+(?:достига\w*|достиг\w*|дотягива\w*)|(?:haalt|bereikt)\s+(?:\w+\s+){0,3}niet|niet\s+bereikt",
        "falls short",
    ),
    (
        "達していない|達しない|達していません|届いていない|届かない|届きません|未達"
        "|未达到|没有达到|没达到|达不到|未达|미달|도달하지 못|못 미치",
        " falls short ",
    ),
    # sides and comparisons
    (r"выше|больше|più\s+alt[oa]|più\s+grande", "higher"),
    (r"ниже|меньше|più\s+bass[oa]", "lower"),
    (
        r"höher|größer|vorne?|supérieure?s?|plus\s+élevée?s?|más\s+alt[oa]s?|mayor|mais\s+alt[oa]s?|maior",
        "higher",
    ),
    (r"niedriger|kleiner|inférieure?s?|plus\s+bas(?:se)?s?|más\s+baj[oa]s?|menor|mais\s+baix[oa]s?", "lower"),
    # judge16: a verb of exceeding ("Haití superaba a Barbados"): its subject is the higher one
    # (a cue of the winner of a "which" question, no side of a verdict)
    (
        r"super(?:aba|aban|ó|a|an|ava|avam|ou|ò)(?:\s+(?:a|al)(?=\s))?|dépass\w*|übertr(?:af|afen|ifft)|overtr\w*",
        "outstrips",
    ),
    (r"über|darüber|au-dessus|por\s+encima|acima", "above"),
    (r"unter|darunter|en\s+dessous|au-dessous|por\s+debajo|abaixo", "below"),
    ("高于|より高|上回|更高|高く|高い|높", " above "),
    ("低于|下回|更低|低く|低い|低|낮", " below "),
    # the two sides of a comparison: the text's figure and the chart's
    (
        r"ziel\w*|prognose|schätzung|schwelle\w*|objectif|seuil|prévision|estimation|objetivo|meta|umbral"
        r"|previsión|previsão|previsto|prevista",
        "target",
    ),
    (r"bericht\w*|rapport|informe|relatório|texto|texte", "text"),
    (r"diagramm\w*|grafik|abbildung|graphique|gráfico|grafico", "chart"),
    ("目标|目標|목표|予測|预测|预期|추정", " target "),
    ("图表|グラフ|図表|차트|그래프|図(?=で|に|は|の)", " chart "),
    ("本文|文中|本文中|텍스트|보고서|报告", " text "),
    # receptions
    (r"favorevolmente|положительно|позитивно|благосклонно", "favourably"),
    (r"critic[oa]|критически|негативно", "critically"),
    (
        r"opiniones\s+encontradas|opiniones\s+divididas|sentimenti\s+contrastanti|contrastant\w*"
        r"|неоднозначно|смешанн\w*",
        "mixed",
    ),
    (r"positiv|favorablement|favorablemente|favoravelmente|positivamente|positivement", "favourably"),
    (r"kritisch|critique|de\s+forma\s+crítica|crític\w*|criticamente", "critically"),
    (
        r"gemischt|mitigée?s?|sentimientos\s+encontrados|sentimentos\s+mistos|mist[oa]s|mixt[oa]s|mixtes?|ambivalent\w*",
        "mixed",
    ),
    ("好意的|积极|肯定的|호의적|긍정적", " favourably "),
    ("批判的|批评|消极|否定的|비판적|부정적", " critically "),
    ("賛否両論|看法不一|褒贬不一|엇갈린", " with mixed feelings "),
    # hedges and alternatives
    (
        r"vielleicht|möglicherweise|wahrscheinlich|quizás?|tal\s+vez|posiblemente|peut-être|probablement",
        "maybe",
    ),
    (r"talvez|provavelmente|possivelmente", "maybe"),
    ("也许|大概|或许|可能是|たぶん|おそらく|かもしれ|아마|일지도", " maybe "),
    (r"entweder", "either"),
    # approximations ("about" lets a value be rounded to its last digit)
    (r"etwa|ungefähr|rund|circa|environ|aproximadamente|alrededor\s+de|cerca\s+de|aproximadamente", "about"),
    ("大约|大概为|约(?=\\s?\\d)|約(?=\\s?\\d)|およそ|대략|약(?=\\s?\\d)", " about "),
    (
        r"ou\s+seja|o\s+sea|ossia|cioè|das\s+heißt|c['’]est-à-dire|es\s+decir|isto\s+é|dat\s+wil\s+zeggen",
        "i.e.",
    ),
    (r"oder|ou", "or"),
    ("或者|或是|または|もしくは|또는|혹은", " or "),
    # colours (a compound first: "azul-petróleo" is teal, no blue)
    (
        r"azul[- ]petr[óo]leo|verde[- ]azulad[oa]|bleu[- ]canard|sarcelle|blaugrün|petrolfarben"
        r"|verde\s+acqua",
        "teal",
    ),
    (r"rosso|красн\w*", "red"),
    (r"blu|син\w*|голуб\w*", "blue"),
    (r"зелён\w*|зелен\w*", "green"),
    (r"rot|rouge|rojo|vermelho", "red"),
    (r"blau|bleu|azul", "blue"),
    (r"grün|vert|verde", "green"),
    (r"naranja|laranja", "orange"),
    (r"rosa|rose|розов\w*", "pink"),
    (r"lila|violett|morad[oa]|púrpura|roxo|violet", "purple"),
    (r"navyblau\w*|marineblau\w*", "navy"),
    (r"olivfarben\w*|olivgrün\w*", "olive"),
    ("海军蓝|ネイビー|네이비", " navy "),
    ("橄榄色|オリーブ|올리브", " olive "),
    ("洋红色|洋红|マゼンタ|마젠타", " magenta "),
    ("绿色|緑色|緑|초록", " green "),
    ("橙色|オレンジ|주황", " orange "),
    ("紫色|紫|보라", " purple "),
    ("粉色|粉红色|ピンク|분홍", " pink "),
    ("蓝绿色|青绿色|水鸭色|青色|ティール|青緑|청록색|청록", " teal "),
]
#: Portuguese contractions of "em" + article ("no gráfico"): no negation
_PORTUGUESE = re.compile(r"ão\b|ões\b|não\b|\bé\b|\bem\b|\bcom\b", re.IGNORECASE)
_CONTRACTION = re.compile(rf"{_L}(?:no|na|nos|nas){_R}", re.IGNORECASE)


#: Words of the table that are English words too: glossed only in an answer read as another
#: language, so an English answer keeps its "mayor", "superior", "chute" or "violet".
_ENGLISH_TOO = re.compile(
    r"mayor|menor|maior|superior|inferior|chute|violet|rot|critique|coincide|conforme|rouge|lila|baja|cae"
    r"|unter|über|ambivalent\w*|mixtes?|favorable|ou|probablement|meta|rapport|informe|grafik|rose",
    re.IGNORECASE,
)


@functools.cache
def _patterns(full: bool) -> list[tuple[re.Pattern[str], str]]:
    out = []
    for pattern, gloss in _TABLE:
        latin = gloss == gloss.strip()
        if latin and not full:
            kept = [w for w in _split(pattern) if not _ENGLISH_TOO.fullmatch(w)]
            if not kept:
                continue
            pattern = "|".join(kept)
        out.append((re.compile(rf"{_L}(?:{pattern}){_R}" if latin else pattern, re.IGNORECASE), gloss))
    return out


def _split(pattern: str) -> list[str]:
    """The top-level alternatives of ``pattern``."""
    out, depth, at = [], 0, 0
    for i, c in enumerate(pattern):
        depth += c == "("
        depth -= c == ")"
        if c == "|" and depth == 0:
            out.append(pattern[at:i])
            at = i + 1
    return [*out, pattern[at:]]


def gloss(text: str, full: bool = True) -> str:
    """``text`` with the table's foreign words replaced by their English glosses (each word
    once: a gloss is never read again). ``full=False`` (an answer not read as another
    language) leaves out the words English has too."""
    if full and _PORTUGUESE.search(text):
        text = _CONTRACTION.sub("in the", text)
    pieces: list[tuple[int, int, str]] = []
    for pattern, english in _patterns(full):
        for m in pattern.finditer(text):
            if not any(a < m.end() and m.start() < b for a, b, _ in pieces):
                pieces.append((m.start(), m.end(), english))
    out, at = [], 0
    for a, b, english in sorted(pieces):
        out += [text[at:a], english]
        at = b
    out.append(text[at:])
    return "".join(out)


def _script(c: str) -> str:
    """A letter's script, as the first word of its Unicode name ("CJK", "ARABIC", "LATIN")."""
    return unicodedata.name(c, "?").split()[0]


@functools.cache
def _glossed_scripts() -> frozenset[str]:
    """The scripts the table has words in (judge27)."""
    return frozenset(_script(c) for pattern, _ in _TABLE for c in pattern if c.isalpha())


def unglossed_script(text: str) -> bool:
    """Most of ``text``'s letters are in a script the table has no word of (Arabic, Devanagari,
    Thai …): the judge reads its numbers and nothing of what binds them to their roles."""
    scripts = [_script(c) for c in text if c.isalpha()]
    unread = sum(s not in _glossed_scripts() for s in scripts)
    return bool(scripts) and unread * 2 > len(scripts)
