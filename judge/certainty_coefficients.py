"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -1.180169,  # settled
    0.0,  # full score
    0.166611,  # doubts
    1.211731,  # matched share
    -1.579876,  # contradicted
    2.692412,  # length
    0.900038,  # numbers
    -0.319829,  # extra numbers
    0.802057,  # another script
    0.102346,  # full-width digits
    0.254303,  # conversion
    0.248666,  # respectively
    0.046522,  # percentage points
    0.915238,  # negations
    -1.045849,  # a year the item never names
    -0.049199,  # sentences
    -0.847725,  # a fact unread
    0.250721,  # doubt: a label is not found (a paraphrase?)
    0.191812,  # doubt: written in another script
    0.279164,  # doubt: not written in English
    0.615025,  # doubt: it names
    -0.166197,  # doubt: its last statement gives another value than an earlier one
    -0.437902,  # doubt: it offers alternatives
    -0.242423,  # doubt: it sets values out as a list of labels
    -0.885219,  # doubt: it states a value the reference does not give
    -0.106027,  # doubt: written with another language's letters
    -0.526307,  # doubt: it hedges
    -0.398834,  # doubt: a unit or scale other than the reference's
    1.451418,  # doubt: written in a language the judge does not read
    0.037441,  # doubt: another value in the asked unit is stated too
    -0.831184,  # doubt: one fact is read both cleanly and with a problem
    0.348162,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.457321,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.520759
FAIL_THRESHOLD = 0.043622077
PASS_WEIGHTS: tuple[float, ...] = (
    -1.851691,  # settled
    0.468526,  # doubts
    -2.123381,  # matched share
    -0.024327,  # length against the reference's
    -0.425172,  # extra numbers
    0.981017,  # causal or ordering words beyond the reference's
    -0.446319,  # hedges
    0.092739,  # conclusion markers
    -0.599005,  # negations beyond the reference's
    -0.454749,  # another script
    -0.622258,  # conversion
    0.0,  # a bold value of its own
    0.067038,  # a year the item never names
)
PASS_BIAS = -0.652289
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.32945,  # doubts
    -0.718357,  # matched share
    -0.225091,  # length against the reference's
    -0.463246,  # extra numbers
    0.857459,  # causal or ordering words beyond the reference's
    -0.543165,  # hedges
    0.02238,  # conclusion markers
    -0.873489,  # negations beyond the reference's
    0.018296,  # another script
    -0.454402,  # conversion
    0.0,  # a bold value of its own
    -0.160762,  # a year the item never names
    -0.384129,  # doubt: a label is not found (a paraphrase?)
    -0.230471,  # doubt: written in another script
    -0.589317,  # doubt: not written in English
    0.620788,  # doubt: it names
    -0.053176,  # doubt: its last statement gives another value than an earlier one
    -0.293179,  # doubt: it offers alternatives
    -1.094399,  # doubt: it sets values out as a list of labels
    0.659396,  # doubt: it states a value the reference does not give
    -0.750675,  # doubt: written with another language's letters
    0.049634,  # doubt: it hedges
    -0.498438,  # doubt: a unit or scale other than the reference's
    -0.092483,  # doubt: written in a language the judge does not read
    0.187385,  # doubt: another value in the asked unit is stated too
    -0.3741,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.363581,  # doubt: a remark follows its answer
    2.217987,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    1.182377,  # a fact unread
)
RISKY_BIAS = -2.066345
RISKY_THRESHOLD = 0.192720475
