# Pinned host-to-device copies on this machine (PyTorch): one 8 MB copy, and the same
# 8 MB as 32, 16 and 8 async copies on one stream; medians of 50.
import torch, time, statistics
dev = torch.device("cuda:0")
for mb in (8, 16):
    n = mb << 20
    h = torch.empty(n, dtype=torch.uint8).pin_memory()
    d = torch.empty(n, dtype=torch.uint8, device=dev)
    s = torch.cuda.Stream()
    for parts in (1, 8, 16, 32, 64):
        ts = []
        for rep in range(50):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            with torch.cuda.stream(s):
                step = n // parts
                for k in range(parts):
                    d[k * step:(k + 1) * step].copy_(h[k * step:(k + 1) * step], non_blocking=True)
            s.synchronize()
            ts.append(time.perf_counter() - t0)
        m = statistics.median(ts)
        print(f"{mb} MB in {parts:2d} copies: {m*1e6:7.1f} us ({n/m/1e9:5.1f} GB/s)")
