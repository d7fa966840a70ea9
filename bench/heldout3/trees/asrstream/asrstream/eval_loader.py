"""WER evaluation over a manifest of (audio, transcript) pairs."""

import argparse
import json

import soundfile as sf
import torch
from torch.utils.data import DataLoader, Dataset


class ManifestDataset(Dataset):
    def __init__(self, manifest):
        with open(manifest) as fh:
            self.items = [json.loads(line) for line in fh]

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        item = self.items[idx]
        wav, _ = sf.read(item["audio"], dtype="float32")
        return torch.from_numpy(wav), item["text"]


def pad_collate(batch):
    wavs, texts = zip(*batch)
    lens = torch.tensor([w.numel() for w in wavs])
    out = torch.zeros(len(wavs), int(lens.max()))
    for i, w in enumerate(wavs):
        out[i, : w.numel()] = w
    return out, lens, list(texts)


def wer(ref, hyp):
    r, h = ref.split(), hyp.split()
    d = list(range(len(h) + 1))
    for i in range(1, len(r) + 1):
        prev, d[0] = d[0], i
        for j in range(1, len(h) + 1):
            cur = min(d[j] + 1, d[j - 1] + 1, prev + (r[i - 1] != h[j - 1]))
            prev, d[j] = d[j], cur
    return d[len(h)] / max(1, len(r))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest")
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--batch-size", type=int, default=16)
    args = ap.parse_args()

    model = torch.jit.load(args.ckpt).cuda().eval()
    loader = DataLoader(ManifestDataset(args.manifest), batch_size=args.batch_size,
                        num_workers=4, collate_fn=pad_collate, pin_memory=True)
    errs, n = 0.0, 0
    with torch.inference_mode():
        for wavs, lens, texts in loader:
            hyps = model.transcribe(wavs.cuda(non_blocking=True), lens.cuda())
            for ref, hyp in zip(texts, hyps):
                errs += wer(ref, hyp)
                n += 1
    print(f"WER {100.0 * errs / max(1, n):.2f}% over {n} utterances")


if __name__ == "__main__":
    main()
