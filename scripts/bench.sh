#!/bin/bash
# Runs every performance figure of issue 8 in one go (release builds) and prints them as
# ratios measured in this run, with the machine they were measured on:
#
#   (a) a phase: resolve + render + queue vs the floor of loading and saving the same
#       state (goal <= 2x), with the breakdown of the full phase; the phase as the
#       service resolves it (phase/full: the maps' static layer, land, sea, roads,
#       names and legend, drawn by an earlier phase of the process) and as a one-shot
#       `giglio resolve` in a fresh process does (phase/full_cold: drawn too); the
#       ratio of full to floor also from pairs of the two run back to back, the
#       figure the goals of (a) and (e) are read against;
#   (b) scaling: a summer round on campaigns 10x and 100x the shipped one (goal <= 11x,
#       <= 110x the x1 cost);
#   (c) SMTP delivery of 100 reports vs a plain client, lettre (goal <= 1.3x), and
#       (issue 32) 200 small receipts: giglio's transport vs Python's smtplib (goal <= 2x
#       per message) and vs lettre (how giglio sent before), its durable write apart;
#   (d) `giglio simulate --runs 40` on 2 threads vs 1 (goal >= 1.8x speed-up);
#   (e) issue 17: the same summer phase with every club's map vs the floor (goal <= 6x;
#       issue 30: <= 4x, one club's map over the phase's shared base about 7 ms), the
#       service's phase and the fresh process's (phase/full and phase/full_cold),
#       the club maps' PNG size, and `giglio demo` one year vs the code before issue 17
#       (commit 9951245, built in a git worktree under target/) (goal >= 3x faster);
#   (f) issue 16: auto-resolved battles per second of each game, now against the same
#       commit 9951245 (the code before the battles work, with its own copy of
#       benches/battles.rs) measured in this run (goal >= 3x), and `battle odds` on 2
#       threads against 1 (its speed-up).
#
#   (g) issue 30: a round report mail's size, on average over each phase of a year of
#       `giglio demo` (goal <= 300 KB a phase).
#
# Usage: scripts/bench.sh [--quick] [--battles | --phase]
#   --quick: fewer samples, for a smoke test; --battles: (f) alone (no mail servers);
#   --phase: the phase of (a) and (e) against its floor, its parts, and (g) alone (no
#   baseline to build, no mail servers: a few minutes).
# Needs the test mail servers (.ci/run installs them) and python3; uses hyperfine if it
# is installed, else a timing loop.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
CRIT=$ROOT/target/criterion
mkdir -p "$CRIT" # criterion makes it on its first run; the phase log is teed into it before
QUICK=()
# (a), (e): full and floor also timed in pairs run back to back, whose ratio is the one
# the goals are read against (benches/phase.rs, `pairs`): criterion's means of the two
# are taken seconds apart, and the floor, mostly the disk, moves with the machine.
PAIRS=60
BATTLES_ONLY=
PHASE_ONLY=
for arg in "$@"; do
  case $arg in
    --quick) QUICK=(--quick) PAIRS=10 ;;
    --battles) BATTLES_ONLY=1 ;;
    --phase) PHASE_ONLY=1 ;;
    *) echo "usage: scripts/bench.sh [--quick] [--battles | --phase]" >&2; exit 64 ;;
  esac
done

# The baseline of (e) and (f): the code before issues 16 and 17, in its own worktree and
# target directory (built once, then reused).
BASE_REV=9951245
BASE_SRC=$ROOT/target/baseline-src
BASE_TARGET=$ROOT/target/baseline
baseline_worktree() {
  if [ ! -d "$BASE_SRC" ]; then git worktree add --detach "$BASE_SRC" "$BASE_REV" >/dev/null; fi
}

# (f) Battles per second now and in the baseline, each tree running its own
# benches/battles.rs in this run (the baseline first, then now, so that both see the
# same machine within minutes), then the figures.
battles() {
  echo "== building the battles bench (release), now and at $BASE_REV"
  cargo bench --no-run --quiet --bench battles 2>/dev/null
  baseline_worktree
  (cd "$BASE_SRC" && CARGO_TARGET_DIR=$BASE_TARGET cargo bench --no-run --quiet --bench battles 2>/dev/null)
  echo "== criterion: battles at $BASE_REV (its own benches/battles.rs)"
  (cd "$BASE_SRC" && CARGO_TARGET_DIR=$BASE_TARGET cargo bench --quiet --bench battles -- --noplot "${QUICK[@]}" 2>&1 |
    grep -E '^auto_resolve|thrpt:' || true)
  echo "== criterion: battles now (benches/battles.rs)"
  cargo bench --quiet --bench battles -- --noplot "${QUICK[@]}" 2>&1 | grep -E '^(auto_resolve|odds)|thrpt:' || true
  echo "== figures (f), ratios of means measured in this run"
  python3 - "$CRIT" "$BASE_TARGET/criterion" <<'PY'
import json, os, sys
now, base = sys.argv[1], sys.argv[2]
def mean_ns(root, *path):
    return json.load(open(os.path.join(root, *path, "new", "estimates.json")))["mean"]["point_estimate"]
print(f"(f) auto-resolved battles per second, 400 against 400 ducats, one core (goal >= 3x the code before issue 16):")
for game in ("mon1628", "leg1176", "ott1625", "pia1746"):
    n, b = 1e9 / mean_ns(now, "auto_resolve", game), 1e9 / mean_ns(base, "auto_resolve", game)
    print(f"    {game}: now {n:,.0f}/s, before {b:,.0f}/s -> {n/b:.2f}x  ({'ok' if n/b >= 3 else 'BELOW GOAL'})")
print("    battle odds (400 runs of the same battle), 2 threads against 1:")
for game in ("mon1628", "leg1176", "ott1625", "pia1746"):
    # criterion names a benchmark `mon1628/t1` in the folder `mon1628_t1`.
    t1, t2 = mean_ns(now, "odds", f"{game}_t1"), mean_ns(now, "odds", f"{game}_t2")
    print(f"    {game}: 1 thread {t1/1e6:.1f} ms, 2 threads {t2/1e6:.1f} ms -> speed-up {t1/t2:.2f}x")
PY
}

# (g) A round report mail's size: the `.eml` files of a year of `giglio demo`, averaged
# per phase (the sizes do not depend on the build).
mail_sizes() {
  local d
  d=$(mktemp -d)
  target/release/giglio demo "$d/demo" --years 1 >/dev/null 2>&1
  python3 - "$d/demo/mail/out" <<'PY'
import collections, os, re, sys
out = sys.argv[1]
phases = collections.defaultdict(list)
for name in os.listdir(out):
    m = re.match(r"(\d{4}-r\d\d)\.report\.", name)
    if m:
        phases[m.group(1)].append(os.path.getsize(os.path.join(out, name)))
means = {p: sum(v) / len(v) for p, v in phases.items()}
every = [s for v in phases.values() for s in v]
worst = max(means, key=means.get)
print(f"(g) issue 30: a round report mail, {len(every)} mails over {len(means)} rounds: mean {sum(every)/len(every)/1000:.0f} KB; "
      f"heaviest round {worst} {means[worst]/1000:.0f} KB on average (goal <= 300 KB a phase: "
      f"{'ok' if max(means.values()) <= 300_000 else 'ABOVE GOAL'}); heaviest mail {max(every)/1000:.0f} KB")
PY
  rm -rf "$d"
}

# (a), (e) and (g) alone: the phase against its floor, its parts, and the mail's size.
phase_and_mail() {
  echo "== building (release)"
  cargo build --release --quiet
  cargo bench --no-run --quiet --bench phase 2>/dev/null
  echo "== criterion: phase and its parts (benches/phase.rs)"
  GIGLIO_BENCH_PAIRS=$PAIRS cargo bench --quiet --bench phase -- --noplot "${QUICK[@]}" 'phase/|parts/' 2>&1 |
    tee "$CRIT/phase.log" | grep -E '^(phase|parts)/|time:|^club maps|^phase pairs' || true
  echo "== figures (ratios of means measured in this run)"
  python3 - "$CRIT" <<'PY'
import json, os, re, sys
crit = sys.argv[1]
def mean(*path):
    return json.load(open(os.path.join(crit, *path, "new", "estimates.json")))["mean"]["point_estimate"] / 1e6
full, floor = mean("phase", "full"), mean("phase", "floor")
p = {k: mean("parts", k) for k in ("prepare", "resolve", "messages", "text_html_svg", "svg", "png", "png_one")}
cold = mean("phase", "full_cold")
log = open(os.path.join(crit, "phase.log")).read()
pairs = re.search(r"phase pairs: (\d+), full/floor of the sums ([\d.]+)x, median ([\d.]+)x \(middle half ([\d.]+)x to ([\d.]+)x\)", log)
ratio = float(pairs.group(2)) if pairs else full / floor
print(f"(a), (e) summer phase with every club's map: full {full:.1f} ms, floor {floor:.1f} ms -> {full/floor:.2f}x (ratio of means)")
if pairs:
    print(f"    in {pairs.group(1)} pairs run back to back: {pairs.group(2)}x (the sums), a pair's median {pairs.group(3)}x, "
          f"middle half {pairs.group(4)}x to {pairs.group(5)}x")
print(f"    issue 30 goal <= 4x: {'ok' if ratio <= 4 else 'ABOVE GOAL'} ({ratio:.2f}x{', paired' if pairs else ''})")
print(f"    in a fresh process (the maps' static layer drawn too, as one-shot giglio resolve): "
      f"full_cold {cold:.1f} ms -> {cold/floor:.2f}x the floor")
print(f"    parts: gather orders {p['prepare']:.1f} ms, resolve {p['resolve']:.1f} ms, messages {p['messages']:.1f} ms "
      f"(club maps as PNG {p['png']:.1f} ms on 2 threads, text+HTML {p['text_html_svg'] - p['svg']:.1f} ms, SVGs {p['svg']:.1f} ms)")
print(f"    one club's map over the phase's shared base (issue 30: about 7 ms): {p['png_one']:.1f} ms")
m = re.search(r"club maps: (\d+) PNGs, mean (\d+) bytes", open(os.path.join(crit, "phase.log")).read())
if m:
    print(f"    club map PNG: mean {int(m.group(2))/1000:.0f} KB over {m.group(1)} maps")
PY
  mail_sizes
}

echo "== machine"
echo "cpus: $(nproc); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews absolute times, less the ratios)"
if [ -n "$BATTLES_ONLY" ]; then
  battles
  exit 0
fi
if [ -n "$PHASE_ONLY" ]; then
  phase_and_mail
  exit 0
fi

echo "== building (release)"
cargo build --release --quiet
baseline_worktree
(cd "$BASE_SRC" && CARGO_TARGET_DIR=$BASE_TARGET cargo build --release --quiet --bin giglio)
BASE_BIN=$BASE_TARGET/release/giglio
cargo bench --no-run --quiet --bench phase --bench delivery 2>/dev/null

# The SMTP sink in plain mode, stopped when this script ends however it ends.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
MAILDIR=$(mktemp -d)
SMTP_PORT=$(free_port) IMAP_PORT=$(free_port)
stop_servers() { bash tests/support/mailservers.sh stop "$MAILDIR" >/dev/null 2>&1 || true; rm -rf "$MAILDIR"; }
trap stop_servers EXIT
SMTP_MODE=plain SMTP_PORT=$SMTP_PORT IMAP_PORT=$IMAP_PORT OWNER_PID=$$ \
  bash tests/support/mailservers.sh start "$MAILDIR" >/dev/null

echo "== criterion: phase, scaling (benches/phase.rs)"
GIGLIO_BENCH_PAIRS=$PAIRS cargo bench --quiet --bench phase -- --noplot "${QUICK[@]}" 2>&1 |
  tee "$CRIT/phase.log" | grep -E '^(phase|parts|scale)/|time:|^scale x|^club maps|^phase pairs' || true
echo "== criterion: delivery (benches/delivery.rs)"
GIGLIO_BENCH_SMTP_PORT=$SMTP_PORT cargo bench --quiet --bench delivery -- --noplot "${QUICK[@]}" 2>&1 |
  grep -E '^delivery|time:' || true

echo "== simulate --runs 40 (and 400): 1 thread vs 2"
SIM_JSON=$(mktemp)
if command -v hyperfine >/dev/null; then
  hyperfine --style none --warmup 2 --min-runs 5 --export-json "$SIM_JSON" \
    "target/release/giglio simulate --runs 40 --threads 1 --json" \
    "target/release/giglio simulate --runs 40 --threads 2 --json" \
    "target/release/giglio simulate --runs 400 --threads 1 --json" \
    "target/release/giglio simulate --runs 400 --threads 2 --json" \
    "target/release/giglio simulate --runs 1 --threads 1 --json" >/dev/null
else # the mean of 15 runs each, as JSON in hyperfine's shape
  python3 - "$SIM_JSON" <<'PY'
import json, subprocess, sys, time
out = []
for runs, t in ((40, 1), (40, 2), (400, 1), (400, 2), (1, 1)):
    cmd = ["target/release/giglio", "simulate", "--runs", str(runs), "--threads", str(t), "--json"]
    subprocess.run(cmd, capture_output=True, check=True)
    times = []
    for _ in range(5):
        s = time.perf_counter(); subprocess.run(cmd, capture_output=True, check=True)
        times.append(time.perf_counter() - s)
    out.append({"command": " ".join(cmd), "mean": sum(times) / len(times)})
json.dump({"results": out}, open(sys.argv[1], "w"))
PY
fi

echo "== giglio demo --years 1: before issue 17 vs now (alternating runs)"
DEMO_JSON=$(mktemp)
python3 - "$DEMO_JSON" "$BASE_BIN" target/release/giglio <<'PY'
import json, shutil, subprocess, sys, tempfile, time
out, bins = sys.argv[1], sys.argv[2:]
times = {b: [] for b in bins}
for _ in range(3):
    for b in bins:
        d = tempfile.mkdtemp()
        s = time.perf_counter()
        subprocess.run([b, "demo", d + "/demo", "--years", "1"], capture_output=True, check=True)
        times[b].append(time.perf_counter() - s)
        shutil.rmtree(d)
json.dump({b: sum(t) / len(t) for b, t in times.items()}, open(out, "w"))
PY

echo "== figures (ratios of means measured in this run)"
python3 - "$CRIT" "$SIM_JSON" "$DEMO_JSON" <<'PY'
import json, os, re, sys
crit, sim, demo = sys.argv[1], sys.argv[2], sys.argv[3]
def mean(*path):
    p = os.path.join(crit, *path, "new", "estimates.json")
    return json.load(open(p))["mean"]["point_estimate"] / 1e6  # ms
def verdict(ok): return "ok" if ok else "ABOVE GOAL"
full, floor = mean("phase", "full"), mean("phase", "floor")
cold = mean("phase", "full_cold")
print(f"(a) phase: full {full:.1f} ms, floor {floor:.1f} ms -> {full/floor:.2f}x  (goal <= 2x: {verdict(full/floor <= 2)})")
print(f"    in a fresh process (the maps' static layer drawn too, as one-shot giglio resolve): "
      f"full_cold {cold:.1f} ms -> {cold/floor:.2f}x the floor")
p = {k: mean("parts", k) for k in ("prepare", "resolve", "messages", "text_html_svg", "svg", "png", "png_one")}
rest = p['messages'] - p['png'] - p['text_html_svg']
print(f"    breakdown: gather orders {p['prepare']:.1f} ms, resolve {p['resolve']:.1f} ms, "
      f"messages {p['messages']:.1f} ms = [club maps as PNG {p['png']:.1f} ms (2 threads), "
      f"club reports as text+HTML {p['text_html_svg'] - p['svg']:.1f} ms, their map SVGs {p['svg']:.1f} ms, "
      f"the rest (bulletins, referee report, MIME) ~{rest:.1f} ms], save+queue ~ floor {floor:.1f} ms")
print(f"    without the PNGs, at most {(full - p['png'])/floor:.2f}x the floor")
x1, x10, x100 = (mean("scale", "resolve", f"x{k}") for k in (1, 10, 100))
print(f"(b) summer round: x1 {x1:.2f} ms, x10 {x10:.1f} ms ({x10/x1:.1f}x, goal <= 11x: {verdict(x10/x1 <= 11)}), "
      f"x100 {x100:.0f} ms ({x100/x1:.0f}x, goal <= 110x: {verdict(x100/x1 <= 110)})")
g, l = mean("delivery", "giglio"), mean("delivery", "lettre")
print(f"(c) 100 reports by SMTP: giglio {g:.0f} ms, plain lettre client {l:.0f} ms -> {g/l:.2f}x  (goal <= 1.3x: {verdict(g/l <= 1.3)})")
print(f"    of which giglio's queue bookkeeping alone (read the outbox, mark 100 rows sent): {mean('delivery', 'bookkeeping'):.0f} ms")
rt, rs, rl = mean("receipts", "transport"), mean("receipts", "smtplib"), mean("receipts", "lettre")
rg, rb = mean("receipts", "giglio"), mean("receipts", "bookkeeping")
print(f"    200 receipts: giglio's transport {rt/200:.2f} ms a message, smtplib {rs/200:.2f} ms -> {rt/rs:.2f}x  (goal <= 2x: {verdict(rt/rs <= 2)}); "
      f"lettre (before) {rl/200:.1f} ms a message; mail send with its durable write per message {rg/200:.2f} ms, the write alone {rb/200:.2f} ms")
r = json.load(open(sim))["results"]
t1, t2, l1, l2, one = (x["mean"] for x in r)
print(f"(d) simulate --runs 40: 1 thread {t1*1000:.0f} ms, 2 threads {t2*1000:.0f} ms -> speed-up {t1/t2:.2f}x  (goal >= 1.8x: {verdict(t1/t2 >= 1.8)})")
print(f"    --runs 400: {l1*1000:.0f} ms vs {l2*1000:.0f} ms -> {l1/l2:.2f}x; start-up and one run (--runs 1): {one*1000:.0f} ms, "
      f"if that part is serial, 2 threads can give about {t1/((t1-one)/2+one):.2f}x at 40 runs")
pairs = re.search(r"phase pairs: (\d+), full/floor of the sums ([\d.]+)x", open(os.path.join(crit, "phase.log")).read())
ratio = float(pairs.group(2)) if pairs else full / floor
print(f"(e) issue 17: summer phase with every club's map {full/floor:.2f}x the floor (ratio of means), "
      f"{ratio:.2f}x{' in ' + pairs.group(1) + ' pairs run back to back' if pairs else ''} "
      f"(goal <= 6x: {verdict(ratio <= 6)}; issue 30: <= 4x: {verdict(ratio <= 4)})")
print(f"    one club's map over the phase's shared base (issue 30: about 7 ms, from about 17): {p['png_one']:.1f} ms")
m = re.search(r"club maps: (\d+) PNGs, mean (\d+) bytes", open(os.path.join(crit, "phase.log")).read())
if m:
    print(f"    club map PNG: mean {int(m.group(2))/1000:.0f} KB over {m.group(1)} maps (goal <= 170 KB, half of the 340 KB before)")
d = json.load(open(demo))
(base, base_t), (now, now_t) = list(d.items())
print(f"    giglio demo --years 1: before issue 17 {base_t:.2f} s, now {now_t:.2f} s -> {base_t/now_t:.2f}x faster (goal >= 3x: {verdict(base_t/now_t >= 3)})")
PY

mail_sizes
battles
