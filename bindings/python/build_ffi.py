"""The cffi builder: the extension autoheight._native, compiled against autoheight.h (API mode)."""
import os
import re

from cffi import FFI

HERE = os.path.dirname(os.path.abspath(__file__))
INCLUDE = os.environ.get("AUTOHEIGHT_INCLUDE", os.path.join(HERE, "..", "..", "Sources", "CAutoHeight", "include"))
PACKAGE = os.path.join(HERE, "src", "autoheight")


def declarations(header_text):
    """The header without comments and preprocessor lines: what cffi's cdef reads."""
    text = re.sub(r"/\*.*?\*/", "", header_text, flags=re.S)
    kept = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#") or stripped in ('extern "C" {', "}") and "extern" in stripped:
            continue
        kept.append(line)
    text = "\n".join(kept)
    text = text.replace('extern "C" {', "")
    # The closing brace of the C++ guard, alone on its line after the last declaration.
    return re.sub(r"\n}\s*$", "\n", text.strip())


ffibuilder = FFI()
with open(os.path.join(INCLUDE, "autoheight.h"), encoding="utf-8") as header:
    ffibuilder.cdef(declarations(header.read()))
ffibuilder.set_source(
    "autoheight._native",
    '#include "autoheight.h"',
    include_dirs=[INCLUDE],
    library_dirs=[PACKAGE],
    libraries=["autoheight"],
    extra_link_args=["-Wl,-rpath,$ORIGIN"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
