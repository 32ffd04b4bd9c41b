#!/usr/bin/env python3
"""Check a nimlab periodicity certificate without nimlab.

    python3 tools/verify_certificate.py FILE... [--json] [--mode auto|quadratic|sparse]

Written from the definitions (docs/CERTIFICATES.md), with the Python
standard library only. A certificate is one line of JSON, a newline, and a
zlib block holding G(0..W-1) (one byte a value for "u8", two bytes
little-endian for "u16le"); the header claims G(n+p) = G(n) + s for every
n >= n0 and names the theorem that proves it from the W values.

Every value is computed again from the rules (mex over every move, or the
sparse-space check for long windows of octal games), the theorem's
hypotheses are checked, and so is the claim. The verdict names the first
check that fails; the names are those of `nimlab verify`.

Exit status: 0 every file verified, 1 one was refused, 2 bad input.
"""

import hashlib
import json
import sys
import zlib

QUADRATIC_LIMIT = 3000  # longest window "auto" checks by the definition


class Refused(Exception):
    def __init__(self, check, reason, heap=-1):
        Exception.__init__(self, reason)
        self.check, self.reason, self.heap = check, reason, heap


class BadInput(Exception):
    pass


# ---- rules: d0.d1d2... with digits 0-9 A-Z, {i,j} lists, [..] repeated ----

def parse_rules(s):
    """Return (digits, repeat): digits[j] has bit i set when removing j
    tokens may leave exactly i non-empty heaps; the last `repeat` digits
    repeat for ever (0: digits beyond the list are 0)."""
    def value(c):
        if '0' <= c <= '9':
            return ord(c) - ord('0')
        if 'A' <= c <= 'Z':
            return ord(c) - ord('A') + 10
        return None
    if '.' not in s:
        raise ValueError("%r has no point" % s)
    before, after = s.split('.', 1)
    if before in ('', '0'):
        digits = [0]
    elif len(before) == 1 and value(before) is not None:
        if value(before) & 3:
            raise ValueError("the digit before the point would allow leaving 0 or 1 heap without taking")
        digits = [value(before)]
    else:
        raise ValueError("%r before the point is not one digit" % before)
    open_at, closed, i = -1, False, 0
    while i < len(after):
        c = after[i]
        if closed:
            raise ValueError("%r follows the closing bracket" % after[i:])
        if c == '[' and open_at < 0:
            open_at = len(digits)
        elif c == ']' and 0 <= open_at < len(digits):
            closed = True
        elif c == '{':
            end = after.find('}', i)
            if end < 0:
                raise ValueError("unclosed brace")
            d = 0
            for part in after[i + 1:end].split(','):
                part = part.strip()
                if not part.isdigit() or int(part) > 63:
                    raise ValueError("%r in braces is not a heap count 0..63" % part)
                d |= 1 << int(part)
            digits.append(d)
            i = end
        elif value(c) is not None:
            digits.append(value(c))
        else:
            raise ValueError("unexpected %r (modifiers are not covered by any theorem)" % c)
        i += 1
    if open_at >= 0 and not closed:
        raise ValueError("unclosed bracket")
    if len(digits) == 1:
        raise ValueError("no digit after the point")
    repeat = 0
    if closed:
        repeat = len(digits) - open_at
        if not any(digits[open_at:]):
            digits, repeat = digits[:open_at], 0
    if repeat == 0:
        while len(digits) > 1 and digits[-1] == 0:
            digits.pop()
    return digits, repeat


def digit_at(rules, j):
    digits, repeat = rules
    if j < len(digits):
        return digits[j]
    if repeat == 0:
        return 0
    start = len(digits) - repeat
    return digits[start + (j - start) % repeat]


def max_heaps(digits):
    return max(d.bit_length() - 1 for d in digits) if any(digits) else 0


# ---- G(n) by the definition ----

def option_values(rules, g, n):
    """The set of values of every option of a heap of n (g holds G(0..n-1))."""
    seen = set()
    for j in range(n + 1):
        d = digit_at(rules, j)
        if not d:
            continue
        rest = n - j
        if rest == 0:
            if j > 0 and d & 1:
                seen.add(0)
            continue
        for i in range(1, min(63, rest) + 1):
            if not d >> i & 1:
                continue
            if i == 1:
                if j > 0:
                    seen.add(g[rest])
            elif i == 2:
                for a in range(1, rest // 2 + 1):
                    seen.add(g[a] ^ g[rest - a])
            else:
                parts(g, rest, i, 1, 0, seen)
    return seen


def parts(g, rest, i, least, x, seen):
    """Add the XOR of every way to write rest as i parts >= least."""
    if i == 1:
        seen.add(x ^ g[rest])
        return
    p = least
    while p * i <= rest:
        parts(g, rest - p, i - 1, p, x ^ g[p], seen)
        p += 1


def mex(s):
    v = 0
    while v in s:
        v += 1
    return v


# ---- the sparse-space check (octal codes: digits 0-7) ----

def parity(x):
    return bin(x).count('1') & 1


def choose_space(g, split):
    """Mask M, flag t and the rare class pi, where the class of heap x is
    parity(G(x) & M) xor t*(x mod 2). A split of n - j reaching G(n) needs
    its parts' classes to differ when cls(n) xor t*(j mod 2) is 1: then only
    the splits with a part of class pi are looked at. t = 0: pi = 0; t = 1
    (split digits all of parity pi): class pi. Fewest heaps of class pi."""
    top = 1
    while top <= max(g):
        top <<= 1
    count = {}
    for x in range(1, len(g)):
        key = (g[x], x & 1)
        count[key] = count.get(key, 0) + 1
    parities = set(j & 1 for j in split)
    pi = parities.pop() if len(parities) == 1 else None
    best, best_n = (0, 0, 0), len(g) + 1
    for mask in range(1, min(top, 512)):
        c = [[0, 0], [0, 0]]
        for (v, odd), k in count.items():
            p = parity(v & mask)
            c[0][p] += k
            c[1][p ^ odd] += k
        if c[0][0] < best_n:
            best, best_n = (mask, 0, 0), c[0][0]
        if pi is not None and c[1][pi] < best_n:
            best, best_n = (mask, 1, pi), c[1][pi]
    return best


class Sparse:
    def __init__(self, digits, g):
        self.g = g
        self.whole = [j for j, d in enumerate(digits) if j > 0 and d & 1]
        self.take = [j for j, d in enumerate(digits) if j > 0 and d & 2]
        self.split = [j for j, d in enumerate(digits) if d & 4]
        self.mask, self.t, rare_class = choose_space(g, self.split)
        self.rare = [x for x in range(1, len(g))
                     if parity(g[x] & self.mask) ^ (self.t * (x & 1)) == rare_class]

    def ok(self, n):
        g, v = self.g, self.g[n]
        seen = set(0 for j in self.whole if j == n)
        seen.update(g[n - j] for j in self.take if j < n)
        if v in seen:
            return False
        gp = parity(v & self.mask)
        full = any(n - j >= 2 and gp ^ (self.t * ((n - j) & 1)) == 0 for j in self.split)
        if full:  # g may be reached by splits of two common heaps: look at all
            for j in self.split:
                r = n - j
                seen.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1))
            return v not in seen and all(u in seen for u in range(v))
        for j in self.split:  # only splits with a rare part can reach v
            r = n - j
            for x in self.rare:
                if x >= r:
                    break
                seen.add(g[x] ^ g[r - x])
        if v in seen:
            return False
        missing = set(u for u in range(v) if u not in seen)
        longest = max([n - j for j in self.split] or [0])
        a = 1
        while missing and 2 * a <= longest:
            for j in self.split:
                r = n - j
                if 2 * a <= r:
                    missing.discard(g[a] ^ g[r - a])
            a += 1
        return not missing


# ---- the theorems' side conditions ----

def nim_lemma_holds(digits, repeat):
    return repeat > 0 and digits[0] == 0 and all(d & 3 == 3 for d in digits[1:])


def threes_tail(digits, repeat):
    """(T, ones, splits) of an infinite code of digits 0-7 whose repeated
    digits are 3 and whose digit before the point is 0 or 4; else None."""
    if repeat == 0 or any(d > 7 for d in digits) or digits[0] not in (0, 4):
        return None
    start = len(digits) - repeat
    if any(d != 3 for d in digits[start:]):
        return None
    T = start - 1
    while T >= 1 and digits[T] == 3:
        T -= 1
    T = max(T, 0)
    rules = (digits, repeat)
    ones = [j for j in range(1, T + 1) if digit_at(rules, j) & 2]
    splits = [j for j in range(T + 1) if digit_at(rules, j) & 4]
    return T, ones, splits


def check_threes_tail(g, T, ones, splits, P, S, n0, nc):
    left = set(g[:nc + P - T])
    right = set(range(S)) | set(v + S for v in g[:nc - T])
    if left != right:
        raise Refused("threes-tail-b", "the values before heap %d are not those before heap %d shifted by %d, with 0..%d"
                      % (nc + P - T, nc - T, S, S - 1))
    if not splits:
        return
    sigma = S & -S
    low, c = [0] * P, [0] * P
    for n in range(n0, n0 + P):
        low[n % P] = g[n] & (sigma - 1)
        c[n % P] = P * g[n] - S * n
    for r in range(P):
        for j in splits:
            for ra in range(P):
                rb = (r - j - ra) % P
                if low[ra] ^ low[rb] == low[r] and c[ra] + c[rb] - S * j >= c[r]:
                    raise Refused("threes-tail-c", "residues %d + %d (removing %d) may reach the value of residue %d" % (ra, rb, j, r))
            for b in range(1, n0):
                if g[b] < sigma:
                    continue
                ra = (r - j - b) % P
                if low[ra] ^ (g[b] & (sigma - 1)) == low[r] and c[ra] + P * g[b] - S * (j + b) >= c[r]:
                    raise Refused("threes-tail-c", "heap %d with residue %d (removing %d) may reach the value of residue %d" % (b, ra, j, r))
    small = [b for b in range(1, len(g)) if g[b] < sigma]
    for N in range(nc, nc + P):
        before = set(g[:N - T])
        recent = set(g[N - j] for j in ones if N - j >= 1)
        for u in range(g[N]):
            if u in before or u in recent:
                continue
            if not any(g[N - j - b] ^ g[b] == u for j in splits for b in small if N - j - b >= max(n0, 1)):
                raise Refused("threes-tail-e", "heap %d: its option value %d has no split witness that shifts by the period" % (N, u))


def prime_factors(n):
    out, q = [], 2
    while q * q <= n:
        if n % q == 0:
            out.append(q)
            while n % q == 0:
                n //= q
        q += 1
    if n > 1:
        out.append(n)
    return out


# ---- the verdict ----

def read_certificate(path):
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError as e:
        raise BadInput("%s: %s" % (path, e))
    nl = data.find(b'\n')
    if nl < 0:
        raise BadInput("%s: not a nimlab certificate: no header line" % path)
    try:
        h = json.loads(data[:nl].decode('utf-8'))
    except ValueError as e:
        raise BadInput("%s: not a nimlab certificate: header is not JSON (%s)" % (path, e))
    if not isinstance(h, dict) or h.get('format') != 'nimlab-certificate':
        raise BadInput("%s: not a nimlab certificate" % path)
    if h.get('version') != 1:
        raise BadInput("%s: format version %r; this program reads version 1" % (path, h.get('version')))
    # a field left out counts as 0 or "" (as in the Go checker)
    fields = {'game': {'rules': '', 'name': ''},
              'claim': {'period': 0, 'preperiod': 0, 'saltus': 0},
              'theorem': {'name': '', 'window': 0, 'heaps': 0, 'k': 0, 'base': 0, 'multiple': 0},
              'values': {'count': 0, 'encoding': '', 'compression': '', 'bytes': 0, 'sha256': ''}}
    for part, defaults in fields.items():
        given = h.get(part) or {}
        if not isinstance(given, dict):
            raise BadInput("%s: header field %r is not an object" % (path, part))
        for key, zero in defaults.items():
            value = given.get(key, zero)
            if type(value) is not type(zero):
                raise BadInput("%s: header field %s.%s is not a %s" % (path, part, key, type(zero).__name__))
            given[key] = value
        h[part] = given
    return h, data[nl + 1:]


def decode_block(b, block):
    if len(block) != b['bytes']:
        raise Refused("block-length", "the header announces %d bytes of values, the file has %d" % (b['bytes'], len(block)))
    width = {'u8': 1, 'u16le': 2}.get(b['encoding'])
    if b['compression'] != 'zlib' or width is None:
        raise Refused("block-decode", "unknown compression or encoding")
    try:
        raw = zlib.decompress(block)
    except zlib.error as e:
        raise Refused("block-decode", "the block does not inflate (%s)" % e)
    if len(raw) != b['count'] * width:
        raise Refused("block-count", "the block does not hold %d values" % b['count'])
    if hashlib.sha256(raw).hexdigest() != b['sha256']:
        raise Refused("block-sha256", "the values do not hash to the header's SHA-256")
    if width == 1:
        return list(raw)
    return [raw[i] | raw[i + 1] << 8 for i in range(0, len(raw), 2)]


def verify(h, block, mode='auto'):
    """Return the list of checks passed; raise Refused at the first failure."""
    passed = []
    g = decode_block(h['values'], block)
    passed.append('block')
    th, claim, rules_text = h['theorem'], h['claim'], h['game']['rules']
    count = len(g)
    if th['window'] != count or count == 0:
        raise Refused("window", "the theorem's window is %d values, the block holds %d" % (th['window'], count))
    try:
        digits, repeat = parse_rules(rules_text)
    except ValueError as e:
        raise Refused("rules", str(e))
    rules = (digits, repeat)
    passed.append('rules')
    p, n0, s = claim['period'], claim['preperiod'], claim['saltus']
    if p < 1 or n0 < 0:
        raise Refused("claim", "a period is at least 1, a preperiod at least 0")
    name = th['name']
    if name in ('guy-smith', 'finite-window'):
        if repeat:
            raise Refused("theorem", "%s covers finite codes" % name)
        m, k = max_heaps(digits), len(digits) - 1
        if (m >= 2) != (name == 'guy-smith'):
            raise Refused("theorem", "moves of %s leave up to %d heaps: not the %s theorem" % (rules_text, m, name))
        if th['k'] != k or (m >= 2 and th['heaps'] != m):
            raise Refused("theorem", "the rules give k = %d and %d heaps, the header says otherwise" % (k, m))
        if s != 0:
            raise Refused("saltus", "the %s theorem proves ordinary periods (saltus 0)" % name)
        n1 = max(n0, 1)
        needed = n1 + p + k if m <= 1 else m * (n1 + p) + k
    elif name == 'nim-lemma':
        if not nim_lemma_holds(digits, repeat):
            raise Refused("theorem", "the Nim lemma does not apply to %s" % rules_text)
        if s != 1:
            raise Refused("saltus", "the Nim lemma proves G(n) = n: saltus 1")
        if n0 != 0:
            raise Refused("preperiod", "the Nim lemma proves G(n) = n: preperiod 0")
        if p != 1:
            raise Refused("period", "the Nim lemma proves G(n) = n: period 1")
        needed = 1
    elif name == 'threes-tail':
        tail = threes_tail(digits, repeat)
        if tail is None:
            raise Refused("theorem", "the threes-tail certificate does not apply to %s" % rules_text)
        if s < 1:
            raise Refused("saltus", "the threes-tail certificate proves arithmetic periods (saltus >= 1)")
        c, nc = th['multiple'], th['base']
        if c < 1:
            raise Refused("theorem", "period multiple %d: it must be at least 1" % c)
        T, ones, splits = tail
        least = max(T + 1, n0 + T, 2 * n0 + T if splits else 0)
        if nc < least:
            raise Refused("theorem", "base heap %d: the certificate needs one of at least %d" % (nc, least))
        needed = nc + c * p if c == 1 else max(nc + c * p, n0 + (c + 1) * p)
    else:
        raise Refused("theorem", "unknown theorem %r" % name)
    passed.append('theorem')

    octal = repeat == 0 and all(d <= 7 for d in digits)
    if mode == 'auto':
        mode = 'sparse' if count > QUADRATIC_LIMIT and octal else 'quadratic'
    if mode == 'sparse' and not octal:
        raise BadInput("the sparse-space check covers finite octal codes (digits 0-7)")
    sp = Sparse(digits, g) if mode == 'sparse' else None
    progress = sys.stderr.isatty() and count > 100000
    for n in range(count):
        if progress and n % 65536 == 0:
            sys.stderr.write("\r%s: %d of %d values checked" % (rules_text, n, count))
        if (sp.ok(n) if sp else mex(option_values(rules, g, n)) == g[n]):
            continue
        want = mex(option_values(rules, g, n))
        raise Refused("value", "G(%d) is %d by the definition, the certificate says %d" % (n, want, g[n]), n)
    if progress:
        sys.stderr.write("\r" + " " * 60 + "\r")
    passed.append('values')

    for n in range(n0, count - p):
        if g[n + p] != g[n] + s:
            raise Refused("periodicity", "G(%d) = %d but G(%d) + %d = %d" % (n + p, g[n + p], n, s, g[n] + s), n)
    passed.append('periodicity')

    def at(n):  # beyond the window, the claim
        if n < count:
            return g[n]
        q = (n - count + p) // p
        return g[n - q * p] + q * s
    if n0 > 0 and at(n0 - 1 + p) == at(n0 - 1) + s:
        raise Refused("preperiod", "G(%d) = G(%d) + %d already: the preperiod is less than %d" % (n0 - 1 + p, n0 - 1, s, n0), n0 - 1)
    passed.append('preperiod')
    for q in prime_factors(p):
        d = p // q
        if s % q == 0 and all(at(n + d) == at(n) + s // q for n in range(n0, n0 + p)):
            raise Refused("period", "G(n+%d) = G(n) + %d for every n >= %d: the period is at most %d" % (d, s // q, n0, d))
    passed.append('period')
    if count < needed:
        raise Refused("window", "the %s needs G(0..%d), the certificate has G(0..%d)" % (name, needed - 1, count - 1))
    passed.append('window')
    if name == 'threes-tail':
        c = th['multiple']
        for n in range(n0, count - c * p):
            if g[n + c * p] != g[n] + c * s:
                raise Refused("periodicity", "G(%d) != G(%d) + %d" % (n + c * p, n, c * s), n)
        check_threes_tail(g, T, ones, splits, c * p, c * s, n0, nc)
        passed.append('threes-tail')
    return passed, mode


def main(argv):
    files = [a for a in argv if not a.startswith('--')]
    flags = [a for a in argv if a.startswith('--')]
    mode = 'auto'
    for f in flags:
        if f.startswith('--mode='):
            mode = f[len('--mode='):]
        elif f != '--json':
            print("verify_certificate: unknown option %s (use --json, --mode=auto|quadratic|sparse)" % f, file=sys.stderr)
            return 2
    if mode not in ('auto', 'quadratic', 'sparse') or not files:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    reports, refused = [], 0
    for path in files:
        try:
            h, block = read_certificate(path)
            claim = h.get('claim', {})
            rep = {'file': path, 'rules': h['game']['rules'], 'theorem': h['theorem']['name'],
                   'period': claim['period'], 'preperiod': claim['preperiod'], 'saltus': claim['saltus']}
            try:
                rep['checks'], rep['mode'] = verify(h, block, mode)
                rep.update(verified=True, check='', reason='', heap=-1)
            except Refused as r:
                rep.update(verified=False, check=r.check, reason=r.reason, heap=r.heap)
                refused += 1
        except (BadInput, KeyError, TypeError) as e:
            print("verify_certificate: %s" % (e if isinstance(e, BadInput) else "%s: bad header (%r)" % (path, e)), file=sys.stderr)
            return 2
        reports.append(rep)
        if '--json' not in flags:
            if rep['verified']:
                print("%s: %s: period %d, preperiod %d, saltus %d: VERIFIED (%s, %s)" % (
                    path, rep['rules'], rep['period'], rep['preperiod'], rep['saltus'], rep['theorem'], rep['mode']))
            else:
                print("%s: %s: REFUSED by check %r: %s" % (path, rep['rules'], rep['check'], rep['reason']))
    if '--json' in flags:
        json.dump(reports[0] if len(reports) == 1 else reports, sys.stdout, indent=2)
        print()
    return 1 if refused else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
