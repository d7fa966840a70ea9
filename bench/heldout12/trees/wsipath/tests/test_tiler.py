import torch

from wsipath.mil import AttentionMIL


def test_attention_sums_to_one():
    bag = torch.randn(50, 768).pin_memory()
    model = AttentionMIL()
    logits, attn = model(bag)
    assert logits.shape == (3,)
    assert torch.isclose(attn.sum(), torch.tensor(1.0))
