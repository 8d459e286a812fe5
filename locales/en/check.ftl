# Checking an order file: warnings that do not make the file invalid.
check-alliance-broken = your alliance with { THE($with) } was betrayed, and a betrayed alliance stays broken for the rest of the campaign (G5.2): this declaration makes nothing.
check-alliance-needs-both = an alliance with { THE($with) } stands only once both nations have declared it (G5.2): { THE(SHORT($with)) } in { VERB($with, "its", "their") } own spring file, now or in an earlier spring, as a declaration stays on record; your spring report says whether it formed.
check-siege-of-ally = { $army } besieges { $node }, a place of { THE($with) }, your ally: the siege betrays the alliance (G5.2), whatever its roll. To keep the alliance, leave the siege out of this file.
check-attack-into-ally = { $piece } moves into { $node }, a place of { THE($with) }, your ally, with the standing choice to attack on contact: if it meets a force of { THE(SHORT($with)) } there in the field, the battle betrays the alliance (G5.2). A garrison within its walls is not fought, but a siege of the place would betray it too.
check-no-objective = this first-spring file chooses no objective (objective = {"{"} kind = "…" {"}"}): without one your club cannot win (G8.2). The file stays valid; you may send another with the objective until the deadline.
check-in-battle = { $piece } is a party to battle { $battle }, which waits for its result: this order was checked from where { $piece } stands now, and will be judged from wherever the battle leaves it (G3c.8).
check-bribe-hopeless = even with a 6, and before any garrison or sapper inside, the siege roll at { $node } totals at most { $best } this round with this bribe, and the place falls on { $target }: the bribe cannot make it fall this round (each round the siege goes on adds { $per_round })
check-bribe-step = a bribe of { $bribe } ducats buys +{ $buys } on the siege roll (each step costs { $step } ducats): the { $left } ducats beyond a step are paid and buy nothing, unless another of your armies at this siege bribes enough to make up a step (bribes of one siege are pooled).
check-contact-exchange = in this campaign each encounter is asked of both clubs by mail when the round is resolved (contact_exchange): this check settles encounters by your standing choices (stance).
check-fleet-idle = fleet { $fleet } is at sea in { THE($at) } and this file gives it no valid move, while a fleet at sea cannot stay still (G3e.1): { $course ->
    [port] it will make on its own for your port at { $port }
    [toward] it will sail on its own to { THE($sea) }, toward { $port }, your nearest port
    [lost] you have no port it can reach, so it will be lost with any army aboard
   *[sea] it will stay at sea in { THE($at) }
}.
check-ok = { $file }: { $count ->
    [one] 1 order, valid
   *[other] { $count } orders, all valid
}
check-ok-warnings = { $warnings ->
    [one] (1 warning)
   *[other] ({ $warnings } warnings)
}
check-spy-condition-no-spy = your nation has no spy now: the condition on the enemy's size counts only while you have one (G3c.4), so until then { $piece } meets a force with its plain standing choices. A spy is hired in spring.
check-stance-clears-spy = { $piece } has a standing condition on the enemy's size; this [[stance]] gives a plain choice and no spy line, so it takes the condition away and the plain choices count from now on (G3c.4). To keep the condition, write its spy line in this [[stance]] too.
check-stance-spy-stays = { $piece } has a standing condition on the enemy's size, and in this campaign a plain choice does not take it away (G3c.4): while you have a spy, the condition still decides its encounters. To change it, write a new spy line.
check-stance-inside = { $army } is inside the walls of { $node }: while inside, it stays inside when a force comes, whatever its choice when contacted (G3c.3), and no order lets it attack its besiegers from there; the choice counts once it stands outside. To fight, move it out of the place, or wait for a relief army.
