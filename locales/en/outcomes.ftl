# What became of every order and what else happened in a phase (src/rules/outcome.rs,
# rendered by src/report/explain.rs). Message ids follow the rules' types: done-<kind>,
# reason-<kind>, happening-<kind>; arguments are the facts' fields.

outcome-rejected = rejected ({ $rule }): { $reason }
outcome-thwarted = not carried out ({ $rule }): { $reason }

## What a carried-out order did.
done-loan = loan of { $amount } ducats; { $due } due next spring
done-raised = army { $army } raised at { $node } with { $value } ducats
done-reinforced = army { $army } reinforced by { $value } ducats
done-transferred = { $value } ducats transferred from { THE($from) } to { THE($to) }{ $disbanded ->
    [true] ; { $from } is disbanded
   *[false] {""}
}
done-garrisoned = { $army } detaches a garrison of { $value } ducats at { $node }
done-fortified = { $at_once ->
    [true] { $node } is fortified
   *[false] fortification works at { $node }: complete in winter
}
done-repaired = { $at_once ->
    [true] the walls at { $node } are repaired
   *[false] repairs at { $node }: complete in winter
}
done-sapper-hired = { $at ->
    [army] a sapper joins army { $army }
   *[node] a sapper strengthens the defence of { $node }
}
done-diplomat-hired = diplomat { $diplomat } placed at { $node }
done-spy-hired = a spy serves the club for the year: it goes with no piece and stands nowhere on the map; at each encounter it tells your side the enemy's size, so a standing choice may depend on it (G3c.4)
done-assassin-hired = an assassin awaits a mission
done-fleet-built = fleet { $fleet } built at { $port }
done-alliance-declared = alliance declared with { THE($with) }
done-objective-chosen = secret objective recorded
done-bid-sealed = sealed bid of { $amount } ducats for the Strategos
done-stance-set = new standing choices for { $piece }{ $spy_cleared ->
    [true] ; its condition on the enemy's size is taken away: its plain choices count now (G3c.4)
   *[other] {""}
}
done-moved = { $piece } moves: { $path }
done-stopped = { $piece } stops at { $at }: an encounter
done-turned-back = { $piece } is turned back to { THE($to) }
done-revealed = { $piece } is unmasked and removed
done-siege-rolled = siege of { $node }: 1d6={ $roll }, total { $total }, needs { $needed }: { $fell ->
    [true] the place surrenders
   *[false] the place holds
}
done-assassin-sent = { $success ->
    [true] the assassin struck{ $struck ->
        [commander] : a commander of { THE($against) } is killed, and its army cannot move or attack in the round after this one (G2b.5)
        [sapper] : a sapper of { THE($against) } is killed
        [diplomat] : a diplomat of { THE($against) } is killed
        [spy] : the spy of { THE($against) } is killed
       *[none] {""}
    }
   *[false] the assassin failed: no effect, and the mission is spent
}
# Worded as a failed roll: whether the target was there is the other club's (G7.4).
done-assassin-found-no-target = the assassin failed: no effect, and the mission is spent
done-fleet-moved = fleet { $fleet } sails to { THE($to) }
done-embarked = { $army } embarks on fleet { $fleet }
done-landing = fleet { $fleet } lands at { $node }

## Why an order was rejected.
reason-missing-ducats = costs { $cost } ducats but the treasury holds { $treasury }: { $missing } missing
reason-wrong-phase = this order does not belong to this phase
reason-not-your-army = { $army } is not one of your armies
reason-unknown-army = there is no army { $army }
reason-not-your-fleet = { $fleet } is not one of your fleets
reason-not-your-node = { $node } is not yours
reason-not-a-city = { $node } is not a city
reason-not-a-port = { $node } is not a port
reason-too-many-armies = { $max ->
    [one] you already have { $max } army, the most allowed
   *[other] you already have { $max } armies, the most allowed
}
reason-value-too-small = the value must be at least { $min }
reason-army-too-small = { $army } is worth { $value } ducats; { $needed } are needed
reason-not-together = { $from } and { THE($to) } are not at the same node
reason-same-army = an army cannot transfer to itself
reason-not-fortified = { $node } is not fortified
reason-garrison-not-on-path = { $army } does not pass { $node } this round: a garrison named for a node is left there as the army passes it, or where it stands
reason-already-fortified = { $node } is already fortified
reason-not-breached = { $node } has no breach to repair
reason-breached-use-repair = { $node } is breached: order a repair
reason-cannot-fortify-fortress = { $node } is a fortress, always fortified
reason-sapper-already = a sapper is already there
reason-spy-already = you already have a spy this year
reason-fleet-limit = { $limit ->
    [one] your nation may have at most { $limit } fleet
   *[other] your nation may have at most { $limit } fleets
}
reason-loan-twice = only one loan a year
reason-loan-too-large = the loan may be at most { $limit } ducats
reason-loan-outstanding = a loan is still outstanding
reason-objective-not-first-spring = the objective is chosen in the first spring only
reason-objective-twice = the objective has already been chosen
reason-objective-needs-target = this objective needs a target nation
reason-objective-target-self = you cannot conquer yourselves
reason-unknown-nation = `{ $nation }` is not a nation of the campaign
reason-self-alliance = you cannot ally with yourselves
reason-bid-twice = only one bid for the Strategos
reason-unknown-piece = there is no piece { $piece }: it never existed, or is gone (destroyed in battle, lost with its fleet, disbanded)
reason-not-your-piece = { $piece } is not yours
reason-moved-twice = { $piece } has already moved this round
reason-path-start = the path must start at { $at }, where the piece stands
reason-too-far = { $max ->
    [one] too far: at most { $max } node this round
   *[other] too far: at most { $max } nodes this round
}
reason-too-far-into-foreign = { $max ->
    [one] too far into foreign territory: a move may go only { $max } node into it, as its first step, and stops there
   *[other] too far into foreign territory: a move may go only { $max } nodes into it and stops there
}
reason-too-far-from-abroad = { $max ->
    [one] a piece that starts the round in foreign territory moves at most { $max } node
   *[other] a piece that starts the round in foreign territory moves at most { $max } nodes
}
reason-border-not-first = foreign territory is entered only with the first step, and the piece stops there
reason-banned = no move from { THE($from) } to { THE($to) } is allowed this round
reason-in-battle = it is in the battle at { $node }, not yet settled: it stays there until the result is applied
reason-stunned = its commander was killed: the army cannot move or attack this round
reason-aboard = the army is aboard a fleet
reason-no-siege-target = there is no enemy fortified place to besiege at { $node }
reason-arrived-this-round = the army has just arrived: the siege may start next round
reason-no-assassin = you have no assassin left
reason-target-not-found = the target is not there
reason-not-adjacent-sea = { $to } is not one sea lane from where the fleet is
reason-foreign-port = { $port } is not one of your ports
reason-cargo-full = the fleet already carries an army
reason-no-cargo = the fleet carries no army
reason-not-in-port = the fleet is not in port
reason-not-at-port = the fleet and the army are not both at { $node }
reason-fleet-busy = the fleet already has another order this round
reason-landing-blocked = the landing at { $node } is blocked: forces of another nation (an army, a garrison or a diplomat, an ally's too) stand there at the round's end, and the army stays aboard. Where your map shows no such force there, it is a garrison, which is never seen from outside its walls: a place another nation's garrison holds is taken by land, not from the sea
reason-contact-exchange-off = encounters in this campaign are settled by standing choices
reason-battle-result-by-command = battle results and orders of battle are entered with `giglio battle result` and `giglio battle oob`
reason-battle-not-pending = no battle { $battle } waits for its result (it was never fought, its result is already applied, or it lapsed when another battle's result sent one side away)
reason-not-in-battle = your club did not fight battle { $battle }
reason-nation-not-in-battle = { THE($nation) } did not fight battle { $battle }
reason-loss-too-large = { THE($nation) } cannot lose { $loss } ducats: it fought with { $had }
reason-unknown-ruleset = the campaign has no ruleset `{ $ruleset }`
reason-oob-value = the units are worth { $total } ducats and the army { $army }: they must add up (§0.5)
reason-oob-unit-kind = unit `{ $unit }` is of kind `{ $kind }`, which the ruleset does not know (kinds: { $kinds })
reason-not-resolved-yet = this kind of order is not resolved by this version yet

## What else happened.
happening-income = { THE($nation) } { VERB($nation, "collects", "collect") } { $amount } ducats
happening-loan-repaid = { THE($nation) } { VERB($nation, "repays", "repay") } { VERB($nation, "its", "their") } loan: { $amount } ducats
happening-loan-default = { THE($nation) } cannot repay { $due } ducats: { $paid } confiscated, { $carried ->
    [true] { $unpaid } still owed, due next spring without new interest
   *[false] { $unpaid } left unpaid
}
happening-strategos-won = { THE($nation) } { VERB($nation, "wins", "win") } the Strategos for { $bid } ducats
happening-strategos-tie = your bid tied with another at { $bid } ducats, the highest: no club holds the Strategos this year, the summer's move order is drawn at random, and nobody pays
happening-strategos-none = no valid bid: no Strategos this year
happening-move-order = the summer's move order: { $order }
happening-alliance-formed = alliance formed between { THE($members_1) } and { THE($members_2) }
happening-alliance-stays-broken = your declaration of an alliance with { THE($with) } makes nothing: that alliance was betrayed, and a betrayed alliance stays broken for the rest of the campaign (G5.2)
happening-alliance-one-sided = the alliance you declared with { THE($with) } does not stand: { THE(SHORT($with)) } { VERB($with, "has", "have") } not declared it (an alliance exists once both have, G5.2); your declaration stays on record, and the alliance forms in a later spring if { THE(SHORT($with)) } { VERB($with, "declares", "declare") } it
happening-works-complete = the works at { $node } are complete
happening-specialists-leave = the specialists of { THE($nation) } leave service
happening-event-roll = { THE($nation) } { VERB($nation, "rolls", "roll") } for events: { $roll }{ $drawn ->
        [true] : an event is drawn from Table 36
        [false] : no event (one is drawn only on { $drawn_on })
       *[none] {""}
    }
event-in-effect = { $name }{ $effect ->
        [epidemic] {" "}(an epidemic in one of your cities at the start of summer, G3a.1)
        [cities] {" "}(cities pay { $amount }% of their income, G2a.2)
        [villages] {" "}(villages pay { $amount } ducats each, G2a.2)
       *[other] {""}
    }
happening-winter-event = { THE($nation) }: { $name } for next year{ $face ->
        [none] {""}
       *[other] {" "}(Table 36, second roll: { $face })
    }{ $effect ->
        [epidemic] : an epidemic breaks out in one of its cities, drawn at random, at the start of summer (G3a.1)
        [cities] : its cities pay { $amount }% of their income next spring (G2a.2)
        [villages] : its villages pay { $amount } ducats each next spring (G2a.2)
        [breach] : it strikes { $struck } at once, whose walls are breached (repair them in spring, G2b.4), and does nothing more next year
        [destroy] : it strikes { $struck } at once, whose fortifications are destroyed, an open place now (fortify it again in spring, G2b.4), and does nothing more next year
        [unstruck] : it finds no fortified place of its own to strike, and does nothing
       *[none] {""}
    }
happening-breached = { $node } is breached (repair it, G2b.4)
happening-fortifications-destroyed = the fortifications of { $node } are destroyed: it is an open place now
happening-campaign-ends = the campaign is over
happening-epidemic = the epidemic breaks out at { $node } ({ THE($nation) })
happening-force-destroyed = { $cause ->
    [lost_at_sea] army { $army } of { THE($nation) }, embarked at { $node }, is lost at sea with its fleet
   *[other] { $what ->
        [garrison] the garrison
       *[army] army { $army }
    } of { THE($nation) } at { $node } is destroyed ({ $cause ->
        [lost_in_battle] lost in battle
        [could_not_retreat] it could not retreat
        [surrendered] the place surrendered
       *[epidemic] the epidemic
    })
}
happening-encounter = encounter at { $node } between { THE($hand) } and { THE($other) }: { $no_battle ->
    [true] no battle is fought, as a diplomat never fights (G3c.5), whatever Table 34 reads; it reads {""}
   *[false] {""}
}{ $no_siege ->
    [true] { THE($other) } { VERB($other, "is", "are") } inside { VERB($other, "its", "their") } fortification, and no siege follows: a diplomat never besieges, only an army does (G3d.1)
   *[false] { $text }
}{ $hand_choice ->
    [none] {""}
   *[other] {" "}(Table 34: { THE($hand) }, the moving side, chose { $hand_choice ->
        [stop] to stop
        [retreat] to retreat
        [attack] to attack
       *[withdraw] to withdraw
    }, { THE($other) } chose { $other_choice ->
        [stop] to stop
        [retreat] to retreat
        [attack] to attack
        [walls] nothing: it stays within its walls, as a garrison or armies already inside always do (G3c.3)
        [withdraw_own] to withdraw into { VERB($other, "its", "their") } fortification (your own choice)
       *[withdraw] to withdraw into { VERB($other, "its", "their") } fortification (or it had no choice: a garrison, or armies already inside, always withdraw, G3c.3)
    }{ $other_meant ->
        [withdraw] {" "}— your standing choice, to withdraw, could not be kept: no fortification of yours stands there, so your force stopped (G3c.3)
        [attack] {" "}— your standing choice, to attack, could not be kept: an army whose commander was killed may not attack this round (G2b.5), so it stopped
       *[none] {""}
    })
}{ $allies ->
    [true] . { THE(SHORT($hand), cap: "yes") } and { THE(SHORT($other)) } are allies: they meet as any two nations do{ $other_choice ->
        [walls] ; no battle is fought against a force within its walls, so this meeting betrays nothing, but a siege of the place would betray the alliance (G5.2)
        [withdraw] ; no battle is fought against a force within its walls, so this meeting betrays nothing, but a siege of the place would betray the alliance (G5.2)
        [withdraw_own] ; no battle is fought against a force within its walls, so this meeting betrays nothing, but a siege of the place would betray the alliance (G5.2)
       *[other] , and an attack or a siege of either by the other betrays the alliance (G5.2)
    }
   *[false] {""}
}
happening-diplomat-revealed = at { $node } a diplomat of { THE($nation) } is unmasked and removed
happening-diplomat-unmasked = your spy reveals that the foreign piece you met at { $node } is only a diplomat
happening-enemy-size = your spy sizes the other side at { $node }: { $ducats } ducats, all its forces there together{ $garrison ->
        [0] {""}
       *[other] , of which a garrison of { $garrison }, which stays within its walls and is not on a battle card (G3c.3)
    }
happening-battle-pending = { $rearguard ->
    [true] rearguard action
   *[false] battle
} { $id } at { $node }: { THE($attacker) } against { THE($defender) }, waiting for its result
happening-battle-lapsed = battle { $battle } at { $node } is not fought: the armies of { THE($gone) } are no longer there, sent away by another battle's result at the place; nobody loses anything and no result is needed
happening-retreated = the forces of { THE($nation) } that fought there fall back from { THE($from) } to { THE($to) }{ $draw ->
    [true] {" "}(a draw: on a draw the attacker falls back, G3c.8)
   *[false] {""}
}
happening-siege-roll = { THE($besieger) } { VERB($besieger, "besieges", "besiege") } { $node }: 1d6={ $roll }, total { $total }, needs { $needed }
happening-surrendered = { $node } surrenders: it passes from { THE($from) } to { THE($to) }{ $breached ->
    [true] ; its walls fall: it is breached until repaired (G3d.5)
   *[false] {""}
}
happening-node-taken = { THE($to) } { VERB($to, "takes", "take") } { $node } from { THE($from) }
happening-storm-roll = storm roll: { $roll }{ $storm ->
    [true] : a storm at sea, every fleet out of port rolls to survive it
    [false] : calm seas, no fleet is at risk this round
   *[none] {""}
}
happening-fleet-lost = fleet { $fleet } of { THE($nation) } is lost in the storm
happening-landing-repelled = a force of { THE($by) } tried to land at { $node } from the sea and was turned back: your forces there hold it
happening-fleet-held-zone = fleet { $fleet } of { THE($nation) } met at least as many fleets of { THE($by) } in { THE($at) }; it had not sailed this round, so it has nowhere to be pushed back to and holds the zone
happening-fleet-pushed-back = fleet { $fleet } of { THE($nation) } { $at ->
        [none] is pushed back
       *[other] met at least as many fleets of { THE($by) } in { THE($at) } and is pushed back
    } to { THE($to) }
happening-fleet-clash-won = { $count ->
        [one] fleet
       *[other] fleets
    } { $fleets } of { THE($nation) } met fewer fleets of { THE($against) } in { THE($at) }: { $fate ->
        [pushed_back] those were pushed back where they came from
        [destroyed] theirs, alone and with nowhere to go, was destroyed
       *[held] those had not sailed this round, so with nowhere to be pushed back to they hold the zone too
    } (G3e.2)
happening-fleet-in-lost-port = fleet { $fleet } of { THE($nation) } lies in the port of { $port }, which passed to { THE($owner) } this round: it is safe there until it sails, and it may sail out as from any port, but once it has left it cannot come back, for a fleet enters only its own club's ports (G3e.1)
happening-fleet-destroyed = fleet { $fleet } of { THE($nation) } is destroyed
happening-fleet-sailed-home = fleet { $fleet } of { THE($nation) } had no move at sea, where a fleet may not stay: it sails for { $port }, its nearest port, and is now at { THE($to) }
happening-fleet-adrift = fleet { $fleet } of { THE($nation) } had no move at sea, where a fleet may not stay, and no port of its own to make for: it is lost, with any army aboard
happening-commander-killed = the commander of army { $army } of { THE($nation) } is killed: the army cannot move or attack in the round after this one, and defends as usual (G2b.5)
happening-specialist-killed = { $what ->
    [sapper] { $sapper ->
        [army] the sapper of army { $army } of { THE($nation) } is killed
       *[node] the sapper of { THE($nation) } at { $node } is killed
    }
    [diplomat] diplomat { $diplomat } of { THE($nation) } is killed
   *[spy] the spy of { THE($nation) } is killed
}
happening-alliance-betrayed = { THE($by) } { VERB($by, "betrays", "betray") } { VERB($by, "its", "their") } alliance with { THE($against) }{ $how ->
    [on_contact] : at { $node } its moving force met the ally's and attacked, as its standing choice on contact said (G3c.3)
    [when_contacted] : at { $node } the ally's force came upon its own, whose standing choice when contacted was to attack (G3c.3)
    [siege] : it besieged { $node }, a place of the ally, this round (a siege of an ally's place betrays the alliance whenever it was laid, even before the alliance was made; G3d says how a siege is lifted)
    [assassin] : it sent an assassin against the ally
   *[none] {""}
}
happening-landed = { $army } of { THE($nation) } lands at { $node }
happening-battle-fought = battle { $id } at { $node }, { THE($attacker) } against { THE($defender) }: { $winner ->
    [none] a draw
   *[other] { THE($winner) } { VERB($winner, "wins", "win") }
}{ $provisional ->
    [true] {" "}(with provisional tables)
   *[false] {""}
}
happening-battle-losses = losses in battle { $id }: attacker { $attacker_loss } ducats, defender { $defender_loss } ducats
happening-courier-arrived = the courier of letter { $letter } from { THE($from) } reaches { THE($to) }: the letter goes with this mail
happening-courier-lost = the courier of letter { $letter } from { THE($from) } to { THE($to) } is lost{ $node ->
    [none] : no road to its destination is free of hostile armies
   *[other] : a hostile army stands at { $node } on its path
}
happening-letter-intercepted = the spy of { THE($by) } intercepts letter { $letter } from { THE($from) } to { THE($to) }, which goes on

# An order's kind in the report, by the name outcomes keep.
order-name-loan = loan
order-name-raise = raise
order-name-reinforce = reinforce
order-name-transfer = transfer
order-name-garrison = garrison
order-name-fortify = fortify
order-name-repair = repair
order-name-hire-sapper = hire a sapper
order-name-hire-diplomat = hire a diplomat
order-name-hire-spy = hire a spy
order-name-hire-assassin = hire an assassin
order-name-fleet = fleet
order-name-alliance = alliance
order-name-objective = objective
order-name-strategos = strategos
order-name-move = move
order-name-stance = stance
order-name-siege = siege
order-name-assassin = assassin
order-name-fleet-move = fleet move
order-name-embark = embark
order-name-land = land
order-name-encounter = encounter
order-name-battle-result = battle result
order-name-order-of-battle = the order of battle
