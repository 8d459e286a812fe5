# Le LETTURE di un regolamento (i suoi `[readings]`), ciascuna in una frase per il
# tavolo: che cosa ha deciso l'arbitro, in parole che capisce un giocatore che ha solo il
# regolamento del gioco (src/report/card.rs, sulla scheda di battaglia). Un messaggio
# per lettura, di nome `reading-<il suo nome>`. Ciascuno legge:
#   $key    il valore come chiave di variante: un numero intero come numero, "" come
#           `none`, altrimenti con `_` al posto dei caratteri che non sono lettere,
#           cifre, `_` o `-`, e una `v` davanti se non comincia con una lettera ("0-1"
#           è `v0-1`)
#   $value  il valore come lo scrive il regolamento
#   $list   un valore che è un elenco separato da virgole, ogni voce un terreno o un
#           tipo di luogo a parole
# L'ultima variante (`*`) è per un valore che un regolamento futuro può aggiungere:
# dice comunque di che cosa tratta la lettura.

## Monferrato.
reading-MON_breach_fire_floor = { $key ->
        [1] L'artiglieria che spara attraverso una Breccia spara a 1 in meno, ma mai sotto 1 (MON §8.2).
        [0] L'artiglieria che spara attraverso una Breccia spara a 1 in meno, senza un minimo (MON §8.2).
       *[other] L'artiglieria che spara attraverso una Breccia spara a 1 in meno, mai sotto { $value } (MON §8.2).
    }{" (Vale solo in una partita intera di MON: una battaglia della campagna non la usa.)"}
reading-MON_commander_difficult = { $key ->
        [at_3_or_more] In terreno Difficile un comandante attaccante spara a 1 in meno solo se il suo comando è 3 o più, come le unità (MON §7.2.1).
        [always] In terreno Difficile un comandante attaccante spara sempre a 1 in meno (MON §7.2.1).
       *[other] Un comandante attaccante in terreno Difficile (MON §7.2.1): l'arbitro lo legge come "{ $value }".
    }
reading-MON_commander_killed = { $key ->
        [cannot_attack] Una parte il cui comandante è stato ucciso difende ma non può attaccare (G2b.5): da attaccante non combatte e ripiega come sconfitta, senza perdite.
        [ignored] Una parte il cui comandante è stato ucciso combatte come se fosse vivo (G2b.5 non si applica al Monferrato).
       *[other] Una parte il cui comandante è stato ucciso (G2b.5): l'arbitro lo legge come "{ $value }".
    }
reading-MON_continue_policy = { $key ->
        [round_winner] In una Battaglia maggiore la parte che ha vinto la ripresa continua finché ha un'unità che può sparare; dopo una ripresa pari continuano entrambe solo se ciascuna ha almeno tante unità combattenti quante il nemico (MON §7.2). Una retroguardia non continua mai.
        [rational] In una Battaglia maggiore la parte che ha vinto la ripresa continua solo finché non è già avanti nei colpi totali; una ripresa pari chiude la battaglia (MON §7.2). Una retroguardia non continua mai.
        [single_round] Ogni battaglia finisce dopo una sola ripresa (MON §7.2).
       *[other] Chi continua una Battaglia maggiore (MON §7.2): l'arbitro lo legge come "{ $value }".
    }
reading-MON_difficult_terrain = { $key ->
        [none] Nessun terreno della mappa della campagna è Difficile (MON §7.2.1).
       *[other] È terreno Difficile (MON §7.2.1), sulla mappa della campagna: { $list }; il resto è aperto.
    }
reading-MON_fort_applies = { $key ->
        [defender_inside] Le opere di un luogo fortificato (forti, villaggio fortificato) proteggono il difensore solo quando combatte dal loro interno, come in un assalto d'assedio; un difensore che affronta l'attaccante in campo aperto non ne ha (MON §9.4, §10).
        [fortified_node] Le opere di un luogo fortificato (forti, villaggio fortificato) proteggono il difensore in ogni luogo fortificato, qualunque cosa abbia scelto (MON §9.4, §10).
       *[other] Quando le opere di un luogo fortificato proteggono il difensore (MON §9.4, §10): l'arbitro lo legge come "{ $value }".
    }
reading-MON_fortified_node = { $key ->
        [village_plus_fort] Una città o un villaggio fortificato della campagna vale un villaggio fortificato intatto più un forte, una fortezza due forti: protezione 2 in entrambi i casi (MON §9.4, §10); un luogo non fortificato non ne dà.
        [village_only] Una città o un villaggio fortificato della campagna vale un villaggio fortificato intatto (protezione 1), una fortezza due forti (protezione 2) (MON §9.4, §10); un luogo non fortificato non ne dà.
        [none] Forti e villaggi fortificati non contano: nessun luogo della campagna dà protezione (MON §9.4, §10).
       *[other] Che cosa vale un luogo fortificato della campagna (MON §9.4, §10): l'arbitro lo legge come "{ $value }".
    }
reading-MON_fortress_option_holder = { $key ->
        [any] In una fortezza ogni difensore che ha perso può subire una perdita in più invece di ritirarsi, chiunque ne tenga le mura (MON §7.5).
        [defender_holds] Solo un difensore che tiene le mura della fortezza può subire una perdita in più invece di ritirarsi; gli assedianti attaccati lì da un esercito di soccorso stanno fuori dalle mura (MON §7.5).
       *[other] Chi può subire una perdita in più invece di ritirarsi in una fortezza (MON §7.5): l'arbitro lo legge come "{ $value }".
    }
reading-MON_fortress_option_nodes = { $key ->
        [none] Nessun luogo permette a un difensore che ha perso di subire una perdita in più invece di ritirarsi (MON §7.5).
       *[other] Un difensore che ha perso può subire una perdita in più invece di ritirarsi, e allora si ritira l'attaccante, in questi tipi di luogo: { $list } (MON §7.5).
    }
reading-MON_max_rounds = Una Battaglia maggiore (MON §7.2) dura al massimo { $value } riprese di combattimento.
reading-MON_protection_rounds = { $key ->
        [every_round] I forti e il villaggio fortificato tolgono i loro colpi in ogni ripresa di una Battaglia maggiore, al massimo 3 per ripresa (MON §7.2, §9.4, §10).
        [first_round] I forti e il villaggio fortificato tolgono i loro colpi solo nella prima ripresa di una Battaglia maggiore (MON §7.2, §9.4, §10).
       *[other] In quali riprese forti e villaggio fortificato tolgono colpi (MON §7.2, §9.4, §10): l'arbitro lo legge come "{ $value }".
    }
reading-MON_raid_camp_morale = { $key ->
        [plus2_total] Un'incursione in una zona con un campo nemico dà +2 al morale in tutto, non +1 e +2 (MON §11).
        [plus1_plus2] Un'incursione in una zona con un campo nemico dà sia il +1 sia il +2 al morale (MON §11).
       *[other] Il morale che dà un'incursione in una zona con un campo nemico (MON §11): l'arbitro lo legge come "{ $value }".
    }{" (Vale solo in una partita intera di MON: una battaglia della campagna non la usa.)"}
reading-MON_raid_enemy_units = { $key ->
        [combat_units_only] Il "+1 per unità nemica" di un'incursione conta solo le unità combattenti nemiche, non comandanti né campi (MON §11).
        [all_counters] Il "+1 per unità nemica" di un'incursione conta ogni pedina nemica, anche comandanti e campi (MON §11).
       *[other] Che cosa conta il "+1 per unità nemica" di un'incursione (MON §11): l'arbitro lo legge come "{ $value }".
    }{" (Vale solo in una partita intera di MON: una battaglia della campagna non la usa.)"}
reading-MON_reinforcement_roll = { $key ->
        [early_from_next_turn] Un gruppo di rinforzi aspetta sulla casella della sua data e, dal turno dopo la sua pedina, entra in anticipo con d6 − 1 ≥ turno della data − turno in corso (MON §16.3).
        [literal] Un gruppo di rinforzi tira solo dal turno della sua data, quindi entra sempre allora (MON §16.3).
       *[other] Quando un gruppo di rinforzi può entrare in anticipo (MON §16.3): l'arbitro lo legge come "{ $value }".
    }{" (Vale solo in una partita intera di MON: una battaglia della campagna non la usa.)"}
reading-MON_starting_player = { $key ->
        [pro_france] Inizia il giocatore Pro-Francia: lo scenario non dice chi inizia (MON §4).
        [pro_spain] Inizia il giocatore Pro-Spagna: lo scenario non dice chi inizia (MON §4).
       *[other] Lo scenario non dice chi inizia (MON §4): l'arbitro lo legge come "{ $value }".
    }{" (Vale solo in una partita intera di MON: una battaglia della campagna non la usa.)"}

## Legnano.
reading-LEG_attacker_policy = { $key ->
        [even_odds] La parte attaccante attacca con un rapporto di 1/1 o migliore: è venuta a prendere il luogo, e attacca come farebbe un giocatore.
        [column] La parte attaccante attacca solo dalla colonna di rapporto fissata dal regolamento di giglio; uno scontro alla pari finisce allora in pareggio, e l'attaccante torna indietro senza costi.
       *[other] Quando attacca la parte attaccante: l'arbitro lo legge come "{ $value }".
    }
reading-LEG_carroccio_cavalry_neighbour = { $key ->
        [defends] Un Carroccio con accanto solo cavalleria difende; è distrutto solo senza unità amiche accanto, e difende come A con fanteria accanto (LEG §9.3.2).
        [destroyed] Un Carroccio con accanto solo cavalleria è distrutto, come senza unità amiche accanto; con fanteria accanto difende come A (LEG §9.3.2).
       *[other] Un Carroccio con accanto solo cavalleria (LEG §9.3.2): l'arbitro lo legge come "{ $value }".
    }
reading-LEG_carroccio_level = { $key ->
        [attack] Il "1 livello più alto ai fini del combattimento" del Carroccio conta solo in attacco (LEG §9.3.1).
        [attack_and_defence] Il "1 livello più alto ai fini del combattimento" del Carroccio conta in attacco e in difesa (LEG §9.3.1).
       *[other] Il "1 livello più alto ai fini del combattimento" del Carroccio (LEG §9.3.1): l'arbitro lo legge come "{ $value }".
    }
reading-LEG_crt_clamp = { $key ->
        [index] Un combattimento che cade fuori dalla Tabella dei Risultati del Combattimento vi rientra lungo la sua diagonale: uno spostamento di colonna vale una riga del dado.
        [row] Un combattimento che cade fuori dalla Tabella dei Risultati del Combattimento si legge al bordo più vicino: il tiro modificato alle righe da −1 a 8, il rapporto alle colonne da 1/3 a 5/1, ciascuno per conto suo.
       *[other] Un combattimento che cade fuori dalla Tabella dei Risultati del Combattimento: l'arbitro lo legge come "{ $value }".
    }
reading-LEG_facing_mods = { $key ->
        [no_double] Un attacco sul fianco o alle spalle dello stesso tipo, o di fanteria su cavalleria, sposta di +1 (fianco) o +2 (spalle); la cavalleria che attacca fanteria sul fianco o alle spalle raddoppia invece il suo valore, mai le due cose insieme (LEG §5.1.4).
        [cumulative] Un attacco sul fianco o alle spalle sposta di +1 (fianco) o +2 (spalle); la cavalleria che attacca fanteria sul fianco o alle spalle raddoppia anche il suo valore (LEG §5.1.4).
       *[other] Gli attacchi sul fianco e alle spalle (LEG §5.1.4): l'arbitro li legge come "{ $value }".
    }
reading-LEG_forest_cavalry = { $key ->
        [into_or_out] La cavalleria vale 1/3, e deve passare il morale, quando attacca dentro il bosco o dal bosco (LEG §9.6).
        [into] La cavalleria vale 1/3, e deve passare il morale, solo quando attacca dentro il bosco (LEG §9.6).
       *[other] La cavalleria che attacca nel bosco (LEG §9.6): l'arbitro la legge come "{ $value }".
    }
reading-LEG_good_morale_friend = { $key ->
        [ordered] "Un'unità amica con buon morale" è ogni unità amica in buon ordine, né disordinata né in rotta (LEG §6.2.1).
        [grade_a] "Un'unità amica con buon morale" è un'unità amica di qualità A (LEG §6.2.1).
       *[other] "Un'unità amica con buon morale" (LEG §6.2.1): l'arbitro la legge come "{ $value }".
    }
reading-LEG_leader_drm = { $key ->
        [best] Il +1 di un capo e il +2 del comandante supremo non si sommano: ogni parte conta il migliore (LEG §5.1.4).
        [sum] Il +1 di un capo e il +2 del comandante supremo si sommano (LEG §5.1.4).
       *[other] Come i capi modificano il combattimento (LEG §5.1.4): l'arbitro lo legge come "{ $value }".
    }
reading-LEG_morale_compare = { $key ->
        [best] "Morale migliore" confronta la qualità migliore di ciascuna parte (LEG §5.1.4).
        [worst] "Morale migliore" confronta la qualità peggiore di ciascuna parte (LEG §5.1.4).
       *[other] "Morale migliore" (LEG §5.1.4): l'arbitro lo legge come "{ $value }".
    }
reading-LEG_odds_rounding = { $key ->
        [down] Un rapporto tra due colonne della Tabella dei Risultati del Combattimento usa la colonna più bassa.
        [up] Un rapporto tra due colonne della Tabella dei Risultati del Combattimento usa la colonna più alta.
       *[other] Un rapporto tra due colonne della Tabella dei Risultati del Combattimento: l'arbitro lo legge come "{ $value }".
    }
reading-LEG_result_hits = { $key ->
        [all] Un risultato di combattimento colpisce ogni unità coinvolta della parte che nomina.
        [one] Un risultato di combattimento colpisce una sola unità della parte che nomina, a scelta del suo giocatore (quella che vale meno PV).
       *[other] Quali unità colpisce un risultato di combattimento: l'arbitro lo legge come "{ $value }".
    }
reading-LEG_rout_level_compare = { $key ->
        [exceeds] Un esercito va in rotta quando i PV persi sono più del suo livello di rotta: "supera" (LEG §8.2) e "raggiunge" (LEG §9.4) vogliono dire entrambi strettamente di più.
        [reaches] Un esercito va in rotta quando i PV persi raggiungono il suo livello di rotta: basta l'uguale (LEG §8.2, §9.4).
       *[other] Quando un esercito va in rotta (LEG §8.2, §9.4): l'arbitro lo legge come "{ $value }".
    }
reading-LEG_rout_rally_near_enemy = { $key ->
        [stays] Un'unità in rotta a 2 esagoni o meno da un nemico non può tirare per riorganizzarsi e resta in rotta dov'è (LEG §6.3).
        [retreats] Un'unità in rotta a 2 esagoni o meno da un nemico non può tirare per riorganizzarsi e si sposta di 2 esagoni, come con un tiro fallito (LEG §6.3).
       *[other] Un'unità in rotta a 2 esagoni o meno da un nemico (LEG §6.3): l'arbitro la legge come "{ $value }".
    }
reading-LEG_variable_combat = { $key ->
        [adverse] Con i valori di combattimento variabili (LEG §7.4, opzionale) un'unità pesca un nuovo segnalino ogni volta che subisce un risultato di combattimento avverso.
        [each_combat] Con i valori di combattimento variabili (LEG §7.4, opzionale) un'unità pesca un nuovo segnalino a ogni nuovo combattimento.
       *[other] Quando un'unità pesca un nuovo segnalino di combattimento (LEG §7.4, opzionale): l'arbitro lo legge come "{ $value }".
    }
reading-LEG_vp_leader = { $key ->
        [killed] "I capi eliminati o in rotta" (LEG §8.1) sono quelli uccisi: un capo dà PV solo se ucciso.
        [none] I capi non danno PV (LEG §8.1).
       *[other] I PV dei capi (LEG §8.1): l'arbitro li legge come "{ $value }".
    }
reading-LEG_vp_unit = { $key ->
        [grade] Un'unità vale i PV della sua qualità (A 5, B 3, C 1), non il suo segnalino di combattimento (LEG §8.1).
        [combat_value] Un'unità vale i PV del suo segnalino di combattimento (LEG §8.1).
       *[other] I PV di un'unità (LEG §8.1): l'arbitro li legge come "{ $value }".
    }

## Ottaggio.
reading-OTT_duel_tie = { $key ->
        [reroll] Un duello pari tra Lercaro e Adorno si ritira (OTT §7.2).
       *[other] Un duello pari tra Lercaro e Adorno (OTT §7.2): l'arbitro lo legge come "{ $value }".
    }
reading-OTT_end_roll = { $key ->
        [each_full_turn] Il tiro che chiude la partita (OTT §3.1, fase F) si fa una volta dopo che hanno giocato entrambi i giocatori, alla fine del turno delle 18:00 e di ogni turno successivo.
        [once_at_18] Il tiro che chiude la partita (OTT §3.1, fase F) si fa una volta sola, dopo il turno delle 18:00.
       *[other] Il tiro che chiude la partita (OTT §3.1, fase F): l'arbitro lo legge come "{ $value }".
    }
reading-OTT_fort_applies = { $key ->
        [defender_inside] Le opere di un luogo fortificato cingono il villaggio del difensore solo quando il difensore combatte dal loro interno (quando vi si rinchiude, o in un assalto d'assedio); un difensore che affronta l'attaccante in campo aperto non ha mura.
        [fortified_node] Le opere di un luogo fortificato cingono il villaggio del difensore in ogni luogo fortificato, qualunque cosa abbia scelto il difensore.
       *[other] Quando le opere di un luogo fortificato cingono il villaggio del difensore: l'arbitro lo legge come "{ $value }".
    }
reading-OTT_genoa_retreat = { $key ->
        [own_edge] "Verso Ottaggio" (OTT §4.1) e "verso Genova" (OTT §4.5, §5, §6.2.1) vogliono dire entrambi verso il bordo del difensore, oltre il villaggio.
       *[other] Dove si ritira il difensore (OTT §4.1, §4.5): l'arbitro lo legge come "{ $value }".
    }
reading-OTT_infantry_mp = La fanteria ordinaria ha { $value } punti movimento, quando la sua pedina non ne dà (OTT §7.6 chiama "utili" i 3 di Saint Renan).
reading-OTT_melee_choice = { $key ->
        [by_odds] Un'unità ingaggiata fa una Mischia (OTT §6.2) solo quando la sua colonna di Mischia, dopo gli spostamenti, è sopra quella fissata dal regolamento di giglio.
        [always] Ogni unità ingaggiata fa una Mischia (OTT §6.2), qualunque sia il rapporto.
       *[other] Quando un'unità ingaggiata fa una Mischia (OTT §6.2): l'arbitro lo legge come "{ $value }".
    }
reading-OTT_morale_test = { $key ->
        [literal] Una prova di morale riesce con d6 + modificatore ≥ morale − stress, come dicono il testo e il suo esempio della Guardia (OTT §4.5).
        [inverted] Una prova di morale riesce con d6 − modificatore ≤ morale − stress (OTT §4.5).
       *[other] La prova di morale (OTT §4.5): l'arbitro la legge come "{ $value }".
    }
reading-OTT_second_die = { $key ->
        [same] Il secondo d6 di una colonna di Fuoco ha lo stesso numero da fare e gli stessi modificatori del primo (OTT §6.1.1).
        [bare] Il secondo d6 di una colonna di Fuoco ha lo stesso numero da fare del primo, senza modificatori (OTT §6.1.1).
       *[other] Il secondo d6 di una colonna di Fuoco (OTT §6.1.1): l'arbitro lo legge come "{ $value }".
    }
reading-OTT_surrender_abs = { $key ->
        [on] Il numero da fare della prova di resa è lo stress stesso, |0 − stress| (OTT §4.3, §4.5).
        [off] Il numero da fare della prova di resa è 0 − stress, alla lettera: non si fallisce mai (OTT §4.3, §4.5).
       *[other] Il numero da fare della prova di resa (OTT §4.3, §4.5): l'arbitro lo legge come "{ $value }".
    }

## Piacenza.
reading-PIA_austrian_win_objectives = { $key ->
        [v0-1] Il difensore vince quando l'attaccante tiene 0 o 1 obiettivi (PIA §13.0 dice 1).
        [literal] Il difensore vince quando l'attaccante tiene esattamente 1 obiettivo, alla lettera; con 0 si va al pareggio condizionato (PIA §13.0).
       *[other] Con quanti pochi obiettivi vince il difensore (PIA §13.0): l'arbitro lo legge come "{ $value }".
    }
reading-PIA_cavalry_post_attack = { $key ->
        [second_disorder] Il Disordine automatico della cavalleria dopo un attacco conta come un secondo Disordine (TDR +2 o rotta) quando il combattimento l'ha già disordinata (PIA §10.1, §11.1a).
        [marker_only] Il Disordine automatico della cavalleria dopo un attacco è solo un segnalino, anche quando il combattimento l'ha già disordinata (PIA §10.1, §11.1a).
       *[other] Il Disordine automatico della cavalleria dopo un attacco (PIA §10.1, §11.1a): l'arbitro lo legge come "{ $value }".
    }
reading-PIA_charged_routed_retreat = { $key ->
        [3] Un'unità in rotta caricata dalla cavalleria si ritira di 3 esagoni (PIA §11.2); la fanteria in Disordine o fuori comando si ritira di 2.
        [2] Un'unità in rotta caricata dalla cavalleria si ritira di 2 esagoni, il numero di PIA §10.2; anche la fanteria in Disordine o fuori comando si ritira di 2.
       *[other] Un'unità in rotta caricata dalla cavalleria si ritira di { $value } esagoni (PIA §10.2, §11.2); la fanteria in Disordine o fuori comando si ritira di 2.
    }
reading-PIA_cic_staff_vp = Catturare lo Stato Maggiore del Comandante in Capo nemico vale { $value } PV (PIA §4.6, §13.1).
reading-PIA_depth_threshold = { $key ->
        [ge3] Lo spostamento per la profondità colpisce la fanteria bersaglio di 3 PF o più: "più di 2 PF" (PIA §8.5.4).
        [ge2] Lo spostamento per la profondità colpisce la fanteria bersaglio di 2 PF o più, come nell'esempio di fuoco (PIA §8.5.4).
       *[other] Quale fanteria bersaglio colpisce lo spostamento per la profondità (PIA §8.5.4): l'arbitro lo legge come "{ $value }".
    }
reading-PIA_disorder_removal = { $key ->
        [reorganization_only] Solo un TDR di riorganizzazione riuscito toglie un Disordine (PIA §11.4).
        [end_of_turn] Ogni segnalino di Disordine ancora sul tavolo dopo i TDR di riorganizzazione si toglie alla fine del turno (PIA §11.1).
       *[other] Come si toglie un Disordine (PIA §11.1, §11.4): l'arbitro lo legge come "{ $value }".
    }
reading-PIA_flags = { $key ->
        [standard_bearers] Le "bandiere catturate" (PIA §13.1) sono i Portabandiera (PIA §4.6.1).
       *[other] Le "bandiere catturate" (PIA §13.1): l'arbitro le legge come "{ $value }".
    }
reading-PIA_fort_applies = { $key ->
        [defender_inside] Le opere di un luogo fortificato coprono il fronte del difensore solo quando il difensore combatte dal loro interno (quando vi si rinchiude, o in un assalto d'assedio); un difensore che affronta l'attaccante in campo aperto non ha opere.
        [fortified_node] Le opere di un luogo fortificato coprono il fronte del difensore in ogni luogo fortificato, qualunque cosa abbia scelto il difensore.
       *[other] Quando le opere di un luogo fortificato coprono il fronte del difensore: l'arbitro lo legge come "{ $value }".
    }
reading-PIA_light_cavalry = { $key ->
        [cavalry_rules] Ussari e cavalleggeri portano la "L" ma sono cavalleria: gli effetti della fanteria leggera (PIA §9.2.6) non valgono per loro.
        [light_effects] Ussari e cavalleggeri portano la "L": gli effetti della fanteria leggera (PIA §9.2.6) valgono anche per loro.
       *[other] Ussari e cavalleggeri, che portano la "L" (PIA §9.2.6): l'arbitro li legge come "{ $value }".
    }
reading-PIA_occupy = { $key ->
        [non_routed] "Occupare" un obiettivo (PIA §13.2) vuol dire avervi un'unità combattente che non è in rotta.
        [any_unit] "Occupare" un obiettivo (PIA §13.2) vuol dire avervi un'unità combattente, in rotta o no.
       *[other] "Occupare" un obiettivo (PIA §13.2): l'arbitro lo legge come "{ $value }".
    }
reading-PIA_second_disorder_retreat = { $key ->
        [retreat] Un'unità in Disordine che supera il TDR di un secondo Disordine resta in Disordine, ma la ritirata di un risultato D# o di mischia avviene lo stesso (PIA §11.1e).
        [stay] Un'unità in Disordine che supera il TDR di un secondo Disordine resta in Disordine e non si ritira nemmeno (PIA §11.1e).
       *[other] Un'unità in Disordine che supera il TDR di un secondo Disordine (PIA §11.1e): l'arbitro la legge come "{ $value }".
    }
reading-PIA_smoke_floor = { $key ->
        [both] I modificatori di fuoco tutti insieme non vanno mai sotto −4, e la parte del Fumo da sola mai sotto −2 (PIA §8.2, §8.2.1).
        [total_only] I modificatori di fuoco tutti insieme non vanno mai sotto −4; la parte del Fumo da sola non ha un minimo suo (PIA §8.2, §8.2.1).
       *[other] Il minimo dei modificatori di fuoco (PIA §8.2, §8.2.1): l'arbitro lo legge come "{ $value }".
    }
reading-PIA_wing_pairs = { $key ->
        [until_all] Le coppie di ali si attivano a turno finché ogni ala delle due parti si è attivata (PIA §3.0 A.3).
        [two_pairs] Si attivano due coppie di ali a turno, alla lettera (PIA §3.0 A.3).
       *[other] Quante coppie di ali si attivano a turno (PIA §3.0 A.3): l'arbitro lo legge come "{ $value }".
    }
