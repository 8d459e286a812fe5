# The pre-filled order sheet attached to every report: TOML comments.
sheet-title = Il Giglio: orders for { $phase } — { $nation }
sheet-deadline = Orders are due by { $deadline }.
sheet-winter = The winter takes no orders: you need send nothing, and the referee resolves it (its events are rolled by the rules). A battle's result or a letter may still travel in this file.
sheet-no-deadline = No deadline is set: the referee resolves the phase once every club's orders are in.
sheet-how =
    Lines that start with # are comments. To give an order, remove the # in front of
    its lines and change what you like; every order suggested here is valid as it stands.
sheet-in-disorder = Your nation is in civil disorder (G0): your club has sent no orders of its own for several order phases in a row. This file, sent by the deadline, ends the disorder.
sheet-secret = Type your club's secret between the two quotes on the secret line below (the line that is not a comment). Leave club and phase as they are.
sheet-as-is = Sent as it is, with the secret, this file gives no order: each piece does what its "If you send nothing" line says.
sheet-send = Send the file to the referee from your club's registered address, as a .toml attachment or in the body of the message. You may send it again: the last one received before the phase is resolved counts (at the deadline, or sooner where the referee resolves once every club's orders are in). The receipt tells you every order as it was understood.
sheet-check = With the giglio program you can check the file before sending it: giglio orders check { $file } --view { $view }
sheet-army = Army { $id } at { $name } ({ $node }), { $value } ducats{ $sapper ->
    [yes] , with its sapper
   *[no] {""}
}
sheet-army-aboard = Army { $id } aboard fleet { $fleet }, { $sea ->
        [yes] in { THE($name) }
       *[no] at { $name }
    } ({ $at }), { $value } ducats{ $sapper ->
    [yes] , with its sapper
   *[no] {""}
}
sheet-diplomat = Diplomat { $id } at { $name } ({ $node })
sheet-fleet = Fleet { $id } { $sea ->
        [yes] in { THE($name) }
       *[no] at { $name }
    } ({ $at })
sheet-idle-holds = If you send nothing: it stays at { $at }, with its standing encounter choices (G3c.3: changed with [[stance]] in a round's file).
sheet-idle-aboard = If you send nothing: it is aboard fleet { $fleet } and goes where the fleet goes.
sheet-idle-siege-ends = If you send nothing: the siege of { $node } ends and its count of rounds starts over; to go on, order [[siege]] again.
sheet-idle-fleet-to-port = If you send nothing: a fleet at sea cannot stay still (G3e.1), so it heads on its own for your port at { $port }.
sheet-idle-fleet-at-sea = If you send nothing: it stays at sea in { THE($at) }, although a fleet at sea must move (G3e.1) and you have no port on this zone: give it an order.
sheet-idle-fleet-toward = If you send nothing: a fleet at sea cannot stay still (G3e.1), so it sails on its own to { THE($sea) }, toward { $port }, your nearest port.
sheet-idle-fleet-lost = If you send nothing: a fleet at sea cannot stay still (G3e.1) and you have no port it can reach, so it is lost in { THE($at) } with any army aboard: give it an order.
sheet-idle-fleet-waits = If you send nothing: it stays at sea in { THE($at) } until the summer rounds, when fleets move (G3e.1); give it a move in the first round.
sheet-idle-fleet-in-port = If you send nothing: it stays in port at { $at }.
sheet-idle-in-battle = Battle { $battle } waits for its result: where this piece will stand depends on that result (G3c.8), and its orders will be judged from there.
sheet-idle-in-battles = Battles { $battles } wait for their results, this piece a party to each: where it will stand depends on those results (G3c.8), and its orders will be judged from there.
sheet-moves = Where it can go this round (G3b.3), each with its path:
sheet-move-line = { $node } { $name }: path = { $path }
sheet-garrison-on-the-way = A garrison may be left on the way: give [[garrison]] a node = "…" of the path, a fortified node, and it is left there as the army passes.
sheet-orders = Other orders it may give:
sheet-aboard-orders = An army aboard takes no order of its own: fleet { $fleet } carries it, and lands it with the fleet's [[land]] order (G3e.3).
sheet-nothing = No order is possible for this piece in this phase.
sheet-inside = It is inside the walls (G3c.1): when a force comes it stays inside, whatever its choice when contacted (G3c.3), and no order lets it attack its besiegers from there. To fight, move it out of the place, or wait for a relief army.
sheet-stunned = Its commander was killed (G2b.5): this round it can neither move nor attack, so no move, embarking or siege is offered. It defends as usual, and its standing choices below say how it meets a force that comes (a choice to attack counts as stop this round); you may change them.
sheet-example = For example:
sheet-spring-money = Treasury: { $treasury } ducats now; with this spring's income, and after repaying last year's loan if you have one, you may spend { $spendable }; a loan taken now adds to that.
sheet-spring-loan = Loan (G2a.3): at most { $limit } ducats, repaid with { $interest }% interest next spring.
sheet-spring-no-loan = Loan (G2a.3): you cannot take one this year.
sheet-spring-costs = Costs (G2b): an army, 1 ducat per ducat of value (a value of at least { $min_raise ->
        [one] one ducat
       *[other] { $min_raise } ducats
    }; at most { $max_armies } armies); fortifying a city { $fortify_city }, a village { $fortify_village }; repairing { $repair }; detaching a garrison costs { $garrison } on top of the garrison's value, both paid from the army's value, not the treasury; sapper { $sapper }; diplomat { $diplomat }; spy { $spy }; assassin { $assassin }{ $fleet ->
        [none] .
       *[other] ; fleet { $fleet }.
    }
sheet-spring-objective = Secret objective (G8.1): choose it in this first spring; without one your club cannot win (G8.2). One of:
sheet-spring-objective-kind = { $kind }: { $name }
sheet-spring-strategos = Strategos (G2b.5): a sealed bid; the highest bid pays and chooses the clubs' move order for the whole summer. Bids are settled after every other spring order, so a bid is paid from what your other orders leave in the treasury.
sheet-spring-alliances = Alliances (G5.2): formed when both nations declare them.
sheet-none = none
sheet-spring-alliances-now = Your alliances now: { $allies }. Your declarations on record, waiting for the other nation's: { $declared }.{ $broken ->
    [none] {""}
   *[other] {" "}Broken by a betrayal, for the rest of the campaign (G5.2): { $broken }.
} A declaration stays on record from spring to spring: writing `alliances` again adds nations, it never withdraws one.
sheet-siege-ally = Warning: this army's standing siege is of a place of your ally, { THE($ally) }: going on with it betrays the alliance (G5.2). To keep the alliance, lift it: [[siege]] with army = "{ $army }" and lift = true.
# The heading of the spring's orders: raising and fleets named only where the sheet offers them.
sheet-spring-orders-offered = { $raise ->
        [yes] Raising, fortifying
       *[no] Fortifying
    }, repairing, specialists{ $fleets ->
        [yes] , fleets
       *[no] {""}
    } (each of these orders is valid on its own; together they must fit the treasury):
sheet-no-raise-most = No army can be raised this spring: you have { $max } armies, the most a nation may keep (G2b.1).
sheet-no-raise-treasury = No army can be raised this spring: the smallest costs { $min } ducats and you may spend { $spendable } (G2b.1).
sheet-no-raise-city = No army can be raised this spring: an army is raised in a city of your own (G2b.1), and you hold none that can take one.
sheet-group = { $order }, any of: { $targets }
sheet-one = { $order }: { $targets }
sheet-battle = Battle { $battle } at { $name } ({ $node }): { $attacker }, { $attacker_ducats } ducats, against { $defender }, { $defender_ducats } ducats, waiting for its result
sheet-battle-result =
    Once it is fought at the table, send your result: the winner (leave the line out for a draw:
    the attacker then falls back) and what each side lost, in ducats. Each club sends its own; when the two agree
    the result is applied at once and you receive your new position. You may send it again
    until it is applied. It may travel in this file or in a file of its own: it never
    replaces your orders.
sheet-battle-result-neutral =
    Once the battle is fought at the table, send your result: the winner (drop the line for a draw:
    the attacker then falls back) and what each side lost, in ducats. The other side is a neutral nation and
    sends no result (rule G0): the referee decides, confirming yours or resolving the battle with
    its own game, and you then get your new position. It may travel in this file or in a
    file of its own: it never replaces your orders.
sheet-battle-result-later =
    Once it is fought at the table, the referee records its result (giglio battle result);
    it is applied when this phase is resolved.
sheet-extension-title = More time (G6.3)
sheet-extension =
    You may ask for the deadline to move on by up to { $max } hours, { $per_year } times a
    year in all (the receipt that grants one says how many you have left; a refused request
    does not count); the answer comes at once with your receipt, and every club is told the new
    deadline (not who asked). A file that only asks leaves your orders as they are:
sheet-extension-reason = away for the weekend
sheet-letters-title = Letters to other clubs (G5.3)
sheet-letters =
    You may write to: { $clubs }. The referee carries each letter once, with the next mail.
# What a file of letters alone does, by the phase (a spring or winter sheet offered a
# `[[stance]]`, an order of the rounds only).
sheet-letters-round =
    A file of letters only leaves your orders as they are, and where you have sent none
    for this phase it does not count as orders sent (this sheet sent with your letters
    and no order is such a file: to hold everything and count as sent, mail the sheet
    alone first, or add one order, a `[[stance]]` as it stands). For example:
sheet-letters-spring =
    A file of letters only leaves your orders as they are, and where you have sent none
    for this phase it does not count as orders sent (this sheet sent with your letters
    and no order is such a file: to hold everything and count as sent, mail the sheet
    alone first, then your letters). For example:
sheet-letters-winter =
    The winter takes no orders: a file of letters alone is all you need. For example:
sheet-letter-text = Your Excellency, …
sheet-letter-anonymous = anonymous = true   # to send it unsigned
sheet-spring-strategos-clubs = Its move_order may list any of these clubs, in the order they are to move: { $clubs }. The clubs it leaves out follow, in an order drawn at random.
sheet-siege-bribe = A siege may carry a bribe (G3d.3), paid before the roll: each { $step } ducats buy +{ $per } on the roll; ducats short of a whole step buy nothing (a bribe of { $short } buys +0), unless bribes of your other armies at the same siege make the step up.
sheet-siege-roll = Siege roll (Table 35): 1d6, { $per_round } a round spent, { $sapper } your sapper, { $per } per { $step } ducats of bribe, { $garrison } a garrison inside, { $defender_sapper } their sapper, { $city } city / { $fortress } fortress / { $village } village; it falls on { $target } or more.
sheet-siege-cost = Each round of a siege costs the besieging army { $cost } ducats of its value (G3d.4).
sheet-stance-now = Its standing choices now (G3c.3): on contact { $on_contact }, when contacted { $when_contacted }{ $retreat_to ->
    [none] , retreating to the free node nearest home (G3c.6).
   *[other] , retreating to { $retreat_to } (G3c.6).
}
sheet-stance-change = To change them (new choices hold for every encounter of this round, even one met before this piece moves, and stay until you change them again):
sheet-stance-spy-now = With your spy (G3c.4), in place of these two choices, against an enemy worth at most { $at_most } { $at_most ->
        [one] ducat
       *[other] ducats
    } it chooses { $then }, else { $otherwise }.
sheet-stance-spy-idle = Its condition on the enemy's size (at most { $at_most } { $at_most ->
        [one] ducat
       *[other] ducats
    }: { $then }, else { $otherwise }) counts only while you have a spy (G3c.4).
sheet-stance-spy = The spy line makes the choice depend on the enemy's size, which your spy reports (G3c.4): "then" when the enemy is worth at most that many ducats, "otherwise" when more; it replaces both choices above.
sheet-stance-spy-clear = A [[stance]] that gives on_contact or when_contacted and no spy line takes the condition away (G3c.4): to keep it, write its spy line too.
sheet-encounter-stands = Moving into a node where a foreign army stands, its choice counts too: a neutral army, which gives no orders, always chooses { $default } (G0, G3c.3). Against { $default } (Table 34): with on_contact = "stop", { $stop }; with "attack", { $attack }; with "retreat", { $retreat }.
sheet-stance-words = The choices, as the file writes them: { $choices }.
sheet-stance-limits = "withdraw" needs a fortification of yours at the node, else the piece stops (G3c.3); an army inside takes nothing off the besieger's roll (a garrison or a sapper does) and is lost with the place if it surrenders (G3d.2); attacking an ally's force betrays the alliance (G5.2); a diplomat never fights (G3c.5).
sheet-assassin-title = Assassin (G2b.5)
sheet-assassin = { $count ->
    [one] You have an assassin
   *[other] You have { $count } assassins
}: each one mission, in any round of the year, against the commander of a foreign force where you see one (target = "commander", node = "…": the node where you see it), the sapper defending a place your armies besiege, or another club's spy (whether it has one is not told; a mission without its target is spent). An army or a diplomat whose id you have learnt (from a battle card or a report) may be named by it: its commander (target = "commander", army = "…"), the sapper with that army (target = "sapper", army = "…"), or the diplomat (target = "diplomat", diplomat = "…"). For example:
sheet-assassin-seen = Where you see a foreign force now (a marker: an army's commander may be there, or a diplomat, or a fleet in port, which have none): { $nodes }.
sheet-assassin-seen-none = You see no foreign force on land now: a mission against a commander by node would find none.
sheet-embark-and-sail = An army that boards this fleet this round may sail with it in the same round: write the army's [[embark]] above the fleet's [[fleet_move]], for a club's orders are carried out in the file's order (G3e.3). The fleet may land it from the next round.
sheet-land-from-port = The fleet may land its army here, in its port, this round with the [[land]] above. To land it elsewhere, the fleet sails to a sea zone this round and takes a [[land]] order there next round (G3e.3): a fleet takes one order a round, and the sheet of the next round offers the landings.
sheet-land-blocked = A landing is blocked when forces of another nation (an army, a garrison or a diplomat, an ally's too) stand at the node at the round's end (G3e.3): the army stays aboard. An enemy place with a garrison is taken by land, not from the sea.
