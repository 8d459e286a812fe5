# Il foglio d'ordini precompilato, allegato a ogni rapporto: commenti TOML.
sheet-title = Il Giglio: ordini { ART("per", $phase) } — { $nation }
sheet-deadline = Termine per gli ordini: { $deadline }.
sheet-winter = L'inverno non prende ordini: non dovete mandare nulla, e l'arbitro lo risolve (i suoi eventi li tirano le regole). Il risultato di una battaglia o una lettera possono comunque viaggiare in questo file.
sheet-no-deadline = Nessun termine fissato: l'arbitro risolve la fase quando ha gli ordini di tutti.
sheet-how =
    Le righe che cominciano con # sono commenti. Per dare un ordine togliete il #
    davanti alle sue righe e cambiate ciò che volete; ogni ordine suggerito qui è valido così com'è.
sheet-in-disorder = La vostra nazione è in disordine civile (G0): il vostro club non manda ordini propri da diverse fasi d'ordini di fila. Questo file, mandato entro il termine, pone fine al disordine.
sheet-secret = Scrivete il segreto del vostro club tra le due virgolette della riga secret qui sotto (la riga che non è un commento). Lasciate club e phase come sono: phase si scrive in inglese («spring», «r03», «winter») anche dove il nome del file è in italiano.
sheet-as-is = Spedito così com'è, con il segreto, il file non dà ordini: ogni pezzo fa ciò che è scritto alla voce «Senza ordini».
sheet-send = Spedite il file all'arbitro dall'indirizzo registrato del club, come allegato .toml o nel testo del messaggio. Potete rispedirlo: vale l'ultimo arrivato prima che la fase sia risolta (al termine, o prima dove l'arbitro risolve appena arrivano gli ordini di tutti i club). La ricevuta vi dice ogni ordine come è stato capito.
sheet-check = Chi ha il programma giglio può controllare il file prima che lo spediate: giglio orders check { $file } --view { $view }
sheet-army = Armata { $id } { ART("a", $name) } ({ $node }), { $value } ducati{ $sapper ->
    [yes] , con il suo geniere
   *[no] {""}
}
sheet-army-aboard = Armata { $id } a bordo della flotta { $fleet }, { $sea ->
        [yes] { ART("in", $name) }
       *[no] { ART("a", $name) }
    } ({ $at }), { $value } ducati{ $sapper ->
    [yes] , con il suo geniere
   *[no] {""}
}
sheet-diplomat = Diplomatico { $id } { ART("a", $name) } ({ $node })
sheet-fleet = Flotta { $id } { $sea ->
        [yes] { ART("in", $name) }
       *[no] { ART("a", $name) }
    } ({ $at })
sheet-idle-holds = Senza ordini: resta { ART("a", $at) }, con le sue scelte permanenti in caso di incontro (G3c.3: si cambiano con [[stance]] nel file di un turno).
sheet-idle-aboard = Senza ordini: è imbarcata sulla flotta { $fleet } e va dove va la flotta.
sheet-idle-siege-ends = Senza ordini: l'assedio { ART("di", $node) } finisce e il conto dei turni riparte da zero; per continuarlo ordinate di nuovo [[siege]].
sheet-idle-fleet-to-port = Senza ordini: una flotta in mare non può restare ferma (G3e.1) e rientra da sola nel vostro porto di { $port }.
sheet-idle-fleet-at-sea = Senza ordini: resta in mare { ART("a", $at) }, benché una flotta in mare debba muoversi (G3e.1) e non ci sia un vostro porto su questa zona: datele un ordine.
sheet-idle-fleet-toward = Senza ordini: una flotta in mare non può restare ferma (G3e.1), quindi fa vela da sola { ART("verso", $sea) }, in rotta { ART("per", $port) }, il vostro porto più vicino.
sheet-idle-fleet-lost = Senza ordini: una flotta in mare non può restare ferma (G3e.1) e non avete un porto che possa raggiungere, quindi è perduta { ART("a", $at) } con l'eventuale armata a bordo: datele un ordine.
sheet-idle-fleet-waits = Se non mandate nulla: resta in mare { ART("in", $at) } fino ai turni d'estate, quando le flotte si muovono (G3e.1); datele un movimento nel primo turno.
sheet-idle-fleet-in-port = Senza ordini: resta in porto { ART("a", $at) }.
sheet-idle-in-battle = La battaglia { $battle } attende il risultato: dove starà questo pezzo dipende da quel risultato (G3c.8), e i suoi ordini saranno giudicati da lì.
sheet-idle-in-battles = Le battaglie { $battles } aspettano i loro risultati, e questo pezzo è parte di ciascuna: dove starà dipende da quei risultati (G3c.8), e i suoi ordini saranno giudicati da lì.
sheet-moves = Destinazioni raggiungibili in questo turno (G3b.3), ciascuna con il suo percorso:
sheet-garrison-on-the-way = Si può lasciare una guarnigione lungo la strada: date a [[garrison]] un node = "…" del percorso, un nodo fortificato, e resta lì al passaggio dell'armata.
sheet-move-line = { $node } { $name }: path = { $path }
sheet-orders = Altri ordini possibili:
sheet-aboard-orders = Un'armata a bordo non riceve ordini propri: la porta la flotta { $fleet }, e la sbarca con l'ordine [[land]] della flotta (G3e.3).
sheet-nothing = Nessun ordine possibile per questo pezzo in questa fase.
sheet-inside = È dentro le mura (G3c.1): quando arriva una forza resta dentro, qualunque sia la sua scelta quando contattata (G3c.3), e nessun ordine le fa attaccare da lì i suoi assedianti. Per combattere, fatela uscire dalla piazza muovendola, o aspettate un esercito di soccorso.
sheet-stunned = Il suo comandante è stato ucciso (G2b.5): in questo turno non può né muovere né attaccare, quindi non le si offre movimento, imbarco né assedio. Si difende come sempre, e le sue scelte permanenti qui sotto dicono come affronta una forza che arriva (la scelta di attaccare vale come fermarsi in questo turno); potete cambiarle.
sheet-example = Per esempio:
sheet-spring-money = Tesoro: { $treasury } ducati ora; con le entrate di questa primavera, e dopo aver restituito il prestito dell'anno scorso se ne avete uno, potete spenderne { $spendable }; un prestito chiesto ora vi si aggiunge.
sheet-spring-loan = Prestito (G2a.3): al massimo { $limit } ducati, da restituire con il { $interest }% di interesse la prossima primavera.
sheet-spring-no-loan = Prestito (G2a.3): non potete chiederne uno quest'anno.
sheet-spring-costs = Costi (G2b): armata, 1 ducato per ducato di valore (un valore di almeno { $min_raise ->
        [one] un ducato
       *[other] { $min_raise } ducati
    }; al massimo { $max_armies } armate); fortificare una città { $fortify_city }, un villaggio { $fortify_village }; riparare { $repair }; staccare una guarnigione costa { $garrison } oltre al valore della guarnigione, entrambi pagati dal valore dell'armata, non dal tesoro; geniere { $sapper }; diplomatico { $diplomat }; spia { $spy }; assassino { $assassin }{ $fleet ->
        [none] .
       *[other] ; flotta { $fleet }.
    }
sheet-spring-objective = Obiettivo segreto (G8.1): sceglietelo in questa prima primavera; senza obiettivo il vostro club non può vincere (G8.2). Uno di:
sheet-spring-objective-kind = { $kind }: { $name }
sheet-spring-strategos = Strategos (G2b.5): offerta segreta; chi offre di più paga e sceglie l'ordine di movimento dei club per tutta l'estate. Le offerte si regolano dopo tutti gli altri ordini di primavera: un'offerta si paga con ciò che gli altri vostri ordini lasciano nel tesoro.
sheet-spring-alliances = Alleanze (G5.2): nascono quando entrambe le nazioni le dichiarano.
sheet-none = nessuna
sheet-spring-alliances-now = Le vostre alleanze ora: { $allies }. Le vostre dichiarazioni agli atti, in attesa di quella dell'altra nazione: { $declared }.{ $broken ->
    [none] {""}
   *[other] {" "}Rotte da un tradimento, per il resto della campagna (G5.2): { $broken }.
} Una dichiarazione resta agli atti di primavera in primavera: scrivere di nuovo `alliances` aggiunge nazioni, non ne ritira mai una.
sheet-siege-ally = Attenzione: l'assedio permanente di questa armata è a una piazza del vostro alleato, { ART("il", $ally) }: proseguirlo tradisce l'alleanza (G5.2). Per tenere l'alleanza, toglietelo: [[siege]] con army = "{ $army }" e lift = true.
# Il titolo degli ordini di primavera: nomina arruolare e le flotte solo dove il foglio li offre.
sheet-spring-orders-offered = { $raise ->
        [yes] Arruolare, fortificare
       *[no] Fortificare
    }, riparare, specialisti{ $fleets ->
        [yes] , flotte
       *[no] {""}
    } (ciascuno di questi ordini è valido da solo; insieme devono stare nel tesoro):
sheet-no-raise-most = Questa primavera non si può arruolare un'armata: ne avete { $max }, il massimo che una nazione può tenere (G2b.1).
sheet-no-raise-treasury = Questa primavera non si può arruolare un'armata: la più piccola costa { $min } ducati e potete spenderne { $spendable } (G2b.1).
sheet-no-raise-city = Questa primavera non si può arruolare un'armata: la si arruola in una vostra città (G2b.1), e non ne avete una che possa accoglierla.
sheet-group = { $order }, a scelta: { $targets }
sheet-one = { $order }: { $targets }
sheet-battle = Battaglia { $battle } { ART("a", $name) } ({ $node }): { $attacker }, { $attacker_ducats } ducati, contro { $defender }, { $defender_ducats } ducati, in attesa del risultato
sheet-battle-result =
    Combattuta la battaglia al tavolo, mandate il vostro risultato: il vincitore (togliete la
    riga in caso di pareggio: allora ripiega chi attacca) e quanto ha perso ciascuna parte, in ducati. Ogni club manda il
    proprio; quando i due coincidono il risultato si applica subito e ricevete la nuova
    posizione. Potete rimandarlo finché non è applicato. Può viaggiare in questo file o in
    un file a sé: non sostituisce mai i vostri ordini.
sheet-battle-result-neutral =
    Combattuta la battaglia al tavolo, mandate il vostro risultato: il vincitore (togliete la
    riga in caso di pareggio: allora ripiega chi attacca) e quanto ha perso ciascuna parte, in ducati. L'altra parte è
    una nazione neutrale e non manda risultati (regola G0): l'arbitro decide, confermando il
    vostro o risolvendo la battaglia con il suo gioco, e ricevete allora la nuova posizione.
    Può viaggiare in questo file o in un file a sé: non sostituisce mai i vostri ordini.
sheet-battle-result-later =
    Combattuta la battaglia al tavolo, l'arbitro ne registra il risultato (giglio battle
    result); si applica alla risoluzione di questa fase.
sheet-extension-title = Più tempo (G6.3)
sheet-extension =
    Potete chiedere che il termine si sposti avanti fino a { $max } ore, { $per_year } volte
    l'anno in tutto (la ricevuta che ne concede una dice quante ve ne restano; una richiesta
    respinta non conta); la risposta arriva subito con la ricevuta, e ogni club riceve il nuovo termine
    (senza sapere chi l'ha chiesto). Un file che chiede solo questo lascia i vostri ordini come sono:
sheet-extension-reason = via per il fine settimana
sheet-letters-title = Lettere agli altri club (G5.3)
sheet-letters =
    Potete scrivere a: { $clubs }. L'arbitro porta ogni lettera una volta, con la prossima posta.
sheet-letters-round =
    Un file di sole lettere lascia i vostri ordini come sono, e se per questa fase non ne
    avete mandati non conta come ordini mandati (questo foglio spedito con le lettere e
    nessun ordine è un file così: per tenere tutto fermo e contare come mandati, spedite
    prima il foglio da solo, o aggiungete un ordine, uno `[[stance]]` com'è). Per esempio:
sheet-letters-spring =
    Un file di sole lettere lascia i vostri ordini come sono, e se per questa fase non ne
    avete mandati non conta come ordini mandati (questo foglio spedito con le lettere e
    nessun ordine è un file così: per tenere tutto fermo e contare come mandati, spedite
    prima il foglio da solo, poi le lettere). Per esempio:
sheet-letters-winter =
    L'inverno non prende ordini: un file di sole lettere è tutto ciò che serve. Per esempio:
sheet-letter-text = Eccellenza, …
sheet-letter-anonymous = anonymous = true   # per spedirla senza firma
sheet-spring-strategos-clubs = Il suo move_order può elencare questi club, nell'ordine in cui devono muovere: { $clubs }. I club che lascia fuori seguono, in un ordine estratto a sorte.
sheet-siege-bribe = Un assedio può portare una corruzione (G3d.3), pagata prima del tiro: ogni { $step } ducati comprano +{ $per } sul tiro; i ducati che non arrivano a un gradino intero non comprano nulla (una corruzione di { $short } compra +0), a meno che le corruzioni di altre vostre armate allo stesso assedio completino il gradino.
sheet-siege-roll = Tiro d'assedio (Tabella 35): 1d6, { $per_round } per turno passato, { $sapper } vostro geniere, { $per } ogni { $step } ducati di corruzione, { $garrison } guarnigione dentro, { $defender_sapper } loro geniere, { $city } città / { $fortress } fortezza / { $village } villaggio; cade con { $target } o più.
sheet-siege-cost = Ogni turno d'assedio costa all'armata che assedia { $cost } ducati del suo valore (G3d.4).
sheet-stance-now = Le sue scelte permanenti ora (G3c.3): al contatto { $on_contact }, quando contattata { $when_contacted }{ $retreat_to ->
    [none] , ritirandosi nel nodo libero più vicino a casa (G3c.6).
   *[other] , ritirandosi { ART("a", $retreat_to) } (G3c.6).
}
sheet-stance-change = Per cambiarle (le nuove valgono per ogni incontro di questo turno, anche uno che avviene prima che questo pezzo muova, e restano finché non le cambiate di nuovo):
sheet-stance-spy-now = Con la vostra spia (G3c.4), al posto di queste due scelte, contro un nemico che vale al massimo { $at_most } { $at_most ->
        [one] ducato
       *[other] ducati
    } sceglie { $then }, altrimenti { $otherwise }.
sheet-stance-spy-idle = La sua condizione sulla forza del nemico (al massimo { $at_most } { $at_most ->
        [one] ducato
       *[other] ducati
    }: { $then }, altrimenti { $otherwise }) vale solo finché avete una spia (G3c.4).
sheet-stance-spy = La riga spy fa dipendere la scelta dalla forza del nemico, che la vostra spia riferisce (G3c.4): "then" quando il nemico vale al massimo quei ducati, "otherwise" quando vale di più; sostituisce entrambe le scelte qui sopra.
sheet-stance-spy-clear = Uno [[stance]] che dà on_contact o when_contacted e nessuna riga spy toglie la condizione (G3c.4): per tenerla, scrivete anche la sua riga spy.
sheet-encounter-stands = Entrando in un nodo dove sta un'armata straniera, conta anche la sua scelta: un'armata neutrale, che non dà ordini, sceglie sempre { $default } (G0, G3c.3). Contro { $default } (Tabella 34): con on_contact = "stop", { $stop }; con "attack", { $attack }; con "retreat", { $retreat }.
sheet-stance-words = Le scelte, come le scrive il file: { $choices }.
sheet-stance-limits = "withdraw" vuole una vostra fortificazione nel nodo, altrimenti il pezzo si ferma (G3c.3); un'armata dentro non toglie nulla al tiro dell'assediante (una guarnigione o un geniere sì) e si perde con la piazza se questa si arrende (G3d.2); attaccare una forza alleata tradisce l'alleanza (G5.2); un diplomatico non combatte mai (G3c.5).
sheet-assassin-title = Assassino (G2b.5)
sheet-assassin = { $count ->
    [one] Avete un assassino
   *[other] Avete { $count } assassini
}: ciascuno una missione, in un turno qualsiasi dell'anno, contro il comandante di una forza straniera dove ne vedete una (target = "commander", node = "…": il nodo dove la vedete), il geniere che difende una piazza assediata dalle vostre armate, o la spia di un altro club (se un club ne abbia una, non vi è detto; una missione senza il suo bersaglio è spesa). Un'armata o un diplomatico di cui conoscete il codice (da una scheda di battaglia o da un rapporto) si può nominare con quello: il suo comandante (target = "commander", army = "…"), il geniere con quell'armata (target = "sapper", army = "…") o il diplomatico (target = "diplomat", diplomat = "…"). Per esempio:
sheet-assassin-seen = Dove vedete ora una forza straniera (un segnalino: lì può esserci il comandante di un'armata, oppure un diplomatico o una flotta in porto, che non ne hanno): { $nodes }.
sheet-assassin-seen-none = Ora non vedete nessuna forza straniera a terra: una missione contro un comandante indicato per nodo non ne troverebbe.
sheet-embark-and-sail = Un'armata che si imbarca su questa flotta in questo turno può salpare con essa nello stesso turno: scrivete l'[[embark]] dell'armata sopra il [[fleet_move]] della flotta, perché gli ordini di un club si eseguono nell'ordine del file (G3e.3). La flotta può sbarcarla dal turno seguente.
sheet-land-from-port = La flotta può sbarcare l'armata qui, nel suo porto, in questo turno con il [[land]] qui sopra. Per sbarcarla altrove, la flotta naviga verso una zona di mare in questo turno e riceve un ordine [[land]] da lì nel turno seguente (G3e.3): una flotta riceve un ordine per turno, e il foglio del turno seguente offre gli sbarchi.
sheet-land-blocked = Uno sbarco è impedito quando forze di un'altra nazione (un'armata, una guarnigione o un diplomatico, anche di un alleato) stanno nel nodo alla fine del turno (G3e.3): l'armata resta a bordo. Una piazza nemica presidiata si prende per terra, non dal mare.
