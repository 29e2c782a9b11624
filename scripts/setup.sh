#!/usr/bin/env bash
# Installs what Hookshot needs on a Debian machine, only what is missing: the Vulkan
# loader, Mesa's drivers (lavapipe), the Khronos validation layer, and the shader tools
# (shaderc/glslang, spirv-tools, spirv-cross) that shader_translate links or runs, and make,
# g++ and libxcb1-dev, which build the C and C++ examples of capi/ that its tests run, and
# cmake, with which a test builds one of them against the installed package.
set -euo pipefail

packages=(
  libvulkan1 mesa-vulkan-drivers vulkan-validationlayers
  libshaderc-dev glslang-tools spirv-tools spirv-cross
  pkg-config xvfb make g++ libxcb1-dev cmake
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
  # The downloaded .deb files are not needed once installed; disk can be short.
  $sudo apt-get clean
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo not found; install Rust with rustup (https://rustup.rs)" >&2
  exit 1
fi
if command -v rustup >/dev/null 2>&1; then
  for component in rustfmt clippy; do
    rustup component list --installed 2>/dev/null | grep -q "^$component" \
      || rustup component add "$component"
  done
fi
