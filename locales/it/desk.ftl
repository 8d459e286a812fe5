# Lo scrittoio dell'arbitro (src/cli/): messaggi sull'andamento della campagna, inviati ai club.

desk-deadline-subject = [{ $campaign }] nuovo termine: ordini per { $phase }
desk-deadline-text =
    L'arbitro ha spostato il termine per { $phase }.
    Gli ordini sono ora attesi entro: { $due }.

desk-undo-subject = [{ $campaign }] rettifica: { $phase } è di nuovo aperta
desk-undo-text =
    L'arbitro ha annullato la risoluzione di { $phase }: il rapporto che avete ricevuto non vale più.
    La fase è di nuovo aperta; il rapporto della nuova risoluzione lo sostituirà.

desk-undo-step-subject = [{ $campaign }] rettifica: il risultato di una battaglia durante { $phase } è annullato
desk-undo-step-text =
    L'arbitro ha annullato il risultato della battaglia { $battle } applicato durante { $phase }: l'aggiornamento che avete ricevuto non vale più.
    La battaglia attende di nuovo il suo risultato; le vostre forze sono dove erano prima.
