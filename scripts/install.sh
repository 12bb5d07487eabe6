#!/usr/bin/env bash
# scripts/install.sh BINARY PREFIX [CAPI_DIST]: installs a built autoheight with everything it
# finds relative to itself (make install calls it; docs/install.md describes the layout), and
# the C ABI from scripts/build-capi.sh's install tree when CAPI_DIST is given.
#   PREFIX/bin/autoheight
#   PREFIX/lib/libautoheight.so, PREFIX/include/autoheight.h, PREFIX/lib/pkgconfig/autoheight.pc
#   PREFIX/share/autoheight/fonts/           the bundled fonts and their licences
#   PREFIX/share/man/man1/autoheight.1
#   PREFIX/share/bash-completion/completions/autoheight
#   PREFIX/share/zsh/site-functions/_autoheight
#   PREFIX/share/fish/vendor_completions.d/autoheight.fish
#   PREFIX/share/doc/autoheight/             LICENSE, NOTICE, CHANGELOG.md
set -euo pipefail
binary=${1:?usage: scripts/install.sh BINARY PREFIX [CAPI_DIST]}
prefix=${2:?usage: scripts/install.sh BINARY PREFIX [CAPI_DIST]}
capi=${3:-}
repo=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$binary" ] || { echo "install.sh: no executable at $binary" >&2; exit 66; }

install -d "$prefix/bin" "$prefix/share/autoheight/fonts" "$prefix/share/man/man1" \
    "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
    "$prefix/share/fish/vendor_completions.d" "$prefix/share/doc/autoheight"
install -m 755 "$binary" "$prefix/bin/autoheight"
install -m 644 "$repo"/Fonts/*.ttf \
    "$repo"/Fonts/LICENSE-* \
    "$repo"/Fonts/README.md "$prefix/share/autoheight/fonts/"
install -m 644 "$repo/docs/man/autoheight.1" "$prefix/share/man/man1/autoheight.1"
"$binary" --generate-completion-script bash >"$prefix/share/bash-completion/completions/autoheight"
"$binary" --generate-completion-script zsh >"$prefix/share/zsh/site-functions/_autoheight"
"$binary" --generate-completion-script fish >"$prefix/share/fish/vendor_completions.d/autoheight.fish"
install -m 644 "$repo/LICENSE" "$repo/NOTICE" "$repo/CHANGELOG.md" "$prefix/share/doc/autoheight/"
if [ -n "$capi" ]; then
    install -d "$prefix/lib/pkgconfig" "$prefix/include"
    install -m 755 "$capi/lib/libautoheight.so" "$prefix/lib/libautoheight.so"
    install -m 644 "$capi/include/autoheight.h" "$prefix/include/autoheight.h"
    # The prefix the files will live under (make install passes PREFIX without DESTDIR).
    pc_prefix=${PC_PREFIX:-$(cd "$prefix" && pwd)}
    sed "s|^prefix=.*|prefix=$pc_prefix|" "$capi/lib/pkgconfig/autoheight.pc" >"$prefix/lib/pkgconfig/autoheight.pc"
fi
echo "installed autoheight $("$prefix/bin/autoheight" --version) in $prefix"
