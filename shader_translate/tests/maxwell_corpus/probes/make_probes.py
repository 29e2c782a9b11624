# Usage: ENVYDIS=path/to/envydis python3 make_probes.py PER_FORM   (the committed set: 10)
# Probe words for the decoder test: for every form of the decoder's table, random words
# with the form's opcode bits fixed; envydis lists them. Accepted words go to
# accepted.bin/.dis (decoder must print the same), rejected ones to rejected.bin/.dis.
import os, re, random, struct, subprocess, sys
HERE = os.path.dirname(os.path.abspath(__file__))
ENVYDIS = os.environ.get('ENVYDIS', 'envydis')
random.seed(16)
src = open(os.path.join(HERE, '../../../src/maxwell/decode/table.rs')).read()
consts = dict(re.findall(r'const (M\w+): u64 = (0x[0-9a-f_]+);', src))
def ev(e):
    e = e.replace('u64', '')
    for k, v in consts.items():
        e = re.sub(r'\b%s\b' % k, v, e)
    return eval(e.replace('_', '') if 'x' in e else e)
forms = []
for m in re.finditer(r'form!\(([^,]+), ([^,]+), "(\w+)"', src):
    forms.append((ev(m.group(1)), ev(m.group(2)), m.group(3)))
for m in re.finditer(r'alu!\("(\w+)", ([^,]+), ([^,]+), ([^,]+), ([^,]+), ([^,]+),', src):
    name = m.group(1); mk, mi = ev(m.group(2)), ev(m.group(3))
    for v, mm in ((m.group(4), mk), (m.group(5), mk), (m.group(6), mi)):
        forms.append((ev(v), mm, name))
for m in re.finditer(r'alu4!\("(\w+)", ([^,]+), ([^,]+), ([^,]+), ([^,]+), ([^,]+), ([^,]+),', src):
    name = m.group(1); mk, mi = ev(m.group(2)), ev(m.group(3))
    for v, mm in ((m.group(4), mk), (m.group(5), mk), (m.group(6), mk), (m.group(7), mi)):
        forms.append((ev(v), mm, name))
print(len(forms), 'forms', file=sys.stderr)
words = []
for value, mask, name in forms:
    for k in range(int(sys.argv[1])):
        r = random.getrandbits(64)
        if k % 2 == 0:
            r |= 7 << 16  # most with no guard, so other fields show
            r &= ~(1 << 19)
        words.append(value | (r & ~mask))
def listing(ws, path):
    stream = []
    for i, w in enumerate(ws):
        if i % 3 == 0:
            stream.append(random.getrandbits(63))
        stream.append(w)
    while len(stream) % 4:
        stream.append(0x50b0000000070f00)
    open(path + '.bin', 'wb').write(b''.join(struct.pack('<Q', w) for w in stream))
    out = subprocess.run([ENVYDIS, '-m', 'gm107', '-i', path + '.bin'],
                         capture_output=True, text=True).stdout
    return re.sub(r'\x1b\[[0-9;]*m', '', out)
tmp = listing(words, os.path.join(HERE, 'all'))
acc, rej = [], []
for line in tmp.splitlines():
    if not line.strip() or 'sched' in line: continue
    off, rest = line.split(': ', 1)
    t = rest.split()
    w = (int(t[1], 16) << 32) | int(t[0], 16)
    (rej if '???' in line else acc).append(w)
os.remove(os.path.join(HERE, 'all.bin'))
d = HERE + '/'
open(d + 'accepted.dis', 'w').write(listing(acc, d + 'accepted'))
open(d + 'rejected.dis', 'w').write(listing(rej, d + 'rejected'))
print(len(acc), 'accepted', len(rej), 'rejected', file=sys.stderr)
