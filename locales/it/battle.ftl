# Battaglie: ciò che club e arbitro leggono del risultato di una battaglia.

# La decisione dell'arbitro, inviata ai due club della battaglia.
battle-ruling-subject = [{ $campaign }] battaglia { $battle }: la decisione dell'arbitro
battle-ruling-text = L'arbitro ha deciso la battaglia { $battle }: { $winner ->
        [draw] pareggio
       *[other] vince { $winner }
    }; perdite: attaccante { $attacker_loss } ducati, difensore { $defender_loss } ducati.
    Motivo: { $reason }
    { $replaced ->
        [none] Questa decisione è il risultato della battaglia.
        [auto] Sostituisce il risultato risolto automaticamente.
        [referee] Sostituisce la decisione precedente dell'arbitro.
        [confirms] Conferma il risultato mandato da un club, così com'era.
       *[other] Sostituisce i risultati dei club.
    }
battle-ruling-later = Sarà applicata alla risoluzione della prossima fase.
battle-ruling-now = È applicata ora, durante la fase aperta: segue un aggiornamento con la vostra nuova posizione.

# La carta di battaglia di un gioco a punti (G3c.11).
battle-card-points-core = Punti: { $nation }: { $points } { $unit }. Presentate al tavolo una lista d'esercito di al massimo { $points } { $unit }: il suo Core ({ $core }) e almeno { $beyond } { $unit } oltre il Core ({ $needed } in tutto).
battle-card-points-plain = Punti: { $nation }: { $points } { $unit }. Presentate al tavolo una lista d'esercito di al massimo { $points } { $unit }.
battle-card-cannot-field = { ART("Il", $nation) } non può schierare un esercito (G3c.11): { $points } { $unit } non arrivano a { $needed }.
battle-card-cannot-field-overwhelmed = È travolto senza combattere e perde tutto ciò che aveva; l'arbitro lo applica con `giglio battle auto`.
battle-card-cannot-field-referee = L'arbitro decide questa battaglia (`giglio battle rule`).
battle-card-play-by = Da giocare entro: { $date }. { $fallback ->
        [auto] Se per allora non saranno arrivati due risultati concordi, la battaglia sarà risolta automaticamente con il suo gioco, e un risultato già inviato sarà messo da parte.
       *[hold] Se per allora non saranno arrivati due risultati concordi, la battaglia continuerà ad attendere e l'arbitro ne sarà avvisato.
    }
battle-card-play-by-neutral = Da giocare entro: { $date }. L'altra parte è una nazione neutrale, che non manda risultati: se per allora l'arbitro non l'avrà decisa, { $fallback ->
        [auto] la battaglia sarà risolta automaticamente con il suo gioco.
       *[hold] la battaglia continuerà ad attendere e l'arbitro ne sarà avvisato.
    }
battle-card-points-oob = ordine di battaglia: nessuno da giglio; ogni club porta la propria lista d'esercito del valore in punti indicato sopra

# The header of the result file, on the card.
battle-card-header-club = o "{ $other }": il vostro club
battle-card-header-secret = il segreto del vostro club
