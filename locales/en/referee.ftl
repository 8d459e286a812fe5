# What the referee reads: the demo's progress lines, subjects of the referee's mail.
# The game's name ($game) is Il Giglio in every language.

demo-resolved = resolved { $phase } { $orders } orders, { $battles ->
    [one] { $battles } battle settled
   *[other] { $battles } battles settled
}, { $taken ->
    [one] { $taken } place changed hands
   *[other] { $taken } places changed hands
}, { $dice ->
    [one] { $dice } die
   *[other] { $dice } dice
}
subject-referee = [{ $game }] referee: { $phase }
subject-chronicle = [{ $game }] chronicle of { $year }

# `giglio orders check`: the closing line of a file with errors.
check-problems = { $file }: { $count ->
    [one] { $count } problem
   *[other] { $count } problems
}
check-problems-valid = { $valid ->
    [one] ; its other order is valid
   *[other] ; its other { $valid } orders are valid
}

# The unattended referee (`giglio run`): what it mails the referee.
run-outage-subject = the service was away { $away }: the deadline of { $phase } moved on
run-outage-text =
    giglio run did not run for { $away }, and the deadline of { $phase } passed meanwhile.
    Rather than resolve a phase nobody was watching, it moved the deadline on by the outage: from { $from } to { $to }. Every club has been told.
    If the outage was meant (a holiday), `giglio deadline --set` puts the deadline where you want it.
run-preview-subject = { $phase } is due: the preview of its resolution
run-preview-text =
    The deadline of { $phase } has passed. Attached: the { $count ->
        [one] message
       *[other] { $count } messages
    } resolving it would send, as they would go.
    Nothing is resolved yet: resolve with `giglio resolve` when you are ready (`giglio resolve --dry-run` shows the outcomes).
run-battle-referee-subject = battle { $battle } is past its play-by date
run-battle-referee-text =
    Battle { $battle } ({ $attacker } against { $defender }) should have been played by { $date }, and two agreeing results have not arrived.
    Under battle_fallback = "hold" it keeps waiting; both clubs have been told. Rule it (`giglio battle rule`), auto-resolve it (`giglio battle auto`), or wait for the clubs.
disorder-referee-subject = { THE($nation, cap: "yes") } { VERB($nation, "falls", "fall") } into civil disorder in { $phase }
disorder-referee-text-count =
    { THE($nation, cap: "yes") } sent no orders for { $phases } phases in a row, nor for { $phase }: it is in civil disorder, and every club has been told.
    To give it to a new club: `giglio club handover { $nation } …` (a new secret and a welcome). If its club comes back, its orders end the disorder.
run-digest-subject = what happened on { $day } ({ $count } { $count ->
    [one] entry
   *[other] entries
})
run-digest-text =
    The campaign's journal of { $day }, in the campaign's time zone: every change giglio made, by the service (run) or by your own commands.

    { $lines }
run-digest-days-subject = what happened from { $first } to { $day } ({ $count } { $count ->
    [one] entry
   *[other] entries
})
run-digest-days-text =
    The campaign's journal from { $first } to { $day }, the days since the last digest, in the campaign's time zone: every change giglio made, by the service (run) or by your own commands.

    { $lines }
referee-audience-public = public
referee-audience-referee = referee
referee-battle-line = { $id } at { $node }: { $attacker } against { $defender }
referee-neutral-result-subject = battle { $battle }: { $club }'s result against a neutral nation waits for you
referee-neutral-result-text =
    { $club } sent the result of battle { $battle } against { THE($neutral) }, a neutral nation that sends no result (rule G0): { $result }.
    The battle waits for your decision. To confirm that result as sent: `giglio battle rule { $battle } --as-sent { $club } --reason "…"`; for another outcome: `giglio battle rule { $battle } --winner … --loss …`; to resolve it with its own game: `giglio battle auto { $battle }`.

# The referee's copy of a dispute: how to rule.
referee-dispute-how =
    To rule: `giglio battle rule { $battle } --as-sent { $attacker } --reason "…"` (or `--as-sent { $defender }`) confirms one club's result as it sent it; `--winner CODE --loss CODE=DUCATS --loss CODE=DUCATS --reason "…"` gives another; `giglio battle auto { $battle }` resolves it with its own game. The reason reaches both clubs word for word.
