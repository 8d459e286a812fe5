# Posta in arrivo: ciò che un club (o l'arbitro) legge di un messaggio mandato.
# Nulla qui può ripetere il testo di un messaggio il cui segreto non è stato
# verificato: gli argomenti sono numeri, orari, chiavi di fase, codici di nazione e
# impronte, salvo nei messaggi segnati "autenticato", che rispondono al file del club.

## Perché da un messaggio non si legge un file di ordini
unread-no-orders = { $attachments ->
    [0] il messaggio non porta un file di ordini (le sue righe club, phase e secret, poi gli ordini): giglio legge solo file di ordini, scritti nel testo del messaggio (un saluto e una firma attorno vanno bene) o allegati come file .toml. L'arbitro viene avvisato che dal vostro indirizzo è arrivato un messaggio senza file, e può leggerlo nella casella
   *[other] il messaggio non porta un file di ordini: i suoi allegati non si leggono (solo un allegato .toml si legge); scrivete gli ordini nel testo, o allegateli come file .toml
}
unread-compressed = il messaggio porta un allegato compresso (.zip, .gz…), e i file compressi non si aprono mai, quindi non è stato letto: mandate gli ordini come allegato .toml, o scriveteli nel testo del messaggio

## Oggetti
intake-subject-receipt = ordini ricevuti
intake-subject-receipt-file = file ricevuto, ordini invariati
intake-subject-stale = ordini più vecchi non applicati
intake-subject-rejection = ordini non accettati
intake-subject-no-orders = il vostro messaggio non contiene un file d'ordini
intake-subject-alert = avviso: messaggi a nome del vostro club
intake-subject-club-digest = posta dagli indirizzi del vostro club non accettata
intake-subject-digest = posta in arrivo: { $count ->
    [one] un messaggio non accettato
   *[other] { $count } messaggi non accettati
}

## Rifiuti che non citano nulla (non si sa se il mittente sia il club)
intake-not-read = Il vostro messaggio non è stato letto:
intake-too-large = Il vostro messaggio superava il limite di { $limit } byte: non è stato letto e nulla è stato registrato. Mandate gli ordini come allegato .toml o nel testo del messaggio, senza altri allegati.
intake-secret-missing = Da uno degli indirizzi del vostro club è arrivato un file di ordini senza segreto: nulla è stato registrato. Scrivete nel file il segreto del club (secret = "XXXX-XXXX-XXXX-XXXX-XXXX", come ve l'ha dato l'arbitro) e mandatelo di nuovo. Senza il segreto non si può sapere che il file è vostro, quindi qui non se ne ripete nulla.
intake-unchecked = Da uno degli indirizzi del vostro club è arrivato un file di ordini che non è stato accettato: nulla è stato registrato. Non se ne è potuto verificare il segreto, quindi qui non se ne ripete nulla.
intake-secret-wrong = Da uno degli indirizzi del vostro club è arrivato un file di ordini il cui segreto non è accettato ({ $why }): nulla è stato registrato. Scrivete il segreto esattamente come ve l'ha dato l'arbitro e mandate di nuovo il file; se l'arbitro vi ha mandato un segreto nuovo, il vecchio non vale più. Se non l'avete mandato voi, avvisate l'arbitro: qualcuno potrebbe scrivere a nome del vostro club. Qui non si ripete nulla del messaggio.
intake-still-active = Il vostro file ricevuto il { $received } (SHA-256 { $sha }) resta quello attivo { ART("per", $phase) }: vale finché non ne viene accettato uno successivo.
intake-none-active = { ART("Per", $phase) } non avete ancora un file d'ordini accettato: se non ne arriva uno valido entro il termine, la vostra nazione non dà ordini in questa fase e i pezzi restano sulle loro scelte permanenti.
intake-stops-at = Il file smette di essere leggibile alla riga { $line }, colonna { $col } ({ $problem }).
intake-nothing-quoted = Qui non si ripete nulla del messaggio.
intake-arrived-at = Il messaggio a cui si risponde è arrivato nella casella il { $at }. A un messaggio senza un segreto valido si risponde senza citarlo e fuori dalla sua conversazione (chiunque può scrivere con il vostro indirizzo): da quest'ora riconoscete quale dei vostri messaggi era.

## Rifiuti del file del club (autenticato)
intake-refused = Il vostro file di ordini non è stato accettato; nulla è stato registrato.
intake-set-aside = Del testo del vostro messaggio si è letto solo il file degli ordini; ciò che lo precede o lo segue è stato messo da parte come parole, non come ordini (un saluto, una firma): { $before ->
    [0] {""}
    [one] la riga che lo precede
   *[other] le { $before } righe che lo precedono
}{ $before ->
    [0] {""}
   *[other] { $after ->
        [0] {""}
       *[other] {" "}e{" "}
    }
}{ $after ->
    [0] {""}
    [one] la riga che lo segue
   *[other] le { $after } righe che lo seguono
}. Il file degli ordini vale così com'è: un saluto e una firma possono restare. Dove un avviso indica una riga, la conta dalla prima riga del file di ordini (`club = …`), non del messaggio.

## Ricevute (autenticato)
receipt-head = Ordini { ART("per", $phase) } ricevuti e sigillati.
    Impronta SHA-256 del file ricevuto: { $sha }
# Un file di sole lettere o soli risultati non porta ordini.
receipt-head-file = File { ART("per", $phase) } ricevuto e sigillato.
    Impronta SHA-256 del file ricevuto: { $sha }
receipt-first = Finora nessun vostro file d'ordini valeva { ART("per", $phase) } (un file di sole lettere, soli risultati o sola richiesta di tempo non lo è, e un file in ritardo rifiutato dall'arbitro non vale più): ora vale questo.
receipt-replaces = Sostituisce il file ricevuto il { $received } (SHA-256 { $old }) e ora è quello attivo. Un file successivo sostituirà questo.
receipt-late = Questo file è arrivato nella casella il { $received }, dopo il termine del { $deadline }: vale, a meno che l'arbitro non lo rifiuti prima che la fase sia risolta (e in tal caso ve lo dirà). Se vale, il rapporto della fase lo dirà.
receipt-late-no-grace = Questo file è arrivato nella casella il { $received }, dopo il termine del { $deadline }. Questa campagna non lascia tempo dopo il termine: la fase è risolta al prossimo passaggio del servizio dell'arbitro (appena l'orologio dell'arbitro riparte, se è fermo), e questo file vale così com'è, a meno che l'arbitro non lo rifiuti prima (e in tal caso ve lo dirà). Il rapporto della fase dirà se è valso.
receipt-orders = I vostri ordini, come sono stati intesi{ $dropped ->
    [0] {""}
    [one] {" "}(più una parte del file lasciata fuori: è qui sotto, con il perché)
   *[other] {" "}(più { $dropped } parti del file lasciate fuori: sono qui sotto, ciascuna con il perché)
}:
receipt-items = Che cosa contiene il file, come è stato inteso{ $dropped ->
    [0] {""}
    [one] {" "}(più una parte del file lasciata fuori: è qui sotto, con il perché)
   *[other] {" "}(più { $dropped } parti del file lasciate fuori: sono qui sotto, ciascuna con il perché)
}:
receipt-no-orders = { $dropped ->
    [0] Il file non dà ordini: le vostre forze faranno ciò che fanno senza ordini.
    [one] Nessun ordine del file vale: l'unica sua parte è lasciata fuori (qui sotto, con il perché), e le vostre forze faranno ciò che fanno senza ordini.
   *[other] Nessun ordine del file vale: le sue { $dropped } parti sono lasciate fuori (qui sotto, ciascuna con il perché), e le vostre forze faranno ciò che fanno senza ordini.
}
receipt-order-valid = valido
receipt-alliance = Alleanze: alleanza dichiarata con { $with } (dalla lista `alliances` del file)
receipt-order-valid-noted = valido, ma leggete l'avviso su di esso più sotto
receipt-order-read = letto; la sua legalità si giudica quando la fase viene risolta
receipt-order-rejected = sarà respinto: { $reason }
receipt-dropped = Queste parti del file sono lasciate fuori, ciascuna con il perché (il resto del file vale; un pezzo il cui ordine è lasciato fuori fa ciò che fa senza ordini, come dice il foglio d'ordini: un'armata resta dov'è, se un altro ordine non la muove):
receipt-dropped-early = L'arbitro risolve una fase appena sono arrivati gli ordini di ogni club, ma non finché un file ha parti lasciate fuori: questa fase ora aspetta un vostro nuovo file (conta l'ultimo ricevuto) o il suo termine.
receipt-warnings = Da sapere (il file resta valido così):
receipt-kept-copy = (Questa copia conservata lascia fuori ciò che il messaggio citava del vostro file; il file stesso è conservato con il segreto mascherato.)
receipt-stale = È arrivato un messaggio con ordini { ART("per", $phase) } (SHA-256 { $sha }), ma è stato scritto il { $written }, prima del messaggio che portava il vostro file attivo (scritto il { $active_written }). Una copia più vecchia non sostituisce mai un file più recente: nulla è cambiato.
receipt-active = Il file attivo { ART("per", $phase) } resta quello ricevuto il { $received } (SHA-256 { $active }). Per rendere attivi questi ordini, mandateli di nuovo in un nuovo messaggio.

## Avvisi sui messaggi a nome di un club che non hanno superato l'autenticazione
alert-club = { $count ->
    [one] Attenzione: { ART("durante", $phase) } è arrivato un messaggio a nome del vostro club che non è stato accettato.
   *[other] Attenzione: { ART("durante", $phase) } sono arrivati { $count } messaggi a nome del vostro club che non sono stati accettati.
}
alert-times = Quando sono arrivati: { $times }
alert-time-one = Quando è arrivato: { $times }
alert-why = Perché: { $reasons }.
alert-advice = Nulla è cambiato. Se non li avete mandati voi, avvisate l'arbitro; se il segreto può essere noto ad altri, chiedetegliene uno nuovo. Altri tentativi durante questa fase saranno segnalati solo all'arbitro.
alert-advice-one = Nulla è cambiato. Se non l'avete mandato voi, avvisate l'arbitro; se il segreto può essere noto ad altri, chiedetegliene uno nuovo. Altri tentativi durante questa fase saranno segnalati solo all'arbitro.
alert-reason-not-its-address = mandato da un indirizzo che non è del vostro club
alert-reason-not-its-address-secret = mandato da un indirizzo che non è del vostro club, con il giusto segreto del vostro club: nulla ne è stato registrato. Se l'ha mandato un vostro membro da un indirizzo che l'arbitro non conosce, chiedete all'arbitro di aggiungerlo e rimandate il file da un indirizzo registrato; altrimenti qualcun altro conosce il vostro segreto: chiedetene subito uno nuovo all'arbitro
alert-reason-bad-secret = un segreto sbagliato
alert-reason-no-sender = senza un unico indirizzo del mittente
alert-reason-stranger = da un indirizzo non registrato
alert-reason-unreadable = non è un messaggio di posta leggibile
alert-reason-no-orders = nessun file di ordini
alert-reason-too-large = oltre il limite di dimensione
alert-reason-no-secret = un file di ordini senza il suo segreto
alert-reason-not-read = un messaggio il cui file di ordini non si è potuto leggere
alert-more = e altri { $count }

## Il riepilogo dell'arbitro
digest-head = Questi messaggi non sono stati accettati. Del loro oggetto e del loro testo non si mostra nulla (possono venire da chiunque); giglio conserva nel file della campagna il mittente, il motivo e l'impronta di ciascuno. Qui compare solo la posta che non si è autenticata. Un file arrivato dall'indirizzo del suo club con il segreto giusto e rifiutato per i suoi ordini ha avuto risposta al club con i suoi errori; `giglio log` lo mostra ("read: rejected").
digest-head-one = Questo messaggio non è stato accettato. Del suo oggetto e del suo testo non si mostra nulla (può venire da chiunque); giglio conserva nel file della campagna il mittente, il motivo e l'impronta. Qui compare solo la posta che non si è autenticata. Un file arrivato dall'indirizzo del suo club con il segreto giusto e rifiutato per i suoi ordini ha avuto risposta al club con i suoi errori; `giglio log` lo mostra ("read: rejected").
digest-line = { $time }  a nome di { $club }  da { $sender }  { $reason }
digest-line-source = {"  "}letto da { $source }
digest-no-orders-kept = Un messaggio senza file di ordini dall'indirizzo di un club può essere una domanda per voi: giglio non ne legge altro, e resta nella casella degli ordini (in cur/ di una Maildir, con il nome che aveva in new/ e :2,S in fondo; o nella casella IMAP, segnato come letto), dove potete leggerlo. Non è autenticato: chiunque può scrivere con l'indirizzo di un club.
digest-clubs-told = Club avvisati ora: { $clubs }
digest-club = { $count ->
    [one] { ART("Durante", $phase) }, un altro messaggio dagli indirizzi del vostro club non è stato accettato. Dopo { $first } risposte una per una, i successivi sono raccolti qui, al più una volta al giorno.
   *[other] { ART("Durante", $phase) }, altri { $count } messaggi dagli indirizzi del vostro club non sono stati accettati. Dopo { $first } risposte una per una, i successivi sono raccolti qui, al più una volta al giorno.
}
digest-club-advice = Nulla è cambiato. Quando un file con il segreto del vostro club sarà accettato, ai problemi successivi si risponderà di nuovo uno per uno. Se non avete mandato voi questi messaggi, avvisate l'arbitro.
digest-club-advice-one = Nulla è cambiato. Quando un file con il segreto del vostro club sarà accettato, ai problemi successivi si risponderà di nuovo uno per uno. Se non avete mandato voi questo messaggio, avvisate l'arbitro.
digest-reason-not-its-address = mandato da un indirizzo che non è registrato per il club di cui porta il nome
digest-reason-not-its-address-secret = mandato da un indirizzo non registrato per il club di cui porta il nome, con il giusto segreto di quel club: cambiatelo (giglio club secret CODICE --rotate)
unread-nul = il messaggio contiene un byte NUL (al byte { $at }), che la posta non può trasportare
unread-header-line = una riga d'intestazione ha { $bytes } byte; la posta ne ammette al più { $max }
unread-headers-not-utf8 = le intestazioni del messaggio contengono byte che non sono UTF-8
unread-depth = il messaggio annida le sue parti su { $depth } livelli; se ne leggono al più { $max }
unread-parts = il messaggio ha { $parts } parti; se ne leggono al più { $max }
unread-several-files = il messaggio porta { $files } file di ordini; inviatene uno per messaggio
unread-too-large = il file di ordini ha { $bytes } byte; se ne leggono al più { $max }
unread-bad-charset = il file di ordini contiene byte non validi nel suo insieme di caratteri (UTF-8): salvatelo come UTF-8 e inviatelo di nuovo
unread-bidi = il file di ordini contiene un carattere invisibile di controllo bidirezionale ({ $code }) che può farlo leggere diversamente da come appare: toglietelo
auth-no-club = nessun club gioca { $club }
auth-secret-missing = manca il segreto del club (`secret = "…"`)
auth-secret-empty = il segreto è vuoto: scrivete quello che il benvenuto ha dato al vostro club, o l'arbitro risponderà che manca
auth-secret-not-ascii = il segreto contiene caratteri non ASCII: scrivetelo esattamente come vi è stato dato
auth-secret-malformed = il segreto non ha la forma XXXX-XXXX-XXXX-XXXX-XXXX
auth-secret-wrong = il segreto non è quello del club

## G6.3: la richiesta di un club di più tempo, nella sua ricevuta
extension-granted = La vostra richiesta di { $hours } ore in più è accolta: gli ordini sono ora attesi entro il { $due } (ogni club riceve il nuovo termine, senza sapere chi l'ha chiesto). { $left ->
    [0] Era la vostra ultima proroga di quest'anno.
    [one] Potete chiederne ancora una quest'anno.
   *[other] Potete chiederne ancora { $left } quest'anno.
}
extension-refused = La vostra richiesta di { $hours } ore in più è respinta: { $why }.
extension-not-granted = questa campagna non concede proroghe
extension-no-deadline = { ART("il", $phase) } non ha un termine da spostare
extension-passed = il termine è passato (una richiesta respinta non consuma nessuna delle vostre proroghe)
extension-too-long = una proroga dà al massimo { $max } ore (potete chiederne di nuovo { $max } o meno: una richiesta respinta non consuma nessuna delle vostre proroghe)
extension-none-left = un club può avere { $per_year } proroghe l'anno, e le avete avute

## I tipi d'ordine che una ricevuta ripete, nominati accanto alla chiave del file.
receipt-kind-loan = Prestito
receipt-kind-objective = Obiettivo segreto
receipt-kind-strategos = Offerta per lo Strategos
receipt-kind-alliances = Alleanze
receipt-kind-raise = Arruolamento di un'armata
receipt-kind-reinforce = Rinforzo di un'armata
receipt-kind-transfer = Trasferimento di ducati
receipt-kind-garrison = Guarnigione
receipt-kind-fortify = Fortificazione
receipt-kind-repair = Riparazione delle mura
receipt-kind-hire = Ingaggio (geniere, diplomatico, spia, assassino)
receipt-kind-fleet = Costruzione di una flotta
receipt-kind-move = Movimento
receipt-kind-stance = Scelte d'incontro
receipt-kind-siege = Assedio
receipt-kind-assassin = Assassino
receipt-kind-fleet-move = Navigazione
receipt-kind-embark = Imbarco
receipt-kind-land = Sbarco
receipt-kind-encounter = Risposta a un incontro
receipt-kind-battle-result = Risultato di una battaglia
receipt-kind-order-of-battle = Ordine di battaglia
receipt-kind-letter = Lettera
receipt-kind-extension = Proroga

## Le etichette di un problema segnalato con la sua riga (`errore[G3b.2]: …`).
diag-error = errore
diag-warning = avviso
