# Lettere tra club (G5.3): cosa legge un club delle lettere che scrive, e le lettere che
# riceve. Il testo di una lettera è di chi la scrive (autenticato).

## Una lettera che non può partire, con il punto del file
letter-no-addressee = questa lettera non ha destinatari: scrivi to = ["M"] con uno o più codici di nazione
letter-empty = questa lettera non ha testo
letter-off = questa campagna non porta lettere tra club
letter-no-club = nessun club gioca { ART("il", $nation) }: una lettera non avrebbe chi la legge
letter-oneself = una lettera alla tua stessa nazione: scrivi a un altro club
letter-out-of-contact = { ART("Il", $nation) } non è in contatto con i tuoi pezzi: in questa campagna le lettere vanno solo ai club con pezzi nello stesso nodo dei tuoi o in un nodo vicino per strada
letter-anonymous = questa campagna non consente lettere senza firma: togli anonymous = true
letter-winter = questa campagna non porta lettere d'inverno
letter-too-long = questa lettera supera { $max } caratteri, il limite della campagna
letter-too-many = il tuo club ha spedito { $max } lettere in questa fase, il limite della campagna: questa non parte

## Una lettera come la leggono i destinatari
letter-from = Lettera { ART("da", $nation) }
letter-unsigned = Lettera da un mittente senza nome
letter-head = { $from }, { ART("a", $to) }, scritta { ART("in", $phase) }:
letter-intercepted-head = La vostra spia ha intercettato un corriere per strada e copiato la sua lettera: { $from }, { ART("a", $to) }, scritta { ART("in", $phase) }. Il corriere ha proseguito senza accorgersene:
letter-intercepted-subject = intercettata: { $from }
letter-subject-copy = copia di una lettera: { $from } { ART("a", $to) }
letter-copy-head = Copia della lettera { $id } per gli archivi dell'arbitro: { ART("da", $from) }{ $anonymous ->
    [yes] {" "}(senza firma: i destinatari non sanno chi l'ha scritta)
   *[no] {""}
} { ART("a", $to) }, scritta { ART("in", $phase) }:

## La ricevuta di chi scrive
receipt-letters = Lettere:
receipt-letter-goes = lettera { ART("a", $to) }: parte con la prossima posta{ $anonymous ->
    [yes] , senza firma
   *[no] {""}
}
receipt-letter-courier = lettera { ART("a", $to) }: la porta un corriere per strada dalla vostra capitale quando questa fase è risolta{ $anonymous ->
    [yes] , senza firma
   *[no] {""}
}
receipt-letter-again = lettera { ART("a", $to) }: la stessa lettera è già partita in questa fase; non viene spedita di nuovo
receipt-letters-only = Questo file non porta ordini, solo lettere o una richiesta di più tempo: { $sent ->
    [true] i vostri ordini { ART("per", $phase) } restano quelli del file che avete già mandato.
   *[false] non avete ancora mandato ordini { ART("per", $phase) }; senza, le vostre forze faranno ciò che fanno senza ordini.
}
