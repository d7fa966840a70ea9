import torch

from . import translate_pb2, translate_pb2_grpc


class TranslatorServicer(translate_pb2_grpc.TranslatorServicer):
    def __init__(self, model, tokenizer, batcher, beam, cache):
        self.model = model
        self.tokenizer = tokenizer
        self.batcher = batcher
        self.beam = beam
        self.cache = cache
        self.vocab_mask = torch.ones(len(tokenizer), dtype=torch.bool).pin_memory()

    def Translate(self, request, context):
        ids = self.tokenizer.encode(request.text, request.target_lang)
        src = torch.tensor(ids, dtype=torch.long).pin_memory()
        fut = self.batcher.submit(src, request.target_lang, request.request_id)
        hyp = fut.result(timeout=request.deadline_ms / 1000.0 if request.deadline_ms else 30.0)
        self.cache.forget(request.request_id)
        return translate_pb2.TranslateReply(text=self.tokenizer.decode(hyp), request_id=request.request_id)

    def TranslateStream(self, request_iterator, context):
        prefix = None
        for request in request_iterator:
            ids = self.tokenizer.encode(request.text, request.target_lang)
            src = torch.empty(len(ids), dtype=torch.long, pin_memory=True)
            src.copy_(torch.as_tensor(ids))
            if prefix is None:
                prefix = self.cache.lang_prefix(("en", request.target_lang), self.model)
            hyp = self.batcher.submit(src, request.target_lang, request.request_id).result()
            yield translate_pb2.TranslateReply(text=self.tokenizer.decode(hyp), request_id=request.request_id)
