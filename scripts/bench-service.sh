#!/bin/bash
# The unattended referee's figures (issue 28), measured in one run on this machine with
# the release build, a real Dovecot (IMAP, IDLE) and a real SMTP server on loopback:
#
#   (g) latency: the time from a club's mail reaching Dovecot (IMAP APPEND) to its
#       receipt accepted by the SMTP server, median and 95th percentile over 100 mails
#       arriving one every half second (goal: median <= 2 s, p95 <= 5 s);
#   (h) idle: the CPU `giglio run` uses while it waits in IDLE with nothing to do,
#       as a share of one core over a minute (goal: under 1%);
#   (i) five years of a club for every nation the shipped campaign lets clubs play,
#       played by bots mailing into a Maildir and kept by the service's passes on a
#       clock moved from deadline to deadline (`giglio demo --service --years 5`):
#       nothing lost (`giglio audit` passes), and the campaign file at the end, with
#       the shipped `[run] archive_after_days` (goal: at most 50 MB).
#
# Usage: scripts/bench-service.sh [--quick]   (--quick: 20 mails, 15 s of idle)
# Needs the test mail servers (tests/support/install.sh) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
MAILS=100 IDLE_SECONDS=60
if [ "${1:-}" = "--quick" ]; then MAILS=20 IDLE_SECONDS=15; fi

echo "== machine"
echo "cpus: $(nproc); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews absolute times)"
echo "== building (release)"
cargo build --release --quiet
BIN=$PWD/target/release/giglio

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
WORK=$(mktemp -d)
chmod 755 "$WORK" # the servers run as nobody under root
SERVERS=$WORK/servers
SMTP_PORT=$(free_port) IMAP_PORT=$(free_port)
SERVICE_PID=
finish() {
  if [ -n "$SERVICE_PID" ]; then kill -TERM "$SERVICE_PID" 2>/dev/null || true; wait "$SERVICE_PID" 2>/dev/null || true; fi
  bash tests/support/mailservers.sh stop "$SERVERS" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap finish EXIT
mkdir -p "$SERVERS"
SMTP_MODE=plain SMTP_PORT=$SMTP_PORT IMAP_PORT=$IMAP_PORT OWNER_PID=$$ \
  bash tests/support/mailservers.sh start "$SERVERS" >/dev/null

# A campaign of one club, Venice, whose orders arrive in the `club` mailbox.
cat >"$WORK/clubs.toml" <<'TOML'
[[club]]
nation = "V"
name = "Circolo della Serenissima"
emails = ["doge@venezia.example"]
lang = "it"
TOML
(cd "$WORK" && "$BIN" new c --clubs clubs.toml --seed 1 >"$WORK/new.out")
SECRET=$(awk '/club secrets/{on=1; next} on && $1=="V"{print $2; exit}' "$WORK/new.out")
sed -i 's/^referee = \[\]/referee = ["arbitro@example.org"]/' "$WORK/c/giglio.toml"

GIGLIO_IMAP_PASSWORD=secret GIGLIO_SMTP_HOST=127.0.0.1 GIGLIO_SMTP_PORT=$SMTP_PORT \
  GIGLIO_SMTP_SECURITY=none "$BIN" -C "$WORK/c" run --imap "imap://club@127.0.0.1:$IMAP_PORT/INBOX" \
  2>"$WORK/run.log" &
SERVICE_PID=$!

python3 - "$SERVERS/mail/referee" "$IMAP_PORT" "$SECRET" "$SERVICE_PID" "$MAILS" "$IDLE_SECONDS" <<'PY'
import email, imaplib, os, statistics, sys, time
sink, port, secret, pid, mails, idle_s = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])

def stored():
    """(nanoseconds the sink stored it, In-Reply-To) of every message the sink holds."""
    out = []
    for sub in ("new", "cur"):
        d = os.path.join(sink, sub)
        for name in os.listdir(d) if os.path.isdir(d) else []:
            msg = email.message_from_binary_file(open(os.path.join(d, name), "rb"))
            out.append((int(name.split(".")[0]), (msg["In-Reply-To"] or "").strip("<> ")))
    return out

def wait_for(cond, limit):
    end = time.time() + limit
    while time.time() < end:
        if cond():
            return True
        time.sleep(0.05)
    return False

# The welcome goes out on the first pass: the service is up and waiting in IDLE.
if not wait_for(lambda: len(stored()) >= 1, 60):
    sys.exit("the service sent no welcome within a minute")
time.sleep(2)

def cpu_ticks():
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(f[11]) + int(f[12])  # utime + stime
hz = os.sysconf("SC_CLK_TCK")
t0, c0 = time.time(), cpu_ticks()
time.sleep(idle_s)
t1, c1 = time.time(), cpu_ticks()
idle = (c1 - c0) / hz / (t1 - t0) * 100

imap = imaplib.IMAP4("127.0.0.1", port)
imap.login("club", "secret")
sent = {}
for i in range(mails):
    mid = f"bench-{i}@venezia.example"
    body = f'club = "V"\nphase = "1494-spring"\nsecret = "{secret}"\n# mail {i}\n'
    raw = (f"From: doge@venezia.example\r\nTo: arbitro@example.org\r\nSubject: ordini {i}\r\n"
           f"Message-ID: <{mid}>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
           + body.replace("\n", "\r\n")).encode()
    sent[mid] = time.time_ns()
    imap.append("INBOX", None, None, raw)
    time.sleep(0.5)
imap.logout()
def answered():
    got = {r: t for t, r in stored() if r in sent}
    return got if len(got) == len(sent) else None
if not wait_for(lambda: answered() is not None, 60):
    got = {r for _, r in stored()}
    sys.exit(f"receipts missing for {len([m for m in sent if m not in got])} of {mails} mails")
lat = sorted((t - sent[m]) / 1e9 for m, t in answered().items())
med = statistics.median(lat)
p95 = lat[max(0, int(round(0.95 * len(lat))) - 1)]
ok = lambda c: "ok" if c else "ABOVE GOAL"
print(f"(g) mail into Dovecot -> receipt accepted by SMTP, {mails} mails one every 0.5 s: "
      f"median {med:.2f} s ({ok(med <= 2)}, goal <= 2 s), p95 {p95:.2f} s ({ok(p95 <= 5)}, goal <= 5 s), max {lat[-1]:.2f} s")
print(f"(h) giglio run waiting in IDLE: {idle:.2f}% of a core over {t1 - t0:.0f} s ({ok(idle < 1)}, goal < 1%)")
PY

echo "== (i) five years through the service"
START=$(date +%s)
GIGLIO_NOW=2026-03-01T12:00:00Z "$BIN" demo "$WORK/five" --years 5 --service >"$WORK/five.log"
END=$(date +%s)
grep "through the service" "$WORK/five.log"
GIGLIO_NOW=2030-01-01T12:00:00Z "$BIN" -C "$WORK/five" audit >"$WORK/audit.log" && echo "audit: every phase ok"
BYTES=$(stat -c %s "$WORK/five/giglio.sqlite")
python3 -c "import sys; b=int(sys.argv[1]); print(f'(i) five years, {sys.argv[2]} s: giglio.sqlite {b/1e6:.1f} MB on disk ({\"ok\" if b <= 50e6 else \"ABOVE GOAL\"}, goal <= 50 MB)')" "$BYTES" "$((END - START))"
