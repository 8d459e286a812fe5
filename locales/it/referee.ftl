# Ciò che legge l'arbitro: le righe di avanzamento della demo, gli oggetti della posta
# dell'arbitro. Il nome del gioco ($game) è Il Giglio in ogni lingua.

demo-resolved = risolta { $phase } { $orders } ordini, { $battles ->
    [one] { $battles } battaglia risolta
   *[other] { $battles } battaglie risolte
}, { $taken ->
    [one] { $taken } luogo ha cambiato padrone
   *[other] { $taken } luoghi hanno cambiato padrone
}, { $dice ->
    [one] { $dice } dado
   *[other] { $dice } dadi
}
subject-referee = [{ $game }] arbitro: { $phase }
subject-chronicle = [{ $game }] cronaca del { $year }

# `giglio orders check`: la riga finale di un file con errori.
check-problems = { $file }: { $count ->
    [one] { $count } problema
   *[other] { $count } problemi
}
check-problems-valid = { $valid ->
    [one] ; l'altro ordine è valido
   *[other] ; gli altri { $valid } ordini sono validi
}

# L'arbitro che non dorme (`giglio run`): cosa scrive all'arbitro.
run-outage-subject = il servizio è rimasto fermo { $away }: il termine { ART("di", $phase) } è spostato
run-outage-text =
    giglio run non ha girato per { $away } e nel frattempo è scaduto il termine { ART("di", $phase) }.
    Invece di risolvere una fase che nessuno seguiva, ha spostato il termine in avanti della durata del fermo: da { $from } a { $to }. Tutti i club sono stati avvisati.
    Se il fermo era voluto (una vacanza), `giglio deadline --set` mette il termine dove volete.
run-preview-subject = il termine { ART("di", $phase) } è scaduto: l'anteprima della risoluzione
run-preview-text =
    Il termine { ART("di", $phase) } è passato. In allegato { $count ->
        [one] il messaggio
       *[other] i { $count } messaggi
    } che la risoluzione invierebbe, così come partirebbero.
    Nulla è ancora risolto: risolvete con `giglio resolve` quando siete pronti (`giglio resolve --dry-run` mostra gli esiti).
run-battle-referee-subject = la battaglia { $battle } ha passato la data entro cui giocarla
run-battle-referee-text =
    La battaglia { $battle } ({ $attacker } contro { $defender }) andava giocata entro { $date } e non sono arrivati due risultati concordi.
    Con battle_fallback = "hold" continua ad attendere; entrambi i club sono stati avvisati. Decidetela (`giglio battle rule`), risolvetela automaticamente (`giglio battle auto`) o attendete i club.
disorder-referee-subject = { ART("Il", $nation) } cade nel disordine civile { ART("in", $phase) }
disorder-referee-text-count =
    { ART("Il", $nation) } non ha mandato ordini per { $phases } fasi di seguito, né { ART("per", $phase) }: è in disordine civile, e tutti i club lo sanno.
    Per affidare la nazione a un nuovo club: `giglio club handover { $nation } …` (un nuovo segreto e un benvenuto). Se il suo club torna, i suoi ordini mettono fine al disordine.
run-digest-subject = cos'è successo il { $day } ({ $count } { $count ->
    [one] voce
   *[other] voci
})
run-digest-text =
    Il giornale della campagna del { $day }, nel fuso della campagna: ogni cambiamento fatto da giglio, dal servizio (run) o dai vostri comandi.

    { $lines }
run-digest-days-subject = cos'è successo dal { $first } al { $day } ({ $count } { $count ->
    [one] voce
   *[other] voci
})
run-digest-days-text =
    Il giornale della campagna dal { $first } al { $day }, i giorni dall'ultimo riassunto, nel fuso della campagna: ogni cambiamento fatto da giglio, dal servizio (run) o dai vostri comandi.

    { $lines }
referee-audience-public = pubblico
referee-audience-referee = arbitro
referee-battle-line = { $id } { ART("a", $node) }: { $attacker } contro { $defender }
referee-neutral-result-subject = battaglia { $battle }: il risultato di { $club } contro una nazione neutrale attende voi
referee-neutral-result-text =
    { $club } ha mandato il risultato della battaglia { $battle } contro { ART("il", $neutral) }, una nazione neutrale che non manda risultati (regola G0): { $result }.
    La battaglia attende la vostra decisione. Per confermare quel risultato così com'è: `giglio battle rule { $battle } --as-sent { $club } --reason "…"`; per un altro esito: `giglio battle rule { $battle } --winner … --loss …`; per risolverla con il suo gioco: `giglio battle auto { $battle }`.

# The referee's copy of a dispute: how to rule.
referee-dispute-how =
    Per decidere: `giglio battle rule { $battle } --as-sent { $attacker } --reason "…"` (o `--as-sent { $defender }`) conferma il risultato di un club così come l'ha mandato; `--winner CODICE --loss CODICE=DUCATI --loss CODICE=DUCATI --reason "…"` ne dà un altro; `giglio battle auto { $battle }` la risolve con il suo gioco. Il motivo arriva ai due club parola per parola.
