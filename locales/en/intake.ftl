# Mail intake: what a club (or the referee) reads about a message it sent.
# Nothing here may repeat the text of a message whose secret was not verified:
# the arguments are numbers, times, phase keys, nation codes and hashes only,
# except in messages marked "authenticated", which answer the club's own file.

## Why no order file was read from a message
unread-no-orders = { $attachments ->
    [0] the message carries no order file (its lines club, phase and secret, then the orders): giglio reads only order files, written in the text of the message (a greeting and a signature around it are fine) or attached as a .toml file. The referee is told that a message from your address came without one, and can read it in the mailbox
   *[other] the message carries no order file: its attachments are not read (only a .toml attachment is); write the orders in the text, or attach them as a .toml file
}
unread-compressed = the message carries a compressed attachment (.zip, .gz…), and compressed files are never opened, so it was not read: send the orders as a .toml attachment, or write them in the text of the message

## Subjects
intake-subject-receipt = orders received
intake-subject-receipt-file = file received, orders unchanged
intake-subject-stale = older orders not applied
intake-subject-rejection = orders not accepted
intake-subject-no-orders = your message holds no order file
intake-subject-alert = alert: messages in your club's name
intake-subject-club-digest = mail from your club's addresses not accepted
intake-subject-digest = intake: { $count ->
    [one] one message not accepted
   *[other] { $count } messages not accepted
}

## Refusals that quote nothing (the sender is not known to be the club)
intake-not-read = Your message was not read:
intake-too-large = Your message was larger than the limit of { $limit } bytes, so it was not read and nothing was recorded. Send the orders as a .toml attachment or in the text of the message, without other attachments.
intake-secret-missing = A message from one of your club's addresses arrived with an order file that carries no secret: nothing was recorded. Write your club's secret in the file (secret = "XXXX-XXXX-XXXX-XXXX-XXXX", as the referee gave it to you) and send it again. Without the secret the file cannot be known to be yours, so none of its text is repeated here.
intake-unchecked = A message from one of your club's addresses arrived with an order file that was not accepted: nothing was recorded. Its secret could not be checked, so none of its text is repeated here.
intake-secret-wrong = A message from one of your club's addresses arrived with an order file whose secret is not accepted ({ $why }): nothing was recorded. Write the secret exactly as the referee gave it to you and send the file again; if the referee has sent you a new secret, the old one no longer works. If you did not send it, tell the referee: someone may be writing in your club's name. Nothing of the message is repeated here.
intake-still-active = Your file received at { $received } (SHA-256 { $sha }) is still the active one for { $phase }: it counts unless a later file is accepted.
intake-none-active = You have no accepted order file for { $phase } yet: unless one is accepted by the deadline, your nation gives no orders this phase and your pieces keep their standing choices.
intake-stops-at = The file stops being readable at line { $line }, column { $col } ({ $problem }).
intake-nothing-quoted = Nothing of the message is repeated here.
intake-arrived-at = The message this answers reached the mailbox at { $at }. A message without a valid secret is answered without quoting it or replying in its thread (anyone may write with your address): this time tells you which of your messages it was.

## Refusals of the club's own file (authenticated)
intake-refused = Your order file was not accepted; nothing was recorded.
intake-set-aside = Only the order file in the text of your message was read; what came before or after it was set aside as words, not orders (a greeting, a signature): { $before ->
    [0] {""}
    [one] the line before it
   *[other] the { $before } lines before it
}{ $before ->
    [0] {""}
   *[other] { $after ->
        [0] {""}
       *[other] {" "}and{" "}
    }
}{ $after ->
    [0] {""}
    [one] the line after it
   *[other] the { $after } lines after it
}. The order file counts as it is: a greeting and a signature may stay. Where a warning gives a line, it counts from the order file's first line (`club = …`), not the message's.

## Receipts (authenticated)
receipt-head = Orders for { $phase } received and sealed.
    SHA-256 of the file as received: { $sha }
# A file of letters or results alone carries no orders.
receipt-head-file = Your file for { $phase } received and sealed.
    SHA-256 of the file as received: { $sha }
receipt-first = No order file of yours counted for { $phase } until now (a file of letters, results or a request for time alone is none, and a late file the referee refused counts no more): this one is now the active one.
receipt-replaces = It replaces the file received at { $received } (SHA-256 { $old }), and is now the active one. A later file replaces it in turn.
receipt-late = This file reached the mailbox at { $received }, after the deadline of { $deadline }: it counts unless the referee refuses it before the phase is resolved (you will be told if so). If it counts, the phase's report says so.
receipt-late-no-grace = This file reached the mailbox at { $received }, after the deadline of { $deadline }. This campaign gives no time after the deadline: the phase is resolved at the referee's next pass (once the referee's clock runs, if it is stopped), with this file counting as it is, unless the referee refuses it before then (you will be told if so). The phase's report says whether it counted.
receipt-orders = Your orders, as understood{ $dropped ->
    [0] {""}
    [one] {" "}(and one part of the file left out: it is below, with why)
   *[other] {" "}(and { $dropped } parts of the file left out: they are below, each with why)
}:
receipt-items = What the file holds, as understood{ $dropped ->
    [0] {""}
    [one] {" "}(and one part of the file left out: it is below, with why)
   *[other] {" "}(and { $dropped } parts of the file left out: they are below, each with why)
}:
receipt-no-orders = { $dropped ->
    [0] The file gives no orders: your forces will do what they do without orders.
    [one] No order of the file reads: the one part written is left out (below, with why), and your forces will do what they do without orders.
   *[other] No order of the file reads: the { $dropped } parts written are left out (below, each with why), and your forces will do what they do without orders.
}
receipt-order-valid = valid
# One nation of a file's `alliances` list, echoed.
receipt-alliance = Alliances: alliance declared with { $with } (from the file's `alliances` list)
receipt-order-valid-noted = valid, but read the note on it below
receipt-order-read = read; its legality is judged when the phase is resolved
receipt-order-rejected = will be rejected: { $reason }
receipt-dropped = These parts of the file are left out, each with why (the rest of the file stands; a piece whose order is left out does what it does without orders, as the order sheet says: an army stays where it is unless another order moves it):
receipt-dropped-early = The referee resolves a phase as soon as every club's orders are in, but not while a file has parts left out: this phase now waits for a new file of yours (the last one received counts) or for its deadline.
receipt-warnings = Worth knowing (the file stands as it is):
receipt-kept-copy = (This stored copy leaves out what the message quoted of your file; the file itself is kept with its secret masked.)
receipt-stale = A message with orders for { $phase } arrived (SHA-256 { $sha }), but it was written at { $written }, before the message that carried your active file (written at { $active_written }). An older copy never replaces a newer file: nothing changed.
receipt-active = The active file for { $phase } is still the one received at { $received } (SHA-256 { $active }). To make these orders active, send them again in a new message.

## Alerts about messages in a club's name that failed authentication
alert-club = { $count ->
    [one] Warning: during { $phase }, a message in your club's name arrived and was not accepted.
   *[other] Warning: during { $phase }, { $count } messages in your club's name arrived and were not accepted.
}
alert-times = When they arrived: { $times }
alert-time-one = When it arrived: { $times }
alert-why = Why: { $reasons }.
alert-advice = Nothing changed. If you did not send them, tell the referee; if your secret may be known to others, ask for a new one. Further attempts during this phase are reported to the referee only.
alert-advice-one = Nothing changed. If you did not send it, tell the referee; if your secret may be known to others, ask for a new one. Further attempts during this phase are reported to the referee only.
alert-reason-not-its-address = sent from an address that is not one of your club's
alert-reason-not-its-address-secret = sent from an address that is not one of your club's, with your club's right secret: nothing from it was recorded. If one of your members sent it from an address the referee does not know, ask the referee to add that address and send the file again from a registered one; if not, someone else knows your secret: ask the referee for a new one now
alert-reason-bad-secret = a wrong secret
alert-reason-no-sender = no single sender address
alert-reason-stranger = from an unregistered address
alert-reason-unreadable = not a readable mail message
alert-reason-no-orders = no order file
alert-reason-too-large = larger than the size limit
alert-reason-no-secret = an order file without its secret
alert-reason-not-read = a message whose order file could not be read
alert-more = and { $count } more

## The referee's digest
digest-head = These messages were not accepted. Nothing of their subject or text is shown (they may be anyone's); giglio keeps each one's sender, reason and hash in the campaign file. Only mail that did not authenticate is listed here. A file that carried its club's secret from the club's address and was refused for its orders was answered to the club with its errors; `giglio log` shows it ("read: rejected").
digest-head-one = This message was not accepted. Nothing of its subject or text is shown (it may be anyone's); giglio keeps its sender, reason and hash in the campaign file. Only mail that did not authenticate is listed here. A file that carried its club's secret from the club's address and was refused for its orders was answered to the club with its errors; `giglio log` shows it ("read: rejected").
digest-line = { $time }  claimed { $club }  from { $sender }  { $reason }
digest-line-source = {"  "}read from { $source }
digest-clubs-told = Clubs alerted now: { $clubs }
digest-no-orders-kept = A message with no order file from a club's address may be a question for you: giglio reads nothing else in it, and it stays in the intake mailbox (a Maildir's cur/, under the name it had in new/ with :2,S added; or the IMAP mailbox, marked as read), where you can read it. It is not authenticated: anyone may write with a club's address.
digest-club = { $count ->
    [one] During { $phase }, one more message from your club's addresses was not accepted. After { $first } answers one by one, further ones are gathered here, at most once a day.
   *[other] During { $phase }, { $count } more messages from your club's addresses were not accepted. After { $first } answers one by one, further ones are gathered here, at most once a day.
}
digest-club-advice = Nothing changed. Once a file with your club's secret is accepted, the next problems are answered one by one again. If you did not send these messages, tell the referee.
digest-club-advice-one = Nothing changed. Once a file with your club's secret is accepted, the next problems are answered one by one again. If you did not send this message, tell the referee.
digest-reason-not-its-address = sent from an address not registered to the club it claims
digest-reason-not-its-address-secret = sent from an address not registered to the club it claims, with that club's right secret: rotate it (giglio club secret CODE --rotate)
unread-nul = the message holds a NUL byte (at byte { $at }), which mail may not carry
unread-header-line = a header line has { $bytes } bytes; mail allows at most { $max }
unread-headers-not-utf8 = the message headers hold bytes that are not UTF-8
unread-depth = the message nests its parts { $depth } levels deep; at most { $max } are read
unread-parts = the message has { $parts } parts; at most { $max } are read
unread-several-files = the message carries { $files } order files; send one per message
unread-too-large = the order file has { $bytes } bytes; at most { $max } are read
unread-bad-charset = the order file holds bytes that are not valid in its character set (UTF-8): save it as UTF-8 and send it again
unread-bidi = the order file holds an invisible bidirectional control character ({ $code }) that can make it read differently from how it shows: remove it
auth-no-club = no club plays { $club }
auth-secret-missing = the club's secret is missing (`secret = "…"`)
auth-secret-empty = the secret is empty: write in the one the welcome gave your club, or the referee will answer that it is missing
auth-secret-not-ascii = the secret contains non-ASCII characters: write it exactly as it was given
auth-secret-malformed = the secret is not of the form XXXX-XXXX-XXXX-XXXX-XXXX
auth-secret-wrong = the secret is not the club's

## G6.3: a club's request for more time, in its receipt
extension-granted = Your request for { $hours } more hours is granted: orders are now due { $due } (every club is told the new deadline, not who asked). { $left ->
    [0] That was your last extension this year.
    [one] You may ask once more this year.
   *[other] You may ask { $left } more times this year.
}
extension-refused = Your request for { $hours } more hours is refused: { $why }.
extension-not-granted = this campaign grants no extensions
extension-no-deadline = { $phase } has no deadline to move
extension-passed = the deadline has passed (a refused request uses none of your extensions)
extension-too-long = one extension gives at most { $max } hours (you may ask again for { $max } or fewer: a refused request uses none of your extensions)
extension-none-left = a club may have { $per_year } extensions a year, and you have had them

## The order kinds a receipt echoes, named in running text beside the file's key.
receipt-kind-loan = Loan
receipt-kind-objective = Secret objective
receipt-kind-strategos = Bid for the Strategos
receipt-kind-alliances = Alliances
receipt-kind-raise = Raise an army
receipt-kind-reinforce = Reinforce an army
receipt-kind-transfer = Transfer of ducats
receipt-kind-garrison = Garrison
receipt-kind-fortify = Fortify
receipt-kind-repair = Repair walls
receipt-kind-hire = Hire (sapper, diplomat, spy, assassin)
receipt-kind-fleet = Build a fleet
receipt-kind-move = Move
receipt-kind-stance = Encounter choices
receipt-kind-siege = Siege
receipt-kind-assassin = Assassin
receipt-kind-fleet-move = Sail
receipt-kind-embark = Embark
receipt-kind-land = Land
receipt-kind-encounter = Encounter reply
receipt-kind-battle-result = Battle result
receipt-kind-order-of-battle = Order of battle
receipt-kind-letter = Letter
receipt-kind-extension = Extension

## The labels of a located diagnostic (`error[G3b.2]: …`) in a reply.
diag-error = error
diag-warning = warning
