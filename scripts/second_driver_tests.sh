#!/usr/bin/env bash
# The virtual pool tests on the second driver (scripts/second_driver.sh: Debian 13's Mesa
# lavapipe 25, the one driver here with sparse binding), with validation and
# synchronization validation on as everywhere. lavapipe 25 offers sparseBinding and
# sparseResidencyBuffer but not residencyNonResidentStrict, so virtual pools take sparse
# binding under RX_VK_VIRTUAL_SPARSE=relaxed only; HOOKSHOT_EXPECT_VIRTUAL_PATH makes every
# test that opens a virtual pool fail if it fell back to copy-on-map. Only test binaries
# that start no other program run here (a program they started would load the machine's
# own driver), except the C example, which the test starts through cargo's runner.
set -euo pipefail
cd "$(dirname "$0")/.."
export RX_VK_VIRTUAL_SPARSE=relaxed HOOKSHOT_EXPECT_VIRTUAL_PATH=sparse-relaxed
run=scripts/second_driver.sh
$run cargo test -p hookshot --test virtual_sparse --test virtual_pools
$run cargo test -p hookshot-capi --test examples a_port_of_virtual_pools
$run cargo test -p hookshot-gpu-vk
# The compiled Maxwell programs against glslang's modules on this driver too; the image
# arrays indexed at run time are compared only here (lavapipe 22 lacks
# shaderStorageImageArrayDynamicIndexing). Not maxwell_game_stages: lavapipe 25 crashes
# in its compiled shader code drawing a tessellation evaluation program that samples a
# texture, glslang's module as well as the translation (docs/getting-started.md#tests).
$run cargo test -p hookshot --test maxwell_game_textures --test maxwell_game_image_draws \
  --test maxwell_game_draws --test maxwell_game_dispatches
