#!/bin/bash
# Test mail servers on loopback (owned by tests/support): smtp_sink.py + Dovecot IMAP.
#
#   mailservers.sh certs DIR   CA + leaf certificate into DIR (ca.pem ca.key cert.pem key.pem)
#   mailservers.sh start DIR   both servers, state under DIR; reuses DIR/tls/ if it is there
#   mailservers.sh stop DIR    both servers, waiting until their processes are gone
#
# Environment: SMTP_PORT (10025), IMAP_PORT (10143), SMTP_MODE=tls|plain (tls),
# SMTP_FAULT (none; see smtp_sink.py), PY (/opt/mailtest-venv/bin/python), OWNER_PID (if
# set, the servers are stopped within a second of that process ending, however it ended).
# SMTP: STARTTLS + AUTH referee/s3cret in tls mode; messages go to DIR/mail/referee, log
# DIR/smtp-sink.log. IMAP: any user, password `secret`, Maildir DIR/mail/<user>, no TLS.
# Dovecot refuses to run its login process as root, so as root both run as nobody.
set -eu
CMD=$1 D=$2
SMTP_PORT=${SMTP_PORT:-10025} IMAP_PORT=${IMAP_PORT:-10143}
SMTP_MODE=${SMTP_MODE:-tls} SMTP_FAULT=${SMTP_FAULT:-none}
PY=${PY:-/opt/mailtest-venv/bin/python}
if [ "$(id -u)" = 0 ]; then AS="runuser -u nobody --" U=nobody G=nogroup; else AS="" U=$(id -un) G=$(id -gn); fi

certs() { # CA + leaf: rustls rejects a self-signed CA used as the server cert (CaUsedAsEndEntity)
  local T=$1
  mkdir -p "$T"
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$T/ca.key" -out "$T/ca.pem" -days 30 -subj /CN=giglio-test-CA 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -keyout "$T/key.pem" -out "$T/leaf.csr" -subj /CN=localhost 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n' >"$T/leaf.ext"
  openssl x509 -req -in "$T/leaf.csr" -CA "$T/ca.pem" -CAkey "$T/ca.key" -CAcreateserial -out "$T/cert.pem" -days 30 -extfile "$T/leaf.ext" 2>/dev/null
  chmod 644 "$T"/*.pem "$T"/*.key
}

# waits up to 5 s for a pid to exit; a zombie counts as gone (PID 1 may reap late)
alive() { case "$(ps -o stat= -p "$1" 2>/dev/null)" in "" | Z*) return 1 ;; esac; }
wait_gone() { for _ in $(seq 100); do alive "$1" || return 0; sleep 0.05; done; }

case "$CMD" in
certs) certs "$D" ;;
start)
  [ -x "$PY" ] || { echo "no $PY: run .ci/run (it installs the test servers)" >&2; exit 1; }
  command -v dovecot >/dev/null || { echo "no dovecot: run .ci/run (it installs the test servers)" >&2; exit 1; }
  mkdir -p "$D/run" "$D/state" "$D/mail/referee" "$D/home"
  [ -f "$D/tls/cert.pem" ] || certs "$D/tls"
  UID_=$(id -u "$U") GID_=$(getent group "$G" | cut -d: -f3)
  cat >"$D/dovecot.conf" <<CONF
base_dir = $D/run
state_dir = $D/state
log_path = $D/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = $U
default_internal_group = $G
default_login_user = $U
first_valid_uid = $UID_
last_valid_uid = $UID_
mail_location = maildir:$D/mail/%u
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
passdb {
  driver = static
  args = password=secret
}
userdb {
  driver = static
  args = uid=$UID_ gid=$GID_ home=$D/home/%u
}
CONF
  TLS_ARGS=""
  case "$SMTP_MODE" in
  tls) TLS_ARGS="--tls $D/tls/cert.pem $D/tls/key.pem" ;;
  plain) ;;
  *) echo "SMTP_MODE must be tls or plain, not $SMTP_MODE" >&2; exit 1 ;;
  esac
  cp "$(dirname "$0")/smtp_sink.py" "$D/smtp_sink.py"
  if [ "$(id -u)" = 0 ]; then chown -R "$U:$G" "$D"; fi
  if [ -n "${OWNER_PID:-}" ]; then # a watchdog stops the servers once OWNER_PID is gone, even killed
    (while kill -0 "$OWNER_PID" 2>/dev/null; do sleep 1; done; WATCHDOG=1 bash "$0" stop "$D") \
      </dev/null >/dev/null 2>&1 &
    echo $! >"$D/watchdog.pid"
  fi
  # Daemons get no stdio of ours: a caller reading our output to EOF would wait for them.
  if ! $AS dovecot -c "$D/dovecot.conf" </dev/null >"$D/dovecot.start.log" 2>&1; then
    echo "dovecot did not start:" >&2; cat "$D/dovecot.start.log" >&2; exit 1
  fi
  $AS sh -c "exec $PY $D/smtp_sink.py --port $SMTP_PORT --maildir $D/mail/referee --log $D/smtp-sink.log \
    --ready $D/smtp.ready --fault $SMTP_FAULT $TLS_ARGS </dev/null >$D/smtp.log 2>&1 & echo \$! >$D/smtp.pid"
  for _ in $(seq 200); do
    alive "$(cat "$D/smtp.pid")" || break
    if [ -f "$D/smtp.ready" ] && (exec 3<>"/dev/tcp/127.0.0.1/$IMAP_PORT") 2>/dev/null; then
      echo "up: smtp $SMTP_PORT ($SMTP_MODE, fault $SMTP_FAULT) imap $IMAP_PORT"
      exit 0
    fi
    sleep 0.05
  done
  echo "servers did not come up" >&2
  cat "$D/smtp.log" "$D/dovecot.log" >&2 || true
  exit 1 ;;
stop) # SIGKILL for Dovecot: its master sleeps 1-2 s on a clean shutdown, and tests keep no state in it
  if [ -z "${WATCHDOG:-}" ] && [ -f "$D/watchdog.pid" ]; then kill "$(cat "$D/watchdog.pid")" 2>/dev/null || true; fi
  if [ -f "$D/smtp.pid" ]; then P=$(cat "$D/smtp.pid"); kill "$P" 2>/dev/null || true; wait_gone "$P"; fi
  if [ -f "$D/run/master.pid" ]; then
    P=$(cat "$D/run/master.pid") KIDS=$(ps -o pid= --ppid "$(cat "$D/run/master.pid")" || true)
    kill -KILL "$P" $KIDS 2>/dev/null || true
    for K in $P $KIDS; do wait_gone "$K"; done
  fi ;;
*) echo "usage: $0 certs|start|stop DIR" >&2; exit 2 ;;
esac
