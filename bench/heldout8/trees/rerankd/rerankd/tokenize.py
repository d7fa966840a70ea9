import torch


def encode_batch(tokenizer, texts, max_len):
    toks = [tokenizer.encode(t)[:max_len] for t in texts]
    return [torch.tensor(t, dtype=torch.int64).pin_memory() for t in toks]
