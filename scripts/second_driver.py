#!/usr/bin/env python3
"""Fetches a second Vulkan driver to test on: Debian 13's Mesa lavapipe (25.x, which offers
sparse binding), its Vulkan loader and validation layer, and every shared library they
need down to glibc, unpacked into one folder. Nothing is installed: the test binaries run
through that folder's dynamic linker (scripts/second_driver.sh).

Usage: second_driver.py FOLDER
"""
import lzma
import os
import subprocess
import sys
import urllib.request

MIRROR = "http://deb.debian.org/debian"
SUITE = "trixie"
ROOTS = ["mesa-vulkan-drivers", "libvulkan1", "vulkan-validationlayers", "libc6"]
# Packages a test binary never loads through this folder (scripts, data, the toolchain).
SKIP = {"debconf", "perl-base", "dpkg", "libc-bin", "tzdata", "base-files", "install-info"}


def fetch(url, path):
    with urllib.request.urlopen(url, timeout=120) as answer, open(path + ".part", "wb") as out:
        while True:
            chunk = answer.read(1 << 20)
            if not chunk:
                break
            out.write(chunk)
    os.replace(path + ".part", path)


def packages(index_path):
    """Package name -> (filename, list of dependency names: first alternative each)."""
    table = {}
    provides = {}
    with lzma.open(index_path, "rt", encoding="utf-8") as index:
        for stanza in index.read().split("\n\n"):
            fields = {}
            for line in stanza.splitlines():
                if line and not line[0].isspace() and ":" in line:
                    key, value = line.split(":", 1)
                    fields[key] = value.strip()
            name = fields.get("Package")
            if not name or name in table:
                continue
            depends = []
            for key in ("Pre-Depends", "Depends"):
                for clause in filter(None, fields.get(key, "").split(",")):
                    first = clause.split("|")[0].strip().split(" ")[0].split(":")[0]
                    depends.append(first)
            table[name] = (fields["Filename"], depends)
            for provided in filter(None, fields.get("Provides", "").split(",")):
                provides.setdefault(provided.strip().split(" ")[0], name)
    return table, provides


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = os.path.abspath(sys.argv[1])
    debs = os.path.join(root, "debs")
    unpacked = os.path.join(root, "root")
    done = os.path.join(root, "ready")
    if os.path.exists(done):
        return
    os.makedirs(debs, exist_ok=True)
    index_path = os.path.join(root, "Packages.xz")
    if not os.path.exists(index_path):
        fetch(f"{MIRROR}/dists/{SUITE}/main/binary-amd64/Packages.xz", index_path)
    table, provides = packages(index_path)
    wanted, queue = set(), list(ROOTS)
    while queue:
        name = queue.pop()
        name = name if name in table else provides.get(name, name)
        if name in wanted or name in SKIP:
            continue
        if name not in table:
            sys.exit(f"second_driver: {name} is not in {SUITE}'s index")
        wanted.add(name)
        queue.extend(table[name][1])
    os.makedirs(unpacked, exist_ok=True)
    for name in sorted(wanted):
        filename = table[name][0]
        path = os.path.join(debs, os.path.basename(filename))
        if not os.path.exists(path):
            fetch(f"{MIRROR}/{filename}", path)
        subprocess.run(["dpkg-deb", "-x", path, unpacked], check=True)
    print(f"second_driver: {len(wanted)} packages of {SUITE} in {unpacked}", file=sys.stderr)
    open(done, "w").close()


if __name__ == "__main__":
    main()
