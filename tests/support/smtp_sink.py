# Test SMTP sink (owned by tests/support): stores raw messages to a Maildir, logs every
# transaction, and can inject one fault. Started by mailservers.sh; see tests/common/servers.rs.
#
#   smtp_sink.py --port P --maildir DIR --log FILE --ready FILE [--tls CERT KEY] [--fault F]
#
# --tls: STARTTLS required, then AUTH PLAIN/LOGIN as referee/s3cret before MAIL FROM.
# Without --tls: plain SMTP, no auth.
# Faults (the DATA ones answer after the final dot, once the whole message has been read):
#   none                 accept everything
#   refuse-connect       listen on nothing: connections are refused
#   421-greeting         greet with 421 and close
#   451-rcpt, 550-rcpt   reject every RCPT TO with that code
#   451-data, 554-data   reject every message with that code (not stored)
#   drop-after-data-cmd  close the connection on DATA, before 354
#   drop-after-dot       store the message, then close without answering (RFC 1047)
#   gone-after:K         accept K messages, then the process exits
#   flaky:N              answer 451 to the first N messages, then accept
# Log: one line per transaction, `outcome=… message_id=… mail_from=… rcpt_tos=a,b`,
# where outcome is stored | stored-unanswered | rejected-451 | rejected-554 |
# rcpt-451 | rcpt-550 | dropped-at-data | greeting-421. Absent values are `-`.
import argparse, asyncio, os, signal, ssl, time
from email.parser import BytesHeaderParser
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--maildir", required=True)
p.add_argument("--log", required=True)
p.add_argument("--ready", required=True)
p.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
p.add_argument("--fault", default="none")
args = p.parse_args()
fault, _, fault_n = args.fault.partition(":")
KNOWN = {"none", "refuse-connect", "421-greeting", "451-rcpt", "550-rcpt", "451-data",
         "554-data", "drop-after-data-cmd", "drop-after-dot", "gone-after", "flaky"}
if fault not in KNOWN or (fault in ("gone-after", "flaky")) != fault_n.isdigit():
    p.error(f"unknown fault {args.fault!r}")
fault_n = int(fault_n or 0)

for sub in ("tmp", "new", "cur"):
    os.makedirs(os.path.join(args.maildir, sub), exist_ok=True)
state = {"seq": 0, "stored": 0, "data_attempts": 0, "started": False}


def store(raw: bytes) -> None:
    """Writes the raw bytes as one Maildir message; names sort in arrival order."""
    state["seq"] += 1
    name = f"{time.time_ns()}.{state['seq']:06d}.smtp-sink"
    tmp = os.path.join(args.maildir, "tmp", name)
    with open(tmp, "wb") as f:
        f.write(raw)
    os.rename(tmp, os.path.join(args.maildir, "new", name))
    state["stored"] += 1


def log(outcome, envelope=None, raw=None):
    mid = BytesHeaderParser().parsebytes(raw).get("Message-ID") if raw else None
    mid = "".join(str(mid).split()) if mid else "-"
    frm = (envelope.mail_from if envelope else None) or "-"
    tos = ",".join(envelope.rcpt_tos) if envelope and envelope.rcpt_tos else "-"
    with open(args.log, "a") as f:
        f.write(f"outcome={outcome} message_id={mid} mail_from={frm} rcpt_tos={tos}\n")


async def hang_up(server):
    """Closes the connection without a reply; the task is cancelled when it is gone."""
    server.transport.close()
    await asyncio.Event().wait()


class Handler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if fault in ("451-rcpt", "550-rcpt"):
            code = fault[:3]
            envelope.rcpt_tos.append(address)  # for the log line only
            log(f"rcpt-{code}", envelope)
            envelope.rcpt_tos.remove(address)
            return f"{code} {'4.3.0 try again later' if code == '451' else '5.1.1 no such user'}"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content  # bytes as received, dot-unstuffed
        state["data_attempts"] += 1
        if fault in ("451-data", "554-data") or (fault == "flaky" and state["data_attempts"] <= fault_n):
            code = "554" if fault == "554-data" else "451"
            log(f"rejected-{code}", envelope, raw)
            return f"{code} {'5.6.0 rejected' if code == '554' else '4.3.0 try again later'}"
        store(raw)
        if fault == "drop-after-dot":
            log("stored-unanswered", envelope, raw)
            await hang_up(server)
        log("stored", envelope, raw)
        if fault == "gone-after" and state["stored"] >= fault_n:
            controller.server.close()  # stops listening before the 250 goes: the next connect is refused
        return "250 OK"


class FaultySMTP(SMTP):
    async def _handle_client(self):
        if fault == "421-greeting":
            if state["started"]:  # not the controller's own probe connection in start()
                log("greeting-421")
            await self.push("421 4.3.2 service not available, closing channel")
            self.transport.close()
            return
        await super()._handle_client()

    async def smtp_DATA(self, arg):
        if fault == "drop-after-data-cmd" and self.envelope.rcpt_tos:
            log("dropped-at-data", self.envelope)
            await hang_up(self)
        await super().smtp_DATA(arg)  # the reply is flushed when this returns
        if fault == "gone-after" and state["stored"] >= fault_n:
            os.kill(os.getpid(), signal.SIGTERM)


def authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (b"referee", b"s3cret")
    return AuthResult(success=ok, handled=False)  # handled=False: the server answers 535 on failure


class SinkController(Controller):
    def factory(self):
        return FaultySMTP(self.handler, **self.SMTP_kwargs)


tls = {}
if args.tls:
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(*args.tls)
    tls = dict(tls_context=ctx, require_starttls=True, authenticator=authenticator,
               auth_required=True, auth_require_tls=True)
controller = SinkController(Handler(), hostname="127.0.0.1", port=args.port,
                            server_hostname="localhost", ready_timeout=10, **tls)
signals = {signal.SIGTERM, signal.SIGINT}
signal.pthread_sigmask(signal.SIG_BLOCK, signals)  # before threads start; sigwait gets them
if fault != "refuse-connect":
    controller.start()
state["started"] = True
open(args.ready, "w").close()
print(f"smtp sink on 127.0.0.1:{args.port} tls={bool(args.tls)} fault={args.fault}", flush=True)
signal.sigwait(signals)
os._exit(0)  # nothing to flush: each message and log line is written and closed already
