#!/usr/bin/env python3
"""The articles' runnable examples are the files of the Examples package, which `make examples` builds and runs.

An article marks such a code block with an HTML comment naming the file (docc does not render the comment):

    <!-- example: Examples/Sources/SwiftDataExample/main.swift -->
    ```swift
    …the file's whole text…
    ```

This fails when a marked block is not the file's text exactly (so the article cannot show code that no longer
compiles), or names a missing file. Run from the repository root by `make examples`; after changing an
Examples file, `python3 scripts/check-doc-examples.py --update` copies each marked file into its article's block.
"""
import difflib
import glob
import pathlib
import re
import sys

MARK = re.compile(r"^<!-- example: (\S+) -->\n```swift\n(.*?)^```$", re.M | re.S)
update = "--update" in sys.argv[1:]
problems = 0
checked = 0
for article in sorted(glob.glob("Sources/*/*.docc/*.md")):
    text = pathlib.Path(article).read_text(encoding="utf-8")
    if update:
        def current(match):
            file = pathlib.Path(match.group(1))
            if not file.is_file():
                return match.group(0)
            return f"<!-- example: {match.group(1)} -->\n```swift\n{file.read_text(encoding='utf-8')}```"
        updated = MARK.sub(current, text)
        if updated != text:
            pathlib.Path(article).write_text(updated, encoding="utf-8")
            print(f"updated {article}")
            text = updated
    for match in MARK.finditer(text):
        path, block = match.group(1), match.group(2)
        file = pathlib.Path(path)
        checked += 1
        if not file.is_file():
            print(f"{article}: the example {path} does not exist", file=sys.stderr)
            problems += 1
            continue
        source = file.read_text(encoding="utf-8")
        if block != source:
            print(f"{article}: the block marked {path} is not that file's text:", file=sys.stderr)
            sys.stderr.writelines(difflib.unified_diff(
                source.splitlines(True), block.splitlines(True), path, article))
            problems += 1
    if text.count("<!-- example:") != len(MARK.findall(text)):
        print(f"{article}: an example mark is not followed by a ```swift block", file=sys.stderr)
        problems += 1
if problems:
    sys.exit(1)
print(f"doc examples: {checked} article blocks match their Examples files")
