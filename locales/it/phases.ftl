# Nomi delle fasi e degli anni (src/rules/calendar.rs, resi da src/report/explain.rs).
# $month è il mese del turno preso dal rules.toml della campagna, in minuscolo.
phase-spring = primavera { $year }
phase-winter = inverno { $year }
phase-round = turno { $round } ({ $month }) del { $year }
year-title = l'anno { $year }
