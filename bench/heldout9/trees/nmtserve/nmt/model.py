import torch
from torch import nn


class Seq2Seq(nn.Module):
    def __init__(self, vocab, d_model=512, heads=8, layers=6):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.tf = nn.Transformer(d_model, heads, layers, layers, batch_first=True)
        self.out = nn.Linear(d_model, vocab)

    def encode(self, src, src_mask):
        return self.tf.encoder(self.embed(src), src_key_padding_mask=src_mask)

    def decode_step(self, ys, memory, mem_mask):
        h = self.tf.decoder(self.embed(ys), memory, memory_key_padding_mask=mem_mask)
        return torch.log_softmax(self.out(h[:, -1]), -1)


def load_model(path, device="cuda"):
    state = torch.load(path, map_location="cpu")
    model = Seq2Seq(state["vocab"])
    model.load_state_dict(state["model"])
    # the output projection of rare-language adapters stays on the host and is fetched on demand
    model.adapters_host = {k: v.pin_memory() for k, v in state.get("adapters", {}).items()}
    return model.to(device).eval()
