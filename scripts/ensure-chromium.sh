#!/usr/bin/env bash
# Make sure the browser of the Playwright e2e and a Bengali font for screenshots are installed, with apt when
# missing (needs root or sudo). The e2e browser is Debian's chromium-headless-shell: the same Chromium build
# (Blink, V8, the same version as the `chromium` package) without the browser's UI, at about half the CPU
# per test (docs/decisions.md, "Test run time"). When it cannot be installed but Debian's full `chromium` is
# there, the e2e run uses that instead (slower, same results); with neither, this fails.
# playwright.config.ts picks the browser the same way.
# `--full`: Debian's full `chromium` instead, as the Lighthouse bench measures a page in a real user's browser.
set -euo pipefail

SHELL_BROWSER=/usr/bin/chromium-headless-shell
FULL_BROWSER=/usr/bin/chromium
if [[ ${1:-} == --full ]]; then
  wanted=${CHROME_PATH:-$FULL_BROWSER}
  package=chromium
else
  wanted=${CHROMIUM_PATH:-$SHELL_BROWSER}
  package=chromium-headless-shell
fi

packages=()
[[ -x "$wanted" ]] || packages+=("$package")
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
    "DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages[*]} >/dev/null" \
    || echo "ensure-chromium: apt-get could not install ${packages[*]}" >&2
fi

browser=$wanted
if [[ ! -x "$browser" && $wanted == "$SHELL_BROWSER" && -x "$FULL_BROWSER" ]]; then
  echo "ensure-chromium: $SHELL_BROWSER is missing; the e2e run uses $FULL_BROWSER" >&2
  browser=$FULL_BROWSER
fi
[[ -x "$browser" ]] || { echo "ensure-chromium: no browser at $browser after install" >&2; exit 1; }
echo "ensure-chromium: $browser: $("$browser" --version)"
