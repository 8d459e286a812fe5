# Parole dei rapporti (i modelli le leggono come L.<id>).

report = Rapporto
bulletin = Bollettino
referee_report = Rapporto dell'arbitro
club = Club
phase = Fase risolta
next_phase = Fase aperta
deadline = Termine per gli ordini
no_deadline = nessun termine fissato
campaign_over = La campagna è finita.
orders = I vostri ordini
no_orders = Nessun ordine da voi per questa fase: i vostri pezzi sono rimasti dove stavano, con i loro ordini permanenti.
winter_takes_none = L'inverno non prende ordini
winter_resolved_at = si risolve il
winter_by_referee = lo risolve l'arbitro
no_orders_winter = L'inverno non prende ordini: qui sotto, ciò che hanno fatto le regole.
no_orders_moved = Nessun ordine ricevuto da voi: qui sotto, ciò che le vostre forze hanno fatto secondo le sole regole e i loro ordini permanenti.
order_gaps = Voci del vostro file che questo rapporto non elenca, perché non sono ordini del turno (un risultato di battaglia, una lettera, una richiesta di proroga) o non si leggevano; la ricevuta ne ha già detto l'esito:
in_disorder = La vostra nazione è in disordine civile (G0): il vostro club non manda ordini propri da diverse fasi d'ordini di fila.
in_disorder_stand = Finché non ne manda, i vostri pezzi restano sulle loro scelte permanenti; il prossimo vostro file d'ordini che vale pone fine al disordine (l'inverno non ne prende).
in_disorder_bot = Finché non ne manda, gli ordini li dà il bot dell'arbitro; il prossimo vostro file d'ordini che vale pone fine al disordine (l'inverno non ne prende).
late_refused = Il vostro file d'ordini arrivato alla casella dopo la scadenza è stato rifiutato dall'arbitro e non è valso (ciò che è valso è qui sotto). Ricevuto:
late_file = Il vostro file d'ordini è arrivato alla casella dopo la scadenza, ed è valso così com'era. Ricevuto:
no_order_read = Il vostro file non dava ordini per questa fase (se doveva darne, la ricevuta dice che cosa non si è letto come ordine).
held = I vostri pezzi hanno tenuto i loro ordini permanenti e nessuno si è mosso; ciò che quegli ordini hanno fatto (un assedio, una scelta permanente a un incontro) è detto sotto.
held_moved = Ciò che le regole hanno mosso da sé delle vostre forze è detto sotto.
done = eseguito
rejected = respinto
events = Avvenimenti
no_events = Nulla da segnalare.
nation_state = Lo stato della vostra nazione
treasury = Tesoro
ducats = ducati
loan_due = Prestito da restituire in primavera
spy = Spia al vostro servizio
assassins = Missioni di assassini disponibili
strategos = Lo Strategos è vostro quest'anno
events_in_effect = Eventi in vigore
ledger = Entrate e uscite
no_ledger = Nessun movimento.
armies = Armate
fleets = Flotte
diplomats = Diplomatici
garrisons = Guarnigioni
none = nessuno
no_armies = nessuna
inside = dentro le mura
aboard = a bordo di
sapper = con un geniere
sieges = Assedi
besieging = Piazze assediate dalle vostre armate
besieged = Vostre piazze sotto assedio
seen = Pezzi stranieri avvistati
seen_note = Una riga per pezzo (due righe per lo stesso luogo sono due pezzi), ciascuno un segnalino anonimo: nulla dice la loro forza, né se ciascuno sia un'armata, un diplomatico o una flotta in porto (salvo ciò che la vostra spia ha detto a un incontro, com'era allora).
nothing_seen = Nessun pezzo straniero in vista.
at_sea = in mare
in_yours = in un vostro luogo
battles = Battaglie in attesa del risultato
battle_vs = contro
you_attacker = voi siete l'attaccante,
you_defender = voi siete il difensore,
attacker = attaccante
defender = difensore
rearguard = azione di retroguardia
card_attached = La scheda della battaglia è allegata.
cards_attached = Le schede delle battaglie sono allegate, una per battaglia.
nodes = I vostri possedimenti
political = Carta politica
owner = Signore
# Lo stato delle mura di una piazza nell'elenco dei possedimenti (una piazza: femminile).
fortified_place = fortificata
breached_place = con una breccia
fortified = fortificato
breached = breccia
open = aperto
objective = Il vostro obiettivo
measure = misura
met = raggiunto
not_met = non ancora raggiunto
hidden = dipende da fatti che non vi sono noti
seed_commitment = Impronta del seme della fase aperta
revealed_seed = Seme rivelato della fase risolta
sent_orders = Club che hanno mandato ordini
clubs = Club
holdings = Possedimenti
sent = ordini ricevuti
missing = nessun ordine
map = Carta
map_note = La carta mostra ciò che sapete: i vostri pezzi, i segnalini avvistati (?) e la carta politica.
how_to_reply = Per dare gli ordini, rispondete con il file TOML degli ordini in allegato o nel corpo del messaggio, con il segreto del club.
y_report = Rapporto dell'anno
y_chronicle = Cronaca
y_ledger = Bilancio dell'anno
y_treasury_start = Tesoro all'inizio dell'anno
y_treasury_end = Tesoro alla fine dell'anno
y_item = voce
y_treasury = tesoro
y_forces = forze
y_total = totale
y_in = Entrate del tesoro
y_out = uscite
y_forces_start = Armate e guarnigioni all'inizio dell'anno
y_forces_end = Armate e guarnigioni alla fine dell'anno
y_strategos = Lo Strategos è stato vostro quest'anno
y_holdings = Possedimenti all'inizio e alla fine dell'anno
y_taken_from = tolto a
y_lost_to = perduto a favore di
y_how_taken = occupato
y_how_surrendered = resa dopo assedio
y_no_changes = Nessun luogo ha cambiato signore.
y_gained = Guadagnati nell'anno
y_given_up = Perduti nell'anno
y_battles = Battaglie dell'anno
y_won = vinta
y_lost = perduta
y_draw = esito pari
y_winner = vince
y_own_loss = vostre perdite
y_enemy_loss = perdite nemiche
y_provisional = con tabelle provvisorie
y_no_battles = Nessuna battaglia.
y_sieges = Assedi dell'anno
y_besieger = assedianti
y_defender = assediati
y_roll = tiro
y_rolls = tiri
y_siege_needed = serviva un totale di
y_last_roll = ultimo tiro
y_siege_fell = la piazza è caduta
y_siege_ongoing = l'assedio continua
y_siege_lifted = l'assedio è tolto
y_no_sieges = Nessun assedio.
y_events = I vostri avvenimenti dell'anno
y_events_next_year = Eventi per il prossimo anno
y_chronicle_attached = La cronaca pubblica dell'anno è allegata.
y_changes = Luoghi che hanno cambiato signore
y_takes = prende
y_from = a
y_public_events = Altri avvenimenti pubblici
y_holdings_change = Possedimenti delle nazioni: inizio → fine dell'anno
y_start = inizio
y_end = fine
measure-counts = { $kind ->
    [keep_possessions] nodi dei vostri possedimenti iniziali perduti; l'obiettivo è raggiunto a 0
    [conquer_nation] nodi della nazione scelta non ancora vostri; l'obiettivo è raggiunto a 0
    [most_capitals] capitali che tenete
    [most_cities] città che tenete
    [most_fortresses] fortezze che tenete
    [most_villages] villaggi che tenete
    [most_ports] porti che tenete
    [most_ducats] ducati nella vostra tesoreria
    [most_fleets] le vostre flotte
    [most_alliances_honoured] alleanze dichiarate da entrambe le parti che non avete tradito
   *[most_alliances_betrayed] alleanze che avete tradito
}
measure-leader = il migliore degli altri club: { $best }

# Il rapporto dell'arbitro (templates/referee.txt), nella lingua dell'arbitro.
ref_title = rapporto dell'arbitro
ref_open_now = aperta ora
ref_orders_due = ordini entro
ref_over = la campagna è finita
ref_orders_from = ordini ricevuti da
ref_nobody = nessuno
ref_held = fermi (senza ordini)
ref_dice = dadi tirati
ref_outcomes = esiti
ref_events = avvenimenti, ciascuno come lo legge chi lo vede ([V]: detto a Venezia; [pubblico]: a tutti)
ref_nations = nazioni
ref_treasury = tesoro
ref_loan_due = prestito da rendere
ref_armies = armate
ref_fleets = flotte
ref_nodes = luoghi
ref_objective = obiettivo
ref_battles = battaglie in attesa del risultato
ref_messages = messaggi in coda
