#!/usr/bin/env bash
# The Debian packages the browser tests start, installed when missing: chromium (Playwright drives
# it; CHROMIUM_PATH may name another), redis-server, nginx and its njs module (the
# several-instances tests, e2e/scale-out.spec.ts), prometheus and systemd (e2e/operations.spec.ts,
# the service unit's check). Shared by `.ci/run` and `npm test`
# (scripts/run-tests.mjs), so both ask for the same list.
#
# Installs with apt-get as root or through passwordless sudo; otherwise prints one line naming
# the command to run, and fails.
set -euo pipefail

packages=()
if [[ -z "${CHROMIUM_PATH:-}" ]] && ! command -v chromium >/dev/null 2>&1; then packages+=(chromium); fi
command -v redis-server >/dev/null 2>&1 || packages+=(redis-server)
[[ -n "${NGINX_PATH:-}" ]] || command -v nginx >/dev/null 2>&1 || packages+=(nginx)
[[ -e /usr/lib/nginx/modules/ngx_http_js_module.so ]] || packages+=(libnginx-mod-http-js)
# The operators' tests: Prometheus scraping two instances (and its promtool), the service unit's check.
command -v prometheus >/dev/null 2>&1 || packages+=(prometheus)
command -v systemd-analyze >/dev/null 2>&1 || packages+=(systemd)
((${#packages[@]} == 0)) && exit 0

if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "Missing Debian packages for the tests; install them with: sudo apt-get install -y ${packages[*]}" >&2
  exit 1
fi

echo "Installing Debian's ${packages[*]}"
# Through `env`: sudo drops the caller's environment, and apt must not stop to ask questions.
apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get)
# A machine that never ran `apt-get update` knows no package: update once, only when needed.
"${apt[@]}" install -y "${packages[@]}" || { "${apt[@]}" update && "${apt[@]}" install -y "${packages[@]}"; }
