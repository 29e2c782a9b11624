#!/usr/bin/env bash
# Runs a command (cargo test ...) with its test binaries on a second Vulkan driver: Debian
# 13's Mesa lavapipe 25, which offers sparse binding (Debian 12's does not), with Debian
# 13's loader and validation layer. scripts/second_driver.py fetches them (once, into
# target/second-driver); each test binary then runs through that folder's dynamic linker,
# so nothing on the machine is replaced. A test binary that starts another program (the
# CLI's tests) would start it on the machine's own libraries: run those on the first driver.
set -euo pipefail
dir=${HOOKSHOT_SECOND_DRIVER_DIR:-target/second-driver}
python3 "$(dirname "$0")/second_driver.py" "$dir"
root=$(cd "$dir/root" && pwd)
lib=$root/usr/lib/x86_64-linux-gnu
export VK_DRIVER_FILES=$root/usr/share/vulkan/icd.d/lvp_icd.json
export VK_LAYER_PATH=$root/usr/share/vulkan/explicit_layer.d
export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER="$lib/ld-linux-x86-64.so.2 --library-path $lib:/usr/lib/x86_64-linux-gnu:/lib/x86_64-linux-gnu"
exec "$@"
