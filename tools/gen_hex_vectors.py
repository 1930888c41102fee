#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Known answers for the hex codec (src/common/hex.c), from Python's own codec: bytes.hex()
for encoding, bytes.fromhex() for decoding, and string.hexdigits for where a bad string's
first non-digit lies. Writes tests/data/hex_vectors.txt:

  encode DECIMAL,BYTES LOWERCASE_HEX      (an empty byte string is "-" and "-")
  decode ANY_CASE_HEX LOWERCASE_HEX       (the same bytes, decoded then encoded)
  bad STRING INDEX                        (STRING of an even length, "_" for a space; INDEX
                                          its first non-digit)

usage: tools/gen_hex_vectors.py > tests/data/hex_vectors.txt"""
import random
import string

rng = random.Random(20261201)
print("# hex codec known answers: tools/gen_hex_vectors.py (Python bytes.hex/fromhex)")
for n in [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 48, 63, 64, 100]:
    b = bytes(rng.randrange(256) for _ in range(n))
    print("encode %s %s" % (",".join(str(x) for x in b) or "-", b.hex() or "-"))
print("encode %s %s" % (",".join(str(x) for x in range(256)), bytes(range(256)).hex()))
for n in [1, 3, 4, 8, 13, 48]:
    b = bytes(rng.randrange(256) for _ in range(n))
    mixed = "".join(c.upper() if rng.random() < 0.5 else c for c in b.hex())
    assert bytes.fromhex(mixed) == b
    print("decode %s %s" % (mixed, b.hex()))
# Bad strings: a non-digit at every position class (first, middle, last; high and low
# digit of a byte; in and after a four-byte step), digit neighbours of the ranges.
for s in ["0g", "g0", "0x12", "12 4", "1234567g", "123456789abcdeZ0", "0123456789abcdef:0",
          "/0", "@0", "`0", "G0", "0~", "a" * 76 + ".a"]:
    assert len(s) % 2 == 0
    idx = next(i for i, c in enumerate(s) if c not in string.hexdigits)
    try:
        bytes.fromhex(s)
        raise AssertionError(s)
    except ValueError:
        pass
    print("bad %s %d" % (s.replace(" ", "_"), idx))  # "_": a space, so that the line splits
