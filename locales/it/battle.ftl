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
       *[other] Sostituisce i risultati dei club.
    } Sarà applicata alla risoluzione della prossima fase.
