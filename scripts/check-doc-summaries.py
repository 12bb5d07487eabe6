#!/usr/bin/env python3
"""Every public symbol of the AutoHeight library's modules (AutoHeight, AutoHeightEditor,
AutoHeightRender) has a doc comment (its first line is the summary DocC shows). Reads the symbol
graphs `make docs` extracted; lists the symbols without one and exits 1."""
import glob
import json
import os
import sys

MODULES = ["AutoHeight", "AutoHeightEditor", "AutoHeightRender"]

public = []
for module in MODULES:
    graphs = glob.glob(f".build/*/extracted-symbols/*/{module}/{module}.symbols.json")
    if not graphs:
        sys.exit(f"check-doc-summaries: no symbol graph of {module} under .build (run make docs first)")
    symbols = json.load(open(max(graphs, key=os.path.getmtime)))["symbols"]
    public += [s for s in symbols if s.get("accessLevel") == "public" and s.get("location")]
missing = [s for s in public if not s.get("docComment")]
for symbol in missing:
    location = symbol["location"]
    print(f"{location['uri'].split('/Sources/')[-1]}:{location['position']['line'] + 1}: "
          f"{'.'.join(symbol['pathComponents'])} has no summary")
print(f"check-doc-summaries: {len(public) - len(missing)} of {len(public)} public symbols have a summary")
sys.exit(1 if missing else 0)
