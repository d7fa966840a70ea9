_SYMBOLS = ["_", "-", "!", "'", "(", ")", ",", ".", ":", ";", "?", " "] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
_ID = {s: i for i, s in enumerate(_SYMBOLS)}


def text_to_ids(text, add_blank=True):
    ids = [_ID[c] for c in text if c in _ID]
    if add_blank:
        out = [0] * (2 * len(ids) + 1)
        out[1::2] = ids
        return out
    return ids


def ids_to_text(ids):
    return "".join(_SYMBOLS[i] for i in ids if i)
