import torch


@torch.no_grad()
def embed_sliding(model, audio, sr, win_s, hop_s):
    win, hop = int(sr * win_s), int(sr * hop_s)
    for start in range(0, max(1, audio.shape[0] - win + 1), hop):
        w = torch.empty(win, dtype=torch.float32, pin_memory=True)
        w.copy_(audio[start : start + win])
        yield start / sr, model(w.cuda(non_blocking=True).unsqueeze(0))[0].cpu()
