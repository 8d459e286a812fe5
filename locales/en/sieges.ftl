## Sieges explained (G3d): the roll with each modifier named, what became of each siege; works lost (G2b.4).

done-besieging = { $army } takes part in the siege of { $node }
done-siege-lifted = { $army } lifts the siege of { $node }
done-siege-left = { $army } had marched away from { $node } this round: the march ended the siege, and its count of rounds starts over
reason-not-besieging = { $army } is not besieging anything
reason-place-held = another nation's force is at { $node }: take the place first (a siege)
reason-not-held-no-army = you do not hold { $node } and none of your armies stands there
happening-siege-round = { $total ->
    [none] { THE($besieger) } { VERB($besieger, "besieges", "besiege") } { $node }: 1d6={ $roll }; the modifiers you know: { $modifiers }; the besieger's own (a sapper, a bribe) are not known to you; needs { $needed }: { $fell ->
        [true] the place surrenders
       *[false] the place holds
    }
   *[other] siege of { $node } ({ $armies }): 1d6={ $roll } { $modifiers } = { $total }, needs { $needed }: { $fell ->
        [true] the place surrenders
       *[false] the place holds, the siege goes on
    }
}
happening-siege-raised = the siege of { $node } by { THE($besieger) } is over: the place did not fall, and the besiegers are gone or have lifted it
happening-siege-ended = the siege of { $node } by { $army } ends: { $why ->
    [fell_back] the army fell back from the place after the battle (G3c.8); its count of rounds starts over
    [army_left] the army has left the place; its count of rounds starts over
    [no_target] there is no longer an enemy fortified place to besiege
   *[not_renewed] it was not ordered again this round; its count of rounds starts over
}
happening-siege-waits = { $others ->
        [none] the siege of { $node } is not rolled this round: { $army } cannot attack
       *[other] { $army } cannot attack this round and takes no part in the siege of { $node }, which { $others } { $count ->
            [one] rolls
           *[other] roll
        } without it
    }
happening-bribe-dropped = the bribe of { $bribe } ducats at { $node } was not paid (treasury { $treasury }): the siege goes on without it
siege-modifier-rounds-spent = { $signed } ({ $rounds ->
    [0] no whole round spent yet: the first roll gets +0
    [one] one whole round already spent
   *[other] { $rounds } whole rounds already spent
})
siege-modifier-besieger-sapper = { $signed } (a sapper with the besiegers)
siege-modifier-bribe = { $signed } ({ $ducats } ducats of bribe)
siege-modifier-garrison = { $signed } (a garrison in the place)
siege-modifier-defender-sapper = { $signed } (a sapper with the defenders)
siege-modifier-fortified-village = { $signed } (a fortified village)
siege-modifier-fortified-city = { $signed } (a fortified city)
siege-modifier-fortress = { $signed } (a fortress)
siege-modifiers-none = none
happening-siege-roll-seen = { THE($besieger) } { VERB($besieger, "besieges", "besiege") } { $node }: 1d6={ $roll }, needs { $needed } (the besieger's modifiers are not known to you)
happening-siege-outcome-seen = { THE($besieger) } { VERB($besieger, "besieges", "besiege") } { $node }: { $fell ->
    [true] the place surrenders
   *[false] the place holds
}
happening-works-lost = the works at { $node } are lost: the node is no longer yours
sheet-idle-siege-waits = The siege of { $node } stands through this phase: sieges are rolled, and lifted, in the summer rounds (G3d), where it goes on unless you lift it.
sheet-idle-siege-stunned = If you send nothing: the siege of { $node } stands, but this army does not roll it this round, for its commander was killed (G2b.5) and it cannot attack (another army of yours besieging the place still rolls); it takes part again from the next round. To lift it, a [[siege]] order with the lines army = "{ $army }" and lift = true.
sheet-idle-siege-goes-on = If you send nothing: the siege of { $node } goes on (a standing order), rolled at the end of the round; to lift it, a [[siege]] order with the lines army = "{ $army }" and lift = true, or a move that takes the army away (the march ends it).
happening-siege-held-by-battle = the siege of { $node } is not rolled this round: { $army } is in battle { $battle } there, not yet settled; this round does not count among the rounds spent, and the siege is next rolled at the end of the first round resolved after the battle's result is applied (if its army still besieges the place); a bribe ordered for it this round is not paid
happening-siege-held-by-battle-seen = the siege of { $node } by { THE($besieger) } is not rolled this round: the besieging army is in battle { $battle } there, not yet settled; this round does not count among the rounds spent, and the siege is next rolled at the end of the first round resolved after the battle's result is applied (if that army still besieges the place)
happening-before-walls = { $army } stands before the walls of { $node }, a fortified place of { THE($owner) } that no force holds: standing there does not take it; a [[siege]] order can, from the next round on (G3d.1)
happening-at-our-walls = a force of { THE($nation) } (army or diplomat, you cannot tell) came to { $node }, your fortified place, which none of your forces holds: only a siege, from the next round on, can take it (G3d.1)
report-walls-held = { $place }: walls held by { THE($holder) }: { $garrison ->
        [yes] a garrison alone (no army or diplomat of theirs is seen there)
       *[no] their forces seen there, perhaps with a garrison
    }; a siege may begin the round after your army came (G3d.1)
