# Lo scrittoio dell'arbitro (src/cli/): messaggi sull'andamento della campagna, inviati ai club.

desk-deadline-subject = [{ $campaign }] nuovo termine: ordini { ART("per", $phase) }
desk-deadline-text =
    L'arbitro ha spostato il termine { ART("per", $phase) }.
    Gli ordini sono ora attesi entro: { $due }.

desk-deadline-extension-text =
    Un club ha chiesto più tempo, e le regole della campagna lo concedono: il termine { ART("di", $phase) } si sposta avanti di { $span }.
    Gli ordini sono ora attesi entro: { $due }.
desk-deadline-outage-text =
    Il servizio dell'arbitro è rimasto fermo per { $span } mentre scadevano gli ordini { ART("per", $phase) }: il termine è stato spostato in avanti di altrettanto.
    Gli ordini sono ora attesi entro: { $due }.
desk-deadline-outage-missing-text =
    Il servizio dell'arbitro è rimasto fermo per { $span } mentre scadevano gli ordini { ART("per", $phase) }: il termine è stato spostato in avanti di altrettanto. I vostri ordini { ART("per", $phase) } non sono arrivati: mandateli prima del nuovo termine (questo avviso vale come promemoria).
    Gli ordini sono ora attesi entro: { $due }.
desk-hold-subject = [{ $campaign }] { $phase }: l'orologio è fermo
desk-hold-text =
    L'arbitro ha fermato l'orologio della campagna{ $reason ->
        [none] {""}
       *[other] {" "}(il motivo dell'arbitro: { $reason })
    }. Finché è fermo non si risolve nulla e non partono promemoria; gli ordini che mandate sono ricevuti come sempre. Quando riparte, il termine { ART("per", $phase) } si sposta in avanti di quanto è durata la sosta, e vi sarà comunicato il nuovo (a meno che anche così non sia già passato: la fase è allora risolta subito).
desk-deadline-resume-text =
    L'arbitro ha fermato l'orologio per { $span }: il termine { ART("per", $phase) } è stato spostato in avanti di altrettanto.
    Gli ordini sono ora attesi entro: { $due }.

desk-undo-subject = [{ $campaign }] rettifica: si riapre { ART("il", $phase) }
desk-undo-text =
    L'arbitro ha annullato la risoluzione { ART("di", $phase) }: il rapporto che avete ricevuto non vale più.{ $has_reason ->
        [yes] {" "}Il motivo dell'arbitro: { $reason }
       *[no] {""}
    }
    La fase è di nuovo aperta; il rapporto della nuova risoluzione lo sostituirà. I vostri ordini restano quelli del file che valeva; { $deadline ->
        [ahead] potete mandarne uno nuovo fino al termine, che resta { $due }{ $early ->
            [yes] ; ma gli ordini di ogni club sono arrivati, e l'arbitro risolve una fase appena lo sono: può essere risolta di nuovo appena l'arbitro riprende, quindi mandate subito un nuovo file se volete cambiare i vostri.
           *[no] .
        }
        [passed] potete mandarne uno nuovo, ma il termine ({ $due }) è passato: un nuovo file è un file in ritardo, che vale a meno che l'arbitro non lo rifiuti. La fase è risolta di nuovo quando l'arbitro riprende, e nulla è risolto prima.
       *[none] potete mandarne uno nuovo.
    }{ $held ->
        [yes] {" "}Intanto l'orologio dell'arbitro è fermo: quando l'arbitro lo riavvia, il termine si sposta in avanti del tempo in cui è rimasto fermo, e vi sarà comunicato il nuovo; se anche così è già passato, la fase è risolta subito e nessun nuovo termine arriva.
       *[no] {""}
    }
    Un nuovo file si scrive dall'ultimo file degli ordini (e dalla pagina) ricevuto per { ART("il", $phase) }: quello arrivato con il messaggio che lo aprì (il rapporto della fase prima, o il benvenuto) o, se dopo quel messaggio è arrivato l'aggiornamento di una battaglia con il suo, quello dell'aggiornamento. Quello arrivato con il rapporto annullato è per una fase che non c'è più.
    { $dice ->
        [fresh] I suoi dadi si tirano da capo: la fase si risolve di nuovo con un seme nuovo, così nessuno scrive nuovi ordini conoscendo i tiri. L'impronta (SHA-256) del nuovo seme è { $commitment }; il seme stesso arriva con il nuovo rapporto. Gli esiti possono cambiare anche dove nessun ordine è cambiato.{ $kept ->
            [yes] {" "}Una battaglia risolta dal gioco mentre la fase era aperta tiene il suo esito, e i suoi dadi restano quelli del seme rivelato dal rapporto: si controllano con quel seme.
           *[no] {""}
        }
       *[same] I suoi dadi restano quelli del seme rivelato dal rapporto.
    }

desk-unchanged-subject = [{ $campaign }] nuova risoluzione { ART("di", $phase) }: il vostro rapporto vale
desk-unchanged-text =
    L'arbitro ha risolto di nuovo { ART("il", $phase) } dopo averne annullato la risoluzione, e per voi nulla è cambiato: il rapporto che avete ricevuto vale, così com'era.

desk-changed-subject = [{ $campaign }] nuova risoluzione { ART("di", $phase) }: che cosa cambia per voi
desk-changed-text =
    L'arbitro ha risolto di nuovo { ART("il", $phase) } dopo averne annullato la risoluzione. Il nuovo rapporto arriva in un messaggio suo e sostituisce quello ritirato. { $count ->
        [0] Le vostre armate, flotte, diplomatici e guarnigioni, il tesoro, le piazze e i segnalini stranieri che vedete sono come li lasciava il rapporto ritirato; quel che cambia è nel racconto della fase del nuovo rapporto (i tiri, le battaglie, quel che vi è stato detto).
       *[other] Rispetto al rapporto ritirato:{ $list }
    }

desk-undo-step-subject = [{ $campaign }] rettifica: il risultato di una battaglia { ART("durante", $phase) } è annullato
desk-undo-step-text =
    L'arbitro ha annullato il risultato della battaglia { $battle } applicato { ART("durante", $phase) }: l'aggiornamento che avete ricevuto non vale più.
    La battaglia attende di nuovo il suo risultato; le vostre forze sono dove erano prima. Un risultato che avete mandato per essa resta registrato: non serve rimandarlo.
    Scrivete i vostri ordini dal foglio d'ordini ricevuto prima di quell'aggiornamento: quello arrivato con esso non vale più.

desk-undo-step-kept-text =
    L'arbitro ha annullato il passo che applicava il risultato della battaglia { $battle } { ART("durante", $phase) }: l'aggiornamento che avete ricevuto non vale più, e le vostre forze sono dove erano prima.
    I risultati mandati dai club restano registrati: si applicano quando la fase è risolta, a meno che l'arbitro non decida la battaglia altrimenti.
    Scrivete i vostri ordini dal foglio d'ordini ricevuto prima di quell'aggiornamento: quello arrivato con esso non vale più.

desk-club-edit-subject = [{ $campaign }] i dati del vostro club sono cambiati
desk-club-edit-text =
    L'arbitro ha cambiato i dati del club che gioca { ART("il", $nation) }.
    Nome: { $name }
    Indirizzi: { $emails }
    Lingua: { $lang }
    Questo avviso va ai vecchi e ai nuovi indirizzi. Se non avete chiesto il cambio, scrivete all'arbitro.

desk-club-handover-subject = [{ $campaign }] { ART("Il", $nation) } è passata a un altro club
desk-club-handover-text =
    L'arbitro ha affidato { ART("il", $nation) } a un altro club a partire { ART("da", $phase) }.
    Il vostro segreto non vale più e i rapporti non vi arriveranno più. Grazie di aver giocato.

desk-club-leave-subject = [{ $campaign }] { ART("Il", $nation) } è neutrale { ART("da", $phase) }
desk-club-leave-text =
    L'arbitro ha registrato che il vostro club lascia la campagna.
    { ART("Da", $phase) } in poi { ART("il", $nation) } è neutrale (regola G0): non dà ordini, le sue guarnigioni difendono, le sue armate restano ferme.
    Il vostro segreto non vale più. Grazie di aver giocato.

desk-announce-subject = [{ $campaign }] una parola dall'arbitro
desk-announce-heading = Dall'arbitro

desk-remind-subject = [{ $campaign }] promemoria: ordini { ART("per", $phase) }
desk-remind-text =
    Non abbiamo ancora ricevuto i vostri ordini { ART("per", $phase) }.
    Termine: { $due }.
    Senza ordini, le vostre armate restano dove sono (un assedio in corso continua); l'ultimo file degli ordini che giglio vi ha mandato (con l'ultimo rapporto, o poi con l'aggiornamento di una battaglia) dice che cosa fa senza ordini ogni altro pezzo.
desk-remind-result-subject = [{ $campaign }] promemoria: una vostra battaglia attende il vostro risultato
desk-remind-result-text =
    I vostri ordini { ART("per", $phase) } sono arrivati; una vostra battaglia attende ancora il vostro risultato (quando i risultati delle due parti coincidono, si applica subito):
desk-remind-no-deadline = nessun termine fissato
desk-remind-disorder = { $newly ->
        [yes] Non avete mandato ordini per le ultime { $phases } fasi d'ordini: se non ne arrivano nemmeno per questa, la vostra nazione cade nel disordine civile quando la si risolve (G0). Tutti i club ne sono avvisati, e
       *[no] La vostra nazione è nel disordine civile (G0): non avete mandato ordini per { $phases } fasi d'ordini o più, e
    } { $bot ->
        [yes] un automa dà i vostri ordini
       *[no] i vostri pezzi restano sui loro ordini permanenti
    } finché non arriva un vostro file d'ordini. { $newly ->
        [yes] Un file d'ordini per questa fase lo evita
       *[no] Un file d'ordini per questa fase vi pone fine
    } (un file di soli risultati di battaglia o sole lettere non lo è).
desk-remind-fleet-at-sea = Una vostra flotta è in mare, dove una flotta non può restare: senza ordini fa rotta verso il vostro porto più vicino (senza un porto vostro, è perduta).

run-battle-auto-subject = [{ $campaign }] battaglia { $battle }: risolta automaticamente
run-battle-auto-text =
    La data entro cui giocare la battaglia { $battle } ({ $date }) è passata { $neutral ->
        [yes] senza che l'arbitro la decidesse (l'altra parte è una nazione neutrale, che non manda risultati)
       *[no] senza due risultati concordi
    }: come vogliono le regole della campagna, è stata risolta automaticamente con il suo gioco, { $game }.{ $set_aside ->
        [yes] { " " }Il risultato che avevate mandato è messo da parte.
       *[no] {""}
    }
    { $applied ->
        [now] L'esito segue nell'aggiornamento della battaglia.
       *[later] L'esito vale dalla risoluzione della fase, e il suo rapporto lo dirà.
    }
run-battle-hold-subject = [{ $campaign }] battaglia { $battle }: il risultato è ancora atteso
run-battle-hold-text =
    La data entro cui giocare la battaglia { $battle } ({ $date }) è passata senza due risultati concordi.
    Come vogliono le regole della campagna, la battaglia continua ad attendere e l'arbitro è stato avvisato: inviate il risultato appena la battaglia è giocata.
desk-remind-battle = Battaglia { $battle } { ART("a", $node) }: giocatela al tavolo e mandate il vostro risultato entro il { $date }.
desk-remind-battle-sent = Battaglia { $battle } { ART("a", $node) }: il vostro risultato è arrivato; si attende quello dell'altra parte, al più tardi entro il { $date }.

disorder-yours = Questo riguarda la vostra nazione: qui sotto c'è l'avviso che ricevono tutti i club. Il vostro prossimo file d'ordini che vale pone fine al disordine.
disorder-ended-yours = Questo riguarda la vostra nazione: il vostro file d'ordini ha posto fine al suo disordine civile, e i vostri ordini tornano a valere.
disorder-subject = [{ $campaign }] { ART("Il", $nation) } cade nel disordine civile
disorder-text =
    Il club che gioca { ART("il", $nation) } non ha mandato ordini per { $phases } fasi di seguito, né { ART("per", $phase) }: { ART("il", $nation) } cade nel disordine civile.
    { $bot ->
        [yes] Finché un club non riprende la nazione, i suoi ordini li dà il bot dell'arbitro.
       *[no] Finché un club non riprende la nazione, i suoi pezzi restano sulle scelte permanenti.
    } Resta nella campagna e conta ancora per il suo obiettivo; l'arbitro può affidare la nazione a un nuovo club. Un file di ordini del suo club mette fine al disordine, e tutti i club lo sapranno.

disorder-ended-subject = [{ $campaign }] { ART("Il", $nation) } esce dal disordine civile
disorder-ended-text = Il club che gioca { ART("il", $nation) } ha mandato i suoi ordini { ART("per", $phase) }: il disordine civile è finito, e la nazione torna a giocare.
late-accepted-subject = [{ $campaign }] i vostri ordini in ritardo { ART("per", $phase) } valgono
late-accepted-text =
    Il vostro file di ordini { ART("per", $phase) } è arrivato nella casella dell'arbitro il { $arrived }, dopo il termine del { $deadline }. L'arbitro lo ha accettato: vale.
late-refused-subject = [{ $campaign }] i vostri ordini in ritardo { ART("per", $phase) } non valgono
late-refused-text-earlier =
    Il vostro file di ordini { ART("per", $phase) } è arrivato nella casella dell'arbitro il { $arrived }, dopo il termine del { $deadline }. L'arbitro lo ha rifiutato: vale invece il vostro file ricevuto il { $earlier }, prima del termine.
late-refused-text-none =
    Il vostro file di ordini { ART("per", $phase) } è arrivato nella casella dell'arbitro il { $arrived }, dopo il termine del { $deadline }. L'arbitro lo ha rifiutato, e nessun vostro file è arrivato prima del termine: le vostre forze faranno ciò che fanno senza ordini.

## Un turno scaduto che attende il risultato di battaglie: ogni club è avvisato una volta.
waits-subject = [{ $campaign }] { $phase }: il turno attende il risultato { $count ->
    [one] di una battaglia
   *[other] di { $count } battaglie
}
waits-neutral = La battaglia { $battles } è contro una nazione neutrale, che non manda risultati (regola G0): la decide l'arbitro; { $sent ->
    [yes] il vostro risultato è registrato e aspetta che l'arbitro lo confermi o decida altrimenti.
   *[no] potete mandare il vostro risultato perché l'arbitro lo confermi.
}
waits-body =
    Il termine { ART("per", $phase) } è passato, ma il turno si risolverà solo quando avrà il risultato di { $count ->
        [one] una battaglia ancora da giocare al tavolo
       *[other] { $count } battaglie ancora da giocare al tavolo
    }. { $fallback ->
        [auto] Al più tardi il { $by }: se per allora i risultati non saranno arrivati, { $count ->
            [one] la battaglia sarà risolta automaticamente con il suo gioco
           *[other] ogni battaglia ancora senza risultato sarà risolta automaticamente con il suo gioco
        }, e subito dopo sarà risolto il turno.
        [hold] La data per giocarla è il { $by }; se passa senza risultati, decide l'arbitro.
       *[none] Quando arriverà, il turno sarà risolto e riceverete il rapporto.
    }
waits-body-early =
    Gli ordini di ogni club { ART("per", $phase) } sono arrivati prima del termine, ma il turno si risolverà solo quando avrà il risultato di { $count ->
        [one] una battaglia ancora da giocare al tavolo
       *[other] { $count } battaglie ancora da giocare al tavolo
    }. { $fallback ->
        [auto] Al più tardi il { $by }: se per allora i risultati non saranno arrivati, { $count ->
            [one] la battaglia sarà risolta automaticamente con il suo gioco
           *[other] ogni battaglia ancora senza risultato sarà risolta automaticamente con il suo gioco
        }, e subito dopo sarà risolto il turno.
        [hold] La data per giocarla è il { $by }; se passa senza risultati, decide l'arbitro.
       *[none] Quando arriverà, il turno sarà risolto e riceverete il rapporto.
    }
# Una battaglia del club fra quelle attese: se il suo risultato è già arrivato.
waits-yours-dated = Siete una delle due parti della battaglia { $battle }: { $sent ->
        [both] i due risultati sono arrivati e sono diversi
        [yes] il vostro risultato è arrivato, quello dell'altra parte no; se il suo coincide con il vostro, vale
        [other] il risultato dell'altra parte è arrivato, il vostro no: mandate il risultato della partita come è stata giocata; se coincide con il suo, vale
       *[no] non è ancora arrivato il risultato di nessuna delle due parti: mandate il risultato della partita come è stata giocata; se i due coincidono, vale
    }{ $fallback ->
        [auto] . Senza due risultati uguali, l'arbitro può decidere, e alla data qui sopra la battaglia è risolta dal suo gioco.
        [hold] . Senza due risultati uguali, decide l'arbitro.
       *[none] . Senza due risultati uguali, decide l'arbitro.
    }
waits-none-yours = { $count ->
    [one] Non siete una parte di questa battaglia: da voi non serve nulla.
   *[other] Non siete una parte di queste battaglie: da voi non serve nulla.
}
# Quali ordini del club valgono per il turno che attende.
waits-orders = { $orders ->
        [file] Per il turno valgono i vostri ordini del file arrivato il { $at }. { $early ->
            [yes] Un file che mandate prima del termine lo sostituisce; uno mandato dopo il termine è in ritardo, e vale a meno che l'arbitro non lo rifiuti, e in tal caso ve lo dirà.
           *[no] Un file che mandate mentre il turno attende lo sostituisce, ma arriva dopo il termine: un file in ritardo vale a meno che l'arbitro non lo rifiuti, e in tal caso ve lo dirà.
        }
        [late] Per il turno valgono i vostri ordini del file arrivato il { $at }, dopo il termine: vale a meno che l'arbitro non lo rifiuti, e in tal caso ve lo dirà. Un file successivo lo sostituisce alle stesse condizioni.
       *[none] Per questo turno non avete mandato ordini: le vostre forze faranno ciò che fanno senza ordini, a meno che mandiate ora un file; { $early ->
            [yes] uno mandato prima del termine vale, e uno mandato dopo vale se l'arbitro non lo rifiuta prima che il turno sia risolto.
           *[no] arrivato dopo il termine, vale se l'arbitro non lo rifiuta prima che il turno sia risolto.
        }
    }
# Dove una risposta indica un errore negli ordini scritti nel testo del messaggio (righe
# contate dalla prima riga del file di ordini).
desk-orders-in-text = file di ordini nel testo
