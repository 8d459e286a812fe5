# Accounts: why an auto-resolved battle ended as it did, with the game's rule, as the
# resolver decided it (`battle::result::Account`). The words of each club's update
# ("Reason given: …"); the English reads as the result's stored reason.

battle-account-mon-cannot-attack = G2b.5 side A's commander (the attacker's) was killed: it defends but cannot attack
battle-account-mon-none-fire = MON §14.1 no side has a unit that can fire: the attacker cannot attack
battle-account-mon-none-armed = MON §14.1 side { $side }{ $side ->
        [A] , the attacker,
       *[other] , the defender,
    } has only commanders, guastatori or camps: eliminated
battle-account-mon-both-eliminated = MON §7.3 both sides eliminated (hits suffered: A, the attacker, { $hits_a }; B, the defender, { $hits_b })
battle-account-mon-defender-eliminated = MON §7.3 defender eliminated: the attacker holds the zone (hits suffered: A, the attacker, { $hits_a }; B, the defender, { $hits_b })
battle-account-mon-attacker-eliminated = MON §7.3 attacker eliminated: the defender holds (hits suffered: A, the attacker, { $hits_a }; B, the defender, { $hits_b })
battle-account-mon-tie = MON §7.5 tie: attacker loses (hits suffered: A, the attacker, { $hits_a }; B, the defender, { $hits_b })
battle-account-mon-attacker-retreats = MON §7.5 the attacker suffered more hits and retreats (hits suffered: A, the attacker, { $hits_a }; B, the defender, { $hits_b })
battle-account-mon-fortress = MON §7.5 fortress: the defender takes one more loss instead of retreating, the attacker retreats (hits suffered: A, the attacker, { $hits_a }; B, the defender, { $hits_b })
battle-account-mon-defender-retreats = MON §7.5 the defender suffered more hits and retreats (hits suffered: A, the attacker, { $hits_a }; B, the defender, { $hits_b })
battle-account-mon-rearguard = G3c.9 rearguard: { $escaped } { $escaped ->
        [one] unit
       *[other] units
    } got away, { $lost } lost (field combat: { $combat })

battle-account-leg-rearguard-gone = no rearguard unit left standing on the table
battle-account-leg-no-rout = LEG §8.3 no army routed by the end of turn { $turn }: draw
battle-account-leg-both-rout = LEG §8.3 both armies rout on turn { $turn }: draw (side A, the attacker, lost { $lost_a } VP, rout level { $level_a }; side B, the defender, lost { $lost_b } VP, rout level { $level_b })
battle-account-leg-routs = LEG §8.2 side { $side }{ $side ->
        [A] , the attacker,
       *[other] , the defender,
    } routs: side { $side } lost { $lost } VP, rout level { $level }
battle-account-leg-carroccio-alone = LEG §9.3.2 side { $side }'s Carroccio attacked alone: destroyed, the game ends
battle-account-leg-both-armies-rout = LEG §9.4 both armies rout at once: draw (LEG §8.3)
battle-account-leg-army-routs = LEG §9.4 side { $side }{ $side ->
        [A] , the attacker,
       *[other] , the defender,
    } { $lost ->
        [carroccio] lost its Carroccio
       *[supreme] lost its supreme commander
    }: its army routs
battle-account-leg-rearguard = G3c.9 rearguard { $verdict ->
        [wins] wins
       *[loses] loses
    }: { $escaped } { $escaped ->
        [one] unit
       *[other] units
    } left the table, { $lost } lost ({ $end })

battle-account-ott-attacker-spent = OTT §8 the attacker has no unit left to fight: the defender holds
battle-account-ott-village = OTT §8 the attacker holds { $inside } { $inside ->
        [one] unit
       *[other] units
    } in the village
battle-account-ott-eliminated = OTT §8 the attacker eliminated { $gone } defending { $gone ->
        [one] unit
       *[other] units
    } (needed { $need })
battle-account-ott-defender-spent = OTT §8 no defending unit is left on the table
battle-account-ott-end-eliminated = OTT §8 at the end: { $gone } defending { $gone ->
        [one] unit
       *[other] units
    } eliminated, routed ones included (needed { $need })
battle-account-ott-defender-holds = OTT §8 the defender holds: { $gone } of { $need } eliminations, never { $village } attackers in the village
battle-account-ott-rearguard = G3c.9 rearguard: { $escaped } { $escaped ->
        [one] unit
       *[other] units
    } got away, { $lost } lost

battle-account-pia-side-gone = PIA map-free: side { $side }{ $side ->
        [A] , the attacker,
       *[other] , the defender,
    } has no unit left on the table (ASSUMPTION)
battle-account-pia-automatic = PIA §13.2 automatic victory: at the end of turn { $turn } (15:00) the attacker holds none of its { $of } objectives
battle-account-pia-objectives = PIA §13.0 the attacker holds { $held } of its { $of } objectives: { $winner ->
        [attacker] attacker wins
       *[defender] defender wins
    }
battle-account-pia-conditional-draw = PIA §13.1 conditional draw ({ $held } { $held ->
        [one] objective
       *[other] objectives
    }): VP A, the attacker, { $vp_a } - B, the defender, { $vp_b }
battle-account-pia-rearguard = G3c.9 rearguard: { $escaped } { $escaped ->
        [one] unit
       *[other] units
    } left the table, { $lost } lost: { $winner ->
        [rearguard] the rearguard
       *[attacker] the attacker
    } wins

battle-account-cannot-field = G3c.11: a side whose value does not buy an army of { $ruleset } cannot field one and is overwhelmed
battle-account-cannot-fight = G3c.7: a side whose ducats buy no unit of { $ruleset } cannot fight and is overwhelmed
