"""Builds the cffi extension over libautoheight.so and ships the library and fonts in the package.

AUTOHEIGHT_DIST names the install tree scripts/build-capi.sh made (default: the repository's
.build-capi/dist); its lib/libautoheight.so, include/autoheight.h and share/autoheight/fonts are
copied into the package, and the extension finds the library beside itself ($ORIGIN).
"""
import os
import shutil

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
DIST = os.environ.get("AUTOHEIGHT_DIST", os.path.join(HERE, "..", "..", ".build-capi", "dist"))
PACKAGE = os.path.join(HERE, "src", "autoheight")


def stage_native_files():
    library = os.path.join(DIST, "lib", "libautoheight.so")
    if not os.path.exists(library):
        raise SystemExit(f"autoheight: {library} not found: run scripts/build-capi.sh (or make python) first")
    shutil.copy2(library, os.path.join(PACKAGE, "libautoheight.so"))
    fonts = os.path.join(PACKAGE, "fonts")
    shutil.rmtree(fonts, ignore_errors=True)
    shutil.copytree(os.path.join(DIST, "share", "autoheight", "fonts"), fonts)


stage_native_files()
os.environ["AUTOHEIGHT_INCLUDE"] = os.path.join(DIST, "include")
setup(cffi_modules=["build_ffi.py:ffibuilder"])
