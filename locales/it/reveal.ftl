# La rivelazione, dopo il verdetto finale (src/report/reveal.rs, templates/reveal.html).
reveal-title = La rivelazione
reveal-intro = La campagna è finita: ecco ciò che nessun club vide. L'obiettivo segreto di ogni club e come è andato, la mappa dell'arbitro di ogni fase con ogni pezzo, gli ordini dati da ogni club, e ogni dado con il motivo per cui fu tirato.
reveal-film = La stagione come un film
reveal-phases = Fase per fase
reveal-map = La mappa dell'arbitro
reveal-orders = Gli ordini dati
reveal-no-orders = Nessun club mandò ordini in questa fase.
reveal-letters = Le lettere tra i club
reveal-unsigned = spedita senza firma
reveal-dice = I dadi
reveal-no-dice = Nessun dado fu tirato in questa fase.
reveal-die = Dado
reveal-purpose = Tirato per
reveal-subject = La rivelazione
reveal-mail = La campagna { $campaign } è finita e il verdetto è dato: nulla è più segreto.

    { $verdict }
    In allegato: la stagione come un film ({ $film }: la mappa dell'arbitro di ogni fase, un fotogramma ciascuna, in qualunque browser) e gli ordini e i dadi di ogni fase ({ $record }).
reveal-mail-no-film = Il film della stagione sarebbe troppo grande per una mail: è sul sito pubblico dell'arbitro, se la campagna ne tiene uno.
