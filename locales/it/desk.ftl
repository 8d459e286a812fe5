# Lo scrittoio dell'arbitro (src/cli/): messaggi sull'andamento della campagna, inviati ai club.

desk-deadline-subject = [{ $campaign }] nuovo termine: ordini per { $phase }
desk-deadline-text =
    L'arbitro ha spostato il termine per { $phase }.
    Gli ordini sono ora attesi entro: { $due }.
