#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that every relative link in the Markdown files under the given paths names a file
or folder that exists. Links with a scheme (https:, mailto:) and bare anchors (#...) are not
checked; a link's own #anchor is dropped. Fenced code blocks and inline code are skipped.

    scripts/check-links.py [PATH...]     (default: README.md docs, from the repository root)

Exit status: 0 every link resolves, 1 a link does not (each printed as FILE:LINE: TARGET),
2 a path given does not exist."""
import os
import re
import sys

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"`[^`]*`")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def markdown_files(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
        else:
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith(".md"):
                        yield os.path.join(root, f)


def broken_links(path):
    fenced = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
                continue
            if fenced:
                continue
            for m in LINK.finditer(INLINE_CODE.sub("", line)):
                target = m.group(1)
                if target.startswith("#") or SCHEME.match(target):
                    continue
                target = target.split("#", 1)[0]
                if not os.path.exists(os.path.join(os.path.dirname(path), target)):
                    yield number, m.group(1)


def main(argv):
    paths = argv[1:] or ["README.md", "docs"]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        print("check-links: no such path: " + ", ".join(missing), file=sys.stderr)
        return 2
    checked = bad = 0
    for path in markdown_files(paths):
        checked += 1
        for number, target in broken_links(path):
            print(f"{path}:{number}: {target}")
            bad += 1
    print(f"check-links: {checked} files, {bad} broken links")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
