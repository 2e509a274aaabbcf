#!/bin/sh
# The browser suite: installs Chromium, its driver and the Python packages when missing, builds the showcase,
# then runs Tests/Browser with pytest (see Tests/Browser/README.md). Arguments go to pytest (e.g. -k shop).
set -e
cd "$(dirname "$0")/.."
packages="chromium chromium-driver"
# Debian's own python3 makes virtual environments only with python3-venv.
if ! python3 -c "import ensurepip, venv" 2>/dev/null; then packages="$packages python3 python3-venv"; fi
# The BookStore's pages are Korean: without a Korean font its screenshots show empty boxes. fonts-nanum is Debian's
# smallest (10 MB to download, against 57 MB for fonts-noto-cjk); any Korean font already there will do.
if ! { command -v fc-list >/dev/null && fc-list :lang=ko family | grep -q .; }; then packages="$packages fonts-nanum"; fi
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "Installing Debian packages:$missing"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
fi
venv=.build/browser-venv
if [ ! -x "$venv/bin/pytest" ] || ! cmp -s Tests/Browser/requirements.txt "$venv/requirements.txt"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r Tests/Browser/requirements.txt
    cp Tests/Browser/requirements.txt "$venv/requirements.txt"
fi
swift build --product showcase
rm -f .build/browser-artifacts/timings.json
status=0
"$venv/bin/pytest" -p no:cacheprovider -q Tests/Browser "$@" || status=$?
(cd Tests/Browser && "../../$venv/bin/python" -c "import harness; harness.print_timings()")
echo "Page screenshots: .build/browser-artifacts/pages/"
exit $status
