import random, sys
def room(rng, w, h, b, wh, arrows):
    cells = ["B"]*b + ["W"]*wh + ["x"]*arrows
    cells += ["."]*(w*h-len(cells)); rng.shuffle(cells)
    return "/".join("".join(cells[r*w:(r+1)*w]) for r in range(h))
seed=int(sys.argv[1]); n=int(sys.argv[2]); w=int(sys.argv[3]); h=int(sys.argv[4])
rng=random.Random(seed)
for i in range(n):
    ps = rng.choice([1,2])
    empty = rng.randint(w*h-6, w*h-2*ps)
    print("amazons:"+room(rng,w,h,ps,ps,w*h-2*ps-empty))
