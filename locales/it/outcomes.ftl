# Che ne è stato di ogni ordine e che altro è accaduto in una fase (src/rules/outcome.rs,
# reso in parole da src/report/explain.rs). Gli id seguono i tipi delle regole:
# done-<tipo>, reason-<tipo>, happening-<tipo>; gli argomenti sono i campi dei fatti.

outcome-rejected = respinto ({ $rule }): { $reason }
outcome-thwarted = non eseguito ({ $rule }): { $reason }

## Che cosa ha fatto un ordine eseguito.
done-loan = prestito di { $amount } ducati; da restituire { $due } la prossima primavera
done-raised = armata { $army } arruolata { ART("a", $node) } con { $value } ducati
done-reinforced = armata { $army } rinforzata di { $value } ducati
done-transferred = { $value } ducati trasferiti { ART("da", $from) } { ART("a", $to) }{ $disbanded ->
    [true] ; { $from } è sciolta
   *[false] {""}
}
done-garrisoned = { $army } lascia una guarnigione di { $value } ducati { ART("a", $node) }
done-fortified = { $at_once ->
    [true] { $node } è ora una piazza fortificata
   *[false] lavori di fortificazione { ART("a", $node) }: completi in inverno
}
done-repaired = { $at_once ->
    [true] { ART("a", $node) } le mura sono riparate
   *[false] riparazioni { ART("a", $node) }: complete in inverno
}
done-sapper-hired = { $at ->
    [army] un geniere si unisce all'armata { $army }
   *[node] un geniere rafforza la difesa { ART("di", $node) }
}
done-diplomat-hired = diplomatico { $diplomat } posto { ART("a", $node) }
done-spy-hired = una spia al servizio del club per l'anno: non accompagna alcun pezzo e non sta sulla mappa; a ogni incontro dice alla vostra parte la forza del nemico, e una scelta permanente può dipenderne (G3c.4)
done-assassin-hired = un assassino attende la sua missione
done-fleet-built = flotta { $fleet } costruita { ART("a", $port) }
done-alliance-declared = alleanza dichiarata { ART("con", $with) }
done-objective-chosen = obiettivo segreto registrato
done-bid-sealed = offerta sigillata di { $amount } ducati per lo Strategos
done-stance-set = nuove scelte permanenti per { $piece }{ $spy_cleared ->
    [true] ; la sua condizione sulla forza del nemico è tolta: valgono ora le sue scelte semplici (G3c.4)
   *[other] {""}
}
done-moved = { $piece } percorre { $path }
done-stopped = { $piece } si ferma { ART("a", $at) } per un incontro
done-turned-back = { $piece } non passa e torna { ART("a", $to) }
done-revealed = { $piece } è smascherato e rimosso
done-siege-rolled = assedio { ART("di", $node) }: 1d6={ $roll }, totale { $total }, serve { $needed }: { $fell ->
    [true] la piazza si arrende
   *[false] la piazza resiste
}
done-assassin-sent = { $success ->
    [true] l'assassino ha colpito{ $struck ->
        [commander] : un comandante { ART("di", $against) } è ucciso, e la sua armata non può muovere né attaccare nel turno dopo questo (G2b.5)
        [sapper] : un geniere { ART("di", $against) } è ucciso
        [diplomat] : un diplomatico { ART("di", $against) } è ucciso
        [spy] : la spia { ART("di", $against) } è uccisa
       *[none] {""}
    }
   *[false] l'assassino ha fallito: nessun effetto, e la missione è consumata
}
# Detto come un tiro fallito: se il bersaglio c'era è affare dell'altro club (G7.4).
done-assassin-found-no-target = l'assassino ha fallito: nessun effetto, e la missione è consumata
done-fleet-moved = la flotta { $fleet } va { ART("a", $to) }
done-embarked = { $army } si imbarca sulla flotta { $fleet }
done-landing = la flotta { $fleet } sbarca { ART("a", $node) }

## Perché un ordine è stato respinto.
reason-missing-ducats = costa { $cost } ducati ma la tesoreria ne ha { $treasury }: ne mancano { $missing }
reason-wrong-phase = questo ordine non vale in questa fase
reason-not-your-army = { $army } non è una vostra armata
reason-unknown-army = non esiste l'armata { $army }
reason-not-your-fleet = { $fleet } non è una vostra flotta
reason-not-your-node = { $node } non è vostro
reason-not-a-city = { $node } non è una città
reason-not-a-port = { $node } non è un porto
reason-too-many-armies = { $max ->
    [one] avete già { $max } armata, il massimo
   *[other] avete già { $max } armate, il massimo
}
reason-value-too-small = il valore deve essere almeno { $min }
reason-army-too-small = { $army } vale { $value } ducati, ne servono { $needed }
reason-not-together = { $from } e { $to } non sono nello stesso nodo
reason-same-army = un'armata non può trasferire a se stessa
reason-not-fortified = { $node } non è una piazza fortificata
reason-garrison-not-on-path = { $army } non passa { ART("da", $node) } in questo turno: una guarnigione con il suo nodo è lasciata lì al passaggio dell'armata, o dove questa si trova
reason-already-fortified = { $node } è già fortificato
reason-not-breached = { $node } non ha brecce da riparare
reason-breached-use-repair = { $node } ha una breccia: ordinate una riparazione
reason-cannot-fortify-fortress = { $node } è una fortezza, sempre fortificata
reason-sapper-already = c'è già un geniere
reason-spy-already = avete già una spia quest'anno
reason-fleet-limit = { $limit ->
    [one] la vostra nazione può avere al massimo { $limit } flotta
   *[other] la vostra nazione può avere al massimo { $limit } flotte
}
reason-loan-twice = un solo prestito all'anno
reason-loan-too-large = il prestito può essere al massimo di { $limit } ducati
reason-loan-outstanding = c'è ancora un prestito da restituire
reason-objective-not-first-spring = l'obiettivo si sceglie solo nella prima primavera
reason-objective-twice = l'obiettivo è già stato scelto
reason-objective-needs-target = questo obiettivo richiede una nazione bersaglio
reason-objective-target-self = non potete conquistare voi stessi
reason-unknown-nation = `{ $nation }` non è una nazione della campagna
reason-self-alliance = non potete allearvi con voi stessi
reason-bid-twice = una sola offerta per lo Strategos
reason-unknown-piece = il pezzo { $piece } non c'è: non esiste, o non c'è più (distrutto in battaglia, perduto con la sua flotta, sciolto)
reason-not-your-piece = { $piece } non è vostro
reason-moved-twice = { $piece } ha già mosso in questo turno
reason-path-start = il percorso deve partire { ART("da", $at) }, dove sta il pezzo
reason-too-far = { $max ->
    [one] troppo lontano: al massimo { $max } nodo in questo turno
   *[other] troppo lontano: al massimo { $max } nodi in questo turno
}
reason-too-far-into-foreign = { $max ->
    [one] troppo dentro il territorio straniero: vi si entra di { $max } solo nodo, con il primo passo, e ci si ferma
   *[other] troppo dentro il territorio straniero: vi si entra al massimo di { $max } nodi, e ci si ferma
}
reason-too-far-from-abroad = { $max ->
    [one] un pezzo che inizia il turno in territorio straniero muove al massimo di { $max } nodo
   *[other] un pezzo che inizia il turno in territorio straniero muove al massimo di { $max } nodi
}
reason-border-not-first = in territorio straniero si entra solo con il primo passo, e ci si ferma
reason-banned = in questo turno non si può muovere { ART("da", $from) } { ART("a", $to) }
reason-in-battle = è nella battaglia { ART("di", $node) }, non ancora decisa: resta lì finché il risultato non è applicato
reason-stunned = il comandante è stato ucciso: l'armata non può muovere né attaccare in questo turno
reason-aboard = l'armata è imbarcata
reason-no-siege-target = { ART("a", $node) } non c'è una piazza fortificata nemica da assediare
reason-arrived-this-round = l'armata è appena arrivata: l'assedio può cominciare dal turno seguente
reason-no-assassin = non avete assassini disponibili
reason-target-not-found = il bersaglio non c'è
reason-not-adjacent-sea = { $to } non è raggiungibile con una rotta da dove sta la flotta
reason-foreign-port = { $port } non è un vostro porto
reason-cargo-full = la flotta trasporta già un'armata
reason-no-cargo = la flotta non trasporta un'armata
reason-not-in-port = la flotta non è in porto
reason-not-at-port = né la flotta né l'armata sono { ART("a", $node) }
reason-fleet-busy = la flotta ha già un altro ordine in questo turno
reason-landing-blocked = lo sbarco { ART("a", $node) } è impedito: forze di un'altra nazione (un'armata, una guarnigione o un diplomatico, anche di un alleato) vi stanno alla fine del turno, e l'armata resta a bordo. Dove la vostra mappa non vi mostra una tale forza, è una guarnigione, che non si vede mai da fuori le sue mura: una piazza tenuta dalla guarnigione di un'altra nazione si prende per terra, non dal mare
reason-contact-exchange-off = in questa campagna gli incontri si risolvono con le scelte permanenti
reason-battle-result-by-command = i risultati e gli ordini di battaglia si registrano con `giglio battle result` e `giglio battle oob`
reason-battle-not-pending = nessuna battaglia { $battle } attende il risultato (non è stata combattuta, il suo risultato è già applicato, o è decaduta quando il risultato di un'altra battaglia ha mandato via una delle parti)
reason-not-in-battle = il vostro club non ha combattuto la battaglia { $battle }
reason-nation-not-in-battle = { ART("il", $nation) } non ha combattuto la battaglia { $battle }
reason-loss-too-large = { ART("il", $nation) } non può perdere { $loss } ducati: ha combattuto con { $had }
reason-unknown-ruleset = la campagna non ha il regolamento `{ $ruleset }`
reason-oob-value = le unità valgono { $total } ducati e l'armata { $army }: devono coincidere (§0.5)
reason-oob-unit-kind = l'unità `{ $unit }` è di tipo `{ $kind }`, che il regolamento non conosce (tipi: { $kinds })
reason-not-resolved-yet = questo tipo di ordine non è ancora risolto da questa versione

## Che altro è accaduto.
happening-income = { ART("il", $nation) } incassa { $amount } ducati
happening-loan-repaid = { ART("il", $nation) } restituisce il prestito: { $amount } ducati
happening-loan-default = { ART("il", $nation) } non può restituire { $due } ducati: confiscati { $paid }, { $carried ->
    [true] restano dovuti { $unpaid }, da restituire la prossima primavera senza nuovi interessi
   *[false] restano insoluti { $unpaid }
}
happening-strategos-won = { ART("il", $nation) } ottiene lo Strategos per { $bid } ducati
happening-strategos-tie = la vostra offerta era pari a un'altra a { $bid } ducati, la più alta: quest'anno nessun club ha lo Strategos, l'ordine di movimento dell'estate è tirato a sorte e nessuno paga
happening-strategos-none = nessuna offerta valida: nessuno Strategos quest'anno
happening-move-order = ordine di movimento dell'estate: { $order }
happening-alliance-formed = alleanza stretta { ART("tra", $members_1) } e { ART("il", $members_2) }
happening-alliance-stays-broken = la vostra dichiarazione di alleanza { ART("con", $with) } non ha effetto: quell'alleanza è stata tradita, e un'alleanza tradita resta rotta per il resto della campagna (G5.2)
happening-alliance-one-sided = l'alleanza che avete dichiarato { ART("con", $with) } non vale: { ART("il", SHORT($with)) } non l'ha dichiarata (un'alleanza esiste quando l'hanno dichiarata entrambi, G5.2); la vostra dichiarazione resta agli atti, e l'alleanza si stringe in una primavera successiva se { ART("il", SHORT($with)) } la dichiara
happening-works-complete = i lavori { ART("a", $node) } sono completi
happening-specialists-leave = gli specialisti { ART("di", $nation) } lasciano il servizio
happening-event-roll = { ART("il", $nation) } tira per gli eventi: { $roll }{ $drawn ->
        [true] : si estrae un evento dalla Tabella 36
        [false] : nessun evento (se ne estrae uno solo con { $drawn_on })
       *[none] {""}
    }
event-in-effect = { $name }{ $effect ->
        [epidemic] {" "}(un'epidemia in una vostra città all'inizio dell'estate, G3a.1)
        [cities] {" "}(le città rendono il { $amount }% del normale, G2a.2)
        [villages] {" "}(i villaggi rendono { $amount } ducati ciascuno, G2a.2)
       *[other] {""}
    }
happening-winter-event = { ART("il", $nation) }: { $name } per il prossimo anno{ $face ->
        [none] {""}
       *[other] {" "}(Tabella 36, secondo tiro: { $face })
    }{ $effect ->
        [epidemic] : all'inizio dell'estate un'epidemia scoppia in una sua città, estratta a caso (G3a.1)
        [cities] : la prossima primavera le sue città rendono il { $amount }% del normale (G2a.2)
        [villages] : la prossima primavera i suoi villaggi rendono { $amount } ducati ciascuno (G2a.2)
        [breach] : colpisce subito { $struck }, le cui fortificazioni sono smantellate (vanno riparate in primavera, G2b.4), e non fa altro il prossimo anno
        [destroy] : colpisce subito { $struck }, le cui fortificazioni sono distrutte, ora un luogo aperto (va fortificato di nuovo in primavera, G2b.4), e non fa altro il prossimo anno
        [unstruck] : non trova nessuna sua piazza fortificata da colpire, e non fa nulla
       *[none] {""}
    }
happening-breached = le fortificazioni { ART("di", $node) } sono smantellate (vanno riparate, G2b.4)
happening-fortifications-destroyed = le fortificazioni { ART("di", $node) } sono distrutte: ora è un luogo aperto
happening-campaign-ends = la campagna è finita
happening-epidemic = l'epidemia colpisce { $node } ({ ART("il", $nation) })
happening-force-destroyed = { $cause ->
    [lost_at_sea] l'armata { $army } { ART("di", $nation) }, imbarcata { ART("a", $node) }, è perduta in mare con la sua flotta
   *[other] { $what ->
        [garrison] la guarnigione
       *[army] l'armata { $army }
    } { ART("di", $nation) } { ART("a", $node) } è distrutta ({ $cause ->
        [lost_in_battle] persa in battaglia
        [could_not_retreat] senza via di ritirata
        [surrendered] per la resa
       *[epidemic] per l'epidemia
    })
}
happening-encounter = incontro { ART("a", $node) } { ART("tra", $hand) } e { ART("il", $other) }: { $no_battle ->
    [true] non si combatte nessuna battaglia, perché un diplomatico non combatte mai (G3c.5), qualunque cosa dica la Tabella 34, che dice {""}
   *[false] {""}
}{ $no_siege ->
    [true] { ART("il", $other) } è dentro la sua fortificazione, e non segue nessun assedio: un diplomatico non assedia mai, assedia solo un'armata (G3d.1)
   *[false] { $text }
}{ $hand_choice ->
    [none] {""}
   *[other] {" "}(Tabella 34: { ART("il", $hand) }, la parte che muove, ha scelto di { $hand_choice ->
        [stop] fermarsi
        [retreat] ripiegare
        [attack] attaccare
       *[withdraw] rinchiudersi
    }, { ART("il", $other) } di { $other_choice ->
        [stop] fermarsi
        [retreat] ripiegare
        [attack] attaccare
        [walls] restare dentro le sue mura, come fanno sempre una guarnigione o le armate già dentro (G3c.3)
        [withdraw_own] rinchiudersi nella sua fortificazione (la vostra scelta)
       *[withdraw] rinchiudersi nella sua fortificazione (o non aveva scelta: una guarnigione, o armate già dentro, vi restano sempre, G3c.3)
    }{ $other_meant ->
        [withdraw] {" "}— la vostra scelta permanente, rinchiudervi, non si poteva tenere: lì non c'è una vostra fortificazione, e la vostra forza si è fermata (G3c.3)
        [attack] {" "}— la vostra scelta permanente, attaccare, non si poteva tenere: un'armata il cui comandante è stato ucciso non può attaccare in questo turno (G2b.5), e si è fermata
       *[none] {""}
    })
}{ $allies ->
    [true] . { ART("Il", SHORT($hand)) } e { ART("il", SHORT($other)) } sono { FEMININE(SHORT($hand), SHORT($other)) ->
        [yes] alleate
       *[no] alleati
    }: si incontrano come due nazioni qualsiasi{ $other_choice ->
        [walls] ; contro una forza entro le sue mura non si combatte, quindi questo incontro non tradisce nulla, ma assediare la piazza tradirebbe l'alleanza (G5.2)
        [withdraw] ; contro una forza entro le sue mura non si combatte, quindi questo incontro non tradisce nulla, ma assediare la piazza tradirebbe l'alleanza (G5.2)
        [withdraw_own] ; contro una forza entro le sue mura non si combatte, quindi questo incontro non tradisce nulla, ma assediare la piazza tradirebbe l'alleanza (G5.2)
       *[other] , e un attacco o un assedio dell'una contro l'altra tradisce l'alleanza (G5.2)
    }
   *[false] {""}
}
happening-diplomat-revealed = { ART("a", $node) } un diplomatico { ART("di", $nation) } è smascherato e rimosso
happening-diplomat-unmasked = la vostra spia rivela che il pezzo straniero incontrato { ART("a", $node) } è solo un diplomatico
happening-enemy-size = la vostra spia stima l'altra parte { ART("a", $node) }: { $ducats } ducati, tutte le sue forze lì insieme{ $garrison ->
        [0] {""}
       *[other] , di cui una guarnigione di { $garrison }, che resta entro le sue mura e non è sulla carta di battaglia (G3c.3)
    }
happening-battle-pending = { $rearguard ->
    [true] azione di retroguardia
   *[false] battaglia
} { $id } { ART("a", $node) }: { ART("il", $attacker) } contro { ART("il", $defender) }, in attesa del risultato
happening-battle-lapsed = la battaglia { $battle } { ART("a", $node) } non si combatte: le armate { ART("di", $gone) } non sono più lì, mandate via dal risultato di un'altra battaglia nello stesso luogo; nessuno perde nulla e non serve alcun risultato
happening-retreated = le forze { ART("di", $nation) } che vi hanno combattuto ripiegano { ART("da", $from) } { ART("a", $to) }{ $draw ->
    [true] {" "}(un pareggio: in un pareggio ripiega chi attacca, G3c.8)
   *[false] {""}
}
happening-siege-roll = { ART("il", $besieger) } assedia { $node }: 1d6={ $roll }, totale { $total }, serve { $needed }
happening-surrendered = { $node } si arrende: passa { ART("da", $from) } { ART("a", $to) }{ $breached ->
    [true] ; le sue mura cadono: ha una breccia finché non viene riparata (G3d.5)
   *[false] {""}
}
happening-node-taken = { ART("il", $to) } prende { $node } { ART("a", $from) }
happening-storm-roll = tiro della tempesta: { $roll }{ $storm ->
    [true] : tempesta in mare, ogni flotta fuori dal porto tira per salvarsi
    [false] : mare calmo, nessuna flotta è in pericolo in questo turno
   *[none] {""}
}
happening-fleet-lost = la flotta { $fleet } { ART("di", $nation) } è persa nella tempesta
happening-landing-repelled = una forza { ART("di", $by) } ha tentato di sbarcare { ART("a", $node) } dal mare ed è stata respinta: le vostre forze lì la tengono
happening-fleet-held-zone = la flotta { $fleet } { ART("di", $nation) } ha incontrato almeno altrettante flotte { ART("di", $by) } { ART("in", $at) }; non aveva navigato in questo turno, quindi non ha dove essere respinta e tiene la zona
happening-fleet-pushed-back = la flotta { $fleet } { ART("di", $nation) } { $at ->
        [none] è respinta
       *[other] ha incontrato almeno altrettante flotte { ART("di", $by) } { ART("in", $at) } ed è respinta
    } { ART("a", $to) }
happening-fleet-clash-won = { $count ->
        [one] la flotta
       *[other] le flotte
    } { $fleets } { ART("di", $nation) } { $count ->
        [one] ha
       *[other] hanno
    } incontrato meno flotte { ART("di", $against) } { ART("in", $at) }: { $fate ->
        [pushed_back] quelle sono respinte da dove venivano
        [destroyed] la loro, sola e senza dove andare, è distrutta
       *[held] quelle non avevano navigato in questo turno, quindi non hanno dove essere respinte e tengono anch'esse la zona
    } (G3e.2)
happening-fleet-in-lost-port = la flotta { $fleet } { ART("di", $nation) } è nel porto { ART("di", $port) }, passato { ART("a", $owner) } in questo turno: lì è al sicuro finché non salpa, e può salpare come da ogni porto, ma una volta uscita non può tornarvi, perché una flotta entra solo nei porti del proprio club (G3e.1)
happening-fleet-destroyed = la flotta { $fleet } { ART("di", $nation) } è distrutta
happening-fleet-sailed-home = la flotta { $fleet } { ART("di", $nation) } non aveva movimenti in mare, dove una flotta non può restare: fa rotta { ART("verso", $port) }, il suo porto più vicino, ed è ora { ART("a", $to) }
happening-fleet-adrift = la flotta { $fleet } { ART("di", $nation) } non aveva movimenti in mare, dove una flotta non può restare, né un porto proprio verso cui fare rotta: è perduta, con l'eventuale armata a bordo
happening-commander-killed = il comandante dell'armata { $army } { ART("di", $nation) } è ucciso: l'armata non può muovere né attaccare nel turno dopo questo, e si difende come sempre (G2b.5)
happening-specialist-killed = { $what ->
    [sapper] { $sapper ->
        [army] il geniere dell'armata { $army } { ART("di", $nation) } è ucciso
       *[node] il geniere { ART("di", $nation) } { ART("a", $node) } è ucciso
    }
    [diplomat] il diplomatico { $diplomat } { ART("di", $nation) } è ucciso
   *[spy] la spia { ART("di", $nation) } è uccisa
}
happening-alliance-betrayed = { ART("il", $by) } tradisce l'alleanza { ART("con", $against) }{ $how ->
    [on_contact] : { ART("a", $node) } la sua forza in movimento ha incontrato quella dell'alleato e l'ha attaccata, come diceva la sua scelta permanente al contatto (G3c.3)
    [when_contacted] : { ART("a", $node) } la forza dell'alleato è arrivata sulla sua, la cui scelta permanente quando contattata era di attaccare (G3c.3)
    [siege] : ha assediato { $node }, una piazza dell'alleato, in questo turno (assediare una piazza dell'alleato tradisce l'alleanza comunque l'assedio sia cominciato, anche prima che l'alleanza fosse fatta; G3d dice come si toglie un assedio)
    [assassin] : ha mandato un assassino contro l'alleato
   *[none] {""}
}
happening-landed = { $army } { ART("di", $nation) } sbarca { ART("a", $node) }
happening-battle-fought = battaglia { $id } { ART("a", $node) }, { ART("il", $attacker) } contro { ART("il", $defender) }: { $winner ->
    [none] pareggio
   *[other] vince { ART("il", $winner) }
}{ $provisional ->
    [true] {" "}(con tabelle provvisorie)
   *[false] {""}
}
happening-battle-losses = perdite nella battaglia { $id }: attaccante { $attacker_loss } ducati, difensore { $defender_loss } ducati
happening-courier-arrived = il corriere della lettera { $letter } { ART("da", $from) } raggiunge { ART("il", $to) }: la lettera parte con questa posta
happening-courier-lost = il corriere della lettera { $letter } { ART("da", $from) } { ART("a", $to) } è perso{ $node ->
    [none] : nessuna strada verso la destinazione è libera da armate ostili
   *[other] : un'armata ostile sta { ART("a", $node) } sul suo percorso
}
happening-letter-intercepted = la spia { ART("di", $by) } intercetta la lettera { $letter } { ART("da", $from) } { ART("a", $to) }, che prosegue

# Il tipo di un ordine nel rapporto, per il nome che gli esiti conservano.
order-name-loan = prestito
order-name-raise = arruolamento
order-name-reinforce = rinforzo
order-name-transfer = trasferimento
order-name-garrison = guarnigione
order-name-fortify = fortificazione
order-name-repair = riparazione
order-name-hire-sapper = ingaggio di un geniere
order-name-hire-diplomat = ingaggio di un diplomatico
order-name-hire-spy = ingaggio di una spia
order-name-hire-assassin = ingaggio di un assassino
order-name-fleet = flotta
order-name-alliance = alleanza
order-name-objective = obiettivo
order-name-strategos = offerta per lo Strategos
order-name-move = movimento
order-name-stance = scelte d'incontro
order-name-siege = assedio
order-name-assassin = assassino
order-name-fleet-move = navigazione
order-name-embark = imbarco
order-name-land = sbarco
order-name-encounter = risposta a un incontro
order-name-battle-result = risultato di battaglia
order-name-order-of-battle = ordine di battaglia
