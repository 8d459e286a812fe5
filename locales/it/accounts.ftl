# Resoconti: perché una battaglia risolta automaticamente è finita così, con la regola
# del gioco, come l'ha decisa il risolutore (`battle::result::Account`). Le parole
# dell'aggiornamento di ogni club ("Motivo: …"); l'inglese si legge come il motivo
# conservato nel risultato.

battle-account-mon-cannot-attack = G2b.5 il comandante della parte A (l'attaccante) è stato ucciso: difende ma non può attaccare
battle-account-mon-none-fire = MON §14.1 nessuna delle due parti ha un'unità che possa sparare: l'attaccante non può attaccare
battle-account-mon-none-armed = MON §14.1 la parte { $side }{ $side ->
        [A] , l'attaccante,
       *[other] , il difensore,
    } ha solo comandanti, guastatori o accampamenti: è eliminata
battle-account-mon-both-eliminated = MON §7.3 entrambe le parti sono eliminate (colpi subiti: A, l'attaccante, { $hits_a }; B, il difensore, { $hits_b })
battle-account-mon-defender-eliminated = MON §7.3 il difensore è eliminato: l'attaccante tiene la zona (colpi subiti: A, l'attaccante, { $hits_a }; B, il difensore, { $hits_b })
battle-account-mon-attacker-eliminated = MON §7.3 l'attaccante è eliminato: il difensore tiene la zona (colpi subiti: A, l'attaccante, { $hits_a }; B, il difensore, { $hits_b })
battle-account-mon-tie = MON §7.5 parità di colpi: perde l'attaccante (colpi subiti: A, l'attaccante, { $hits_a }; B, il difensore, { $hits_b })
battle-account-mon-attacker-retreats = MON §7.5 l'attaccante ha subito più colpi e si ritira (colpi subiti: A, l'attaccante, { $hits_a }; B, il difensore, { $hits_b })
battle-account-mon-fortress = MON §7.5 fortezza: il difensore subisce una perdita in più invece di ritirarsi, e l'attaccante si ritira (colpi subiti: A, l'attaccante, { $hits_a }; B, il difensore, { $hits_b })
battle-account-mon-defender-retreats = MON §7.5 il difensore ha subito più colpi e si ritira (colpi subiti: A, l'attaccante, { $hits_a }; B, il difensore, { $hits_b })
battle-account-mon-rearguard = G3c.9 retroguardia: { $escaped ->
        [0] nessuna unità si è sganciata
        [one] un'unità si è sganciata
       *[other] { $escaped } unità si sono sganciate
    }, { $lost ->
        [0] nessuna perduta
        [one] una perduta
       *[other] { $lost } perdute
    } (Combattimento Campale: { $combat })

battle-account-leg-rearguard-gone = nessuna unità della retroguardia è rimasta in piedi sul tavolo
battle-account-leg-no-rout = LEG §8.3 nessun esercito in rotta alla fine del turno { $turn }: pareggio
battle-account-leg-both-rout = LEG §8.3 entrambi gli eserciti vanno in rotta al turno { $turn }: pareggio (la parte A, l'attaccante, ha perso { $lost_a } PV, livello di rotta { $level_a }; la parte B, il difensore, ha perso { $lost_b } PV, livello di rotta { $level_b })
battle-account-leg-routs = LEG §8.2 la parte { $side }{ $side ->
        [A] , l'attaccante,
       *[other] , il difensore,
    } va in rotta: ha perso { $lost } PV, livello di rotta { $level }
battle-account-leg-carroccio-alone = LEG §9.3.2 il Carroccio della parte { $side }{ $side ->
        [A] {" "}(l'attaccante)
       *[other] {" "}(il difensore)
    }, attaccato da solo, è distrutto: la partita finisce
battle-account-leg-both-armies-rout = LEG §9.4 entrambi gli eserciti vanno in rotta insieme: pareggio (LEG §8.3)
battle-account-leg-army-routs = LEG §9.4 la parte { $side }{ $side ->
        [A] , l'attaccante,
       *[other] , il difensore,
    } { $lost ->
        [carroccio] ha perso il Carroccio
       *[supreme] ha perso il comandante supremo
    }: il suo esercito va in rotta
battle-account-leg-rearguard = G3c.9 la retroguardia { $verdict ->
        [wins] vince
       *[loses] perde
    }: { $escaped ->
        [0] nessuna unità è uscita
        [one] un'unità è uscita
       *[other] { $escaped } unità sono uscite
    } dal tavolo, { $lost ->
        [0] nessuna perduta
        [one] una perduta
       *[other] { $lost } perdute
    } ({ $end })

battle-account-ott-attacker-spent = OTT §8 all'attaccante non resta alcuna unità per combattere: il difensore tiene
battle-account-ott-village = OTT §8 l'attaccante ha { $inside ->
        [one] un'unità
       *[other] { $inside } unità
    } nel villaggio
battle-account-ott-eliminated = OTT §8 l'attaccante ha eliminato { $gone ->
        [one] un'unità
       *[other] { $gone } unità
    } del difensore (ne servivano { $need })
battle-account-ott-defender-spent = OTT §8 al difensore non resta alcuna unità sul tavolo
battle-account-ott-end-eliminated = OTT §8 alla fine: { $gone ->
        [one] un'unità del difensore eliminata
       *[other] { $gone } unità del difensore eliminate
    }, contando quelle in rotta (ne servivano { $need })
battle-account-ott-defender-holds = OTT §8 il difensore tiene: { $gone ->
        [one] un'eliminazione
       *[other] { $gone } eliminazioni
    } su { $need } necessarie, e mai { $village } attaccanti nel villaggio
battle-account-ott-rearguard = G3c.9 retroguardia: { $escaped ->
        [0] nessuna unità si è sganciata
        [one] un'unità si è sganciata
       *[other] { $escaped } unità si sono sganciate
    }, { $lost ->
        [0] nessuna perduta
        [one] una perduta
       *[other] { $lost } perdute
    }

battle-account-pia-side-gone = PIA senza mappa: alla parte { $side }{ $side ->
        [A] {" "}(l'attaccante)
       *[other] {" "}(il difensore)
    } non resta alcuna unità sul tavolo (ASSUMPTION)
battle-account-pia-automatic = PIA §13.2 vittoria automatica: alla fine del turno { $turn } (le 15:00) l'attaccante non tiene nessuno dei suoi { $of } obiettivi
battle-account-pia-objectives = PIA §13.0 l'attaccante tiene { $held } dei suoi { $of } obiettivi: { $winner ->
        [attacker] vince l'attaccante
       *[defender] vince il difensore
    }
battle-account-pia-conditional-draw = PIA §13.1 pareggio condizionato ({ $held ->
        [one] un obiettivo
       *[other] { $held } obiettivi
    }): PV A, l'attaccante, { $vp_a }; B, il difensore, { $vp_b }
battle-account-pia-rearguard = G3c.9 retroguardia: { $escaped ->
        [0] nessuna unità è uscita
        [one] un'unità è uscita
       *[other] { $escaped } unità sono uscite
    } dal tavolo, { $lost ->
        [0] nessuna perduta
        [one] una perduta
       *[other] { $lost } perdute
    }: vince { $winner ->
        [rearguard] la retroguardia
       *[attacker] l'attaccante
    }

battle-account-cannot-field = G3c.11: una parte il cui valore non compra un esercito di { $ruleset } non può schierarne uno ed è travolta
battle-account-cannot-fight = G3c.7: una parte i cui ducati non comprano alcuna unità di { $ruleset } non può combattere ed è travolta
