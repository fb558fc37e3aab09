#!/usr/bin/env bash
# The manual (docs/) as a site, built offline: installs Debian's mkdocs if it is missing (as
# install-deps.sh installs the build's packages), then `mkdocs build --strict` into
# build-docs/site/, and prints the page to open. The site uses the mkdocs theme that comes
# with Debian's package, and relative links (use_directory_urls: false), so it opens from file://.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! dpkg-query -W -f='${Status}' mkdocs 2>/dev/null | grep -q "install ok installed"; then
  echo "Installing missing packages: mkdocs" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends mkdocs >/dev/null
fi
mkdocs build --strict --quiet --config-file mkdocs.yml
echo "$(pwd)/build-docs/site/index.html"
