import copy

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Subset


def local_train(model, dataset, epochs=1, batch_size=32, lr=0.01):
    loader = DataLoader(dataset, batch_size=batch_size, shuffle=True, num_workers=2, pin_memory=True)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    model.train()
    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True)).backward()
            opt.step()
    return model


class SimulatedClient:
    def __init__(self, cid, dataset, indices, codec):
        self.cid = cid
        self.data = Subset(dataset, indices)
        self.codec = codec

    def run_round(self, global_model, global_flat):
        local = copy.deepcopy(global_model).cuda()
        local_train(local, self.data)
        flat = torch.cat([p.detach().flatten() for p in local.parameters()])
        vals, idx = self.codec.compress(flat - global_flat.cuda(non_blocking=True))
        return vals, idx.cpu().tolist(), float(len(self.data))
