## Every outcome told to the club it concerns (issue 29 point 5): the rolls of its own
## fleets and forces, a bid that lost, the enemy's fate in its battles, what a place
## that changed hands took with it, an ally's attack that betrayed nothing.

happening-strategos-outbid = { $roll_off ->
    [true] your bid of { $bid } ducats for the Strategos tied with the highest and lost the roll-off
   *[false] your bid of { $bid } ducats for the Strategos was not the highest
}: another club holds it this year; G7.4 keeps its name secret, though the summer's move order, which it chose, is public; you pay nothing
happening-strategos-tied-above = your bid of { $bid } ducats for the Strategos was not the highest, and the highest bids tied: no club holds the Strategos this year, the summer's move order is drawn at random, and you pay nothing
happening-fleet-storm-roll = fleet { $fleet } in the storm: 1d6={ $roll }, lost on { $lost_on }: { $lost ->
    [true] it is lost, with any army aboard
   *[false] it comes through
}
happening-epidemic-roll = { $what ->
    [garrison] the garrison
   *[army] army { $army }
} at { $node } rolls against the epidemic: 1d6={ $roll }, destroyed on { $destroys_on }: { $destroyed ->
    [true] it is destroyed
   *[false] it survives
}
happening-enemy-fell-back = { $destroyed ->
    [true] battle { $battle }: the forces of { THE($nation) } had nowhere to fall back from { THE($from) } and are destroyed
   *[false] { $rearguard ->
        [true] battle { $battle }: the rearguard of { THE($nation) } falls back from { THE($from) }, as a rearguard does whoever won the action (G3c.9); who won is told with the battle
       *[false] { $draw ->
        [true] battle { $battle }: a draw; the forces of { THE($nation) }, the attacker, fall back from { THE($from) } (on a draw the attacker falls back, G3c.8), and no place changes hands by it
       *[false] battle { $battle }: the forces of { THE($nation) } fall back from { THE($from) }; the battle is yours{ $own_place ->
            [true] , and the place stays yours
           *[false] {" "}(a battle won changes no place's owner by itself, G3b.8: another nation's place is taken, if unfortified, by standing alone in it at the round's end, if fortified, by siege)
        }
    }
    }
}
happening-enemy-destroyed = battle { $battle }: the forces of { THE($nation) } that fought it at { $node } are destroyed by their losses
happening-surrender-took = { $node } surrenders to you, and the surrender destroys what stood inside (G3d.2): { $garrison ->
    [true] its garrison{ $armies ->
        [0] {""}
        [one] {" "}and one army of { THE($from) }
       *[other] {" "}and { $armies } armies of { THE($from) }
    }
   *[false] { $armies ->
        [0] there was neither garrison nor army
        [one] one army of { THE($from) }, with no garrison
       *[other] { $armies } armies of { THE($from) }, with no garrison
    }
}
happening-works-captured = the { $kind ->
    [repair] repairs
   *[fortify] fortification works
} you paid for at { $node } are lost: the place has changed hands
happening-sapper-captured = your sapper at { $node } is lost: the place has changed hands
happening-ally-attack-no-betrayal = { THE($by) } attacked you{ $how ->
    [on_contact] {" "}at { $node } (its standing choice on contact, G3c.3)
    [when_contacted] {" "}at { $node } (your force came upon its own, whose standing choice when contacted was to attack, G3c.3)
    [siege] {" "}by laying siege to { $node }
   *[assassin] {" "}with an assassin
}, and betrays no alliance: { $why ->
    [never_stood] the alliance you declared never stood, as { THE($by) } had not declared it (an alliance exists once both have, G5.2)
    [broken_by_attacked] you had broken the alliance yourselves, and a broken alliance binds neither side (G5.2)
   *[already_broken] { THE($by) } had already broken the alliance (G5.2)
}

## What differs for a club after `undo` and a new resolution (desk-changed-text's list)
changed-army = army { $army }: { $now_node ->
        [none] no longer on the map
       *[other] at { $now_node }, { $now_ducats } ducats
    } (the withdrawn report: { $was_node ->
        [none] not on the map
       *[other] at { $was_node }, { $was_ducats } ducats
    })
changed-fleet = fleet { $fleet }: { $now_at ->
        [none] no longer on the map
       *[other] at { $now_at }
    } (the withdrawn report: { $was_at ->
        [none] not on the map
       *[other] at { $was_at }
    })
changed-diplomat = diplomat { $diplomat }: { $now_node ->
        [none] no longer on the map
       *[other] at { $now_node }
    } (the withdrawn report: { $was_node ->
        [none] not on the map
       *[other] at { $was_node }
    })
changed-garrison = garrison at { $node }: { $now_ducats ->
        [0] none
       *[other] { $now_ducats } ducats
    } (the withdrawn report: { $was_ducats ->
        [0] none
       *[other] { $was_ducats } ducats
    })
changed-treasury = treasury: { $now_ducats } ducats (the withdrawn report: { $was_ducats } ducats)
changed-place = { $node }: held by { THE($to) } (the withdrawn report: { THE($from) })
changed-markers = foreign markers of { THE($nation) } at { $at }: { $now } (the withdrawn report: { $was })
