# Il controllo di un file d'ordini: avvisi che non rendono il file non valido.
check-alliance-broken = la vostra alleanza { ART("con", $with) } è stata tradita, e un'alleanza tradita resta rotta per il resto della campagna (G5.2): questa dichiarazione non ha effetto.
check-alliance-needs-both = un'alleanza { ART("con", $with) } vale solo quando l'hanno dichiarata entrambe le nazioni (G5.2): { ART("il", SHORT($with)) } nel proprio file di primavera, ora o in una primavera passata, perché una dichiarazione resta agli atti; il vostro rapporto di primavera dirà se si è stretta.
check-siege-of-ally = { $army } assedia { $node }, piazza { ART("di", $with) }, con cui siete alleati: l'assedio tradisce l'alleanza (G5.2), qualunque sia il tiro. Per tenere l'alleanza, togliete l'assedio da questo file.
check-attack-into-ally = { $piece } entra { ART("a", $node) }, piazza { ART("di", $with) }, con cui siete alleati, con la scelta permanente di attaccare al contatto: se vi incontra in campo una forza { ART("di", SHORT($with)) }, la battaglia tradisce l'alleanza (G5.2). Una guarnigione entro le sue mura non si combatte, ma anche assediare la piazza tradirebbe l'alleanza.
check-no-objective = questo file della prima primavera non sceglie un obiettivo (objective = {"{"} kind = "…" {"}"}): senza obiettivo il vostro club non può vincere (G8.2). Il file resta valido; potete mandarne un altro con l'obiettivo fino al termine.
check-in-battle = { $piece } è parte della battaglia { $battle }, che attende il risultato: questo ordine è stato controllato da dove { $piece } sta ora, e sarà giudicato da dove la battaglia lo lascerà (G3c.8).
check-bribe-hopeless = anche con un 6, e prima di un'eventuale guarnigione o geniere dentro, il tiro d'assedio { ART("a", $node) } arriva al massimo a { $best } in questo turno con questa corruzione, e la piazza cade con { $target }: la corruzione non può farla cadere in questo turno (ogni turno d'assedio in più aggiunge { $per_round })
check-bribe-step = una corruzione di { $bribe } ducati compra +{ $buys } sul tiro d'assedio (ogni gradino costa { $step } ducati): i { $left } ducati oltre un gradino si pagano e non comprano nulla, a meno che un'altra vostra armata a questo assedio corrompa abbastanza da completare un gradino (le corruzioni di un assedio si sommano).
check-contact-exchange = in questa campagna ogni incontro viene chiesto ai due club per posta quando il turno si risolve (contact_exchange): questo controllo decide gli incontri con le vostre scelte permanenti (le voci stance).
check-fleet-idle = la flotta { $fleet } è in mare { ART("a", $at) } e questo file non le dà alcun movimento valido, mentre una flotta in mare non può restare ferma (G3e.1): { $course ->
    [port] rientrerà da sola nel vostro porto di { $port }
    [toward] farà vela da sola { ART("verso", $sea) }, in rotta { ART("per", $port) }, il vostro porto più vicino
    [lost] non avete un porto che possa raggiungere, quindi sarà perduta con l'eventuale armata a bordo
   *[sea] resterà in mare { ART("a", $at) }
}.
check-ok = { $file }: { $count ->
    [one] 1 ordine, valido
   *[other] { $count } ordini, tutti validi
}
check-ok-warnings = { $warnings ->
    [one] (1 avviso)
   *[other] ({ $warnings } avvisi)
}
check-spy-condition-no-spy = la vostra nazione ora non ha una spia: la condizione sulla forza del nemico vale solo finché ne avete una (G3c.4), quindi fino ad allora { $piece } incontra una forza con le sue scelte permanenti semplici. Una spia si assolda in primavera.
check-stance-clears-spy = { $piece } ha una condizione permanente sulla forza del nemico; questo [[stance]] dà una scelta semplice e nessuna riga spy, quindi toglie la condizione e da ora valgono le scelte semplici (G3c.4). Per tenere la condizione, scrivete la sua riga spy anche in questo [[stance]].
check-stance-spy-stays = { $piece } ha una condizione permanente sulla forza del nemico, e in questa campagna una scelta semplice non la toglie (G3c.4): finché avete una spia, è la condizione a decidere i suoi incontri. Per cambiarla, scrivete una nuova riga spy.
check-stance-inside = { $army } è dentro le mura di { $node }: finché vi resta, quando arriva una forza resta dentro, qualunque sia la sua scelta quando contattata (G3c.3), e nessun ordine le fa attaccare da lì i suoi assedianti; la scelta conta quando sta fuori. Per combattere, fatela uscire dalla piazza muovendola, o aspettate un esercito di soccorso.
