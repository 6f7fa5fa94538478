#!/usr/bin/env bash
# Runs the release tarball's binary in a chroot that holds only glibc, the C++ runtime every Debian
# has (libstdc++6, libgcc-s1: apt itself needs them) and libcurl with the libraries it loads: the
# "clean Debian with nothing but glibc and libcurl" of the README. Needs root (chroot, a mount
# namespace of its own for the chroot's /proc, which the Swift runtime reads the arguments from).
# Usage: scripts/check-dist-chroot.sh dist/gqlpatch-VERSION-linux-ARCH.tar.gz [ENDPOINT]
set -euo pipefail
if [[ -z ${GQLPATCH_CHROOT_NS:-} ]]; then
    GQLPATCH_CHROOT_NS=1 exec unshare -m --propagation private "$0" "$@"
fi
tarball=$(realpath "$1")
endpoint=${2:-}
root=$(mktemp -d)
trap 'umount "$root/proc" 2>/dev/null || true; rm -rf --one-file-system "$root"' EXIT
tar -xzf "$tarball" -C "$root" --strip-components=1
copy() { mkdir -p "$root$(dirname "$1")"; cp -L "$1" "$root$1"; }
libcurl=$(ldconfig -p | awk '/libcurl.so.4 .*x86-64/ {print $NF; exit}')
for library in $( (ldd "$root/bin/gqlpatch"; ldd "$libcurl") | awk '/=>/ {print $3} /ld-linux/ {print $1}' | sort -u); do
    copy "$library"
done
copy "$libcurl"
mkdir -p "$root/etc/ssl/certs" "$root/tmp" "$root/proc"
mount -t proc proc "$root/proc"
echo "chroot holds: $(cd "$root" && find . -path ./proc -prune -o -name '*.so*' -print | wc -l) libraries"
chroot "$root" /bin/gqlpatch --version
printf 'type Item @model { id: ID! name: String! }\n' > "$root/tmp/schema.graphql"
chroot "$root" /bin/gqlpatch --schema /tmp/schema.graphql --endpoint https://example.invalid/graphql \
    --api-key da2-chroot0123456789abcdef --dry-run update Item --id 1 --set name=Lamp >/dev/null
echo "dry run: ok"
if [[ -n $endpoint ]]; then
    chroot "$root" /bin/gqlpatch --schema /tmp/schema.graphql --endpoint "$endpoint" --auth none get Item --id 1 || echo "request: exit $?"
fi
