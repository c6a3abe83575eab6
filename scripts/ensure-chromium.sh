#!/usr/bin/env bash
# Make sure Debian's Chromium (used by Playwright e2e, /usr/bin/chromium) and a Bengali font for
# screenshots are installed. Installs them with apt when missing (needs root or sudo).
# Under CI=true a failure to install is an error; locally too, since e2e cannot run without a browser.
set -euo pipefail

CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
packages=()
[[ -x "$CHROMIUM" ]] || packages+=(chromium)
dpkg-query -W -f='${Status}' fonts-lohit-beng-bengali 2>/dev/null | grep -q 'install ok installed' \
  || packages+=(fonts-lohit-beng-bengali)

if ((${#packages[@]})); then
  echo "ensure-chromium: installing ${packages[*]}" >&2
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "ensure-chromium: need root or sudo to install ${packages[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  # Serialise with other apt users on this machine (two engineers/CI steps at once).
  "${sudo[@]}" flock /tmp/apt.lock bash -c \
    "DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages[*]} >/dev/null"
fi

[[ -x "$CHROMIUM" ]] || { echo "ensure-chromium: $CHROMIUM still missing after install" >&2; exit 1; }
"$CHROMIUM" --version >&2
