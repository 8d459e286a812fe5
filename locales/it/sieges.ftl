## Gli assedi spiegati (G3d): il tiro con ogni modificatore nominato, che ne è di ogni assedio; lavori perduti (G2b.4).

done-besieging = { $army } partecipa all'assedio { ART("di", $node) }
done-siege-lifted = { $army } toglie l'assedio { ART("di", $node) }
done-siege-left = { $army } si era già allontanato { ART("da", $node) } in questo turno: la marcia ha posto fine all'assedio, e il conto dei turni riparte da zero
reason-not-besieging = { $army } non sta assediando nulla
reason-place-held = { ART("a", $node) } c'è una forza di un'altra nazione: prima bisogna prendere la piazza (un assedio)
reason-not-held-no-army = { $node } non è vostro e nessuna vostra armata vi si trova
happening-siege-round = { $total ->
    [none] { ART("il", $besieger) } assedia { $node }: 1d6={ $roll }; i modificatori che conoscete: { $modifiers }; quelli dell'assediante (un geniere, una corruzione) non vi sono noti; serve { $needed }: { $fell ->
        [true] la piazza si arrende
       *[false] la piazza resiste
    }
   *[other] assedio { ART("di", $node) } ({ $armies }): 1d6={ $roll } { $modifiers } = { $total }, serve { $needed }: { $fell ->
        [true] la piazza si arrende
       *[false] la piazza resiste, l'assedio continua
    }
}
happening-siege-raised = l'assedio { ART("di", $node) } da parte { ART("di", $besieger) } è finito: la piazza non è caduta, e gli assedianti se ne sono andati o l'hanno tolto
happening-siege-ended = l'assedio { ART("di", $node) } da parte di { $army } finisce: { $why ->
    [fell_back] l'armata ha ripiegato dalla piazza dopo la battaglia (G3c.8); il conto dei turni riparte da zero
    [army_left] l'armata ha lasciato la piazza; il conto dei turni riparte da zero
    [no_target] non c'è più una piazza fortificata nemica da assediare
   *[not_renewed] non è stato ordinato di nuovo in questo turno; il conto dei turni riparte da zero
}
happening-siege-waits = { $others ->
        [none] l'assedio { ART("di", $node) } non si tira in questo turno: { $army } non può attaccare
       *[other] { $army } non può attaccare in questo turno e non prende parte all'assedio { ART("di", $node) }, che { $others } { $count ->
            [one] tira
           *[other] tirano
        } senza di essa
    }
happening-bribe-dropped = la corruzione di { $bribe } ducati { ART("a", $node) } non è stata pagata (tesoro { $treasury }): l'assedio continua senza
siege-modifier-rounds-spent = { $signed } ({ $rounds ->
    [0] nessun turno intero ancora trascorso: il primo tiro ha +0
    [one] un turno intero già trascorso
   *[other] { $rounds } turni interi già trascorsi
})
siege-modifier-besieger-sapper = { $signed } (un geniere con gli assedianti)
siege-modifier-bribe = { $signed } ({ $ducats } ducati di corruzione)
siege-modifier-garrison = { $signed } (una guarnigione nella piazza)
siege-modifier-defender-sapper = { $signed } (un geniere con i difensori)
siege-modifier-fortified-village = { $signed } (un villaggio fortificato)
siege-modifier-fortified-city = { $signed } (una città fortificata)
siege-modifier-fortress = { $signed } (una fortezza)
siege-modifiers-none = nessuno
happening-siege-roll-seen = { ART("il", $besieger) } assedia { $node }: 1d6={ $roll }, serve { $needed } (i modificatori dell'assediante non vi sono noti)
happening-siege-outcome-seen = { ART("il", $besieger) } assedia { $node }: { $fell ->
    [true] la piazza si arrende
   *[false] la piazza resiste
}
happening-works-lost = i lavori { ART("a", $node) } sono perduti: il nodo non è più vostro
sheet-idle-siege-waits = L'assedio { ART("di", $node) } resta in questa fase: si tira, o si toglie, nei turni d'estate (G3d), e continua finché non lo togliete.
sheet-idle-siege-stunned = Senza ordini: l'assedio { ART("di", $node) } resta, ma in questo turno quest'armata non lo tira, perché il suo comandante è stato ucciso (G2b.5) e non può attaccare (un'altra vostra armata che assedia la piazza tira comunque); vi prende parte di nuovo dal turno seguente. Per toglierlo, un ordine [[siege]] con le righe army = "{ $army }" e lift = true.
sheet-idle-siege-goes-on = Senza ordini: l'assedio { ART("di", $node) } continua (un ordine permanente), con il tiro alla fine del turno; per toglierlo, un ordine [[siege]] con le righe army = "{ $army }" e lift = true, oppure una mossa che porti via l'armata (la marcia vi pone fine).
happening-siege-held-by-battle = l'assedio { ART("di", $node) } non si tira in questo turno: { $army } è nella battaglia { $battle }, lì, non ancora decisa; questo turno non conta fra i turni trascorsi, e l'assedio si tira di nuovo alla fine del primo turno risolto dopo che il risultato della battaglia sarà applicato (se la sua armata assedia ancora la piazza); una corruzione ordinata per questo turno non si paga
happening-siege-held-by-battle-seen = l'assedio { ART("di", $node) } da parte { ART("di", $besieger) } non si tira in questo turno: l'armata assediante è nella battaglia { $battle }, lì, non ancora decisa; questo turno non conta fra i turni trascorsi, e l'assedio si tira di nuovo alla fine del primo turno risolto dopo che il risultato della battaglia sarà applicato (se quell'armata assedia ancora la piazza)
happening-before-walls = { $army } è davanti alle mura di { $node }, piazza fortificata { ART("di", $owner) } che nessuna forza tiene: restandovi non la prende; può prenderla un ordine [[siege]], dal prossimo turno in poi (G3d.1)
happening-at-our-walls = una forza { ART("di", $nation) } (armata o diplomatico, non potete saperlo) è giunta a { $node }, vostra piazza fortificata che nessuna vostra forza tiene: può prenderla solo un assedio, dal prossimo turno in poi (G3d.1)
report-walls-held = { $place }: mura tenute { ART("da", $holder) }: { $garrison ->
        [yes] una guarnigione sola (non vi si vede nessuna sua armata né diplomatico)
       *[no] le sue forze che vi si vedono, forse con una guarnigione
    }; un assedio può cominciare dal turno dopo l'arrivo della vostra armata (G3d.1)
