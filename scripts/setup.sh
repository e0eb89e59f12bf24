#!/usr/bin/env bash
# Installs everything SynthDocBench needs on a fresh Debian machine with Python 3.11 and root:
# Chromium (Debian's package, unless Playwright's own browser is present), fonts, Node
# packages (D3, inlined into generated reports), and the Python package with its extras.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}

need_apt=()
have_playwright_browser() {
  "$PY" - <<'PYEOF' 2>/dev/null
import sys
from pathlib import Path
try:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        sys.exit(0 if Path(p.chromium.executable_path).exists() else 1)
except Exception:
    sys.exit(1)
PYEOF
}
if ! command -v chromium >/dev/null 2>&1 && ! have_playwright_browser; then need_apt+=(chromium); fi
# Fonts of the six layout archetypes (TrueType only: Chromium embeds CFF fonts as Type 3).
for font in fonts-dejavu-core fonts-liberation2 fonts-crosextra-caladea fonts-crosextra-carlito \
            fonts-lato fonts-roboto-unhinted fonts-jetbrains-mono; do
  dpkg -s "$font" >/dev/null 2>&1 || need_apt+=("$font")
done
command -v npm >/dev/null 2>&1 || need_apt+=(nodejs npm)
command -v tesseract >/dev/null 2>&1 || need_apt+=(tesseract-ocr)
command -v strace >/dev/null 2>&1 || need_apt+=(strace)   # the no-outbound-traffic rendering test
dpkg -s tesseract-ocr-eng >/dev/null 2>&1 || need_apt+=(tesseract-ocr-eng)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ ! -f node_modules/d3/dist/d3.min.js ]; then
  echo "setup: npm install (D3)"
  npm install --no-audit --no-fund --loglevel=error
fi

# torch/torchvision must be a matching pair (lmms-eval's Qwen-VL processors need torchvision);
# these releases are the ones served for each architecture on machines like CI's.
case "$(uname -m)" in
  aarch64|arm64) TORCH=(torch==2.9.1 torchvision==0.24.1) ;;
  *) TORCH=(torch==2.14.1 torchvision==0.29.1) ;;
esac
"$PY" -m pip install -q --disable-pip-version-check "${TORCH[@]}" -e ".[generation,ocr,ray,dev]"
echo "setup: done"
