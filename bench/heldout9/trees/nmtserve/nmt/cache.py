import torch


class EncoderCache:
    """Keeps encoder states on the host: language-pair prefixes and per-request states for resumes."""

    def __init__(self):
        self._by_pair = {}
        self._by_request = {}

    def lang_prefix(self, pair, model):
        if pair not in self._by_pair:
            tag = torch.tensor([[1]], device="cuda")
            self._by_pair[pair] = model.embed(tag).detach().to("cpu").pin_memory()
        return self._by_pair[pair]

    def remember(self, request_id, memory):
        # lets a client resume a cancelled stream without re-encoding
        self._by_request[request_id] = memory.detach().to("cpu").pin_memory()

    def forget(self, request_id):
        self._by_request.pop(request_id, None)
