#!/usr/bin/env python3
"""Recompute a die of an Il Giglio campaign from the phase's revealed seed.

A club checks the referee's dice with nothing but Python 3: every die is drawn from
ChaCha20 (RFC 8439, counter and nonce 0) keyed with SHA-256 of the phase's seed (its 32
bytes, the hex a report reveals decoded) and the roll's event id, as 32-bit
little-endian words; a word at or above the largest multiple of the die's faces below
2^32 is drawn again, and the face is the word modulo the faces, plus one. A battle
auto-resolved under the ruling `battle_dice_stream` draws all its dice one after the
other from one stream, keyed with SHA-256("giglio/battle-dice/v1\\0" + seed + battle id).

    scripts/roll.py SEED EVENT SIDES           one die: scripts/roll.py cda7…a6e1 siege/F8/r05 6
    scripts/roll.py SEED --battle ID SIDES...  a battle's dice in order: … --battle 1494-r03-M3 6 6 10
    scripts/roll.py --commitment SEED          the SHA-256 a report published before the phase

The event ids are those `giglio log --dice` lists beside each roll.
"""

import hashlib
import struct
import sys

MASK = 0xFFFFFFFF
BATTLE_TAG = b"giglio/battle-dice/v1\0"


def _quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK
    s[d] ^= s[a]
    s[d] = ((s[d] << 16) | (s[d] >> 16)) & MASK
    s[c] = (s[c] + s[d]) & MASK
    s[b] ^= s[c]
    s[b] = ((s[b] << 12) | (s[b] >> 20)) & MASK
    s[a] = (s[a] + s[b]) & MASK
    s[d] ^= s[a]
    s[d] = ((s[d] << 8) | (s[d] >> 24)) & MASK
    s[c] = (s[c] + s[d]) & MASK
    s[b] ^= s[c]
    s[b] = ((s[b] << 7) | (s[b] >> 25)) & MASK


def words(key):
    """The ChaCha20 keystream of `key` (32 bytes), nonce 0, from block 0, as words."""
    constants = struct.unpack("<4I", b"expand 32-byte k")
    k = struct.unpack("<8I", key)
    counter = 0
    while True:
        start = list(constants) + list(k) + [counter & MASK, counter >> 32, 0, 0]
        s = start[:]
        for _ in range(10):
            _quarter(s, 0, 4, 8, 12)
            _quarter(s, 1, 5, 9, 13)
            _quarter(s, 2, 6, 10, 14)
            _quarter(s, 3, 7, 11, 15)
            _quarter(s, 0, 5, 10, 15)
            _quarter(s, 1, 6, 11, 12)
            _quarter(s, 2, 7, 8, 13)
            _quarter(s, 3, 4, 9, 14)
        for i in range(16):
            yield (s[i] + start[i]) & MASK
        counter += 1


def draw(stream, sides):
    """One face of a die of `sides` faces from the stream of words, unbiased."""
    limit = 2**32 - 2**32 % sides
    for w in stream:
        if w < limit:
            return w % sides + 1
    raise RuntimeError("the stream ended")


def face(seed_hex, event, sides):
    """The face of the die of `event`, drawn from the phase's seed."""
    key = hashlib.sha256(bytes.fromhex(seed_hex) + event.encode("utf-8")).digest()
    return draw(words(key), sides)


def battle(seed_hex, battle_id, sides_list):
    """The dice of an auto-resolved battle, in the order the game rolled them."""
    key = hashlib.sha256(BATTLE_TAG + bytes.fromhex(seed_hex) + battle_id.encode("utf-8")).digest()
    stream = words(key)
    return [draw(stream, sides) for sides in sides_list]


def main(args):
    if len(args) == 2 and args[0] == "--commitment":
        print(hashlib.sha256(bytes.fromhex(args[1])).hexdigest())
    elif len(args) >= 4 and args[1] == "--battle":
        print(" ".join(str(f) for f in battle(args[0], args[2], [int(n) for n in args[3:]])))
    elif len(args) == 3:
        print(face(args[0], args[1], int(args[2])))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
