#!/usr/bin/env bash
# Installs libhookshot under a prefix, as C and C++ ports link it:
#   PREFIX/lib/libhookshot.so.X.Y.Z, with the links libhookshot.so.X (the soname) and
#     libhookshot.so; PREFIX/lib/libhookshot.a
#   PREFIX/include/hookshot.h
#   PREFIX/lib/pkgconfig/hookshot.pc (the static library's link line in Libs.private)
#   PREFIX/lib/cmake/hookshot/hookshotConfig.cmake and hookshotConfigVersion.cmake
#     (imported targets hookshot::hookshot, shared, and hookshot::hookshot_static)
#
# Usage: scripts/install.sh PREFIX [--profile release|dev] [--lib-dir DIR]
#   --profile  the cargo profile to build (default release)
#   --lib-dir  install libraries already built in DIR (a target/<profile> folder or its
#              deps/), building nothing
# docs/packaging.md says how a port uses what this installs.
set -euo pipefail

usage() {
  echo "usage: scripts/install.sh PREFIX [--profile release|dev] [--lib-dir DIR]" >&2
  exit 2
}

[ $# -ge 1 ] || usage
prefix="$1"
shift
profile=release
lib_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) [ $# -ge 2 ] || usage; profile="$2"; shift 2 ;;
    --lib-dir) [ $# -ge 2 ] || usage; lib_dir="$2"; shift 2 ;;
    *) usage ;;
  esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"

if [ -z "$lib_dir" ]; then
  profile_dir="$profile"
  [ "$profile" = dev ] && profile_dir=debug
  (cd "$root" && cargo build -p hookshot-capi --profile "$profile")
  lib_dir="${CARGO_TARGET_DIR:-$root/target}/$profile_dir"
fi

# The newest of a file in DIR and DIR/deps (cargo copies some outputs up from deps/ only
# for some builds).
newest() {
  local found
  found="$(ls -t "$lib_dir"/$1 "$lib_dir"/deps/$1 2>/dev/null | head -n 1 || true)"
  [ -n "$found" ] || { echo "install: no $1 in $lib_dir" >&2; exit 1; }
  echo "$found"
}
shared_lib="$(newest libhookshot.so)"
static_lib="$(newest libhookshot.a)"
rlib="$(newest 'libhookshot*.rlib')"
deps_dir="$(dirname "$rlib")"
[ -d "$deps_dir/deps" ] && deps_dir="$deps_dir/deps"

# The version, from the header (HS_VERSION_*, which the build keeps equal to Cargo's).
header="$root/capi/include/hookshot.h"
version_part() {
  sed -n "s/^#define HS_VERSION_$1 \([0-9]*\)$/\1/p" "$header"
}
major="$(version_part MAJOR)"
minor="$(version_part MINOR)"
patch="$(version_part PATCH)"
version="$major.$minor.$patch"
[ -n "$major" ] && [ -n "$minor" ] && [ -n "$patch" ] || { echo "install: no HS_VERSION_* in $header" >&2; exit 1; }

# What the static library needs from the system, as rustc itself reports it for a static
# library over this build's rlib (its native libraries and the standard library's).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo 'extern crate hookshot;' >"$work/probe.rs"
rustc --edition 2021 --crate-type staticlib --crate-name hookshot_link_probe \
  -L "dependency=$deps_dir" --extern "hookshot=$rlib" \
  --print native-static-libs -o "$work/libprobe.a" "$work/probe.rs" 2>"$work/notes"
static_libs="$(sed -n 's/^note: native-static-libs: //p' "$work/notes" | head -n 1)"
[ -n "$static_libs" ] || { cat "$work/notes" >&2; echo "install: no link line" >&2; exit 1; }
install -d "$prefix/lib/pkgconfig" "$prefix/lib/cmake/hookshot" "$prefix/include"
install -m 644 "$header" "$prefix/include/hookshot.h"
install -m 644 "$static_lib" "$prefix/lib/libhookshot.a"
install -m 755 "$shared_lib" "$prefix/lib/libhookshot.so.$version"
ln -sf "libhookshot.so.$version" "$prefix/lib/libhookshot.so.$major"
ln -sf "libhookshot.so.$major" "$prefix/lib/libhookshot.so"

cat >"$prefix/lib/pkgconfig/hookshot.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: hookshot
Description: Host renderer for recompiled Nintendo Switch ports: NVN semantics on Vulkan
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lhookshot
Libs.private: $static_libs
PC

# CMake: the link line as a list (one item per flag).
cmake_libs="$(echo "$static_libs" | tr -s ' ' ';')"
cat >"$prefix/lib/cmake/hookshot/hookshotConfig.cmake" <<CMAKE
# hookshot's CMake package (scripts/install.sh made it): find_package(hookshot) gives
# hookshot::hookshot (the shared library) and hookshot::hookshot_static.
get_filename_component(_hookshot_prefix "\${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET hookshot::hookshot)
  add_library(hookshot::hookshot SHARED IMPORTED)
  set_target_properties(hookshot::hookshot PROPERTIES
    IMPORTED_LOCATION "\${_hookshot_prefix}/lib/libhookshot.so.$version"
    IMPORTED_SONAME "libhookshot.so.$major"
    INTERFACE_INCLUDE_DIRECTORIES "\${_hookshot_prefix}/include")
  add_library(hookshot::hookshot_static STATIC IMPORTED)
  set_target_properties(hookshot::hookshot_static PROPERTIES
    IMPORTED_LOCATION "\${_hookshot_prefix}/lib/libhookshot.a"
    INTERFACE_INCLUDE_DIRECTORIES "\${_hookshot_prefix}/include"
    INTERFACE_LINK_LIBRARIES "$cmake_libs")
endif()
set(hookshot_VERSION $version)
unset(_hookshot_prefix)
CMAKE

cat >"$prefix/lib/cmake/hookshot/hookshotConfigVersion.cmake" <<CMAKE
# One major version is one C ABI: a request for $major.x up to $version is met.
set(PACKAGE_VERSION $version)
if(PACKAGE_FIND_VERSION_MAJOR STREQUAL "$major"
    AND NOT PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
elseif(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
else()
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
endif()
CMAKE

echo "install: hookshot $version in $prefix"
