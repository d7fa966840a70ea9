import functools

import torch


@functools.lru_cache(maxsize=None)
def charset_table(path):
    with open(path, encoding="utf-8") as fh:
        chars = [line.rstrip("\n") for line in fh]
    codes = torch.tensor([ord(c[0]) if c else 32 for c in chars], dtype=torch.int32)
    return chars, codes.pin_memory()


def decode_ctc(ids, charset_path, blank=0):
    chars, _ = charset_table(charset_path)
    out, prev = [], blank
    for i in ids:
        if i != prev and i != blank:
            out.append(chars[i - 1])
        prev = i
    return "".join(out)
