import argparse

import torch
from torch.utils.data import DataLoader

from .config import OcrConfig
from .datasets import CropDataset


def finetune(cfg, model, ds_root):
    opt = torch.optim.Adam(model.parameters(), 1e-4)
    ctc = torch.nn.CTCLoss(zero_infinity=True)
    for epoch in range(cfg.finetune_epochs):
        ds = CropDataset(ds_root, epoch=epoch)  # new hard-negative mix each epoch
        loader = DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, num_workers=cfg.workers,
                            pin_memory=True, collate_fn=CropDataset.collate)
        for imgs, targets, in_lens, tgt_lens in loader:
            logits = model(imgs.cuda(non_blocking=True)).log_softmax(-1)
            loss = ctc(logits.permute(1, 0, 2), targets, in_lens, tgt_lens)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    a = ap.parse_args()
    finetune(OcrConfig(), torch.jit.load("weights/crnn.ts").cuda().train(), a.root)
