## Ogni esito detto al club che riguarda (issue 29 punto 5): i tiri delle sue flotte e
## forze, un'offerta perdente, la sorte del nemico nelle sue battaglie, ciò che una
## piazza passata di mano ha portato con sé, un attacco di un alleato che non tradisce.

happening-strategos-outbid = { $roll_off ->
    [true] la vostra offerta di { $bid } ducati per lo Strategos era pari alla più alta e ha perso lo spareggio ai dadi
   *[false] la vostra offerta di { $bid } ducati per lo Strategos non era la più alta
}: quest'anno lo Strategos è di un altro club; G7.4 ne tiene segreto il nome, ma l'ordine di movimento dell'estate, scelto da lui, è pubblico; non pagate nulla
happening-strategos-tied-above = la vostra offerta di { $bid } ducati per lo Strategos non era la più alta, e le offerte più alte erano pari: quest'anno nessun club ha lo Strategos, l'ordine di movimento dell'estate è tirato a sorte e non pagate nulla
happening-fleet-storm-roll = la flotta { $fleet } nella tempesta: 1d6={ $roll }, persa con { $lost_on }: { $lost ->
    [true] è perduta, con l'eventuale armata a bordo
   *[false] si salva
}
happening-epidemic-roll = { $what ->
    [garrison] la guarnigione
   *[army] l'armata { $army }
} { ART("a", $node) } tira contro l'epidemia: 1d6={ $roll }, distrutta con { $destroys_on }: { $destroyed ->
    [true] è distrutta
   *[false] si salva
}
happening-enemy-fell-back = { $destroyed ->
    [true] battaglia { $battle }: le forze { ART("di", $nation) } non avevano dove ripiegare { ART("da", $from) } e sono distrutte
   *[false] { $rearguard ->
        [true] battaglia { $battle }: la retroguardia { ART("di", $nation) } ripiega { ART("da", $from) }, come fa una retroguardia chiunque vinca l'azione (G3c.9); chi ha vinto è detto con la battaglia
       *[false] { $draw ->
        [true] battaglia { $battle }: pareggio; le forze { ART("di", $nation) }, che attaccavano, ripiegano { ART("da", $from) } (in un pareggio ripiega chi attacca, G3c.8), e nessun luogo cambia padrone per questo
       *[false] battaglia { $battle }: le forze { ART("di", $nation) } ripiegano { ART("da", $from) }; la battaglia è vostra{ $own_place ->
            [true] , e il luogo resta vostro
           *[false] {" "}(una battaglia vinta non cambia da sola il padrone di un luogo, G3b.8: il luogo di un'altra nazione si prende, se non fortificato, restandovi soli a fine turno, se fortificato, con un assedio)
        }
    }
    }
}
happening-enemy-destroyed = battaglia { $battle }: le forze { ART("di", $nation) } che vi combattevano { ART("a", $node) } sono distrutte dalle perdite
happening-surrender-took = { $node } si arrende a voi, e la resa distrugge ciò che vi stava dentro (G3d.2): { $garrison ->
    [true] la sua guarnigione{ $armies ->
        [0] {""}
        [one] {" "}e un'armata { ART("di", $from) }
       *[other] {" "}e { $armies } armate { ART("di", $from) }
    }
   *[false] { $armies ->
        [0] non c'era né guarnigione né armata
        [one] un'armata { ART("di", $from) }, senza guarnigione
       *[other] { $armies } armate { ART("di", $from) }, senza guarnigione
    }
}
happening-works-captured = { $kind ->
    [repair] le riparazioni che avete pagato { ART("a", $node) } sono perdute
   *[fortify] i lavori di fortificazione che avete pagato { ART("a", $node) } sono perduti
}: la piazza è passata di mano
happening-sapper-captured = il vostro geniere { ART("a", $node) } è perduto: la piazza è passata di mano
happening-ally-attack-no-betrayal = { ART("il", $by) } vi ha attaccato{ $how ->
    [on_contact] {" "}{ ART("a", $node) } (la sua scelta permanente al contatto, G3c.3)
    [when_contacted] {" "}{ ART("a", $node) } (la vostra forza è arrivata sulla sua, la cui scelta permanente quando contattata era di attaccare, G3c.3)
    [siege] {" "}assediando { $node }
   *[assassin] {" "}con un assassino
}, e non tradisce alcuna alleanza: { $why ->
    [never_stood] l'alleanza che avete dichiarato non è mai esistita, perché { ART("il", $by) } non l'aveva dichiarata (un'alleanza esiste quando l'hanno dichiarata entrambi, G5.2)
    [broken_by_attacked] l'alleanza l'avevate già rotta voi, e un'alleanza rotta non vincola più nessuna delle due parti (G5.2)
   *[already_broken] { ART("il", $by) } aveva già rotto l'alleanza (G5.2)
}

## Che cosa cambia per un club dopo `undo` e una nuova risoluzione (l'elenco di desk-changed-text)
changed-army = armata { $army }: { $now_node ->
        [none] non è più sulla mappa
       *[other] { ART("a", $now_node) }, { $now_ducats } ducati
    } (nel rapporto ritirato: { $was_node ->
        [none] non era sulla mappa
       *[other] { ART("a", $was_node) }, { $was_ducats } ducati
    })
changed-fleet = flotta { $fleet }: { $now_at ->
        [none] non è più sulla mappa
       *[other] { ART("a", $now_at) }
    } (nel rapporto ritirato: { $was_at ->
        [none] non era sulla mappa
       *[other] { ART("a", $was_at) }
    })
changed-diplomat = diplomatico { $diplomat }: { $now_node ->
        [none] non è più sulla mappa
       *[other] { ART("a", $now_node) }
    } (nel rapporto ritirato: { $was_node ->
        [none] non era sulla mappa
       *[other] { ART("a", $was_node) }
    })
changed-garrison = guarnigione { ART("a", $node) }: { $now_ducats ->
        [0] nessuna
       *[other] { $now_ducats } ducati
    } (nel rapporto ritirato: { $was_ducats ->
        [0] nessuna
       *[other] { $was_ducats } ducati
    })
changed-treasury = tesoro: { $now_ducats } ducati (nel rapporto ritirato: { $was_ducats } ducati)
changed-place = { $node }: { ART("di", $to) } (nel rapporto ritirato: { ART("di", $from) })
changed-markers = segnalini stranieri { ART("di", $nation) } { ART("a", $at) }: { $now } (nel rapporto ritirato: { $was })
