# Modalità a scambio di contatto (G3c.3): un incontro chiesto ai club, la risposta, la ricevuta.
exchange-subject = [Il Giglio] Incontro { ART("a", $node) } ({ $phase }): la vostra scelta
exchange-hand = { ART("Durante", $phase) } il vostro pezzo { $piece }, partito { ART("da", $from) }, è entrato { ART("in", $node) }, dove stanno forze { ART("di", $other) }{ $garrison ->
        [yes] {" "}(con la loro guarnigione)
       *[no] {""}
    }.
exchange-other = { ART("Durante", $phase) } forze { ART("di", $other) } sono entrate { ART("in", $node) }, dove stanno i vostri { $pieces }{ $garrison ->
        [yes] {" "}e la vostra guarnigione
       *[no] {""}
    }.
exchange-spy = La vostra spia stima la loro forza in { $ducats } ducati.
exchange-options = Scegliete in segreto (Tabella 34, G3c.1): { $options }. L'altra parte sceglie nello stesso momento e le due scelte si svelano insieme.
exchange-standing = Se non rispondete entro { $deadline }, vale il vostro ordine permanente: { $standing }.
exchange-standing-no-deadline = Se non rispondete prima che l'arbitro chiuda l'incontro, vale il vostro ordine permanente: { $standing }.
exchange-how = Rispondete con il file allegato { $file } (scrivete la scelta e il segreto), come allegato .toml o nel testo della mail. Potete cambiare la scelta finché il turno non riprende.
exchange-choice = "{ $choice }" ({ $meaning })
exchange-file-head = # Incontro { $id } { ART("a", $node) }: la scelta qui sotto è il vostro ordine permanente; sostituitela con una di: { $options }. Scrivete il segreto tra le due virgolette della riga secret qui sotto (la riga che non è un commento).
exchange-receipt-taken = incontro { $id }: la vostra scelta «{ $choice }» è registrata; il turno riprende quando l'arbitro lo risolve
exchange-refused-not-waiting = incontro { $id }: il turno non è fermo a questo incontro (già risolto, o l'identificativo è sbagliato)
exchange-refused-not-asked = incontro { $id }: la vostra nazione non è chiamata a scegliere in questo incontro
exchange-refused-option = incontro { $id }: «{ $choice }» non è tra le vostre scelte ({ $options })
exchange-round-begun = { ART("il", $phase) } è già cominciato (fermo a un incontro): gli ordini non possono più cambiare; il file non è stato preso come ordini
desk-undo-encounter-subject = [{ $campaign }] correzione: la domanda sull'incontro { $id } ({ $phase }) è ritirata
desk-undo-encounter-text =
    L'arbitro ha ritirato la domanda sull'incontro { $id } { ART("durante", $phase) }: non rispondete più a quella mail.
    Il turno riprende dall'inizio quando l'arbitro lo risolve di nuovo.

exchange-deadline-subject = [{ $campaign }] nuovo termine: la vostra scelta per l'incontro { $id } ({ $phase })
exchange-deadline-outage-text =
    Il servizio dell'arbitro è rimasto fermo per { $span } mentre scadeva la vostra scelta per l'incontro { $id } ({ $phase }): il suo termine è stato spostato in avanti di altrettanto.
    La scelta è ora attesa entro: { $due }.
exchange-deadline-resume-text =
    L'arbitro ha fermato l'orologio della campagna per { $span }: il termine della vostra scelta per l'incontro { $id } ({ $phase }) si è spostato in avanti di altrettanto.
    La scelta è ora attesa entro: { $due }.
