# La scheda di battaglia (templates/card.txt, card.html e i commenti della scheda TOML;
# resa da src/report/card.rs): le sue voci, l'intestazione per il club che la riceve e
# le note per il tavolo (src/battle/notes.rs e card_notes.rs di ogni gioco).

battle-card-title = SCHEDA DI BATTAGLIA { $id } — { $kind }
battle-card-title-html = Scheda di battaglia { $id } — { $kind }
battle-card-kind-battle = battaglia
battle-card-kind-rearguard = azione di retroguardia
battle-card-role-attacker = attaccante
battle-card-role-defender = difensore
battle-card-role-rearguard = retroguardia
battle-card-for = Per { $club }, { $nation }: voi siete la parte { $side } ({ $role }); il vostro nemico è la parte { $other } ({ $other_role }), { $other_club }, { $other_nation }.
battle-card-neutral-side = una nazione neutrale
battle-card-neutral-decides = { ART("Il", $nation) } non ha un club e non manda risultati (regola G0): la battaglia la decide l'arbitro, confermando il vostro risultato (mandatelo come sempre) o risolvendola con il suo gioco.
battle-card-for-referee = Copia dell'arbitro: la parte A attacca, la parte B { $kind ->
        [rearguard] fa da retroguardia.
       *[other] difende.
    }
battle-card-ruleset = Regolamento
battle-card-place = Luogo
battle-card-month = Mese
battle-card-table = Tavolo
battle-card-deployment = Schieramento
battle-card-victory = Vittoria
battle-card-options = Regole opzionali
battle-card-readings = Letture (come l'arbitro intende i passi del regolamento del gioco che si leggono in due modi)
battle-card-readings-referee = Letture (come l'arbitro intende i passi del regolamento del gioco che si leggono in due modi; tra parentesi il nome e il valore di ciascuna nel regolamento di giglio)
battle-card-readings-full-game = { $count ->
        [one] un'altra lettura conta
       *[other] altre { $count } letture contano
    } solo in una partita intera di { $game }, mai in una battaglia della campagna: la copia della scheda dell'arbitro le elenca.
battle-card-none = nessuna
battle-card-fortified = con mura
# Un luogo fortificato tenuto da chi non difende (l'attaccante che lo assedia, o un terzo).
battle-card-walls-other = con mura, ma { $attacker ->
        [yes] appartiene all'attaccante, { $nation }
       *[no] appartiene { ART("a", $nation) }, che non è parte di questa battaglia
    }: le mura non riparano nessuna delle due parti
battle-card-node-city = città
battle-card-node-fortress = fortezza
battle-card-node-village = villaggio
battle-card-node-open = campo aperto
battle-card-terrain-plain = pianura
battle-card-terrain-hills = colline
battle-card-terrain-mountains = montagna
battle-card-terrain-marsh = palude
battle-card-ground-clear = aperto
battle-card-ground-forest = bosco
battle-card-army-austria = dell'Austria
battle-card-army-france = della Francia
battle-card-army-spain = della Spagna
battle-card-provisional = PROVVISORIO: questo regolamento usa tabelle di ripiego inventate al posto di quelle che mancano nel testo ({ $tables }); un risultato che giglio risolve leggendone una è segnato come provvisorio (uno che non ne legge nessuna, no).
battle-card-notes = Al tavolo: con che cosa giglio combatte questa battaglia quando la risolve da sé
battle-card-notes-refused = giglio non sa risolvere questa scheda, quindi non ne elenca i numeri del gioco: { $error }
# Il valore delle armate all'incontro: i costi di fine turno (un assedio) vengono dopo, e il rapporto li mostra.
battle-card-side = Parte { $side }: { $nation } — { $club } ({ $role }), { $ducats } ducati all'incontro
battle-card-armies = { $count ->
    [one] L'armata della campagna in questa parte: { $armies }.
   *[other] Le armate della campagna in questa parte: { $armies }.
}
battle-card-also-one = { $battle }, { $attacker } contro { $defender }
battle-card-also = { $count ->
    [one] Alla stessa piazza è in attesa anche la battaglia { $battles }
   *[other] Alla stessa piazza sono in attesa anche le battaglie { $battles }
}: ogni battaglia si gioca da sola, con la sua scheda, e il suo risultato si manda a parte. Si possono giocare in qualsiasi ordine: ogni scheda dà la forza che le parti avevano all'incontro, e le perdite di ciascuna si tolgono dalle armate quando il suo risultato è applicato (una parte non perde più di quanto le resta){ $lapses ->
    [yes] . Se un risultato applicato prima fa ripiegare o distrugge tutte le armate di una parte di questa battaglia, questa decade: nessuno perde nulla, e l'arbitro lo dice a entrambi i club.
   *[no] .
}
battle-card-yours = la vostra parte
battle-card-sapper = con un geniere della campagna (G2b.5: aiuta negli assedi, non in battaglia; non è un'unità di guastatori)
battle-card-commander-killed = comandante ucciso (difende, non può attaccare)
battle-card-oob = ordine di battaglia: { $oob ->
        [club] quello del club
       *[template] dai modelli del regolamento
    }
battle-card-unspent = { $ducats } ducati non spesi
battle-card-leader = capo
battle-card-unit-ducats = { $ducats } ducati
battle-card-col-id = id
battle-card-col-name = nome
battle-card-col-kind = tipo
battle-card-col-ducats = ducati
battle-card-col-ratings = valori
battle-card-result-intro = Mandate il risultato con le perdite delle due parti in ducati e il vincitore:
battle-card-result-rearguard = In un'azione di retroguardia la retroguardia (chi difende) vince quando più sue unità escono dal tavolo dal lato opposto di quante ne ha perse (in rotta, distrutte o catturate); ripiega qualunque sia il risultato (G3c.9).
battle-card-result-winner = o "{ $other }", o togliete la riga per un pareggio ({ $rearguard ->
    [yes] la retroguardia ripiega comunque, G3c.9
   *[no] allora ripiega chi attacca, G3c.8
})
battle-card-result-title = Il risultato
battle-card-result-in-orders = Il blocco [[battle_result]] può anche andare nel vostro file degli ordini della fase, sotto gli ordini: non li sostituisce mai, e in un file a sé lascia i vostri ordini come sono.
battle-card-header-yours = il vostro club
battle-card-toml-intro = La scheda come dati, per `giglio battle auto` e per un programma. Le righe qui sotto che cominciano con # sono la scheda a parole.

# Le note di ogni gioco.
battle-note-losses = Perdite (G3c.7): un'unità in rotta, distrutta, arresa o catturata costa alla campagna tutto il suo valore in ducati; un'unità ridotta (ha perso un passo ma resta sul tavolo) { $percent ->
        [0] non costa nulla (lo 0% del suo valore)
       *[other] ne costa il { $percent }%
    }; un'unità in disordine, o uscita in buon ordine dal proprio bordo, non costa nulla.
battle-note-options = Regole opzionali in uso: { $options }.
battle-note-options-none = Regole opzionali in uso: nessuna.
battle-note-templates = Le unità vengono dai modelli di unità che giglio tiene per questo gioco (un'ipotesi di giglio, non del regolamento), riempiti in proporzione ai loro pesi finché i ducati bastano: non è l'ordine di battaglia del gioco.
battle-note-cannot-attack = Il comandante della parte { $side } è stato ucciso (G2b.5): difende ma non attacca.

# Monferrato.
battle-note-mon-major = Battaglia maggiore (MON §7.2): quando entrambe le parti schierano almeno { $units } unità combattenti (guastatori esclusi), le riprese di combattimento (non i turni della campagna) continuano { $policy ->
        [rational] finché chi vince la ripresa non è già avanti nei colpi totali
        [single_round] per una sola ripresa
       *[round_winner] finché chi vince la ripresa può sparare (una ripresa pari continua solo a numeri uguali)
    }, al massimo { $rounds ->
        [one] una ripresa
       *[other] { $rounds } riprese
    }; altrimenti si combatte una sola ripresa.
battle-note-mon-major-here = Qui: parte A { $a } unità combattenti, parte B { $b } (i cannoni contano, i guastatori no): { $major ->
        [yes] Battaglia maggiore.
       *[no] una sola ripresa.
    }
battle-note-mon-ground = Terreno: { $terrain }, { $difficult ->
        [yes] Difficile (MON §7.2.1): un'unità attaccante con valore di fuoco { $from } o più spara a 1 in meno; un comandante attaccante { $commanders ->
            [yes] spara sempre a 1 in meno
           *[no] spara a 1 in meno da { $from } in su, come le unità
        }.
       *[no] non Difficile: nessun fuoco si abbassa.
    }
battle-note-mon-protection = Protezione (MON §9.4, §10): { $why ->
        [works] le opere del difensore tolgono { $hits } colpi a quelli dell'attaccante { $every ->
            [yes] in ogni ripresa
           *[no] solo nella prima ripresa
        } (al massimo 3).
        [field] nessuna ({ $hits } colpi): il difensore affronta l'attaccante in campo aperto, fuori dalle sue opere: le sue mura lo riparano solo quando vi si rinchiude (scelta permanente quando contattato "withdraw", G3c.3), e allora è assediato anziché attaccato.
        [held] nessuna ({ $hits } colpi): le mura del luogo sono { ART("di", $holder) }, non del difensore.
       *[unfortified] nessuna ({ $hits } colpi): il luogo non è fortificato.
    }
battle-note-mon-disrupted = Retro Disordinato (MON §7.4.1): { $provisional ->
        [yes] PROVVISORIO, le pedine mancano nel testo: un'unità
       *[no] un'unità
    } Disordinata senza valore del retro sulla scheda spara al suo valore − { $minus }, mai sotto { $min }.
battle-note-mon-disrupted-side = Parte { $side } Disordinata (in attacco/in difesa): { $values }.
battle-note-mon-fortress-option-side = Fortezza (MON §7.5), in questa battaglia: la parte B, { ART("il", $holder) }, tiene le mura di questa fortezza{ $inside ->
        [yes] {""}
       *[no] {" "}anche se affronta l'attaccante in campo aperto (la protezione qui sopra è un'altra regola)
    }: se la parte B perde, può subire una perdita in più invece di ritirarsi, e allora si ritira la parte A.
battle-note-mon-guns = Cannoni (MON §8): l'artiglieria senza guastatori della propria parte nella zona spara a { $fire }; un cannone che tira { $burst } scoppia ed è eliminato.
battle-note-mon-pioneers = Guastatori (MON §7.2, §8): { $units } sono pedine del gioco, non il geniere della campagna (G2b.5). Non sparano mai nel combattimento campale (il valore tra [ ] è per le mine, qui non usate, quindi nessun elenco dei Disordinati li nomina), possono essere colpiti e fanno sparare i cannoni a pieno valore.
battle-note-mon-commanders = Comandanti (MON §7.3): dopo la battaglia, ogni comandante di una parte che ha subito un colpo si perde con un tiro di { $hit } o meno (girato sul sostituto, se ne ha uno).

# Legnano.
battle-note-leg-command-default = Un capo senza valore di comando sulla scheda comanda con { $command }{ $provisional ->
        [yes] {" "}(PROVVISORIO: le pedine dei capi mancano nel testo)
       *[no] {""}
    }.
battle-note-leg-leader = Capo { $leader }, comando { $command }{ $supreme ->
        [yes] , comandante supremo
       *[no] {""}
    }: comanda { $units }.
battle-note-leg-option = { $which ->
        [radius] Raggio di comando (LEG §7.1)
        [facing] Fronte (LEG §7.2)
        [charge] Carica (LEG §7.3)
        [variable] Valori di combattimento variabili (LEG §7.4)
       *[other] Un esercito va in rotta quando il suo comandante supremo è ucciso (LEG §9.4)
    }: { $on ->
        [yes] in uso
       *[no] non in uso
    }.
battle-note-leg-ground = Terreno: { $terrain } della campagna si gioca come terreno { $ground } per il difensore (LEG §9.6); l'attaccante sta su terreno aperto.
battle-note-leg-rout = La parte { $side } va in rotta quando i PV persi { $reaches ->
        [yes] raggiungono
       *[no] superano
    } { $level } (il { $percent }% dei { $total } PV delle sue unità).
battle-note-leg-vp = Punti vittoria persi (LEG §8.1): un'unità distrutta o in rotta A { $a }, B { $b }, C { $c }; un capo ucciso { $leader } × il suo comando. { $turns } turni, poi pareggio (LEG §8.3).

# Ottaggio.
battle-note-ott-enter-first = Parte { $side } sul tavolo dal turno 1 (ore { $hour }:00): { $units }.
battle-note-ott-enter-late = { $unit } entra al turno { $turn } (ore { $hour }:00).
battle-note-ott-village = Il villaggio sta { $row } esagoni su per la strada dall'esagono d'ingresso dell'attaccante, largo { $slots } esagoni; gli avamposti a { $outposts } esagoni ({ $units }); il bordo del difensore è { $edge } esagoni oltre il villaggio.
battle-card-ott-walls = mura
battle-card-ott-village = villaggio aperto
battle-card-ott-fortification = fortificazioni
battle-note-ott-defends = { $where ->
        [village] Nel villaggio
       *[outposts] Negli avamposti
    } il terreno del difensore è { $terrain } ({ $why ->
        [walls] il luogo è fortificato e le sue mura contano
        [field] il luogo è fortificato, ma il difensore affronta l'attaccante in campo aperto: niente mura
        [held] le mura del luogo sono { ART("di", $holder) }, non del difensore: niente mura
        [unfortified] il luogo non è fortificato: niente mura
       *[outposts] le opere degli avamposti
    }): fuoco contro di lui { $fire }, spostamento di colonna in mischia { $melee }.
battle-note-ott-victory = Vittoria (OTT §8): l'attaccante vince subito con { $village } unità nel villaggio, o con { $need } delle { $of } unità del difensore eliminate (il { $percent }%, contando alla fine le unità in rotta); altrimenti vince il difensore.
battle-note-ott-length = I turni sono ore dalle { $first }:00; { $each ->
        [yes] dal turno delle { $from }:00 in poi, alla fine di ogni turno
       *[no] solo alla fine del turno delle { $from }:00
    }, un d6 da 1 a { $on } chiude la partita; l'ultimo turno giocato è quello delle { $last }:00 ({ $turns } turni).

# Piacenza.
battle-note-pia-army = army = { $army } è la riga { $name } della tabella di Addestramento (PIA §5.11): fanteria { $infantry }, granatieri { $grenadiers }, cavalleria { $cavalry }.
battle-note-pia-cic = Parte { $side }: Comandante in Capo { $commander }.
battle-note-pia-wing = Parte { $side }, ala { $wing } (settore { $sector }): Comandante d'Ala { $commander }; batterie { $batteries }.
battle-note-pia-formation = Parte { $side }, formazione { $formation } (ala { $wing }): Comandante di Formazione { $commander }; unità { $units }.
battle-note-pia-sector = Settore { $sector }: la linea del difensore a { $row } esagoni dal bordo dell'attaccante, in { $line }; l'accesso davanti a essa: { $approach }.
battle-note-pia-objectives = Settore { $sector }: { $count } obiettivi sulla linea del difensore, a { $row } esagoni dal bordo dell'attaccante; { $picked } di questi sono dell'attaccante.
battle-note-pia-victory = Vittoria (PIA §13): l'attaccante vince tenendo { $wins } o più dei suoi { $of } obiettivi; con esattamente { $draw }{ $zero ->
        [yes] {" "}o con nessuno
       *[no] {""}
    } è un pareggio condizionato deciso dai PV (un'unità nemica in rotta { $routed }, eliminata { $eliminated }; lo stato maggiore di un Comandante di Formazione { $fc }, di un Comandante d'Ala { $wc }, del Comandante in Capo { $cic }); altrimenti vince il difensore.
battle-note-pia-turns = { $turns } turni dalle 06:00; il turno { $auto } vale le 15:00{ $provisional ->
        [yes] {" "}(PROVVISORIO: la tabella dei turni manca nel testo)
       *[no] {""}
    }: alla sua fine un attaccante che non tiene nessuno dei suoi obiettivi perde (PIA §13.2).
battle-note-pia-commanders = I valori dei comandanti (raggio, bonus di fuoco, Fattore dei Sergenti) sono { $provisional ->
        [yes] inventati (PROVVISORIO: la tabella di schieramento iniziale manca nel testo)
       *[no] quelli del regolamento
    }; un comandante sul lato Stato Maggiore spara con bonus { $bonus } e Fattore dei Sergenti { $sf }.

## I valori di un'unità e di un capo sulla scheda, ciascuno detto dal suo valore ($v)
## come lo nominano i giochi; una chiave senza parole qui si mostra come chiave=valore.
battle-rating-mines = mine [{ $v }] (non spara mai nel combattimento campale)
battle-rating-fire = fuoco { $v }
battle-rating-fire_att = fuoco { $v } in attacco
battle-rating-fire_def = fuoco { $v } in difesa
battle-rating-fire_disrupted = fuoco { $v } in disordine
battle-rating-two_step = { $v ->
        [0] un solo passo (eliminata al primo colpo)
       *[other] due passi (ha un retro Disordinato)
    }
battle-rating-major = { $v ->
        [0] {""}
       *[other] unità maggiore (due dadi)
    }
battle-rating-leadership = comando { $v }
battle-rating-replacement_leadership = { $v ->
        [0] nessun comandante sostituto
       *[other] comandante sostituto { $v }
    }
battle-rating-grade = qualità { $v ->
        [3] A
        [2] B
        [1] C
       *[other] { $v }
    }
battle-rating-mp = { $v } punti movimento
battle-rating-leader = agli ordini del capo { $v }
battle-rating-sector = settore { $v }
battle-rating-combat_value = segnalino di combattimento { $v }
battle-rating-command = comando { $v }
battle-rating-supreme = { $v ->
        [0] {""}
       *[other] comandante supremo
    }
battle-rating-cv = valore di combattimento { $v }
battle-rating-fv = valore di fuoco { $v }
battle-rating-morale = morale { $v }
battle-rating-double = { $v ->
        [0] {""}
       *[other] unità doppia
    }
battle-rating-r_mp = ridotta: { $v } punti movimento
battle-rating-r_cv = ridotta: valore di combattimento { $v }
battle-rating-r_fv = ridotta: valore di fuoco { $v }
battle-rating-r_morale = ridotta: morale { $v }
battle-rating-start_stress = parte con stress { $v }
battle-rating-tired = { $v ->
        [0] {""}
       *[other] stanca
    }
battle-rating-duel = { $v ->
        [0] {""}
       *[other] compagnia del duello
    }
battle-rating-half_of = metà dell'unità divisa { $v }
battle-rating-outpost = { $v ->
        [0] {""}
       *[other] negli avamposti
    }
battle-rating-enters_turn = entra al turno { $v }
battle-rating-morale_mod = morale { $v } alle unità vicine
battle-rating-sp = { $v } punti forza
battle-rating-sp_reduced = { $v ->
        [0] un solo passo
       *[other] ridotta: { $v } punti forza
    }
battle-rating-army = { $v ->
        [1] addestramento austriaco
        [2] addestramento francese
        [3] addestramento spagnolo
       *[other] riga di addestramento { $v }
    }
battle-rating-light = { $v ->
        [0] {""}
       *[other] leggera
    }
battle-rating-dismounted = { $v ->
        [0] {""}
       *[other] appiedata
    }
battle-rating-formation = formazione { $v }
battle-rating-wing = ala { $v }
battle-rating-rank = { $v ->
        [1] comandante in capo
        [2] comandante d'ala
        [3] comandante di formazione
       *[other] grado { $v }
    }
battle-rating-range = raggio di comando { $v } esagoni
battle-rating-fire_bonus = bonus di fuoco +{ $v }
battle-rating-sf = fattore sergenti { $v }
## Il tipo di un'unità sulla scheda; un tipo senza parole qui si mostra com'è scritto.
battle-unit-kind-inf = fanteria
battle-unit-kind-cav = cavalleria
battle-unit-kind-art = artiglieria
battle-unit-kind-guast = guastatori
battle-unit-kind-garrison = presidio
battle-unit-kind-camp = campo
battle-unit-kind-carroccio = Carroccio
battle-unit-kind-light = fanteria leggera
battle-unit-kind-gren = granatieri
battle-unit-kind-hcav = cavalleria pesante
battle-unit-kind-lcav = cavalleria leggera
battle-unit-kind-drag = dragoni

# Il nome di una tabella del regolamento (le tabelle PROVVISORIE della scheda), in parole;
# una che qui non ha nome, con la sua chiave del file del regolamento.
battle-table-name = { $table ->
    [combat_chits] le pedine di combattimento
    [leader_command] i valori di comando dei capi
    [disrupted_fire] il fuoco delle unità Disordinate
    [fire] la tabella del fuoco
    [melee] la tabella della mischia
    [terrain] gli effetti del terreno
    [bombardment] la tabella del bombardamento
    [tec] la tabella degli effetti del terreno
    [commanders] i valori dei comandanti
    [turn_track] il segnaturni
   *[other] la tabella `{ $table }`
}
