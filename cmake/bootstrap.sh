#!/usr/bin/env bash
# etage bootstrap: installs what a fresh Debian (bookworm) machine lacks, idempotently.
#
#   cmake/bootstrap.sh [host|cuda]...     (default: host)
#
# - Debian packages: cmake, ninja-build, g++, Catch2 3 (bookworm-backports), Google
#   Benchmark, OpenBLAS, matplotlib. Any apt source added reuses the archive URI that
#   this machine's apt is already configured with.
# - Kokkos >= 5.0 from Debian's `kokkos` source package: the newest version apt offers
#   first; else the pinned 5.0.2 files, verified by sha256. Built into a cache prefix
#   keyed by version and configuration, outside the repository:
#     ${ETAGE_CACHE:-$HOME/.cache/etage}/kokkos-<version>-<config>
#   A Kokkos that find_package already finds (Kokkos_ROOT / CMAKE_PREFIX_PATH) is used
#   instead.
# Prints, as its last line per configuration, `KOKKOS_ROOT[<config>]=<prefix>`.
set -euo pipefail

CACHE=${ETAGE_CACHE:-$HOME/.cache/etage}
KOKKOS_PIN_VERSION=5.0.2
KOKKOS_PIN_SHA256=188817bb452ca805ee8701f1c5adbbb4fb83dc8d1c50624566a18a719ba0fa5e
JOBS=${ETAGE_JOBS:-$(nproc)}
configs=("$@"); [ ${#configs[@]} -gt 0 ] || configs=(host)

log() { printf '[etage bootstrap] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# The archive URI and suite this machine's apt already uses (deb822 or one-line format).
debian_uri() {
  local uri
  uri=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -n1 || true)
  if [ -z "$uri" ]; then
    uri=$(grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
          awk '{for(i=2;i<=NF;i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' | grep -v security | head -n1 || true)
  fi
  [ -n "$uri" ] || { log "no Debian archive URI found in the apt configuration"; exit 1; }
  printf '%s\n' "${uri%/}"
}
debian_codename() { . /etc/os-release; printf '%s\n' "${VERSION_CODENAME:-bookworm}"; }

install_packages() {
  local want=(cmake ninja-build g++ libbenchmark-dev libopenblas-dev python3-matplotlib curl ca-certificates)
  local missing=()
  for p in "${want[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  local catch2_ok=0
  if dpkg -s catch2 >/dev/null 2>&1 && dpkg --compare-versions "$(dpkg-query -W -f='${Version}' catch2)" ge 3; then catch2_ok=1; fi
  if [ ${#missing[@]} -eq 0 ] && [ $catch2_ok = 1 ]; then log "Debian packages present"; return; fi
  local uri code; uri=$(debian_uri); code=$(debian_codename)
  local bp=/etc/apt/sources.list.d/etage-backports.sources
  if [ $catch2_ok = 0 ] && [ ! -f "$bp" ]; then
    log "adding ${code}-backports (same archive URI as the machine's apt) for Catch2 3"
    printf 'Types: deb\nURIs: %s\nSuites: %s-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$uri" "$code" | as_root tee "$bp" >/dev/null
  fi
  log "installing: ${missing[*]} catch2(>=3)"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if [ $catch2_ok = 0 ]; then
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends -t "${code}-backports" catch2 >/dev/null
  fi
}

# Fetches and unpacks the kokkos source into $1; prints the version.
fetch_kokkos_source() {
  local dest=$1 uri; uri=$(debian_uri)
  mkdir -p "$dest"; cd "$dest"
  # Newest first: a private apt configuration with deb-src for unstable, same URI.
  local aptdir; aptdir=$(mktemp -d)
  mkdir -p "$aptdir/lists/partial" "$aptdir/cache/archives/partial"
  printf 'deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s unstable main\n' "$uri" >"$aptdir/sources.list"
  local aptopts=(-o "Dir::Etc::SourceList=$aptdir/sources.list" -o "Dir::Etc::SourceParts=-"
                 -o "Dir::State::Lists=$aptdir/lists" -o "Dir::Cache=$aptdir/cache" -o "APT::Sandbox::User=root")
  if apt-get "${aptopts[@]}" update -qq >/dev/null 2>&1 &&
     timeout 300 apt-get "${aptopts[@]}" source --download-only kokkos >/dev/null 2>&1; then
    local orig; orig=$(ls kokkos_*.orig.tar.* 2>/dev/null | head -n1)
    if [ -n "$orig" ]; then
      local v=${orig#kokkos_}; v=${v%.orig.tar.*}
      log "newest kokkos source from apt: $v"
      tar xf "$orig"; mv "$(tar tf "$orig" | head -n1 | cut -d/ -f1)" "kokkos-$v" 2>/dev/null || true
      rm -rf "$aptdir"; printf '%s\n' "$v"; return
    fi
  fi
  rm -rf "$aptdir"
  log "newest kokkos source not served; falling back to pinned $KOKKOS_PIN_VERSION"
  local f="kokkos_${KOKKOS_PIN_VERSION}.orig.tar.gz"
  curl -fsSL --retry 3 -o "$f" "$uri/pool/main/k/kokkos/$f"
  echo "$KOKKOS_PIN_SHA256  $f" | sha256sum -c --quiet - || { log "sha256 mismatch for $f"; exit 1; }
  mkdir "kokkos-$KOKKOS_PIN_VERSION"
  tar xf "$f" -C "kokkos-$KOKKOS_PIN_VERSION" --strip-components=1
  printf '%s\n' "$KOKKOS_PIN_VERSION"
}

kokkos_cmake_args() {
  case $1 in
    host) echo "-DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_OPENMP=ON" ;;
    cuda) echo "-DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_CUDA=ON -DKokkos_ARCH_HOPPER90=ON -DKokkos_ENABLE_CUDA_CONSTEXPR=ON" ;;
    *) log "unknown configuration '$1' (expected host or cuda)"; exit 2 ;;
  esac
}

build_kokkos() {
  local config=$1
  # An existing cached install for this configuration (any version >= 5) wins.
  local found
  found=$(ls -d "$CACHE"/kokkos-*-"$config" 2>/dev/null | sort -V | tail -n1 || true)
  if [ -n "$found" ] && [ -f "$found/.complete" ]; then
    log "cached Kokkos ($config): $found"; echo "KOKKOS_ROOT[$config]=$found"; return
  fi
  local work; work=$(mktemp -d)
  local version; version=$(fetch_kokkos_source "$work/src")
  local src="$work/src/kokkos-$version"
  local prefix="$CACHE/kokkos-$version-$config"
  local cxx=g++
  [ "$config" = cuda ] && cxx="$src/bin/nvcc_wrapper"
  log "building Kokkos $version ($config) into $prefix with $JOBS jobs"
  # shellcheck disable=SC2046
  cmake -S "$src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_STANDARD=20 -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DKokkos_ENABLE_TESTS=OFF -DKokkos_ENABLE_EXAMPLES=OFF $(kokkos_cmake_args "$config") >"$work/configure.log" 2>&1 ||
    { cat "$work/configure.log" >&2; exit 1; }
  cmake --build "$work/build" -j "$JOBS" >"$work/build.log" 2>&1 || { tail -n 50 "$work/build.log" >&2; exit 1; }
  cmake --install "$work/build" >/dev/null
  # nvcc_wrapper is needed by consumers of a CUDA Kokkos.
  [ "$config" = cuda ] && install -m 755 "$src/bin/nvcc_wrapper" "$prefix/bin/nvcc_wrapper"
  touch "$prefix/.complete"
  rm -rf "$work"
  echo "KOKKOS_ROOT[$config]=$prefix"
}

install_packages
for c in "${configs[@]}"; do
  kokkos_cmake_args "$c" >/dev/null
  build_kokkos "$c"
done
