#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the seed corpora of the fuzz targets (tests/fuzz/corpus/NAME/): small valid and
near-valid inputs, each a file named for what it is. Run from anywhere; rewrites the files it
owns and leaves the others (regression inputs of findings) alone."""
import hashlib
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def put(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def argv(*args):
    return b"\0".join(a.encode() for a in args)


# ---- options: argv split at NUL bytes (argv[0] is added by the target) ----
put("options", "run_filter_seed", argv("run", "--filter", "atomic_fence*", "--seed", "010"))
put("options", "bench_all", argv("bench", "--samples", "5", "--warmup=0", "--csv", "b.csv", "--json", "-",
                                 "--canary", "0xff", "--scale", "0.5", "--time-budget", "1e3", "-v"))
put("options", "run_reports", argv("run", "--junit", "r.xml", "--tap", "--timeout", "2.5", "--no-cache",
                                   "--device=opencl:0:0"))
put("options", "child", argv("__child", "--test", "suite.name", "--device", "cuda:0", "--device-name", "H100",
                             "--timeout", "60", "--samples", "3"))
put("options", "list_json", argv("list", "--json", "--filter", "fk20.*"))
put("options", "info_device", argv("info", "--device", "pthread", "--no-cache"))
put("options", "help_bench", argv("--help", "bench"))
put("options", "version", argv("--version"))
put("options", "bad_same_report", argv("run", "--json", "a", "--junit", "a"))
put("options", "bad_value_option", argv("run", "--json", "--tap"))
put("options", "bad_timeout", argv("run", "--timeout", "-1"))
put("options", "bad_wrong_command", argv("devices", "--samples", "3"))

# ---- result_io: what an isolated child writes on its result pipe (token f00d-token) ----
put("result_io", "record_full",
    "cache-loading /c/gpucheck/0a.bin\ncache-loaded\nbegin f00d-token\noutcome FAIL\n"
    "reason two\\nlines \\\\ back\nlog a log\\nline\nchecks 42\nwork 1.5e9\n"
    "figure 12.5 GB/s bandwidth\nfigure 3 - count of things\nsample 1.25\nsample 0.5\nend\n")
put("result_io", "record_pass", "begin f00d-token\noutcome PASS\nend\n")
put("result_io", "record_skip", "begin f00d-token\noutcome SKIP\nreason no sub-groups\nchecks 0\nwork 0\nend\n")
put("result_io", "bad_no_end", "begin f00d-token\noutcome PASS\n")
put("result_io", "bad_token", "begin other\noutcome PASS\nend\n")
put("result_io", "bad_glued", "progress: 50%begin f00d-token\noutcome PASS\nend\n")
put("result_io", "bad_two_outcomes", "begin f00d-token\noutcome PASS\noutcome FAIL\nend\n")
put("result_io", "bad_number", "begin f00d-token\noutcome PASS\nchecks 12abc\nend\n")
put("result_io", "cache_loading_only", "cache-loading /c/x.bin\n")
# A value of 100 digits is a whole number: the target's own reading once took it for a
# malformed line (a fixed-size copy), a false finding fixed in the target.
put("result_io", "regress_figure_long_number",
    "begin f00d-token\noutcome PASS\nfigure 12." + "4" * 100 + " GB/s band width\nend\n")
# Found by fuzz_result_io: the value ran into the unit ("1o2.5"), accepted before the fix.
put("result_io", "regress_figure_value_glued", "begin f00d-token\noutcome FAIL\nfigure 1o2.5 GB/s x\nend\n")

# ---- result_progress: byte 0 is the step (+1) by which the stream grows between reads;
# the rest is what a benchmark's process writes before its record ----
def progress(step, text):
    return bytes([step - 1]) + text.encode()


put("result_progress", "warmup_then_samples",
    progress(7, "progress warm-up 0 3\nprogress warm-up 1 3\nprogress warm-up 2 3\nprogress warm-up 3 3\n"
                "progress samples 0 -\nprogress samples 1 -\nprogress samples 14 0.00812\n"
                "progress samples 100 1.5e-05\nbegin f00d-token\noutcome PASS\nend\n"))
put("result_progress", "whole_at_once", progress(256, "progress samples 2 0.5\nprogress samples 3 0.25\n"))
put("result_progress", "byte_by_byte", progress(1, "progress warm-up 1 1\nprogress samples 9 0\n"))
put("result_progress", "cache_lines_between",
    progress(5, "cache-loading /c/gpucheck/0a.bin\nprogress warm-up 1 2\ncache-loaded\nprogress samples 4 0.1\n"))
put("result_progress", "after_record_ignored",
    progress(3, "progress samples 4 0.1\nbegin f00d-token\nprogress samples 9 0.2\nend\n"))
put("result_progress", "line_not_ended", progress(4, "progress samples 4 0.1\nprogress samples 5 0.0"))
put("result_progress", "bad_warmup_past_total", progress(8, "progress warm-up 4 3\n"))
put("result_progress", "bad_warmup_zero_total", progress(8, "progress warm-up 0 0\n"))
put("result_progress", "bad_count_too_large", progress(8, "progress samples 4294967296 0.1\n"))
put("result_progress", "bad_cv_negative", progress(8, "progress samples 3 -0.1\n"))
put("result_progress", "bad_cv_inf", progress(8, "progress samples 3 inf\nprogress samples 3 1e999\n"))
put("result_progress", "bad_fourth_field", progress(8, "progress samples 3 0.1 x\n"))
put("result_progress", "bad_sign_count", progress(8, "progress samples +3 0.1\nprogress warm-up 1 0x3\n"))
put("result_progress", "bad_nul_in_line", progress(8, "progress samples 3\0 0.1\n"))
put("result_progress", "bad_unknown_phase", progress(8, "progress cooling 1 2\nprogress  samples 1 -\n"))

# ---- cache: entry files for the key 00 01 .. 1f ----
KEY = bytes(range(32))


def entry(blob, key=KEY, magic=b"GCCACHE1", length=None, checksum=None):
    return (magic + key + struct.pack("<Q", len(blob) if length is None else length) +
            (hashlib.sha256(blob).digest() if checksum is None else checksum) + blob)


put("cache", "entry_valid", entry(b"binary module bytes\0\x01\x02"))
put("cache", "entry_one_byte", entry(b"\x7f"))
put("cache", "bad_checksum", entry(b"binary module bytes", checksum=bytes(32)))
put("cache", "bad_trailing_byte", entry(b"binary module bytes") + b"!")
put("cache", "bad_length_long", entry(b"abc", length=4))
put("cache", "bad_length_huge", entry(b"abc", length=1 << 62))
put("cache", "bad_key", entry(b"abc", key=bytes(32)))
put("cache", "bad_magic", entry(b"abc", magic=b"GCCACHE0"))
put("cache", "bad_header_only", entry(b"")[:80])

# ---- kzg_setup: byte 0 picks the mode (% 3): '0' text, '1' a G1 point, '2' a G2 point ----
with open(os.path.join(ROOT, "crypto", "kzg", "trusted_setup.txt")) as f:
    lines = f.read().split("\n")
g1_first, g2_first = lines[2], lines[2 + 4096]
put("kzg_setup", "text_start", "0" + "\n".join(lines[:6]) + "\n")
put("kzg_setup", "text_crlf", "0" + "\r\n".join(lines[:4]) + "\r\n")
put("kzg_setup", "text_bad_count", "04097\n65\n" + g1_first + "\n")
put("kzg_setup", "text_bad_hex", "04096\n65\n" + g1_first[:40] + "zz" + g1_first[42:] + "\n")
put("kzg_setup", "text_short_line", "04096\n65\n" + g1_first[:-2] + "\n")
put("kzg_setup", "g1_setup_point", b"1" + bytes.fromhex(g1_first))
put("kzg_setup", "g1_infinity", b"1" + b"\xc0" + bytes(47))
put("kzg_setup", "g1_bad_infinity", b"1" + b"\xc0" + bytes(46) + b"\x01")
put("kzg_setup", "g1_x_too_large", b"1" + b"\x9f" + b"\xff" * 47)
put("kzg_setup", "g1_uncompressed_flag", b"1" + bytes([bytes.fromhex(g1_first)[0] & 0x7f]) + bytes.fromhex(g1_first)[1:])
put("kzg_setup", "g2_setup_point", b"2" + bytes.fromhex(g2_first))
put("kzg_setup", "g2_infinity", b"2" + b"\xc0" + bytes(95))
put("kzg_setup", "g2_sign_flipped", b"2" + bytes([bytes.fromhex(g2_first)[0] ^ 0x20]) + bytes.fromhex(g2_first)[1:])

# ---- kzg_blob: lines of `gpucheck kzg cells` input ----
digits = "".join("%02x" % ((i * 37 + 11) % 256) for i in range(131072))
# A valid blob with more blanks around it than the command's line buffer has room for
# beyond the digits (64): rejected as malformed before the fix (docs/results/fuzzing.md).
put("kzg_blob", "regress_valid_blob_many_blanks",
    "\n" + " \t" * 50 + "0x" + digits.upper()[:131072] + digits[131072:] + " " * 70 + "\r\n\n")
put("kzg_blob", "blob_one_digit_short", "0x" + digits[:-1] + "\n")
put("kzg_blob", "short_lines", "0x00\n\n   \n0X\n0xg1\nnot a blob\n")
put("kzg_blob", "bad_char_quote", '0x"' + "\n")
