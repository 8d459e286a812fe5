## A battle's news by mail: the update once its result is applied, the notice that two
## results differ, and the receipt's line on a result a club sent.

news-losses = losses: { $attacker } { $attacker_loss } ducats, { $defender } { $defender_loss } ducats
# How hits become ducats (G3c.7), told in every update: without it a side that took hits
# and lost no ducats reads as a mistake.
news-losses-how = How losses are counted (G3c.7): each unit lost costs its side the value in ducats it had on the card; { $percent ->
    [0] a unit only reduced (hits that take a step off it without eliminating it) costs nothing, so a side may take hits and lose no ducats.
   *[other] a unit only reduced (hits that take a step off it without eliminating it) costs { $percent }% of its value.
}
news-result = { THE($winner) } { VERB($winner, "wins", "win") }; { $losses }
news-result-draw = a draw; { $losses }
news-source-table = both clubs' results agree
news-source-auto = resolved by the tactical game's own mechanics
news-source-referee = ruled by the referee
news-update-subject = battle { $battle }: the result is applied
news-update-head = The result of battle { $battle } at { $node } (the game of its card: “{ $game }”) is applied now, during { $phase } ({ $source }): { $result }.
news-later-subject = battle { $battle }: resolved with its own game
news-later-head = Battle { $battle } at { $node } has been resolved automatically with its own game, { $game }: { $result }. Results wait for the phase's resolution in this campaign (G3c.7): the outcome counts when { $phase } is resolved, and its report tells what became of your forces.
news-update-happened = What happened:
news-update-forces = Your armies now:
news-update-army = { $army } at { $node }: { $value } ducats
news-update-army-aboard = { $army } aboard { $fleet }, { $sea ->
        [yes] in { THE($at) }
       *[no] at { $at }
    }: { $value } ducats
news-update-no-army = You have no army left.
news-update-orders-sent = Your orders for { $phase }, received { $received }, still count, but each is judged from these new positions: one they no longer allow (a siege where your army no longer stands, a move from a node it has left) will be refused. To change them, send a new file; the attached { $sheet } is filled in from these positions.
news-update-orders-sent-passed = Your orders for { $phase }, received { $received }, still count and the deadline has passed: the round is resolved now, each order judged from these new positions (one they no longer allow is refused), and its report brings the next order file.
news-update-orders-sent-early = Your orders for { $phase }, received { $received }, still count, and every club's orders are in: the round is resolved now, before its deadline, each order judged from these new positions (one they no longer allow is refused), and its report brings the next order file.
news-update-orders-due = Your orders for { $phase } are due { $deadline }. The attached { $sheet } is filled in from these new positions.
news-update-orders-open = The attached { $sheet } for { $phase } is filled in from these new positions.
news-update-orders-passed = The deadline for { $phase } has passed: the round is resolved next, from these positions, and its report brings the next order file.
news-dispute-subject = battle { $battle }: the two results differ
news-dispute-head = The two results sent for battle { $battle } at { $node } differ:
news-dispute-line = { $club }: { $result }
news-dispute-next = Each club may send its result again until it is applied: when the two agree, it stands. Otherwise the referee rules.
news-dispute-next-by = Each club may send its result again until it is applied: when the two agree, it stands. If two agreeing results have not arrived by { $date }, { $fallback ->
        [auto] the battle is resolved automatically with its own game, and that result prevails over both (the referee may also rule it before then).
       *[hold] the battle keeps waiting and the referee rules.
    }
news-receipt-waiting = Battle { $battle }: your result is recorded ({ $result }); { THE($other) }{ VERB($other, "'s", "'") } is awaited.
news-receipt-neutral = Battle { $battle }: your result is recorded ({ $result }). { THE($other, cap: "yes") } { VERB($other, "is", "are") } a neutral nation and sends no result (rule G0): the referee decides the battle, confirming your result or resolving it with its own game.
news-receipt-applied = Battle { $battle }: your result ({ $result }) agrees with { THE($other) }{ VERB($other, "'s", "'") } and is applied now; an update with your new position follows.
news-receipt-agreed = Battle { $battle }: your result ({ $result }) agrees with { THE($other) }{ VERB($other, "'s", "'") }; it is applied when the phase is resolved.
news-receipt-disputed = Battle { $battle }: your result ({ $result }) differs from { THE($other) }{ VERB($other, "'s", "'") }; both clubs and the referee are told what each says.
news-receipt-overruled = Battle { $battle }: your result ({ $result }) is recorded, but the referee's ruling (or the auto-resolve) already stands.
news-receipt-oob = Battle { $battle }: your order of battle for { $ruleset } is recorded; the battle's card uses it.
news-receipt-results-only = This file carries no orders (only what the items below list: battle results, orders of battle, letters, a request for time): { $sent ->
    [true] your orders for { $phase } stay those of the file you sent before.
    [passed] you sent no orders for { $phase } and the deadline has passed: your forces will do what they do without orders.
   *[false] you have sent no orders for { $phase } yet; send them in another file before the deadline.
}
news-update-provisional = PROVISIONAL: the game was resolved with stand-in tables where its rulebook's are missing (the battle card lists them).
news-update-ruling-reason = The referee's reason: { $reason }.
news-update-auto-reason = How the game decided it: { $reason }.
# An auto-resolve the referee ordered (`giglio battle auto`), not one the play-by date
# brought.
news-update-auto-by-referee = The referee had the game resolve this battle{ $play_by ->
        [none] {""}
       *[other] {" "}before its play-by date ({ $play_by })
    }, without waiting for the clubs' results.{ $has_reason ->
        [yes] {" "}The referee's reason: { $reason }.
       *[no] {""}
    }
news-update-set-aside = The result you mailed for battle { $battle } ({ $mine }) is set aside: { $by ->
    [referee] the referee's ruling counts over the clubs' results (G3c.7)
   *[auto] the battle was resolved automatically by the tactical game's own mechanics, and that counts over the clubs' results (G3c.7)
}{ $clubs ->
    [neutral] , as the other side is a neutral nation, which sends no result (rule G0)
    [other_missing] , as the other club's result had not come in
    [disputed] , as the two clubs' results differed
   *[agreed] {""}
}{ $reason ->
    [none] {""}
   *[other] { $by ->
        [referee] . The referee's reason: { $reason }
       *[auto] . How the game decided it: { $reason }
    }
}{ $same ->
    [true] . It gives the same result as yours.
   *[false] .
}
# To a club that was no side of the battle but whom its result concerns (a battle of
# its own at the place lapses).
news-bystander-subject = battle { $battle }: a result that concerns you
news-bystander-head = The result of battle { $battle } at { $node }, between { THE($attacker) } and { THE($defender) }, is applied now, during { $phase }, and concerns you:
news-bystander-rest = Nothing else changes for you in { $phase }.
news-bystander-sheet = The attached { $sheet } is your order file brought up to date: use it instead of the report's, which still named the battle.
