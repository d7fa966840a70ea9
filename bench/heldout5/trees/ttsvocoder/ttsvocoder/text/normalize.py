import re
import unicodedata

_ABBREV = {
    "mr": "mister", "mrs": "misses", "dr": "doctor", "st": "saint", "co": "company",
    "jr": "junior", "maj": "major", "gen": "general", "drs": "doctors", "rev": "reverend",
}
_NUM = re.compile(r"[0-9]+")
_ONES = "zero one two three four five six seven eight nine".split()


def _expand_number(m):
    s = m.group(0)
    if len(s) > 4:
        return " ".join(_ONES[int(c)] for c in s)
    return " ".join(_ONES[int(c)] for c in s)


def expand_abbreviations(text):
    for k, v in _ABBREV.items():
        text = re.sub(rf"\b{k}\.", v, text, flags=re.IGNORECASE)
    return text


def normalize_text(text):
    text = unicodedata.normalize("NFKC", text)
    text = expand_abbreviations(text)
    text = _NUM.sub(_expand_number, text)
    text = re.sub(r"\s+", " ", text)
    return text.strip().lower()
