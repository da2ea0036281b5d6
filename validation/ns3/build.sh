#!/usr/bin/env bash
# Build the ns-3.44 scenario programs (validation/ns3/src/*.cc) with g++
# against the ns-3 wheel from PyPI, which ships ns-3's headers and shared
# libraries. Binaries go to validation/ns3/build/ (not committed); a program
# is rebuilt only when it or a shared header is newer than its binary.
#
#   validation/ns3/build.sh            build every program
#   validation/ns3/build.sh aqm bbr    build these
#   validation/ns3/build.sh --where    print the ns-3 directory found, or why none
#
# Where ns-3 is looked for, in order: $NS3_DIR (the wheel's ns3/ directory,
# holding include/ and lib64/), then the ns3 package of $NS3_VENV's Python,
# /work/.venv-ns3, ~/.venv-ns3, and the python3 on the PATH.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC="$HERE/src"
OUT="$HERE/build"

install_hint() {
  cat >&2 <<'EOF'
ns-3.44 was not found. Install it into a virtual environment outside the repository
(about 1.5 minutes, 300 MB; the wheel ships ns-3's C++ headers and libraries):

  python3 -m venv ~/.venv-ns3
  ~/.venv-ns3/bin/pip install ns3==3.44.post0

then run again (or point NS3_VENV at the venv, or NS3_DIR at its site-packages/ns3).
g++ with C++20 is needed too (Debian: apt-get install g++).
EOF
}

wheel_dir() {
  # prints the wheel's ns3 directory (with include/ns3 and lib64/) or nothing
  local cand py
  if [[ -n "${NS3_DIR:-}" && -d "$NS3_DIR/include/ns3" ]]; then echo "$NS3_DIR"; return; fi
  for py in ${NS3_VENV:+"$NS3_VENV/bin/python3"} /work/.venv-ns3/bin/python3 "$HOME/.venv-ns3/bin/python3" python3; do
    command -v "$py" >/dev/null 2>&1 || continue
    cand="$("$py" - 2>/dev/null <<'EOF' || true
import importlib.util, os
spec = importlib.util.find_spec("ns3") or importlib.util.find_spec("ns")
if spec and spec.submodule_search_locations:
    for loc in spec.submodule_search_locations:
        for d in (loc, os.path.dirname(loc)):
            if os.path.isdir(os.path.join(d, "include", "ns3")):
                print(d); raise SystemExit
EOF
)"
    if [[ -n "$cand" ]]; then echo "$cand"; return; fi
  done
}

NS3="$(wheel_dir)"
if [[ -z "$NS3" ]]; then install_hint; exit 3; fi
if [[ "${1:-}" == "--where" ]]; then echo "$NS3"; exit 0; fi
if ! ls "$NS3"/lib64/libns3.44-core*.so >/dev/null 2>&1; then
  echo "found ns-3 at $NS3, but not version 3.44 (no libns3.44-core)" >&2; install_hint; exit 3
fi
command -v g++ >/dev/null || { echo "g++ not found (Debian: apt-get install g++)" >&2; exit 3; }

mkdir -p "$OUT"
LIBS=(core network internet point-to-point traffic-control applications)
LINK=()
for l in "${LIBS[@]}"; do LINK+=("-lns3.44-$l"); done

programs=("$@")
if [[ ${#programs[@]} -eq 0 ]]; then
  for f in "$SRC"/*.cc; do programs+=("$(basename "$f" .cc)"); done
fi

for p in "${programs[@]}"; do
  src="$SRC/$p.cc"
  bin="$OUT/$p"
  [[ -f "$src" ]] || { echo "no program $src" >&2; exit 2; }
  if [[ -x "$bin" ]] && [[ -z "$(find "$src" "$SRC/lab" -newer "$bin" -print -quit)" ]]; then
    continue
  fi
  echo "g++ $p.cc" >&2
  # -Wl,--no-as-needed: ns-3 registers its types from static constructors in
  # each library, so every library must stay linked even when no symbol of it
  # is referenced directly. The rpath lets the binary find them at run time.
  nice g++ -std=c++20 -O2 -w -I"$NS3/include" -I"$SRC" "$src" -o "$bin.tmp" \
    -L"$NS3/lib64" -Wl,--no-as-needed "${LINK[@]}" -Wl,-rpath,"$NS3/lib64"
  mv "$bin.tmp" "$bin"
done
