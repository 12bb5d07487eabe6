#!/usr/bin/env bash
# Installs what the Spark example needs, only what is missing, and prints the virtualenv's path:
#   Java (Debian's default-jre-headless when `java` is absent), python3 with venv (Debian), and
#   pyspark (with pandas 2, which it supports, and pyarrow, for the DataFrame job's mapInPandas) from PyPI in a
#   virtualenv kept across clones ($AUTOHEIGHT_SPARK_VENV, default
#   ~/.cache/autoheight/spark-venv), so CI downloads it (about 320 MB) once per machine.
set -euo pipefail
PYSPARK_VERSION=4.3.0
venv=${AUTOHEIGHT_SPARK_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/autoheight/spark-venv}

sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
apt_install() {
  echo "installing: $*" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

command -v java >/dev/null || apt_install default-jre-headless
if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  apt_install python3 python3-venv
fi
if ! "$venv/bin/python" -c "import pyspark, pandas, pyarrow, sys; sys.exit(pyspark.__version__ != '$PYSPARK_VERSION' or not pandas.__version__.startswith('2.'))" 2>/dev/null; then
  echo "installing pyspark $PYSPARK_VERSION, pandas and pyarrow into $venv" >&2
  mkdir -p "$(dirname "$venv")"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pyspark==$PYSPARK_VERSION" 'pandas<3' pyarrow >&2
fi
echo "$venv"
