import sentencepiece as spm


class Tokenizer:
    def __init__(self, model_path):
        self.sp = spm.SentencePieceProcessor(model_file=model_path)
        self.pad, self.bos, self.eos = 0, 1, 2

    def __len__(self):
        return self.sp.get_piece_size()

    def encode(self, text, lang_tag=None):
        ids = self.sp.encode(text)
        if lang_tag is not None:
            ids = [self.sp.piece_to_id(f"<2{lang_tag}>")] + ids
        return [self.bos] + ids + [self.eos]

    def decode(self, ids):
        return self.sp.decode([i for i in ids if i > 2])
