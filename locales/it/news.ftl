## Le notizie di una battaglia per posta: l'aggiornamento quando il risultato è applicato,
## l'avviso che due risultati differiscono, e la riga della ricevuta su un risultato.

news-losses = perdite: { $attacker } { $attacker_loss } ducati, { $defender } { $defender_loss } ducati
# Come i colpi diventano ducati (G3c.7), detto in ogni aggiornamento: senza, una parte che
# ha subito colpi e non perde ducati sembra un errore.
news-losses-how = Come si contano le perdite (G3c.7): ogni unità perduta costa alla sua parte il valore in ducati che aveva sulla scheda; { $percent ->
    [0] un'unità soltanto ridotta (i colpi che le tolgono un passo senza eliminarla) non costa nulla, così una parte può subire colpi senza perdere ducati.
   *[other] un'unità soltanto ridotta (i colpi che le tolgono un passo senza eliminarla) costa il { $percent }% del suo valore.
}
news-result = vince { ART("il", $winner) }; { $losses }
news-result-draw = pareggio; { $losses }
news-source-table = i risultati dei due club coincidono
news-source-auto = risolta con le meccaniche del gioco tattico
news-source-referee = decisa dall'arbitro
news-update-subject = battaglia { $battle }: il risultato è applicato
news-update-head = Il risultato della battaglia { $battle } { ART("a", $node) } (il gioco della sua scheda: «{ $game }») è applicato ora, { ART("durante", $phase) } ({ $source }): { $result }.
news-later-subject = battaglia { $battle }: risolta con il suo gioco
news-later-head = La battaglia { $battle } { ART("a", $node) } è stata risolta automaticamente con il suo gioco, { $game }: { $result }. In questa campagna i risultati aspettano la risoluzione della fase (G3c.7): l'esito vale quando si risolve { $phase }, e il rapporto dirà che ne è delle vostre forze.
news-update-happened = Che cosa è successo:
news-update-forces = Le vostre armate ora:
news-update-army = { $army } { ART("a", $node) }: { $value } ducati
news-update-army-aboard = { $army } a bordo di { $fleet }, { $sea ->
        [yes] { ART("in", $at) }
       *[no] { ART("a", $at) }
    }: { $value } ducati
news-update-no-army = Non avete più armate.
news-update-orders-sent = I vostri ordini { ART("per", $phase) }, ricevuti il { $received }, contano ancora, ma ciascuno è giudicato da queste nuove posizioni: quello che non consentono più (un assedio dove la vostra armata non è più, un movimento da un nodo che ha lasciato) sarà respinto. Per cambiarli mandate un nuovo file; l'allegato { $sheet } è compilato da queste posizioni.
news-update-orders-sent-passed = I vostri ordini { ART("per", $phase) }, ricevuti il { $received }, contano ancora e il termine è passato: il turno si risolve ora, ciascun ordine giudicato da queste nuove posizioni (quello che non consentono più è respinto), e il suo rapporto porterà il prossimo file degli ordini.
news-update-orders-sent-early = I vostri ordini { ART("per", $phase) }, ricevuti il { $received }, contano ancora, e gli ordini di ogni club sono arrivati: il turno si risolve ora, prima del termine, ciascun ordine giudicato da queste nuove posizioni (quello che non consentono più è respinto), e il suo rapporto porterà il prossimo file degli ordini.
news-update-orders-due = I vostri ordini { ART("per", $phase) } scadono il { $deadline }. L'allegato { $sheet } è compilato da queste nuove posizioni.
news-update-orders-open = L'allegato { $sheet } { ART("per", $phase) } è compilato da queste nuove posizioni.
news-update-orders-passed = Il termine { ART("per", $phase) } è passato: il turno si risolve ora, da queste posizioni, e il suo rapporto porterà il prossimo file degli ordini.
news-dispute-subject = battaglia { $battle }: i due risultati differiscono
news-dispute-head = I due risultati inviati per la battaglia { $battle } { ART("a", $node) } differiscono:
news-dispute-line = { $club }: { $result }
news-dispute-next = Ogni club può rimandare il proprio risultato finché non è applicato: quando i due coincidono, vale. Altrimenti decide l'arbitro.
news-dispute-next-by = Ogni club può rimandare il proprio risultato finché non è applicato: quando i due coincidono, vale. Se entro il { $date } non arrivano due risultati concordi, { $fallback ->
        [auto] la battaglia è risolta automaticamente con il suo gioco, e quel risultato prevale su entrambi (l'arbitro può anche deciderla prima).
       *[hold] la battaglia resta in attesa e decide l'arbitro.
    }
news-receipt-waiting = Battaglia { $battle }: il vostro risultato è registrato ({ $result }); si attende quello { ART("di", $other) }.
news-receipt-neutral = Battaglia { $battle }: il vostro risultato è registrato ({ $result }). { ART("Il", $other) } è una nazione neutrale e non manda risultati (regola G0): la battaglia la decide l'arbitro, confermando il vostro risultato o risolvendola con il suo gioco.
news-receipt-applied = Battaglia { $battle }: il vostro risultato ({ $result }) coincide con quello { ART("di", $other) } ed è applicato ora; segue un aggiornamento con la vostra nuova posizione.
news-receipt-agreed = Battaglia { $battle }: il vostro risultato ({ $result }) coincide con quello { ART("di", $other) }; sarà applicato alla risoluzione della fase.
news-receipt-disputed = Battaglia { $battle }: il vostro risultato ({ $result }) differisce da quello { ART("di", $other) }; entrambi i club e l'arbitro ricevono i due risultati.
news-receipt-overruled = Battaglia { $battle }: il vostro risultato ({ $result }) è registrato, ma vale già la decisione dell'arbitro (o la risoluzione automatica).
news-receipt-oob = Battaglia { $battle }: il vostro ordine di battaglia per { $ruleset } è registrato; la scheda della battaglia lo usa.
news-receipt-results-only = Questo file non contiene ordini (solo ciò che le voci qui sotto elencano: risultati o ordini di battaglia, lettere, una richiesta di proroga): { $sent ->
    [true] i vostri ordini { ART("per", $phase) } restano quelli del file che avete già mandato.
    [passed] non avete mandato ordini { ART("per", $phase) } e il termine è passato: le vostre forze faranno ciò che fanno senza ordini.
   *[false] non avete ancora mandato ordini { ART("per", $phase) }; mandateli in un altro file prima del termine.
}
news-update-provisional = PROVVISORIO: il gioco è stato risolto con tabelle di ripiego al posto di quelle che mancano nel suo regolamento (la scheda di battaglia le elenca).
news-update-ruling-reason = Il motivo dell'arbitro: { $reason }.
news-update-auto-by-referee = L'arbitro ha fatto risolvere questa battaglia dal gioco{ $play_by ->
        [none] {""}
       *[other] {" "}prima della data entro cui giocarla ({ $play_by })
    }, senza attendere i risultati dei club.{ $has_reason ->
        [yes] {" "}Il motivo dell'arbitro: { $reason }.
       *[no] {""}
    }
news-update-auto-reason = Come l'ha decisa il gioco: { $reason }.
news-update-set-aside = Il risultato che avete mandato per la battaglia { $battle } ({ $mine }) è messo da parte: { $by ->
    [referee] la decisione dell'arbitro vale sopra i risultati dei club (G3c.7)
   *[auto] la battaglia è stata risolta automaticamente con le meccaniche del gioco tattico, e ciò vale sopra i risultati dei club (G3c.7)
}{ $clubs ->
    [neutral] , perché l'altra parte è una nazione neutrale, che non manda risultati (regola G0)
    [other_missing] , perché il risultato dell'altro club non era arrivato
    [disputed] , perché i risultati dei due club erano diversi
   *[agreed] {""}
}{ $reason ->
    [none] {""}
   *[other] { $by ->
        [referee] . Il motivo dell'arbitro: { $reason }
       *[auto] . Come l'ha decisa il gioco: { $reason }
    }
}{ $same ->
    [true] . Dà lo stesso risultato del vostro.
   *[false] .
}
# A un club che non era una parte della battaglia, ma che il suo risultato riguarda
# (una sua battaglia nello stesso luogo decade).
news-bystander-subject = battaglia { $battle }: un risultato che vi riguarda
news-bystander-head = Il risultato della battaglia { $battle } { ART("a", $node) }, tra { ART("il", $attacker) } e { ART("il", $defender) }, è applicato ora, { ART("durante", $phase) }, e vi riguarda:
news-bystander-rest = Per il resto nulla cambia per voi { ART("in", $phase) }.
news-bystander-sheet = L'allegato { $sheet } è il vostro foglio d'ordini aggiornato: vale al posto di quello del rapporto, che nominava ancora la battaglia.
